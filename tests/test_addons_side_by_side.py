"""Every addon pyhost ships, loaded at once in one client: their prefixes, slash commands and
saved variables stay apart, and tables of different games run side by side in one party.

The addons are the committed folders under addon/ (what players install), so a game's addon
joins these tests the moment it is committed, and a shipped ruleset whose family has an
addon flow must have its folder there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from addon_table import Seated, banks, deal_fairly, play, status
from pyhost.codegen import FLOWS
from pyhost.harness import Realm
from pyhost.rules import load_ruleset
from pyhost.rules.loading import shipped_ids

ADDON_ROOT = Path(__file__).parent.parent / "addon"
COMMITTED = tuple(sorted(folder for folder in ADDON_ROOT.iterdir()
                         if (folder / f"{folder.name}.toc").is_file()))
RULESETS = {ruleset.addon.name: ruleset for ruleset in map(load_ruleset, shipped_ids())
            if ruleset.family in FLOWS}


def toc_field(folder: Path, field: str) -> str:
    text = (folder / f"{folder.name}.toc").read_text(encoding="utf-8")
    return re.search(rf"^## {field}: (.*)$", text, re.MULTILINE).group(1).strip()


def commands(name: str) -> set[str]:
    """Every slash command an addon claims: its short ones and its long form."""
    addon = RULESETS[name].addon
    return {f"/{command}" for command in addon.commands.values()} | {f"/{addon.long_command}"}


def test_every_shipped_game_with_an_addon_flow_is_committed():
    assert {folder.name for folder in COMMITTED} == set(RULESETS)


def test_their_prefixes_commands_and_saved_variables_are_apart():
    names = [folder.name for folder in COMMITTED]
    prefixes = [RULESETS[name].addon.prefix for name in names]
    saved = [toc_field(folder, "SavedVariables") for folder in COMMITTED]
    assert len(set(prefixes)) == len(names) and len(set(saved)) == len(names)
    for i, first in enumerate(names):
        for second in names[i + 1:]:
            assert not commands(first) & commands(second), (first, second)


def test_all_load_in_one_client_and_each_answers_its_own_help(tmp_path):
    realm = Realm(seed=5, wtf=tmp_path / "WTF")
    client = realm.login("Skoll", addons=list(COMMITTED))
    assert set(client.addons) >= set(RULESETS)
    for name in RULESETS:
        assert client.prefix_registered(RULESETS[name].addon.prefix.encode())
        since = len(client.chat.lines)
        play(realm, client, f"/{RULESETS[name].addon.long_command} help")
        said = " ".join(client.chat.lines[since:])
        assert RULESETS[name].addon.title in said, name
        for other in set(RULESETS) - {name}:
            assert f"/{RULESETS[other].addon.long_command} " not in said, (name, other)
    assert realm.errors() == []


def open_table(realm: Realm, host, guests, ruleset) -> Seated:
    seated = Seated([host, *guests])
    seated.table_id = f"{host.full_name}:{realm.epoch()}"
    seated.ruleset = ruleset
    long = f"/{ruleset.addon.long_command}"
    play(realm, host, f"{long} open guided")
    for guest in guests:
        play(realm, guest, f"{long} join")
    return seated


@pytest.mark.skipif(not {"TaurenHoldem", "DiceHoldem"} <= set(RULESETS),
                    reason="needs both hold'em addons")
def test_two_games_tables_at_once_in_one_party_each_keep_their_own_chips(tmp_path):
    realm = Realm(seed=6, wtf=tmp_path / "WTF")
    skoll, riggs = (realm.login(name, addons=list(COMMITTED)) for name in ("Skoll", "Riggs"))
    realm.party(skoll, riggs)
    tauren, dice = RULESETS["TaurenHoldem"], RULESETS["DiceHoldem"]
    # Skoll hosts Tauren Hold'em, Riggs hosts DiceHoldem: both sit at both.
    at_tauren = open_table(realm, skoll, [riggs], tauren)
    at_dice = open_table(realm, riggs, [skoll], dice)
    play(realm, skoll, "/tholdem start")
    deal_fairly(realm, at_tauren, 1)
    play(realm, riggs, "/diceholdem start")
    deal_fairly(realm, at_dice, 1)
    # Tauren Hold'em has no antes; DiceHoldem's ante is 1. Turns interleave across the tables.
    play(realm, riggs, "/tbet 2")
    play(realm, skoll, "/dhbet 2")
    play(realm, skoll, "/tholdem call")
    play(realm, riggs, "/diceholdem fold")
    for street_command in ("/tflop", "/tturn", "/triver"):
        play(realm, skoll, street_command)
        play(realm, riggs, "/tholdem check")
        play(realm, skoll, "/tholdem check")
    for client in (skoll, riggs):
        tauren_banks = banks(status(realm, client, tauren))
        assert sum(tauren_banks.values()) == 40
        assert " the pot: " in " ".join(client.chat.lines)  # won or split at the showdown
        assert tauren_banks == banks(status(realm, skoll, tauren))
        assert banks(status(realm, client, dice)) == {"Riggs": 99, "Skoll": 101}
        assert "Skoll wins 2 (everyone else folded)" in client.chat.lines
    # Each game's saved variables hold its own banks, past a /reload.
    skoll.reload()
    realm.run_until_quiet()
    saved = {name: skoll.global_value(toc_field(ADDON_ROOT / name, "SavedVariables"))
             for name in ("TaurenHoldem", "DiceHoldem")}
    assert saved["TaurenHoldem"] is not saved["DiceHoldem"]
    assert realm.errors() == []
