"""The addon's send path against the realm's server: every result SendAddonMessage gives is
handled (throttles tried again; any other failure dropped, not counted as sent, and said
once); a player on a realm not connected to the host's is told he cannot sit, and the table
plays on without him; and a table of 40 stays inside the server's budget while players
reload."""

from __future__ import annotations

import pytest

from addon_table import (
    PROTOCOL,
    Seated,
    banks,
    build_addon,
    play,
    play_hand,
    seat_table,
    status,
)
from pyhost.harness import Realm
from pyhost.harness.traffic import Bandwidth
from realm_helpers import send_addon

# SendAddonMessage answers these codes, in order, then goes back to the real one; every call
# it sees is counted in FAKE_CALLS.
FAKE = """
local codes, real = {%s}, C_ChatInfo.SendAddonMessage
FAKE_CALLS = 0
C_ChatInfo.SendAddonMessage = function(...)
    FAKE_CALLS = FAKE_CALLS + 1
    local code = table.remove(codes, 1)
    if code == nil then return real(...) end
    return code
end"""


def comm(client):
    return client.addons["TaurenHoldem"].namespace[b"Comm"]


def pair(tmp_path, addon, **options):
    realm = Realm(seed=5, wtf=tmp_path / "WTF", **options)
    skoll = realm.login("Skoll", addons=[addon])
    riggs = realm.login("Riggs", addons=[addon])
    realm.party(skoll, riggs)
    realm.run_until_quiet()
    heard = []
    comm(riggs)[b"on"](b"ECHO", lambda sender, fields: heard.append(fields[1]))
    return realm, skoll, riggs, heard


def echo(client, text, target=None):
    comm(client)[b"send"](b"ECHO", client.lua.table(text.encode()), *(
        [target.encode()] if target else []))


def queued(client) -> int:
    c = comm(client)
    lanes = sum(len(lane) for lane in c[b"lanes"].values())
    return len(c[b"queue"]) + lanes


@pytest.mark.parametrize("code,name", [(5, "NotInGroup"), (7, "InvalidChannel"),
                                       (9, "GeneralError"), (4, "InvalidChatType"),
                                       (2, "InvalidMessage")])
def test_a_refused_group_message_is_dropped_and_said_once(tmp_path, addon, code, name):
    realm, skoll, _riggs, heard = pair(tmp_path, addon)
    skoll.run_lua(FAKE % ", ".join([str(code)] * 3))
    for text in ("one", "two", "three"):
        echo(skoll, text)
    realm.run_until_quiet()
    line = f"Table messages to the group could not be sent ({name}): dropped."
    assert skoll.chat.matching("could not be sent") == [line]
    assert queued(skoll) == 0 and heard == []  # dropped, not tried again
    assert skoll.run_lua("return FAKE_CALLS") == 3
    # Sending works again: the next goes, and nothing dropped comes back with it.
    echo(skoll, "four")
    realm.run_until_quiet()
    assert heard == [b"four"]
    # A new failure after a success is said again.
    skoll.run_lua(FAKE % str(code))
    echo(skoll, "five")
    realm.run_until_quiet()
    assert skoll.chat.matching("could not be sent") == [line, line]
    assert realm.errors() == []


def test_a_whisper_refused_is_dropped_and_said_once_for_its_target(tmp_path, addon):
    realm, skoll, _riggs, heard = pair(tmp_path, addon)
    skoll.run_lua(FAKE % "12, 12, 9, 9")  # TargetOffline twice, then GeneralError twice
    for text in ("a", "b", "c", "d", "e"):
        echo(skoll, text, "Riggs-Thunderhorn")
        realm.run_until_quiet()
    # Each reason said once for Riggs; every refused message dropped, none tried again.
    assert skoll.chat.matching("could not be sent") == [
        "Table messages to Riggs could not be sent (TargetOffline): dropped.",
        "Table messages to Riggs could not be sent (GeneralError): dropped."]
    assert skoll.run_lua("return FAKE_CALLS") == 5
    assert queued(skoll) == 0 and heard == [b"e"]
    assert realm.errors() == []


@pytest.mark.parametrize("code", [3, 8])  # AddonMessageThrottle, ChannelThrottle
def test_a_throttled_message_is_tried_again_and_not_reported(tmp_path, addon, code):
    realm, skoll, _riggs, heard = pair(tmp_path, addon)
    skoll.run_lua(FAKE % f"{code}, {code}, {code}")
    echo(skoll, "group")
    echo(skoll, "whisper", "Riggs-Thunderhorn")
    realm.run_until_quiet()
    assert sorted(heard) == [b"group", b"whisper"]
    assert skoll.chat.matching("could not be sent") == []
    assert skoll.run_lua("return FAKE_CALLS") >= 4
    assert realm.errors() == []


def test_a_burst_before_a_reload_and_one_after_stay_inside_the_servers_buffer(tmp_path, addon):
    realm = Realm(seed=6, wtf=tmp_path / "WTF")
    names = ["Skoll", "Riggs", "Gray", "Dakx", "Mira"]
    clients = [realm.login(name, addons=[addon]) for name in names]
    realm.party(*clients)
    realm.run_until_quiet(horizon=None)
    skoll = clients[0]

    def burst():  # far more than the budget, to four targets: it spends all it may at once
        for name in names[1:]:
            for i in range(10):
                echo(skoll, f"{i}" + "w" * 220, f"{name}-Thunderhorn")

    burst()
    skoll.type("/reload")
    realm.advance(0)  # (the /reload, at this very moment)
    assert skoll.online
    burst()
    realm.run_until_quiet()
    meter = realm.meters["Skoll-Thunderhorn"]
    assert realm.disconnects == []
    assert 5000 < meter.peak <= Bandwidth().burst  # (whispers leave 1000 to the group)
    assert realm.errors() == []


