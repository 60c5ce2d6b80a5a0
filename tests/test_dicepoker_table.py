"""Dice Poker played for real: the generated addon in the realm, every die a player's own
open /roll. Parties of 2, 3 and 10 play whole rounds in both modes, and every copy agrees
with the Python engine given the same dice; hostile clients change nothing."""

from __future__ import annotations

import random

import pytest

from addon_table import PROTOCOL, play
from dicepoker_table import (
    DICE_POKER,
    dice_poker_table,
    game_lines,
    script_roll,
    status,
    turn,
)
from pyhost import fairplay
from pyhost.engine import Seat
from pyhost.engine.dicepoker import DicePokerRound
from pyhost.harness import Realm
from realm_helpers import lose, send_addon


@pytest.fixture
def realm(tmp_path):
    return Realm(wtf=tmp_path / "WTF", seed=1)


def play_round(realm, seated, number: int, chooser: random.Random, seats: list[Seat]):
    """One round through the commands, each player's dice and keeps drawn by `chooser`; the
    same round in the Python engine, given the same dice, is returned."""
    names = [client.name for client in seated]
    ruleset = seated.ruleset
    engine = DicePokerRound(ruleset, seats, (number - 1) % len(seated))
    by_name = {client.name: client for client in seated}
    while not engine.over:
        name = engine.to_act()
        client = by_name[name]
        first = [chooser.randint(1, 6) for _ in range(5)]
        kept_at = sorted(chooser.sample(range(5), chooser.randint(0, 5)))
        keep = [first[i] for i in kept_at]
        again = [chooser.randint(1, 6) for _ in range(5 - len(keep))]
        turn(realm, seated, client, number, first, keep, again)
        engine.act(name, "roll", dice=[str(f) for f in first])
        engine.act(name, "keep", dice=[str(f) for f in keep])
        if again:
            engine.act(name, "reroll", dice=[str(f) for f in again])
    assert names  # (who sat)
    return engine


@pytest.mark.parametrize("count", [2, 3, 10])
@pytest.mark.parametrize("chips", [False, True], ids=["forfeit", "chips"])
def test_a_party_plays_rounds_to_the_end_and_every_copy_agrees(realm, tmp_path, count, chips):
    seated = dice_poker_table(realm, tmp_path, count, chips=chips)
    chooser = random.Random(f"{count}:{chips}")
    seats = [Seat(name=client.name, bank=20) for client in seated]
    start = sum(seat.bank for seat in seats)
    rounds = 2
    for number in range(1, rounds + 1):
        marks = [len(client.chat.lines) for client in seated]
        play(realm, seated[0], "/dicepoker start")
        engine = play_round(realm, seated, number, chooser, seats)
        # The starting seat moves one place each round.
        assert engine.starter == seated[(number - 1) % count].name
        expected = [f"Round {number}: {engine.starter} starts.", *(e.text for e in engine.events)]
        assert len(expected) > 3 * count  # a roll, a keep and a hand at least, each player
        for client, mark in zip(seated, marks, strict=True):
            assert game_lines(client, mark) == expected, client.name
            assert status(realm, client) == (number, "the round is over",
                                              {s.name: s.bank for s in seats})
        if chips:
            assert sum(s.bank for s in seats) == start
            assert any(e.kind == "pay" for e in engine.events) or not engine.losers
        else:
            assert all(s.bank == 20 for s in seats)
            forfeits = [e.text for e in engine.events if e.kind == "forfeit"]
            assert len(forfeits) == len(engine.winners) * len(engine.losers)
    assert realm.errors() == []


def test_a_known_round_for_chips_pays_the_stake(realm, tmp_path):
    seated = dice_poker_table(realm, tmp_path, 3, chips=True)
    skoll, riggs, ada = seated
    play(realm, skoll, "/dicepoker start")
    turn(realm, seated, skoll, 1, [6, 6, 2, 3, 1], [6, 6], [6, 4, 4])
    turn(realm, seated, riggs, 1, [1, 2, 3, 4, 6], None)  # stands on nothing
    turn(realm, seated, ada, 1, [5, 5, 5, 2, 2], [5, 5, 5, 2, 2])  # all five: stands
    lines = game_lines(ada)
    assert lines[-4:] == ["Ada keeps 5 5 5 2 2 and stands", "Ada has 5 5 5 2 2: Full house",
                          "Riggs pays 2 to Skoll", "Skoll wins 2"]
    for client in seated:
        assert status(realm, client)[2] == {"Skoll": 22, "Riggs": 18, "Ada": 20}
    assert realm.errors() == []


