"""Poker Dice (Swedish rules) at a table: a round as a flow (round.py), a player's rolls
with the dice kept between them (turn.py, for any draw-style dice game), and the table
whose rounds the last winner starts (table.py)."""

from .round import Phase, PokerDiceRound
from .table import PokerDiceTable
from .turn import Turn, parse_faces

# The table modes, the default first.
FLOWS = {"table": PokerDiceRound}

__all__ = ["FLOWS", "Phase", "PokerDiceRound", "PokerDiceTable", "Turn", "parse_faces"]
