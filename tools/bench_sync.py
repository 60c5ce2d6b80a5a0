"""Benchmark: what keeping a table in sync costs in addon messages, by table size.

    python tools/bench_sync.py [--game tauren-holdem] [--sizes 2,5,10,20,40] [--hands 2]
                               [--rest 10] [--pace 3] [--seed 1]

`--game` is a shipped ruleset with an addon (GAMES below says how each family's round is
played: a hold'em hand, or a whole game of Vitaji, `--game vitaji --sizes 12`). For each
size a raid of that many players sits at one table of it (the first hosts)
and plays `--hands` hands (rounds). At a hold'em table everyone stays to the showdown: the
first to act bets the minimum, the rest call, every later street is checked round, and all
show. That is the most a hand can cost (nobody folds away their share of the traffic), and
it is the same hand at every size, so the numbers compare. Between hands the realm idles
`--rest` virtual seconds (not counted), as players would, so each hand starts with the
server's allowance refilled. Within a hand each player acts `--pace` virtual seconds after
the last (0: as soon as everything has settled, `run_until_quiet`, which leaves the host's
heartbeat, ten quiet seconds away, still to come).

Every addon message goes through `Realm.send_addon`; this tool replaces it on the realm
instance with a counting wrapper that records the sender, the body's length in bytes (the
prefix not counted) and the server's answer. Per hand it reports:

- messages and bytes the host sent (the host orders the table: its DO broadcasts, and NO
  whispers), and apart from them its heartbeats (AT: only after 10 quiet seconds); the
  dealer turns over the deal each hand but its dice come from the server's /roll, so it
  sends nothing a player does not;
- messages and bytes per other player, the mean and the max over players;
- the server's refusals (result 3, the per-prefix throttle: 10 messages at once, then one a
  second) and how many distinct messages were refused at least once;
- the longest a message waited, measured two ways. "refusal wait": from the realm's side
  only, from a message's first refusal to its successful send, keyed by (sender, body).
  That misses the time a message spends queued behind another: the addon's queue is
  first-in first-out and only its head is offered to the server, so the tenth message of a
  burst is first refused a second before it goes, however long it sat. "queue wait": from
  the moment the message first stands in the addon's send queue (`ns.Comm.queue`, read, never
  changed, from the client's addon namespace whenever that client offers a message) to its
  successful send; this is what a player waits;
- the hand's virtual seconds.

Then it prints the host's messages per hand divided by the table size at every size (flat
means the host's traffic grows linearly with the table), the same for the other players, the
message kinds that cost the most at the largest size, and whether anything waited in the
throttle queue at 40 players. Nothing is asserted; it exits 1 only on a Lua error or a hand
that does not end.

The table helpers come from the test suite: this puts the repo's `tests/` folder on `sys.path`
and imports `addon_table` (build_addon, play_hand, status, banks, slash) and `raid_table` from
`test_raid_table`.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from statistics import mean

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from test_raid_table import raid_table  # noqa: E402

from addon_table import (  # noqa: E402
    Seated,
    act,
    banks,
    build_addon,
    play,
    play_hand,
    slash,
    status,
    status_now,
)
from pyhost.harness import Realm  # noqa: E402
from pyhost.harness.realm import SUCCESS, THROTTLED  # noqa: E402
from pyhost.rules import Ruleset, load_ruleset  # noqa: E402


def kind_of(body: bytes) -> str:
    """"DO bet", "ACT commit", "OPEN", ...: the message kind, and the table op it carries."""
    fields = body.split(b"\t")
    kind = fields[1].decode() if len(fields) > 1 else "?"
    if kind == "DO" and len(fields) > 4:
        return f"DO {fields[4].decode()}"
    if kind == "ACT" and len(fields) > 3:
        return f"ACT {fields[3].decode()}"
    return kind


class Traffic:
    """Counts what every client offers the server, by wrapping the realm's send_addon."""

    def __init__(self, realm: Realm, addon_name: str) -> None:
        self.realm, self.addon_name = realm, addon_name
        self.original = realm.send_addon
        realm.send_addon = self.send_addon  # the clients look it up on the realm each call
        self.refused_at: dict[tuple[str, bytes], float] = {}
        self.queued_at: dict[tuple[str, bytes], float] = {}
        self.reset()

    def reset(self) -> None:
        """Start a new window (one hand); messages still waiting keep their times."""
        self.messages: Counter[str] = Counter()
        self.bytes: Counter[str] = Counter()
        self.kinds: Counter[str] = Counter()
        self.kind_bytes: Counter[str] = Counter()
        self.refusals = 0
        self.throttled: set[tuple[str, bytes]] = set()
        self.refusal_wait = 0.0
        self.queue_wait = 0.0
        self.longest = ""  # the kind of the message that waited longest in the queue

    def _queue(self, client) -> list[bytes]:
        addon = client.addons.get(self.addon_name)
        comm = addon.namespace[b"Comm"] if addon is not None and addon.namespace else None
        if comm is None:
            return []
        queue = comm[b"queue"]
        return [bytes(queue[i][b"message"]) for i in range(1, len(queue) + 1)]

    def send_addon(self, client, prefix, body, chat_type, target):
        now, sender = self.realm.now, client.full_name
        for message in self._queue(client):
            self.queued_at.setdefault((sender, message), now)
        result = self.original(client, prefix, body, chat_type, target)
        key = (sender, bytes(body))
        if result == THROTTLED:
            self.refusals += 1
            self.throttled.add(key)
            self.refused_at.setdefault(key, now)
        elif result == SUCCESS:
            self.messages[sender] += 1
            self.bytes[sender] += len(body)
            self.kinds[kind_of(key[1])] += 1
            self.kind_bytes[kind_of(key[1])] += len(body)
            self.refusal_wait = max(self.refusal_wait, now - self.refused_at.pop(key, now))
            waited = now - self.queued_at.pop(key, now)
            if waited > self.queue_wait:
                self.queue_wait, self.longest = waited, kind_of(key[1])
        return result


