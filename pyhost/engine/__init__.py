"""The table engine: betting, pots and side pots, the hold'em hand, hand histories."""

from .betting import BettingRound, BettingRules, Kind, Move, Options
from .errors import IllegalAction
from .events import Event
from .guided import GuidedHand
from .hand import HoldemHand, Phase
from .manual import ManualHand
from .pots import Pot, pots, split
from .seats import Seat, Status
from .table import Table

__all__ = [
    "BettingRound", "BettingRules", "Event", "GuidedHand", "HoldemHand", "IllegalAction",
    "Kind", "ManualHand", "Move", "Options", "Phase", "Pot", "Seat", "Status", "Table",
    "pots", "split",
]
