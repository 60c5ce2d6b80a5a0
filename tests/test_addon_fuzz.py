"""Random and malformed addon messages on the table's prefix: no Lua error, nothing changes."""

from __future__ import annotations

import random

import pytest

from addon_table import PROTOCOL, build_addon, dealt_table, play, status
from pyhost.harness import Realm

KINDS = ["OPEN", "ACT", "DO", "TURN", "NO", "DEAL", "SHOW", "HELLO", "AGAIN", "SNAP", "HEARD",
         "REVEALED", "ROLLED", "SEED", "SNAPEND", "B", "P", "X", ""]
OPS = ["join", "leave", "commit", "show", "put", "bet", "check", "call", "raise", "fold", "allin",
       "pot", "give", "reset", "seat", "unseat", "start", "close", "dealer", "?"]


@pytest.fixture(scope="module")
def addon(tmp_path_factory):
    return build_addon(tmp_path_factory.mktemp("addons"))


def junk_field(rng: random.Random, table_id: str, names: list[str]) -> str:
    return rng.choice([
        "", table_id, rng.choice(names), rng.choice(OPS), str(rng.randint(-5, 12)),
        str(rng.choice([2 ** 31, -2 ** 53, 10 ** 300])), "1e309", "nan", "-0", "1,2", "9,9,9",
        "0,", ",", "s1111111111", "x" * rng.randint(1, 300), "\030", "\t", "%s%d", "|",
        "é漢\0",
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


def lua_string(text: str) -> str:
    return '"' + "".join(c if c.isalnum() or c in " _-.,:;" else
                         "".join(f"\\{b:03d}" for b in c.encode("utf-8")) for c in text) + '"'


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_junk_from_a_watcher_changes_nothing_and_raises_no_error(tmp_path, addon, seed):
    realm = Realm(seed=seed, wtf=tmp_path / "WTF")
    seated = dealt_table(realm, addon, ["Skoll", "Riggs", "Gray"])
    skoll, riggs, gray = seated
    play(realm, riggs, "/tbet 2")
    fuzz = realm.login("Fuzz", addons=[addon])
    realm.invite(skoll, fuzz)
    realm.run_until_quiet()
    before = [status(realm, client) for client in seated]
    rng = random.Random(seed)
    names = [c.full_name for c in seated] + [fuzz.full_name, "Nobody-Nowhere", ""]
    for _ in range(150):
        text = junk_message(rng, seated.table_id, names)
        channel = rng.choice(["PARTY", "PARTY", "WHISPER"])
        target = f", {lua_string(rng.choice(names[:3]))}" if channel == "WHISPER" else ""
        fuzz.run_lua(f'C_ChatInfo.SendAddonMessage("TaurenHoldem", {lua_string(text)}, '
                     f'"{channel}"{target})')
        realm.advance(1.1)  # within the throttle: every message goes out
    realm.run_until_quiet()
    assert realm.errors() == []
    assert [status(realm, client) for client in seated] == before
    # And the hand goes on.
    play(realm, gray, "/tholdem call")
    play(realm, skoll, "/tholdem call")
    lines = {status(realm, client) for client in seated}
    assert len(lines) == 1 and "Skoll rolls the flop next" in lines.pop()


@pytest.mark.parametrize("seed", [4, 5])
def test_junk_from_a_seated_player_raises_no_error_and_everyone_agrees(tmp_path, addon, seed):
    # A seated player's junk may be a legal action of their own; whatever it does, every
    # client does the same.
    realm = Realm(seed=seed, wtf=tmp_path / "WTF")
    seated = dealt_table(realm, addon, ["Skoll", "Riggs", "Gray"])
    _, riggs, gray = seated
    play(realm, riggs, "/tbet 2")
    rng = random.Random(seed)
    names = [c.full_name for c in seated] + ["Nobody-Nowhere", ""]
    for _ in range(150):
        text = junk_message(rng, seated.table_id, names)
        gray.run_lua(f'C_ChatInfo.SendAddonMessage("TaurenHoldem", {lua_string(text)}, "PARTY")')
        realm.advance(1.1)
    realm.run_until_quiet()
    assert realm.errors() == []
    assert len({status(realm, client) for client in seated}) == 1
