"""Addon messages and whispers between clients of the simulated realm."""

from __future__ import annotations

from pyhost.harness import Realm
from realm_helpers import (
    addon_messages,
    events,
    login,
    make_realm,
    no_errors,
    received,
    send_addon,
    texts,
)

SKOLL = "Skoll-Thunderhorn"
RIGGS = "Riggs-Thunderhorn"


def pair(tmp_path, **options):
    realm = make_realm(tmp_path, **options)
    return realm, login(realm, "Skoll"), login(realm, "Riggs")


# -- delivery ---------------------------------------------------------------------------------


def test_a_party_addon_message_arrives_with_the_nine_arguments(tmp_path):
    realm, skoll, riggs = pair(tmp_path)
    realm.party(skoll, riggs)
    skoll.type("/rec send REC PARTY hello there")
    realm.run_until_quiet()
    assert addon_messages(riggs) == [("REC", "hello there", "PARTY", SKOLL, "", 0, 0, "", 0)]
    assert f"<rec> REC PARTY {SKOLL}: hello there" in riggs.chat
    no_errors(realm)


def test_a_stand_in_for_fire_sees_an_addon_message_by_its_name_and_passes_it_on(tmp_path):
    # (The realm names its own events with RealmEvent, a str that Client.fire trusts.)
    realm, skoll, riggs = pair(tmp_path)
    realm.party(skoll, riggs)
    deliver, seen = riggs.fire, []

    def watching(event, *args):
        seen.append((event, args[1]))
        return deliver(event, *args)

    riggs.fire = watching
    skoll.type("/rec send REC PARTY hello")
    realm.run_until_quiet()
    assert ("CHAT_MSG_ADDON", b"hello") in seen
    assert texts(riggs) == ["hello"]


def test_party_members_exchange_addon_messages_both_ways(tmp_path):
    realm, skoll, riggs = pair(tmp_path)
    realm.party(skoll, riggs)
    skoll.type("/rec send REC PARTY ping")
    realm.run_until_quiet()
    riggs.type("/rec send REC PARTY pong")
    realm.run_until_quiet()
    assert ("REC", "ping", "PARTY", SKOLL, "", 0, 0, "", 0) in addon_messages(riggs)
    assert ("REC", "pong", "PARTY", RIGGS, "", 0, 0, "", 0) in addon_messages(skoll)


def test_raid_members_exchange_addon_messages_on_raid(tmp_path):
    realm, skoll, riggs = pair(tmp_path)
    realm.raid(skoll, riggs)
    skoll.type("/rec send REC RAID ready?")
    realm.run_until_quiet()
    riggs.type("/rec send REC RAID ready")
    realm.run_until_quiet()
    assert ("REC", "ready?", "RAID", SKOLL, "", 0, 0, "", 0) in addon_messages(riggs)
    assert ("REC", "ready", "RAID", RIGGS, "", 0, 0, "", 0) in addon_messages(skoll)


def test_a_raid_message_reaches_every_subgroup(tmp_path):
    realm = make_realm(tmp_path)
    players = [login(realm, f"Player{i}") for i in range(7)]
    realm.raid(*players)
    players[0].type("/rec send REC RAID all")
    realm.run_until_quiet()
    assert all(texts(p) == ["all"] for p in players)


def test_raid_outside_a_raid_falls_back_to_party(tmp_path):
    realm, skoll, riggs = pair(tmp_path)
    realm.party(skoll, riggs)
    assert send_addon(skoll, "REC", "x", "RAID") == 0
    realm.run_until_quiet()
    assert addon_messages(riggs) == [("REC", "x", "PARTY", SKOLL, "", 0, 0, "", 0)]


def test_a_whisper_addon_message_reaches_only_its_target(tmp_path):
    realm, skoll, riggs = pair(tmp_path)
    mira = login(realm, "Mira")
    skoll.type("/rec whisper REC Riggs psst")
    realm.run_until_quiet()
    # For WHISPER the fifth argument ("target") is the same as the sender (warcraft.wiki.gg).
    assert addon_messages(riggs) == [("REC", "psst", "WHISPER", SKOLL, SKOLL, 0, 0, "", 0)]
    assert addon_messages(mira) == []
    assert addon_messages(skoll) == []


def test_an_addon_whisper_to_oneself_arrives(tmp_path):
    realm, skoll, _ = pair(tmp_path)
    assert send_addon(skoll, "REC", "note to self", "WHISPER", "Skoll") == 0
    realm.run_until_quiet()
    assert texts(skoll) == ["note to self"]


