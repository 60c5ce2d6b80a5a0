"""A client's Lua runtime is WoW's: Lua 5.1, the WoW extras, and nothing that escapes."""

from __future__ import annotations

import pytest

from conftest import make_addon
from pyhost.harness import LuaError, Realm


@pytest.fixture
def client(tmp_path):
    realm = Realm(wtf=tmp_path / "WTF")
    return realm.login("Skoll")


def test_it_is_lua_5_1_with_strings_as_bytes(client):
    assert client.run_lua("return _VERSION", raw=True) == b"Lua 5.1"
    assert client.run_lua("return _VERSION") == "Lua 5.1"  # run_lua decodes UTF-8
    assert client.run_lua("return '\\255\\0x'") == b"\xff\x00x"  # not UTF-8: left as bytes


@pytest.mark.parametrize("name", ["io", "os", "require", "dofile", "loadfile", "package",
                                  "debug", "module", "load", "python"])
def test_what_wow_does_not_have_is_gone(client, name):
    assert client.run_lua(f"return type({name})") == "nil"


def test_math_randomseed_is_gone_and_random_is_the_clients_own(client):
    assert client.run_lua("return math.randomseed") is None
    client.script_random(5, 2)
    assert client.run_lua("return math.random(1, 6), random(6)") == (5, 2)
    assert 1 <= client.run_lua("return math.random(1, 6)") <= 6


def test_python_objects_cannot_be_reached_into(tmp_path, monkeypatch):
    monkeypatch.setenv("PYHOST_BIT", "python")  # bit's functions as Python objects
    client = Realm(wtf=tmp_path / "WTF").login("Skoll")
    assert client.run_lua("return type(bit.band)") == "userdata"
    for code in ("return bit.band.__globals__", "return bit.band['__globals__']",
                 "return bit.band.__class__", "bit.band.x = 1", "return getmetatable(bit.band)"):
        try:
            result = client.run_lua(code)
        except LuaError as exc:
            assert "Lua code may not reach into Python objects" in str(exc), code
        else:
            assert result is False, code  # lupa's metatable is not handed out either


def test_no_file_system_and_no_bytecode(client):
    with pytest.raises(LuaError, match="attempt to call field 'dump'"):
        client.run_lua("return loadstring(string.dump(print))")
    refused = client.run_lua("return loadstring('\\27Lua')")
    assert refused == (None, "binary chunks are not allowed")


def test_clients_cannot_reach_each_other(tmp_path):
    realm = Realm(wtf=tmp_path / "WTF")
    a, b = realm.login("Skoll"), realm.login("Riggs")
    a.run_lua("Shared = 'from Skoll'")
    assert a.run_lua("return Shared") == "from Skoll"
    assert b.run_lua("return Shared") is None


def test_a_runaway_loop_is_stopped_and_reported_as_that_addons_error(tmp_path):
    realm = Realm(wtf=tmp_path / "WTF", instruction_limit=100_000)
    folder = make_addon(tmp_path, "Spinner", {"spin.lua": """
        SLASH_SPIN1 = "/spin"
        SlashCmdList.SPIN = function()
            while true do pcall(function() for i = 1, 10 do end end) end
        end
        SLASH_OK1 = "/ok"
        SlashCmdList.OK = function() print("still here") end
    """})
    spinner = realm.login("Skoll", addons=[folder])
    other = realm.login("Riggs", addons=[folder])
    spinner.type("/spin")
    spinner.type("/ok")
    other.type("/ok")
    assert "script ran too long" in spinner.errors[0].message
    assert "Interface/AddOns/Spinner/spin.lua" in spinner.errors[0].traceback
    assert "still here" in spinner.chat and "still here" in other.chat
    assert not other.errors


