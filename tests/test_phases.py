"""A guided hand's phases: table-level commands wait for the hand in play."""

from __future__ import annotations

from addon_table import deal_fairly, play, seat_table, status
from pyhost.harness import Realm


def test_table_commands_mid_hand_are_refused_and_change_nothing(tmp_path, addon):
    realm = Realm(seed=31, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"])
    skoll, riggs, gray = seated
    watcher = realm.login("Dakx", addons=[addon])
    realm.invite(skoll, watcher)
    realm.run_until_quiet()
    play(realm, skoll, "/tholdem start")
    deal_fairly(realm, seated, 1)
    play(realm, riggs, "/tbet 2")
    before = [status(realm, client) for client in seated]
    assert before[0].startswith("Pot 2;")
    for client, command, line in [
            (skoll, "/tholdem open", "Hand 1 is in play: /tholdem open waits until it is over."),
            (skoll, "/tholdem open manual min 4", "Hand 1 is in play: /tholdem open waits"),
            (gray, "/tholdem leave", "Hand 1 is in play: /tholdem leave waits until it is over."),
            (watcher, "/tholdem join", "Hand 1 is in play: /tholdem join waits until it is over.")]:
        mark = len(client.chat.lines)
        play(realm, client, command)
        said = client.chat.lines[mark:]
        assert len(said) == 1 and said[0].startswith(line), (command, said)
        assert said[0].endswith("Nothing changed.")
    assert [status(realm, client) for client in seated] == before  # the pot and seats stand
    play(realm, gray, "/tholdem call")
    play(realm, skoll, "/tholdem call")
    assert "Pot 6; Skoll rolls the flop next" in status(realm, skoll)
    assert realm.errors() == []