def test_a_chat_whisper_shows_at_both_ends(tmp_path):
    realm, skoll, riggs = pair(tmp_path)
    skoll.type("/w Riggs hi")
    realm.run_until_quiet()
    assert [args[:2] for args in received(riggs, "CHAT_MSG_WHISPER")] == [("hi", SKOLL)]
    assert [args[:2] for args in received(skoll, "CHAT_MSG_WHISPER_INFORM")] == [("hi", RIGGS)]
    assert "[Skoll] whispers: hi" in riggs.chat
    assert "To [Riggs]: hi" in skoll.chat
    assert "whispers" not in skoll.chat


def test_the_sender_receives_its_own_party_message(tmp_path):
    realm, skoll, riggs = pair(tmp_path)
    realm.party(skoll, riggs)
    skoll.type("/rec send REC PARTY mine")
    realm.run_until_quiet()
    assert texts(skoll) == ["mine"]


def test_without_addon_echo_the_sender_does_not_receive_its_own(tmp_path):
    realm, skoll, riggs = pair(tmp_path, addon_echo=False)
    realm.party(skoll, riggs)
    skoll.type("/rec send REC PARTY mine")
    realm.run_until_quiet()
    assert texts(skoll) == []
    assert texts(riggs) == ["mine"]


def test_a_message_on_an_unregistered_prefix_is_not_delivered(tmp_path):
    realm, skoll, riggs = pair(tmp_path)
    realm.party(skoll, riggs)
    assert send_addon(skoll, "NOTMINE", "lost") == 0  # enqueued; the receiver filters it
    realm.run_until_quiet()
    assert addon_messages(riggs) == []
    riggs.run_lua('C_ChatInfo.RegisterAddonMessagePrefix("NOTMINE")')
    send_addon(skoll, "NOTMINE", "found")
    realm.run_until_quiet()
    assert texts(riggs) == ["found"]


# -- what SendAddonMessage refuses --------------------------------------------------------------


def test_the_eleventh_message_at_once_is_throttled_and_one_more_comes_each_second(tmp_path):
    realm, skoll, riggs = pair(tmp_path)
    realm.party(skoll, riggs)
    results = skoll.run_lua("""
        local r = {}
        for i = 1, 11 do r[i] = C_ChatInfo.SendAddonMessage("REC", "burst " .. i, "PARTY") end
        return unpack(r)""")
    assert results == (0,) * 10 + (3,)
    realm.advance(1.0)
    assert texts(riggs) == [f"burst {i}" for i in range(1, 11)]
    assert send_addon(skoll, "REC", "one more") == 0
    assert send_addon(skoll, "REC", "too many") == 3
    realm.run_until_quiet()
    assert texts(riggs)[10:] == ["one more"]


def test_the_throttle_counts_each_prefix_apart_and_spares_whispers(tmp_path):
    realm, skoll, riggs = pair(tmp_path)
    realm.party(skoll, riggs)
    results = skoll.run_lua("""
        for i = 1, 10 do C_ChatInfo.SendAddonMessage("REC", "x", "PARTY") end
        return C_ChatInfo.SendAddonMessage("REC", "x", "PARTY"),
            C_ChatInfo.SendAddonMessage("REC2", "x", "PARTY"),
            C_ChatInfo.SendAddonMessage("REC", "x", "WHISPER", "Riggs")""")
    assert results == (3, 0, 0)


def test_a_message_of_255_bytes_is_accepted_and_256_refused(tmp_path):
    realm, skoll, riggs = pair(tmp_path)
    realm.party(skoll, riggs)
    assert send_addon(skoll, "REC", "x" * 255) == 0
    assert send_addon(skoll, "REC", "y" * 256) == 2
    realm.run_until_quiet()
    assert texts(riggs) == ["x" * 255]


def test_a_nul_byte_is_refused(tmp_path):
    realm, skoll, riggs = pair(tmp_path)
    realm.party(skoll, riggs)
    assert send_addon(skoll, "REC", b"before\0after") == 2


def test_a_prefix_of_17_characters_is_refused(tmp_path):
    realm, skoll, riggs = pair(tmp_path)
    realm.party(skoll, riggs)
    assert send_addon(skoll, "A" * 17, "x") == 1
    assert send_addon(skoll, "A" * 16, "x") == 0


def test_party_messages_need_a_group_and_whispers_a_target(tmp_path):
    _, skoll, _ = pair(tmp_path)
    assert send_addon(skoll, "REC", "x", "PARTY") == 5
    assert send_addon(skoll, "REC", "x", "RAID") == 5
    assert send_addon(skoll, "REC", "x", "WHISPER") == 6


def test_in_chat_messaging_lockdown_sends_are_refused(tmp_path):
    realm, skoll, riggs = pair(tmp_path)
    realm.party(skoll, riggs)
    assert skoll.run_lua("return (C_ChatInfo.InChatMessagingLockdown())") is False
    skoll.lockdown = True
    assert skoll.run_lua("return (C_ChatInfo.InChatMessagingLockdown())") is True
    assert send_addon(skoll, "REC", "x") == 11
    realm.run_until_quiet()
    assert addon_messages(riggs) == []


