"""The table of every deal's hand that Rules.lua ships and Hands.lua reads (codegen/handtable.py):
the same hands as the Python evaluator, read for every deal a ruleset deals, compact, and
left out (Hands.lua classifying instead) where a ruleset deals too many dice."""

from __future__ import annotations

import random

import pytest

from conftest import write_variant
from lua_addon import load, render
from pyhost.codegen.handtable import hand_table
from pyhost.rules import load_ruleset
from pyhost.rules.categories import expand, multisets

SHIPPED = ["tauren-holdem", "dice-holdem", "dice-poker", "poker-dice"]

# Two more faces before the Shaman, and a deal of five dice: a modder's table of 2,002 deals.
TEN_FACES = {'  { name = "Shaman"': '  { name = "Elder", value = 9, glyph = "[ E ]" },\n'
                                    '  { name = "Spirit", value = 10, glyph = "[ S ]" },\n'
                                    '  { name = "Shaman"',
             "community = [3, 1, 1]": "community = [3]"}
# Four hidden dice: nine dealt, 11,440 deals, more than a table holds.
NINE_DICE = {"hidden = 2": "hidden = 4"}

# Each deal (as dice, shuffled) through Hands.best: category, key and dice; and whether the
# hand is the very table Hands.score (which classifies the counts) returns.
SCORE_ALL = b"""function(ns, deals, counts)
    local out = {}
    for i, dice in ipairs(deals) do
        local hand = ns.Hands.best(dice)
        out[i] = hand and { hand.category, table.concat(hand.key, ","),
            table.concat(hand.dice, ","), rawequal(hand, ns.Hands.score(counts[i])) } or false
    end
    return out
end"""


def agree(ruleset, deals) -> None:
    """Hands.best of each deal (counts) is Python's hand, and Hands.score's own table."""
    lua, ns = load(ruleset, "Rules.lua", "Hands.lua")
    rng = random.Random(7)
    rolls = []
    for counts in deals:
        dice = [face + 1 for face in expand(counts)]
        rng.shuffle(dice)
        rolls.append(lua.table_from(dice))
    got = lua.eval(SCORE_ALL)(ns, lua.table_from(rolls),
                              lua.table_from([lua.table_from(list(c)) for c in deals])).values()
    for counts, result in zip(deals, got, strict=True):
        hand = ruleset.evaluator.score(counts)
        want = (ruleset.order.index(hand.category) + 1, ",".join(map(str, hand.key)),
                ",".join(str(face + 1) for face in hand.dice), True)
        assert (result[1], result[2].decode(), result[3].decode(), result[4]) == want, counts


def test_a_modders_ten_faces_read_from_the_table_as_python_scores_them(tmp_path):
    ruleset = load_ruleset(write_variant(tmp_path, "tauren-holdem", TEN_FACES))
    assert ruleset.dice.count == 10 and ruleset.deal.dealt == 5
    assert hand_table(ruleset)["dice"] == 5
    agree(ruleset, list(multisets(10, 5)))


def test_nine_dice_ship_no_table_and_are_classified_alike(tmp_path):
    ruleset = load_ruleset(write_variant(tmp_path, "tauren-holdem", NINE_DICE))
    assert ruleset.deal.dealt == 9 and hand_table(ruleset) is None
    assert b"hands.table" not in render(ruleset, "Rules.lua")["Rules.lua"]
    deals = list(multisets(8, 9))
    agree(ruleset, random.Random(9).sample(deals, 400))


# Every deal the table holds, as one category and score: Hands.best gives what the table says.
DOCTOR = b"""function(ns, category)
    local doctored = {}
    for i, piece in ipairs(ns.Rules.hands.table.hands) do
        doctored[i] = piece:gsub("....", string.char(35 + category) .. "###")
    end
    ns.Rules.hands.table.hands = doctored
end"""


@pytest.mark.parametrize("ruleset_id", SHIPPED)
def test_each_shipped_game_reads_its_deals_from_the_table(ruleset_id):
    # The table is what Hands.best reads for a whole deal: doctored to say "the order's last
    # category" for every deal, it makes even five of a kind that; a deal of fewer dice, or
    # Hands.score, still classifies the dice.
    ruleset = load_ruleset(ruleset_id)
    dealt, last = ruleset.deal.dealt, len(ruleset.order)
    lua, ns = load(ruleset, "Rules.lua")
    assert ns[b"Rules"][b"hands"][b"table"][b"dice"] == dealt
    lua.eval(DOCTOR)(ns, last)
    lua.globals()[b"loadstring"](render(ruleset, "Hands.lua")["Hands.lua"])(b"x", ns)
    hands = ns[b"Hands"]
    assert ns[b"Rules"][b"hands"][b"table"] is None  # its pieces let go once joined
    faces = ruleset.dice.count
    assert hands[b"best"](lua.table_from([1] * dealt))[b"category"] == last
    # Five of a kind (or the best a deal of one face makes), classified:
    one_face = (dealt, *[0] * (faces - 1))
    best = ruleset.order.index(ruleset.evaluator.score(one_face).category) + 1
    assert best < last and hands[b"score"](lua.table_from(list(one_face)))[b"category"] == best
    if dealt > ruleset.hands.size:  # a deal of fewer dice
        fewer = (dealt - 1, *[0] * (faces - 1))
        hand = hands[b"best"](lua.table_from([1] * (dealt - 1)))
        assert hand[b"category"] == ruleset.order.index(ruleset.evaluator.score(fewer).category) + 1


HEAP = b"""function()
    collectgarbage()
    collectgarbage()
    return collectgarbage("count")
end"""


def test_the_table_is_compact():
    # Tauren Hold'em's 3,432 deals: the joined strings (about 21 KB) are what a client keeps.
    ruleset = load_ruleset("tauren-holdem")
    table = hand_table(ruleset)
    chars = sum(len(piece) for name in ("low", "high", "hands") for piece in table[name])
    assert chars == 2 * table["split"] + 2 * 1793 + 4 * 3432
    heaps = []
    for keep in (True, False):
        lua, ns = load(ruleset, "Rules.lua")
        if not keep:
            ns[b"Rules"][b"hands"][b"table"] = None
        lua.globals()[b"loadstring"](render(ruleset, "Hands.lua")["Hands.lua"])(b"x", ns)
        heaps.append(lua.eval(HEAP)())
    assert 0 < heaps[0] - heaps[1] < 24  # KiB


def test_a_table_for_another_score_format_is_not_read():
    # Hands.lua reads the table only if its score digits are its own: told another base, it
    # classifies every deal, and still finds Python's hands.
    ruleset = load_ruleset("dice-holdem")
    lua, ns = load(ruleset, "Rules.lua")
    lua.eval(DOCTOR)(ns, 1)
    ns[b"Rules"][b"hands"][b"table"][b"base"] = 99
    lua.globals()[b"loadstring"](render(ruleset, "Hands.lua")["Hands.lua"])(b"x", ns)
    best, order = ns[b"Hands"][b"best"], ruleset.order
    for counts in multisets(6, 7):
        hand = best(lua.table_from([face + 1 for face in expand(counts)]))
        assert hand[b"category"] == order.index(ruleset.evaluator.score(counts).category) + 1
