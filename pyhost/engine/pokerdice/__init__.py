"""Poker Dice (Swedish rules) at a table: a round as a flow (round.py) whose winner starts
the next round (`next_dealer`); a player's rolls with the dice kept between them are the
draw games' one `Turn` (pyhost.engine.draw). `pyhost.engine.Table` runs its rounds."""

from typing import Any

from ..draw import Turn, parse_faces
from .round import Phase, PokerDiceRound

# The table modes, the default first.
FLOWS = {"table": PokerDiceRound}

__all__ = ["FLOWS", "Phase", "PokerDiceRound", "PokerDiceTable", "Turn", "parse_faces"]


def __getattr__(name: str) -> Any:
    # The one table plays Poker Dice now; the old name stays for code written against it.
    if name == "PokerDiceTable":
        from ..table import Table
        return Table
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
