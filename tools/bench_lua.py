"""Benchmark: the generated Lua hand evaluator against fair plain Lua ones, Python and a naive one.

    python tools/bench_lua.py [--rolls 200000] [--seed 1] [--showdowns 50]

Runs the same random seven-dice Tauren Hold'em rolls through these evaluators in one process
and prints hands per CPU second and the ratios:
- the generated `Hands.lua` (the addon's own evaluator: a whole deal's hand read from the
  table of every deal's hand that Rules.lua ships, by one weight per die summed; a shared hand
  table per score) in a Lua 5.1 runtime from lupa, called as the addon calls it
  (`Hands.best(dice)`);
- the Python evaluator (`pyhost.rules`, a table indexed by the multiset);
- a naive Lua evaluator written here: all 21 five-dice subsets, each classified from scratch;
- a plain Lua evaluator written here (the fair baseline: bench_hands.plain_best in Lua, what a
  careful hand-written addon does): the seven dice's face counts, groups from sorting the
  faces shown, straights from the runs, and the tie-break key a showdown needs;
- the same plain evaluator without the key (the category only: not a whole evaluator, since
  it cannot order two hands of a category; printed as a floor).
All but the naive one are functions of one roll's dice array, timed through one loop
(`SCORE_ALL`: the roll copied into an array, the function called, its result kept), the way the
addon calls `Hands.best`; so no evaluator is spared the call and the copy that another pays.
Then the fresh-client showdown: `--showdowns` times, for each evaluator a new runtime loads
Rules.lua and Hands.lua (not timed) and scores one showdown's 40 seven-dice hands; CPU summed
over the showdowns. A showdown is dealt as Tauren Hold'em deals it: one board of five
community dice, and each of the 40 players' two hidden dice before it (as HoldemHand.hand_of
passes them). The same is also timed with 40 unrelated rolls, the worst case (no two hands
share dice, so almost every hand is new), for comparison. Nothing is cached between
runtimes; what Rules.lua ships and Hands.lua builds when they load (the table of every deal's
hand, strings of about 21 KB for Tauren Hold'em; the tables of group shapes and face masks its
classifying uses) is not timed, and any hand it makes on first sight is. What they cost a
runtime is printed: its Lua heap with both loaded, and the table's share of it (the same
runtime loaded without the table).
Every roll's category and key are compared: the generated Lua against Python (key and dice,
read after the timing), the plain Lua against bench_hands.plain_best, every category across all;
any disagreement fails the run. CPU time (time.process_time) throughout.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_hands import plain_best
from lupa import lua51

from pyhost.codegen import build
from pyhost.rules import load_ruleset

# Classifies a hand of five dice from its face counts, using the straight runs Rules.lua holds;
# no memo, no table: every subset of every roll is done anew.
NAIVE = b"""
local ns = ...
local H, FACES = ns.Rules.hands, #ns.Rules.faces
local ORDER = {}
for i, cat in ipairs(H.order) do ORDER[cat.kind] = i end

