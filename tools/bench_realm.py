"""Benchmark: the realm playing the real Tauren Hold'em addon, and `bit` from Lua, as ratios.

    python tools/bench_realm.py [--sizes 2,8,20,40] [--hashes 40] [--seed 21] [--crossings]
                                [--no-bit] [--repeat 3]

1. Hands: for each table size, a raid of that many clients with the built Tauren Hold'em
   addon (pyhost build, every file of it) opens a guided table, everyone joins, and one hand
   is played to the showdown with everyone in (one bets, all call, then all check), as
   tests/addon_table.py's play_hand drives it, `--repeat` times (each in a fresh realm; the
   median hand is shown, with the range). Prints the hand's CPU (time.process_time), the
   messages the realm delivered (addon messages and chat lines, to every receiver) and the
   CPU per delivery; the ratio is each size's CPU per delivery against the smallest size's,
   measured in the same run (flat is 1.0x). Then the same hand's CPU split: the time inside
   the addon's SHA-256 (each client's ns.Sha256.digest and .hex, timed from outside, a call
   inside another counted once) and the rest, with the rest's CPU per delivery and its ratio.
   Then, from each size to the next, the CPU each delivery more costs (the hands' CPU
   difference over their deliveries' difference: the average per delivery also holds each
   hand's fixed work, which weighs most at small tables), against the first step's.
   With --crossings, also the hand's calls from the clients' Lua to Python, by host function
   (the counting adds its own CPU to the hands). --no-bit: the hands only.
2. bit: the addon's SHA-256 (core/Sha256.lua, loaded as it ships) hashing a 40-seat set of
   commitments (2,600 bytes, what each client hashes once a hand), `--hashes` times, with
   `bit` given as: the first Python version of the library (every argument masked through a
   helper: pyhost.harness.bitlib.reference_library), the realm's Python one (bitlib.library),
   two pure-Lua versions (4-bit and 8-bit lookup tables), and the realm's C one (bitlib.c,
   what a client gets where it builds), each in a fresh lupa runtime and called from Lua.
   Prints ms per 64-byte block, the ratio against the first Python version, and each
   runtime's Lua heap for the bit table. All five give the same digest, checked.

The hands use the client's `bit` (the C one where it builds; PYHOST_BIT=python for the
Python one); the first line says which.

The run fails (exit 1) if a digest differs, a hand does not end or a client reports an error.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from lupa import lua51
from test_raid_table import raid_table

from addon_table import build_addon, play_hand, status
from pyhost.harness import Realm, bitlib
from pyhost.harness.bitlib import bit_table, library, reference_library
from pyhost.harness.client import Client

ROOT = Path(__file__).resolve().parent.parent

SHA256_LUA = (ROOT / "pyhost" / "codegen" / "lua" / "core" / "Sha256.lua").read_text()

# Pure-Lua `bit` (band and bxor, all Sha256.lua uses) on numbers taken modulo 2^32, from an
# AND table over CHUNK-bit pieces; xor is a + b - 2 (a & b).
PURE_LUA = """
local BITS = ...
local SIZE = 2 ^ BITS
local AND = {}
for a = 0, SIZE - 1 do
	for b = 0, SIZE - 1 do
		local r, p, x, y = 0, 1, a, b
		for _ = 1, BITS do
			local xa, yb = x % 2, y % 2
			if xa == 1 and yb == 1 then r = r + p end
			x, y, p = (x - xa) / 2, (y - yb) / 2, p * 2
		end
		AND[a * SIZE + b] = r
	end
end
local PIECES = 32 / BITS
local function band(a, b)
	a, b = a % 4294967296, (b or 4294967295) % 4294967296
	local r, p = 0, 1
	for _ = 1, PIECES do
		local x, y = a % SIZE, b % SIZE
		r = r + AND[x * SIZE + y] * p
		a, b, p = (a - x) / SIZE, (b - y) / SIZE, p * SIZE
	end
	return r
end
local function bxor(a, b, c)
	a, b = a % 4294967296, (b or 0) % 4294967296
	local r = a + b - 2 * band(a, b)
	if c then
		c = c % 4294967296
		r = r + c - 2 * band(r, c)
	end
	return r
