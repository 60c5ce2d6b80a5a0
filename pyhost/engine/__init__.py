"""The table engine: the table core every game shares (core/), the hold'em flows
(holdem/), the table with the shipped games' flows (table.py), hand histories."""

from .core import (
                   BettingRound,
                   BettingRules,
                   Event,
                   Flow,
                   IllegalAction,
                   Kind,
                   Move,
                   Options,
                   Pot,
                   Result,
                   Seat,
                   Status,
                   pots,
                   split,
)
from .holdem import GuidedHand, HoldemHand, ManualHand, Phase
from .table import Table

__all__ = [
    "BettingRound", "BettingRules", "Event", "Flow", "GuidedHand", "HoldemHand",
    "IllegalAction", "Kind", "ManualHand", "Move", "Options", "Phase", "Pot", "Result", "Seat",
    "Status", "Table", "pots", "split",
]
