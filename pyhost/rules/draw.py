"""Exact odds of a draw game's turn (poker dice, dice poker): rolls left, dice kept.

A turn is a state machine over multisets: the dice kept and the rolls left.
Before a roll the player keeps some dice and rolls the others; after it, with
rolls left, he may keep any of the five again (all five: he stands). For a
target (a set of final hands, e.g. "a full house or better", or "beats
6 6 6 2 2") the chance of reaching it under the strategy that maximises it is

    kept(K, r) = sum over rolls o of the other dice: P(o) * held(K + o, r - 1)
    held(H, 0) = 1 if H is a target hand else 0
    held(H, r) = max over the sub-multisets S of H: kept(S, r)

over 462 multisets of kept dice and 252 hands of five six-sided dice. Values
are kept as integers scaled by faces**(dice * r), so the whole table is exact
and takes a few thousand additions per roll left.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product
from typing import TYPE_CHECKING

from .categories import Category, Counts, multisets
from .hands import Hand, HandEvaluator
from .odds import multiplicity

if TYPE_CHECKING:
    from .families import FiveDiceRules


@dataclass(frozen=True)
class Target:
    """A set of final hands to play for; `label` names it (and keys the cache)."""

    label: Hashable
    test: Callable[[Hand], bool] = field(compare=False, hash=False)


def at_least(evaluator: HandEvaluator, category: Category) -> Target:
    """This category or better, under the ruleset's order of categories."""
    floor = evaluator.strength(category)
    return Target(("at least", category), lambda hand: hand.strength >= floor)


def beats(other: Hand) -> Target:
    """Strictly better than this hand: a tie does not beat it."""
    return Target(("beats", other.sort_key), lambda hand: hand > other)


def draw_odds(ruleset: FiveDiceRules) -> DrawOdds:
    return DrawOdds(ruleset.evaluator.score, ruleset.dice.count, ruleset.deal.dice)


def _code(counts: Counts, base: int) -> int:
    return sum(n * base**face for face, n in enumerate(counts))


class DrawOdds:
    """The best chances of one draw game's turn, for any target set of hands."""

    def __init__(self, score: Callable[[Counts], Hand | None], faces: int, dice: int) -> None:
        self.faces, self.dice = faces, dice
        self.base = base = dice + 1  # a face shows at most `dice` times: one digit per face
        # Every multiset of kept dice, by code (adding codes adds multisets), with its size.
        self.kept_codes: dict[int, int] = {}
        self.counts_of: dict[int, Counts] = {}
        for size in range(dice + 1):
            for counts in multisets(faces, size):
                code = _code(counts, base)
                self.kept_codes[code] = size
                self.counts_of[code] = counts
        # The rolls of m dice: (code, how many sequences show it).
        self.rolls = {m: [(_code(c, base), multiplicity(c)) for c in multisets(faces, m)]
                      for m in range(dice + 1)}
        self.hands = {_code(c, base): score(c) for c in multisets(faces, dice)}
        # What can be kept from each hand: every sub-multiset, all five (standing) included.
        self.keeps = {
            code: [_code(sub, base) for sub in product(*map(_upto, self.counts_of[code]))]
            for code in self.hands
        }
        self._solved: dict[tuple[Target, int], dict[int, int]] = {}

    def code(self, counts: Counts) -> int:
        return _code(counts, self.base)

    def _kept_table(self, target: Target, rolls: int) -> dict[int, int]:
        """kept(K, rolls) for every K, scaled by faces**(dice * rolls)."""
        if (target, rolls) in self._solved:
            return self._solved[target, rolls]
        held = {code: int(target.test(hand)) if hand is not None else 0
                for code, hand in self.hands.items()}
        faces, dice = self.faces, self.dice
        for r in range(1, rolls + 1):
            kept = {}
            for code, size in self.kept_codes.items():
                m = dice - size
                total = sum(n * held[code + roll] for roll, n in self.rolls[m])
                kept[code] = total * faces ** (dice - m)
            self._solved[target, r] = kept
            held = {code: max(kept[sub] for sub in subs) for code, subs in self.keeps.items()}
        return self._solved[target, rolls]

    def chance(self, target: Target, kept: Counts, rolls: int) -> Fraction:
        """The best chance of ending in a target hand: `kept` stays for the next of `rolls`
        rolls, the other dice are rolled, and after each roll the keep is chosen anew."""
        table = self._kept_table(target, rolls)
        return Fraction(table[self.code(kept)], self.faces ** (self.dice * rolls))

    def best_keep(self, target: Target, showing: Counts, rolls: int
                  ) -> tuple[Counts, Fraction]:
        """The keep from the dice showing that gives the best chance, and that chance.

        Of equally good keeps, the one with the most dice (standing if nothing helps), then
        the highest faces."""
        table = self._kept_table(target, rolls)
        options = [self.counts_of[sub] for sub in self.keeps[self.code(showing)]]
        best = max(options, key=lambda keep: (table[self.code(keep)], sum(keep),
                                              sorted(_faces(keep), reverse=True)))
        return best, Fraction(table[self.code(best)], self.faces ** (self.dice * rolls))


def _upto(n: int) -> range:
    return range(n + 1)


def _faces(counts: Counts) -> list[int]:
    return [face for face, n in enumerate(counts) for _ in range(n)]

