"""Guilds and custom chat channels (pyhost/harness/channels.py, lua/blizzard_api.lua): GUILD and
OFFICER chat and addon messages, IsInGuild and GetGuildInfo, /join, /leave, /N, GetChannelName,
CHAT_MSG_CHANNEL and addon messages to a channel."""

from __future__ import annotations

import pytest

from pyhost.harness import Realm

LISTEN = """
HEARD = {}
local f = CreateFrame("Frame")
for _, e in ipairs({"CHAT_MSG_GUILD", "CHAT_MSG_OFFICER", "CHAT_MSG_CHANNEL", "CHAT_MSG_ADDON",
                    "CHAT_MSG_CHANNEL_JOIN", "CHAT_MSG_CHANNEL_NOTICE", "PLAYER_GUILD_UPDATE"}) do
    f:RegisterEvent(e)
end
f:SetScript("OnEvent", function(_, event, a1, a2, a3, a4, a5, a6, a7, a8, a9)
    HEARD[#HEARD + 1] = table.concat({event, tostring(a1), tostring(a2), tostring(a3), tostring(a4),
        tostring(a5), tostring(a8), tostring(a9)}, "|")
end)
C_ChatInfo.RegisterAddonMessagePrefix("Tavern")
"""


@pytest.fixture
def realm(tmp_path):
    return Realm(wtf=tmp_path / "WTF")


@pytest.fixture
def players(realm):
    clients = [realm.login(name) for name in ("Skoll", "Riggs", "Vex", "Mara")]
    for client in clients:
        client.run_lua(LISTEN)
    return clients


def heard(client, prefix: str) -> list[str]:
    return [line for line in client.run_lua("return HEARD") or [] if line.startswith(prefix)]


def test_a_guild_hears_guild_chat_and_its_officers_officer_chat(realm, players):
    skoll, riggs, vex, mara = players
    realm.guild("Tavern Regulars", skoll, riggs, vex, officers=[riggs])
    assert heard(skoll, "PLAYER_GUILD_UPDATE") == [
        "PLAYER_GUILD_UPDATE|player|nil|nil|nil|nil|nil|nil"]
    assert skoll.run_lua("return IsInGuild(), GetGuildInfo('player')") == (
        True, "Tavern Regulars", "Guild Master", 0, None)
    assert riggs.run_lua("return GetGuildInfo('player')") == ("Tavern Regulars", "Officer", 1, None)
    assert vex.run_lua("return (select(2, GetGuildInfo('player')))") == "Member"
    assert mara.run_lua("return IsInGuild(), GetGuildInfo('player')") == (False, None)
    assert skoll.run_lua("return GetNumGuildMembers()") == (3, 3, 3)
    assert skoll.run_lua("return GetGuildRosterInfo(2)")[:3] == ("Riggs-Thunderhorn", "Officer", 1)
    skoll.type("/g who rolls?")
    vex.type("/o let me in")
    riggs.type("/o officers only")
    mara.type("/g hello?")
    realm.run_until_quiet()
    for member in (skoll, riggs, vex):
        assert "[Guild] [Skoll]: who rolls?" in member.chat
        assert heard(member, "CHAT_MSG_GUILD|who rolls?|Skoll-Thunderhorn")
    assert "You don't have permission to do that." in vex.chat
    for officer in (skoll, riggs):
        assert "[Officer] [Riggs]: officers only" in officer.chat
    assert not heard(vex, "CHAT_MSG_OFFICER") and not heard(mara, "CHAT_MSG_GUILD")
    assert "You are not in a guild." in mara.chat


def test_addon_messages_to_the_guild(realm, players):
    skoll, riggs, vex, mara = players
    realm.guild("Tavern Regulars", skoll, riggs, officers=[riggs])
    assert skoll.run_lua("return C_ChatInfo.SendAddonMessage('Tavern', 'round', 'GUILD')") == 0
    not_in_guild = 10
    assert vex.run_lua("return C_ChatInfo.SendAddonMessage('Tavern', 'x', 'GUILD')") == not_in_guild
    realm.run_until_quiet()
    for member in (skoll, riggs):
        assert heard(member, "CHAT_MSG_ADDON") == [
            "CHAT_MSG_ADDON|Tavern|round|GUILD|Skoll-Thunderhorn|||0"]
    assert not heard(vex, "CHAT_MSG_ADDON") and not heard(mara, "CHAT_MSG_ADDON")


