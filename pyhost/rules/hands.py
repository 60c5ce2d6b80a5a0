"""The best hand of a roll, and the order of all hands.

`HandEvaluator.best(dice)` returns the best `Hand` that a roll makes: best
five of seven in the hold'em games (six for HOLDEM), the roll itself in the
five-dice games. Results are precomputed per multiset of dice, so a roll
costs one sum and one dictionary lookup: the table for seven eight-sided
dice has 3,432 entries however many rolls are evaluated.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import total_ordering

from .categories import Category, CategoryMatcher, Counts, Key, multisets, submultisets
from .dice import Dice, Face


@total_ordering
@dataclass(frozen=True, eq=False, kw_only=True)
class Hand:
    """A scored hand. Hands compare by category, then tie-break key."""

    category: Category
    strength: int  # the category's place: higher beats lower
    key: Key
    dice: tuple[int, ...]  # the dice that score, as played, in the order that counts
    wild: tuple[int, ...] = ()  # faces that wild aces stood for

    @property
    def sort_key(self) -> tuple[int, Key]:
        return self.strength, self.key

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and self.sort_key == other.sort_key

    def __lt__(self, other: Hand) -> bool:
        return self.sort_key < other.sort_key

    def __hash__(self) -> int:
        return hash(self.sort_key)


class HandEvaluator:
    """Scores rolls for one ruleset's dice, options and category order."""

    def __init__(
        self, dice: Dice, matcher: CategoryMatcher, order: Sequence[Category], *, wild: bool
    ) -> None:
        self.dice = dice
        self.matcher = matcher
        self.order = tuple(order)
        self.wild = wild and dice.ace is not None
        self._strength = {cat: len(self.order) - i for i, cat in enumerate(self.order)}
        self._regular = [cat for cat in self.order if cat.kind != "all_faces"]
        self._all_faces = [cat for cat in self.order if cat.kind == "all_faces"]
        self._hand_cache: dict[Counts, Hand | None] = {}
        self._plain: dict[Counts, Hand | None] = {}
        self._tables: dict[int, tuple[tuple[int, ...], dict[int, Hand | None]]] = {}

    def strength(self, category: Category) -> int:
        return self._strength[category]

    # -- scoring one multiset -------------------------------------------------

    def _score_hand(self, hand: Counts) -> Hand | None:
        """The first category, in order, that a hand of exactly hand-size dice forms."""
        if hand not in self._hand_cache:
            found = None
            for cat in self._regular:
                match = self.matcher.match(cat, hand)
                if match:
                    found = Hand(category=cat, strength=self._strength[cat], key=match[0],
                                 dice=match[1])
                    break
            self._hand_cache[hand] = found
        return self._hand_cache[hand]

    def _score_plain(self, counts: Counts) -> Hand | None:
        """Best hand of a multiset with the ace playing as itself."""
        if counts in self._plain:
            return self._plain[counts]
        best: Hand | None = None
        if sum(counts) >= self.matcher.hand_size:
            for hand in submultisets(counts, self.matcher.hand_size):
                found = self._score_hand(hand)
                if found and (best is None or found > best):
                    best = found
        if self._all_faces and min(counts) >= 1:
            ones = (1,) * len(counts)
            rest = tuple(n - 1 for n in counts)
            for cat in self._all_faces:
                key, dice = self.matcher.match(cat, ones, rest)  # type: ignore[misc]
                found = Hand(category=cat, strength=self._strength[cat], key=key, dice=dice)
                if best is None or found > best:
                    best = found
        self._plain[counts] = best
        return best

    def score(self, counts: Counts) -> Hand | None:
        """Best hand of a multiset of dice, trying every face for each wild ace."""
        if not self.wild:
            return self._score_plain(counts)
        ace = self.dice.ace.index  # type: ignore[union-attr]
        wilds = counts[ace]
        if not wilds:
            return self._score_plain(counts)
        base = list(counts)
        base[ace] = 0
        best: Hand | None = None
        for stand_in in multisets(len(counts), wilds):
            played = tuple(b + s for b, s in zip(base, stand_in, strict=True))
            found = self._score_plain(played)
            if found and (best is None or found > best):
                best = found
                used = [0] * len(counts)
                for face in found.dice:
                    used[face] += 1
                wild = tuple(
                    face for face in range(len(counts)) for _ in range(max(0, used[face]
                                                                           - base[face]))
                )
                best = Hand(category=found.category, strength=found.strength, key=found.key,
                            dice=found.dice, wild=wild)
        return best

    # -- scoring rolls ----------------------------------------------------------

    def table(self, size: int) -> tuple[tuple[int, ...], dict[int, Hand | None]]:
        """(weights, table): a roll's code is the sum of its dice's weights."""
        if size not in self._tables:
            faces = self.dice.count
            weights = tuple((size + 1) ** face for face in range(faces))
            table = {}
            for counts in multisets(faces, size):
                code = sum(n * w for n, w in zip(counts, weights, strict=True))
                table[code] = self.score(counts)
            self._tables[size] = weights, table
        return self._tables[size]

    def best(self, dice: Iterable[int | str | Face]) -> Hand:
        """The best hand a roll makes; dice as face indices, names or faces."""
        roll = self.dice.parse(dice)
        if len(roll) < self.matcher.hand_size:
            raise ValueError(
                f"a hand needs {self.matcher.hand_size} dice, this roll has {len(roll)}"
            )
        weights, table = self.table(len(roll))
        hand = table[sum(weights[face] for face in roll)]
        if hand is None:
            raise ValueError(f"the roll {self.dice.names(roll)} forms no category")
        return hand

    def scorer(self, size: int):  # noqa: ANN201 - a hot-path closure for benchmarks and odds
        """A fast function from a roll of `size` face indices to its Hand."""
        weights, table = self.table(size)
        get = weights.__getitem__

        def best_of(roll: Sequence[int]) -> Hand | None:
            return table[sum(map(get, roll))]

        return best_of
