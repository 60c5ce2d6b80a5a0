"""Long fuzz of bad input: ruleset files, `pyhost` command lines, slash commands and addon
messages.

    python tools/fuzz_inputs.py [--seconds 60 | --cases N] [--seed 1]
                                [--kind ruleset|argv|slash|message]
                                [--commands 300]

The same generators as the bounded tests (tests/input_fuzz.py, run by test_ruleset_fuzz.py and
test_slash_fuzz.py), for longer:

- ruleset: a mutated shipped ruleset (keys deleted, types changed, huge, negative and zero
  numbers, empty lists, unknown keys, odd unicode, duplicated faces and categories), broken
  TOML, truncated or junk bytes, an empty file, a folder or a missing file, through
  `pyhost build`, `rules` or `odds` in-process. Accepted (and a built addon loads in the realm
  without a Lua error) or refused in one stderr line with exit code 1 or 2.
- argv: a random `pyhost` command line: accepted, or refused in one line, never a traceback.
- slash: one table session of --commands random slash commands (tests/input_fuzz.slash_fuzz):
  no Lua error; a command that sends nothing changes no status and prints one line; otherwise
  every client agrees. Its accepted and rejected count commands, not sessions.
- message: --commands random, malformed and replayed addon messages on the table's prefix
  (tests/message_fuzz.py), from a watcher (nothing may change) on even seeds, from a seated
  player (every client does the same) on odd ones; no Lua error either way.

Without --kind the kinds take turns. Case i runs with seed --seed + i, so a failure prints the
command line that reproduces it alone. It prints, per kind, the cases (and commands) run,
accepted and rejected, cases a second; and each failure. Exits 1 on any failure.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from message_fuzz import player_junk, watcher_junk  # noqa: E402

from addon_table import build_addon  # noqa: E402
from input_fuzz import CASES, slash_fuzz  # noqa: E402

KINDS = ["ruleset", "argv", "slash", "message"]


class Tally:
    def __init__(self) -> None:
        self.cases = self.accepted = self.rejected = self.commands = 0
        self.seconds = 0.0


def run_case(kind: str, seed: int, folder: Path, addon: Path, commands: int,
             tally: Tally) -> str | None:
    """One case; its problem, or None."""
    if kind == "slash":
        run = slash_fuzz(addon, folder / "WTF", seed, commands)
        tally.commands += run.commands
        tally.accepted += run.accepted
        tally.rejected += run.rejected
        return run.problems[0] if run.problems else None
    if kind == "message":
        scene = player_junk if seed % 2 else watcher_junk
        tally.commands += commands
        problem = scene(addon, folder / f"WTF-{seed}", seed, commands)
        tally.accepted += problem is None
        return problem
    accepted, problem = CASES[kind](random.Random(seed), folder, 0)
    tally.accepted += accepted
    tally.rejected += not accepted and problem is None
    return problem


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    limit = parser.add_mutually_exclusive_group()
    limit.add_argument("--seconds", type=float, default=None,
                       help="run for this long (default 60 when --cases is not given)")
    limit.add_argument("--cases", type=int, default=None, help="run this many cases")
    parser.add_argument("--seed", type=int, default=1, help="the first case's seed")
    parser.add_argument("--kind", choices=KINDS, help="only this kind (default: all, in turn)")
    parser.add_argument("--commands", type=int, default=300,
                        help="slash commands in one slash case (default 300)")
    args = parser.parse_args()
    seconds = args.seconds if args.seconds is not None or args.cases is not None else 60.0
    kinds = [args.kind] if args.kind else KINDS
    tallies = {kind: Tally() for kind in kinds}
    failures: list[str] = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="pyhost-fuzz-") as scratch:
        root = Path(scratch)
        addon = build_addon(root / "addons")
        number = 0
        while True:
            if args.cases is not None and number >= args.cases:
                break
            if seconds is not None and time.perf_counter() - started >= seconds:
                break
            kind = kinds[number % len(kinds)]
            seed = args.seed + number
            folder = root / f"case{number}"
            folder.mkdir()
            tally = tallies[kind]
            began = time.perf_counter()
            problem = run_case(kind, seed, folder, addon, args.commands, tally)
            tally.seconds += time.perf_counter() - began
            tally.cases += 1
            if problem:
                rerun = (f"python tools/fuzz_inputs.py --kind {kind} --seed {seed} --cases 1"
                         + (f" --commands {args.commands}" if kind in ("slash", "message") else ""))
                failures.append(f"{kind} seed {seed}: {problem}\n  reproduce: {rerun}")
                print(f"FAIL {failures[-1]}", flush=True)
            number += 1
    for kind, tally in tallies.items():
        rate = tally.cases / tally.seconds if tally.seconds else 0.0
        commands = f", {tally.commands} commands" if kind in ("slash", "message") else ""
        print(f"{kind}: {tally.cases} cases{commands}, {tally.accepted} accepted, "
              f"{tally.rejected} rejected, {rate:.1f} cases/s")
    print(f"failures: {len(failures)} in {time.perf_counter() - started:.1f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