# -- hostile clients and bad input ---------------------------------------------------------


def awaited_range(seated, client, number=1, roll=1, count=5):
    return fairplay.draw_range(seated.table_id, number, client.full_name, roll, 6, count)


def test_a_roll_early_in_the_wrong_range_or_another_players_never_binds(realm, tmp_path):
    seated = dice_poker_table(realm, tmp_path, 3)
    skoll, riggs, _ada = seated
    low, high = awaited_range(seated, skoll)
    # Early: Skoll rolls his round-1 range before the round starts.
    realm.script_rolls(low + 7, by=skoll.full_name, bounds=(low, high))
    skoll.run_lua(f"RandomRoll({low}, {high})")
    realm.run_until_quiet()
    play(realm, skoll, "/dicepoker start")
    assert status(realm, riggs)[1].startswith("Skoll to roll 5 dice")
    # Another player's roll in Skoll's range; Skoll's in a range not awaited.
    riggs.run_lua(f"RandomRoll({low}, {high})")
    realm.run_until_quiet()
    skoll.run_lua("RandomRoll(1, 7776)")
    realm.run_until_quiet()
    for client in seated:
        assert status(realm, client)[1].startswith("Skoll to roll 5 dice"), client.name
        assert f"Skoll rolled 1-7776, not the awaited range {low}-{high}: it does not count." \
            in client.chat.lines
    # The first roll in the range after the start binds.
    turn(realm, seated, skoll, 1, [3, 3, 3, 1, 2], [3, 3, 3], [3, 3])
    for client in seated:
        assert "Skoll rolls 3 3 3 1 2" in game_lines(client)
        assert "Skoll has 3 3 3 3 3: Five of a kind" in game_lines(client)
    assert realm.errors() == []


def test_a_repeated_roll_counts_once(realm, tmp_path):
    seated = dice_poker_table(realm, tmp_path, 2)
    skoll, _riggs = seated
    play(realm, skoll, "/dicepoker start")
    low, high = script_roll(realm, seated, skoll, 1, 1, [4, 4, 1, 2, 3])
    play(realm, skoll, "/dproll")
    realm.script_rolls(low + 0, by=skoll.full_name, bounds=(low, high))
    skoll.run_lua(f"RandomRoll({low}, {high})")
    realm.run_until_quiet()
    for client in seated:
        assert "Skoll rolled the same range again: only the first roll counts." in client.chat.lines
        assert status(realm, client)[1] == "Skoll to keep"
        assert game_lines(client)[-1] == "Skoll rolls 4 4 1 2 3"
    assert realm.errors() == []


def test_a_keep_of_faces_not_rolled_and_bad_commands_change_nothing(realm, tmp_path):
    seated = dice_poker_table(realm, tmp_path, 2)
    skoll, riggs = seated
    play(realm, skoll, "/dicepoker start")
    script_roll(realm, seated, skoll, 1, 1, [4, 4, 1, 2, 3])
    play(realm, skoll, "/dproll")
    before = [status(realm, client) for client in seated]
    marks = [len(client.chat.lines) for client in seated]
    bad = {
        "/dpreroll 6 6": "Skoll cannot keep 6 6: Skoll rolled 4 4 1 2 3",
        "/dpreroll 7 x": "/dpreroll 7 x: name the faces to keep, separated by spaces "
                         "(faces: 1, 2, 3, 4, 5, 6).",
        "/dicepoker frobnicate": "Unknown command 'frobnicate': /dphelp lists them.",
        "/dicepoker open bogus": "/dicepoker open [timeout N] [notimeout]: bogus is not a setting.",
        "/dicepoker keep 4 4 4": "Skoll cannot keep 4 4 4: Skoll rolled 4 4 1 2 3",
    }
    for line, said in bad.items():
        mark = len(skoll.chat.lines)
        play(realm, skoll, line)
        assert skoll.chat.lines[mark:] == [said], line
    for line in ("/dproll", "/dpreroll 1", "/dicepoker stand"):
        mark = len(riggs.chat.lines)
        play(realm, riggs, line)
        assert len(riggs.chat.lines) == mark + 1, (line, riggs.chat.lines[mark:])
    assert riggs.chat.lines[marks[1]:][0] == "It is not your roll now: Skoll to keep."
    assert [status(realm, client) for client in seated] == before
    assert game_lines(riggs, marks[1]) == []
    assert realm.errors() == []


