"""Random, malformed and replayed addon messages on the table's prefix, for
tests/test_addon_fuzz.py (bounded) and tools/fuzz_inputs.py (long).

Two scenes, each a dealt three-player table mid-hand (Riggs has bet):

- a watcher in the party sends junk: nothing at the table may change, no client may raise a
  Lua error, and the hand goes on afterwards;
- a seated player (Gray) sends junk and replays of the messages it really sent earlier (old
  turns, old commitments, old reveals): whatever that does, every client must do the same, and
  no Lua error.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

from addon_table import PROTOCOL, TAUREN, dealt_table, play, slash, status
from pyhost.harness import Realm
from pyhost.rules import Ruleset
from realm_helpers import send_addon

KINDS = ["OPEN", "ACT", "DO", "TURN", "NO", "DEAL", "SHOW", "HELLO", "AGAIN", "SNAP", "HEARD",
         "REVEALED", "ROLLED", "SEED", "SNAPEND", "BASE", "AT", "B", "P", "C", "RESEND",
         "X", ""]
OPS = ["join", "leave", "commit", "show", "put", "bet", "check", "call", "raise", "fold", "allin",
       "pot", "give", "reset", "seat", "unseat", "start", "close", "dealer", "?"]


def junk_field(rng: random.Random, table_id: str, names: list[str]) -> str:
    return rng.choice([
        "", table_id, rng.choice(names), rng.choice(OPS), str(rng.randint(-5, 12)),
        str(rng.choice([2 ** 31, -2 ** 53, 10 ** 300])), "1e309", "nan", "-0", "1,2", "9,9,9",
        "0,", ",", "s1111111111", "x" * rng.randint(1, 300), "\030", "\t", "%s%d", "|",
        "é漢\0", "1/2", "2/2", "0/0", "9/3", "over",
    ])


def junk_message(rng: random.Random, table_id: str, names: list[str]) -> str:
    version = rng.choice([PROTOCOL] * 6 + ["1", "9", "", "x"])
    kind = rng.choice(KINDS)
    fields = [junk_field(rng, table_id, names) for _ in range(rng.randint(0, 10))]
    if fields and rng.random() < 0.7:
        fields[0] = table_id
    text = "\t".join([version, kind, *fields])
    if rng.random() < 0.1:
        text = text[:rng.randint(0, len(text))]  # truncated
    return text.encode("utf-8", "surrogatepass")[:255].decode("utf-8", "ignore")


def table_scene(wtf: Path, addon: Path, seed: int, ruleset: Ruleset):
    realm = Realm(seed=seed, wtf=wtf)
    # The junk takes minutes of virtual time (a message per 1.1 s, the throttle's pace): past
    # every deadline, so the table is one that waits however long.
    seated = dealt_table(realm, addon, ["Skoll", "Riggs", "Gray"], options="notimeout",
                         ruleset=ruleset)
    play(realm, seated[1], f"{slash(ruleset, 'bet')} 2")
    return realm, seated


def pot(line: str) -> int:
    return int(re.match(r"Pot (\d+);", line).group(1))


def watcher_junk(addon: Path, wtf: Path, seed: int, messages: int,
                 ruleset: Ruleset = TAUREN) -> str | None:
    """The watcher's junk: a problem found, or None."""
    realm, seated = table_scene(wtf, addon, seed, ruleset)
    prefix, long = ruleset.addon.prefix, slash(ruleset, "long")
    skoll, _, gray = seated
    fuzz = realm.login("Fuzz", addons=[addon])
    realm.invite(skoll, fuzz)
    realm.run_until_quiet()
    before = [status(realm, client, ruleset) for client in seated]
    rng = random.Random(seed)
    names = [c.full_name for c in seated] + [fuzz.full_name, "Nobody-Nowhere", ""]
    for _ in range(messages):
        channel = rng.choice(["PARTY", "PARTY", "WHISPER"])
        send_addon(fuzz, prefix, junk_message(rng, seated.table_id, names), channel,
                   rng.choice(names[:3]) if channel == "WHISPER" else None)
        realm.advance(1.1)  # within the throttle: every message goes out
    realm.run_until_quiet()
    if realm.errors():
        return f"Lua error: {realm.errors()[0][1].splitlines()[0]}"
    after = [status(realm, client, ruleset) for client in seated]
    if after != before:
        return f"the watcher's junk changed the table: {before} -> {after}"
    play(realm, gray, f"{long} call")  # and the hand goes on
    play(realm, skoll, f"{long} call")
    lines = {status(realm, client, ruleset) for client in seated}
    # (Skoll's call closed the betting: Riggs rolled the flop, and is first to act on it.)
    if len(lines) != 1 or "Riggs to act" not in next(iter(lines)) \
            or pot(next(iter(lines))) != pot(before[0]) + 4:
        return f"the hand did not go on: {lines}"
    return None


def player_junk(addon: Path, wtf: Path, seed: int, messages: int,
                ruleset: Ruleset = TAUREN) -> str | None:
    """A seated player's junk and replays of its own earlier messages: a problem, or None."""
    realm, seated = table_scene(wtf, addon, seed, ruleset)
    prefix = ruleset.addon.prefix
    gray = seated[2]
    sent: list[bytes] = []  # what Gray's client really sent, to replay
    original = realm.send_addon

    def recording(client, sent_prefix, body, *args, **kwargs):
        if client is gray and sent_prefix == prefix.encode():
            sent.append(body)
        return original(client, sent_prefix, body, *args, **kwargs)

    realm.send_addon = recording
    play(realm, gray, f"{slash(ruleset, 'long')} call")  # real messages to replay later
    rng = random.Random(seed)
    names = [c.full_name for c in seated] + ["Nobody-Nowhere", ""]
    for _ in range(messages):
        if sent and rng.random() < 0.2:
            send_addon(gray, prefix, rng.choice(sent))  # a replay of an old message of its own
        else:
            send_addon(gray, prefix, junk_message(rng, seated.table_id, names))
        realm.advance(1.1)
    realm.run_until_quiet()
    if realm.errors():
        return f"Lua error: {realm.errors()[0][1].splitlines()[0]}"
    lines = {status(realm, client, ruleset) for client in seated}
    if len(lines) != 1:
        return f"clients disagree after a player's junk: {lines}"
    return None
