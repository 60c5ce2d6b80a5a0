"""Soak test: a raid plays many guided hands with varied choices, and every client stays in step.

    python tools/soak_raid.py [--players 40] [--hands 20] [--seed 1]

`--players` raiders (the first hosts) sit at one guided Tauren Hold'em table in the simulated
realm and play up to `--hands` hands. Every betting decision is drawn from
`random.Random(--seed)`: bets, raises, calls, checks, all-ins and folds, so money moves, players
go broke and sit out (a player at 0 is not dealt in), side pots form. A choice the table
refuses (a raise below the least, say) falls back to a plain call, check, minimum bet or fold.

After every hand each client types `/tholdem status`: all the status lines must be identical
(every client agrees on every bank) and the banks must add up to what the table started with.
Per hand it prints the hand number, how many were dealt in, the pot lines from the host's chat
(who won what), and the realm's virtual seconds and the wall seconds it took. At the end: hands
played, disagreements (must be 0), total virtual and wall time, and the count of Lua errors in
`realm.errors()`. It exits 1 on any disagreement, broken conservation, hand that does not end,
or Lua error. Times are printed, never asserted.

The table helpers come from the test suite: this puts the repo's `tests/` folder on `sys.path`
and imports `addon_table` (build_addon, deal_fairly, status, banks, play) and `raid_table` from
`test_raid_table`.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from test_raid_table import raid_table  # noqa: E402

from addon_table import (  # noqa: E402
    ROLLS_NEXT,
    TO_ACT,
    banks,
    build_addon,
    deal_fairly,
    play,
    status,
)
from pyhost.harness import Realm  # noqa: E402

POT_LINE = re.compile(r" (wins|splits|takes back) ")


def decide(rng: random.Random, situation: str, bank: int) -> str:
    """A betting line for the player to act, drawn from `rng`, given the status line's
    "(...)" part: "N to call", "check or bet" or "bet at least N or fold"."""
    roll = rng.random()
    if situation.endswith("to call"):
        # The more of the bank a call takes, the likelier a fold and the rarer a raise.
        pressure = min(1.0, int(situation.split()[0]) / bank) if bank else 1.0
        fold, raise_ = 0.2 + 0.6 * pressure, 0.08 * (1 - pressure)
        if roll < 0.03:
            return "/tholdem allin"
        if roll < 0.03 + fold:
            return "/tholdem fold"
        if roll < 0.03 + fold + raise_:
            return f"/tholdem raise {rng.choice((2, 2, 4, 6))}"
        return "/tholdem call"
    if situation == "check or bet":
        if roll < 0.03:
            return "/tholdem allin"
        if roll < 0.08:
            return "/tholdem fold"
        if roll < 0.33:
            return f"/tbet {rng.choice((2, 2, 4, 6))}"
        return "/tholdem check"
    least = int(re.search(r"\d+", situation).group())  # "bet at least N or fold"
    if roll < 0.03:
        return "/tholdem allin"
    if roll < 0.33:
        return "/tholdem fold"
    if roll < 0.40:
        return f"/tbet {least + 2}"
    return f"/tbet {least}" if bank >= least else "/tholdem allin"


def fallback(situation: str, bank: int) -> str:
    """What the player does when their drawn choice was refused: the plainest legal line."""
    if situation.endswith("to call"):
        return "/tholdem call"
    if situation == "check or bet":
        return "/tholdem check"
    least = int(re.search(r"\d+", situation).group())
    return f"/tbet {least}" if bank >= least else "/tholdem fold"


def play_random_hand(realm: Realm, seated, number: int, rng: random.Random) -> tuple[int, int]:
    """Start hand `number`, deal everyone with chips, then bet by `rng` and roll each street
    until the hand is over. Returns (actions taken, refused choices). Not addon_table's
    play_hand: a refusal shows as the same status line twice with no roll between."""
    by_name = {client.name: client for client in seated}
    play(realm, seated[0], "/tholdem start")
    deal_fairly(realm, seated, number)
    actions = refused = 0
    last_line = None
    for _ in range(2000):
        line = status(realm, seated[0])
        if "the hand is over" in line:
            return actions, refused
        acting = TO_ACT.search(line)
        if acting:
            actor, situation = by_name[acting.group(1)], acting.group(2)
            bank = banks(line)[actor.name]
            if line == last_line:  # the last choice changed nothing: it was refused
                refused += 1
                choice = fallback(situation, bank)
            else:
                choice = decide(rng, situation, bank)
            last_line = line
            play(realm, actor, choice)
            actions += 1
            continue
        rolling = ROLLS_NEXT.search(line)
        if rolling is None:
            raise RuntimeError(f"hand {number}: nobody to act and no street to roll: {line}")
        last_line = None
        play(realm, by_name[rolling.group(1)], f"/t{rolling.group(2)}")
    raise RuntimeError(f"hand {number} did not end")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not 2 <= args.players <= 40 or args.hands < 1:
        parser.error("need 2 <= --players <= 40 and --hands >= 1")

    rng = random.Random(args.seed)
    wall_start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="soak-raid-") as folder:
        realm = Realm(seed=args.seed, wtf=Path(folder) / "WTF")
        addon = build_addon(Path(folder) / "addons")
        seated = raid_table(realm, addon, args.players)
        opening = banks(status(realm, seated[0]))
        total = sum(opening.values())
        print(f"{len(opening)} players seated, {total} chips on the table; "
              f"setup {realm.now:.1f} virtual s, {time.perf_counter() - wall_start:.1f} wall s")
        virtual_start, wall_hands = realm.now, time.perf_counter()
        played = disagreements = broken = 0
        failure = ""
        for number in range(1, args.hands + 1):
            dealt = sum(1 for bank in banks(status(realm, seated[0])).values() if bank > 0)
            if dealt < 2:
                print(f"hand {number}: only {dealt} player has chips left; the soak stops")
                break
            since = len(seated[0].chat.lines)
            realm_before, wall_before = realm.now, time.perf_counter()
            try:
                actions, refused = play_random_hand(realm, seated, number, rng)
            except RuntimeError as stuck:
                failure = str(stuck)
                print(f"hand {number}: FAILED: {failure}")
                break
            played += 1
            realm_seconds = realm.now - realm_before
            wall_seconds = time.perf_counter() - wall_before
            pots = [line for line in seated[0].chat.lines[since:] if POT_LINE.search(line)]
            lines = {status(realm, client) for client in seated}
            final = banks(next(iter(lines)))
            agree = len(lines) == 1
            conserved = sum(final.values()) == total
            disagreements += not agree
            broken += not conserved
            print(f"hand {number}: {dealt} dealt in, {actions} actions ({refused} refused); "
                  f"{'; '.join(pots) or 'no pot line found'}; "
                  f"{realm_seconds:.1f} virtual s, {wall_seconds:.2f} wall s"
                  + ("" if agree else f"; DISAGREEMENT: {len(lines)} different status lines")
                  + ("" if conserved else f"; CHIPS NOT CONSERVED: {sum(final.values())}"))
        errors = realm.errors()
        print(f"hands played: {played}; disagreements: {disagreements}; "
              f"conservation failures: {broken}")
        print(f"total: {realm.now - virtual_start:.1f} virtual s, "
              f"{time.perf_counter() - wall_hands:.1f} wall s over the hands "
              f"({time.perf_counter() - wall_start:.1f} wall s with setup)")
        print(f"Lua errors: {len(errors)}")
        for client, text in errors[:5]:
            print(f"  {client}: {text.splitlines()[0] if text else ''}")
    if disagreements or broken or errors or failure:
        sys.exit(1)


if __name__ == "__main__":
    main()
