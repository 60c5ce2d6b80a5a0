"""The table core every game shares: seats and banks, pots, one betting round, events,
the one error, and the interface a game's flow plugs into (`Flow`). Nothing here knows
hold'em or any other game."""

from .betting import BettingRound, BettingRules, Kind, Move, Options
from .dice import given_dice
from .errors import IllegalAction
from .events import Event
from .flow import Flow, Result
from .ledger import Ledger
from .pots import Pot, pots, split, uncalled
from .seats import Seat, Status, chips_arg, whole_amount
from .table import Table

__all__ = [
    "BettingRound", "BettingRules", "Event", "Flow", "IllegalAction", "Kind", "Ledger", "Move",
    "Options", "Pot", "Result", "Seat", "Status", "Table", "chips_arg", "given_dice", "pots",
    "split", "uncalled", "whole_amount",
]
