"""Helpers for Poker Dice at the table in the realm: seating a party, each player's open rolls
scripted to give chosen faces, the Python table played alongside, a round's lines."""

from __future__ import annotations

import random
import re
from pathlib import Path

from addon_table import Seated, build_addon, play, seat_table
from dicepoker_table import offset
from pyhost import fairplay
from pyhost.engine import Table
from pyhost.harness import Client, Realm
from pyhost.rules import load_ruleset

POKER_DICE = load_ruleset("poker-dice")
NAMES = ["Skoll", "Riggs", "Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


def poker_dice_table(realm: Realm, folder: Path, count: int, *, options: str = "") -> Seated:
    addon = build_addon(folder, "poker-dice")
    return seat_table(realm, addon, NAMES[:count], mode="", options=options, ruleset=POKER_DICE)


def script_roll(realm: Realm, seated: Seated, client: Client, round_number: int, roll: int,
                faces: list[int]) -> tuple[int, int]:
    """The server gives this player's `roll`-th roll of round `round_number` these faces."""
    low, high = fairplay.draw_range(seated.table_id, round_number, client.full_name, roll, 6,
                                    len(faces))
    realm.script_rolls(low + offset(faces), by=client.full_name, bounds=(low, high))
    return low, high


class Game:
    """A party at the addon's table and the Python table beside it: each action goes to both
    (the addon through the player's slash command, with his rolls scripted)."""

    def __init__(self, realm: Realm, seated: Seated, banks: int | None = None) -> None:
        self.realm, self.seated = realm, seated
        bank = banks or POKER_DICE.table.starting_bank
        self.table = Table(POKER_DICE, [(client.name, bank) for client in seated],
                           dealer=seated[0].name)
        self.by_name = {client.name: client for client in seated}
        self.number = 0
        self.marks: list[int] = []

    @property
    def round(self):
        return self.table.hand

    def start(self) -> None:
        self.marks = [len(client.chat.lines) for client in self.seated]
        play(self.realm, self.seated[0], "/pokerdice start")
        self.table.new_hand()
        self.number += 1

    def do(self, command: str, action: str, amount: object = None,
           dice: list[int] | None = None, then: list[int] | None = None) -> None:
        """The player to act's `command`; the same action in Python (with `then`, the roll
        the command makes after a keep)."""
        name = self.round.to_act()
        client = self.by_name[name]
        if then is not None:
            self.script(name, then)
        play(self.realm, client, command)
        self.table.act(name, action, amount, dice=None if dice is None else [str(f) for f in dice])
        if then is not None:
            self.table.act(name, "roll", dice=[str(f) for f in then])

    def script(self, name: str, faces: list[int]) -> None:
        turn = self.round.turn
        script_roll(self.realm, self.seated, self.by_name[name], self.number, turn.rolls + 1,
                    faces)

    def roll(self, faces: list[int]) -> None:
        name = self.round.to_act()
        self.script(name, faces)
        play(self.realm, self.by_name[name], "/pdroll")
        self.table.act(name, "roll", dice=[str(f) for f in faces])

    def keep(self, kept: list[int], then: list[int]) -> None:
        self.do("/pdkeep " + " ".join(map(str, kept)), "keep", dice=kept, then=then)

    def expected(self) -> list[str]:
        return [f"Round {self.number}: {self.round.dealer_name} starts.",
                *(event.text for event in self.round.events)]

    def banks(self) -> dict[str, int]:
        return {seat.name: seat.bank for seat in self.table.seats}

    def play_randomly(self, chooser: random.Random) -> None:
        """Play the round to its end, each player's choices and dice drawn by `chooser`."""
        while not self.round.over:
            self.random_step(chooser)

    def random_step(self, chooser: random.Random) -> None:
        hand = self.round
        name = hand.to_act()
        bank = hand.seat(name).bank
        legal = hand.legal_actions(name)
        turn = hand.turn
        if "roll" in legal and (turn is None or turn.rolls == 0 or turn.kept is not None):
            return self.roll([chooser.randint(1, 6) for _ in range(turn.need())])
        if hand.phase == "set-ante":
            return self._set_ante(chooser, bank)
        if hand.phase == "ante":
            if chooser.random() < 0.8:
                return self.do("/pdante", "ante")
            return self.do("/pdfold", "fold")
        if hand.phase == "match":
            if "call" in legal and chooser.random() < 0.7:
                return self.do("/pdcall", "call")
            return self.do("/pdfold", "fold")
        # A roll's end: keep and roll again, or check, or raise.
        choice = chooser.random()
        if "keep" in legal and choice < 0.5:
            kept = [index + 1 for index in turn.dice if chooser.random() < 0.5][:4]
            return self.keep(kept, [chooser.randint(1, 6) for _ in range(5 - len(kept))])
        if "raise" in legal and choice < 0.75:
            cap = hand.raise_cap(name)
            amount = chooser.randint(1, max(1, min(cap, 3)))
            return self.do(f"/pdraise {amount}", "raise", amount)
        return self.do("/pdcheck", "check")

    def _set_ante(self, chooser: random.Random, bank: int) -> None:
        amount = chooser.randint(1, max(1, min(bank, 3)))
        self.do(f"/pdante {amount}", "ante", amount)


STATUS = re.compile(r"^Round (\d+); (.*); banks: (.*)$")


def status(realm: Realm, client: Client) -> tuple[int, str, dict[str, int]]:
    play(realm, client, "/pokerdice status")
    line = client.chat.lines[-1]
    found = STATUS.match(line)
    assert found, line
    banks = {name: int(bank) for name, bank in re.findall(r"(\w+) (\d+)", found.group(3))}
    return int(found.group(1)), found.group(2), banks


KINDS = re.compile(r"^(Round \d+: |Nobody matched|\w+('s .* does not beat | (sets the ante |"
                   r"antes \d|rolls [1-6 ]+(, keeping [1-6 ]+)?: |keeps |checks with |raises \d|"
                   r"matches the raise |leaves the round |sits this round out|cannot match |"
                   r"takes |is beaten )))")


def game_lines(client: Client, since: int = 0) -> list[str]:
    """The round's lines as this client printed them: the engine's events and the round's
    start (not the prompts, the refusals or the server's own roll lines)."""
    return [line for line in client.chat.lines[since:] if KINDS.match(line)]
