"""The legal betting moves of the player to act, drawn for hypothesis tests."""

from __future__ import annotations

from hypothesis import strategies as st

from pyhost.engine import IllegalAction


def legal_moves(hand, data):
    """Every betting action the player to act may take now, with drawn amounts."""
    round_ = hand.round
    index = round_.to_act
    options = round_.options(index)
    candidates = [("fold", None), ("check", None), ("call", None), ("allin", None)]
    if options.can_raise and options.least <= options.most:
        amount = data.draw(st.integers(options.least, options.most), label="amount")
        candidates += [("bet", amount), ("raise", amount), ("put", options.to_call + amount)]
    moves = []
    for kind, amount in candidates:
        try:
            round_.verify(index, kind, amount)
        except IllegalAction:
            continue
        moves.append((kind, amount))
    return hand.seats[index].name, moves
