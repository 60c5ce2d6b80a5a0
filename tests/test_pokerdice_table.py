"""Poker Dice played for real: the generated addon in the realm, every die a player's own open
/roll, every ante, keep, check, raise and answer a TURN. Parties play whole rounds and every
copy agrees with the Python table given the same dice; hostile clients change nothing."""

from __future__ import annotations

import random

import pytest
from pokerdice_table import Game, game_lines, poker_dice_table, status

from addon_table import play
from pyhost.harness import Realm


@pytest.fixture
def realm(tmp_path):
    return Realm(wtf=tmp_path / "WTF", seed=1)


def agree(realm, game: Game) -> None:
    """Every copy printed the Python round's lines and holds its banks."""
    expected = game.expected()
    for client, mark in zip(game.seated, game.marks, strict=True):
        assert game_lines(client, mark) == expected, client.name
        assert status(realm, client) == (game.number, "the round is over", game.banks()), \
            client.name


def test_a_known_round_of_two(realm, tmp_path):
    seated = poker_dice_table(realm, tmp_path, 2)
    game = Game(realm, seated)
    game.start()
    game.do("/pdante 2", "ante", 2)
    game.do("/pdante", "ante")
    game.roll([6, 6, 2, 3, 1])
    game.keep([6, 6], [6, 4, 4])
    game.do("/pdcheck", "check")
    game.roll([5, 5, 1, 2, 3])
    game.do("/pdcheck", "check")
    agree(realm, game)
    assert game.round.winner == "Skoll"
    assert realm.errors() == []


@pytest.mark.parametrize("count", [2, 3, 6])
def test_a_party_plays_rounds_and_every_copy_agrees(realm, tmp_path, count):
    seated = poker_dice_table(realm, tmp_path, count)
    game = Game(realm, seated)
    chooser = random.Random(f"poker dice {count}")
    kinds = set()
    for _ in range(4):
        game.start()
        game.play_randomly(chooser)
        agree(realm, game)
        kinds |= {event.kind for event in game.round.events}
    assert sum(game.banks().values()) == 20 * count
    # (The rounds had what a round can have: keeps, raises, a player out, a winner.)
    assert {"post", "roll", "keep", "raise", "out", "win"} <= kinds, kinds
    assert realm.errors() == []


def test_a_raise_matched_and_folded_a_better_hand_puts_out_the_best_the_winner_starts(
        realm, tmp_path):
    seated = poker_dice_table(realm, tmp_path, 3)
    game = Game(realm, seated)
    game.start()
    game.do("/pdante 2", "ante", 2)
    game.do("/pdcall", "ante")  # (at the ante, /pdcall antes)
    game.do("/pokerdice ante", "ante")
    game.roll([6, 6, 2, 3, 1])
    game.keep([6, 6], [6, 4, 4])
    game.do("/pdraise 3", "raise", 3)
    game.do("/pdcall", "call")  # Riggs matches
    game.do("/pokerdice fold", "fold")  # Ada leaves
    game.roll([5, 5, 5, 5, 1])  # Riggs's four beat Skoll's full house: the round is his
    agree(realm, game)
    lines = game.expected()
    assert "Riggs matches the raise of 3 (pot 12)" in lines
    assert "Ada leaves the round rather than match 3" in lines
    assert any(line.startswith("Skoll is beaten by Riggs's") for line in lines)
    assert game.banks() == {"Skoll": 15, "Riggs": 27, "Ada": 18}
    game.start()  # the winner starts the next round
    assert game.expected()[0] == "Round 2: Riggs starts."
    game.do("/pdante 1", "ante", 1)
    assert status(realm, seated[2])[1] == "Ada to ante 1 or sit out"
    assert realm.errors() == []


def test_an_equal_hand_does_not_beat_and_is_out(realm, tmp_path):
    seated = poker_dice_table(realm, tmp_path, 2)
    game = Game(realm, seated)
    game.start()
    game.do("/pdante 1", "ante", 1)
    game.do("/pdante 1", "ante", 1)
    game.roll([6, 6, 6, 2, 1])
    game.do("/pdcheck", "check")
    game.roll([1, 2, 6, 6, 6])  # the same hand
    game.do("/pokerdice check", "check")
    agree(realm, game)
    assert any("does not beat Skoll's" in line and line.endswith("Riggs is out")
               for line in game.expected())
    assert game.banks() == {"Skoll": 21, "Riggs": 19}
    assert realm.errors() == []


def test_a_round_only_the_starter_antes_is_void_and_he_starts_again(realm, tmp_path):
    seated = poker_dice_table(realm, tmp_path, 3)
    game = Game(realm, seated)
    game.start()
    game.do("/pdante 3", "ante", 3)
    game.do("/pdfold", "fold")
    game.do("/pdfold", "fold")
    agree(realm, game)
    assert game.expected()[-1] == "Nobody matched the ante: Skoll takes back 3 and starts again"
    assert game.banks() == {"Skoll": 20, "Riggs": 20, "Ada": 20}
    game.start()
    assert game.expected()[0] == "Round 2: Skoll starts."
    assert status(realm, seated[1])[1] == "Skoll to set the ante (/pdante N)"
    assert realm.errors() == []


def test_a_seat_with_less_than_the_minimum_ante_is_not_dealt_in(realm, tmp_path):
    seated = poker_dice_table(realm, tmp_path, 3)
    game = Game(realm, seated)
    game.start()
    game.do("/pdante 20", "ante", 20)  # Riggs and Ada put everything in
    game.do("/pdante", "ante")
    game.do("/pdante", "ante")
    game.roll([6, 6, 6, 6, 6])
    game.do("/pdcheck", "check")
    game.roll([1, 2, 3, 4, 6])
    game.do("/pdcheck", "check")
    game.roll([2, 2, 3, 4, 6])
    game.do("/pdcheck", "check")
    agree(realm, game)
    assert game.banks() == {"Skoll": 60, "Riggs": 0, "Ada": 0}
    mark = len(seated[0].chat.lines)
    play(realm, seated[0], "/pokerdice start")  # nobody but Skoll has the least ante
    assert seated[0].chat.lines[mark:] == ["Poker Dice needs at least 2 players with chips, not 1"]
    assert realm.errors() == []


def test_help_lists_every_short_command_and_the_long_form(realm, tmp_path):
    seated = poker_dice_table(realm, tmp_path, 2)
    skoll = seated[0]
    for line in ("/pdhelp", "/pokerdice help", "/pokerdice"):
        mark = len(skoll.chat.lines)
        play(realm, skoll, line)
        shown = "\n".join(skoll.chat.lines[mark:])
        assert skoll.chat.lines[mark] == "Poker Dice commands:"
        for command in ("/pdante [N] -", "/pdroll -", "/pdkeep [FACES] -", "/pdcheck -",
                        "/pdraise N -", "/pdcall -", "/pdfold -", "/pdhand -", "/pddice -",
                        "/pdhelp -", "/pokerdice open [timeout N] [notimeout] -",
                        "/pokerdice join | leave -", "/pokerdice start -", "/pokerdice dice -",
                        "/pokerdice status -", "/pokerdice ascii on|off -",
                        "/pokerdice ACTION ... -"):
            assert command in shown, (line, command)
        assert "{" not in shown  # (every command's name filled in)
    mark = len(skoll.chat.lines)
    play(realm, skoll, "/pdhand")
    assert skoll.chat.lines[mark] == "Hands, best first:"
    assert skoll.chat.lines[mark + 5].startswith("5. Small straight")
    assert realm.errors() == []
