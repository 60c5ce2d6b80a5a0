"""The server's side of traffic: a client that floods is disconnected, a paced one is not; a
crash loses what a logout or /reload would have saved; whispers cross only between connected
realms, and UnitRealmRelationship says which realms those are."""

from __future__ import annotations

import pytest

from pyhost.harness import Realm
from pyhost.harness.traffic import Bandwidth
from realm_helpers import addon_messages, login, make_realm, no_errors, send_addon, texts

SEND_LOOP = """
for i = 1, {count} do
    C_ChatInfo.SendAddonMessage("Test{n}", ("{fill}"):rep({size}), "WHISPER", "{target}")
end"""


def burst(client, target, count, size=200, n=0):
    """`count` addon whispers of `size` bytes, all in one go (whispers are not throttled by
    prefix, so only the bandwidth budget stands in the way)."""
    client.run_lua(SEND_LOOP.format(count=count, n=n, fill="x", size=size, target=target))


def pair(tmp_path, **options):
    realm = make_realm(tmp_path, **options)
    skoll, riggs = login(realm, "Skoll"), login(realm, "Riggs")
    riggs.run_lua('C_ChatInfo.RegisterAddonMessagePrefix("Test0")')
    realm.party(skoll, riggs)
    realm.run_until_quiet()
    return realm, skoll, riggs


def test_a_client_that_floods_is_disconnected_and_its_group_sees_it_go_offline(tmp_path):
    realm, skoll, riggs = pair(tmp_path)
    # 50 whispers of 200 bytes (+ prefix, target, 40 overhead): about 14,000 bytes at once,
    # past the 8000 the server holds.
    burst(skoll, "Riggs", 50)
    realm.run_until_quiet()
    assert not skoll.online
    assert realm.disconnects == [(pytest.approx(realm.disconnects[0][0]), "Skoll-Thunderhorn",
                                  "flooding")]
    # What came before the buffer overflowed arrived; nothing after it.
    arrived = len(addon_messages(riggs))
    assert 0 < arrived < 50
    assert "Skoll has gone offline." in riggs.chat
    assert riggs.run_lua('return UnitIsConnected("Skoll")') is False
    # He logs in again, and may send again.
    realm.login("Skoll")
    realm.run_until_quiet()
    assert skoll.online and "|Hplayer:Skoll|h[Skoll]|h has come online." in riggs.chat
    assert send_addon(skoll, "Test0", "back", "WHISPER", "Riggs") == 0
    realm.run_until_quiet()
    assert texts(riggs)[-1] == "back"
    no_errors(realm)


def test_a_paced_client_is_not_disconnected(tmp_path):
    realm, skoll, riggs = pair(tmp_path)
    # The same 14,000 bytes, at ChatThrottleLib's pace: 800 bytes a second.
    for _ in range(50):
        burst(skoll, "Riggs", 1)
        realm.advance((200 + 5 + 5 + 40) / 800)
    realm.run_until_quiet()
    assert skoll.online and realm.disconnects == []
    assert len(addon_messages(riggs)) == 50
    # The server counted every byte; its buffer never held more than one message and a bit.
    meter = realm.meters["Skoll-Thunderhorn"]
    assert meter.sent == 50 * 250
    assert meter.peak <= 2 * 250


def test_the_budget_counts_typed_chat_too(tmp_path):
    realm, skoll, _riggs = pair(tmp_path)
    for i in range(40):  # 40 lines of 250 bytes typed at once: 11,600 bytes
        skoll.type(f"/p {i:03d}" + "y" * 243)
    realm.run_until_quiet()
    assert not skoll.online
    assert realm.disconnects[0][1:] == ("Skoll-Thunderhorn", "flooding")


def test_the_budget_is_a_setting(tmp_path):
    # Off: nobody is disconnected, though the server still counts.
    realm, skoll, riggs = pair(tmp_path, bandwidth=None)
    burst(skoll, "Riggs", 50)
    realm.run_until_quiet()
    assert skoll.online and len(addon_messages(riggs)) == 50
    assert realm.meters["Skoll-Thunderhorn"].peak > Bandwidth().burst
    # Changed: a tighter server disconnects sooner.
    realm, skoll, riggs = pair(tmp_path / "tight", bandwidth=Bandwidth(rate=100, burst=600))
    burst(skoll, "Riggs", 3)
    realm.run_until_quiet()
    assert not skoll.online and len(addon_messages(riggs)) == 2


def test_messages_the_client_refuses_itself_are_not_counted(tmp_path):
    realm, skoll, _riggs = pair(tmp_path)
    # The per-prefix throttle refuses most of these before they leave the client.
    results = [send_addon(skoll, "Test0", "z" * 250) for _ in range(60)]
    assert results.count(0) == 10 and results.count(3) == 50
    realm.run_until_quiet()
    assert skoll.online
    assert realm.meters["Skoll-Thunderhorn"].sent == 10 * (250 + 5 + 40)


SAVER = """
RecorderSaved = RecorderSaved or {}
RecorderSaved.note = "%s"
"""


