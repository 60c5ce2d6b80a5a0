"""The best hand of a roll, and the order of all hands.

`HandEvaluator.best(dice)` returns the best `Hand` that a roll makes: best
five of seven in the hold'em games (six for HOLDEM), the roll itself in the
five-dice games. Results are precomputed per multiset of dice, so a roll
costs one sum and one dictionary lookup: the table for seven eight-sided
dice has 3,432 entries however many rolls are evaluated.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import total_ordering
from itertools import combinations
from operator import add

from .categories import (
    Category,
    CategoryMatcher,
    Counts,
    Key,
    expand,
    multisets,
    submultisets,
)
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
        return (self.strength, self.key) < (other.strength, other.key)

    def __gt__(self, other: Hand) -> bool:  # the scoring loops' test: spelt out, not derived
        return (self.strength, self.key) > (other.strength, other.key)

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
        self._wild_ace = dice.ace.index if self.wild else None  # type: ignore[union-attr]
        self._strength = {cat: len(self.order) - i for i, cat in enumerate(self.order)}
        self._regular = [cat for cat in self.order if cat.kind != "all_faces"]
        self._all_faces = [cat for cat in self.order if cat.kind == "all_faces"]
        self._hand_cache: dict[Counts, Hand | None] = {}
        self._plain: dict[Counts, Hand | None] = {}
        self._tables: dict[int, tuple[tuple[int, ...], dict[int, Hand | None]]] = {}
        self._by_index: dict[int, tuple[dict[int, int], dict[int, Hand | None]]] = {}

    def strength(self, category: Category) -> int:
        return self._strength[category]

    # -- scoring one multiset -------------------------------------------------

    def _first_match(
        self, hand: Counts, rest: Counts, categories: Sequence[Category] | None = None
    ) -> Hand | None:
        """The first category, in order, that `hand` forms (all of it, no subset)."""
        for cat in self._regular if categories is None else categories:
            match = self.matcher.match(cat, hand, rest)
            if match:
                return Hand(category=cat, strength=self._strength[cat], key=match[0],
                            dice=match[1])
        return None

    def _best_of_parts(self, parts: Iterable[tuple[Counts, Counts]],
                       counts: Counts, cached: bool) -> Hand | None:
        """Best over (hand, rest) splits of a deal, plus HOLDEM if the deal has every face."""
        best: Hand | None = None
        for hand, rest in parts:
            if cached:
                if hand not in self._hand_cache:
                    self._hand_cache[hand] = self._first_match(hand, ())
                found = self._hand_cache[hand]
            else:
                found = self._first_match(hand, rest)
            if found and (best is None or found > best):
                best = found
        if self._all_faces and min(counts) >= 1:
            ones = (1,) * len(counts)
            rest = tuple(n - 1 for n in counts)
            found = self._first_match(ones, rest, self._all_faces)
            if found and (best is None or found > best):
                best = found
        return best

    def _score_plain(self, counts: Counts) -> Hand | None:
        """Best hand of a multiset with the ace playing as itself."""
        if counts not in self._plain:
            size = self.matcher.hand_size
            parts = ((hand, ()) for hand in submultisets(counts, size)) if sum(counts) >= size \
                else ()
            self._plain[counts] = self._best_of_parts(parts, counts, cached=True)
        return self._plain[counts]

    def _stand_ins(self, counts: Counts) -> Iterator[tuple[Counts, list[int]]]:
        """Each way to play the wild aces: (the dice as played, the natural dice)."""
        ace = self.dice.ace.index if self.wild else None  # type: ignore[union-attr]
        if ace is None or not counts[ace]:
            yield counts, list(counts)
            return
        natural = [*counts[:ace], 0, *counts[ace + 1:]]
        for stand_in in multisets(len(counts), counts[ace]):
            yield tuple(map(add, natural, stand_in)), natural

    def _with_wild(self, hand: Hand, natural: list[int]) -> Hand:
        # The dice of the hand beyond the natural ones are the aces, played as these faces.
        used = [0] * len(natural)
        for face in hand.dice:
            used[face] += 1
        wild = tuple(expand([max(0, u - n) for u, n in zip(used, natural, strict=True)]))
        return replace(hand, wild=wild) if wild else hand

    def score(self, counts: Counts) -> Hand | None:
        """Best hand of a multiset of dice, trying every face for each wild ace."""
        ace = self._wild_ace
        if ace is None or not counts[ace]:  # no wild ace to play: the dice as they are
            return self._score_plain(counts)
        # _stand_ins, unrolled: this loop makes every table of a wild ruleset.
        natural = (*counts[:ace], 0, *counts[ace + 1:])
        best: Hand | None = None
        plain, score_plain = self._plain, self._score_plain
        for stand_in in multisets(len(counts), counts[ace]):
            played = tuple(map(add, natural, stand_in))
            found = plain[played] if played in plain else score_plain(played)
            if found is not None and (best is None or found > best):
                best = found
        return self._with_wild(best, list(natural)) if best else None

    def best_from_scratch(self, dice: Iterable[int | str | Face]) -> Hand:
        """The naive way, for tests and the benchmark: score every hand-sized subset anew."""
        roll = self.dice.parse(dice)
        counts = tuple(roll.count(face) for face in range(self.dice.count))
        best: tuple[Hand, list[int]] | None = None
        for played, natural in self._stand_ins(counts):
            dice_played = expand(played)
            parts = []
            for chosen in combinations(range(len(dice_played)), self.matcher.hand_size):
                hand, rest = [0] * len(played), list(played)
                for i in chosen:
                    hand[dice_played[i]] += 1
                    rest[dice_played[i]] -= 1
                parts.append((tuple(hand), tuple(rest)))
            found = self._best_of_parts(parts, played, cached=False)
            if found and (best is None or found > best[0]):
                best = found, natural
        if best is None:
            raise ValueError(f"the roll {self.dice.names(roll)} forms no category")
        return self._with_wild(*best)

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
        # The engine's rolls are face indices already: look them up without parsing.
        try:
            weight, table = self._by_index[len(dice)]  # type: ignore[arg-type]
            code = 0
            for face in dice:
                if type(face) is not int:  # not a name, nor a bool or float equal to an index
                    break
                code += weight[face]  # KeyError: no such face
            else:
                hand = table[code]
                if hand is not None:
                    return hand
        except (KeyError, TypeError):  # a roll of another size, not yet seen, or without len()
            pass  # parse() below says what is wrong, if anything
        roll = self.dice.parse(dice)
        if len(roll) < self.matcher.hand_size:
            raise ValueError(
                f"a hand needs {self.matcher.hand_size} dice, this roll has {len(roll)}"
            )
        weights, table = self.table(len(roll))
        self._by_index[len(roll)] = dict(enumerate(weights)), table
        hand = table[sum(weights[face] for face in roll)]
        if hand is None:
            raise ValueError(f"the roll {self.dice.names(roll)} forms no category")
        return hand

    def fast(self, size: int) -> Callable[[Sequence[int]], Hand]:
        """best() for the rolls a game deals, `size` face indices: the dice unpacked into
        locals, each checked to be an int (not a bool or float equal to an index), and their
        weights summed without a loop, one table lookup; any other roll goes to best()."""
        weights, table = self.table(size)
        weight, best = dict(enumerate(weights)), self.best
        if size == 7:
            def fast_best(dice: Sequence[int]) -> Hand:
                try:
                    if len(dice) == 7:  # not an iterator, which unpacking would use up
                        a, b, c, d, e, f, g = dice
                        if (type(a) is int and type(b) is int and type(c) is int
                                and type(d) is int and type(e) is int and type(f) is int
                                and type(g) is int):
                            hand = table[weight[a] + weight[b] + weight[c] + weight[d]
                                         + weight[e] + weight[f] + weight[g]]
                            if hand is not None:
                                return hand
                except (KeyError, TypeError):  # no such face, or no len()
                    pass
                return best(dice)  # says what is wrong, if anything
        elif size == 5:
            def fast_best(dice: Sequence[int]) -> Hand:
                try:
                    if len(dice) == 5:
                        a, b, c, d, e = dice
                        if (type(a) is int and type(b) is int and type(c) is int
                                and type(d) is int and type(e) is int):
                            hand = table[weight[a] + weight[b] + weight[c] + weight[d]
                                         + weight[e]]
                            if hand is not None:
                                return hand
                except (KeyError, TypeError):
                    pass
                return best(dice)
        else:
            return best
        return fast_best

    def examples(self) -> dict[Category, Hand]:
        """One typical hand of each category: the middle one of all it takes, by key."""
        found: dict[Category, list[Hand]] = {cat: [] for cat in self.order}
        for size in sorted({self.matcher.size(cat) for cat in self.order}):
            for counts in multisets(self.dice.count, size):
                hand = self.score(counts)
                if hand is not None and self.matcher.size(hand.category) == size:
                    found[hand.category].append(hand)
        return {cat: sorted(hands)[len(hands) // 2] for cat, hands in found.items() if hands}

    def scorer(self, size: int) -> Callable[[Sequence[int]], Hand | None]:
        """A fast function from a roll of `size` face indices to its Hand."""
        weights, table = self.table(size)
        get = weights.__getitem__

        def best_of(roll: Sequence[int]) -> Hand | None:
            return table[sum(map(get, roll))]

        return best_of
