"""Soak: a table plays many guided hands while faults are injected, and nothing is lost.

    python tools/soak.py [--players 6] [--hands 50] [--seed 1] [--rate 0.1] [--loss 0.02]

`--players` simulated players (the first hosts; past five they form a raid) sit at one guided
Tauren Hold'em table and play up to `--hands` hands. Betting choices and faults are drawn from
`--seed`: at each step of a hand, with chance `--rate`, a player reloads, goes offline while
grouped, leaves the group, the dealer leaves before a roll, the host goes offline, or two
players type at the same instant; whoever left comes back a few steps later. `--loss` sets the
realm's adversarial network (that chance of losing, and of duplicating, an addon message or
chat line, and of holding one back; roll lines are never lost, as in WoW). `--rate 0 --loss 0`
is a plain soak, such as 40 players for 20 hands.

After every hand everyone is back and checked (tests/faulty_table.py): the hand ended (or was
void only if nobody could take over), the banks and pot add up to what the table started with,
every client's status line is the same. Per hand it prints the faults injected, the actions,
the virtual and wall seconds; at the end the hands played, faults by kind, and every problem
found with the seed to replay it. Exits 1 on any problem or Lua error. Times are printed,
never asserted.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from faulty_table import FaultyTable  # noqa: E402

from addon_table import build_addon  # noqa: E402
from pyhost.harness import Adversarial, Realm  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--hands", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rate", type=float, default=0.1, help="faults per step of a hand")
    parser.add_argument("--loss", type=float, default=0.02, help="network loss/duplication")
    args = parser.parse_args()
    if not 2 <= args.players <= 40 or args.hands < 1:
        parser.error("need 2 <= --players <= 40 and --hands >= 1")
    if not (0 <= args.rate <= 1 and 0 <= args.loss <= 0.5):
        parser.error("need 0 <= --rate <= 1 and 0 <= --loss <= 0.5")

    network = None
    if args.loss:
        network = Adversarial(seed=args.seed, loss=args.loss, duplicate=args.loss,
                              reorder=2 * args.loss, never_lost=("system",))
    names = [f"Raider{i:02d}" for i in range(args.players)]
    wall_start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="soak-") as folder:
        realm = Realm(seed=args.seed, wtf=Path(folder) / "WTF", adversarial=network)
        table = FaultyTable(realm, build_addon(Path(folder) / "addons"), names,
                            seed=args.seed, rate=args.rate)
        tally = table.tally
        print(f"{args.players} players seated, {table.total} chips on the table "
              f"(seed {args.seed}, fault rate {args.rate}, network loss {args.loss})")
        for _ in range(args.hands):
            if table.players_with_chips() < 2:
                print("only one player has chips left; the soak stops")
                break
            faults, actions, problems = tally.faults.copy(), tally.actions, len(tally.problems)
            virtual, wall = realm.now, time.perf_counter()
            table.play_hand()
            injected = ", ".join(f"{kind} x{count}" if count > 1 else kind
                                 for kind, count in (tally.faults - faults).items())
            print(f"hand {tally.hands}: {tally.actions - actions} actions; "
                  f"faults: {injected or 'none'}; {realm.now - virtual:.0f} virtual s, "
                  f"{time.perf_counter() - wall:.2f} wall s")
            for problem in tally.problems[problems:]:
                print(f"  PROBLEM: {problem}")
            if len(tally.problems) > problems:
                break  # the table is no longer trustworthy: stop at the first
        network_line = ""
        if network:
            counts = realm.network
            network_line = (f"; network: {counts.dropped} lost, {counts.duplicated} "
                            f"duplicated, {counts.reordered} reordered")
        print(f"hands played: {tally.hands} ({tally.completed} completed, {tally.voided} void)"
              f"; faults injected: {sum(tally.faults.values())}"
              + "".join(f", {kind} {count}" for kind, count in sorted(tally.faults.items()))
              + network_line)
        print(f"disagreements and other problems: {len(tally.problems)}; Lua errors: "
              f"{len(realm.errors())}; {realm.now:.0f} virtual s, "
              f"{time.perf_counter() - wall_start:.1f} wall s")
        # What the server counted of each client's traffic (docs/realm.md: the budget).
        meters = realm.meters
        busiest = max(meters, key=lambda name: meters[name].sent)
        fullest = max(meters, key=lambda name: meters[name].peak)
        print(f"traffic: {busiest} sent the most, {meters[busiest].sent / realm.now:.0f} "
              f"bytes a second on average; the fullest buffer at the server held "
              f"{meters[fullest].peak:.0f} bytes ({fullest}; the server holds "
              f"{realm.bandwidth.burst:.0f}); disconnected for flooding: "
              f"{len(realm.disconnects)}")
        if tally.problems or realm.errors() or realm.disconnects:
            print(f"replay: python tools/soak.py --players {args.players} --hands "
                  f"{tally.hands} --seed {args.seed} --rate {args.rate} --loss {args.loss}")
            sys.exit(1)


if __name__ == "__main__":
    main()