end
return { band = band, bxor = bxor }
"""


def choose(count: int):
    """One bets, everyone calls, then everyone checks to the showdown."""
    return lambda client, turn, _situation: ("/tbet 2" if turn == 0 else
                                             "/tholdem call" if turn < count else
                                             "/tholdem check")


def time_hashing(seated, spent: list[float]) -> None:
    """Add the CPU each client spends in its SHA-256 (ns.Sha256.digest and .hex) to spent[0];
    a hash called from inside another (hex calls digest) is counted once."""
    depth = [0]
    for client in seated:
        sha = client.addons[seated.ruleset.addon.name].namespace[b"Sha256"]
        for key in (b"digest", b"hex"):
            def timed(*args, original=sha[key]):
                if depth[0]:
                    return original(*args)
                depth[0], start = 1, time.process_time()
                try:
                    return original(*args)
                finally:
                    depth[0] = 0
                    spent[0] += time.process_time() - start
            sha[key] = timed


def count_crossings(crossings: Counter) -> None:
    """Count, by name, every call Lua makes to one of the clients' host functions (the
    bridge wow.lua and its kin call) into `crossings`, in clients made from now on."""
    original = Client._host

    def counted_host(client: Client) -> Any:
        host = original(client)
        for name, fn in list(host.items()):
            if callable(fn):
                def counted(*args: Any, name: str = name.decode(), fn: Any = fn) -> Any:
                    crossings[name] += 1
                    return fn(*args)
                host[name] = counted
        return host

    Client._host = counted_host  # type: ignore[method-assign]


def hand_at(size: int, seed: int, folder: Path, addon: Path,
            crossings: Counter | None = None) -> tuple[float, float, int, bool]:
    """(CPU seconds, of them hashing, deliveries, errors) of one hand to the showdown at
    `size` players; with `crossings`, the hand's calls from Lua to Python counted into it."""
    realm = Realm(seed=seed, wtf=Path(tempfile.mkdtemp(prefix=f"WTF{size}-", dir=folder)))
    seated = raid_table(realm, addon, size)
    if crossings is not None:
        crossings.clear()
    hashing = [0.0]
    time_hashing(seated, hashing)
    deliveries = [0]
    deliver = realm._deliver

    def counted(*args, **kwargs):
        deliveries[0] += len(args[1])  # (sender, receivers, kind, action)
        return deliver(*args, **kwargs)

    realm._deliver = counted
    start = time.process_time()
    play_hand(realm, seated, 1, choose(size))
    cpu = time.process_time() - start
    counted_calls = Counter(crossings)
    over = "the hand is over" in status(realm, seated[0])
    if crossings is not None:
        crossings.clear()
        crossings.update(counted_calls)
    return cpu, hashing[0], deliveries[0], bool(realm.errors()) or not over


def bit_runtime(variant: str):
    lua = lua51.LuaRuntime(unpack_returned_tuples=True)
    lua.execute("collectgarbage('collect')")
    before = float(lua.eval("collectgarbage('count')"))
    if variant == "python, first version":
        lua.globals().bit = lua.table_from(reference_library())
    elif variant == "python, current":
        lua.globals().bit = lua.table_from(library())
    elif variant == "C (bitlib.c)":
        lua.globals().bit = bit_table(lua)
        if lua.eval("type(bit.band)") != "function":
            return None, 0.0
    else:
        lua.globals().bit = lua.execute(PURE_LUA, 4 if "4-bit" in variant else 8)
    lua.execute("collectgarbage('collect')")
    heap = float(lua.eval("collectgarbage('count')")) - before
    ns = lua.table()
    lua.execute(SHA256_LUA, "TaurenHoldem", ns)
    return ns.Sha256.hex, heap


