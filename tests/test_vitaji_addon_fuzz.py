"""Vitaji's table under random input: slash commands typed by its players and a watcher,
and random, malformed and replayed addon messages on its prefix (tests/message_fuzz.py's
junk, with Vitaji's ops and RESUME). No Lua error ever; what sends nothing changes nothing
and tells its typer one line (several for help and the scoresheet); what a seat's client
does, every client does alike."""

from __future__ import annotations

import random

import message_fuzz
import pytest
from test_vitaji_addon import VITAJI, script_die, vitaji_table

from addon_table import PROTOCOL, play, status
from input_fuzz import table_command_fuzz
from pyhost.harness import Realm
from realm_helpers import send_addon

ACTIONS = ["roll", "roll", "reroll", "reroll", "pass", "pass", "bet", "bet", "drop", "meet",
           "raise", "bonus", "score", "help", "open", "join", "leave", "start", "status", "frob",
           ""]
INFO = {"help", "", "score"}  # (several lines, by design)
ARGS = ["1", "2", "5", "10", "0", "-1", "x", "1.5", "add", "double", "reroll", "timeout",
        "notimeout", "30", "|cffff0000red|r", "|n", "||", "é漢🎲", "x" * 200, "%s", "Skoll",
        "1e3", "999999999999"]



def scene(tmp_path, seed: int):
    realm = Realm(seed=seed, wtf=tmp_path / "WTF")
    seated = vitaji_table(realm, tmp_path, 3, options="notimeout")
    play(realm, seated[0], "/vitaji start")
    script_die(realm, seated, seated[0], 1, 1, 4)
    play(realm, seated[0], "/vroll")
    watcher = realm.login("Fuzz", addons=[tmp_path / VITAJI.addon.name])
    realm.invite(seated[0], watcher)
    realm.run_until_quiet()
    return realm, seated, watcher


@pytest.mark.parametrize("seed", [1, 2])
def test_random_commands_raise_no_error_and_keep_every_copy_together(tmp_path, seed):
    realm, seated, watcher = scene(tmp_path, seed)
    table_command_fuzz(realm, seated, watcher, VITAJI, random.Random(seed), actions=ACTIONS,
                       args=ARGS, arg_counts=[0, 0, 1, 1, 2, 3], info=INFO)


@pytest.mark.parametrize("seed", [3, 4])
def test_junk_messages_from_a_seat_raise_no_error_and_every_copy_agrees(tmp_path, seed,
                                                                         monkeypatch):
    monkeypatch.setattr(message_fuzz, "OPS", [*message_fuzz.OPS, "die", "bet", "meet", "raise",
                                              "drop", "reroll", "pass", "bonus_add", "stand"])
    realm, seated, _ = scene(tmp_path, seed)
    riggs = seated[1]
    rng = random.Random(seed)
    names = [c.full_name for c in seated] + ["Nobody-Nowhere", ""]
    for number in range(120):
        message = message_fuzz.junk_message(rng, seated.table_id, names)
        if number % 10 == 0:  # (and a state for a RESUME, from a seat, live)
            message = "\t".join([PROTOCOL, "RESUME", seated.table_id, "1", "0", "0",
                                 rng.choice(["", "x", "2;0,0,0;9,9,9;;;1/,,/6,6,6///",
                                             "5;1;2;;;|||"])])
        send_addon(riggs, VITAJI.addon.prefix, message)
        realm.advance(1.1)  # within the throttle: every message goes out
    realm.run_until_quiet()
    assert realm.errors() == []
    lines = {status(realm, client, VITAJI) for client in seated}
    assert len(lines) == 1, lines
    assert "Riggs to roll" in next(iter(lines))  # nobody's junk is Riggs's roll
