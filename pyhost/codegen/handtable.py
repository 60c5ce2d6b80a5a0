"""The best hand of every deal, as compact data for Hands.lua to look up (Rules.lua's
`hands.table`).

A client that has scored nothing yet (a showdown in a fresh runtime) would otherwise classify
each new hand from its face counts. With this table Hands.lua sums one weight per die, splits
the sum in two and reads the deal's place among all deals from two strings, then the
category and score there from a third: no counts, no classifying. The table is made here by
the Python evaluator (`HandEvaluator.score`, the rules' own answer), so it is the same for
every ruleset, faces and options alike; too large a deal (more multisets than two characters
can number) ships no table, and Hands.lua classifies as before.

The weights: the faces are split in two halves, and each half's faces weigh a set of numbers
whose sums of up to `dice` of them are all different (a greedy B_h set, 0 standing for an
absent die), the upper half's times `split`, one more than the lower half's largest sum. So
`sum % split` names the lower dice and `sum // split` the upper ones, and a deal's place is
`low[lower] + high[upper]`: the lower dice's rank among lower multisets of their size, plus
the number of deals before the upper dice's. Every number is written in base 91, in the
printable characters from "#" on, fixed width: `low` and `high` two characters each, and each
deal's hand one character for its category (its place in the order, 0 for none) and three
for its score (Hands.lua's: the key's entries as digits in base `base`, `digits` of them).
"""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement
from math import comb
from operator import mul
from typing import Any

from ..rules.categories import RUN_KINDS, multisets
from ..rules.families.poker_hands import PokerHandRules

RADIX = 91  # the characters from "#" (35) to "}" (125); none is a quote or a line end
ZERO = 35
MOST_DEALS = RADIX ** 2  # a deal's place fits two characters
MOST_SCORE = RADIX ** 3  # a score fits three
MOST_SUMS = 8192  # each half's sums: the length of the `low` and `high` strings, in places
MOST_DICE = 9  # Hands.lua's MOST_DICE: the most dice a deal has (the ruleset loader's limit)
PIECE = 96  # characters per string piece (a line of Rules.lua)


@cache
def sidon(count: int, dice: int) -> tuple[int, ...]:
    """`count` weights, the first 1, whose sums of up to `dice` of them all differ (each the
    smallest that keeps them so, after those before it)."""
    weights: list[int] = []
    while len(weights) < count:
        weight = weights[-1] + 1 if weights else 1
        while True:
            trial = (0, *weights, weight)
            sums = {sum(pick) for pick in combinations_with_replacement(trial, dice)}
            if len(sums) == len(list(combinations_with_replacement(trial, dice))):
                break
            weight += 1
        weights.append(weight)
    return tuple(weights)


DIGIT = [chr(ZERO + i) for i in range(RADIX)]  # each digit's character
TWO_DIGITS = [a + b for a in DIGIT for b in DIGIT]  # every value under RADIX ** 2, written