def test_a_turn_sent_for_someone_else_is_forged(realm, tmp_path):
    seated = dice_poker_table(realm, tmp_path, 3)
    skoll, riggs, ada = seated
    play(realm, skoll, "/dicepoker start")
    script_roll(realm, seated, skoll, 1, 1, [4, 4, 1, 2, 3])
    play(realm, skoll, "/dproll")
    forged = "\t".join([PROTOCOL, "TURN", seated.table_id, "1", "1", "keep", skoll.full_name,
                        "", "1", "", "", "4,4"])
    send_addon(riggs, DICE_POKER.addon.prefix, forged)
    realm.run_until_quiet()
    for client in (skoll, ada):
        assert any(line.startswith("Ignored a table message from Riggs") for line in
                   client.chat.lines)
        assert status(realm, client)[1] == "Skoll to keep"
    assert realm.errors() == []


@pytest.mark.parametrize("stage", ["roll", "keep", "reroll"])
def test_a_player_who_does_not_act_stands_when_his_time_runs_out(realm, tmp_path, stage):
    seated = dice_poker_table(realm, tmp_path, 3)
    skoll, riggs, _ada = seated
    play(realm, skoll, "/dicepoker start")
    turn(realm, seated, skoll, 1, [6, 6, 6, 2, 1], [6, 6, 6, 2, 1])
    if stage != "roll":
        script_roll(realm, seated, riggs, 1, 1, [5, 5, 2, 3, 1])
        play(realm, riggs, "/dproll")
    if stage == "reroll":
        play(realm, riggs, "/dicepoker keep 5 5")
    realm.advance(65)
    realm.run_until_quiet()
    expected = {"roll": ["Riggs rolls 1 2 3 4 6", "Riggs keeps 6 4 3 2 1 and stands",
                         "Riggs has 6 4 3 2 1: Nothing"],
                "keep": ["Riggs keeps 5 5 3 2 1 and stands", "Riggs has 5 5 3 2 1: Pair"],
                "reroll": ["Riggs rerolls 2 3 1", "Riggs has 5 5 3 2 1: Pair"]}[stage]
    for client in seated:
        lines = game_lines(client)
        assert lines[-len(expected):] == expected, client.name
        assert status(realm, client)[1].startswith("Ada to roll"), client.name
    assert "Riggs took too long: the table stands them on their dice." in skoll.chat.lines
    assert realm.errors() == []


# -- catching up ---------------------------------------------------------------------------


def test_a_client_that_missed_a_roll_line_takes_the_hosts_record(realm, tmp_path):
    seated = dice_poker_table(realm, tmp_path, 3)
    skoll, riggs, ada = seated
    play(realm, skoll, "/dicepoker start")
    low, high = awaited_range(seated, skoll)
    lost = lose(ada, "CHAT_MSG_SYSTEM", lambda args: f"({low}-{high})" in str(args[0]))
    turn(realm, seated, skoll, 1, [6, 6, 2, 3, 1], [6, 6], [6, 4, 4])
    assert lost  # Ada never read Skoll's first roll
    realm.advance(30)
    realm.run_until_quiet()
    turn(realm, seated, riggs, 1, [1, 2, 3, 4, 6], None)
    turn(realm, seated, ada, 1, [5, 5, 5, 2, 2], [5, 5, 5, 2, 2])
    for client in seated:
        assert status(realm, client) == (1, "the round is over",
                                          {"Skoll": 20, "Riggs": 20, "Ada": 20}), client.name
        assert game_lines(client)[-1] == "Skoll names a forfeit for Riggs", client.name
    assert any(line.startswith("Caught up with Skoll's table") for line in ada.chat.lines)
    assert realm.errors() == []