def holdem_hand(realm: Realm, seated: Seated, number: int, pace: float | None) -> None:
    """A hold'em hand with everyone in to the end: call, check, or bet the least."""
    long, bet = slash(seated.ruleset, "long"), slash(seated.ruleset, "bet")

    def choose(_client, _turn, situation: str) -> str:
        if situation.endswith("to call"):
            return f"{long} call"
        if situation == "check or bet":
            return f"{long} check"
        return f"{bet} {re.search(r'[0-9]+', situation).group()}"

    play_hand(realm, seated, number, choose, steps=2000, pace=pace)


# The draw games' status line: "Round N; WHO to WHAT ...; banks: ...".
DRAW_TO_ACT = re.compile(r"^Round \d+; (\w+) to (.*?); banks: ")


def draw_round(realm: Realm, seated: Seated, number: int, pace: float | None,
               choose) -> None:
    """A draw game's round: the host starts it, and whoever the host's status line names
    types what `choose(what, rolls)` gives for what he is to do (`rolls`: how many he has
    typed this round), until the round is over. Every die is the player's own open /roll."""
    by_name = {client.name: client for client in seated}
    ruleset = seated.ruleset
    long = slash(ruleset, "long")
    play(realm, seated[0], f"{long} start")
    typed: Counter[str] = Counter()
    for _ in range(2000):
        line = (status(realm, seated[0], ruleset) if pace is None
                else status_now(seated[0], ruleset))
        if "the round is over" in line:
            return
        acting = DRAW_TO_ACT.match(line)
        if acting is None:
            raise AssertionError(f"round {number}: nobody to act: {line}")
        actor = by_name[acting.group(1)]
        what = acting.group(2)
        if what.startswith("roll"):
            typed[actor.name] += 1
        act(realm, actor, choose(what, typed[actor.name]), pace)
    raise AssertionError(f"round {number} did not end")


def poker_dice_round(realm: Realm, seated: Seated, number: int, pace: float | None) -> None:
    """A Poker Dice round with everyone in: the starter sets the least ante, everyone antes
    (and would match a raise), each rolls all five dice three times (keeping none) and
    checks; a player out at his last roll, or the last beating the best, ends early, as the
    rules say."""
    commands = seated.ruleset.addon.commands
    least = seated.ruleset.table.minimum_ante

    def choose(what: str, _rolls: int) -> str:
        if what.startswith("set the ante"):
            return f"/{commands['ante']} {least}"
        if what.startswith("ante") or what.startswith("match"):
            return f"/{commands['call']}"
        if what.startswith("roll"):
            return f"/{commands['roll']}"
        if what.startswith("keep"):
            return f"/{commands['keep']}"  # keep none: all five again
        return f"/{commands['check']}"

    draw_round(realm, seated, number, pace, choose)


def dice_poker_round(realm: Realm, seated: Seated, number: int, pace: float | None) -> None:
    """A Dice Poker round: each player rolls all five dice, then rerolls all five (keeping
    none: the most a turn sends)."""
    commands = seated.ruleset.addon.commands

    def choose(what: str, _rolls: int) -> str:
        if what.startswith("roll"):
            return f"/{commands['roll']}"
        return f"/{commands['reroll']}"  # (at the keep: nothing kept, all five again)

    draw_round(realm, seated, number, pace, choose)


VITAJI_STATE = """function(ns)
    local round = ns.DrawTable.live()
    if not round then return nil end
    local game = round.game
    local wanted = round:wanted()
    return round:to_act(), game.step, game.betting and game.betting.level or false,
        wanted and true or false
end"""


