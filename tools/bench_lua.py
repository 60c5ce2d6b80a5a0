"""Benchmark: the generated Lua hand evaluator, against Python's and a naive Lua one.

    python tools/bench_lua.py [--rolls 200000] [--seed 1]

Runs the same random seven-dice Tauren Hold'em rolls through three evaluators in one
process and prints hands per second and the ratios:
- the generated `Hands.lua` (the addon's own evaluator, memoised per multiset of dice) in a
  Lua 5.1 runtime from lupa;
- the Python evaluator (`pyhost.rules`, a table indexed by the multiset);
- a naive Lua evaluator written here: all 21 five-dice subsets, each classified from scratch;
- a plain Lua evaluator written here: the seven dice's face counts, classified once (the
  fair baseline: what a careful hand-written addon does).
Then the fresh-client showdown: `--showdowns` times, a new runtime loads Rules.lua and
Hands.lua (not timed) and scores one showdown's 40 seven-dice hands (no warm cache), with
the generated evaluator and with the plain one; CPU summed over the showdowns.
The evaluators' categories are compared on every roll; any disagreement fails the run.
CPU time (time.process_time) throughout.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

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

# The seven dice's counts, classified once: a Counter, groups, straights from the runs.
PLAIN = b"""
local ns = ...
local H, FACES = ns.Rules.hands, #ns.Rules.faces
local ORDER = {}
for i, cat in ipairs(H.order) do ORDER[cat.kind] = i end
local RUNS = H.runs[5]
local counts, groups = {}, {}
local function desc(a, b) return a > b end

return function(rolls, count)
    local out = {}
    for r = 0, count - 1 do
        for face = 1, FACES do counts[face] = 0 end
        for i = 1, 7 do
            local face = rolls[r * 7 + i]
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
        out[r + 1] = ORDER[kind]
    end
    return out
end
"""

GENERATED = b"""
local ns = ...
return function(rolls, count)
    local best, out = ns.Hands.best, {}
    local dice = {}
    for r = 0, count - 1 do
        for i = 1, 7 do dice[i] = rolls[r * 7 + i] end
        out[r + 1] = best(dice).category
    end
    return out
end
"""


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
        return lua, load(GENERATED)(ns), load(NAIVE)(ns), load(PLAIN)(ns)

    lua, generated, naive, plain = runtime()
    rng = random.Random(args.seed)
    flat = rng.choices(range(ruleset.dice.count), k=7 * args.rolls)
    lua_rolls = lua.table_from([face + 1 for face in flat])
    rolls = [tuple(flat[i:i + 7]) for i in range(0, len(flat), 7)]

    def timed(run):
        start = time.process_time()
        result = run()
        return result, time.process_time() - start

    lua_out, lua_time = timed(lambda: generated(lua_rolls, args.rolls))
    best_of = ruleset.evaluator.scorer(7)
    order = {cat: i + 1 for i, cat in enumerate(ruleset.order)}
    py_out, py_time = timed(lambda: [order[best_of(roll).category] for roll in rolls])
    naive_out, naive_time = timed(lambda: naive(lua_rolls, args.rolls))
    plain_out, plain_time = timed(lambda: plain(lua_rolls, args.rolls))

    lua_categories = list(lua_out.values())
    naive_categories = list(naive_out.values())
    plain_categories = list(plain_out.values())
    disagree = sum(a != b or a != c or a != d for a, b, c, d in zip(
        lua_categories, py_out, naive_categories, plain_categories, strict=True))
    n = args.rolls
    print(f"generated Lua: {n:,} hands in {lua_time:.3f} s = {n / lua_time:,.0f} hands/s "
          "(Hands.lua, memoised per multiset)")
    print(f"Python:        {n:,} hands in {py_time:.3f} s = {n / py_time:,.0f} hands/s "
          "(pyhost.rules, a table per multiset)")
    print(f"naive Lua:     {n:,} hands in {naive_time:.3f} s = {n / naive_time:,.0f} hands/s "
          "(21 subsets, each from scratch)")
    print(f"plain Lua:     {n:,} hands in {plain_time:.3f} s = {n / plain_time:,.0f} hands/s "
          "(the seven dice's counts, classified once)")
    print(f"ratios (warm): generated Lua / Python = {py_time / lua_time:.2f}x; "
          f"generated Lua / naive Lua = {naive_time / lua_time:.1f}x; "
          f"generated Lua / plain Lua = {plain_time / lua_time:.2f}x; "
          f"disagreements: {disagree}")

    # The fresh-client showdown: 40 hands in a runtime that has scored nothing yet.
    fresh_generated = fresh_plain = 0.0
    for _ in range(args.showdowns):
        hands = rng.choices(range(ruleset.dice.count), k=7 * 40)
        fresh_lua, generated, _, plain = runtime()
        table = fresh_lua.table_from([face + 1 for face in hands])
        got, seconds = timed(lambda g=generated, t=table: g(t, 40))
        fresh_generated += seconds
        want, seconds = timed(lambda p=plain, t=table: p(t, 40))
        fresh_plain += seconds
        disagree += sum(a != b for a, b in zip(got.values(), want.values(), strict=True))
    print(f"fresh showdown: {args.showdowns} new runtimes x 40 hands: generated Lua "
          f"{fresh_generated * 1000:.1f} ms, plain Lua {fresh_plain * 1000:.1f} ms; "
          f"generated / plain = {fresh_plain / fresh_generated:.2f}x; "
          f"disagreements: {disagree}")
    if disagree:
        sys.exit(1)


if __name__ == "__main__":
    main()
