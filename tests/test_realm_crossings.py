"""What a client's Lua asks of Python: the clock, chat lines and the roster do not cross on
every call (lua/wow.lua), and addon code sees the same answers."""

from __future__ import annotations

from collections import Counter

import pytest

from pyhost.harness.client import Client
from realm_helpers import login, make_realm


@pytest.fixture
def calls(monkeypatch):
    """Every call from a client's Lua to one of its host functions, counted by name."""
    counted: Counter = Counter()
    original = Client._host

    def counting(client):
        host = original(client)
        for key, fn in list(host.items()):
            if callable(fn):
                name = key.decode()

                def call(*args, name=name, fn=fn):
                    counted[name] += 1
                    return fn(*args)
                host[key] = call
        return host

    monkeypatch.setattr(Client, "_host", counting)
    return counted


def test_timers_read_the_clock_the_realm_hands_them(tmp_path, calls):
    realm = make_realm(tmp_path)
    skoll = login(realm, "Skoll")
    skoll.run_lua("""
        Seen = {}
        local function tick() for _ = 1, 50 do Seen[#Seen + 1] = GetTime() end end
        C_Timer.After(1.5, tick) C_Timer.After(2.25, tick)""")
    calls.clear()
    realm.advance(3)
    seen = skoll.run_lua("return Seen")
    assert seen[:50] == [1001.5] * 50 and seen[50:] == [1002.25] * 50
    assert calls["now"] == 0
    # Code the realm does not run (a test's) asks Python, and sees the clock moved.
    assert skoll.run_lua("return GetTime(), debugprofilestop()") == (1003.0, 1003000.0)
    assert calls["now"] == 2


def test_typed_lines_and_events_read_the_clock_of_their_moment(tmp_path, calls):
    realm = make_realm(tmp_path)
    skoll, riggs = login(realm, "Skoll"), login(realm, "Riggs")
    realm.party(skoll, riggs)
    riggs.run_lua("""
        Heard = {}
        local f = CreateFrame("Frame")
        f:RegisterEvent("CHAT_MSG_PARTY_LEADER")
        f:SetScript("OnEvent", function() Heard[#Heard + 1] = GetTime() end)
        SLASH_WHEN1 = "/when"
        SlashCmdList.WHEN = function() print(GetTime()) end""")
    moments = []
    fire = riggs.fire

    def noting(event, *args):
        if event == "CHAT_MSG_PARTY_LEADER":
            moments.append(realm.game_time())
        fire(event, *args)

    riggs.fire = noting
    realm.advance(2)
    calls.clear()
    skoll.type("/p hi")
    realm.run_until_quiet()
    riggs.type("/when")
    assert riggs.run_lua("return Heard") == moments and moments[0] > 1002.0
    assert calls["now"] == 0
    assert riggs.chat.lines[-1] == riggs.run_lua("return tostring(GetTime())")


def test_chat_lines_wait_in_lua_and_keep_their_order(tmp_path, calls):
    realm = make_realm(tmp_path, chat_lines=128)
    skoll = login(realm, "Skoll")
    before = len(skoll.chat)
    calls.clear()
    skoll.run_lua('print("one")')
    skoll.chat.add("two")  # (the realm's own line, between two of the frame's)
    skoll.run_lua('print("three") DEFAULT_CHAT_FRAME:AddMessage("four", 1, 0.5)')
    assert skoll.chat.lines[before:] == ["one", "two", "three", "four"]
    assert skoll.chat.colours[before:] == [None, None, None, (1, 0.5, 1.0)]
    skoll.run_lua('for i = 1, 600 do print("line " .. i) end')
    assert calls["chat_lines"] <= 19  # (handed over 128 at a time, not one by one)
    assert len(skoll.chat) == before + 604
    assert skoll.chat.lines[-1] == "line 600" and len(list(skoll.chat)) == 128
    assert "line 473" in skoll.chat and "line 472" not in skoll.chat


def test_lines_shown_before_a_crash_or_a_logout_stay_shown(tmp_path):
    realm = make_realm(tmp_path)
    skoll, riggs = login(realm, "Skoll"), login(realm, "Riggs")
    skoll.run_lua('print("last words")')
    riggs.run_lua('print("goodbye")')
    skoll.crash()
    realm.logout(riggs)
    assert skoll.chat.lines[-1] == "last words"
    assert "goodbye" in riggs.chat


def test_the_roster_is_asked_once_till_the_group_changes(tmp_path, calls):
    realm = make_realm(tmp_path)
    players = [login(realm, name) for name in ("Skoll", "Riggs", "Mira", "Dax", "Ada", "Tor")]
    realm.raid(*players)
    skoll = players[0]
    read = """local out = {}
        for i = 0, 7 do out[#out + 1] = { GetRaidRosterInfo(i) } end
        out[#out + 1] = { GetRaidRosterInfo(2.5) } out[#out + 1] = { GetRaidRosterInfo("1") }
        return out"""
    calls.clear()
    lines = skoll.run_lua(read)
    assert calls["roster_all"] == 1
    expected = [realm.roster_info(skoll, i) for i in range(7)]
    assert not lines[0] and not lines[7] and not lines[8] and not lines[9]  # (no answer)
    for i in range(1, 7):
        assert tuple(lines[i]) == tuple(v.decode() if isinstance(v, bytes) else v
                                        for v in expected[i])
    calls.clear()
    mira = players[2]
    assert skoll.run_lua('return UnitName("raid3"), UnitName("raid3"), UnitGUID("Mira"), '
                         'UnitGUID("Mira")') == ("Mira", "Mira", mira.guid, mira.guid)
    assert calls["unit"] == 2
    skoll.type("/target Mira")
    assert skoll.run_lua('return (UnitName("target")), (UnitName("target"))') == ("Mira", "Mira")
    assert calls["unit"] == 4  # (a target is asked every time)
    realm.move_to_subgroup(skoll, players[3], 4)
    assert skoll.run_lua("return (select(3, GetRaidRosterInfo(4)))") == 4
    assert calls["roster_all"] == 1  # (asked again: the groups changed)


def test_chat_lines_cross_whole_whatever_they_hold(tmp_path, calls):
    realm = make_realm(tmp_path)
    skoll = login(realm, "Skoll")
    before = len(skoll.chat)
    skoll.run_lua("""
        local odd = setmetatable({}, { __tostring = function() return 5.5 end })
        print("Ünïcode ✓") print("") DEFAULT_CHAT_FRAME:AddMessage("bad \\255 byte", 0.25)
        DEFAULT_CHAT_FRAME:AddMessage(odd) DEFAULT_CHAT_FRAME:AddMessage(odd, 1, nil, 0)
        print(odd, "and", 7) print("a\\nb")""")
    assert skoll.chat.lines[before:] == ["Ünïcode ✓", "", "bad \ufffd byte", "5.5", "5.5",
                                         "5.5 and 7", "a\nb"]
    assert skoll.chat.colours[before:] == [None, None, (0.25, 1.0, 1.0), None, (1, 1.0, 0),
                                           None, None]
    assert calls["chat_lines"] == 0  # (they waited in Lua till read)