def bench_bit(hashes: int) -> bool:
    text = "|".join(f"{i:064x}" for i in range(40))  # 40 commitments of 64 hex digits
    blocks = (len(text) + 9 + 63) // 64
    import hashlib
    expected = hashlib.sha256(text.encode()).hexdigest()
    base, ok = None, True
    for variant in ("python, first version", "python, current", "pure Lua, 4-bit tables",
                    "pure Lua, 8-bit tables", "C (bitlib.c)"):
        hex_digest, heap = bit_runtime(variant)
        if hex_digest is None:
            print(f"bit:   {variant:24} not built: {bitlib.native_error or 'PYHOST_BIT=python'}")
            continue
        start = time.process_time()
        for _ in range(hashes):
            digest = hex_digest(text)
        per_block = (time.process_time() - start) / hashes / blocks
        ok = ok and digest == expected
        base = base or per_block
        print(f"bit:   {variant:24} {per_block * 1e3:.3f} ms a block, {base / per_block:.2f}x "
              f"the first version; bit table {heap:,.0f} KiB; digest "
              f"{'ok' if digest == expected else 'WRONG'}")
    return ok


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="2,8,20,40")
    parser.add_argument("--hashes", type=int, default=40)
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--crossings", action="store_true",
                        help="also count the hands' calls from Lua to Python, by host "
                             "function (the count's own wrapper adds CPU to the hands)")
    parser.add_argument("--no-bit", action="store_true", help="the hands only")
    parser.add_argument("--repeat", type=int, default=3,
                        help="hands played at each size (fresh realms); the median is shown")
    args = parser.parse_args()
    sizes = sorted(int(size) for size in args.sizes.split(","))
    if not sizes or sizes[0] < 2 or sizes[-1] > 40 or args.hashes < 1 or args.repeat < 1:
        parser.error("sizes from 2 to 40 (a raid), --hashes >= 1, --repeat >= 1")
    failed = False
    native = os.environ.get("PYHOST_BIT") != "python" and bitlib.native_library(lua51.__file__)
    print(f"bit:   the clients' bit is {'C (bitlib.c)' if native else 'Python (bitlib.py)'}")
    with tempfile.TemporaryDirectory(prefix="pyhost-bench-") as tmp:
        folder = Path(tmp)
        addon = build_addon(folder / "AddOns")
        base = rest_base = step_base = None
        splits, steps = [], []
        previous = None  # (size, cpu, deliveries) of the size before
        crossings: Counter | None = Counter() if args.crossings else None
        if crossings is not None:
            count_crossings(crossings)
        for size in sizes:
            # The median of `--repeat` fresh hands (each its own realm): one run on a noisy
            # machine can be off by a sixth either way.
            runs = sorted(hand_at(size, args.seed, folder, addon, crossings)
                          for _ in range(args.repeat))
            cpu, hashing, delivered, bad = runs[len(runs) // 2]
            bad = bad or any(run[3] for run in runs)
            per = cpu / max(delivered, 1)
            rest = max(cpu - hashing, 0.0) / max(delivered, 1)
            base, rest_base = base or per, rest_base or rest or 1e-9
            failed = failed or bad
            spread = (f" (of {len(runs)}: {runs[0][0]:.3f}-{runs[-1][0]:.3f})"
                      if len(runs) > 1 else "")
            print(f"hand:  {size:2} players {cpu:7.3f} s CPU{spread}, {delivered:6,} deliveries, "
                  f"{per * 1e6:6.1f} us a delivery ({per / base:.2f}x the {sizes[0]}-player "
                  f"table's){'  FAILED' if bad else ''}")
            splits.append(f"split: {size:2} players {hashing:7.3f} s hashing, "
                          f"{cpu - hashing:7.3f} s the rest, {rest * 1e6:6.1f} us a delivery "
                          f"({rest / rest_base:.2f}x the {sizes[0]}-player table's)")
            # What each delivery more costs from the size before: a hand's fixed work (each
            # client's own dice, the set hash) is not in it, as it is in the average.
            if previous and delivered > previous[2]:
                step = (cpu - previous[1]) / (delivered - previous[2])
                step_base = step_base or step
                steps.append(f"step:  {previous[0]:2} -> {size:2} players {step * 1e6:6.1f} us "
                             f"each delivery more ({step / step_base:.2f}x the first step's)")
            previous = (size, cpu, delivered)
            if crossings is not None:
                splits.append(f"calls: {size:2} players {sum(crossings.values()):,} from Lua "
                              f"to Python: " + ", ".join(f"{name} {count:,}" for name, count
                                                         in crossings.most_common()))
        print("\n".join(splits + steps))
    if not args.no_bit:
        failed = not bench_bit(args.hashes) or failed
    if failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
