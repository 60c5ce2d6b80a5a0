"""Addons load as WoW loads them, and their SavedVariables survive /reload and relog."""

from __future__ import annotations

import pytest

from conftest import make_addon
from pyhost.harness import Realm

RECORD_EVENTS = """
local name, ns = ...
Log = Log or {}
local f = CreateFrame("Frame")
for _, e in ipairs({"ADDON_LOADED", "PLAYER_LOGIN", "PLAYER_ENTERING_WORLD", "PLAYER_LOGOUT"}) do
    f:RegisterEvent(e)
end
f:SetScript("OnEvent", function(_, event, a, b)
    Log[#Log + 1] = strjoin(" ", event, tostring(a), tostring(b))
end)
"""


def test_files_load_in_toc_order_sharing_the_addon_namespace(tmp_path):
    folder = make_addon(tmp_path, "Order", {
        "first.lua": "local name, ns = ... ns.seen = {name} Order = ns",
        "second.lua": "local name, ns = ... tinsert(ns.seen, 'second')",
        "ui.xml": '<Ui xmlns="http://www.blizzard.com/wow/ui/"><Script file="third.lua"/>'
                  '<Include file="sub\\\\more.xml"/></Ui>',
        "_third.lua": "local name, ns = ... tinsert(ns.seen, 'third')",
        "_sub/more.xml": '<Ui><Script>local name, ns = ... tinsert(ns.seen, "inline")</Script>'
                         '</Ui>',
    })
    client = Realm(wtf=tmp_path / "WTF").login("Skoll", addons=[folder])
    assert client.run_lua("return Order.seen") == ["Order", "second", "third", "inline"]


def test_addons_load_alphabetically_after_their_dependencies(tmp_path):
    seen = "Loaded = Loaded or {} table.insert(Loaded, (...))"
    a = make_addon(tmp_path, "Alpha", {"a.lua": seen}, "## Dependencies: Zulu")
    b = make_addon(tmp_path, "Bravo", {"b.lua": seen})
    z = make_addon(tmp_path, "Zulu", {"z.lua": seen})
    client = Realm(wtf=tmp_path / "WTF").login("Skoll", addons=[b, a, z])
    assert client.run_lua("return Loaded") == ["Zulu", "Alpha", "Bravo"]


def test_the_login_events_come_in_wows_order(tmp_path):
    folder = make_addon(tmp_path, "Events", {"e.lua": RECORD_EVENTS})
    realm = Realm(wtf=tmp_path / "WTF")
    client = realm.login("Skoll", addons=[folder])
    assert client.run_lua("return Log") == [
        "ADDON_LOADED Events false", "PLAYER_LOGIN nil nil", "PLAYER_ENTERING_WORLD true false"]
    client.type("/reload")
    realm.run_until_quiet()
    assert client.run_lua("return Log[#Log]") == "PLAYER_ENTERING_WORLD false true"


def test_an_out_of_date_addon_is_not_loaded_unless_the_realm_allows_it(tmp_path):
    folder = tmp_path / "Old"
    folder.mkdir()
    (folder / "Old.toc").write_text("## Interface: 100000\nold.lua\n", encoding="utf-8")
    (folder / "old.lua").write_text("OldLoaded = true\n", encoding="utf-8")
    client = Realm(wtf=tmp_path / "WTF").login("Skoll", addons=[folder])
    assert client.run_lua("return OldLoaded") is None
    assert "Old is out of date (Interface 100000; this client is 120100) and was not loaded." \
        in client.chat
    lenient = Realm(wtf=tmp_path / "WTF2", load_out_of_date=True).login("Skoll", addons=[folder])
    assert lenient.run_lua("return OldLoaded") is True


def test_metadata_and_build_info_come_from_the_toc_and_the_flavour(tmp_path):
    folder = make_addon(tmp_path, "Meta", {"m.lua": ""}, "## Version: 1.2.3\n## Author: Skoll")
    retail = Realm(wtf=tmp_path / "WTF").login("Skoll", addons=[folder])
    assert retail.run_lua("return C_AddOns.GetAddOnMetadata('Meta', 'Version')") == "1.2.3"
    assert retail.run_lua("return select(4, GetBuildInfo())") == 120100
    classic = Realm(wtf=tmp_path / "WTF2", flavour="classic_era").login("Skoll", addons=[folder])
    assert classic.run_lua("return GetAddOnMetadata('Meta', 'Author')") == "Skoll"
    assert classic.run_lua("return select(4, GetBuildInfo())") == 11509


# -- SavedVariables ------------------------------------------------------------------------------

SAVER = """
local name = ...
local f = CreateFrame("Frame")
f:RegisterEvent("ADDON_LOADED")
f:RegisterEvent("PLAYER_LOGOUT")
f:SetScript("OnEvent", function(_, event, arg)
    if event == "ADDON_LOADED" and arg == name then
        SaverDB = SaverDB or {logins = 0}
        SaverDB.logins = SaverDB.logins + 1
        SaverChar = SaverChar or {}
    elseif event == "PLAYER_LOGOUT" then
        SaverDB.lastWords = "set at logout"
    end
end)
"""


