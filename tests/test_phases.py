"""A guided hand's phases: table-level commands wait for the hand in play."""

from __future__ import annotations

import re

from addon_table import deal_fairly, play, seat_table, seed_roll, status
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
    # Skoll's call closed the betting: Riggs rolls the flop, by himself, a moment later.
    assert "Pot 6; Riggs to act (check or bet)" in status(realm, skoll)
    assert realm.errors() == []


def test_betting_opens_only_once_the_set_is_closed_and_the_seed_bound(tmp_path, addon):
    """A guided hand opens in its deal phase: nothing posted, and a betting command before the
    set closes, or before its seed is rolled, is one line and sends nothing. Once the seed
    binds, every client deals the players in and the betting opens."""
    realm = Realm(seed=32, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"])
    skoll, riggs, _gray = seated
    play(realm, skoll, "/tholdem start")
    before = [status(realm, client) for client in seated]
    assert "the deal: Skoll, Riggs, Gray to roll under the box" in before[0]
    mark = len(riggs.chat.lines)
    play(realm, riggs, "/tbet 2")
    assert riggs.chat.lines[mark:] == ["The betting opens once every player's roll is under the "
                                       "box (/tdeal) and the seed is rolled."]
    assert [status(realm, client) for client in seated] == before
    # Whoever rolls the seed does not (its client's roll goes nowhere) until the table acts.
    held = list(seated)
    for client in held:
        client.run_lua("_G.rolls_kept = RandomRoll; RandomRoll = function() end")
    for client in seated:
        client.type("/tdeal")
    realm.run_until_quiet()
    line = status(realm, skoll)
    roller = re.search(r"; (\w+) rolls the seed next", line).group(1)
    assert line.startswith("Pot 0;")
    for client in seated:
        mark = len(client.chat.lines)
        play(realm, client, "/tbet 2")
        assert client.chat.lines[mark:] == [f"The betting opens once the seed is rolled "
                                             f"({roller} rolls it)."], client.name
    assert all(status(realm, client).startswith("Pot 0;") for client in seated)
    for client in held:
        client.run_lua("RandomRoll = _G.rolls_kept")
    realm.script_rolls(seed_roll())
    realm.advance(70)  # the seed's roll is late: the table names who rolls on, who rolls it
    realm.run_until_quiet()
    for client in seated:
        assert "to act" in status(realm, client), client.name
    assert realm.errors() == []


def test_a_hand_with_one_player_dealt_in_is_void_and_nothing_is_lost(tmp_path, addon):
    """Only Skoll types /tdeal: at the deal's deadline the set closes on his commitment alone,
    so the hand is void on every client (no seed rolled, nothing posted), and the next starts."""
    realm = Realm(seed=33, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"])
    skoll = seated[0]
    play(realm, skoll, "/tholdem start")
    play(realm, skoll, "/tdeal")
    realm.advance(70)
    realm.run_until_quiet()
    for client in seated:
        assert "The hand is void: fewer than two players rolled under the box" in client.chat
        assert status(realm, client).endswith("the hand is over; banks: Skoll 20, Riggs 20, "
                                              "Gray 20"), client.name
    play(realm, skoll, "/tholdem start")
    assert all("Hand 2:" in " ".join(client.chat.lines) for client in seated)
    assert realm.errors() == []
