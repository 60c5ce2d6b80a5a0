"""Hand categories: which dice make each one, and how two of a kind compare.

A hand is a multiset of dice written as a counts vector (`counts[face]`).
Each category kind answers one question for a hand of exactly its size:
does it form the category, and if so with what tie-break key. The key lists
the dice that make the category first (a full house's triple before its
pair, the higher pair first), then the other dice highest first, as ranks.
Comparing (category strength, key) tuples orders every hand.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, permutations
from math import comb

from .dice import Dice

# Kinds made of groups of equal faces: the group sizes, largest first.
GROUP_KINDS: dict[str, tuple[int, ...]] = {
    "five_of_a_kind": (5,),
    "four_of_a_kind": (4,),
    "full_house": (3, 2),
    "three_of_a_kind": (3,),
    "two_pair": (2, 2),
    "one_pair": (2,),
}
# Runs of consecutive faces: how many dice in a row.
RUN_KINDS: dict[str, int] = {"straight": 5, "small_straight": 4}
# `all_faces` is DiceHoldem's HOLDEM: one die of every face. `bust` is any hand.
KINDS = (*GROUP_KINDS, *RUN_KINDS, "all_faces", "bust")

STRAIGHT_ORDERS = ("by_top", "all_equal")

Counts = tuple[int, ...]
Key = tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class Category:
    """One line of the hand order, as the ruleset names it."""

    kind: str
    name: str
    top: int | None = None  # straights only: the face the run must end on


@dataclass(frozen=True)
class Run:
    """A straight: its faces low to high, and its strength among straights."""

    faces: tuple[int, ...]
    strength: int
    wraps: bool


def submultisets(counts: Counts, size: int) -> Iterator[Counts]:
    """Every distinct way to take `size` dice from `counts`."""
    faces = len(counts)
    # combinations() of the sorted dice yields sorted tuples, so equal picks are equal keys.
    for chosen in dict.fromkeys(combinations(expand(counts), size)):
        hand = [0] * faces
        for face in chosen:
            hand[face] += 1
        yield tuple(hand)


def multisets(faces: int, size: int) -> Iterator[Counts]:
    """Every counts vector of `size` dice over `faces` faces, the first face's count falling."""
    if comb(faces + size - 1, size) > MOST_KEPT_MULTISETS:  # too many to keep: make them anew
        return (((first, *rest) for first in range(size, -1, -1)
                 for rest in multisets(faces - 1, size - first)) if faces > 1 else iter([(size,)]))
    return iter(_multisets(faces, size))


MOST_KEPT_MULTISETS = 50_000


@lru_cache(maxsize=512)
def _multisets(faces: int, size: int) -> tuple[Counts, ...]:
    """multisets() as a tuple, made once: the odds, the tables and the tests walk the same
    few (faces, size) pairs over and over, and the smaller pairs make the larger."""
    if faces == 1:
        return ((size,),)
    return tuple((first, *rest) for first in range(size, -1, -1)
                 for rest in _multisets(faces - 1, size - first))


def expand(counts: Sequence[int]) -> list[int]:
    """The dice of a counts vector, as face indices, lowest first."""
    return [face for face, n in enumerate(counts) for _ in range(n)]


class CategoryMatcher:
    """Matches hands against category kinds for one set of dice and options.

    With a wild ace the matcher plays the ace as itself (`ace` mode); the
    evaluator tries every face in its place.
    """

    def __init__(
        self, dice: Dice, *, ace_mode: str, wrap: bool, straight_order: str, hand_size: int
    ) -> None:
        self.dice = dice
        self.hand_size = hand_size
        mode = "ace" if ace_mode == "wild" else ace_mode
        self.rank = dice.ranks(mode)
        self.runs = {
            length: self._runs(dice, mode, wrap, straight_order, length)
            for length in set(RUN_KINDS.values())
        }

    @staticmethod
    def _runs(dice: Dice, mode: str, wrap: bool, order: str, length: int) -> list[Run]:
        line = dice.straight_line(mode)
        runs: dict[frozenset[int], Run] = {}
        for start in range(len(line) - length + 1):
            faces = line[start : start + length]
            if len(set(faces)) == length:
                strength = 0 if order == "all_equal" else 1000 + start
                runs.setdefault(frozenset(faces), Run(faces, strength, wraps=False))
        cycle = dice.straight_cycle()
        if wrap and len(cycle) >= length:
            rank = dice.ranks(mode)
            for start in range(len(cycle)):
                faces = tuple(cycle[(start + i) % len(cycle)] for i in range(length))
                # A run around the horn ranks below every plain run, by its top die.
                strength = 0 if order == "all_equal" else rank[faces[-1]]
                runs.setdefault(frozenset(faces), Run(faces, strength, wraps=True))
        return sorted(runs.values(), key=lambda run: -run.strength)

    def size(self, category: Category) -> int:
        return self.dice.count if category.kind == "all_faces" else self.hand_size

    def match(
        self, category: Category, hand: Counts, rest: Counts = ()
    ) -> tuple[Key, tuple[int, ...]] | None:
        """(key, dice in the order that scores) if `hand` forms `category`, else None.

        `rest` holds the dealt dice outside the hand; only HOLDEM looks at them.
        """
        kind = category.kind
        if kind in GROUP_KINDS:
            return self._groups(GROUP_KINDS[kind], hand)
        if kind in RUN_KINDS:
            return self._run(RUN_KINDS[kind], category.top, hand)
        if kind == "all_faces":
            if min(hand) < 1:
                return None
            return self._kickers(expand(rest)), tuple(range(self.dice.count))
        return self._kickers(expand(hand)), self._by_rank(expand(hand))  # bust

    def _by_rank(self, dice: list[int]) -> tuple[int, ...]:
        return tuple(sorted(dice, key=lambda face: -self.rank[face]))

    def _kickers(self, dice: list[int]) -> Key:
        return tuple(sorted((self.rank[face] for face in dice), reverse=True))

    def _groups(self, sizes: tuple[int, ...], hand: Counts) -> tuple[Key, tuple[int, ...]] | None:
        best: tuple[Key, tuple[int, ...]] | None = None
        candidates = [face for face, n in enumerate(hand) if n >= sizes[-1]]
        for faces in permutations(candidates, len(sizes)):
            if any(hand[face] < n for face, n in zip(faces, sizes, strict=True)):
                continue
            # Equal-sized groups are listed higher first, so one key per hand.
            if any(
                sizes[i] == sizes[i + 1] and self.rank[faces[i]] < self.rank[faces[i + 1]]
                for i in range(len(sizes) - 1)
            ):
                continue
            left = list(hand)
            grouped: list[int] = []
            for face, n in zip(faces, sizes, strict=True):
                left[face] -= n
                grouped += [face] * n
            kickers = self._by_rank(expand(left))
            key = tuple(self.rank[face] for face in faces) + self._kickers(list(kickers))
            if best is None or key > best[0]:
                best = key, (*grouped, *kickers)
        return best

    def _run(
        self, length: int, top: int | None, hand: Counts
    ) -> tuple[Key, tuple[int, ...]] | None:
        present = {face for face, n in enumerate(hand) if n}
        best: tuple[Key, tuple[int, ...]] | None = None
        for run in self.runs[length]:
            if (top is not None and run.faces[-1] != top) or not present >= set(run.faces):
                continue
            left = list(hand)
            for face in run.faces:
                left[face] -= 1
            kickers = self._by_rank(expand(left))
            key = (run.strength, *self._kickers(list(kickers)))
            if best is None or key > best[0]:
                best = key, (*run.faces, *kickers)
        return best