def test_every_byte_from_1_to_255_survives_the_trip(tmp_path):
    realm, skoll, riggs = pair(tmp_path)
    realm.party(skoll, riggs)
    every_byte = bytes(range(1, 256))
    assert send_addon(skoll, "REC", every_byte) == 0
    realm.run_until_quiet()
    assert [args[1] for args in addon_messages(riggs, raw=True)] == [every_byte]


# -- flavours -------------------------------------------------------------------------------------


def test_classic_returns_the_enum_and_has_no_global_send_functions(tmp_path):
    # wowless's 1.15.9 data: C_ChatInfo.SendAddonMessage returns Enum.SendAddonMessageResult,
    # and neither SendAddonMessage nor SendChatMessage is a global.
    realm, skoll, riggs = pair(tmp_path, flavour="classic_era")
    assert skoll.run_lua("return type(SendChatMessage), type(SendAddonMessage)") == (
        "nil", "nil")
    assert skoll.run_lua('return C_ChatInfo.SendAddonMessage("REC", "x", "PARTY")') == 5
    realm.party(skoll, riggs)
    assert skoll.run_lua('return C_ChatInfo.SendAddonMessage("REC", "y", "PARTY")') == 0
    realm.run_until_quiet()
    assert texts(riggs) == ["y"]


def test_retail_has_c_chatinfo_send_chat_message_and_returns_numbers(tmp_path):
    realm, skoll, riggs = pair(tmp_path)
    assert skoll.run_lua("return type(C_ChatInfo.SendChatMessage)") == "function"
    assert skoll.run_lua("return type(SendAddonMessage)") == "nil"
    realm.party(skoll, riggs)
    skoll.run_lua('C_ChatInfo.SendChatMessage("via the C API", "PARTY")')
    realm.run_until_quiet()
    assert "[Party Leader] [Skoll]: via the C API" in riggs.chat


# -- order and loss -------------------------------------------------------------------------------


def test_one_senders_messages_arrive_in_order(tmp_path):
    realm, skoll, riggs = pair(tmp_path)
    realm.party(skoll, riggs)
    skoll.run_lua("""
        for i = 1, 20 do
            C_ChatInfo.SendAddonMessage("REC", "w" .. i, "WHISPER", "Riggs")
            C_ChatInfo.SendChatMessage("line " .. i, "PARTY")
        end""")
    realm.run_until_quiet()
    assert texts(riggs) == [f"w{i}" for i in range(1, 21)]
    assert texts(riggs, "CHAT_MSG_PARTY_LEADER") == [f"line {i}" for i in range(1, 21)]


def test_an_addon_message_and_the_roll_line_can_arrive_either_way_round(tmp_path):
    orders = set()
    for seed in range(300):
        realm = Realm(seed=seed, wtf=tmp_path / f"WTF{seed}")
        skoll, riggs = login(realm, "Skoll"), login(realm, "Riggs")
        realm.party(skoll, riggs)
        skoll.run_lua('RandomRoll(1, 6) C_ChatInfo.SendAddonMessage("REC", "I rolled", "PARTY")')
        realm.run_until_quiet()
        seen = [event for event, args in events(riggs, "CHAT_MSG_SYSTEM", "CHAT_MSG_ADDON")
                if event == "CHAT_MSG_ADDON" or "rolls" in args[0]]
        assert sorted(seen) == ["CHAT_MSG_ADDON", "CHAT_MSG_SYSTEM"]
        orders.add(tuple(seen))
        if len(orders) == 2:
            break
    assert orders == {("CHAT_MSG_ADDON", "CHAT_MSG_SYSTEM"), ("CHAT_MSG_SYSTEM", "CHAT_MSG_ADDON")}


def test_messages_to_an_offline_member_are_not_delivered(tmp_path):
    realm, skoll, riggs = pair(tmp_path)
    realm.party(skoll, riggs)
    realm.logout(riggs)
    skoll.type("/rec send REC PARTY while you were away")
    skoll.type("/p anyone there?")
    realm.run_until_quiet()
    login(realm, "Riggs")
    realm.run_until_quiet()
    assert "while you were away" not in riggs.chat
    assert "anyone there?" not in riggs.chat
    assert "|Hplayer:Riggs|h[Riggs]|h has come online." in skoll.chat


def test_a_message_in_flight_when_the_receiver_logs_out_is_lost(tmp_path):
    realm, skoll, riggs = pair(tmp_path)
    realm.party(skoll, riggs)
    skoll.type("/rec send REC PARTY in flight")
    realm.logout(riggs)
    realm.run_until_quiet()
    login(realm, "Riggs")
    realm.run_until_quiet()
    assert "in flight" not in riggs.chat
    assert addon_messages(riggs) == []
