"""The realm's WoW API is each flavour's, as the data says (pyhost/harness/data/api, written by
tools/wow_api.py from wowless's game data and Blizzard's interface code)."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest

from addon_table import build_addon, play_hand, seat_table
from pyhost.flavours import FLAVOURS
from pyhost.harness import LuaError, Realm
from pyhost.harness.wowapi import api, chat_info, loading

LIBRARIES = ("string", "table", "math", "coroutine", "bit")
# Every function the realm defines: globals, its namespaces' and Lua's libraries'.
DEFINED = """
local out, libraries = {}, { string = true, table = true, math = true, coroutine = true }
for name, value in pairs(_G) do
    if type(value) == "function" then out[#out + 1] = name
    elseif type(value) == "table" and (name:sub(1, 2) == "C_" or libraries[name]) then
        for member, fn in pairs(value) do
            if type(fn) == "function" then out[#out + 1] = name .. "." .. member end
        end
    end
end
return table.concat(out, " ")"""


def defined(client) -> list[str]:
    client.load_interface()  # (Blizzard's interface files run when first used: all of them now)
    return client.run_lua(DEFINED).split()


def every_name(flavour: str) -> set[str]:
    game = api(flavour)
    return set(game.functions) | {f"{space}.{member}" for space, members in
                                  game.namespaces.items() for member in members}


def spread(names, count: int) -> list[str]:
    """`count` names spread evenly over the sorted list: the same ones every run."""
    ordered = sorted(names)
    step = max(1, len(ordered) // count)
    return ordered[::step][:count]


@pytest.fixture(params=list(FLAVOURS))
def flavour(request) -> str:
    return request.param


@pytest.fixture
def client(tmp_path, flavour):
    return Realm(wtf=tmp_path / "WTF", flavour=flavour).login("Skoll")


def test_each_data_file_names_its_sources_and_its_numbers_are_the_flavours(flavour):
    raw = json.loads(resources.files("pyhost.harness").joinpath(
        "data", "api", f"{flavour}.json").read_text(encoding="utf-8"))
    wowless = raw["source"]["wowless"]
    assert wowless["repository"] == "github:wowless/wowless"
    assert len(wowless["commit"]) == 40
    assert raw["source"]["deprecated"]["repository"] == "github:Gethe/wow-ui-source"
    typed, game = FLAVOURS[flavour], api(flavour)
    assert (typed.version, typed.build, typed.interface) == (game.version, game.build,
                                                             game.interface)
    assert "commit" in loading().source


def test_get_build_info_is_the_datas(client, flavour):
    game = api(flavour)
    assert client.run_lua("return GetBuildInfo()") == (
        game.version, game.build, game.date, game.interface)


def test_every_function_the_realm_defines_exists_in_the_flavour(client, flavour):
    names = defined(client)
    assert "C_ChatInfo.SendAddonMessage" in names and "CreateFrame" in names
    missing = [name for name in names if not api(flavour).has(name)]
    assert missing == []


def test_a_function_the_flavour_lacks_is_nil(client, flavour):
    others = set().union(*(every_name(f) for f in FLAVOURS)) - every_name(flavour)
    if flavour != "retail":
        # Blizzard's deprecation fallbacks exist on the Classic flavours only.
        others -= set(api(flavour).deprecated)
    assert others, "every flavour has some function another lacks"
    for name in spread(others, 150):
        space, _, member = name.partition(".")
        code = (f"return type({name})" if not member else  # its namespace may be missing too
                f"if {space} == nil then return 'nil' end return type({name})")
        assert client.run_lua(code) == "nil", name


@pytest.mark.parametrize("name", ["SendAddonMessage", "RegisterAddonMessagePrefix",
                                  "SendChatMessage"])
def test_the_old_global_send_functions_are_gone_everywhere(client, name):
    # Not in wowless's C API of any flavour, nor among Blizzard's deprecation fallbacks.
    assert client.run_lua(f"return {name}") is None
    assert client.run_lua(f"if {name} then return 'there' end return 'gone'") == "gone"


def test_get_spell_info_is_classics_and_math_mod_is_nowhere(client, flavour):
    if flavour == "retail":
        assert client.run_lua("return GetSpellInfo") is None
        with pytest.raises(LuaError, match=r"the WoW API table\.freeze is not implemented"):
            client.run_lua("table.freeze({})")
    else:
        with pytest.raises(LuaError, match="the WoW API GetSpellInfo is not implemented"):
            client.run_lua("return GetSpellInfo(133)")
    assert client.run_lua("return math.mod, math.fmod(7, 3)") == (None, 1)


def test_an_existing_function_the_realm_lacks_fails_with_its_name(client, flavour):
    names = every_name(flavour) - set(defined(client))
    names = {name for name in names if name.split(".")[0] not in ("Kiosk",)}
    for name in spread(names, 100):
        with pytest.raises(LuaError, match=f"the WoW API {name} is not implemented"):
            client.run_lua(f"return {name}()")


def test_a_namespace_the_realm_lacks_has_the_flavours_functions_only(client, flavour):
    assert client.run_lua("return type(C_Map.GetBestMapForUnit), C_Map.NoSuchThing") == (
        "function", None)
    assert client.run_lua("return C_ChatInfo.NoSuchThing, type(C_ChatInfo.GetChannelInfo"
                          "FromIdentifier)") == (None, "function")


def test_c_chatinfo_send_chat_message_exists_where_the_data_says(client, flavour):
    assert api(flavour).has("C_ChatInfo.SendChatMessage")
    assert client.run_lua("return type(C_ChatInfo.SendChatMessage)") == "function"


def test_blizzards_deprecation_fallbacks_follow_deprecated_globals(tmp_path, flavour):
    fallbacks = api(flavour).deprecated
    on = Realm(wtf=tmp_path / "on", flavour=flavour).login("Skoll")
    off = Realm(wtf=tmp_path / "off", flavour=flavour,
                deprecated_globals=False).login("Skoll")
    if flavour == "retail":
        assert "GetAddOnMetadata" not in fallbacks
        assert on.run_lua("return GetAddOnMetadata") is None
        return
    assert fallbacks["GetAddOnMetadata"] == "C_AddOns.GetAddOnMetadata"
    assert on.run_lua("return GetAddOnMetadata == C_AddOns.GetAddOnMetadata, "
                      "IsAddOnLoaded == C_AddOns.IsAddOnLoaded, "
                      "GetNumAddOns == C_AddOns.GetNumAddOns") == (True, True, True)
    with pytest.raises(LuaError, match="the WoW API LoadAddOn is not implemented"):
        on.run_lua("LoadAddOn('Foo')")
    assert off.run_lua("return GetAddOnMetadata, IsAddOnLoaded, LoadAddOn") == (None, None,
                                                                               None)


def test_enum_is_the_datas(client, flavour):
    enums = api(flavour).enums
    for name, values in enums.items():
        got = client.run_lua(f"return Enum.{name}")
        assert got == values, name
    assert client.run_lua("return Enum.NoSuchEnum") is None
    assert client.run_lua("return Enum.SendAddonMessageResult.AddOnMessageLockdown") == 11


def test_le_constants_are_the_datas(client, flavour):
    constants = api(flavour).constants
    for name in [*spread(constants, 200), "LE_PARTY_CATEGORY_HOME",
                 "LE_PARTY_CATEGORY_INSTANCE"]:
        assert client.run_lua(f"return {name}") == constants[name], name
    assert client.run_lua("return LE_PARTY_CATEGORY_HOME, LE_PARTY_CATEGORY_INSTANCE") == (1, 2)
    assert client.run_lua("return LE_NO_SUCH_CONSTANT") is None


def test_send_addon_message_returns_the_enum_in_every_flavour(tmp_path, flavour):
    realm = Realm(wtf=tmp_path / "WTF", flavour=flavour)
    skoll, riggs = realm.login("Skoll"), realm.login("Riggs")
    skoll.run_lua('C_ChatInfo.RegisterAddonMessagePrefix("REC")')
    riggs.run_lua('C_ChatInfo.RegisterAddonMessagePrefix("REC")')
    send = 'return C_ChatInfo.SendAddonMessage("REC", "x", "{}", {})'
    result = api(flavour).enums["SendAddonMessageResult"]
    assert skoll.run_lua(send.format("PARTY", "nil")) == result["NotInGroup"]
    assert skoll.run_lua(send.format("WHISPER", "nil")) == result["TargetRequired"]
    realm.party(skoll, riggs)
    sent = [skoll.run_lua(send.format("PARTY", "nil")) for _ in range(12)]
    assert sent == [result["Success"]] * 10 + [result["AddonMessageThrottle"]] * 2
    # Whispers are exempt from the per-prefix throttle.
    assert skoll.run_lua(send.format("WHISPER", '"Riggs"')) == result["Success"]


# -- events -----------------------------------------------------------------------------------

RECORDER = """
EventLog = {}
local frame = CreateFrame("Frame")
frame:RegisterAllEvents()
frame:SetScript("OnEvent", function(_, event, ...)
    local types = {}
    for i = 1, select("#", ...) do types[i] = type((select(i, ...))) end
    local first, second = ...
    -- Messages may hold any byte: control characters and "|" are blanked out.
    first, second = tostring(first):gsub("[%c|]", "?"), tostring(second):gsub("[%c|]", "?")
    EventLog[#EventLog + 1] = table.concat({ event, table.concat(types, ","), first, second },
        "|")
end)
"""


def recorder(root: Path) -> Path:
    """An addon, first in load order, that logs every event: name, argument types and the
    first two arguments."""
    folder = root / "AEventRecorder"
    folder.mkdir(parents=True, exist_ok=True)
    interfaces = ", ".join(str(f.interface) for f in FLAVOURS.values())
    (folder / "AEventRecorder.toc").write_text(
        f"## Interface: {interfaces}\n## Title: AEventRecorder\nRecorder.lua\n",
        encoding="utf-8")
    (folder / "Recorder.lua").write_text(RECORDER, encoding="utf-8")
    return folder


def event_log(client) -> list[tuple[str, list[str], str, str]]:
    text = client.run_lua("return table.concat(EventLog, '\\n')")
    log = []
    for line in text.splitlines():
        event, types, first, second = line.split("|")
        log.append((event, types.split(",") if types else [], first, second))
    return log


LUA_TYPES = {"string": "string", "number": "number", "boolean": "boolean"}


def check_payload(flavour: str, event: str, types: list[str]) -> None:
    payload = api(flavour).events[event]
    assert len(types) == len(payload), (event, types, payload)
    for got, (name, kind) in zip(types, payload, strict=True):
        base = kind.rstrip("?")
        wanted = ("number" if base.startswith("enum:") else
                  "table" if base.startswith("structure:") else LUA_TYPES[base])
        assert got == wanted or (got == "nil" and kind.endswith("?")), (event, name, kind, got)


def test_the_load_events_fire_in_the_datas_order_with_their_payloads(tmp_path, flavour):
    realm = Realm(wtf=tmp_path / "WTF", flavour=flavour)
    addon = build_addon(tmp_path / "addons")
    skoll = realm.login("Skoll", addons=[recorder(tmp_path), addon])
    events = api(flavour).events

    def expected(reloading: bool) -> list[tuple[str, str, str]]:
        loaded = [("ADDON_LOADED", name, "false") for name in skoll.addons]
        return loaded + [(event, *(str(arg).lower() for arg in args), "nil", "nil")[:3]
                         for event, args in loading().sequence(reloading) if event in events]

    def seen() -> list[tuple[str, str, str]]:
        return [(event, first, second) for event, _, first, second in event_log(skoll)]

    assert seen() == expected(False)
    order = [event for event, _, _ in seen()]
    # wowless's runner: VARIABLES_LOADED after PLAYER_LOGIN, before PLAYER_ENTERING_WORLD.
    assert order.index("PLAYER_LOGIN") < order.index("VARIABLES_LOADED") < order.index(
        "PLAYER_ENTERING_WORLD")
    assert ("PLAYER_ENTERING_WORLD", "true", "false") in seen()
    assert [name for event, name, _ in seen() if event == "ADDON_LOADED"] == [
        "AEventRecorder", "TaurenHoldem"]
    for event, types, _, _ in event_log(skoll):
        check_payload(flavour, event, types)
    skoll.type("/reload")
    realm.run_until_quiet()
    assert seen() == expected(True)
    assert ("PLAYER_ENTERING_WORLD", "false", "true") in seen()


def test_the_realms_events_have_the_datas_payloads(tmp_path, flavour):
    realm = Realm(wtf=tmp_path / "WTF", flavour=flavour)
    skoll = realm.login("Skoll", addons=[recorder(tmp_path)])
    riggs = realm.login("Riggs", addons=[recorder(tmp_path)])
    gray = realm.login("Gray", addons=[recorder(tmp_path)])
    realm.party(skoll, riggs)
    for client in (skoll, riggs):
        client.run_lua('C_ChatInfo.RegisterAddonMessagePrefix("REC")')
    skoll.type("/p hello")
    riggs.type("/p hi")
    skoll.type("/w Riggs psst")
    skoll.type("/s nearby")
    skoll.type("/target Riggs")
    skoll.type("/roll 6")
    skoll.run_lua('C_ChatInfo.SendAddonMessage("REC", "x", "PARTY")')
    skoll.run_lua('C_ChatInfo.SendAddonMessage("REC", "y", "WHISPER", "Riggs")')
    realm.convert_to_raid(skoll)
    skoll.type("/ra all")
    realm.leave(riggs)
    realm.run_until_quiet()
    seen = {event for client in (skoll, riggs, gray) for event, *_ in event_log(client)}
    assert {"CHAT_MSG_PARTY", "CHAT_MSG_PARTY_LEADER", "CHAT_MSG_WHISPER",
            "CHAT_MSG_WHISPER_INFORM", "CHAT_MSG_SAY", "CHAT_MSG_SYSTEM", "CHAT_MSG_ADDON",
            "CHAT_MSG_RAID_LEADER", "GROUP_ROSTER_UPDATE", "PLAYER_TARGET_CHANGED",
            "ADDON_LOADED", "PLAYER_ENTERING_WORLD", "VARIABLES_LOADED"} <= seen
    for client in (skoll, riggs, gray):
        for event, types, _, _ in event_log(client):
            check_payload(flavour, event, types)


def test_retail_chat_events_end_with_a_discord_info_table(tmp_path, flavour):
    realm = Realm(wtf=tmp_path / "WTF", flavour=flavour)
    skoll, riggs = realm.login("Skoll"), realm.login("Riggs")
    realm.party(skoll, riggs)
    riggs.run_lua("""
        local frame = CreateFrame("Frame")
        frame:RegisterEvent("CHAT_MSG_PARTY_LEADER")
        frame:SetScript("OnEvent", function(_, _, ...)
            Seen = { n = select("#", ...), info = select(18, ...) }
        end)""")
    skoll.type("/p hello")
    realm.run_until_quiet()
    info = chat_info(flavour)
    assert (info is not None) == (flavour == "retail")  # wowless: only retail has discordInfo
    if info is None:
        assert riggs.run_lua("return Seen.n, Seen.info") == (17, None)
        return
    assert riggs.run_lua("return Seen.n, type(Seen.info), Seen.info.fromDiscord") == (
        18, "table", False)
    assert set(api(flavour).structures["DiscordChatInfo"]) == set(info)
    assert "[Party Leader] [Skoll]: hello" in riggs.chat


def test_a_whole_guided_hand_plays_on_each_flavour_with_the_datas_payloads(tmp_path, flavour):
    realm = Realm(seed=4, wtf=tmp_path / "WTF", flavour=flavour)
    addon = build_addon(tmp_path / "addons")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"],
                        beside=(recorder(tmp_path),))
    play_hand(realm, seated, 1, lambda client, turn, situation:
              "/tbet 2" if turn == 0 else
              "/tholdem call" if "to call" in situation else "/tholdem check")
    realm.run_until_quiet()
    for client in seated:
        assert any(line.startswith(("Skoll wins", "Riggs wins", "Gray wins", "Split"))
                   or " wins the pot" in line for line in client.chat), client.chat.lines[-5:]
    assert realm.errors() == []
    addon_messages = 0
    for client in seated:
        for event, types, _, _ in event_log(client):
            check_payload(flavour, event, types)
            addon_messages += event == "CHAT_MSG_ADDON"
    assert addon_messages > 0
