"""Poker Dice played for real: the generated addon in the realm, every die a player's own open
/roll, every ante, keep, check, raise and answer a TURN. Parties play whole rounds and every
copy agrees with the Python table given the same dice; hostile clients change nothing."""

from __future__ import annotations

import random

import pytest
from pokerdice_table import Game, game_lines, poker_dice_table, status

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
    for _ in range(4):
        game.start()
        game.play_randomly(chooser)
        agree(realm, game)
    assert sum(game.banks().values()) == 20 * count
    assert realm.errors() == []
