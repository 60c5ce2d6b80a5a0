"""A seat at the table: a player's bank and what they have put in this hand."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .errors import IllegalAction


class Status(StrEnum):
    ACTIVE = "active"  # in the hand, with chips behind
    ALL_IN = "all-in"  # in the hand, nothing left to bet
    FOLDED = "folded"  # out of the hand; what they put in stays in the pot
    MUCKED = "mucked"  # did not show at the showdown: no claim on any pot


@dataclass(kw_only=True)
class Seat:
    name: str
    bank: int  # chips behind, not yet in the pot
    committed: int = 0  # chips put in this hand, all streets
    status: Status = Status.ACTIVE

    @property
    def in_hand(self) -> bool:
        """Still holding a claim on the pot."""
        return self.status in (Status.ACTIVE, Status.ALL_IN)

    @property
    def contests(self) -> bool:
        """Did not fold: the pots are shaped by who contests them. A player who mucks at the
        showdown still contests (the pots stay as the betting left them) but wins nothing."""
        return self.status is not Status.FOLDED

    @property
    def can_bet(self) -> bool:
        return self.status is Status.ACTIVE


def whole_amount(amount: object, what: str = "amount") -> int:
    """`amount` as chips, or IllegalAction naming the bad value."""
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise IllegalAction(f"the {what} must be a whole number, not {amount!r}")
    if amount < 0:
        raise IllegalAction(f"the {what} must not be negative, not {amount}")
    return amount


def chips_arg(amount: object, what: str) -> int:
    """`amount` as chips, at least 1, or IllegalAction naming the bad value."""
    chips = whole_amount(amount, what)
    if chips == 0:
        raise IllegalAction(f"the {what} must be at least 1")
    return chips
