"""A table across a 40-player raid: everyone plays, and every client agrees at the end."""

from __future__ import annotations

from addon_table import Seated, banks, build_addon, play, play_hand, status
from pyhost.harness import Realm


def raid_table(realm: Realm, addon, count: int) -> Seated:
    clients = Seated(realm.login(f"Raider{i:02d}", addons=[addon]) for i in range(count))
    realm.raid(*clients)
    clients.table_id = f"{clients[0].full_name}:{realm.epoch()}"
    play(realm, clients[0], "/tholdem open")
    for client in clients[1:]:
        client.type("/tholdem join")
    realm.run_until_quiet()
    return clients


def test_forty_players_in_a_raid_play_hands_and_agree_on_every_bank(tmp_path):
    realm = Realm(seed=21, wtf=tmp_path / "WTF")
    addon = build_addon(tmp_path / "addons")
    seated = raid_table(realm, addon, 40)
    assert len(banks(status(realm, seated[0]))) == 40

    def choose(client, turn):
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
