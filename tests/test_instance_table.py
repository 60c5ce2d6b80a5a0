"""Tauren Hold'em in an instance group (a dungeon or raid finder's, a battleground's): the
addon talks over INSTANCE_CHAT, where PARTY and RAID fail, and the table plays there whether
or not its players also share a home group."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from addon_table import Seated, banks, build_addon, play, play_hand, status
from pyhost.harness import Client, Realm

BANK = 20  # each player's starting bank


@pytest.fixture(scope="module")
def addon(tmp_path_factory):
    return build_addon(tmp_path_factory.mktemp("addons"))


def record_channels(realm: Realm) -> list[tuple[str, str, int]]:
    """Every addon message sent from now on: (sender, channel, result)."""
    sent: list[tuple[str, str, int]] = []
    send = realm.send_addon

    def recorded(client, prefix, body, chat_type, target):
        result = send(client, prefix, body, chat_type, target)
        sent.append((client.name, chat_type, result))
        return result

    realm.send_addon = recorded  # type: ignore[method-assign]
    return sent


def seat(realm: Realm, addon, names: list[str], group: Callable[[list[Client]], object]) -> Seated:
    """Log everyone in, `group` them, the first opens a guided table, the others join."""
    clients = Seated(realm.login(name, addons=[addon]) for name in names)
    group(clients)
    realm.run_until_quiet()
    clients.table_id = f"{clients[0].full_name}:{realm.epoch()}"
    play(realm, clients[0], "/tholdem open guided")
    for client in clients[1:]:
        play(realm, client, "/tholdem join")
    return clients


def bet_a_little(client: Client, turn: int, situation: str) -> str:
    if turn == 0:
        return "/tbet 2"
    return "/tholdem call" if "call" in situation else "/tholdem check"


def play_and_agree(realm: Realm, seated: Seated) -> dict[str, int]:
    play_hand(realm, seated, 1, bet_a_little)
    lines = {status(realm, client) for client in seated}
    assert len(lines) == 1, f"the clients disagree: {lines}"
    final = banks(lines.pop())
    assert len(final) == len(seated)
    assert sum(final.values()) == BANK * len(seated)
    assert set(final.values()) != {BANK}  # the pot went somewhere
    assert realm.errors() == []
    return final


def no_group_failures(seated: Seated) -> None:
    for client in seated:
        assert not client.chat.matching("You aren't in a party"), client.name
        assert not client.chat.matching("not in a raid group"), client.name


@pytest.mark.parametrize(("count", "raid"), [(4, False), (8, True)])
def test_a_guided_hand_in_an_instance_group_plays_over_instance_chat(tmp_path, addon, count,
                                                                     raid):
    realm = Realm(seed=31, wtf=tmp_path / "WTF")
    sent = record_channels(realm)
    names = [f"Finder{i}" for i in range(count)]
    seated = seat(realm, addon, names, lambda cs: realm.instance_group(*cs, raid=raid))
    assert seated[0].run_lua("return IsInRaid()") is raid
    play_and_agree(realm, seated)
    group_sends = [(channel, result) for _, channel, result in sent if channel != "WHISPER"]
    assert group_sends and {channel for channel, _ in group_sends} == {"INSTANCE_CHAT"}
    assert {result for _, result in group_sends} <= {0, 3}  # sent, or throttled and queued
    no_group_failures(seated)


def test_players_in_a_home_party_and_an_instance_group_together_play_in_the_instance_group(
        tmp_path, addon):
    realm = Realm(seed=32, wtf=tmp_path / "WTF")
    names = ["Skoll", "Riggs", "Mira", "Dax"]
    sent: list[tuple[str, str, int]] = []

    def both(clients):
        nonlocal sent
        realm.party(*clients)  # they queued together as a party
        realm.run_until_quiet()  # (their addons ask the party whether a table is running)
        sent = record_channels(realm)
        realm.instance_group(*clients)

    seated = seat(realm, addon, names, both)
    assert seated[1].chat.matching("You are in both a party and an instance group")
    play_and_agree(realm, seated)
    assert {channel for _, channel, _ in sent if channel != "WHISPER"} == {"INSTANCE_CHAT"}
    no_group_failures(seated)
    # Their party chat still works beside the table.
    play(realm, seated[2], "/p well played")
    assert seated[0].chat.matching("well played") == ["[Party] [Mira]: well played"]


def test_a_home_party_member_outside_the_instance_group_is_not_at_its_table(tmp_path, addon):
    # Skoll, Riggs and Mira are in a home party with Vex, but only the first three got the
    # dungeon finder's group: the table plays there, out of Vex's reach.
    realm = Realm(seed=33, wtf=tmp_path / "WTF")
    vex = realm.login("Vex", addons=[addon])

    def finder(clients):
        realm.party(*clients, vex)
        realm.instance_group(*clients)

    seated = seat(realm, addon, ["Skoll", "Riggs", "Mira"], finder)
    play(realm, vex, "/tholdem join")
    play(realm, vex, "/tholdem status")
    assert "Vex" not in status(realm, seated[0])
    assert len(banks(status(realm, seated[0]))) == 3
    play_and_agree(realm, seated)


def test_a_finders_group_forming_takes_its_players_away_from_a_home_table(tmp_path, addon):
    # Their addons now talk in the instance group: for the home party's table, they left it.
    realm = Realm(seed=34, wtf=tmp_path / "WTF")
    seated = seat(realm, addon, ["Skoll", "Riggs", "Mira"], lambda cs: realm.party(*cs))
    assert len(banks(status(realm, seated[0]))) == 3
    realm.instance_group(*seated)
    realm.run_until_quiet()
    for client in seated:
        assert client.chat.matching("You left the group, and Skoll's table with it"), client.name
        assert status(realm, client) == "No table is open: /tholdem open to start one."
    sent = record_channels(realm)
    play(realm, seated[0], "/tholdem open guided")
    for client in seated[1:]:
        play(realm, client, "/tholdem join")
    assert len(banks(status(realm, seated[2]))) == 3
    assert {channel for _, channel, _ in sent if channel != "WHISPER"} == {"INSTANCE_CHAT"}
    assert realm.errors() == []


def test_a_player_in_both_groups_reads_only_the_table_group_it_talks_to(tmp_path, addon):
    # Skoll is in Riggs's home party and in a finder's group with Mira: Riggs's table, in
    # the party, is not Skoll's, though Skoll hears its messages.
    realm = Realm(seed=35, wtf=tmp_path / "WTF")
    skoll, riggs, mira = (realm.login(name, addons=[addon]) for name in ("Skoll", "Riggs", "Mira"))
    realm.party(riggs, skoll)
    realm.instance_group(skoll, mira)
    realm.run_until_quiet()
    play(realm, riggs, "/tholdem open guided")
    assert status(realm, skoll) == "No table is open: /tholdem open to start one."
    play(realm, skoll, "/tholdem join")
    assert len(banks(status(realm, riggs))) == 1
    play(realm, mira, "/tholdem open guided")
    play(realm, skoll, "/tholdem join")
    assert len(banks(status(realm, mira))) == 2
    assert realm.errors() == []


JOIN_BY_WHISPER = """function(ns, table_id, host)
    ns.Comm.send("ACT", { table = table_id, op = "join", fingerprint = ns.Fingerprint.id,
        sections = ns.Fingerprint.wire }, host)
end"""


def test_the_host_seats_only_a_player_in_the_tables_group(tmp_path, addon):
    # Vex, in Skoll's home party but not in the finder's group the table plays in, whispers
    # a join to the host: refused. Mira, in the finder's group, joins.
    realm = Realm(seed=36, wtf=tmp_path / "WTF")
    vex = realm.login("Vex", addons=[addon])

    def finder(clients):
        realm.party(clients[0], vex)
        realm.instance_group(*clients)

    seated = seat(realm, addon, ["Skoll", "Riggs"], finder)
    vex.lua.eval(JOIN_BY_WHISPER)(vex.addons["TaurenHoldem"].namespace, seated.table_id,
                                  seated[0].full_name)
    realm.run_until_quiet()
    assert list(banks(status(realm, seated[0]))) == ["Skoll", "Riggs"]
    mira = realm.login("Mira", addons=[addon])
    realm.join_instance_group(realm.group_of(seated[0]), mira)
    realm.run_until_quiet()
    play(realm, mira, "/tholdem join")
    assert list(banks(status(realm, seated[0]))) == ["Skoll", "Riggs", "Mira"]
    assert realm.errors() == []
