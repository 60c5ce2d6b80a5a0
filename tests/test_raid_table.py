"""A table across a 40-player raid: everyone plays, and every client agrees at the end."""

from __future__ import annotations

import re

import pytest

from addon_table import (
    TAUREN,
    Seated,
    after_the_hand,
    banks,
    build_addon,
    play,
    play_hand,
    seat_table,
    slash,
    status,
)
from pyhost.harness import Adversarial, Realm
from pyhost.rules import Ruleset
from realm_helpers import RECORDER, addon_messages


def raid_table(realm: Realm, addon, count: int, ruleset: Ruleset = TAUREN) -> Seated:
    """A raid of `count`, the first hosting a table of `ruleset`'s game that all have joined."""
    clients = Seated(realm.login(f"Raider{i:02d}", addons=[addon]) for i in range(count))
    realm.raid(*clients)
    clients.table_id = f"{clients[0].full_name}:{realm.epoch()}"
    clients.ruleset = ruleset
    long = slash(ruleset, "long")
    play(realm, clients[0], f"{long} open")
    for client in clients[1:]:
        client.type(f"{long} join")
    realm.run_until_quiet()
    return clients


@pytest.mark.slow  # two hands at 40 players: run by .ci/run apart from the default suite
def test_forty_players_in_a_raid_play_hands_and_agree_on_every_bank(tmp_path):
    realm = Realm(seed=21, wtf=tmp_path / "WTF")
    addon = build_addon(tmp_path / "addons")
    seated = raid_table(realm, addon, 40)
    assert len(banks(status(realm, seated[0]))) == 40

    def choose(client, turn, _situation):
        # A few bet, raise, call and go all-in; most fold.
        return ["/tbet 2", "/tholdem raise 2", "/tholdem call", "/tholdem allin",
                "/tholdem call"][turn] if turn < 5 else (
            "/tholdem call" if turn % 9 == 0 else "/tholdem fold")

    for hand in (1, 2):
        play_hand(realm, seated, hand, choose)
    lines = {status(realm, client) for client in seated}
    assert len(lines) == 1, "the clients disagree"
    final = banks(lines.pop())
    assert sum(final.values()) == 40 * 20
    assert len({bank for bank in final.values()}) > 1  # money moved
    assert realm.errors() == []


COUNT_HASHES = """function(ns)
    local digest = ns.Sha256.digest
    ns.hashes = 0
    ns.Sha256.digest = function(...)
        ns.hashes = ns.hashes + 1
        return digest(...)
    end
end"""


def most_hashes_in_one_go(clients) -> dict[str, int]:
    """Count each client's hashes per event or timer it handles (in WoW, one frame runs many
    of those, but the addon's own checks run from a one-a-frame queue). The most, by name."""
    most = {}
    for client in clients:
        ns = client.addons["TaurenHoldem"].namespace
        client.lua.eval(COUNT_HASHES)(ns)
        most[client.name] = 0

        def counted(call, client=client, ns=ns):
            def run(*args):
                ns[b"hashes"] = 0
                call(*args)
                most[client.name] = max(most[client.name], ns[b"hashes"])
            return run
        client.fire = counted(client.fire)
        client.timer_fired = counted(client.timer_fired)
    return most


