"""Exact odds of the hand categories, by counting deals by their shape and faces.

A deal of n dice with F faces has F**n equally likely sequences. Whether a deal
contains a category of groups (pairs, full houses, ...) depends only on its shape
(how many dice of each face, largest first), and whether it contains a straight or
HOLDEM only on which faces it shows; how many sequences have a given shape on a
given set of faces depends only on the shape. So the counts come from each set of
faces times each shape with that many parts: 674 pairs instead of 2,097,152 sequences
(or 3,432 multisets) for seven eight-sided dice. With a wild ace, which the shape
alone cannot tell, every multiset is scored with each choice of faces for its aces.
The best hand of a deal is the highest category it contains, so the best-hand odds
come from the same counts.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, product
from math import factorial, prod
from operator import add
from typing import TYPE_CHECKING

from .categories import GROUP_KINDS, RUN_KINDS, Category, CategoryMatcher, Counts, expand, multisets
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


def partitions(n: int, parts: int, largest: int | None = None) -> Iterator[tuple[int, ...]]:
    """Every way to write n as exactly `parts` positive numbers, largest first."""
    largest = n if largest is None else largest
    if parts == 0:
        if n == 0:
            yield ()
        return
    for first in range(min(n - parts + 1, largest), 0, -1):
        if first * parts < n:
            break
        for rest in partitions(n - first, parts - 1, first):
            yield (first, *rest)


class _Tests:
    """Which of `categories` a deal contains, as a bit mask (bit i: categories[i]), from the
    deal's shape and from the faces it shows. A hand-sized part of the deal forms a group
    kind when its largest counts reach the kind's group sizes, a straight when it shows the
    run's faces; the other dice of the hand may be any, so the deal contains the kind when it
    does the same (with at least a hand of dice)."""

    def __init__(self, dice: Dice, matcher: CategoryMatcher, categories: Sequence[Category],
                 dealt: int) -> None:
        size = matcher.hand_size
        hands = dealt >= size  # the deal holds at least one hand
        self.always = 0  # bust
        self.groups: list[tuple[int, tuple[int, ...]]] = []
        self.runs: list[tuple[int, list[int]]] = []
        self.all_faces = 0
        for i, category in enumerate(categories):
            bit, kind = 1 << i, category.kind
            if kind == "all_faces":
                self.all_faces |= bit
            elif not hands:
                continue
            elif kind == "bust":
                self.always |= bit
            elif kind in GROUP_KINDS and sum(GROUP_KINDS[kind]) <= size:
                self.groups.append((bit, GROUP_KINDS[kind]))
            elif kind in RUN_KINDS and RUN_KINDS[kind] <= size:
                self.runs.append((bit, [
                    sum(1 << face for face in run.faces) for run in matcher.runs[RUN_KINDS[kind]]
                    if category.top is None or run.faces[-1] == category.top]))
        self.every_face = (1 << dice.count) - 1

    def shape(self, shape: Sequence[int]) -> int:
        """The group kinds a deal of this shape (counts largest first) contains."""
        found = self.always
        for bit, sizes in self.groups:
            if len(shape) >= len(sizes) and all(
                    n >= size for n, size in zip(shape, sizes, strict=False)):
                found |= bit
        return found

    def faces(self, shown: int) -> int:
        """The straights and HOLDEM a deal showing these faces (a bit mask) contains."""
        found = self.all_faces if shown == self.every_face else 0
        for bit, runs in self.runs:
            if any(run & shown == run for run in runs):
                found |= bit
        return found

    def counts(self, counts: Counts) -> int:
        shown = sum(1 << face for face, n in enumerate(counts) if n)
        return self.shape(sorted((n for n in counts if n), reverse=True)) | self.faces(shown)


def deal_masks(
    dice: Dice, matcher: CategoryMatcher, categories: Sequence[Category], dealt: int, *,
    wild: bool,
) -> tuple[dict[int, int], tuple[int, ...] | None]:
    """({mask: sequences}, uncovered): how many deals of `dealt` dice contain exactly the
    categories of each mask (bit i: categories[i]), and the first deal, in `multisets`
    order, that contains none, if any.

    A deal contains a category when some of its dice form it; with a wild ace when some
    choice of faces for the aces does.
    """
    tests = _Tests(dice, matcher, categories, dealt)
    ace = dice.ace.index if (wild and dice.ace is not None) else None
    masks: dict[int, int] = {}
    if ace is None:
        for parts in range(1, min(dice.count, dealt) + 1):
            faces = [tests.faces(sum(1 << f for f in shown))
                     for shown in combinations(range(dice.count), parts)]
            for shape in partitions(dealt, parts):
                # Sequences of this shape on one set of `parts` faces: which face takes which
                # count, times the orderings of the dice.
                arrangements = factorial(parts) // prod(
                    factorial(shape.count(n)) for n in set(shape))
                weight = arrangements * multiplicity(shape)
                found = tests.shape(shape)
                for shown in faces:
                    masks[found | shown] = masks.get(found | shown, 0) + weight
    else:
        plain: dict[Counts, int] = {}

        def contained_plain(counts: Counts) -> int:
            if counts not in plain:
                plain[counts] = tests.counts(counts)
            return plain[counts]

        for counts in multisets(dice.count, dealt):
            found = 0
            if counts[ace]:
                base = [*counts[:ace], 0, *counts[ace + 1:]]
                for stand_in in multisets(dice.count, counts[ace]):
                    found |= contained_plain(tuple(map(add, base, stand_in)))
            else:
                found = contained_plain(counts)
            masks[found] = masks.get(found, 0) + multiplicity(counts)
    uncovered = None
    if masks.get(0):
        # Rare (a ruleset without bust that leaves some deal out): name the first such deal.
        uncovered = next(tuple(expand(counts)) for counts in multisets(dice.count, dealt)
                         if not _contains_any(tests, counts, ace))
    return masks, uncovered


def _contains_any(tests: _Tests, counts: Counts, ace: int | None) -> bool:
    if ace is None or not counts[ace]:
        return bool(tests.counts(counts))
    base = [*counts[:ace], 0, *counts[ace + 1:]]
    return any(tests.counts(tuple(map(sum, zip(base, stand_in, strict=True))))
               for stand_in in multisets(len(counts), counts[ace]))


def contains_counts(
    dice: Dice, matcher: CategoryMatcher, categories: Sequence[Category], dealt: int, *,
    wild: bool,
) -> Containment:
    """For each category, how many deals of `dealt` dice contain it (any order).

    This does not depend on the order of categories, which is what lets
    `ranking = "by_rarity"` use it.
    """
    masks, uncovered = deal_masks(dice, matcher, categories, dealt, wild=wild)
    return _containment(categories, masks, dice.count**dealt, uncovered)


def _containment(categories: Sequence[Category], masks: dict[int, int], total: int,
                 uncovered: tuple[int, ...] | None) -> Containment:
    totals = dict.fromkeys(categories, 0)
    for mask, weight in masks.items():
        for i, category in enumerate(categories):
            if mask >> i & 1:
                totals[category] += weight
    return Containment(totals, total, uncovered)


def rarity_order(categories: Sequence[Category], contains: Containment) -> tuple[Category, ...]:
    """Rarest first; sorted() is stable, so equally rare categories keep the written order."""
    return tuple(sorted(categories, key=lambda category: contains.counts[category]))


def best_counts(evaluator: HandEvaluator, dealt: int) -> dict[Category, int]:
    """For each category, how many deals of `dealt` dice have it as their best hand, from the
    evaluator's table (hand_odds gets the same from the deals' contents)."""
    totals = dict.fromkeys(evaluator.order, 0)
    weights, table = evaluator.table(dealt)
    for counts in multisets(evaluator.dice.count, dealt):
        hand = table[sum(n * w for n, w in zip(counts, weights, strict=True))]
        if hand is not None:
            totals[hand.category] += multiplicity(counts)
    return totals


def best_counts_brute_force(evaluator: HandEvaluator, dealt: int) -> dict[Category, int]:
    """The same count over every sequence of dice, one by one."""
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
    order = ruleset.order
    # Bits in the ruleset's order, best first: a deal's best hand is its lowest bit.
    masks, uncovered = deal_masks(ruleset.dice, ruleset.matcher, order, dealt,
                                  wild=hands.ace_mode == "wild")
    total = ruleset.dice.count**dealt
    contains = _containment(order, masks, total, uncovered)
    best = dict.fromkeys(order, 0)
    for mask, weight in masks.items():
        if mask:
            best[order[(mask & -mask).bit_length() - 1]] += weight
    rows = tuple(
        CategoryOdds(c, Fraction(best[c], total), Fraction(contains.counts[c], total))
        for c in order
    )
    written = hands.categories
    inversions = tuple(
        (higher, lower)
        for i, higher in enumerate(written)
        for lower in written[i + 1:]
        if contains.counts[higher] > contains.counts[lower]
    )
    return HandOdds(dealt, total, rows, rarity_order(written, contains), inversions)