local function classify(counts)
    local groups = {}
    for face = 1, FACES do
        if counts[face] > 1 then groups[#groups + 1] = counts[face] end
    end
    table.sort(groups, function(a, b) return a > b end)
    local kind
    if groups[1] == 5 then kind = "five_of_a_kind"
    elseif groups[1] == 4 then kind = "four_of_a_kind"
    elseif groups[1] == 3 and groups[2] == 2 then kind = "full_house"
    end
    if not kind and #groups == 0 then
        for _, run in ipairs(H.runs[5]) do
            local all = true
            for _, face in ipairs(run.faces) do if counts[face] == 0 then all = false end end
            if all then kind = "straight" break end
        end
    end
    if not kind then
        if groups[1] == 3 then kind = "three_of_a_kind"
        elseif groups[1] == 2 and groups[2] == 2 then kind = "two_pair"
        elseif groups[1] == 2 then kind = "one_pair"
        else kind = "bust" end
    end
    return ORDER[kind]
end

return function(rolls, count)
    local out = {}
    for r = 0, count - 1 do
        local best = nil
        for a = 1, 3 do for b = a + 1, 4 do for c = b + 1, 5 do for d = c + 1, 6 do
            for e = d + 1, 7 do
                local counts = {}
                for face = 1, FACES do counts[face] = 0 end
                for _, i in ipairs({ a, b, c, d, e }) do
                    local face = rolls[r * 7 + i]
                    counts[face] = counts[face] + 1
                end
                local category = classify(counts)
                if not best or category < best then best = category end
            end
        end end end end
        out[r + 1] = best
    end
    return out
end
"""

# The seven dice's counts, classified once, with the tie-break key: bench_hands.plain_best in
# Lua (groups from sorting the faces shown, straights from the runs, kickers from the faces
# by rank), returning what a showdown needs, the category and the key.
PLAIN = b"""
local ns = ...
local H, FACES = ns.Rules.hands, #ns.Rules.faces
local RANK, BY_RANK, RUNS = H.rank, ns.Rules.faces_by_rank, H.runs[5]
local ORDER = {}
for i, cat in ipairs(H.order) do ORDER[cat.kind] = i end
local counts = {}
local function bigger(a, b) -- the bigger group first, then the higher face
    if counts[a] ~= counts[b] then return counts[a] > counts[b] end
    return RANK[a] > RANK[b]
end

-- The highest faces shown other than `skip1` and `skip2`, up to `n` of them, after `key`.
local function kickers(shown, key, n, skip1, skip2)
    for _, face in ipairs(shown) do
        if n == 0 then break end
        if face ~= skip1 and face ~= skip2 then
            key[#key + 1] = face - 1
            n = n - 1
        end
    end
    return key
end

return function(dice)
    for face = 1, FACES do counts[face] = 0 end
    for i = 1, #dice do
        local face = dice[i]
        counts[face] = counts[face] + 1
    end
    local shown = {} -- the faces shown, highest first
    for _, face in ipairs(BY_RANK) do
        if counts[face] > 0 then shown[#shown + 1] = face end
    end
    local groups = { unpack(shown) }
    table.sort(groups, bigger)
    local top, second = groups[1], groups[2]
    local g1, g2 = counts[top], second and counts[second] or 0
    local kind, key
    if g1 >= 5 then kind, key = "five_of_a_kind", { top - 1 }
    elseif g1 == 4 then kind, key = "four_of_a_kind", kickers(shown, { top - 1 }, 1, top)
    elseif g1 == 3 and g2 >= 2 then kind, key = "full_house", { top - 1, second - 1 }
    else
        for _, run in ipairs(RUNS) do
            local all = true
            for _, face in ipairs(run.faces) do
                if counts[face] == 0 then all = false break end
            end
            if all then kind, key = "straight", { run.faces[5] - 1 } break end
        end
        if not kind then
            if g1 == 3 then
                kind, key = "three_of_a_kind", kickers(shown, { top - 1 }, 2, top)
            elseif g1 == 2 and g2 == 2 then
                kind, key = "two_pair", kickers(shown, { top - 1, second - 1 }, 1, top, second)
            elseif g1 == 2 then
                kind, key = "one_pair", kickers(shown, { top - 1 }, 3, top)
            else
                kind, key = "bust", kickers(shown, {}, 5)
            end
        end
    end
    return { category = ORDER[kind], key = key }
end
"""

# The same counts, classified once, without the tie-break key: the category only (not a whole
# evaluator, since two hands of a category cannot be compared; a floor, for reference).
PLAIN_CATEGORY = b"""
local ns = ...
local H, FACES = ns.Rules.hands, #ns.Rules.faces
local ORDER = {}
for i, cat in ipairs(H.order) do ORDER[cat.kind] = i end
local RUNS = H.runs[5]
local counts, groups = {}, {}
local function desc(a, b) return a > b end

return function(dice)
    for face = 1, FACES do counts[face] = 0 end
    for i = 1, #dice do
        local face = dice[i]
        counts[face] = counts[face] + 1
    end
    local n = 0
    for face = 1, FACES do
        if counts[face] > 1 then n = n + 1 groups[n] = counts[face] end
    end
    for i = n + 1, #groups do groups[i] = nil end
    table.sort(groups, desc)
    local g1, g2, kind = groups[1] or 1, groups[2] or 1, nil
    if g1 >= 5 then kind = "five_of_a_kind"
    elseif g1 == 4 then kind = "four_of_a_kind"
    elseif g1 == 3 and g2 >= 2 then kind = "full_house"
    else
        for _, run in ipairs(RUNS) do
            local all = true
            for _, face in ipairs(run.faces) do
                if counts[face] == 0 then all = false break end
            end
            if all then kind = "straight" break end
        end
        if not kind then
            if g1 == 3 then kind = "three_of_a_kind"
            elseif g1 == 2 and g2 == 2 then kind = "two_pair"
            elseif g1 == 2 then kind = "one_pair"
            else kind = "bust" end
        end
    end
    return ORDER[kind]
end
"""

GENERATED = b"""
local ns = ...
return ns.Hands.best
"""

# How every evaluator but the naive one is timed: called as the addon calls Hands.best, with
# each roll's dice in one array, its result kept (a hand, or a category for the floor).
SCORE_ALL = b"""
local best = ...
return function(rolls, count)
    local out, dice = {}, {}
    for r = 0, count - 1 do
        for i = 1, 7 do dice[i] = rolls[r * 7 + i] end
        out[r + 1] = best(dice)
    end
    return out
end
"""

# No evaluator at all: what calling one 40 times through SCORE_ALL costs in a fresh runtime
# (lupa's call in, the loop, the copies, the first use of the results table), which every
# evaluator pays alike; the fresh ratios are also printed net of it.
EMPTY = b"return function() return function(dice) return dice[1] end end"

# Untimed: each roll's hand from Hands.lua, or a plain result, as "category:key:dice" text.
SPELL = b"""
local ns = ...
return function(rolls, count, results)
    local out, dice = {}, {}
    for r = 0, count - 1 do
        local hand = results and results[r + 1]
        if not hand then
            for i = 1, 7 do dice[i] = rolls[r * 7 + i] end
            hand = ns.Hands.best(dice)
        end
        out[r + 1] = hand.category .. ":" .. table.concat(hand.key, ",")
            .. (hand.dice and ":" .. table.concat(hand.dice, ",") or "")
    end
    return out
end
"""


# A runtime's Lua heap after a full collection, KiB.
HEAP = b"(function() collectgarbage() collectgarbage() return collectgarbage('count') end)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rolls", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--showdowns", type=int, default=50)
    args = parser.parse_args()
    if args.rolls < 1:
        parser.error("--rolls must be at least 1")

    ruleset = load_ruleset("tauren-holdem")
    files = build(ruleset)

    def runtime():
        lua = lua51.LuaRuntime(encoding=None, unpack_returned_tuples=True)
        ns = lua.table()
        for name in ("Rules.lua", "Hands.lua"):
            lua.globals()[b"loadstring"](files[name], name.encode())(b"TaurenHoldem", ns)
        load = lua.globals()[b"loadstring"]
        run = {name: load(code)(ns) for name, code in (("naive", NAIVE), ("spell", SPELL))}
        for name, code in (("generated", GENERATED), ("plain", PLAIN),
                           ("category", PLAIN_CATEGORY), ("empty", EMPTY)):
            run[name] = load(SCORE_ALL)(load(code)(ns))
        return lua, run

    lua, run = runtime()
    heaps = []  # an empty runtime's heap; with the files loaded; the same without the table
    for files_loaded, table in ((False, False), (True, True), (True, False)):
        bare = lua51.LuaRuntime(encoding=None)
        ns = bare.table()
        if files_loaded:
            bare.globals()[b"loadstring"](files["Rules.lua"])(b"TaurenHoldem", ns)
            if not table:
                ns[b"Rules"][b"hands"][b"table"] = None
            bare.globals()[b"loadstring"](files["Hands.lua"])(b"TaurenHoldem", ns)
        heaps.append(bare.eval(HEAP)())
    print(f"loaded: Rules.lua and Hands.lua hold {heaps[1] - heaps[0]:.1f} KiB of Lua heap, "
          f"{heaps[1] - heaps[2]:.1f} KiB of it the table of every deal's hand")
    rng = random.Random(args.seed)
    flat = rng.choices(range(ruleset.dice.count), k=7 * args.rolls)
    lua_rolls = lua.table_from([face + 1 for face in flat])
    rolls = [tuple(flat[i:i + 7]) for i in range(0, len(flat), 7)]
    n = args.rolls

    def timed(function):
        start = time.process_time()
        result = function()
        return result, time.process_time() - start

    lua_out, lua_time = timed(lambda: run["generated"](lua_rolls, n))
    best_of = ruleset.evaluator.scorer(7)
    order = {cat: i + 1 for i, cat in enumerate(ruleset.order)}
    py_out, py_time = timed(lambda: [order[best_of(roll).category] for roll in rolls])
    naive_out, naive_time = timed(lambda: run["naive"](lua_rolls, n))
    plain_out, plain_time = timed(lambda: run["plain"](lua_rolls, n))
    category_out, category_time = timed(lambda: run["category"](lua_rolls, n))

    # Untimed checks: every category alike; the generated hands' keys and dice as Python's;
    # the plain keys as plain_best's.
    kinds = {cat.kind: i + 1 for i, cat in enumerate(ruleset.order)}
    plain_kinds = ("bust", "one_pair", "two_pair", "three_of_a_kind", "straight", "full_house",
                   "four_of_a_kind", "five_of_a_kind")  # plain_best's categories, by index
    disagree = sum(len({a, b, c, d, e}) > 1 for a, b, c, d, e in zip(
        (hand[b"category"] for hand in lua_out.values()), py_out, naive_out.values(),
        category_out.values(),
        (hand[b"category"] for hand in plain_out.values()), strict=True))
    for roll, spelled in zip(rolls, run["spell"](lua_rolls, n).values(), strict=True):
        hand = best_of(roll)
        want = (f"{order[hand.category]}:{','.join(map(str, hand.key))}:"
                f"{','.join(str(face + 1) for face in hand.dice)}")
        disagree += spelled.decode() != want
    plain_spelled = run["spell"](lua_rolls, n, plain_out).values()
    for roll, spelled in zip(rolls, plain_spelled, strict=True):
        category, key = plain_best(roll)
        disagree += spelled.decode() != f"{kinds[plain_kinds[category]]}:{','.join(map(str, key))}"

    def line(label, seconds, what):
        print(f"{label:<15}{n:,} hands in {seconds:.3f} s = {n / seconds:,.0f} hands/s ({what})")

    line("generated Lua:", lua_time, "Hands.lua, as the addon calls it")
    line("Python:", py_time, "pyhost.rules, a table per multiset")
    line("naive Lua:", naive_time, "21 subsets, each from scratch")
    line("plain Lua:", plain_time, "the seven dice's counts classified once, with the key")
    line("category only:", category_time, "the same without the key: not a whole evaluator")
    print(f"ratios (warm): generated Lua / plain Lua = {plain_time / lua_time:.2f}x; "
          f"generated Lua / category only = {category_time / lua_time:.2f}x; "
          f"generated Lua / Python = {py_time / lua_time:.2f}x; "
          f"generated Lua / naive Lua = {naive_time / lua_time:.1f}x; "
          f"disagreements: {disagree}")

    # The fresh-client showdown: 40 hands in a runtime that has scored nothing yet, a runtime of
    # its own for each evaluator (so none pays for what another's loading left to collect).
    faces, hidden, board = ruleset.dice.count, ruleset.deal.hidden, sum(ruleset.deal.community)

    def showdown():
        shared = rng.choices(range(faces), k=board)
        return [face for _ in range(40) for face in (*rng.choices(range(faces), k=hidden),
                                                     *shared)]

    for label, deal in (("fresh showdown", showdown),
                        ("fresh, 40 unrelated rolls",
                         lambda: rng.choices(range(faces), k=7 * 40))):
        fresh = dict.fromkeys(("generated", "plain", "category", "empty"), 0.0)
        for _ in range(args.showdowns):
            hands = deal()
            results = {}
            for name in fresh:
                fresh_lua, fresh_run = runtime()
                table = fresh_lua.table_from([face + 1 for face in hands])
                results[name], seconds = timed(lambda f=fresh_run[name], t=table: f(t, 40))
                fresh[name] += seconds
            got = [hand[b"category"] for hand in results["generated"].values()]
            disagree += got != list(results["category"].values())
            disagree += got != [hand[b"category"] for hand in results["plain"].values()]
            rolls = [tuple(hands[i:i + 7]) for i in range(0, len(hands), 7)]
            disagree += got != [order[best_of(roll).category] for roll in rolls]
        print(f"{label}: {args.showdowns} new runtimes x 40 hands: generated Lua "
              f"{fresh['generated'] * 1000:.1f} ms, plain Lua {fresh['plain'] * 1000:.1f} ms, "
              f"category only {fresh['category'] * 1000:.1f} ms; generated / plain = "
              f"{fresh['plain'] / fresh['generated']:.2f}x, generated / category only = "
              f"{fresh['category'] / fresh['generated']:.2f}x; disagreements: {disagree}")
        base = fresh["empty"]
        print(f"{label}, net of calling no evaluator ({base * 1000:.1f} ms): generated / plain = "
              f"{(fresh['plain'] - base) / (fresh['generated'] - base):.2f}x, generated / "
              f"category only = {(fresh['category'] - base) / (fresh['generated'] - base):.2f}x")
    if disagree:
        sys.exit(1)


if __name__ == "__main__":
    main()
