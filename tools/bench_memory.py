"""Benchmark: memory over many hands of the real Tauren Hold'em addon (minutes: not a test).

    python tools/bench_memory.py [--players 40] [--hands 10,100] [--seed 21]

A raid of `--players` clients with the built addon plays hands one after another (one bets,
the next calls, the rest fold, the two check to the showdown; the pot moves between
neighbours, so the table keeps playing). After each hand count named in `--hands` it prints
each client's Lua heap after a full collection (collectgarbage("count"), the mean), the
process RSS (/proc/self/statm) and the sizes of the Python-side lists that live as long as
the realm (chat frames, the traffic meters); the ratio is each figure against the first
checkpoint's, in the same run (flat is 1.00x). Then a bare lupa runtime holding the same
addon (every file of the .toc loaded, with a stub standing in for the WoW API) and the
ratio of a client's heap to it.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from lupa import lua51
from test_raid_table import raid_table

from addon_table import build_addon, play_hand
from pyhost.harness import Realm

# Anything the addon reads from the WoW API at load time: a callable, indexable stand-in.
STUB = """
local stub
stub = setmetatable({}, {
	__index = function() return stub end,
	__call = function() return stub end,
	__newindex = function() end,
	__concat = function() return "" end,
})
setmetatable(_G, { __index = function() return stub end })
"""


def rss_kib() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1024


def heap_kib(lua) -> float:
    lua.execute(b'collectgarbage("collect")')
    return float(lua.eval(b'collectgarbage("count")'))


def bare_heap_kib(addon: Path) -> float:
    """A bare runtime's heap with every file of the addon's .toc loaded."""
    lua = lua51.LuaRuntime(unpack_returned_tuples=True)
    lua.execute(STUB)
    ns = lua.table()
    toc = next(addon.glob("*.toc")).read_text(encoding="utf-8").splitlines()
    for line in toc:
        line = line.strip()
        if line and not line.startswith("#"):
            lua.globals().loadstring((addon / line).read_text(encoding="utf-8"))(addon.name, ns)
    lua.execute('collectgarbage("collect")')
    return float(lua.eval('collectgarbage("count")'))


def python_lists(realm: Realm, clients) -> int:
    """Entries in the realm's Python-side records that could grow with play."""
    lines = sum(len(client.chat.lines) for client in clients)
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--hands", default="10,100")
    parser.add_argument("--seed", type=int, default=21)
    args = parser.parse_args()
    checkpoints = sorted(int(n) for n in args.hands.split(","))
    with tempfile.TemporaryDirectory(prefix="pyhost-bench-") as tmp:
        addon = build_addon(Path(tmp) / "AddOns")
        realm = Realm(seed=args.seed, wtf=Path(tmp) / "WTF")
        seated = raid_table(realm, addon, args.players)

        def choose(_client, turn, _situation):
            return ("/tbet 2", "/tholdem call")[turn] if turn < 2 else (
                "/tholdem check" if turn >= args.players else "/tholdem fold")

        first = None
        for hand in range(1, checkpoints[-1] + 1):
            play_hand(realm, seated, hand, choose)
            if hand in checkpoints:
                gc.collect()
                heap = sum(heap_kib(client.lua) for client in seated) / len(seated)
                figures = (heap, rss_kib(), python_lists(realm, seated))
                first = first or figures
                print(f"hand {hand:3}: Lua heap {heap:,.0f} KiB a client "
                      f"({heap / first[0]:.2f}x), RSS {figures[1] / 1024:,.1f} MiB "
                      f"({figures[1] / first[1]:.2f}x), chat lines kept {figures[2]:,} "
                      f"({figures[2] / max(first[2], 1):.2f}x)")
        bare = bare_heap_kib(addon)
        print(f"bare:     a lupa runtime holding the addon {bare:,.0f} KiB; a client's heap "
              f"after hand {checkpoints[-1]} is {heap / bare:.2f}x that")
        errors = realm.errors()
        for who, trace in errors[:5]:
            print(f"error:    {who}: {trace.splitlines()[0]}")
    if errors:
        sys.exit(1)


if __name__ == "__main__":
    main()
