"""Benchmark: SHA-256 in a guided Tauren Hold'em hand, by purpose, as blocks and CPU.

    python tools/bench_hashing.py [--sizes 2,8,40] [--seed 21]

For each table size, a raid of that many clients with the built Tauren Hold'em addon opens a
guided table, everyone joins, and one hand is played to the showdown with everyone in (one
bets, all call, then all check: tests/addon_table.py's play_hand). Every client's
Sha256.digest is wrapped to count the 64-byte blocks it compresses, by what asked for the
hash (Fair's functions: a player's secret, commitment, the set hash, the seed's and streets'
ranges, a player's own dice, and the showdown's checks of a reveal: its commitment and its
dice), and the CPU (time.process_time) spent inside it. Prints, per size, the blocks by
purpose summed over the clients, and the hashing CPU as a share of the whole hand's CPU,
measured in the same run. `--bit python,c` plays each size with each of the realm's `bit`
libraries in turn (bitlib.py's Python functions, as PYHOST_BIT=python gives them, and
bitlib.c's C ones, the default where they build), in the same process, and prints the C
hands' hashing and whole CPU against the Python ones' (medians: list them more than once,
python,c,python,c, on a noisy machine).

The run fails (exit 1) if a hand does not end or a client reports an error.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from lupa import lua51
from test_raid_table import raid_table

from addon_table import build_addon, play_hand, status
from pyhost.harness import Realm, bitlib

# Wraps a client's Sha256.digest (what Sha256.hex calls too) and Fair's functions: each block
# is counted under the outermost Fair function asked for it ("check:" inside Fair.check).
COUNTING = r"""
local ns, clock = ...
local Sha256, Fair = ns.Sha256, ns.Fair
local blocks, spent, purpose = {}, { 0 }, "other"
local digest = Sha256.digest
Sha256.digest = function(message)
	blocks[purpose] = (blocks[purpose] or 0) + math.floor((#message + 8) / 64) + 1
	local start = clock()
	local result = digest(message)
	spent[1] = spent[1] + clock() - start
	return result
end
for _, name in ipairs({ "new_secret", "commitment", "set_hash", "seed_range", "street_range",
	"dice", "check" }) do
	local call = Fair[name]
	Fair[name] = function(...)
		local outer = purpose
		if outer == "other" then purpose = name
		elseif outer == "check" then purpose = "check:" .. name end
		local a, b = call(...)
		purpose = outer
		return a, b
	end
end
return blocks, spent
"""


def choose(count: int):
    """One bets, everyone calls, then everyone checks to the showdown."""
    return lambda client, turn, _situation: ("/tbet 2" if turn == 0 else
                                             "/tholdem call" if turn < count else
                                             "/tholdem check")


def hand_at(size: int, seed: int, folder: Path, addon: Path, bit: str) -> tuple[bool, float, float]:
    """(failed, hashing CPU, whole CPU) of one hand at `size` players with `bit` ("python" or
    "c") as the clients' bit library."""
    if bit == "python":
        os.environ["PYHOST_BIT"] = "python"
    else:
        os.environ.pop("PYHOST_BIT", None)
        if bitlib.native_library(lua51.__file__) is None:
            print(f"hand:  {size:2} players, C bit: not built ({bitlib.native_error})")
            return True, 0.0, 0.0
    gc.collect()  # the last hand's realm goes now, not during this one
    realm = Realm(seed=seed, wtf=folder / f"WTF{size}")
    seated = raid_table(realm, addon, size)
    counters = [client.lua.execute(COUNTING, client.addons["TaurenHoldem"].namespace,
                                   time.process_time) for client in seated]
    start = time.process_time()
    play_hand(realm, seated, 1, choose(size))
    cpu = time.process_time() - start
    bad = bool(realm.errors()) or "the hand is over" not in status(realm, seated[0])
    total: dict[str, int] = {}
    hashing = 0.0
    for blocks, spent in counters:
        for purpose, count in blocks.items():
            name = purpose.decode() if isinstance(purpose, bytes) else str(purpose)
            total[name] = total.get(name, 0) + int(count)
        hashing += spent[1]
    print(f"hand:  {size:2} players, {bit:6} bit: {sum(total.values()):6,} blocks, hashing "
          f"{hashing:6.3f} s ({hashing / max(sum(total.values()), 1) * 1e3:.3f} ms a block) of "
          f"{cpu:6.3f} s CPU ({hashing / cpu:.0%}){'  FAILED' if bad else ''}")
    for name in sorted(total, key=lambda name: -total[name]):
        print(f"         {name:24} {total[name]:6,} blocks")
    return bad, hashing, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="2,8,40")
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--bit", default="c",
                        help="python, c, or a list played in turn: python,c,python,c (default c)")
    args = parser.parse_args()
    sizes = sorted(int(size) for size in args.sizes.split(","))
    bits = args.bit.split(",")
    if not sizes or sizes[0] < 2 or sizes[-1] > 40:
        parser.error("sizes from 2 to 40 (a raid)")
    if not bits or set(bits) - {"python", "c"}:
        parser.error("--bit: python, c or both")
    failed = False
    saved = os.environ.get("PYHOST_BIT")
    with tempfile.TemporaryDirectory(prefix="pyhost-bench-") as tmp:
        folder = Path(tmp)
        addon = build_addon(folder / "AddOns")
        for size in sizes:
            spent: dict[str, list[tuple[float, float]]] = {"python": [], "c": []}
            for bit in bits:
                bad, hashing, cpu = hand_at(size, args.seed, folder, addon, bit)
                failed = failed or bad
                spent[bit].append((hashing, cpu))
            if spent["python"] and spent["c"] and not failed:
                (python_hashing, python_cpu), (c_hashing, c_cpu) = (
                    (statistics.median(h for h, _ in runs), statistics.median(c for _, c in runs))
                    for runs in (spent["python"], spent["c"]))
                print(f"ratio: {size:2} players, C bit against Python bit (medians of "
                      f"{len(spent['c'])} and {len(spent['python'])} hands): hashing "
                      f"{python_hashing:.3f} s -> {c_hashing:.3f} s "
                      f"({python_hashing / max(c_hashing, 1e-9):.1f}x less), the hand's CPU "
                      f"{python_cpu:.3f} s -> {c_cpu:.3f} s ({python_cpu / c_cpu:.2f}x less)")
    if saved is None:
        os.environ.pop("PYHOST_BIT", None)
    else:
        os.environ["PYHOST_BIT"] = saved
    if failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
