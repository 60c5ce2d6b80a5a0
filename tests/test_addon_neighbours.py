"""Tauren Hold'em beside other addons that claim the same slash commands."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from addon_table import Seated, build_addon, deal_fairly, dealt_table, play, status, street
from pyhost.harness import Realm

NEIGHBOUR = Path(__file__).parent / "addons" / "SlashNeighbour"
TAKEN = ("/tdeal is also another addon's command (SLASHNEIGHBOUR), so it may not reach this "
         "one: use /tholdem deal.")


@pytest.fixture(scope="module")
def addon(tmp_path_factory):
    return build_addon(tmp_path_factory.mktemp("addons"))


@pytest.mark.parametrize("neighbour_first", [True, False])
def test_a_short_command_another_addon_claims_is_named_once(tmp_path, addon, neighbour_first):
    # WoW loads addons in the order of their folder names: a copy named to sort after
    # TaurenHoldem sets its commands after it.
    neighbour = NEIGHBOUR
    if not neighbour_first:
        neighbour = tmp_path / "ZzSlashNeighbour"
        neighbour.mkdir()
        (neighbour / "ZzSlashNeighbour.toc").write_text(
            (NEIGHBOUR / "SlashNeighbour.toc").read_text(encoding="utf-8"), encoding="utf-8")
        shutil.copy(NEIGHBOUR / "SlashNeighbour.lua", neighbour)
    realm = Realm(seed=1, wtf=tmp_path / "WTF")
    skoll = realm.login("Skoll", addons=[addon, neighbour])
    assert skoll.chat.matching("also another addon's command") == [TAKEN]
    skoll.type("/dice 2")
    assert skoll.chat.lines[-1] == "SlashNeighbour deals: 2"
    skoll.type("/tholdem deal")  # the long form always reaches Tauren Hold'em
    assert skoll.chat.lines[-1].startswith("1-[")  # its dice, rolled away from a table
    skoll.type("/tdeal")  # whoever set it first has it
    wanted = "SlashNeighbour deals: " if neighbour_first else "1-["
    assert skoll.chat.lines[-1].startswith(wanted)
    skoll.reload()  # said again at each login, still once
    assert len(skoll.chat.matching("also another addon's command")) == 2
    assert realm.errors() == []


def test_without_a_neighbour_nothing_is_said(tmp_path, addon):
    realm = Realm(seed=1, wtf=tmp_path / "WTF")
    skoll = realm.login("Skoll", addons=[addon])
    assert not skoll.chat.matching("also another addon's command")


HIDER = Path(__file__).parent / "addons" / "RollHider"


@pytest.mark.parametrize("locale", ["enUS", "deDE"])
def test_a_neighbour_that_hides_roll_lines_does_not_blind_the_table(tmp_path, addon, locale):
    realm = Realm(seed=3, wtf=tmp_path / "WTF")
    seated = dealt_table(realm, addon, ["Skoll", "Riggs"], beside=(HIDER,),
                         locales={"Skoll": locale, "Riggs": locale})
    skoll, riggs = seated
    play(realm, riggs, "/tbet 2")
    play(realm, skoll, "/tholdem call")
    realm.script_rolls(street("5", "3", "6"))
    play(realm, skoll, "/tflop")
    for client in seated:
        assert client.chat.matching("Dealer Skoll rolls the")  # the flop, read all the same
        assert client.chat.matching("~ Skoll throws the bones")
        assert not client.chat.matching("(1-1000000)")  # the seed's roll line stayed hidden
        assert client.global_value("RollHiderSeen")[b"hidden"] == 2  # the seed and the flop
    assert "Riggs to act" in status(realm, skoll)
    assert skoll.global_value("RollHiderSeen")[b"rolls"] == 2  # its hook saw both rolls
    assert realm.errors() == []


CARELESS = Path(__file__).parent / "addons" / "GlobalNeighbour"
UNTOUCHED = """local changed = {}
for name, value in pairs(GlobalNeighbourSet) do
    if _G[name] ~= value then changed[#changed + 1] = name end
end
return table.concat(changed, " ")"""


def test_a_neighbours_global_names_neither_break_the_addon_nor_are_touched(tmp_path, addon):
    realm = Realm(seed=4, wtf=tmp_path / "WTF")
    seated = dealt_table(realm, addon, ["Skoll", "Riggs"], beside=(CARELESS,))
    skoll, riggs = seated
    play(realm, riggs, "/tbet 2")
    play(realm, skoll, "/tholdem call")
    assert "Skoll rolls the flop next" in status(realm, riggs)
    for client in seated:  # every global the neighbour set is still its own, from its load on
        assert client.run_lua(UNTOUCHED) == b""
        assert client.run_lua("return Dice.owner") == b"GlobalNeighbour"
    assert realm.errors() == []


FLOOD = Path(__file__).parent / "addons" / "PrefixFlood"


def test_a_neighbour_flooding_its_own_prefix_does_not_slow_the_table(tmp_path, addon):
    realm = Realm(seed=5, wtf=tmp_path / "WTF")
    names = ["Skoll", "Riggs", "Gray"]
    seated = Seated(realm.login(name, addons=[addon, FLOOD]) for name in names)
    realm.party(*seated)
    seated.table_id = f"{seated[0].full_name}:{realm.epoch()}"
    skoll, riggs, gray = seated
    refused = []  # (client, prefix) for each send the server's throttle refused
    for client in seated:
        def counting(prefix, now, client=client, take=client.take_token):
            allowed = take(prefix, now)
            if not allowed:
                refused.append((client.name, prefix))
            return allowed
        client.take_token = counting
    play(realm, skoll, "/tholdem open")
    for client in (riggs, gray):
        play(realm, client, "/tholdem join")
    play(realm, skoll, "/tholdem start")
    deal_fairly(realm, seated, 1)
    for client, line in ((riggs, "/tbet 2"), (gray, "/tholdem call"), (skoll, "/tholdem call")):
        play(realm, client, line)
    assert len({status(realm, client) for client in seated}) == 1
    assert "Skoll rolls the flop next" in status(realm, skoll)
    seen = skoll.global_value("PrefixFloodSeen")
    assert seen[b"refused"] > 0 and seen[b"heard"] > 0  # the flood hit its own allowance
    # The throttle is per prefix: the flood's refusals never touched Tauren Hold'em's sends.
    assert {prefix for _, prefix in refused} == {b"PrefixFlood"}
    assert realm.errors() == []
