"""Benchmark: the hand evaluator and the exact odds, against fair plain baselines in one run.

    python tools/bench_hands.py [--rolls 200000] [--seed 1] [--repeats 3]

1. Evaluates `--rolls` random seven-dice Tauren Hold'em rolls with `best_hand` (what the
   engine calls: HandEvaluator.fast, the seven dice unpacked, each checked to be an int, their
   weights summed and one table lookup per roll) and with the scorer (a sum over a map, the
   same table), against a plain counting evaluator anyone
   would write (`plain_best` below: a Counter of faces, groups from sorting them, the
   straights as precomputed sets of faces, about 30 lines). Checks that both give the same
   category for every roll and prints rolls per CPU second and the ratios. The evaluators take
   turns on slices of the rolls, `--repeats` times, and each one's least total is kept (see
   `interleaved`), so that the machine's changing load falls on all of them alike.
2. Times the exact odds table (`hand_odds` on a freshly loaded ruleset, as `pyhost odds`
   calls it: it counts each set of faces shown times each shape of the deal, and needs no
   table of hands) against a plain enumeration: every multiset of seven dice
   (itertools.combinations_with_replacement, 3,432 of them), its number of orderings from
   factorials, scored by `plain_best`. Checks the counts agree and prints the ratio.

CPU time (time.process_time) throughout; the run fails (exit 1) on any disagreement.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from itertools import combinations_with_replacement
from math import factorial, prod
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyhost.rules import load_ruleset
from pyhost.rules.odds import hand_odds

# Tauren Hold'em's faces by index: 2 3 4 5 6 Warrior Chieftain Shaman (the ace, highest). A
# straight is five faces in a row around the eight (the ace also plays low: 7 0 1 2 3).
CATEGORIES = ("Bust", "One pair", "Two pair", "Three of a kind", "Straight", "Full house",
              "Four of a kind", "Five of a kind")

# Each straight's top face and its five faces, the highest top first.
STRAIGHTS = [(top, {(top - i) % 8 for i in range(5)}) for top in range(7, -1, -1)]


def plain_best(roll) -> tuple[int, tuple[int, ...]]:
    """(category index into CATEGORIES, tie-break key) of the best five of a roll."""
    counts = Counter(roll)
    # Groups, the biggest first, then the highest face.
    groups = sorted(((n, face) for face, n in counts.items()), reverse=True)
    sizes = [n for n, _ in groups]
    faces = [face for _, face in groups]
    if sizes[0] >= 5:
        return 7, (faces[0],)
    if sizes[0] == 4:
        return 6, (faces[0], max(f for f in counts if f != faces[0]))
    if sizes[0] == 3 and sizes[1] >= 2:
        return 5, (faces[0], faces[1])
    present = counts.keys()
    for top, run in STRAIGHTS:
        if run <= present:
            return 4, (top,)
    singles = sorted(present, reverse=True)
    if sizes[0] == 3:
        return 3, (faces[0], *[f for f in singles if f != faces[0]][:2])
    if sizes[0] == 2 and sizes[1] == 2:
        high, low = faces[0], faces[1]
        return 2, (high, low, max(f for f in singles if f not in (high, low)))
    if sizes[0] == 2:
        return 1, (faces[0], *[f for f in singles if f != faces[0]][:3])
    return 0, tuple(singles[:5])


def cpu(function, *args):
    start = time.process_time()
    result = function(*args)
    return result, time.process_time() - start


def interleaved(functions, rolls, repeats, chunks=20):
    """Each function's results over the rolls, and its CPU time: the rolls are cut into
    `chunks` and the functions take turns on each chunk, so that a change in the machine's
    load falls on all alike; the whole is done `repeats` times and each function's least
    total kept (as timeit does: the least is the least disturbed)."""
    size = -(-len(rolls) // chunks)
    parts = [rolls[i:i + size] for i in range(0, len(rolls), size)]
    results = {}
    best = dict.fromkeys(functions, float("inf"))
    for _ in range(repeats):
        total = dict.fromkeys(functions, 0.0)
        for part in parts:
            for name, function in functions.items():
                out, seconds = cpu(lambda f=function, p=part: [f(roll) for roll in p])
                total[name] += seconds
                results.setdefault(name, []).extend(out)
        best = {name: min(best[name], total[name]) for name in functions}
    return {name: out[:len(rolls)] for name, out in results.items()}, best


def plain_odds(faces: int, size: int) -> Counter:
    """How many of the faces**size ordered rolls make each category, by plain enumeration."""
    found: Counter = Counter()
    for roll in combinations_with_replacement(range(faces), size):
        orderings = factorial(size) // prod(factorial(n) for n in Counter(roll).values())
        found[CATEGORIES[plain_best(roll)[0]]] += orderings
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rolls", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    if args.rolls < 1 or args.repeats < 1:
        parser.error("need --rolls >= 1 and --repeats >= 1")

    ruleset = load_ruleset("tauren-holdem")
    rng = random.Random(args.seed)
    flat = rng.choices(range(ruleset.dice.count), k=7 * args.rolls)
    rolls = [tuple(flat[i:i + 7]) for i in range(0, len(flat), 7)]

    ruleset.best_hand(rolls[0])  # the table is built once per ruleset, outside the timing
    best_of = ruleset.evaluator.scorer(7)
    timed = {"called": ruleset.best_hand, "looked": best_of,
             "plain": plain_best}
    results, times = interleaved(timed, rolls, args.repeats)
    called, looked, plain = results["called"], results["looked"], results["plain"]
    called_time, looked_time, plain_time = times["called"], times["looked"], times["plain"]
    disagree = sum(hand.category.name != CATEGORIES[mine[0]]
                   for hand, mine in zip(called, plain, strict=True))
    disagree += sum(a is not b for a, b in zip(called, looked, strict=True))
    n = len(rolls)
    print(f"best_hand: {n:,} rolls {called_time:.3f} s = {n / called_time:,.0f} rolls/s")
    print(f"scorer:    {n:,} rolls {looked_time:.3f} s = {n / looked_time:,.0f} rolls/s")
    print(f"plain:     {n:,} rolls {plain_time:.3f} s = {n / plain_time:,.0f} rolls/s "
          f"(a Counter of faces, straights from sets)")
    print(f"ratio:     best_hand / plain = {plain_time / called_time:.1f}x; scorer / plain = "
          f"{plain_time / looked_time:.1f}x; disagreements: {disagree}")

    fresh = load_ruleset("tauren-holdem")  # no table built yet: the odds pay for their own
    exact, exact_time = cpu(hand_odds, fresh)
    counted, plain_odds_time = cpu(plain_odds, fresh.dice.count, 7)
    same = all(row.best * exact.total == counted[row.category.name] for row in exact.rows)
    print(f"odds:      hand_odds {exact_time * 1000:.1f} ms; plain enumeration of the 3,432 "
          f"multisets {plain_odds_time * 1000:.1f} ms; ratio {plain_odds_time / exact_time:.1f}x; "
          f"same counts: {same}")
    if disagree or not same:
        sys.exit(1)


if __name__ == "__main__":
    main()
