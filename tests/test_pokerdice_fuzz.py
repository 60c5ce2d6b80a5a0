"""Poker Dice's table under random input: slash commands typed by its players and a watcher,
and random, malformed and replayed addon messages on its prefix (tests/message_fuzz.py's
junk). No Lua error ever; what sends nothing changes nothing and tells its typer one line
(several for help and the lists); what a seat's client does, every client does alike."""

from __future__ import annotations

import random

import message_fuzz
import pytest
from pokerdice_table import POKER_DICE, poker_dice_table, script_roll

from addon_table import play, status
from input_fuzz import table_command_fuzz
from pyhost.harness import Realm
from realm_helpers import send_addon

ACTIONS = ["ante", "ante", "roll", "roll", "keep", "keep", "check", "raise", "raise", "call",
           "fold", "hand", "bones", "help", "open", "join", "leave", "start", "status", "dice",
           "ascii", "frob", ""]
INFO = {"hand", "bones", "help", ""}  # (several lines, by design)
ARGS = ["1", "2", "3", "4", "5", "6", "6", "6", "0", "7", "-1", "x", "1.5", "1e400", "on", "off",
        "timeout", "notimeout", "30", "|cffff0000red|r", "|n", "||", "é漢🎲", "x" * 200, "%s",
        "Skoll"]



def scene(tmp_path, seed: int):
    realm = Realm(seed=seed, wtf=tmp_path / "WTF")
    seated = poker_dice_table(realm, tmp_path, 3, options="notimeout")
    play(realm, seated[0], "/pokerdice start")
    play(realm, seated[0], "/pdante 2")
    play(realm, seated[1], "/pdante")
    play(realm, seated[2], "/pdante")
    script_roll(realm, seated, seated[0], 1, 1, [4, 4, 1, 2, 3])
    play(realm, seated[0], "/pdroll")
    watcher = realm.login("Fuzz", addons=[tmp_path / POKER_DICE.addon.name])
    realm.invite(seated[0], watcher)
    realm.run_until_quiet()
    return realm, seated, watcher


@pytest.mark.parametrize("seed", [1, 2])
def test_random_commands_raise_no_error_and_keep_every_copy_together(tmp_path, seed):
    realm, seated, watcher = scene(tmp_path, seed)
    table_command_fuzz(realm, seated, watcher, POKER_DICE, random.Random(seed), actions=ACTIONS,
                       args=ARGS, arg_counts=[0, 1, 1, 2, 3, 5], info=INFO)


@pytest.mark.parametrize("seed", [3, 4])
def test_junk_messages_from_a_seat_raise_no_error_and_every_copy_agrees(tmp_path, seed,
                                                                         monkeypatch):
    monkeypatch.setattr(message_fuzz, "OPS", [*message_fuzz.OPS, "keep", "roll", "ante",
                                              "stand"])
    realm, seated, _ = scene(tmp_path, seed)
    riggs = seated[1]
    rng = random.Random(seed)
    names = [c.full_name for c in seated] + ["Nobody-Nowhere", ""]
    for _ in range(120):
        send_addon(riggs, POKER_DICE.addon.prefix,
                   message_fuzz.junk_message(rng, seated.table_id, names))
        realm.advance(1.1)  # within the throttle: every message goes out
    realm.run_until_quiet()
    assert realm.errors() == []
    lines = {status(realm, client, POKER_DICE) for client in seated}
    assert len(lines) == 1, lines
    # Nobody's junk is Skoll's keep, check or raise.
    assert "Skoll to keep dice and roll again, or check or raise" in next(iter(lines))
