"""Benchmark: memory over many hands of the real Tauren Hold'em addon (minutes: not a test).

    python tools/bench_memory.py [--players 40] [--hands 10,100] [--seed 21]

A raid of `--players` clients with the built addon plays hands one after another (one bets,
the next calls, the rest fold, the two check to the showdown; the pot moves between
neighbours, so the table keeps playing). After each hand count named in `--hands` it prints
each client's Lua heap after a full collection (collectgarbage("count"): the mean and the
largest), the process RSS (/proc/self/statm) and the sizes of the Python-side records that
live as long as the realm (chat frames, sounds, message boxes, error lines, the timer queue);
each ratio is against the first checkpoint's figure, in the same run (flat is 1.00x).

Then a bare lupa runtime holding the same addon: every file of the .toc loaded under the
chunk name the client gives it ("@Interface/AddOns/<addon>/<file>"), with a stub standing in
for the WoW API, and no realm of its own.

Two aims (issue 16), each printed with its figures and PASS or FAIL:
- flat: from the first checkpoint to the last, the largest client's Lua heap and the
  process RSS (after malloc_trim, as a heap is measured after a full collection; the RSS
  before it is printed too) each grow by at most 10% (1.10x);
- per client: the heap of a client that logs in holding the addon is at most 1.5 times the
  bare runtime's: the same addon, loaded, neither having played. (The clients at the table
  hold, besides, what the addon keeps from the hands it played, which a bare runtime cannot
  play: their heap against the bare runtime's is printed too, not held to the aim.)
It exits 1 when an aim fails or a client reported a Lua error.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
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
from pyhost.harness.client import CHAT_MAX_LINES

FLAT = 1.10  # the heaps and the process end within 10% of the first checkpoint
PER_CLIENT = 1.5  # a client's heap against a bare runtime holding the same addon

# Anything the addon reads from the WoW API at load time: a callable, indexable stand-in.
STUB = b"""
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


def trimmed_rss_kib() -> float:
    """RSS once the C allocator has handed its free pages back (glibc's malloc_trim(0)): what
    the process holds, as a full collection is what a heap holds; RSS itself where there is no
    glibc."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    return rss_kib()


def heap_kib(lua) -> float:
    lua.execute(b'collectgarbage("collect")')
    return float(lua.eval(b'collectgarbage("count")'))


def bare_heap_kib(addon: Path) -> float:
    """A bare runtime's heap with every file of the addon's .toc loaded, each under the chunk
    name the client gives it (without one, Lua keeps a file's whole text as its name)."""
    lua = lua51.LuaRuntime(encoding=None, unpack_returned_tuples=True, register_eval=False,
                           register_builtins=False)
    lua.execute(STUB)
    ns = lua.table()
    loadstring = lua.globals()[b"loadstring"]
    toc = next(addon.glob("*.toc")).read_text(encoding="utf-8").splitlines()
    for line in toc:
        line = line.strip()
        if line and not line.startswith("#"):
            chunkname = f"@Interface/AddOns/{addon.name}/{line.replace(chr(92), '/')}"
            chunk = loadstring((addon / line).read_bytes(), chunkname.encode())
            chunk(addon.name.encode(), ns)
    return heap_kib(lua)


def python_records(realm: Realm, clients) -> dict[str, int]:
    """Entries in the realm's Python-side records that could grow with play."""
    return {
        "chat lines": sum(1 for c in clients for _ in c.chat),  # those kept
        "sounds, boxes, error lines": sum(len(c.sounds) + len(c.messages) + len(c.ui_errors)
                                          + len(c.ui_warnings) + len(c.errors)
                                          for c in clients),
        "queued": len(realm._queue),
    }


def hand_log(client) -> str:
    """The host's hand log (holdem/HandLog.lua): its hands and about the bytes it saves."""
    log = client.addons["TaurenHoldem"].namespace[b"HandLog"]
    hands = client.lua.eval(b"function(db) return db and db.log and #db.log.hands or 0 end")(
        client.global_value("TaurenHoldemDB"))
    return f"hand log {hands} hands, {log.size() / 1024:,.0f} KiB saved"


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--hands", default="10,100")
    parser.add_argument("--seed", type=int, default=21)
    args = parser.parse_args()
    checkpoints = sorted(int(n) for n in args.hands.split(","))
    with tempfile.TemporaryDirectory(prefix="pyhost-bench-") as tmp:
        addon = build_addon(Path(tmp) / "AddOns")
        # The chat frames keep the game's 128 lines (Realm's default keeps every line).
        realm = Realm(seed=args.seed, wtf=Path(tmp) / "WTF", chat_lines=CHAT_MAX_LINES)
        seated = raid_table(realm, addon, args.players)

        def choose(_client, turn, _situation):
            return ("/tbet 2", "/tholdem call")[turn] if turn < 2 else (
                "/tholdem check" if turn >= args.players else "/tholdem fold")

        first = None
        for hand in range(1, checkpoints[-1] + 1):
            play_hand(realm, seated, hand, choose)
            if hand in checkpoints:
                gc.collect()
                heaps = [heap_kib(client.lua) for client in seated]
                mean, largest = sum(heaps) / len(heaps), max(heaps)
                untrimmed = rss_kib()
                figures = (mean, largest, trimmed_rss_kib())
                records = python_records(realm, seated)
                first = first or (figures, records)
                kept = ", ".join(f"{name} {count:,} ({count / max(first[1][name], 1):.2f}x)"
                                 for name, count in records.items())
                print(f"hand {hand:3}: Lua heap {mean:,.0f} KiB a client "
                      f"({mean / first[0][0]:.2f}x), largest {largest:,.0f} KiB "
                      f"({largest / first[0][1]:.2f}x), "
                      f"RSS {figures[2] / 1024:,.1f} MiB ({figures[2] / first[0][2]:.2f}x; "
                      f"{untrimmed / 1024:,.1f} MiB before malloc_trim); "
                      f"kept: {kept}; host's {hand_log(seated[0])}", flush=True)
        bare = bare_heap_kib(addon)
        empty = heap_kib(realm.login("Nobody").lua)  # the realm's own share: no addon
        fresh = heap_kib(realm.login("Newcomer", addons=[addon]).lua)
        errors = realm.errors()
    heap_growth, rss_growth = largest / first[0][1], figures[2] / first[0][2]
    per_client = fresh / bare
    flat = heap_growth <= FLAT and rss_growth <= FLAT
    lean = per_client <= PER_CLIENT
    print(f"bare:       a lupa runtime holding the addon {bare:,.0f} KiB; a client holding "
          f"no addon {empty:,.0f} KiB (the realm's own share)")
    print(f"flat:       {verdict(flat)}: hand {checkpoints[0]} -> {checkpoints[-1]}, the largest "
          f"Lua heap {heap_growth:.2f}x, RSS {rss_growth:.2f}x (aim: at most {FLAT:.2f}x each)")
    print(f"per client: {verdict(lean)}: a client logging in with the addon: {fresh:,.0f} KiB, "
          f"{per_client:.2f}x the bare runtime's (aim: at most {PER_CLIENT:.2f}x); at the table "
          f"after hand {checkpoints[-1]}, with the addon's game, {mean / bare:.2f}x")
    for who, trace in errors[:5]:
        print(f"error:    {who}: {trace.splitlines()[0]}")
    if errors or not (flat and lean):
        sys.exit(1)


if __name__ == "__main__":
    main()