def vitaji_game(realm: Realm, seated: Seated, number: int, pace: float | None) -> None:
    """A whole game of Vitaji (a table's round) with everyone in to the end: the first bettor
    bets the interval, the rest meet it, every die is rolled once and everyone passes (a
    triple's bonus, if the ruleset has them, is added)."""
    long = slash(seated.ruleset, "long")
    commands = {action: slash(seated.ruleset, action) for action in ("roll", "bet", "pass")}
    interval = seated.ruleset.table.interval
    host, by_name = seated[0], {client.full_name: client for client in seated}
    namespace = host.addons[seated.ruleset.addon.name].namespace
    state = host.lua.eval(VITAJI_STATE)
    act(realm, host, f"{long} start", pace)
    for _ in range(5000):
        now = state(namespace)
        if now is None or now[0] is None:
            return
        name, step, level, wanted = now
        if wanted:
            line = commands["roll"]
        elif step == b"bet":
            line = commands["bet"] + ("" if level is not False else f" {interval}")
        elif step == b"bonus":
            line = f"{long} bonus add"
        else:
            line = commands["pass"]
        act(realm, by_name[name.decode()], line, pace)
    raise RuntimeError(f"game {number} did not end")


# How a round of each game family is played here: (realm, seated, round number, pace).
GAMES = {"holdem": holdem_hand, "poker-dice": poker_dice_round, "dice-poker": dice_poker_round,
         "vitaji": vitaji_game}