def test_a_showdown_of_ten_checks_only_its_winners(tmp_path):
    realm = Realm(seed=22, wtf=tmp_path / "WTF")
    addon = build_addon(tmp_path / "addons")
    seated = raid_table(realm, addon, 10)
    checked = {client.name: [] for client in seated}
    for client in seated:
        fair = client.addons["TaurenHoldem"].namespace.Fair
        def counted(*args, into=checked[client.name], check=fair.check):
            into.append(args[5])
            return check(*args)
        fair.check = counted
    most = most_hashes_in_one_go(seated)
    # One bets, everyone calls, then all check to the showdown: ten reveals at once.
    play_hand(realm, seated, 1, lambda client, turn, _: "/tbet 2" if turn == 0 else
              "/tholdem call" if turn < 10 else "/tholdem check")
    assert "the hand is over" in status(realm, seated[0])
    paid = {line.split(" ")[0] for line in seated[0].chat
            if re.match(r"^Raider\d\d (wins|splits) the pot: ", line)}
    assert paid
    # Every client checked the winners' reveals (two hashes each), not the other nine or so,
    # all as the last reveal came; its own dice (one hash) come with the seed roll.
    for client in seated:
        assert sorted(str(name, 'utf-8').split('-')[0] for name in checked[client.name]) == \
            sorted(paid), client.name
    assert max(most.values()) <= max(2, 2 * len(paid)), most
    assert realm.errors() == []


def host_messages_in_a_hand(tmp_path, count: int) -> tuple[int, int, float]:
    """The addon messages the host sends in one hand everyone calls to the showdown, as a
    watcher in the raid (not seated, the Recorder addon) receives them: orders, heartbeats,
    and the hand's virtual seconds."""
    realm = Realm(seed=26, wtf=tmp_path / f"WTF{count}")
    addon = build_addon(tmp_path / f"addons{count}")
    seated = Seated(realm.login(f"Raider{i:02d}", addons=[addon]) for i in range(count))
    watcher = realm.login("Watcher", addons=[RECORDER])
    watcher.run_lua('C_ChatInfo.RegisterAddonMessagePrefix("TaurenHoldem")')
    realm.raid(*seated, watcher)
    seated.table_id = f"{seated[0].full_name}:{realm.epoch()}"
    play(realm, seated[0], "/tholdem open")
    for client in seated[1:]:
        client.type("/tholdem join")
    realm.run_until_quiet()
    before, began = len(addon_messages(watcher)), realm.now
    play_hand(realm, seated, 1, lambda client, turn, _: "/tbet 2" if turn == 0 else
              "/tholdem call" if turn < count else "/tholdem check")
    after_the_hand(realm)  # and the host's heartbeats, once it is over
    sent = [args for args in addon_messages(watcher)[before:]
            if args[0] == "TaurenHoldem" and args[3] == seated[0].full_name]
    assert realm.errors() == []
    beats = sum(1 for args in sent if args[1].split("\t")[1] == "AT")
    return len(sent) - beats, beats, realm.now - began


@pytest.mark.slow  # a long case: .ci/run runs it apart (pytest -m slow)
def test_the_hosts_messages_per_hand_do_not_grow_with_the_table(tmp_path):
    # Turns, commitments and reveals go from each player to everyone: the host only starts
    # the hand, closes the set of commitments and plays its own seat.
    small, large = host_messages_in_a_hand(tmp_path, 3), host_messages_in_a_hand(tmp_path, 12)
    assert small[0] == large[0]
    # Its heartbeat comes only when the table is quiet, ten seconds or more apart.
    for _, beats, seconds in (small, large):
        assert 0 < beats <= seconds / 10


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_table_agrees_over_a_network_that_duplicates_and_reorders(tmp_path, seed):
    realm = Realm(seed=seed, wtf=tmp_path / "WTF",
                  adversarial=Adversarial(seed=seed, duplicate=0.1, reorder=0.2))
    addon = build_addon(tmp_path / "addons")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray", "Mogg", "Tala"])

    def choose(client, turn, _situation):
        if turn < 5:
            return ["/tbet 2", "/tholdem call", "/tholdem raise 2", "/tholdem call",
                    "/tholdem fold"][turn]
        return "/tholdem call" if turn < 8 else "/tholdem check"

    for hand in (1, 2):
        play_hand(realm, seated, hand, choose)
    lines = {status(realm, client) for client in seated}
    assert len(lines) == 1, lines
    assert sum(banks(lines.pop()).values()) == 5 * 20
    assert realm.network.duplicated and realm.network.reordered
    assert realm.errors() == []
