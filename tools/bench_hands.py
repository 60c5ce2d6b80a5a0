"""Benchmark: the hand evaluator and the exact odds, as ratios within one run.

    python tools/bench_hands.py [--rolls 1000000] [--naive-rolls 20000] [--seed 1]

1. Evaluates `--rolls` random seven-dice Tauren Hold'em rolls with the
   evaluator (one table lookup per roll) and prints rolls per second, then
   the naive baseline (all 21 five-dice subsets, each scored from scratch)
   on the first `--naive-rolls` of the same rolls, checks that both agree,
   and prints the ratio. The naive way runs on fewer rolls because it is
   slow; a rate is a rate.
2. Times the exact odds table (multisets with their multiplicities, from a
   freshly loaded ruleset) against a brute-force count over all 8^7 sequences,
   and prints the ratio.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyhost.rules import load_ruleset
from pyhost.rules.odds import best_counts_brute_force, hand_odds


def timed(function, *args):
    start = time.perf_counter()
    result = function(*args)
    return result, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rolls", type=int, default=1_000_000)
    parser.add_argument("--naive-rolls", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.rolls < 1 or not 1 <= args.naive_rolls <= args.rolls:
        parser.error("need --rolls >= 1 and 1 <= --naive-rolls <= --rolls")

    ruleset = load_ruleset("tauren-holdem")
    evaluator = ruleset.evaluator
    rng = random.Random(args.seed)
    flat = rng.choices(range(ruleset.dice.count), k=7 * args.rolls)
    rolls = [tuple(flat[i:i + 7]) for i in range(0, len(flat), 7)]

    _, build = timed(evaluator.table, 7)
    best_of = evaluator.scorer(7)
    fast, fast_time = timed(lambda: [best_of(roll) for roll in rolls])
    sample = rolls[:args.naive_rolls]
    naive, naive_time = timed(lambda: [evaluator.best_from_scratch(roll) for roll in sample])
    disagree = sum(a != b or a.category != b.category for a, b in zip(fast, naive, strict=False))
    fast_rate, naive_rate = len(rolls) / fast_time, len(sample) / naive_time
    print(f"evaluator: {len(rolls):,} rolls in {fast_time:.3f} s = {fast_rate:,.0f} rolls/s "
          f"(table of 3,432 multisets built once in {build * 1000:.1f} ms)")
    print(f"naive:     {len(sample):,} rolls in {naive_time:.3f} s = {naive_rate:,.0f} rolls/s "
          f"(21 subsets each, scored from scratch)")
    print(f"ratio:     evaluator / naive = {fast_rate / naive_rate:,.1f}x; "
          f"disagreements: {disagree}")

    fresh = load_ruleset("tauren-holdem")  # no table built yet: the odds pay for their own
    exact, exact_time = timed(hand_odds, fresh)
    brute, brute_time = timed(best_counts_brute_force, fresh.evaluator, 7)
    same = all(row.best * exact.total == brute[row.category] for row in exact.rows)
    print(f"odds:      exact by multisets {exact_time * 1000:.1f} ms; brute force over "
          f"8^7 = {exact.total:,} sequences {brute_time:.2f} s; "
          f"ratio {brute_time / exact_time:,.1f}x; same counts: {same}")
    if disagree or not same:
        sys.exit(1)


if __name__ == "__main__":
    main()
