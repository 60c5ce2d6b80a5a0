"""Exact odds for Vitaji, where a score is the sum of one die per round.

All counts are exact integers over sides**rounds equally likely games
without rerolls; the sum's distribution is a repeated convolution, so even
d1000 over 500 rounds is computed exactly (it is only shown as percentages).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

# Work (rounds x totals) above which the whole distribution is not computed.
MAX_WORK = 5_000_000


def total_counts(sides: int, rounds: int) -> dict[int, int] | None:
    """How many of the sides**rounds games end on each total; None if too large to list."""
    if rounds * rounds * sides > MAX_WORK:
        return None
    counts = [1]  # counts[t]: games so far totalling t
    for _ in range(rounds):
        # Each new total sums a window of `sides` old totals: slide it along.
        step = [0] * (len(counts) + sides)
        window = 0
        for t in range(1, len(step)):
            window += counts[t - 1] if t - 1 < len(counts) else 0
            if t - 1 - sides >= 0:
                window -= counts[t - 1 - sides]
            step[t] = window
        counts = step
    return {t: n for t, n in enumerate(counts) if n}


def triple_count(sides: int, rounds: int) -> int:
    """Games with the same number three rounds running at least once (the triple bonus)."""
    if rounds < 3:
        return 0
    # ways[k]: games so far without a triple whose last k rolls are equal (k = 1 or 2).
    ways = {1: sides, 2: 0}
    for _ in range(rounds - 1):
        ways = {1: (ways[1] + ways[2]) * (sides - 1), 2: ways[1]}
    return sides**rounds - ways[1] - ways[2]


@dataclass(frozen=True)
class TotalOdds:
    sides: int
    rounds: int
    outcomes: int  # sides**rounds
    totals: dict[int, int] | None  # total -> games; None when too large to list
    sweep: int  # games with the same number every round
    triple: int

    def chance(self, games: int) -> Fraction:
        return Fraction(games, self.outcomes)

    @property
    def mean(self) -> Fraction:
        return Fraction(self.rounds * (self.sides + 1), 2)

    @property
    def variance(self) -> Fraction:
        return Fraction(self.rounds * (self.sides**2 - 1), 12)


def total_odds(sides: int, rounds: int) -> TotalOdds:
    return TotalOdds(sides, rounds, sides**rounds, total_counts(sides, rounds),
                     sweep=sides, triple=triple_count(sides, rounds))