def test_join_a_channel_speak_in_it_by_number_and_leave(realm, players):
    skoll, riggs, vex, mara = players
    skoll.type("/join Dice")
    vex.run_lua("JoinChannelByName('Trivia')")
    vex.type("/join dice")
    realm.run_until_quiet()
    assert skoll.run_lua("return GetChannelName('Dice')") == (1, "Dice", 0, False)
    assert vex.run_lua("return GetChannelName('DICE')") == (2, "Dice", 0, False)
    assert vex.run_lua("return GetChannelName(1)") == (1, "Trivia", 0, False)
    assert mara.run_lua("return GetChannelName('Dice')") == (0, None, 0, False)
    assert "Changed Channel: [2. Dice]" in vex.chat
    assert heard(skoll, "CHAT_MSG_CHANNEL_JOIN") == [
        "CHAT_MSG_CHANNEL_JOIN||Vex-Thunderhorn||1. Dice||1|Dice"]
    skoll.type("/1 high roller tonight")
    vex.run_lua("C_ChatInfo.SendChatMessage('count me in', 'CHANNEL', nil, 2)")
    realm.run_until_quiet()
    for reader, number in ((skoll, 1), (vex, 2)):
        assert f"[{number}. Dice] [Skoll]: high roller tonight" in reader.chat
        assert f"[{number}. Dice] [Vex]: count me in" in reader.chat
        assert heard(reader, "CHAT_MSG_CHANNEL|high roller tonight|Skoll-Thunderhorn||"
                             f"{number}. Dice||{number}|Dice")
    assert not heard(riggs, "CHAT_MSG_CHANNEL") and not heard(mara, "CHAT_MSG_CHANNEL")
    vex.type("/leave Dice")
    skoll.type("/1 anyone?")
    realm.run_until_quiet()
    assert "Left Channel: [2. Dice]" in vex.chat
    assert "[1. Dice] [Skoll]: anyone?" in skoll.chat and "anyone?" not in str(vex.chat)
    assert vex.run_lua("return GetChannelName('Dice')") == (0, None, 0, False)


def test_addon_messages_to_a_channel_on_retail(realm, players):
    skoll, riggs, vex, _ = players
    for client in (skoll, riggs):
        client.run_lua("JoinChannelByName('TavernSync')")
    assert skoll.run_lua("return C_ChatInfo.SendAddonMessage('Tavern', 'sync', 'CHANNEL', "
                         "GetChannelName('TavernSync'))") == 0
    assert vex.run_lua("return C_ChatInfo.SendAddonMessage('Tavern', 'x', 'CHANNEL', 1)") == 7
    realm.run_until_quiet()
    assert heard(riggs, "CHAT_MSG_ADDON") == [
        "CHAT_MSG_ADDON|Tavern|sync|CHANNEL|Skoll-Thunderhorn|TavernSync||0"]
    assert not heard(vex, "CHAT_MSG_ADDON")


def test_a_logout_leaves_the_channels_and_a_reload_keeps_them(realm, players):
    skoll, riggs, _, _ = players
    skoll.type("/join Dice")
    riggs.type("/join Dice")
    skoll.reload()
    assert skoll.run_lua("return GetChannelName('Dice')") == (1, "Dice", 0, False)
    realm.logout(riggs)
    assert realm.social.channels["dice"] == ["Skoll-Thunderhorn"]


def test_channels_on_classic_refuse_addon_messages_but_carry_chat(tmp_path):
    realm = Realm(wtf=tmp_path, flavour="classic_era")
    skoll, riggs = realm.login("Skoll"), realm.login("Riggs")
    for client in (skoll, riggs):
        client.type("/join Dice")
    assert skoll.run_lua("return C_ChatInfo.SendAddonMessage('Tavern', 'x', 'CHANNEL', 1)") == 4
    skoll.type("/1 hi")
    realm.run_until_quiet()
    assert "[1. Dice] [Skoll]: hi" in riggs.chat


def test_channel_list_and_guild_roster_updates(realm, players):
    skoll, riggs, _, _ = players
    skoll.type("/join Dice")
    skoll.type("/join Trivia")
    skoll.type("/leave 1")
    assert skoll.run_lua("return GetChannelList()") == (2, "Trivia", False)
    skoll.type("/join Poker")
    assert skoll.run_lua("return GetChannelName('Poker')") == (1, "Poker", 0, False)
    riggs.type("/5 anyone?")
    assert riggs.chat.lines[-1] == "No channel '5'."
    realm.guild("Tavern Regulars", skoll, riggs)
    skoll.run_lua("HEARD = {} local f = CreateFrame('Frame') "
                  "f:RegisterEvent('GUILD_ROSTER_UPDATE') f:SetScript('OnEvent', "
                  "function(_, e, a) HEARD[#HEARD + 1] = e .. tostring(a) end)")
    skoll.run_lua("C_GuildInfo.GuildRoster()")
    assert skoll.run_lua("return HEARD") == ["GUILD_ROSTER_UPDATEfalse"]
    assert riggs.run_lua("return GetGuildInfo('party1')") is None  # no group: no unit
    realm.party(skoll, riggs)
    assert riggs.run_lua("return GetGuildInfo('party1')") == (
        "Tavern Regulars", "Guild Master", 0, None)
