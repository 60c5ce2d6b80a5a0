"""Helpers for Dice Poker at the table in the realm: seating a party, each player's open rolls
scripted to give chosen faces, a whole round played through the slash commands."""

from __future__ import annotations

import re
from pathlib import Path

from addon_table import Seated, build_addon, play, seat_table
from conftest import write_variant
from pyhost import fairplay
from pyhost.codegen import build, write
from pyhost.harness import Client, Realm
from pyhost.rules import Ruleset, load_ruleset

DICE_POKER = load_ruleset("dice-poker")
NAMES = ["Skoll", "Riggs", "Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


def chips_addon(folder: Path, stake: int = 2) -> tuple[Path, Ruleset]:
    """The Dice Poker addon built from a variant played for chips, `stake` a loss."""
    path = write_variant(folder, "dice-poker", {'stakes = "forfeit"': 'stakes = "chips"',
                                                "stake = 2": f"stake = {stake}"},
                         f"dp-chips-{stake}")
    ruleset = load_ruleset(path)
    target = folder / f"chips-{stake}" / ruleset.addon.name
    write(build(ruleset), target)
    return target, ruleset


def dice_poker_table(realm: Realm, folder: Path, count: int, *, chips: bool = False,
                     stake: int = 2, options: str = "") -> Seated:
    if chips:
        addon, ruleset = chips_addon(folder, stake)
    else:
        addon, ruleset = build_addon(folder, "dice-poker"), DICE_POKER
    return seat_table(realm, addon, NAMES[:count], mode="", options=options, ruleset=ruleset)


def offset(faces: list[int]) -> int:
    """The offset in a roll's range that gives these faces (1-6): base-6 digits."""
    value = 0
    for face in faces:
        value = value * 6 + face - 1
    return value


def script_roll(realm: Realm, seated: Seated, client: Client, round_number: int, roll: int,
                faces: list[int]) -> tuple[int, int]:
    """The server gives this player's `roll`-th roll of round `round_number` these faces."""
    low, high = fairplay.draw_range(seated.table_id, round_number, client.full_name, roll, 6,
                                    len(faces))
    realm.script_rolls(low + offset(faces), by=client.full_name, bounds=(low, high))
    return low, high


def turn(realm: Realm, seated: Seated, client: Client, round_number: int, first: list[int],
         keep: list[int] | None = None, again: list[int] | None = None) -> None:
    """One player's turn through the commands: /dproll (giving `first`), then /dpreroll with
    `keep` (giving `again` for the rest), or /dicepoker stand with `keep` None."""
    script_roll(realm, seated, client, round_number, 1, first)
    play(realm, client, "/dproll")
    if keep is None:
        play(realm, client, "/dicepoker stand")
        return
    if again:
        script_roll(realm, seated, client, round_number, 2, again)
    play(realm, client, "/dpreroll " + " ".join(map(str, keep)))


STATUS = re.compile(r"^Round (\d+); (.*); banks: (.*)$")


def status(realm: Realm, client: Client) -> tuple[int, str, dict[str, int]]:
    play(realm, client, "/dicepoker status")
    line = client.chat.lines[-1]
    found = STATUS.match(line)
    assert found, line
    banks = {name: int(bank) for name, bank in re.findall(r"(\w+) (\d+)", found.group(3))}
    return int(found.group(1)), found.group(2), banks


def game_lines(client: Client, since: int = 0) -> list[str]:
    """The round's lines as this client printed them: the engine's events and the round's
    start (not the prompts, the refusals or the server's own roll lines)."""
    kinds = re.compile(r"^(Round \d+: |\w+ (rolls [1-6 ]+$|keeps |rerolls [1-6 ]+$|has |pays |"
                       r"wins |names a forfeit)|Every hand is equal)")
    return [line for line in client.chat.lines[since:] if kinds.match(line)]
