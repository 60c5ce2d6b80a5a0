"""Pots derived from what each player put in, and how a pot is split.

Pots are never stored: they follow from the contributions. Walking the
distinct contribution levels from the lowest, each level makes a pot of
what everyone put in up to it, contested by the players who reached it and
have not folded. Neighbouring pots contested by the same players are merged.

Only betting shapes the pots: folding is a betting action, mucking at the
showdown is not. A player who mucks keeps their place in every pot they
contest and only gives up winning it, so whether a loser shows or mucks
changes neither the pots nor how the winners split them (the odd chips).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .seats import Seat


@dataclass(frozen=True)
class Pot:
    amount: int
    eligible: tuple[str, ...]  # who contests it, in seat order; muckers among them win nothing
    # The contribution levels it holds, above `floor` up to `top`: who paid what into it.
    floor: int = field(default=0, compare=False)
    top: int = field(default=0, compare=False)

    def paid_by(self, committed: int) -> int:
        return min(committed, self.top) - min(committed, self.floor)


def pots(seats: Sequence[Seat]) -> list[Pot]:
    """The main pot first, then each side pot."""
    levels = sorted({seat.committed for seat in seats if seat.committed})
    result: list[Pot] = []
    below = 0
    for level in levels:
        amount = sum(min(s.committed, level) - min(s.committed, below) for s in seats)
        eligible = tuple(s.name for s in seats if s.contests and s.committed >= level)
        if result and result[-1].eligible == eligible:
            last = result[-1]
            result[-1] = Pot(last.amount + amount, eligible, last.floor, level)
        else:
            result.append(Pot(amount, eligible, below, level))
        below = level
    return result


def uncalled(seats: Sequence[Seat]) -> tuple[Seat, int] | None:
    """The part of the top contribution nobody matched: it goes back to its owner."""
    ranked = sorted(seats, key=lambda seat: seat.committed, reverse=True)
    if not ranked or not ranked[0].committed:
        return None
    second = ranked[1].committed if len(ranked) > 1 else 0
    excess = ranked[0].committed - second
    return (ranked[0], excess) if excess > 0 else None


def split(amount: int, winners: Sequence[str], order: Sequence[str]) -> dict[str, int]:
    """Equal shares; the odd chips one each to the first winners in `order` (left of dealer)."""
    share, odd = divmod(amount, len(winners))
    ordered = [name for name in order if name in winners]
    return {name: share + (place < odd) for place, name in enumerate(ordered)}
