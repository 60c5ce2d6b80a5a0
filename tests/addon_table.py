"""Helpers for playing the generated addon in the realm: a table of players, scripted dice."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

from pyhost import fairplay
from pyhost.codegen import build, write
from pyhost.harness import Client, Realm
from pyhost.rules import Ruleset, load_ruleset, shipped_ids

TAUREN = load_ruleset("tauren-holdem")
PROTOCOL = "4"  # the addon's protocol version (Comm.lua), first in every message


def face(name: str, ruleset: Ruleset = TAUREN) -> int:
    """The 1-based face index math.random must return to roll this face."""
    return ruleset.dice.face(name).index + 1


def street(*names: str, ruleset: Ruleset = TAUREN):
    """A scripted server roll giving these faces: the roll's offset in its range, read as
    base-faces digits (what the addon reads from the dealer's roll line)."""
    faces = ruleset.dice.count
    offset = 0
    for name in names:
        offset = offset * faces + (face(name, ruleset) - 1)
    return lambda low, high: low + offset


def slash(ruleset: Ruleset, action: str) -> str:
    """The addon's slash command for an action ("deal", "flop"...), or its long command."""
    if action == "long":
        return f"/{ruleset.addon.long_command}"
    return f"/{ruleset.addon.commands[action]}"


def build_addon(folder: Path, ruleset_id: str = "tauren-holdem") -> Path:
    """The addon of a shipped ruleset (by id) or of a ruleset file (by path), written to
    `folder`/<its name>: the test's own copy, to change as it likes."""
    name, files = _built(ruleset_id) if ruleset_id in SHIPPED_IDS else _build(ruleset_id)
    target = folder / name
    write(files, target)
    return target


def _build(ruleset_id: str) -> tuple[str, dict[str, bytes]]:
    ruleset = load_ruleset(ruleset_id)
    return ruleset.addon.name, build(ruleset)


# A shipped ruleset's build is the same in every test: made once per process, then written
# where each test asks (reading a ruleset checks its hands, which is most of the cost).
SHIPPED_IDS = frozenset(shipped_ids())
_built = cache(_build)


class Seated(list):
    """The players at a table, the host first; `table_id` as the addon named the table;
    `ruleset` the game they play (its addon's commands and dice)."""

    table_id: str = ""
    ruleset: Ruleset = TAUREN


def street_range(table_id: str, hand: int, street: int) -> tuple[int, int]:
    """The roll range a manual table uses for a street (Dice.street_range, as fairplay has
    it). A guided table's comes from the turn that closed the betting before it: due_range."""
    return fairplay.fixed_street_range(table_id, hand, street, TAUREN.dice.count,
                                       TAUREN.deal.community)


DUE = """function(ns)
    local s = ns.Game.session()
    local current = s and ns.Game.hand()
    local key = current and ns.Rollers.due(s, current)
    if key == nil then return nil end
    local low, high = ns.Rollers.range(s, key)
    return tostring(key), ns.Rollers.roller(s, current), low, high
end"""


def due_roll(client: Client, ruleset: Ruleset = TAUREN) -> tuple[str, str, int, int] | None:
    """What roll this client's table waits on now ("seed", or the street's index as text),
    who rolls it ("Name-Realm") and its range (low, high); None if none is due."""
    namespace = client.addons[ruleset.addon.name].namespace
    found = client.lua.eval(DUE)(namespace)
    if not found or found[0] is None:
        return None
    key, roller, low, high = found
    return key.decode(), roller.decode(), int(low), int(high)


def seed_range_of(client: Client, ruleset: Ruleset = TAUREN) -> tuple[int, int]:
    """The seed roll's range in this client's current hand (from its close's nonce)."""
    namespace = client.addons[ruleset.addon.name].namespace
    low, high = client.lua.eval("function(ns) return ns.Rollers.range(ns.Game.session(), "
                                "'seed') end")(namespace)
    return int(low), int(high)


def seat_table(realm: Realm, addon: Path, names: list[str], *, mode: str = "guided",
               options: str = "", sexes: dict[str, str] | None = None,
               locales: dict[str, str] | None = None,
               addons: dict[str, Path] | None = None, beside: tuple[Path, ...] = (),
               ruleset: Ruleset = TAUREN) -> Seated:
    """Log everyone in, group them, the first opens a table and the others join in order.
    `addons` gives a player another build of the addon (a modified one, say); every client
    also loads the addons in `beside` (neighbours). `ruleset` is the game `addon` plays."""
    clients = Seated(realm.login(name, addons=[(addons or {}).get(name, addon), *beside],
                                 sex=(sexes or {}).get(name, "male"),
                                 locale=(locales or {}).get(name, "enUS")) for name in names)
    realm.party(*clients)
    clients.table_id = f"{clients[0].full_name}:{realm.epoch()}"
    clients.ruleset = ruleset
    long = slash(ruleset, "long")
    clients[0].type(f"{long} open {mode} {options}".strip())
    realm.run_until_quiet()
    for client in clients[1:]:
        client.type(f"{long} join")
        realm.run_until_quiet()
    return clients


def play(realm: Realm, client: Client, line: str) -> None:
    client.type(line)
    realm.run_until_quiet()


def after_the_hand(realm: Realm) -> None:
    """The hand is over, so no deadline is armed: every timer left goes by (the host's
    heartbeats, and whatever they set off, such as a neighbour addon's rolls)."""
    realm.run_until_quiet(horizon=None)


def check_down(realm: Realm, dealer: Client, *players: Client,
               alongside: Callable[[], None] | None = None) -> None:
    """The dealer rolls the flop, the turn and the river; after each, the players check in
    this order. `alongside()`, if given, runs at the very moment of each street's roll (a
    neighbour addon rolling too, say)."""
    for command in ("/tflop", "/tturn", "/triver"):
        if alongside is not None:
            alongside()
        play(realm, dealer, command)
        for player in players:
            play(realm, player, "/tholdem check")


def new_lines(client: Client, since: int) -> list[str]:
    return client.chat.lines[since:]


# Seconds after the table moves that the host's first heartbeat goes out (BEAT_SECONDS in
# core/Heartbeat.lua), and that a player who disconnected or left is acted for (DROP_GRACE in
# core/Takeover.lua): longer than run_until_quiet's horizon, so a test that needs one says
# so with realm.advance.
BEAT, DROP_GRACE = 10, 30

SEED = 424242  # the seed the tests want: the dealer's seed roll less its range's low end


def seed_roll(seed: int = SEED) -> Callable[[int, int], int]:
    """A scripted seed roll giving this seed, whatever the range the set's hash gives it
    (fairplay.seed_range: the seed is the roll less the range's low end)."""
    return lambda low, high: low + seed


def deal_fairly(realm: Realm, seated: Seated, hand: int,
                wanted: dict[str, tuple[str, ...]] | None = None, seed: int = SEED, *,
                dealer: Client | None = None, command: str | None = None,
                rolled: int | None = None,
                before: Callable[[], None] | None = None) -> tuple[int, int]:
    """Everyone dealt in (a bank above 0) types the table's deal command (/tdeal), or
    `command`, at once, with secrets found so that the players in `wanted` get those faces
    once the dealer's seed roll gives `seed` (or, with `rolled`, the seed roll gives that
    instead: they ground for the wrong one). Naming the `dealer` keeps that roll for the
    dealer's roll of the set's seed range, so others' rolls (neighbour addons') leave it
    alone: `dealer` is the seed's roller (the dealer, or the next player dealt in when the
    dealer is the host, who sends the close: Rollers.lua). `before()`, if given, runs just
    before everyone deals. Returns the seed roll's range (low, high), which nobody knows
    before the host's close."""
    # In the table's seat order (the status line's), as the set hash takes the commitments.
    ruleset = seated.ruleset
    by_name = {client.name: client for client in seated}
    playing = [by_name[name] for name, bank in
               banks(status(realm, seated[0], ruleset)).items() if bank]
    names = [client.full_name for client in playing]
    faces = {f"{name}-Thunderhorn": [face(f, ruleset) for f in want]
             for name, want in (wanted or {}).items()}
    milliseconds = math.floor(realm.game_time() * 1000 + 0.5)
    randoms = fairplay.grind(
        names, faces, milliseconds=milliseconds, epoch=realm.epoch(), counter=hand, seed=seed,
        hand_id=f"{seated.table_id}#{hand}", faces=ruleset.dice.count, hidden=ruleset.deal.hidden)
    roll = seed_roll(seed if rolled is None else rolled)
    if dealer is None:
        realm.script_rolls(roll)
    else:
        realm.script_rolls(roll, by=dealer.full_name, width=fairplay.SEED_WIDTH)
    if before is not None:
        before()
    for client in playing:
        client.script_random(*randoms[client.full_name])
    for client in playing:
        client.type(command or slash(ruleset, "deal"))
    realm.run_until_quiet()
    return seed_range_of(seated[0], ruleset)


ROLL_RANGE = re.compile(r"[(（](\d+)-(\d+)[)）]\.?$")  # how a roll line ends, in every locale


def seed_rolls(client: Client) -> list[str]:
    """The roll lines in this client's chat of the seed roll's width: the seed's, or rolls
    that might have been taken for it."""
    return [line for line in client.chat.lines if (match := ROLL_RANGE.search(line))
            and int(match.group(2)) - int(match.group(1)) + 1 == fairplay.SEED_WIDTH]


def seeds_rolled(client: Client) -> list[tuple[str, int]]:
    """(who, the seed it gives: the roll less its range's low end) for each roll line of the
    seed roll's width in this client's chat (enUS)."""
    found = []
    for line in seed_rolls(client):
        match = re.fullmatch(r"(\w+) rolls (\d+) \((\d+)-\d+\)", line)
        if match:
            found.append((match.group(1), int(match.group(2)) - int(match.group(3))))
    return found


def everyone_deals(realm: Realm, *clients: Client) -> None:
    """Each of these players types /tdeal (a guided hand's betting opens once the set is
    closed and its seed rolled); the seed roll is scripted, the dice whatever they come."""
    realm.script_rolls(seed_roll())
    for client in clients:
        client.type("/tdeal")
    realm.run_until_quiet()


def dealt_table(realm: Realm, addon: Path, names: list[str], **options) -> Seated:
    """A table seated (as `seat_table`) with hand 1 started and everyone's dice rolled."""
    seated = seat_table(realm, addon, names, **options)
    play(realm, seated[0], f"{slash(seated.ruleset, 'long')} start")
    deal_fairly(realm, seated, 1)
    return seated


def banks(line: str) -> dict[str, int]:
    """The banks in a status line, in seat order."""
    return {name: int(bank) for name, bank in re.findall(r"(\w+) (\d+)", line.split("banks: ")[1])}


def status(realm: Realm, client: Client, ruleset: Ruleset = TAUREN) -> str:
    """The table's status line as this client sees it."""
    client.type(f"{slash(ruleset, 'long')} status")
    realm.run_until_quiet()
    return client.chat.lines[-1]


# What the host's status line says comes next: who is to act and what they may do ("2 to
# call", "check or bet", "bet at least 2 or fold"), or who rolls which street.
TO_ACT = re.compile(r"; (\w+) to act \(([^)]*)\)")
ROLLS_NEXT = re.compile(r"; (\w+) rolls the (.+?) next")


def status_now(client: Client, ruleset: Ruleset = TAUREN) -> str:
    """The table's status line as this client sees it this instant (the realm not run on)."""
    client.type(f"{slash(ruleset, 'long')} status")
    return client.chat.lines[-1]


def act(realm: Realm, client: Client, line: str, pace: float | None) -> None:
    """One player's line, then the realm runs until quiet or, with `pace`, that many seconds
    (players at a table act one after another)."""
    client.type(line)
    if pace is None:
        realm.run_until_quiet()
    else:
        realm.advance(pace)


def play_hand(realm: Realm, seated: Seated, hand: int, choose, *, steps: int = 500,
              pace: float | None = None) -> None:
    """A whole guided hand: start, everyone deals, `choose(client, turn, situation)` gives
    each betting line (`situation` as the status line puts it), the dealer rolls each street
    when the betting stops, until the hand is over. After each line the realm runs until
    quiet, or with `pace`, that many seconds: players at a table act one after another, and
    a quiet table is what sets off the host's heartbeat."""
    by_name = {client.name: client for client in seated}
    ruleset = seated.ruleset

    play(realm, seated[0], f"{slash(ruleset, 'long')} start")
    deal_fairly(realm, seated, hand)
    turn = 0
    for _ in range(steps):
        line = (status(realm, seated[0], ruleset) if pace is None
                else status_now(seated[0], ruleset))
        if "the hand is over" in line:
            return
        acting = TO_ACT.search(line)
        if acting:
            actor = by_name[acting.group(1)]
            act(realm, actor, choose(actor, turn, acting.group(2)), pace)
            turn += 1
            continue
        rolling = ROLLS_NEXT.search(line)
        if rolling is None:
            if pace is not None and "showdown" in line:
                realm.advance(pace)  # the reveals, checked one a frame, are on their way
                continue
            raise AssertionError(f"hand {hand}: nobody to act and no street to roll: {line}")
        act(realm, by_name[rolling.group(1)], slash(ruleset, rolling.group(2)), pace)
    raise AssertionError(f"hand {hand} did not end")