def test_a_crash_loses_unsaved_saved_variables_and_a_reload_keeps_them(tmp_path):
    realm, skoll, riggs = pair(tmp_path)
    skoll.run_lua(SAVER % "before the reload")
    skoll.type("/reload")
    realm.run_until_quiet()
    assert skoll.run_lua("return RecorderSaved.note") == "before the reload"
    skoll.run_lua(SAVER % "after the reload")
    skoll.run_lua("local f = CreateFrame('Frame') f:RegisterEvent('PLAYER_LOGOUT') "
                  "f:SetScript('OnEvent', function() RecorderSaved.logout = true end)")
    skoll.crash()
    assert not skoll.online
    realm.run_until_quiet()
    assert "Skoll has gone offline." in riggs.chat
    realm.login("Skoll")
    # What the reload saved is there; what came after, and PLAYER_LOGOUT's, is not.
    assert skoll.run_lua("return RecorderSaved.note") == "before the reload"
    assert skoll.run_lua("return RecorderSaved.logout") is None
    # realm.crash(client) is the same; a logout saves.
    skoll.run_lua(SAVER % "before the logout")
    realm.logout(skoll)
    realm.login("Skoll")
    assert skoll.run_lua("return RecorderSaved.note") == "before the logout"
    skoll.run_lua(SAVER % "lost")
    realm.crash(skoll)
    realm.login("Skoll")
    assert skoll.run_lua("return RecorderSaved.note") == "before the logout"
    no_errors(realm)


def test_a_disconnect_for_flooding_saves_as_a_logout_does(tmp_path):
    realm, skoll, _riggs = pair(tmp_path)
    skoll.run_lua(SAVER % "kept")
    burst(skoll, "Riggs", 50)
    realm.run_until_quiet()
    assert not skoll.online
    realm.login("Skoll")
    assert skoll.run_lua("return RecorderSaved.note") == "kept"


def realms(tmp_path, connected):
    realm = make_realm(tmp_path, connected_realms=connected)
    skoll = login(realm, "Skoll")  # Thunderhorn
    riggs = login(realm, "Riggs", realm="Wildhammer")
    gray = login(realm, "Gray", realm="Argent Dawn")
    for client in (skoll, riggs, gray):
        client.run_lua('C_ChatInfo.RegisterAddonMessagePrefix("Test0")')
    realm.party(skoll, riggs, gray)
    realm.run_until_quiet()
    return realm, skoll, riggs, gray


def test_whispers_reach_only_players_of_connected_realms(tmp_path):
    realm, skoll, riggs, gray = realms(tmp_path, [("Thunderhorn", "Wildhammer")])
    # An addon whisper to a connected realm arrives; to another, it silently goes nowhere.
    assert send_addon(skoll, "Test0", "to riggs", "WHISPER", "Riggs-Wildhammer") == 0
    assert send_addon(skoll, "Test0", "to gray", "WHISPER", "Gray-ArgentDawn") == 0
    # A typed whisper to another realm: as if nobody of that name were playing.
    skoll.type("/w Gray-ArgentDawn hello")
    skoll.type("/w Riggs-Wildhammer hello")
    realm.run_until_quiet()
    assert texts(riggs) == ["to riggs"]
    assert texts(gray) == []
    assert texts(gray, "CHAT_MSG_WHISPER") == []
    assert texts(riggs, "CHAT_MSG_WHISPER") == ["hello"]
    assert skoll.chat.matching("No player named") == [
        "No player named 'Gray-ArgentDawn' is currently playing."]
    # The group's own channels reach everyone, whatever their realm.
    assert send_addon(gray, "Test0", "to all", "PARTY") == 0
    realm.run_until_quiet()
    assert texts(skoll)[-1] == "to all" and texts(riggs)[-1] == "to all"
    no_errors(realm)


def test_unit_realm_relationship_says_which_realms_are_connected(tmp_path):
    _realm, skoll, _riggs, gray = realms(tmp_path, [("Thunderhorn", "Wildhammer")])
    ask = ("return UnitRealmRelationship('player'), UnitRealmRelationship('Riggs-Wildhammer'), "
           "UnitRealmRelationship('Gray-ArgentDawn'), UnitRealmRelationship('Nobody'), "
           "LE_REALM_RELATION_SAME, LE_REALM_RELATION_COALESCED, LE_REALM_RELATION_VIRTUAL")
    assert skoll.run_lua(ask) == (1, 3, 2, None, 1, 2, 3)
    assert gray.run_lua("return UnitRealmRelationship('Skoll-Thunderhorn')") == 2


def test_by_default_every_realm_is_connected(tmp_path):
    realm, skoll, _riggs, gray = realms(tmp_path, None)
    assert skoll.run_lua("return UnitRealmRelationship('Gray-ArgentDawn')") == 3
    assert send_addon(skoll, "Test0", "to gray", "WHISPER", "Gray-ArgentDawn") == 0
    realm.run_until_quiet()
    assert texts(gray) == ["to gray"]


def test_connected_realms_takes_groups_of_names(tmp_path):
    with pytest.raises(TypeError):
        Realm(connected_realms=["Thunderhorn", "Wildhammer"])


def test_a_reload_keeps_the_servers_count_a_new_login_starts_afresh(tmp_path):
    realm, skoll, _riggs = pair(tmp_path)
    burst(skoll, "Riggs", 30)  # 7500 bytes: just inside
    skoll.type("/reload")
    realm.advance(0)  # (the /reload, at this very moment: the same connection)
    burst(skoll, "Riggs", 5)
    realm.run_until_quiet()
    assert not skoll.online
    realm, skoll, _riggs = pair(tmp_path / "again")
    burst(skoll, "Riggs", 30)
    realm.logout(skoll)
    realm.login("Skoll")  # a new connection: its buffer starts empty
    burst(skoll, "Riggs", 5)
    realm.run_until_quiet()
    assert skoll.online and realm.disconnects == []


def test_rolls_are_not_counted(tmp_path):
    realm, skoll, _riggs = pair(tmp_path)
    skoll.run_lua("for i = 1, 300 do RandomRoll(1, 100) end")
    realm.run_until_quiet()
    assert skoll.online and realm.meter(skoll).sent == 0
