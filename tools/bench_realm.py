"""Benchmark: the simulated realm's clients, as ratios against bare lupa runtimes in one run.

    python tools/bench_realm.py [--clients 40] [--messages 30] [--bit-calls 2000000] [--seed 1]

A fixture addon (written to a temporary folder: a .toc for Interface 120100 and one Lua file)
registers an addon prefix, counts the CHAT_MSG_ADDON messages it receives, sends addon
messages to RAID from a slash command, and has a loop of bit.band/bor/bxor/lshift calls. The
baseline for everything is a bare `lupa.lua51.LuaRuntime()` running the same addon source
with a few stub globals (CreateFrame, C_ChatInfo, SlashCmdList) and the same `bit` functions
from `pyhost.harness.bitlib.library()`: what the WoW API prelude, the sandbox and the realm's
routing add on top of lupa is what the ratios show.

1. Login: `--clients` clients log in with the addon (a sandboxed runtime, wow.lua, the
   addon loaded by .toc, the login events) and form a raid. Prints the mean login time per
   client against the mean time to make a bare runtime run the addon, and the raid's
   formation time.
2. Memory: the Lua heap of each runtime after a full collection (`collectgarbage("count")`),
   and the process RSS growth per runtime (/proc/self/statm) while the clients, then the
   bare runtimes, were made, each set kept alive; client / bare.
3. Deliveries: every client sends `--messages` addon messages to RAID within the server's
   throttle (10 at once, then 1 each virtual second, the clock driven by realm.advance);
   each message reaches every raid member (the sender too: addon_echo), so 40 clients x 30
   messages x 40 receivers = 48,000 deliveries. Prints deliveries per wall second against
   calling the receiving handler directly on bare runtimes the same number of times.
4. bit: `--bit-calls` calls of the addon's bit loop inside one client (through the client's
   protected call, with its instruction-limit hook) against the same loop in a bare runtime,
   and against a pure-Lua arithmetic stand-in in the bare runtime for scale. The loops run in
   chunks that stay well under the realm's instruction limit.

The run fails (exit 1) if a count disagrees or an addon reports an error.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lupa import lua51

from pyhost.harness import Realm
from pyhost.harness.bitlib import library as bit_library

ADDON = "BenchComms"
PREFIX = "BenchRealm"
TOC = f"""## Interface: 120100
## Title: {ADDON}
## Notes: pyhost benchmark fixture (tools/bench_realm.py)
{ADDON}.lua
"""
# The addon itself: the same source runs in the clients and in the bare runtimes.
LUA = f"""local addonName, ns = ...
local PREFIX = "{PREFIX}"
local state = {{ received = 0, bytes = 0, sent = 0, throttled = 0 }}
{ADDON} = state

local frame = CreateFrame("Frame")
frame:RegisterEvent("CHAT_MSG_ADDON")
frame:SetScript("OnEvent", function(self, event, prefix, message, channel, sender)
\tif event == "CHAT_MSG_ADDON" and prefix == PREFIX then
\t\tstate.received = state.received + 1
\t\tstate.bytes = state.bytes + #message
\tend
end)
C_ChatInfo.RegisterAddonMessagePrefix(PREFIX)

function state.Send(n)
\tfor i = 1, n do
\t\tstate.serial = (state.serial or 0) + 1
\t\tlocal result = C_ChatInfo.SendAddonMessage(PREFIX, "msg:" .. state.serial, "RAID")
\t\tif result == 0 then state.sent = state.sent + 1 else state.throttled = state.throttled + 1 end
\tend
end

SLASH_BENCHCOMMS1 = "/benchcomms"
SlashCmdList.BENCHCOMMS = function(msg) state.Send(tonumber(msg) or 1) end

-- Four bit calls a round.
function state.Bits(rounds)
\tlocal band, bor, bxor, lshift = bit.band, bit.bor, bit.bxor, bit.lshift
\tlocal x = 0
\tfor i = 1, rounds do
\t\tx = bxor(band(lshift(x, 1), 65535), bor(i, 3))
\tend
\treturn x
end