@pytest.mark.parametrize("who", [0, 1], ids=["the host", "a player"])
def test_a_reload_mid_round_carries_on(realm, tmp_path, who):
    seated = dice_poker_table(realm, tmp_path, 3, chips=True)
    skoll, riggs, ada = seated
    play(realm, skoll, "/dicepoker start")
    turn(realm, seated, skoll, 1, [6, 6, 2, 3, 1], [6, 6], [6, 4, 4])
    script_roll(realm, seated, riggs, 1, 1, [1, 2, 3, 4, 6])
    play(realm, riggs, "/dproll")
    seated[who].reload()
    realm.run_until_quiet()
    realm.advance(20)
    realm.run_until_quiet()
    play(realm, riggs, "/dicepoker stand")
    turn(realm, seated, ada, 1, [5, 5, 5, 2, 2], [5, 5, 5, 2, 2])
    for client in seated:
        assert status(realm, client) == (1, "the round is over",
                                          {"Skoll": 22, "Riggs": 18, "Ada": 20}), client.name
    assert realm.errors() == []


def test_help_lists_the_short_commands_and_the_long_form(realm, tmp_path):
    seated = dice_poker_table(realm, tmp_path, 2)
    skoll = seated[0]
    for line in ("/dphelp", "/dicepoker help", "/dicepoker"):
        mark = len(skoll.chat.lines)
        play(realm, skoll, line)
        shown = "\n".join(skoll.chat.lines[mark:])
        assert skoll.chat.lines[mark] == "Dice Poker commands:"
        for command in ("/dproll -", "/dpreroll [FACES] -", "/dphand -", "/dpdice -", "/dphelp -",
                        "/dicepoker open [timeout N] [notimeout] -", "/dicepoker join | leave -",
                        "/dicepoker start -", "/dicepoker keep [FACES] | stand -",
                        "/dicepoker status -", "/dicepoker dice -"):
            assert command in shown, (line, command)
    mark = len(skoll.chat.lines)
    play(realm, skoll, "/dphand")
    assert skoll.chat.lines[mark] == "Hands, best first:"
    assert skoll.chat.lines[mark + 1].startswith("1. Five of a kind")
    assert skoll.chat.lines[mark + 9].startswith("9. Nothing")
    assert realm.errors() == []


def test_an_empty_bank_sits_out_and_the_start_passes_over_it(realm, tmp_path):
    seated = dice_poker_table(realm, tmp_path, 3, chips=True, stake=20)
    skoll, riggs, ada = seated
    play(realm, skoll, "/dicepoker start")
    turn(realm, seated, skoll, 1, [6, 6, 6, 6, 6], None)
    turn(realm, seated, riggs, 1, [1, 2, 3, 4, 6], None)
    turn(realm, seated, ada, 1, [5, 5, 2, 2, 1], None)
    assert status(realm, ada)[2] == {"Skoll": 40, "Riggs": 0, "Ada": 20}
    mark = len(ada.chat.lines)
    play(realm, skoll, "/dicepoker start")  # Riggs's turn to start, but his bank is empty
    assert game_lines(ada, mark) == ["Round 2: Ada starts."]
    turn(realm, seated, ada, 2, [1, 2, 3, 4, 6], None)
    turn(realm, seated, skoll, 2, [2, 2, 3, 3, 5], None)
    assert game_lines(ada, mark)[-2:] == ["Ada pays 20 to Skoll", "Skoll wins 20"]
    mark = len(skoll.chat.lines)
    play(realm, skoll, "/dicepoker start")  # one player with chips: no round
    assert skoll.chat.lines[mark:] == ["Dice Poker needs at least 2 players with chips, not 1"]
    for client in seated:
        assert status(realm, client) == (2, "the round is over",
                                          {"Skoll": 60, "Riggs": 0, "Ada": 0}), client.name
    assert realm.errors() == []


