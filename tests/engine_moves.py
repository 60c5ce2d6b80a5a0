"""The legal betting moves of the player to act, drawn for hypothesis tests; whole hands
played to the showdown, and a side-pot showdown both engines play."""

from __future__ import annotations

from typing import ClassVar

from hypothesis import strategies as st

from pyhost.engine import IllegalAction, Phase


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


def play_to_showdown(act, hand, ruleset, data, moves) -> list[tuple]:
    """Drawn legal moves and streets until the showdown or the end of the hand: the steps
    taken, (player, action, amount, dice), to play again with `replay_steps`.

    `act(player, action, amount, dice=...)` acts at the table; `moves(data)` draws the
    betting moves of the player to act, as `legal_moves` does."""
    steps: list[tuple] = []
    while hand.phase in (Phase.BETTING, Phase.ROLL):
        if hand.phase is Phase.BETTING:
            name, options = moves(data)
            kind, amount = data.draw(st.sampled_from(options), label="move")
            step = (name, kind, amount, None)
        else:
            count = ruleset.deal.community[len(hand.community)]
            dice = data.draw(st.lists(st.integers(0, ruleset.dice.count - 1), min_size=count,
                                      max_size=count), label="street")
            step = (hand.dealer_name, "roll", None, dice)
        act(*step[:3], dice=step[3])
        steps.append(step)
    return steps


def replay_steps(act, steps) -> None:
    for name, action, amount, dice in steps:
        act(name, action, amount, dice=dice)


def showdown(act, hand, data, mucks=()) -> None:
    """Everyone with a claim shows their hidden dice, in a drawn order; `mucks` muck."""
    order = data.draw(st.permutations([s.name for s in hand.seats if s.in_hand]),
                      label="showdown order")
    for name in order:
        act(name, "muck" if name in mucks else "show")


class SidePots:
    """Five seats, two side-pot levels, C and W tied for the best hand, B and L losing. A bets
    3 and folds to B's all-in for 5 (the main pot: 3 + 4 x 5 = 23, odd); on the flop C, W and
    L put in 3 each (the side pot: 9, odd). Up to the showdown; then each shows or mucks."""

    players = (("A", 20), ("B", 5), ("C", 20), ("W", 20), ("L", 20))
    dealer = "L"
    hidden: ClassVar[dict[str, list[str]]] = {
        "A": ["5", "5"], "B": ["3", "4"], "C": ["Chieftain", "3"], "W": ["Chieftain", "4"],
        "L": ["3", "4"]}
    checks = tuple((name, "check", None, None) for name in ("C", "W", "L"))
    steps = (
        ("A", "bet", 3, None), ("B", "allin", None, None), ("C", "call", None, None),
        ("W", "call", None, None), ("L", "call", None, None), ("A", "fold", None, None),
        ("L", "flop", None, ["2", "2", "5"]), ("C", "bet", 3, None), ("W", "call", None, None),
        ("L", "call", None, None), ("L", "turn", None, ["Warrior"]), *checks,
        ("L", "river", None, ["Chieftain"]), *checks,
    )
    at_showdown = ("B", "C", "W", "L")
    wins = ("C splits the main pot: 12 with Two pair", "W splits the main pot: 11 with Two pair",
            "C splits side pot 1: 5 with Two pair", "W splits side pot 1: 4 with Two pair")
