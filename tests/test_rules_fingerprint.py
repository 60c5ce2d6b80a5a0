"""Every table states its ruleset's fingerprint (OPEN, SNAP), and a join carries the player's:
a client built from other rules under the stock addon name cannot sit, says so in one line
naming the part that differs, and no client counts it as seated; the host refuses its join."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from addon_table import PROTOCOL, seat_table, status
from conftest import write_variant
from pyhost.cli import main
from pyhost.codegen import build, write
from pyhost.codegen.context import fingerprint
from pyhost.harness import Realm
from pyhost.rules import load_ruleset
from realm_helpers import RECORDER, addon_messages, no_errors, send_addon

TAUREN = load_ruleset("tauren-holdem")
# Two categories swapped: a full house now beats a straight... the other way round.
SWAPPED = {'  { kind = "full_house", name = "Full house" },\n'
           '  { kind = "straight", name = "Straight" },\n':
           '  { kind = "straight", name = "Straight" },\n'
           '  { kind = "full_house", name = "Full house" },\n'}
RICHER = {"starting_bank = 20": "starting_bank = 50"}


def sections_differing(edits: dict[str, str], tmp_path) -> set[str]:
    theirs = fingerprint(load_ruleset(write_variant(tmp_path, "tauren-holdem", edits)))
    mine = fingerprint(TAUREN)
    assert (theirs["id"] == mine["id"]) == (theirs["sections"] == mine["sections"])
    return {name for name in mine["sections"] if theirs["sections"][name] != mine["sections"][name]}


def test_the_fingerprint_is_short_hashes_of_the_whole_and_of_each_section():
    printed = fingerprint(TAUREN)
    assert re.fullmatch(r"[0-9a-f]{12}", printed["id"])
    assert printed["order"] == ["dice", "hands", "deal", "table"]
    assert all(re.fullmatch(r"[0-9a-f]{8}", printed["sections"][name]) for name in printed["order"])
    assert printed["wire"] == ",".join(f"{n}={printed['sections'][n]}" for n in printed["order"])
    assert fingerprint(load_ruleset("tauren-holdem")) == printed
    # Rules.lua holds it, as the Lua reads it.
    rules = build(TAUREN)["Rules.lua"].decode()
    assert f'id = "{printed["id"]}"' in rules and f'wire = "{printed["wire"]}"' in rules


@pytest.mark.parametrize("edits, differs", [
    (SWAPPED, {"hands"}),
    (RICHER, {"table"}),
    ({"blinds = false": "blinds = true"}, {"table"}),
    ({"community = [3, 1, 1]": "community = [3, 2]"}, {"deal"}),
    ({"hidden = 2": "hidden = 3"}, {"deal"}),
    ({'faces = [\n  { name = "2", value = 2, glyph = "[. \' ]" },\n':
      'faces = [\n  { name = "1", value = 0, glyph = "[ . ]" },\n'
      '  { name = "2", value = 2, glyph = "[. \' ]" },\n'}, {"dice", "hands"}),  # nine faces
    ({'ace_mode = "ace"': 'ace_mode = "wild"'}, {"hands"}),
    ({"wrap = true": "wrap = false"}, {"hands"}),
    # Words only: the same play.
    ({'currency = "poke"': 'currency = "chips"'}, set()),
    ({'name = "Five of a kind"': 'name = "Quintet"'}, set()),
    ({'glyph = "[ ╣ ]"': 'glyph = "[ # ]"'}, set()),
    ({'{ name = "Chieftain", value = 8,': '{ name = "Chieftain", value = 9,'}, set()),
    ({'title = "Tauren Hold\'em"': 'title = "Tauren Poker"'}, set()),
    ({'name = "Tauren Hold\'em"\nfamily': 'name = "Bull Poker"\nfamily'}, set()),
])
def test_what_changes_play_changes_its_section_and_words_change_nothing(tmp_path, edits,
                                                                         differs):
    assert sections_differing(edits, tmp_path) == differs


def test_pyhost_rules_shows_the_fingerprint():
    result = CliRunner().invoke(main, ["rules", "tauren-holdem"])
    printed = fingerprint(TAUREN)
    sections = ", ".join(f"{name} {printed['sections'][name]}" for name in printed["order"])
    assert result.exit_code == 0
    assert f"Fingerprint: {printed['id']} ({sections})" in result.output.splitlines()


def modded_addon(folder, edits):
    """The addon built from a modified copy of tauren-holdem.toml: the same addon name."""
    ruleset = load_ruleset(write_variant(folder, "tauren-holdem", edits))
    assert ruleset.addon.name == TAUREN.addon.name
    target = folder / "modded" / ruleset.addon.name
    write(build(ruleset), target)
    return target


def said(client) -> list[str]:
    """The client's chat frame, less the Recorder's lines."""
    return [line for line in client.chat.lines if not line.startswith("<rec>")]


def joins(client, sender) -> list[str]:
    """The joins `client` heard from `sender`."""
    return [args[1] for args in addon_messages(client) if "\tACT\t" in args[1]
            and args[1].split("\t")[3] == "join" and args[3] == sender.full_name]


def test_a_client_of_other_rules_cannot_sit_at_a_stock_table(tmp_path, addon):
    realm = Realm(seed=1, wtf=tmp_path / "WTF")
    modded = modded_addon(tmp_path, SWAPPED)
    skoll, riggs, gray = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"],
                                    addons={"Riggs": modded}, beside=(RECORDER,))
    line = ("Skoll's table plays other rules (the hand order differs from yours): you cannot "
            "sit at it.")
    # Once when the table opens, once when it types /tholdem join; it sent no join.
    assert said(riggs).count(line) == 2 and said(riggs)[-1] == line
    assert joins(skoll, riggs) == [] and joins(skoll, gray) != []
    # Identical rules sit; nobody counts Riggs as seated.
    for client in (skoll, gray):
        assert status(realm, client).endswith("banks: Skoll 20, Gray 20")
    assert status(realm, riggs) == "No table is open: /tholdem open to start one."
    # A join sent anyway is refused by the host: with Riggs's fingerprint or with none.
    theirs = fingerprint(load_ruleset(write_variant(tmp_path, "tauren-holdem", SWAPPED)))
    table_id = next(args[1] for args in addon_messages(gray) if "\tOPEN\t" in args[1])
    table_id = table_id.split("\t")[2]
    for extra in ([theirs["id"], theirs["wire"]], []):
        send_addon(riggs, "TaurenHoldem", "\t".join([PROTOCOL, "ACT", table_id, "join", "20", "",
                                                     "", *extra]))
        realm.run_until_quiet()
    refusals = [args[1] for args in addon_messages(riggs) if "\tNO\t" in args[1]]
    assert [r.split("\t")[3] for r in refusals] == [
        "your addon plays other rules (the hand order differs from this table's): you cannot "
        "sit here",
        "your addon plays other rules: you cannot sit here"]
    for client in (skoll, gray):
        assert status(realm, client).endswith("banks: Skoll 20, Gray 20")
    no_errors(realm)


def test_a_table_opened_by_a_client_of_other_rules_seats_nobody(tmp_path, addon):
    realm = Realm(seed=1, wtf=tmp_path / "WTF")
    modded = modded_addon(tmp_path, RICHER)
    riggs, skoll, gray = seat_table(realm, addon, ["Riggs", "Skoll", "Gray"],
                                    addons={"Riggs": modded}, beside=(RECORDER,))
    line = ("Riggs's table plays other rules (a table setting differs from yours): you "
            "cannot sit at it.")
    for client in (skoll, gray):
        assert said(client).count(line) == 2 and said(client)[-1] == line
        assert status(realm, client) == "No table is open: /tholdem open to start one."
    assert joins(riggs, skoll) == [] and joins(riggs, gray) == []
    assert status(realm, riggs).endswith("banks: Riggs 50")
    no_errors(realm)


def test_a_late_client_of_other_rules_refuses_the_snapshot_once(tmp_path, addon):
    realm = Realm(seed=1, wtf=tmp_path / "WTF")
    skoll, _ = seat_table(realm, addon, ["Skoll", "Gray"], beside=(RECORDER,))
    riggs = realm.login("Riggs", addons=[modded_addon(tmp_path, SWAPPED), RECORDER])
    realm.invite(skoll, riggs)
    realm.run_until_quiet()
    realm.advance(120)  # the heartbeats and HELLO's repeats, if any
    realm.run_until_quiet()
    line = ("Skoll's table plays other rules (the hand order differs from yours): you cannot "
            "sit at it.")
    assert said(riggs).count(line) == 1
    snapshots = [args for args in addon_messages(riggs) if "\tSNAP\t" in args[1]]
    assert len(snapshots) == 1  # asked once, refused, not asked again
    riggs.type("/tholdem join")
    realm.run_until_quiet()
    assert said(riggs)[-1] == line and joins(skoll, riggs) == []
    assert status(realm, skoll).endswith("banks: Skoll 20, Gray 20")
    no_errors(realm)


def test_a_client_whose_ruleset_differs_only_in_words_sits(tmp_path, addon):
    realm = Realm(seed=1, wtf=tmp_path / "WTF")
    reworded = modded_addon(tmp_path, {'currency = "poke"': 'currency = "chips"',
                                       'name = "Full house"': 'name = "Boat"'})
    skoll, riggs = seat_table(realm, addon, ["Skoll", "Riggs"], addons={"Riggs": reworded},
                              beside=(RECORDER,))
    assert said(riggs)[-1] == "Riggs sits down with 20 chips."
    assert status(realm, skoll).endswith("banks: Skoll 20, Riggs 20")
    assert status(realm, riggs).endswith("banks: Skoll 20, Riggs 20")
    no_errors(realm)
