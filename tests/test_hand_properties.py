"""Properties of the hand order, checked with hypothesis over random rolls."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import write_variant
from pyhost.rules import load_ruleset

TAUREN = load_ruleset("tauren-holdem")
DICE_HOLDEM = load_ruleset("dice-holdem")


def rolls(ruleset, size: int = 7):
    return st.lists(st.integers(0, ruleset.dice.count - 1), min_size=size, max_size=size)


@given(rolls(TAUREN), rolls(TAUREN), rolls(TAUREN))
def test_the_comparison_is_a_total_order(a, b, c):
    x, y, z = (TAUREN.best_hand(roll) for roll in (a, b, c))
    assert sum([x < y, x == y, x > y]) == 1  # exactly one holds
    assert (x <= y) == (not y < x)
    if x <= y and y <= z:
        assert x <= z
    if x == y:
        assert hash(x) == hash(y)


@given(st.sampled_from([TAUREN, DICE_HOLDEM]).flatmap(lambda r: st.tuples(st.just(r), rolls(r))))
def test_the_best_of_seven_is_never_worse_than_any_five_of_them(case):
    ruleset, roll = case
    best = ruleset.best_hand(roll)
    for five in combinations(roll, 5):
        counts = tuple(five.count(face) for face in range(ruleset.dice.count))
        five_hand = ruleset.evaluator.score(counts)  # None: these five form no category
        assert five_hand is None or best >= five_hand


@given(rolls(DICE_HOLDEM))
def test_dice_holdem_table_agrees_with_the_naive_evaluator(roll):
    fast, naive = DICE_HOLDEM.best_hand(roll), DICE_HOLDEM.evaluator.best_from_scratch(roll)
    assert (fast.category, fast.key) == (naive.category, naive.key)


@pytest.mark.slow  # a long case: .ci/run runs it apart (pytest -m slow)
def test_a_wild_shaman_never_makes_a_hand_worse(tmp_path):
    wild = load_ruleset(write_variant(tmp_path, "tauren-holdem",
                                      {'ace_mode = "ace"': 'ace_mode = "wild"'}))

    @settings(max_examples=300)
    @given(rolls(TAUREN))
    def check(roll):
        as_wild, as_ace = wild.best_hand(roll), TAUREN.best_hand(roll)
        assert as_wild >= as_ace
        assert as_wild == wild.evaluator.best_from_scratch(roll)

    check()