def _digits(value: int, width: int) -> str:
    """`value` in base RADIX, `width` characters from ZERO, the first the most significant."""
    if not 0 <= value < RADIX ** width:
        raise ValueError(f"{value} does not fit {width} digits")
    if width == 2:  # the table's places, thousands of them: one lookup each
        return TWO_DIGITS[value]
    return "".join(DIGIT[value // RADIX ** i % RADIX] for i in range(width - 1, -1, -1))


def _weigh(counts: tuple[int, ...], weights: tuple[int, ...]) -> int:
    return sum(map(mul, counts, weights))


def _pieces(text: str) -> list[str]:
    return [text[i:i + PIECE] for i in range(0, len(text), PIECE)]


def lua_score(key: tuple[int, ...], runs: bool, strength_digit: dict[int, int], base: int,
              digits: int) -> int:
    """Hands.lua's score of a key: each entry a digit (a rank + 1; a run's first entry, its
    strength's place among all run strengths, from 1), `digits` of them, 0 after the key."""
    score = 0
    for i in range(digits):
        if i >= len(key):
            digit = 0
        elif i == 0 and runs:
            digit = strength_digit[key[0]]
        else:
            digit = key[i] + 1
        score = score * base + digit
    return score


# Tables made in this process, by what decides every deal's hand (_hands_of): variants of a
# ruleset that change only its table, words or addon share one. The oldest go past MOST_KEPT.
_MADE: dict[tuple[Any, ...], dict[str, Any] | None] = {}
MOST_KEPT = 32


def hand_table(ruleset: PokerHandRules) -> dict[str, Any] | None:
    """Rules.lua's `hands.table` for the ruleset's deals (all its dice), or None when they are
    too many."""
    hands = _hands_of(ruleset)
    if hands not in _MADE:
        if len(_MADE) >= MOST_KEPT:
            del _MADE[next(iter(_MADE))]
        _MADE[hands] = _table(ruleset, ruleset.deal.dealt)
    return _MADE[hands]


def _hands_of(ruleset: PokerHandRules) -> tuple[Any, ...]:
    """All that the evaluator's hands depend on: the faces, their ranks and runs, the ace and
    whether it is wild, the category order (kinds and tops, not names), a hand's size, and the
    dice dealt."""
    matcher, ace = ruleset.matcher, ruleset.dice.ace
    runs = tuple((length, tuple((run.faces, run.strength) for run in found))
                 for length, found in sorted(matcher.runs.items()))
    return (ruleset.dice.count, tuple(matcher.rank), runs, ace.index if ace else None,
            ruleset.evaluator.wild, tuple((cat.kind, cat.top) for cat in ruleset.order),
            matcher.hand_size, ruleset.deal.dealt)


def _table(ruleset: PokerHandRules, dice: int) -> dict[str, Any] | None:
    faces, matcher = ruleset.dice.count, ruleset.matcher
    lower = faces // 2
    if comb(faces + dice - 1, dice) > MOST_DEALS or faces < 2:
        return None
    low_weights, high_weights = sidon(lower, dice), sidon(faces - lower, dice)
    split = dice * low_weights[-1] + 1
    high_sums = dice * high_weights[-1] + 1
    strengths = sorted({run.strength for length in (4, 5) for run in matcher.runs.get(length, ())})
    strength_digit = {strength: i + 1 for i, strength in enumerate(strengths)}
    base = max(faces, len(strengths)) + 1
    digits = max(ruleset.hands.size, MOST_DICE - faces)
    if (split > MOST_SUMS or high_sums > MOST_SUMS or len(ruleset.order) >= RADIX
            or base ** digits > MOST_SCORE):
        return None

    # The deals by their upper dice, then their lower: after one upper multiset come the lower
    # multisets of the dice left, in the order `multisets` gives them.
    lowers = [list(multisets(lower, size)) for size in range(dice + 1)]
    low = [0] * split
    for size in range(dice + 1):
        for place, counts in enumerate(lowers[size]):
            low[_weigh(counts, low_weights)] = place
    high = [0] * high_sums
    weights, best = ruleset.evaluator.table(dice)  # every deal's hand, by the sum of its weights
    order = {cat: _digits(i + 1, 1) for i, cat in enumerate(ruleset.order)}
    lower_codes = [[_weigh(counts, weights) for counts in deals] for deals in lowers]
    hands: list[str] = []
    codes: dict[tuple[Any, ...], str] = {}  # a hand's characters, by its category and key
    at = 0
    for upper in range(dice + 1):
        for upper_counts in multisets(faces - lower, upper):
            high[_weigh(upper_counts, high_weights)] = at
            upper_code = _weigh(upper_counts, weights[lower:])
            for lower_code in lower_codes[dice - upper]:
                hand = best[upper_code + lower_code]
                if hand is None:
                    hands.append(_digits(0, 4))
                    continue
                written = codes.get((hand.category, hand.key))  # many deals, one hand
                if written is None:
                    runs = hand.category.kind in RUN_KINDS
                    score = lua_score(hand.key, runs, strength_digit, base, digits)
                    written = codes[hand.category, hand.key] = (order[hand.category]
                                                                + _digits(score, 3))
                hands.append(written)
            at += len(lowers[dice - upper])
    return {
        "dice": dice, "radix": RADIX, "base": base, "digits": digits, "split": split,
        "weights": [*low_weights, *(w * split for w in high_weights)],
        "low": _pieces("".join(_digits(v, 2) for v in low)),
        "high": _pieces("".join(_digits(v, 2) for v in high)),
        "hands": _pieces("".join(hands)),
    }
