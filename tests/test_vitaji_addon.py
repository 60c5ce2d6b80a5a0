"""Vitaji played for real: the generated addon in the realm, every die a player's own open
/roll bound to the game, the player and his roll. Parties play whole games through the slash
commands and every copy agrees with the Python engine given the same dice; a roll made early,
again, by someone else or in another range never counts."""

from __future__ import annotations

import random
import re

import pytest

from addon_table import Seated, build_addon, play, seat_table
from pyhost import fairplay
from pyhost.engine import Seat
from pyhost.engine.vitaji import VitajiGame
from pyhost.engine.vitaji.game import Step
from pyhost.harness import Client, Realm
from pyhost.rules import load_ruleset

VITAJI = load_ruleset("vitaji")
NAMES = ["Skoll", "Riggs", "Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo"]


@pytest.fixture
def realm(tmp_path):
    return Realm(wtf=tmp_path / "WTF", seed=1)


def vitaji_table(realm: Realm, folder, count: int, options: str = "") -> Seated:
    return seat_table(realm, build_addon(folder, "vitaji"), NAMES[:count], mode="",
                      options=options, ruleset=VITAJI)


def script_die(realm: Realm, seated: Seated, client: Client, game: int, roll: int,
               face: int) -> tuple[int, int]:
    """The server gives this player's `roll`-th roll of game `game` this face."""
    low, high = fairplay.draw_range(seated.table_id, game, client.full_name, roll,
                                    seated.ruleset.dice.count, 1)
    realm.script_rolls(low + face - 1, by=client.full_name, bounds=(low, high))
    return low, high


class Mirror:
    """A game played through the commands and, alongside, in the Python engine."""

    def __init__(self, realm: Realm, seated: Seated, game: int, banks: dict[str, int],
                 first: int = 0) -> None:
        self.realm, self.seated, self.game = realm, seated, game
        self.by_name = {client.name: client for client in seated}
        self.engine = VitajiGame(seated.ruleset, [Seat(name=c.name, bank=banks[c.name])
                                                  for c in seated], first)
        self.rolls = {client.name: 0 for client in seated}

    def die(self, name: str, face: int, command: str) -> None:
        self.rolls[name] += 1
        script_die(self.realm, self.seated, self.by_name[name], self.game, self.rolls[name],
                   face)
        play(self.realm, self.by_name[name], command)

    def step(self, chooser: random.Random) -> None:
        engine = self.engine
        name = engine.to_act()
        client = self.by_name[name]
        legal = engine.legal_actions(name)
        sides = engine.ruleset.dice.count
        if engine.step is Step.BET:
            betting = engine.betting
            if "bet" in legal:
                level = chooser.randint(0, min(3, betting.most(name)))
                play(self.realm, client, f"/vbet {level}")
                engine.act(name, "bet", level)
            elif "raise" in legal and chooser.random() < 0.2:
                level = betting.level + 1
                play(self.realm, client, f"/vitaji raise {level}")
                engine.act(name, "raise", level)
            elif "meet" in legal and chooser.random() < 0.95:
                play(self.realm, client, "/vbet")
                engine.act(name, "meet")
            else:
                play(self.realm, client, "/vdrop")
                engine.act(name, "drop")
        elif engine.step is Step.BONUS:
            choice = chooser.choice(["add", "double", "reroll"])
            play(self.realm, client, f"/vitaji bonus {choice}")
            engine.act(name, "bonus", target=choice)
        elif "roll" in legal:
            face = chooser.randint(1, sides)
            self.die(name, face, "/vroll")
            engine.act(name, "roll", dice=[face])
        elif chooser.random() < 0.4:
            face = chooser.randint(1, sides)
            self.die(name, face, "/vreroll")
            engine.act(name, "reroll", dice=[face])
        else:
            play(self.realm, client, "/vpass")
            engine.act(name, "pass")

    def play_out(self, chooser: random.Random, steps: int = 400) -> None:
        for _ in range(steps):
            if self.engine.over:
                return
            self.step(chooser)
        raise AssertionError("the game did not end")


STATUS = re.compile(r"^Game (\d+); (.*); banks: (.*)$")


def status(realm: Realm, client: Client) -> tuple[int, str, dict[str, int]]:
    play(realm, client, "/vitaji status")
    found = STATUS.match(client.chat.lines[-1])
    assert found, client.chat.lines[-1]
    banks = {name: int(bank) for name, bank in re.findall(r"(\w+) (\d+)", found.group(3))}
    return int(found.group(1)), found.group(2), banks


def engine_lines(client: Client, since: int, texts: list[str]) -> list[str]:
    """The engine's events as this client printed them, in order (other lines left out)."""
    wanted = set(texts)
    return [line for line in client.chat.lines[since:] if line in wanted]


@pytest.mark.parametrize("count", [2, 3, 6])
def test_a_party_plays_a_game_to_the_end_and_every_copy_agrees(realm, tmp_path, count):
    seated = vitaji_table(realm, tmp_path, count)
    chooser = random.Random(f"vitaji:{count}")
    since = {client.name: len(client.chat.lines) for client in seated}
    play(realm, seated[0], "/vitaji start")
    mirror = Mirror(realm, seated, 1, {c.name: VITAJI.table.starting_bank for c in seated})
    mirror.play_out(chooser)
    texts = [event.text for event in mirror.engine.events]
    expected = {seat.name: seat.bank for seat in mirror.engine.seats}
    for client in seated:
        assert engine_lines(client, since[client.name], texts) == texts, client.name
        assert status(realm, client)[2] == expected
    assert sum(expected.values()) == count * VITAJI.table.starting_bank