def measure(size: int, hands: int, rest: float, seed: int, addon: Path, wtf: Path,
            pace: float | None, ruleset: Ruleset) -> dict:
    realm = Realm(seed=seed, wtf=wtf)
    traffic = Traffic(realm, addon.name)
    seated = raid_table(realm, addon, size, ruleset)
    seated_now = banks(status(realm, seated[0], ruleset))
    if len(seated_now) != size:
        raise RuntimeError(f"only {len(seated_now)} of {size} seated")
    host = seated[0].full_name
    setup = {"seconds": realm.now, "host": traffic.messages[host]}
    rows = []
    for number in range(1, hands + 1):
        realm.advance(rest)
        traffic.reset()
        start = realm.now
        GAMES[ruleset.family](realm, seated, number, pace)
        players = [traffic.messages[c.full_name] for c in seated[1:]]
        beats = traffic.kinds["AT"]  # only the host beats
        player_bytes = [traffic.bytes[c.full_name] for c in seated[1:]]
        rows.append({
            "seconds": realm.now - start,
            "host": traffic.messages[host] - beats, "beats": beats,
            "host_bytes": traffic.bytes[host] - traffic.kind_bytes["AT"],
            "players": players, "player_bytes": player_bytes,
            "refusals": traffic.refusals, "throttled": len(traffic.throttled),
            "refusal_wait": traffic.refusal_wait, "queue_wait": traffic.queue_wait,
            "longest": traffic.longest,
            "kinds": traffic.kinds.copy(), "kind_bytes": traffic.kind_bytes.copy(),
        })
    return {"size": size, "setup": setup, "hands": rows, "errors": realm.errors()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="tauren-holdem",
                        help="a shipped ruleset whose game has an addon")
    parser.add_argument("--sizes", default="2,5,10,20,40",
                        help="table sizes, comma-separated (2 to 40)")
    parser.add_argument("--hands", type=int, default=2)
    parser.add_argument("--rest", type=float, default=10.0,
                        help="virtual seconds idle before each hand (not measured)")
    parser.add_argument("--pace", type=float, default=3.0,
                        help="virtual seconds between one action and the next (0: until quiet)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    try:
        sizes = [int(size) for size in args.sizes.split(",")]
    except ValueError:
        parser.error("--sizes is numbers separated by commas")
    if not all(2 <= size <= 40 for size in sizes) or args.hands < 1 or args.rest < 0 \
            or not 0 <= args.pace <= 60:
        parser.error("need sizes from 2 to 40, --hands >= 1, --rest >= 0, 0 <= --pace <= 60")

    try:
        ruleset = load_ruleset(args.game)
    except ValueError as bad:
        parser.error(str(bad))
    if ruleset.family not in GAMES:
        parser.error(f"--game {args.game}: no driver for {ruleset.family} games "
                     f"(there are for: {', '.join(GAMES)})")
    if max(sizes) > ruleset.table.max_players:
        parser.error(f"{ruleset.name} seats at most {ruleset.table.max_players}")

    results = []
    wall_start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="bench-sync-") as folder:
        addon = build_addon(Path(folder) / "addons", args.game)
        print(f"{ruleset.name}: per hand, mean of {args.hands} (everyone to the end); max wait "
              f"over all hands; bytes are message bodies")
        print(f"{'players':>7} {'setup s':>7} {'hand s':>7} {'host msgs':>9} {'beats':>5} "
              f"{'host B':>7} "
              f"{'player msgs mean/max':>20} {'player B mean/max':>17} {'refused':>7} "
              f"{'throttled':>9} {'refusal wait':>12} {'queue wait':>10} {'wall s':>6}")
        for size in sizes:
            wall = time.perf_counter()
            try:
                result = measure(size, args.hands, args.rest, args.seed, addon,
                                 Path(folder) / f"WTF-{size}", args.pace or None, ruleset)
            except (RuntimeError, AssertionError) as stuck:  # a hand that did not end
                print(f"{size:>7} FAILED: {stuck}")
                sys.exit(1)
            result["wall"] = time.perf_counter() - wall
            results.append(result)
            rows = result["hands"]
            players = [count for row in rows for count in row["players"]]
            player_bytes = [count for row in rows for count in row["player_bytes"]]
            print(f"{size:>7} {result['setup']['seconds']:>7.1f} "
                  f"{mean(r['seconds'] for r in rows):>7.1f} "
                  f"{mean(r['host'] for r in rows):>9.1f} "
                  f"{mean(r['beats'] for r in rows):>5.1f} "
                  f"{mean(r['host_bytes'] for r in rows):>7.0f} "
                  f"{f'{mean(players):.1f} / {max(players)}':>20} "
                  f"{f'{mean(player_bytes):.0f} / {max(player_bytes)}':>17} "
                  f"{mean(r['refusals'] for r in rows):>7.1f} "
                  f"{mean(r['throttled'] for r in rows):>9.1f} "
                  f"{max(r['refusal_wait'] for r in rows):>11.1f}s "
                  f"{max(r['queue_wait'] for r in rows):>9.1f}s "
                  f"{result['wall']:>6.1f}")

    print()
    print("host messages per hand / players: " + ", ".join(
        f"{r['size']}: {mean(h['host'] for h in r['hands']) / r['size']:.2f}" for r in results))
    print("each player's messages per hand:   " + ", ".join(
        f"{r['size']}: {mean(c for h in r['hands'] for c in h['players']):.2f}"
        for r in results))
    print("hand virtual s / players:          " + ", ".join(
        f"{r['size']}: {mean(h['seconds'] for h in r['hands']) / r['size']:.2f}"
        for r in results))
    if len(results) > 1:
        small, large = results[0], results[-1]
        per = [mean(h["host"] for h in r["hands"]) / r["size"] for r in (small, large)]
        growth = per[1] / per[0]
        total = [mean(h["host"] for h in r["hands"]) for r in (small, large)]
        # The aim: the host's messages per hand do not grow with the table at all.
        shape = ("not at all: the host's messages per hand stay flat" if total[1] <= total[0] else
                 "about linearly with the table (the per-player figure holds)"
                 if 0.8 <= growth <= 1.25 else
                 "faster than the table (the per-player figure rises)" if growth > 1.25 else
                 "slower than the table (the per-player figure falls)")
        print(f"host traffic per hand grew {shape}: {per[0]:.2f} -> {per[1]:.2f} messages per "
              f"player from {small['size']} to {large['size']} players "
              f"({mean(h['host'] for h in small['hands']):.0f} -> "
              f"{mean(h['host'] for h in large['hands']):.0f} messages)")
    largest = results[-1]
    kinds, kind_bytes = Counter(), Counter()
    for row in largest["hands"]:
        kinds.update(row["kinds"])
        kind_bytes.update(row["kind_bytes"])
    hands = len(largest["hands"])
    print(f"message kinds at {largest['size']} players, per hand, by bytes (all senders): " +
          ", ".join(f"{kind} {kinds[kind] / hands:.0f} msgs {kind_bytes[kind] / hands:.0f} B"
                    for kind, _ in kind_bytes.most_common()))
    forty = [r for r in results if r["size"] == 40]
    if forty:
        rows = forty[0]["hands"]
        waited = sum(r["throttled"] for r in rows)
        worst = max(rows, key=lambda r: r["queue_wait"])
        print(f"at 40 players: {'messages waited' if waited else 'nothing waited'} in the "
              f"throttle queue: {waited} distinct messages refused over {len(rows)} hands "
              f"({sum(r['refusals'] for r in rows)} refusals); longest queue wait "
              f"{worst['queue_wait']:.1f} s ({worst['longest'] or 'none'}; refusal-to-send "
              f"{max(r['refusal_wait'] for r in rows):.1f} s)")
    else:
        print("no 40-player table in --sizes: the throttle at 40 players was not measured")
    errors = sum(len(result["errors"]) for result in results)
    print(f"Lua errors: {errors}; wall time {time.perf_counter() - wall_start:.1f} s")
    if errors:
        sys.exit(1)


if __name__ == "__main__":
    main()
