"""Long games of Vitaji at the table: the record a catch-up copies stays the size of the
scoresheet (each round's start replaces the game's turns and rolls so far by one RESUME), so a
player who reloads late in a d1000 game catches up, and a forged RESUME changes nothing."""

from __future__ import annotations

import random

import pytest
from test_vitaji_addon import NAMES, Mirror, status

from addon_table import Seated, play, seat_table
from conftest import write_variant
from pyhost.codegen import build, write
from pyhost.harness import Realm
from pyhost.rules import load_ruleset
from realm_helpers import send_addon


@pytest.fixture
def realm(tmp_path):
    return Realm(wtf=tmp_path / "WTF", seed=1)


def long_table(realm: Realm, folder, count: int, rounds: int) -> Seated:
    """A table of the championship's die (d1000) over `rounds` rounds, 2 rerolls in 5."""
    path = write_variant(folder, "vitaji", {"sides = 6": "sides = 1000",
                                            "rounds = 5": f"rounds = {rounds}",
                                            "rerolls = 2": f"rerolls = {rounds * 2 // 5}",
                                            "ante = 10": "ante = 1"}, f"long-{rounds}")
    ruleset = load_ruleset(path)
    addon = folder / f"long-{rounds}" / ruleset.addon.name
    write(build(ruleset), addon)
    return seat_table(realm, addon, NAMES[:count], mode="", ruleset=ruleset)


def log_bytes(client, ruleset) -> tuple[int, int]:
    """The host's record for a catch-up now: its entries and their bytes on the wire."""
    count, size = client.lua.eval("""function(ns)
        local s = ns.DrawTable.session()
        local size = 0
        for _, entry in ipairs(s.log) do
            size = size + #table.concat(ns.Messages.encode(entry[1], entry[2]), "\\t") + 4
        end
        return #s.log, size
    end""")(client.addons[ruleset.addon.name].namespace)
    return int(count), int(size)


def test_a_player_who_reloads_late_in_a_long_game_catches_up_from_a_short_record(realm,
                                                                                 tmp_path):
    seated = long_table(realm, tmp_path, 3, 40)
    skoll, _riggs, ada = seated
    play(realm, skoll, "/vitaji start")
    mirror = Mirror(realm, seated, 1, {c.name: 100 for c in seated})
    chooser = random.Random("long")
    sizes = {}
    while mirror.engine.round < 30 or mirror.engine.step.value != "bet":
        mirror.step(chooser, drops=False)
        if mirror.engine.step.value == "bet" and mirror.engine.betting.level is None:
            sizes[mirror.engine.round] = log_bytes(skoll, seated.ruleset)
    # The record at a round's start: the start, one RESUME, nothing more; it grows by the
    # rows of the scoresheet only.
    assert sizes[30][0] == sizes[10][0] <= 4
    assert sizes[30][1] - sizes[10][1] < 20 * 40
    ada.reload()
    realm.run_until_quiet()
    realm.advance(20)
    realm.run_until_quiet()
    assert any(line.startswith("Caught up with Skoll's table") for line in ada.chat.lines)
    mirror.play_out(chooser, steps=2000)
    expected = {seat.name: seat.bank for seat in mirror.engine.seats}
    for client in seated:
        assert status(realm, client)[2] == expected, client.name
    assert realm.errors() == []


def test_a_resume_from_anyone_but_the_host_in_a_copy_changes_nothing(realm, tmp_path):
    seated = long_table(realm, tmp_path, 3, 10)
    skoll, riggs, _ada = seated
    play(realm, skoll, "/vitaji start")
    mirror = Mirror(realm, seated, 1, {c.name: 100 for c in seated})
    chooser = random.Random("forged")
    while mirror.engine.round < 3:
        mirror.step(chooser, drops=False)
    before = [status(realm, client) for client in seated]
    forged = "\t".join(["3", "RESUME", seated.table_id, "1", "0", "0",
                        "5;0,0,0;9,9,9;;;1/,,/999,999,999/1:1//|1/,,/1,1,1///"])
    for sender in (riggs, skoll):  # (live, even the host's: only a copy's counts)
        send_addon(sender, seated.ruleset.addon.prefix, forged)
        realm.run_until_quiet()
    assert [status(realm, client) for client in seated] == before
    assert realm.errors() == []