def saver(tmp_path):
    return make_addon(tmp_path, "Saver", {"s.lua": SAVER},
                      "## SavedVariables: SaverDB\n## SavedVariablesPerCharacter: SaverChar")


def test_saved_variables_survive_reload_and_relog_faithfully(tmp_path):
    realm = Realm(wtf=tmp_path / "WTF")
    client = realm.login("Skoll", addons=[saver(tmp_path)])
    client.run_lua("""
        SaverDB.nested = {banks = {["Skoll-Thunderhorn"] = 20, ["Riggs-Thunderhorn"] = 28},
                          list = {"a", "b", [10] = "ten"}, [1.5] = "float key", [-3] = true}
        SaverDB.text = 'quotes " and \\' and \\\\ and\\nnewlines and \\128\\255 high bytes'
        SaverDB.numbers = {1, -7, 2^53, 0.1, 1e300, -2.5}
        SaverDB.flags = {yes = true, no = false}
    """)
    client.type("/reload")
    realm.run_until_quiet()
    assert client.run_lua("return SaverDB.logins, SaverDB.lastWords") == (2, "set at logout")
    assert client.run_lua("return SaverDB.nested") == {
        "banks": {"Skoll-Thunderhorn": 20, "Riggs-Thunderhorn": 28},
        "list": {1: "a", 2: "b", 10: "ten"}, 1.5: "float key", -3: True}
    assert client.run_lua("return SaverDB.text") == \
        b"quotes \" and ' and \\ and\nnewlines and \x80\xff high bytes"  # not UTF-8: bytes
    assert client.run_lua("return SaverDB.numbers") == [1, -7, 2**53, 0.1, 1e300, -2.5]
    assert client.run_lua("return SaverDB.flags") == {"yes": True, "no": False}
    realm.logout(client)
    client = realm.login("Skoll", addons=[saver(tmp_path)])
    assert client.run_lua("return SaverDB.logins, SaverDB.nested.banks['Skoll-Thunderhorn']") \
        == (3, 20)


def test_account_variables_are_shared_and_character_ones_are_not(tmp_path):
    realm = Realm(wtf=tmp_path / "WTF")
    folder = saver(tmp_path)
    skoll = realm.login("Skoll", addons=[folder], account="Tribe")
    skoll.run_lua("SaverChar.who = 'Skoll'")
    realm.logout(skoll)
    alt = realm.login("Gray", addons=[folder], account="Tribe")
    assert alt.run_lua("return SaverDB.logins, SaverChar.who") == (2, None)
    files = sorted(p.relative_to(tmp_path / "WTF").as_posix()
                   for p in (tmp_path / "WTF").rglob("*.lua"))
    assert files == ["Account/TRIBE/SavedVariables/Saver.lua",
                     "Account/TRIBE/Thunderhorn/Skoll/SavedVariables/Saver.lua"]


def test_a_corrupt_saved_variables_file_is_reported_and_the_addon_starts_with_nil(tmp_path):
    realm = Realm(wtf=tmp_path / "WTF")
    folder = saver(tmp_path)
    path = tmp_path / "WTF/Account/SKOLL/SavedVariables/Saver.lua"
    path.parent.mkdir(parents=True)
    path.write_text("SaverDB = { logins = 41,, }\n", encoding="utf-8")
    client = realm.login("Skoll", addons=[folder])
    assert client.chat.matching("Error loading saved variables for Saver")
    assert client.run_lua("return SaverDB.logins") == 1  # started from nil
    assert not client.errors


@pytest.mark.parametrize(("signed", "expected"), [(False, (4294967295, 4294967295, 2147483648)),
                                                  (True, (-1, -1, -2147483648))])
def test_bit_results_are_unsigned_by_default_and_signed_by_setting(tmp_path, signed, expected):
    client = Realm(wtf=tmp_path / "WTF", bit_signed=signed).login("Skoll")
    assert client.run_lua("return bit.bnot(0), bit.bor(-1, 0), bit.lshift(1, 31)") == expected


def test_bit_operations(tmp_path):
    client = Realm(wtf=tmp_path / "WTF").login("Skoll")
    assert client.run_lua("""return bit.band(0xFF00FF00, 0x0FF00FF0), bit.bor(1, 2, 4),
        bit.bxor(0xF0, 0xFF), bit.rshift(0x80000000, 31), bit.arshift(0x80000000, 31),
        bit.lshift(3, 33), bit.mod(-7, 3), bit.band(2^32 + 5, 7)""") == (
        0x0F000F00, 7, 0x0F, 1, 0xFFFFFFFF, 6, 0xFFFFFFFF, 5)
