"""Exact odds of the hand categories, by enumerating multisets of dice.

A deal of n dice with F faces has F**n equally likely sequences but only
C(n+F-1, n) multisets; each multiset stands for n!/prod(count!) sequences.
Counting multisets with those weights gives exact fractions in a fraction of
the time: 3,432 multisets instead of 2,097,152 sequences for seven
eight-sided dice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from math import factorial, prod
from typing import TYPE_CHECKING

from .categories import Category, CategoryMatcher, Counts, expand, multisets, submultisets
from .dice import Dice
from .hands import HandEvaluator

if TYPE_CHECKING:
    from .families import PokerHandRules


def multiplicity(counts: Counts) -> int:
    """How many sequences of dice show this multiset."""
    return factorial(sum(counts)) // prod(factorial(n) for n in counts)


@dataclass(frozen=True)
class Containment:
    counts: dict[Category, int]  # sequences whose dice contain each category
    total: int  # all sequences
    uncovered: tuple[int, ...] | None  # a deal that forms no category, if any


def contains_counts(
    dice: Dice, matcher: CategoryMatcher, categories: Sequence[Category], dealt: int, *,
    wild: bool,
) -> Containment:
    """For each category, how many deals of `dealt` dice contain it (any order).

    A deal contains a category when some of its dice form it; with a wild ace
    when some choice of faces for the aces does. This does not depend on the
    order of categories, which is what lets `ranking = "by_rarity"` use it.
    """
    regular = [c for c in categories if c.kind != "all_faces"]
    all_faces = [c for c in categories if c.kind == "all_faces"]
    hand_size = matcher.hand_size
    formed: dict[Counts, frozenset[Category]] = {}

    def forms(hand: Counts) -> frozenset[Category]:
        if hand not in formed:
            formed[hand] = frozenset(c for c in regular if matcher.match(c, hand))
        return formed[hand]

    plain: dict[Counts, frozenset[Category]] = {}

    def contained_plain(counts: Counts) -> frozenset[Category]:
        if counts not in plain:
            found: set[Category] = set()
            for hand in submultisets(counts, hand_size):
                found |= forms(hand)
            if min(counts) >= 1:
                found.update(all_faces)
            plain[counts] = frozenset(found)
        return plain[counts]

    ace = dice.ace.index if (wild and dice.ace is not None) else None
    totals = dict.fromkeys(categories, 0)
    uncovered = None
    for counts in multisets(dice.count, dealt):
        if ace is not None and counts[ace]:
            base = [*counts[:ace], 0, *counts[ace + 1:]]
            found: set[Category] = set()
            for stand_in in multisets(dice.count, counts[ace]):
                found |= contained_plain(tuple(b + s for b, s in zip(base, stand_in,
                                                                     strict=True)))
        else:
            found = set(contained_plain(counts))
        if not found and uncovered is None:
            uncovered = tuple(expand(counts))
        weight = multiplicity(counts)
        for category in found:
            totals[category] += weight
    return Containment(totals, dice.count**dealt, uncovered)


def rarity_order(categories: Sequence[Category], contains: Containment) -> tuple[Category, ...]:
    """Rarest first; sorted() is stable, so equally rare categories keep the written order."""
    return tuple(sorted(categories, key=lambda category: contains.counts[category]))


def best_counts(evaluator: HandEvaluator, dealt: int) -> dict[Category, int]:
    """For each category, how many deals of `dealt` dice have it as their best hand."""
    totals = dict.fromkeys(evaluator.order, 0)
    weights, table = evaluator.table(dealt)
    for counts in multisets(evaluator.dice.count, dealt):
        hand = table[sum(n * w for n, w in zip(counts, weights, strict=True))]
        if hand is not None:
            totals[hand.category] += multiplicity(counts)
    return totals


def best_counts_brute_force(evaluator: HandEvaluator, dealt: int) -> dict[Category, int]:
    """The same count over every sequence of dice, one by one (the benchmark's baseline)."""
    totals = dict.fromkeys(evaluator.order, 0)
    best_of = evaluator.scorer(dealt)
    for roll in product(range(evaluator.dice.count), repeat=dealt):
        hand = best_of(roll)
        if hand is not None:
            totals[hand.category] += 1
    return totals


@dataclass(frozen=True)
class CategoryOdds:
    category: Category
    best: Fraction  # chance it is the deal's best hand, under the ruleset's order
    contains: Fraction  # chance the deal contains it at all


@dataclass(frozen=True)
class HandOdds:
    dealt: int
    total: int
    rows: tuple[CategoryOdds, ...]  # in the ruleset's order, best first
    by_rarity: tuple[Category, ...]  # the order that ranking = "by_rarity" gives
    inversions: tuple[tuple[Category, Category], ...]  # (listed higher, yet more common)


def hand_odds(ruleset: PokerHandRules) -> HandOdds:
    """Exact best-hand and contains probabilities of every category of a ruleset."""
    hands = ruleset.hands
    dealt = ruleset.deal.dealt
    evaluator = ruleset.evaluator
    contains = contains_counts(ruleset.dice, ruleset.matcher, hands.categories, dealt,
                               wild=hands.ace_mode == "wild")
    best = best_counts(evaluator, dealt)
    total = contains.total
    rows = tuple(
        CategoryOdds(c, Fraction(best[c], total), Fraction(contains.counts[c], total))
        for c in evaluator.order
    )
    written = hands.categories
    inversions = tuple(
        (higher, lower)
        for i, higher in enumerate(written)
        for lower in written[i + 1:]
        if contains.counts[higher] > contains.counts[lower]
    )
    return HandOdds(dealt, total, rows, rarity_order(written, contains), inversions)