def test_a_keep_alone_then_dproll_rolls_the_rest_and_dice_shows_them(realm, tmp_path):
    seated = dice_poker_table(realm, tmp_path, 2)
    skoll, riggs = seated
    play(realm, skoll, "/dicepoker start")
    script_roll(realm, seated, skoll, 1, 1, [2, 6, 6, 1, 3])
    play(realm, skoll, "/dproll")
    play(realm, skoll, "/dicepoker dice")
    assert skoll.chat.lines[-1] == "Your dice: [. ' ] [::: ] [::: ] [ · ] [.· ']"
    play(realm, skoll, "/dicepoker keep 6 6")
    assert status(realm, riggs)[1].startswith("Skoll to roll 3 dice")
    script_roll(realm, seated, skoll, 1, 2, [6, 5, 5])
    play(realm, skoll, "/dicepoker roll")
    play(realm, skoll, "/dicepoker ascii on")
    play(realm, skoll, "/dicepoker dice")
    assert skoll.chat.lines[-1] == "Your dice: [6] [6] [6] [5] [5]"
    for client in seated:
        assert game_lines(client)[-3:] == ["Skoll keeps 6 6 and rerolls 3", "Skoll rerolls 6 5 5",
                                           "Skoll has 6 6 6 5 5: Full house"]
    assert realm.errors() == []


def test_a_namesakes_line_binds_nothing_and_a_round_does_not_start_beside_one(tmp_path):
    realm = Realm(wtf=tmp_path / "WTF", seed=1, connected_realms=[["Thunderhorn", "Blackrock"]])
    seated = dice_poker_table(realm, tmp_path, 2)
    skoll, riggs = seated
    play(realm, skoll, "/dicepoker start")
    turn(realm, seated, skoll, 1, [6, 6, 2, 3, 1], [6, 6, 2, 3, 1])
    other = realm.login("Riggs", realm="Blackrock", addons=[tmp_path / "DicePoker"])
    realm.invite(skoll, other)
    realm.run_until_quiet()
    script_roll(realm, seated, riggs, 1, 1, [5, 5, 5, 5, 5])
    play(realm, riggs, "/dproll")  # "Riggs rolls ...": either Riggs's line
    for client in seated:
        assert ("Riggs and Riggs-Blackrock share a name across realms: roll lines "
                "cannot tell them apart, so their rolls do not count.") in client.chat.lines
        assert status(realm, client)[1].startswith("Riggs to roll 5 dice"), client.name
    realm.leave(other)
    realm.run_until_quiet()
    turn(realm, seated, riggs, 1, [1, 1, 2, 3, 4], [1, 1, 2, 3, 4])  # the namesake gone
    mark = len(skoll.chat.lines)
    realm.invite(skoll, other)
    realm.run_until_quiet()
    play(realm, skoll, "/dicepoker start")
    assert skoll.chat.lines[-1].startswith("Riggs and Riggs-Blackrock share a name")
    assert game_lines(skoll, mark) == []
    assert realm.errors() == []


def test_the_host_gone_mid_round_the_next_seat_runs_the_table_and_the_round_ends(realm,
                                                                                  tmp_path):
    seated = dice_poker_table(realm, tmp_path, 3, chips=True)
    skoll, riggs, ada = seated
    play(realm, skoll, "/dicepoker start")
    turn(realm, seated, skoll, 1, [6, 6, 2, 3, 1], [6, 6], [6, 4, 4])
    realm.logout(skoll)
    realm.run_until_quiet()
    realm.advance(40)
    realm.run_until_quiet()
    assert "Skoll is gone: Riggs runs the table now." in ada.chat.lines
    turn(realm, seated, riggs, 1, [1, 2, 3, 4, 6], None)
    turn(realm, seated, ada, 1, [5, 5, 5, 2, 2], [5, 5, 5, 2, 2])
    for client in (riggs, ada):
        assert status(realm, client) == (1, "the round is over",
                                          {"Skoll": 22, "Riggs": 18, "Ada": 20}), client.name
    mark = len(ada.chat.lines)
    play(realm, riggs, "/dicepoker start")  # the new host starts the next round
    assert game_lines(ada, mark) == ["Round 2: Riggs starts."]
    assert realm.errors() == []
