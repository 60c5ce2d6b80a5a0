"""Exact odds for Vitaji, where a score is the sum of one die per round.

All counts are exact integers over sides**rounds equally likely games
without rerolls; the sum's distribution is a repeated convolution, so even
d1000 over 500 rounds is computed exactly (it is only shown as percentages).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

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


# -- the chance of winning from a position -------------------------------------------------

# Work (rounds x rerolls x totals, summed over players) above which a position is simulated.
MAX_POSITION_WORK = 3_000_000
SIMULATION_STEPS = 1_000_000  # die rolls a simulation may spend, about


def keep_from(sides: int, later: Fraction | float, reroll: Fraction | float | None) -> int:
    """The lowest result worth keeping: keep x when x plus the value of the rounds after is
    at least what a reroll is worth (`reroll`: the round's value with one reroll fewer)."""
    if reroll is None:
        return 1
    return min(max(math.ceil(reroll - later), 1), sides + 1)


def reroll_values(sides: int, rounds: int, rerolls: int, *, exact: bool = True
                  ) -> list[list[Any]]:
    """values[r][b]: the expected total of r rounds with b rerolls, rerolling to make it
    highest (a result is kept when it is worth at least a reroll; the new one stands).
    Fractions, or floats when not `exact`."""
    zero: Any = Fraction(0) if exact else 0.0
    values = [[zero] * (rerolls + 1)]
    for _ in range(rounds):
        row: list[Any] = []
        for budget in range(rerolls + 1):
            later = values[-1][budget]
            low = keep_from(sides, later, row[budget - 1] if budget else None)
            kept = sides - low + 1
            value = zero + Fraction((low + sides) * kept, 2) + kept * later  # x >= low
            if not exact:
                value = (low + sides) * kept / 2 + kept * later
            if low > 1:
                value += (low - 1) * row[budget - 1]
            row.append(value / sides)
        values.append(row)
    return values


def future_totals(sides: int, rounds: int, rerolls: int) -> list[Fraction]:
    """The chance of each total the next `rounds` rounds add, for a player with `rerolls`
    left who rerolls to make his total highest (reroll_values's policy); index = total."""
    values = reroll_values(sides, rounds, rerolls)
    # counts[b][t]: ways to total t over S**(r + b), the most rolls r rounds and b rerolls take.
    counts = [[sides**budget] for budget in range(rerolls + 1)]
    for r in range(1, rounds + 1):
        row: list[list[int]] = []
        for budget in range(rerolls + 1):
            low = keep_from(sides, values[r - 1][budget],
                            values[r][budget - 1] if budget else None)
            before = counts[budget]
            size = len(before) + sides
            step = [0] * size
            # Kept results x in [low, sides]: a sliding window over `before`.
            window = 0
            for t in range(size):
                if 0 <= t - low < len(before):
                    window += before[t - low]
                if 0 <= t - sides - 1 < len(before):
                    window -= before[t - sides - 1]
                step[t] = window
            if low > 1:  # rerolled: round r again with one reroll fewer
                for t, ways in enumerate(row[budget - 1]):
                    step[t] += (low - 1) * ways
            row.append(step)
        counts = row
    scale = sides ** (rounds + rerolls)
    return [Fraction(ways, scale) for ways in counts[rerolls]]


@dataclass(frozen=True)
class PositionOdds:
    chances: tuple[float | Fraction, ...]  # each player's chance to win, in the order given
    method: str  # how they were found, for people
    exact: bool


def _win_chances(finals: list[list[Fraction]], scores: list[int]) -> list[Fraction]:
    """Each player's chance of the highest final total; a tie is a fair roll-off, so k
    players tied at the top win 1/k each."""
    top = max(score + len(dist) for score, dist in zip(scores, finals, strict=True))
    below: list[list[Fraction]] = []  # below[i][t]: P(player i ends under t)
    at: list[list[Fraction]] = []
    for score, dist in zip(scores, finals, strict=True):
        cumulative, run, point = [], Fraction(0), [Fraction(0)] * top
        for total in range(top):
            cumulative.append(run)
            if 0 <= total - score < len(dist):
                point[total] = dist[total - score]
                run += point[total]
        below.append(cumulative)
        at.append(point)
    chances = [Fraction(0)] * len(scores)
    for total in range(top):
        for i in range(len(scores)):
            if not at[i][total]:
                continue
            # poly[k]: chance exactly k others tie at `total`, the rest below.
            poly = [Fraction(1)]
            for j in range(len(scores)):
                if j == i:
                    continue
                lower, same = below[j][total], at[j][total]
                poly = [(poly[k] if k < len(poly) else 0) * lower
                        + (poly[k - 1] * same if k else 0) for k in range(len(poly) + 1)]
            chances[i] += at[i][total] * sum(p / (k + 1) for k, p in enumerate(poly))
    return chances


def position_odds(sides: int, scores: list[int], rounds_left: int, rerolls: list[int],
                  *, seed: int = 0) -> PositionOdds:
    """The chance each player wins from here: the scores so far, the rounds left and each
    one's rerolls left; every player rerolls to make his own total highest, without
    bonuses. Exact (a distribution for each player, ties rolled off fairly) when small
    enough, simulated otherwise."""
    work = sum(rounds_left * (b + 1) * (rounds_left * sides + 1) for b in rerolls)
    if work <= MAX_POSITION_WORK:
        finals = [future_totals(sides, rounds_left, b) for b in rerolls]
        return PositionOdds(tuple(_win_chances(finals, scores)), "exact: each player's "
                            "totals by dynamic programming, ties rolled off evenly", True)
    return _simulated(sides, scores, rounds_left, rerolls, seed)


def _simulated(sides: int, scores: list[int], rounds_left: int, rerolls: list[int],
               seed: int) -> PositionOdds:
    import random

    rng = random.Random(seed)
    # keep[b][r]: the lowest result worth keeping with r rounds (this one too) and b rerolls.
    values = reroll_values(sides, rounds_left, max(rerolls), exact=False)
    keep = [[1] + [keep_from(sides, values[r - 1][b], values[r][b - 1] if b else None)
                   for r in range(1, rounds_left + 1)] for b in range(max(rerolls) + 1)]
    games = max(200, SIMULATION_STEPS // max(1, rounds_left * len(scores)))
    wins = [0.0] * len(scores)
    for _ in range(games):
        finals = []
        for score, budget in zip(scores, rerolls, strict=True):
            total, left = score, budget
            for r in range(rounds_left, 0, -1):
                face = rng.randint(1, sides)
                while face < keep[left][r]:  # keep[0][r] is 1: nothing is below it
                    left -= 1
                    face = rng.randint(1, sides)
                total += face
            finals.append(total)
        best = max(finals)
        tied = [i for i, total in enumerate(finals) if total == best]
        for i in tied:
            wins[i] += 1 / len(tied)
    return PositionOdds(tuple(w / games for w in wins), f"simulated: {games:,} games "
                        f"(standard error at most {0.5 / games ** 0.5:.2%})", False)
