"""The generated Lua evaluator against the Python one: every multiset, every mode."""

from __future__ import annotations

import random

import pytest

from conftest import write_variant
from lua_addon import load
from pyhost.rules import load_ruleset
from pyhost.rules.categories import expand, multisets

MODES = [(mode, wrap) for mode in ("ace", "low", "high", "wild") for wrap in (True, False)]


def python_result(ruleset, counts):
    hand = ruleset.evaluator.score(counts)
    return ruleset.order.index(hand.category) + 1, tuple(hand.key), tuple(f + 1 for f in hand.dice)


def lua_result(lua, ns, counts):
    """Hands.score of the counts (classified); Hands.best of the same dice, shuffled (a whole
    deal read from Rules.lua's table), must be the same, and again in another order."""
    hand = ns[b"Hands"][b"score"](lua.table_from(list(counts)))
    dice = [face + 1 for face in expand(counts)]
    random.Random(sum(dice)).shuffle(dice)
    for order in (dice, dice[::-1]):
        same = lua.globals()[b"rawequal"](ns[b"Hands"][b"best"](lua.table_from(order)), hand)
        assert same, counts  # the one table of that hand
    return hand[b"category"], tuple(hand[b"key"].values()), tuple(hand[b"dice"].values())


@pytest.mark.parametrize(("mode", "wrap"), MODES, ids=[f"{m}-wrap-{w}" for m, w in MODES])
def test_every_seven_dice_agree_under_each_shaman_mode(tmp_path, mode, wrap):
    ruleset = load_ruleset(write_variant(tmp_path, "tauren-holdem", {
        'ace_mode = "ace"': f'ace_mode = "{mode}"', "wrap = true": f"wrap = {str(wrap).lower()}"}))
    lua, ns = load(ruleset, "Rules.lua", "Hands.lua")
    count = 0
    for counts in multisets(ruleset.dice.count, 7):
        assert lua_result(lua, ns, counts) == python_result(ruleset, counts), counts
        count += 1
    assert count == 3432


ALL_EQUAL = {'straight_order = "by_top"': 'straight_order = "all_equal"'}
OTHERS = [("dice-holdem", {}), ("poker-dice", {}), ("dice-poker", {}), ("poker-dice", ALL_EQUAL),
          ("tauren-holdem", ALL_EQUAL),
          ("tauren-holdem", {**ALL_EQUAL, 'ace_mode = "ace"': 'ace_mode = "wild"'})]


@pytest.mark.parametrize(("ruleset_id", "edits"), OTHERS,
                         ids=[f"{r}-{'all-equal' if e else 'shipped'}" for r, e in OTHERS])
def test_the_other_games_and_equal_straights_agree_too(tmp_path, ruleset_id, edits):
    # With equal straights the dice of a tie are the ones that sort first, as in Python.
    ruleset = load_ruleset(write_variant(tmp_path, ruleset_id, edits))
    lua, ns = load(ruleset, "Rules.lua", "Hands.lua")
    for counts in multisets(ruleset.dice.count, ruleset.deal.dealt):
        assert lua_result(lua, ns, counts) == python_result(ruleset, counts), counts


def test_the_example_hand_in_lua():
    ruleset = load_ruleset("tauren-holdem")
    lua, ns = load(ruleset, "Rules.lua", "Hands.lua")
    best = ns[b"Hands"][b"best"]
    riggs = best(lua.table_from([f + 1 for f in ruleset.dice.parse(
        "Chieftain 4 5 3 6 6 Warrior".split())]))
    skoll = best(lua.table_from([f + 1 for f in ruleset.dice.parse(
        "Shaman 6 5 3 6 6 Warrior".split())]))
    assert riggs[b"name"] == b"Straight" and skoll[b"name"] == b"Three of a kind"
    assert ns[b"Hands"][b"compare"](riggs, skoll) == 1


def test_hands_are_remembered_while_held_and_forgotten_after():
    # Hands.lua holds the hands it made weakly: a hand someone holds is still the one table of
    # that hand after a full collection, and the hands of every multiset, once let go, are
    # collected (what stays is the tables' slots), so scoring them all again grows nothing.
    ruleset = load_ruleset("tauren-holdem")
    lua, ns = load(ruleset, "Rules.lua", "Hands.lua")
    run = lua.eval(b"""function(ns, rolls)
        local best, held = ns.Hands.best, ns.Hands.best({ 8, 7, 6, 5, 4, 2, 2 })
        collectgarbage()
        local before = collectgarbage("count")
        for _, dice in ipairs(rolls) do best(dice) end
        local full = collectgarbage("count")
        collectgarbage()
        local after = collectgarbage("count")
        for _, dice in ipairs(rolls) do best(dice) end
        collectgarbage()
        local again = collectgarbage("count")
        return rawequal(best({ 2, 4, 2, 5, 6, 7, 8 }), held), full - before, after - before,
            again - after
    end""")
    rolls = lua.table_from([lua.table_from([face + 1 for face in expand(counts)])
                            for counts in multisets(ruleset.dice.count, 7)])
    same, grown, kept, regrown = run(ns, rolls)  # KiB
    assert same
    assert grown > 50  # the hands of the 3,432 multisets, until collected
    assert kept < grown / 3
    assert regrown < 1
