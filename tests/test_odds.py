"""Exact odds: the published poker dice table, brute force, rarity order, Vitaji."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from pyhost.rules import load_ruleset
from pyhost.rules.categories import expand, multisets, submultisets
from pyhost.rules.odds import (
    best_counts,
    best_counts_brute_force,
    contains_counts,
    hand_odds,
    multiplicity,
)
from pyhost.rules.totals import total_odds

SMALL_STRAIGHT_LINE = '  { kind = "small_straight", name = "Small straight" },\n'


def test_the_published_poker_dice_table(variant):
    # The shipped Poker Dice keeps its small straight; the classic table has none.
    classic = variant("poker-dice", {SMALL_STRAIGHT_LINE: ""})
    result = hand_odds(classic)
    assert result.total == 7776
    counts = {row.category.name: row.best * 7776 for row in result.rows}
    assert counts == {
        "Five of a kind": 6, "Four of a kind": 150, "Full house": 300, "Straight": 240,
        "Three of a kind": 1200, "Two pair": 1800, "Pair": 3600, "Bust": 480,
    }


def test_shipped_poker_dice_splits_the_small_straight_out():
    rows = hand_odds(load_ruleset("poker-dice")).rows
    result = {row.category.name: row.best * 7776 for row in rows}
    assert result["Small straight"] == 960
    assert result["Bust"] == 240 and result["Straight"] == 240


@pytest.mark.slow  # a long case: .ci/run runs it apart (pytest -m slow)
def test_tauren_holdem_odds_match_every_one_of_the_8_to_the_7_sequences():
    tauren = load_ruleset("tauren-holdem")
    assert best_counts(tauren.evaluator, 7) == best_counts_brute_force(tauren.evaluator, 7)


def test_contains_counts_match_brute_force_over_every_roll_of_five():
    ruleset = load_ruleset("poker-dice")
    rows = {row.category.kind: row.contains * 7776 for row in hand_odds(ruleset).rows}
    seen = Counter()
    for roll in product(range(6), repeat=5):
        shape = sorted(Counter(roll).values(), reverse=True)
        faces = set(roll)
        seen["one_pair"] += shape[0] >= 2
        seen["two_pair"] += sum(n >= 2 for n in shape) >= 2  # two different faces
        seen["three_of_a_kind"] += shape[0] >= 3
        seen["full_house"] += shape[:2] == [3, 2]
        seen["four_of_a_kind"] += shape[0] >= 4
        seen["five_of_a_kind"] += shape[0] == 5
        seen["straight"] += faces in ({0, 1, 2, 3, 4}, {1, 2, 3, 4, 5})
        seen["small_straight"] += any({s, s + 1, s + 2, s + 3} <= faces for s in range(3))
    for kind, count in seen.items():
        assert rows[kind] == count, kind
    assert rows["bust"] == 7776


def test_every_table_sums_to_one_and_contains_is_at_least_best():
    for ruleset_id in ("tauren-holdem", "dice-holdem", "poker-dice", "dice-poker"):
        result = hand_odds(load_ruleset(ruleset_id))
        assert sum(row.best for row in result.rows) == 1
        assert all(row.contains >= row.best for row in result.rows)


def test_tauren_written_order_disagrees_with_rarity_at_full_house_and_straight():
    result = hand_odds(load_ruleset("tauren-holdem"))
    assert [(a.name, b.name) for a, b in result.inversions] == [("Full house", "Straight")]
    rows = {row.category.name: row for row in result.rows}
    assert rows["Five of a kind"].best == Fraction(1079, 262144)
    assert rows["Straight"].contains == Fraction(3255, 16384)


def test_by_rarity_orders_by_the_chance_a_deal_contains_the_category(variant):
    rare = variant("tauren-holdem", {'ranking = "as_written"': 'ranking = "by_rarity"'})
    assert [c.name for c in rare.order] == [
        "Five of a kind", "Four of a kind", "Straight", "Full house", "Three of a kind",
        "Two pair", "One pair", "Bust",
    ]
    # Under that order a straight now beats a full house.
    straight, full_house = "2 3 4 5 6 Warrior Warrior".split(), "2 2 2 6 6 Warrior 3".split()
    assert rare.best_hand(straight) > rare.best_hand(full_house)
    tauren = load_ruleset("tauren-holdem")
    assert tauren.best_hand(straight) < tauren.best_hand(full_house)
    result = hand_odds(rare)
    assert sum(row.best for row in result.rows) == 1


def test_dice_holdem_lists_holdem_above_the_rarer_five_of_a_kind():
    result = hand_odds(load_ruleset("dice-holdem"))
    assert ("HOLDEM", "Five of a kind") in [(a.name, b.name) for a, b in result.inversions]


def test_vitaji_d6_five_rounds_matches_brute_force():
    result = total_odds(6, 5)
    totals = Counter(sum(roll) for roll in product(range(1, 7), repeat=5))
    assert result.totals == dict(sorted(totals.items()))
    triples = sum(1 for r in product(range(6), repeat=5)
                  if any(r[i] == r[i + 1] == r[i + 2] for i in range(3)))
    assert result.triple == triples == 576
    assert result.sweep == 6
    assert result.mean == Fraction(35, 2)


@pytest.mark.parametrize(("sides", "rounds"), [(20, 10), (100, 50)])
def test_larger_vitaji_games_are_computed_exactly(sides, rounds):
    result = total_odds(sides, rounds)
    assert result.totals is not None
    assert sum(result.totals.values()) == sides**rounds
    assert min(result.totals) == rounds and max(result.totals) == sides * rounds


def test_the_longest_vitaji_game_is_summarised_not_listed():
    result = total_odds(1000, 500)
    assert result.totals is None
    assert result.mean == Fraction(500 * 1001, 2)


def contains_by_enumeration(ruleset, categories):
    """What a deal contains, by definition: every multiset of the deal, every hand-sized part
    of it matched against every category, every face for each wild ace; HOLDEM on the deal."""
    matcher, dice, dealt = ruleset.matcher, ruleset.dice, ruleset.deal.dealt
    ace = dice.ace.index if ruleset.hands.ace_mode == "wild" else None
    totals, uncovered, formed = Counter(), None, {}
    matched = {}  # a hand-sized part's categories: many deals share each part

    def categories_of(hand):
        if hand not in matched:
            matched[hand] = {c for c in categories
                             if c.kind != "all_faces" and matcher.match(c, hand)}
        return matched[hand]

    for counts in multisets(dice.count, dealt):
        played = [counts]
        if ace is not None and counts[ace]:
            base = [*counts[:ace], 0, *counts[ace + 1:]]
            played = [tuple(b + s for b, s in zip(base, stand_in, strict=True))
                      for stand_in in multisets(dice.count, counts[ace])]
        found = set()
        for deal in played:
            if deal not in formed:
                formed[deal] = set().union(*(categories_of(hand) for hand in
                                             submultisets(deal, matcher.hand_size)))
                if min(deal) >= 1:
                    formed[deal].update(c for c in categories if c.kind == "all_faces")
            found |= formed[deal]
        if not found and uncovered is None:
            uncovered = tuple(expand(counts))
        for category in found:
            totals[category] += multiplicity(counts)
    return {c: totals[c] for c in categories}, uncovered


TAUREN_MODES = [{'ace_mode = "ace"': f'ace_mode = "{mode}"', "wrap = true": f"wrap = {wrap}"}
                for mode, wrap in (("ace", "true"), ("low", "false"), ("high", "true"),
                                   ("wild", "true"), ("wild", "false"))]
ALL_EQUAL = {'straight_order = "by_top"': 'straight_order = "all_equal"'}
VARIANTS = [("tauren-holdem", edits) for edits in TAUREN_MODES] + [
    ("tauren-holdem", ALL_EQUAL), ("dice-holdem", {}), ("dice-holdem", ALL_EQUAL),
    ("poker-dice", {}), ("poker-dice", ALL_EQUAL), ("dice-poker", {}),
]


@pytest.mark.parametrize(("ruleset_id", "edits"), VARIANTS)
def test_odds_from_shapes_and_faces_equal_the_definition_and_the_evaluator(
        variant, ruleset_id, edits):
    ruleset = variant(ruleset_id, edits)
    result = hand_odds(ruleset)
    contains, _ = contains_by_enumeration(ruleset, ruleset.order)
    assert {row.category: row.contains * result.total for row in result.rows} == contains
    # The best hand of a deal is the highest category it contains: the evaluator agrees.
    best = best_counts(ruleset.evaluator, ruleset.deal.dealt)
    assert {row.category: row.best * result.total for row in result.rows} == best


def test_a_deal_no_category_takes_is_the_first_one_enumeration_finds():
    ruleset = load_ruleset("dice-poker")
    no_bust = [c for c in ruleset.hands.categories if c.kind != "bust"]
    found = contains_counts(ruleset.dice, ruleset.matcher, no_bust, 5, wild=False)
    counts, uncovered = contains_by_enumeration(ruleset, no_bust)
    assert found.counts == counts
    assert found.uncovered == uncovered == (0, 1, 2, 3, 5)