def split_realms(tmp_path, addon):
    realm = Realm(seed=9, wtf=tmp_path / "WTF",
                  connected_realms=[("Thunderhorn", "Wildhammer"), ("Argent Dawn",)])
    skoll = realm.login("Skoll", addons=[addon])
    riggs = realm.login("Riggs", addons=[addon])
    gray = realm.login("Gray", realm="Argent Dawn", addons=[addon])
    realm.party(skoll, riggs, gray)
    realm.run_until_quiet()
    return realm, skoll, riggs, gray


CANNOT_SIT = ("You cannot sit at Skoll-Thunderhorn's table: your realms are not connected, so its "
              "whispers cannot reach you.")


def test_a_player_whose_realm_is_not_connected_is_told_he_cannot_sit(tmp_path, addon):
    realm, skoll, riggs, gray = split_realms(tmp_path, addon)
    table_id = f"Skoll-Thunderhorn:{realm.epoch()}"
    play(realm, skoll, "/tholdem open")
    # Told once, as the table opens; and again as the answer to his /tholdem join.
    assert gray.chat.matching("cannot sit") == [CANNOT_SIT]
    play(realm, riggs, "/tholdem join")
    play(realm, gray, "/tholdem join")
    assert gray.chat.matching("cannot sit") == [CANNOT_SIT, CANNOT_SIT]
    # A join sent anyway (a modified client) is refused by the host, who says why.
    send_addon(gray, "TaurenHoldem", f"{PROTOCOL}\tACT\t{table_id}\tjoin", "PARTY")
    realm.run_until_quiet()
    assert skoll.chat.matching("cannot sit") == [
        "Gray-ArgentDawn cannot sit at your table: your realms are not connected, so your "
        "whispers cannot reach them."]
    line = status(realm, skoll)
    assert set(banks(line)) == {"Skoll", "Riggs"}
    # The table plays on without him.
    seated = Seated([skoll, riggs])
    seated.table_id = table_id
    play_hand(realm, seated, 1,
              lambda client, turn, situation: "/tholdem fold" if "call" in situation
              else "/tbet 2")
    assert "the hand is over" in status(realm, riggs)
    assert realm.errors() == []


def test_a_player_coming_late_from_another_realm_is_told_and_asks_no_more(tmp_path, addon):
    realm, skoll, riggs, gray = split_realms(tmp_path, addon)
    realm.logout(gray)
    play(realm, skoll, "/tholdem open")
    play(realm, riggs, "/tholdem join")
    realm.login("Gray", realm="Argent Dawn")
    realm.run_until_quiet(horizon=None)
    # The host whispers him no copy (it would go nowhere); the table's next order tells him.
    play(realm, skoll, "/tholdem start")
    assert gray.chat.matching("cannot sit") == [CANNOT_SIT]
    hellos = []
    original = realm.send_addon

    def counting(client, prefix, body, chat_type, target):
        if client is gray and b"\tHELLO" in bytes(body):
            hellos.append(body)
        return original(client, prefix, body, chat_type, target)

    realm.send_addon = counting
    realm.advance(60)
    assert hellos == []
    assert realm.errors() == []


@pytest.mark.slow  # a long case: .ci/run runs it apart (pytest -m slow)
def test_a_raid_of_forty_stays_inside_every_budget_while_players_reload(tmp_path):
    """The realm's default budget disconnects nobody at a 40-player table, with ten players
    reloading at the same moment mid-hand (ten HELLOs, ten copies from the host at once)."""
    realm = Realm(seed=31, wtf=tmp_path / "WTF")
    addon = build_addon(tmp_path / "addons")
    names = [f"Raider{i:02d}" for i in range(40)]
    seated = seat_table(realm, addon, names)
    assert len(banks(status(realm, seated[0]))) == 40
    start = realm.now

    def choose(client, turn, situation):
        if turn == 3:  # ten players reload at once, mid-hand
            for other in seated[10:20]:
                realm.request_reload(other)
        return "/tbet 2" if turn < 2 else "/tholdem call" if turn % 7 == 0 else "/tholdem fold"

    play_hand(realm, seated, 1, choose)
    realm.run_until_quiet(horizon=None)
    lines = {status(realm, client) for client in seated}
    assert len(lines) == 1
    for client in seated[10:20]:  # (each took a paced copy from the host)
        assert client.chat.matching("Caught up with Raider00's table"), client.name
    assert realm.disconnects == []
    budget = Bandwidth()
    meters = realm.meters
    peak = max(meter.peak for meter in meters.values())
    host = meters[seated[0].full_name]
    elapsed = realm.now - start
    assert peak < budget.burst / 2, peak  # never more than half the server's buffer
    assert host.sent / elapsed < budget.rate / 2
    others = max(m.sent for n, m in meters.items() if n != seated[0].full_name) / elapsed
    assert others < 50
    print(f"\n40 players, {elapsed:.0f} s: host {host.sent / elapsed:.0f} B/s, peak "
          f"{peak:.0f} B held; others at most {others:.0f} B/s")
    assert realm.errors() == []