def test_a_runaway_event_handler_or_timer_is_stopped_and_reported(tmp_path):
    # (Frames' scripts and timers run through api.call_only, beside the slash commands' call.)
    realm = Realm(wtf=tmp_path / "WTF", instruction_limit=100_000)
    folder = make_addon(tmp_path, "Spinner", {"spin.lua": """
        local function spin() while true do pcall(function() for i = 1, 10 do end end) end end
        local f = CreateFrame("Frame")
        f:RegisterEvent("SPIN_EVENT")
        f:RegisterEvent("OK_EVENT")
        f:SetScript("OnEvent", function(_, event)
            if event == "SPIN_EVENT" then spin() end
            print(event .. " heard")
        end)
        SLASH_SPINLATER1 = "/spinlater"
        SlashCmdList.SPINLATER = function() C_Timer.After(1, spin) end
    """})
    spinner = realm.login("Skoll", addons=[folder])
    spinner.fire("SPIN_EVENT")
    spinner.fire("OK_EVENT")
    spinner.type("/spinlater")
    realm.advance(2)
    spinner.fire("OK_EVENT")
    assert [e.message.count("script ran too long") for e in spinner.errors] == [1, 1]
    assert all("Interface/AddOns/Spinner/spin.lua" in e.traceback for e in spinner.errors)
    assert [line for line in spinner.chat if "heard" in line] == ["OK_EVENT heard"] * 2


def test_an_addon_error_is_recorded_with_its_traceback_and_others_go_on(tmp_path):
    realm = Realm(wtf=tmp_path / "WTF")
    broken = make_addon(tmp_path, "Broken", {"core.lua": """
        local f = CreateFrame("Frame")
        f:RegisterEvent("PLAYER_LOGIN")
        f:SetScript("OnEvent", function() local t = nil; return t.field end)
    """})
    fine = make_addon(tmp_path, "Fine", {"core.lua": """
        local f = CreateFrame("Frame")
        f:RegisterEvent("PLAYER_LOGIN")
        f:SetScript("OnEvent", function() print("Fine is fine") end)
    """})
    client = realm.login("Skoll", addons=[broken, fine])
    assert len(client.errors) == 1
    error = client.errors[0]
    assert "Interface/AddOns/Broken/core.lua:4: attempt to index local 't' (a nil value)" in \
        error.message
    assert "stack traceback:" in error.traceback
    assert "Fine is fine" in client.chat
    assert realm.errors() == [("Skoll-Thunderhorn", error.traceback)]


def test_an_unimplemented_api_fails_with_its_name(client):
    with pytest.raises(LuaError, match="the WoW API GetMoney is not implemented in the pyhost"):
        client.run_lua("return GetMoney()")
    with pytest.raises(LuaError, match=r"C_Map\.GetBestMapForUnit is not implemented"):
        client.run_lua("return C_Map.GetBestMapForUnit('player')")
    assert client.run_lua("return type(SomeAddonGlobal)") == "nil"


def test_wow_string_and_table_extras(client):
    assert client.run_lua("return strsplit(',', 'a,b,,c')") == ("a", "b", "", "c")
    assert client.run_lua("return strsplit(', ', 'a b,c', 2)") == ("a", "b,c")
    assert client.run_lua("return strjoin('-', 'a', 'b', 'c')") == "a-b-c"
    assert client.run_lua("return strtrim('  x y  '), strtrim('xxhixx', 'x')") == ("x y", "hi")
    assert client.run_lua("local t = {1, 2, a = 3}; wipe(t); return next(t)") is None
    assert client.run_lua("local t = {}; tinsert(t, 'a'); return tremove(t), #t") == ("a", 0)
    assert client.run_lua("return format('%d-%s', 4, 'x'), strupper('a'), mod(7, 3)") == \
        ("4-x", "A", 1)
    assert client.run_lua("return floor(sin(90) + 0.5), strlenutf8('é€')") == (1, 2)
    assert client.run_lua("return string.split(' ', 'a b')") == ("a", "b")


def test_date_and_time_follow_the_realms_clock(tmp_path):
    realm = Realm(wtf=tmp_path / "WTF", start_epoch=1_796_000_000)
    client = realm.login("Skoll")
    assert client.run_lua("return time(), GetServerTime()") == (1_796_000_000, 1_796_000_000)
    realm.advance(61)
    assert client.run_lua("return time() - 1796000000, date('!%Y-%m-%d', 0)") == (61, "1970-01-01")
    assert client.run_lua("return date('*t', 0).year") == 1970
    start = client.run_lua("return debugprofilestop()")
    realm.advance(0.5)
    assert client.run_lua("return debugprofilestop()") - start == pytest.approx(500)