-- The same shape in plain arithmetic (not the same results): four operations a round.
function state.Arith(rounds)
\tlocal x = 0
\tfor i = 1, rounds do
\t\tx = (x * 2 % 65536 + (i + 3)) % 4294967296
\tend
\treturn x
end
"""
# What the bare runtimes get in place of the WoW API: just enough for the addon to load.
STUBS = """
StubFrames = {}
function CreateFrame(kind)
\tlocal frame = { _scripts = {} }
\tfunction frame:RegisterEvent(event) end
\tfunction frame:SetScript(name, fn) self._scripts[name] = fn end
\tStubFrames[#StubFrames + 1] = frame
\treturn frame
end
C_ChatInfo = {
\tRegisterAddonMessagePrefix = function(prefix) return 0 end,
\tSendAddonMessage = function(prefix, message, kind, target) return 0 end,
}
SlashCmdList = {}
"""
ROUNDS_PER_CHUNK = 100_000  # 4 bit calls and ~20 VM instructions a round: under 10M


def timed(function, *args):
    start = time.perf_counter()
    result = function(*args)
    return result, time.perf_counter() - start


def rss_bytes() -> int:
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:  # no /proc: the peak is the best there is
        import resource
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def write_addon(root: Path) -> Path:
    folder = root / ADDON
    folder.mkdir()
    (folder / f"{ADDON}.toc").write_text(TOC)
    (folder / f"{ADDON}.lua").write_text(LUA)
    return folder


def bare_runtime():
    """A bare lupa runtime with the stubs, the bitlib functions and the addon loaded."""
    lua = lua51.LuaRuntime()
    lua.execute(STUBS)
    lua.globals().bit = lua.table_from(bit_library())
    lua.execute(LUA, ADDON, lua.table())
    return lua


def lua_heap_kib(lua, collect, count) -> float:
    """collectgarbage("count") after a full collection, in KiB."""
    lua.execute(collect)
    return float(lua.eval(count))


def chunks(rounds: int):
    while rounds > 0:
        yield min(rounds, ROUNDS_PER_CHUNK)
        rounds -= ROUNDS_PER_CHUNK


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=40)
    parser.add_argument("--messages", type=int, default=30)
    parser.add_argument("--bit-calls", type=int, default=2_000_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not 2 <= args.clients <= 40 or args.messages < 1 or args.bit_calls < 4:
        parser.error("need 2 <= --clients <= 40 (a raid), --messages >= 1, --bit-calls >= 4")

    with tempfile.TemporaryDirectory(prefix="pyhost-bench-") as tmp:
        addons, wtf = Path(tmp) / "AddOns", Path(tmp) / "WTF"
        addons.mkdir()
        folder = write_addon(addons)
        failed = run(args, folder, wtf)
    if failed:
        sys.exit(1)


def run(args, folder: Path, wtf: Path) -> bool:
    n = args.clients
    # Warm up both paths once (imports, wow.lua read, lupa's first runtime) outside the timings;
    # kept alive, so their freed memory does not flatter the RSS growth measured next.
    warm = (Realm(seed=args.seed, wtf=wtf / "warmup").login("Warmup", addons=[folder]),
            bare_runtime())
    gc.collect()

    # -- 1 and 2: logins and memory ------------------------------------------------------------
    realm = Realm(seed=args.seed, wtf=wtf)
    names = [f"Bench{chr(97 + i // 26)}{chr(97 + i % 26)}" for i in range(n)]
    before = rss_bytes()
    clients, login_times = [], []
    for name in names:
        client, seconds = timed(lambda name=name: realm.login(name, addons=[folder]))
        clients.append(client)
        login_times.append(seconds)
    client_rss = (rss_bytes() - before) / n
    _, raid_time = timed(realm.raid, *clients)
    realm.run_until_quiet()

    gc.collect()
    before = rss_bytes()
    bares, bare_times = [], []
    for _ in range(n):
        lua, seconds = timed(bare_runtime)
        bares.append(lua)
        bare_times.append(seconds)
    bare_rss = (rss_bytes() - before) / n

    login, bare_login = sum(login_times) / n, sum(bare_times) / n
    print(f"login:      {n} clients, mean {login * 1000:.2f} ms per client "
          f"(min {min(login_times) * 1000:.2f}, max {max(login_times) * 1000:.2f}); "
          f"raid of {n} formed in {raid_time * 1000:.1f} ms")
    print(f"bare:       {n} lua51.LuaRuntime() + stubs + addon, mean {bare_login * 1000:.3f} ms")
    print(f"ratio:      client / bare login = {login / bare_login:,.1f}x")

    collect, count = 'collectgarbage("collect")', 'collectgarbage("count")'
    client_kb = sum(lua_heap_kib(c.lua, collect.encode(), count.encode()) for c in clients) / n
    bare_kb = sum(lua_heap_kib(b, collect, count) for b in bares) / n
    print(f"memory:     Lua heap {client_kb:,.0f} KiB per client, {bare_kb:,.0f} KiB bare "
          f"({client_kb / bare_kb:,.1f}x); RSS growth {client_rss / 1024:,.0f} KiB per client, "
          f"{bare_rss / 1024:,.0f} KiB bare ({client_rss / max(bare_rss, 1):,.1f}x)")

    # -- 3: addon message deliveries -----------------------------------------------------------
    burst = min(10, args.messages)
    seconds = args.messages - burst

    def traffic() -> None:
        for client in clients:
            client.type(f"/benchcomms {burst}")
        for _ in range(seconds):
            realm.advance(1.0)
            for client in clients:
                client.type("/benchcomms 1")
        realm.run_until_quiet()

    start_clock = realm.now
    _, realm_time = timed(traffic)
    states = [c.global_value(ADDON) for c in clients]
    sent = sum(s[b"sent"] for s in states)
    throttled = sum(s[b"throttled"] for s in states)
    delivered = sum(s[b"received"] for s in states)
    expected = sent * n

    handlers = [(b.globals().StubFrames[1], b.globals().StubFrames[1]._scripts.OnEvent)
                for b in bares]

    def direct() -> None:
        for serial in range(1, sent + 1):
            message = f"msg:{serial}"
            for frame, handler in handlers:
                handler(frame, "CHAT_MSG_ADDON", PREFIX, message, "RAID", "Bench-Realm", "",
                        0, 0, "", 0)

    _, bare_time = timed(direct)
    bare_delivered = sum(b.globals()[ADDON].received for b in bares)
    rate, bare_rate = delivered / realm_time, bare_delivered / bare_time
    print(f"deliveries: {sent:,} messages sent ({throttled} throttled) over "
          f"{realm.now - start_clock:.1f} virtual s -> {delivered:,} deliveries "
          f"(expected {expected:,}) in {realm_time:.3f} s = {rate:,.0f}/s")
    print(f"bare:       {bare_delivered:,} direct handler calls in {bare_time:.3f} s "
          f"= {bare_rate:,.0f}/s")
    print(f"ratio:      bare / realm = {bare_rate / rate:,.1f}x")

    # -- 4: bit calls --------------------------------------------------------------------------
    rounds = (args.bit_calls + 3) // 4
    calls = rounds * 4
    client, bare = clients[0], bares[0]

    def in_client():
        return [client.run_lua(f"return {ADDON}.Bits({chunk})") for chunk in chunks(rounds)]

    def in_bare(name):
        function = bare.globals()[ADDON][name]
        return [function(chunk) for chunk in chunks(rounds)]

    client_results, client_bit = timed(in_client)
    bare_results, bare_bit = timed(in_bare, "Bits")
    _, arith = timed(in_bare, "Arith")
    same_bits = client_results == bare_results
    print(f"bit:        {calls:,} calls in a client {client_bit:.3f} s = "
          f"{calls / client_bit:,.0f}/s; bare {bare_bit:.3f} s = {calls / bare_bit:,.0f}/s; "
          f"same results: {same_bits}")
    print(f"ratio:      bare / client = {client_bit / bare_bit:,.2f}x; pure-Lua arithmetic "
          f"stand-in ({calls:,} operations) {arith:.3f} s, {client_bit / arith:,.0f}x faster "
          f"than bit calls in a client")

    errors = realm.errors()
    for who, trace in errors[:5]:
        print(f"error:      {who}: {trace.splitlines()[0]}")
    del warm
    return bool(errors) or delivered != expected or bare_delivered != delivered \
        or sent != n * args.messages or throttled != 0 or not same_bits


if __name__ == "__main__":
    main()
