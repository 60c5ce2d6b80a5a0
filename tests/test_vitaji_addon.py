"""Vitaji played for real: the generated addon in the realm, every die a player's own open
/roll bound to the game, the player and his roll. Parties play whole games through the slash
commands and every copy agrees with the Python engine given the same dice; a roll made early,
again, by someone else or in another range never counts."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest
from click.testing import CliRunner

from addon_table import PROTOCOL, Seated, build_addon, play, seat_table
from conftest import write_variant
from pyhost import fairplay
from pyhost.cli import main
from pyhost.codegen import build, write
from pyhost.engine import Seat
from pyhost.engine.vitaji import VitajiGame
from pyhost.engine.vitaji.game import Step
from pyhost.engine.vitaji.scoresheet import Sheet
from pyhost.engine.vitaji.sheetfile import read_sheets
from pyhost.harness import Client, Realm
from pyhost.rules import load_ruleset
from realm_helpers import lose, send_addon

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
                 first: int = 0, teams: dict[str, str] | None = None) -> None:
        self.realm, self.seated, self.game = realm, seated, game
        self.by_name = {client.name: client for client in seated}
        deal = {"teams": teams} if teams is not None else {}
        self.engine = VitajiGame(seated.ruleset, [Seat(name=c.name, bank=banks[c.name])
                                                  for c in seated], first, **deal)
        self.rolls = {client.name: 0 for client in seated}

    def die(self, name: str, face: int, command: str) -> None:
        self.rolls[name] += 1
        script_die(self.realm, self.seated, self.by_name[name], self.game, self.rolls[name],
                   face)
        play(self.realm, self.by_name[name], command)

    def step(self, chooser: random.Random, drops: bool = True) -> None:
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
            elif "meet" in legal and (chooser.random() < 0.95 or not drops):
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

    def play_out(self, chooser: random.Random, steps: int = 400, drops: bool = True) -> None:
        for _ in range(steps):
            if self.engine.over:
                return
            self.step(chooser, drops)
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


def test_a_known_game_pays_the_pot_to_the_highest_score(realm, tmp_path):
    seated = vitaji_table(realm, tmp_path, 2)
    skoll, riggs = seated
    play(realm, skoll, "/vitaji start")
    mirror = Mirror(realm, seated, 1, {"Skoll": 100, "Riggs": 100})
    for number in range(1, 6):
        if number > 1:
            play(realm, skoll, "/vbet 5")
            play(realm, riggs, "/vbet")
        mirror.die("Skoll", 6, "/vroll")
        mirror.die("Riggs", 2, "/vroll")
        play(realm, skoll, "/vpass")
        if number == 1:
            mirror.die("Riggs", 5, "/vreroll")
        play(realm, riggs, "/vpass")
        if number == 1:
            play(realm, skoll, "/vpass")
    for client in seated:
        lines = client.chat.lines
        assert "Riggs rerolls: 5 (1 rerolls left)" in lines, client.name
        assert "Skoll wins the pot of 60 with 30" in lines, client.name
        assert status(realm, client)[2] == {"Skoll": 130, "Riggs": 70}
    assert realm.errors() == []


# -- hostile clients and bad input ---------------------------------------------------------


def awaited(seated, client, game=1, roll=1):
    return fairplay.draw_range(seated.table_id, game, client.full_name, roll,
                               seated.ruleset.dice.count, 1)


def test_a_roll_early_in_the_wrong_range_or_another_players_never_binds(realm, tmp_path):
    seated = vitaji_table(realm, tmp_path, 3)
    skoll, riggs, _ada = seated
    low, high = awaited(seated, skoll)
    assert high - low + 1 == 6
    # Early: Skoll rolls his game-1 range before the game starts.
    realm.script_rolls(low + 5, by=skoll.full_name, bounds=(low, high))
    skoll.run_lua(f"RandomRoll({low}, {high})")
    realm.run_until_quiet()
    play(realm, skoll, "/vitaji start")
    assert status(realm, riggs)[1] == f"Skoll to roll (1 die: {low}-{high})"
    # Another player's roll in Skoll's range; Skoll's plain /roll 6, not the awaited range.
    riggs.run_lua(f"RandomRoll({low}, {high})")
    realm.run_until_quiet()
    skoll.run_lua("RandomRoll(1, 6)")
    realm.run_until_quiet()
    for client in seated:
        assert status(realm, client)[1] == f"Skoll to roll (1 die: {low}-{high})", client.name
        assert f"Skoll rolled 1-6, not the awaited range {low}-{high}: it does not count." \
            in client.chat.lines
    # The first roll in the range after the start binds.
    script_die(realm, seated, skoll, 1, 1, 2)
    play(realm, skoll, "/vroll")
    for client in seated:
        assert "Skoll rolls 2" in client.chat.lines and "Skoll rolls 6" not in client.chat.lines
        assert status(realm, client)[1].startswith("Riggs to roll"), client.name
    assert realm.errors() == []


def test_a_repeated_roll_counts_once_and_a_reroll_is_called_before_it_is_rolled(realm,
                                                                                 tmp_path):
    seated = vitaji_table(realm, tmp_path, 2)
    skoll, riggs = seated
    play(realm, skoll, "/vitaji start")
    low, high = script_die(realm, seated, skoll, 1, 1, 4)
    play(realm, skoll, "/vroll")
    realm.script_rolls(low + 5, by=skoll.full_name, bounds=(low, high))
    skoll.run_lua(f"RandomRoll({low}, {high})")
    realm.run_until_quiet()
    for client in seated:  # (Riggs's roll is awaited now: Skoll's line is nobody's here)
        assert "Skoll rolls 6" not in client.chat.lines, client.name
        assert status(realm, client)[1].startswith("Riggs to roll"), client.name
    script_die(realm, seated, riggs, 1, 1, 3)
    play(realm, riggs, "/vroll")
    # Skoll's second roll's range, rolled before he calls a reroll: early, it never counts.
    low2, high2 = awaited(seated, skoll, roll=2)
    realm.script_rolls(low2 + 5, by=skoll.full_name, bounds=(low2, high2))
    skoll.run_lua(f"RandomRoll({low2}, {high2})")
    realm.run_until_quiet()
    for client in seated:
        assert "Skoll rolls 6" not in client.chat.lines, client.name
        assert status(realm, client)[1] == "Skoll to act", client.name
    script_die(realm, seated, skoll, 1, 2, 1)
    play(realm, skoll, "/vreroll")
    for client in seated:
        assert "Skoll rerolls: 1 (1 rerolls left)" in client.chat.lines, client.name
        assert "Skoll rerolls: 6 (1 rerolls left)" not in client.chat.lines, client.name
    assert realm.errors() == []


def test_bad_commands_and_turns_out_of_turn_change_nothing(realm, tmp_path):
    seated = vitaji_table(realm, tmp_path, 2)
    skoll, riggs = seated
    play(realm, skoll, "/vitaji start")
    script_die(realm, seated, skoll, 1, 1, 4)
    play(realm, skoll, "/vroll")
    before = [status(realm, client) for client in seated]
    bad = {
        "/vbet 10": "Skoll cannot bet now: it is Riggs's turn to roll",
        "/vbet x": "/vbet [N]: N is a whole number of tria, not x.",
        "/vpass": "Skoll cannot pass now: it is Riggs's turn to roll",
        "/vitaji bonus triple": "/vitaji bonus CHOICE: add, double or reroll, not triple.",
        "/vitaji frobnicate": "Unknown command 'frobnicate': /vhelp lists them.",
    }
    for line, said in bad.items():
        mark = len(skoll.chat.lines)
        play(realm, skoll, line)
        assert skoll.chat.lines[mark:] == [said], line
    mark = len(riggs.chat.lines)
    play(realm, riggs, "/vpass")
    assert riggs.chat.lines[mark:] == ["Riggs cannot pass now: Riggs may roll"]
    assert [status(realm, client) for client in seated] == before
    assert realm.errors() == []


@pytest.mark.parametrize("op", ["die", "bet", "reroll"])
def test_a_forged_turn_changes_nothing(realm, tmp_path, op):
    """A TURN that names another player, or carries a die: the die is never a TURN's."""
    seated = vitaji_table(realm, tmp_path, 3)
    skoll, riggs, ada = seated
    play(realm, skoll, "/vitaji start")
    script_die(realm, seated, skoll, 1, 1, 4)
    play(realm, skoll, "/vroll")
    player = riggs.full_name if op == "die" else skoll.full_name
    forged = "\t".join([PROTOCOL, "TURN", seated.table_id, "1", "1", op, player, "5", "1", "", "",
                        "6" if op != "bet" else ""])
    sender = riggs if op != "die" else ada
    send_addon(sender, VITAJI.addon.prefix, forged)
    realm.run_until_quiet()
    for client in seated:
        assert status(realm, client)[1].startswith("Riggs to roll"), (op, client.name)
        assert "Riggs rolls 6" not in client.chat.lines
    assert realm.errors() == []


@pytest.mark.parametrize("stage", ["roll", "reroll", "bet"])
def test_a_player_who_does_not_act_in_time_stands(realm, tmp_path, stage):
    seated = vitaji_table(realm, tmp_path, 2)
    skoll, riggs = seated
    play(realm, skoll, "/vitaji start")
    script_die(realm, seated, skoll, 1, 1, 4)
    play(realm, skoll, "/vroll")
    if stage != "roll":
        script_die(realm, seated, riggs, 1, 1, 3)
        play(realm, riggs, "/vroll")
        play(realm, skoll, "/vpass")
    if stage == "bet":
        play(realm, riggs, "/vpass")
        play(realm, skoll, "/vpass")
        play(realm, skoll, "/vbet 5")
    realm.advance(65)
    realm.run_until_quiet()
    expected = {"roll": ["Riggs never rolled: the die counts 1.", "Riggs rolls 1"],
                "reroll": ["Riggs did not act in time: he passes.", "Riggs passes"],
                "bet": ["Riggs did not bet in time: he meets it.", "Riggs meets 5 (5 more)"]}[stage]
    for client in seated:
        lines = client.chat.lines
        assert all(line in lines for line in expected), (client.name, lines[-12:])
    assert realm.errors() == []


def test_a_client_that_missed_a_roll_line_takes_the_hosts_record(realm, tmp_path):
    seated = vitaji_table(realm, tmp_path, 3)
    skoll, _riggs, ada = seated
    play(realm, skoll, "/vitaji start")
    low, high = awaited(seated, skoll)
    lost = lose(ada, "CHAT_MSG_SYSTEM", lambda args: f"({low}-{high})" in str(args[0]))
    mirror = Mirror(realm, seated, 1, {c.name: 100 for c in seated})
    mirror.die("Skoll", 5, "/vroll")
    mirror.engine.act("Skoll", "roll", dice=[5])
    assert lost
    realm.advance(30)
    realm.run_until_quiet()
    mirror.play_out(random.Random("missed"))
    expected = {seat.name: seat.bank for seat in mirror.engine.seats}
    for client in seated:
        assert status(realm, client)[2] == expected, client.name
    assert any(line.startswith("Caught up with Skoll's table") for line in ada.chat.lines)
    assert realm.errors() == []


@pytest.mark.parametrize("who", [0, 1], ids=["the host", "a player"])
def test_a_reload_mid_game_carries_on(realm, tmp_path, who):
    seated = vitaji_table(realm, tmp_path, 3)
    play(realm, seated[0], "/vitaji start")
    mirror = Mirror(realm, seated, 1, {c.name: 100 for c in seated})
    chooser = random.Random("reload")
    for _ in range(12):
        mirror.step(chooser)
    seated[who].reload()
    realm.run_until_quiet()
    realm.advance(20)
    realm.run_until_quiet()
    mirror.play_out(chooser)
    expected = {seat.name: seat.bank for seat in mirror.engine.seats}
    for client in seated:
        assert status(realm, client)[2] == expected, client.name
    assert realm.errors() == []


def test_help_lists_the_short_commands_and_the_long_form(realm, tmp_path):
    seated = vitaji_table(realm, tmp_path, 2)
    mark = len(seated[0].chat.lines)
    play(realm, seated[0], "/vhelp")
    lines = seated[0].chat.lines[mark:]
    assert lines[0] == "Vitaji commands:"
    for command in VITAJI.addon.commands.values():
        assert any(line.startswith(f"/{command}") for line in lines), command
    assert any(line.startswith("/vitaji bonus CHOICE") for line in lines)
    assert realm.errors() == []


# -- the scoresheet ------------------------------------------------------------------------


def full_names(sheet: Sheet, seated: Seated) -> Sheet:
    """The sheet with each short name made the full one the addon keeps."""
    full = {client.name: client.full_name for client in seated}

    def keyed(mapping):
        return {full[name]: value for name, value in mapping.items()}

    rows = [{key: (keyed(value) if isinstance(value, dict) else
                   [full[n] for n in value] if isinstance(value, list) else value)
             for key, value in row.items()} for row in sheet.rows]
    return replace(sheet, players=[full[n] for n in sheet.players], teams=keyed(sheet.teams),
                   rows=rows, rolloffs=[keyed(off) for off in sheet.rolloffs],
                   winners=[full[n] for n in sheet.winners])


def test_the_scoresheet_is_shown_in_game_and_kept_for_pyhost_scoresheet(realm, tmp_path):
    seated = vitaji_table(realm, tmp_path, 3)
    skoll = seated[0]
    play(realm, skoll, "/vitaji start")
    mirror = Mirror(realm, seated, 1, {c.name: 100 for c in seated})
    mirror.play_out(random.Random("sheet"))
    expected = full_names(Sheet.of_game(mirror.engine), seated).text()
    mark = len(skoll.chat.lines)
    play(realm, skoll, "/vscore")  # (in game: the short names)
    assert "\n".join(skoll.chat.lines[mark:]) == Sheet.of_game(mirror.engine).text()
    # A second game, then the file as the client writes it at logout.
    play(realm, skoll, "/vitaji start")
    banks = {seat.name: seat.bank for seat in mirror.engine.seats}
    second = Mirror(realm, seated, 2, banks, first=1)
    second.play_out(random.Random("sheet 2"))
    skoll.logout()
    path = skoll.saved_path(skoll.addons["Vitaji"].toc, False)
    sheets = read_sheets(path)
    assert [sheet.text() for sheet in sheets] == [
        expected, full_names(Sheet.of_game(second.engine), seated).text()]
    result = CliRunner().invoke(main, ["scoresheet", str(path), "--game", "1"])
    assert result.exit_code == 0 and result.output.rstrip("\n") == expected
    assert realm.errors() == []


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_triples_bonuses_sweeps_and_roll_offs_play_alike_at_every_copy(realm, tmp_path, seed):
    """A d2 over 6 rounds with the triple's bonus chosen and the sweep: triples, bonuses (each
    a TURN), doubles, sweeps and roll-offs come often; every copy agrees with the engine."""
    path = write_variant(tmp_path, "vitaji", {
        "sides = 6": "sides = 2", "rounds = 5": "rounds = 6", 'triple = "off"': 'triple = "choose"',
        "sweep = false": "sweep = true"}, f"bonus-{seed}")
    ruleset = load_ruleset(path)
    addon = tmp_path / "bonus" / ruleset.addon.name
    write(build(ruleset), addon)
    seated = seat_table(realm, addon, NAMES[:3], mode="", ruleset=ruleset)
    since = {client.name: len(client.chat.lines) for client in seated}
    play(realm, seated[0], "/vitaji start")
    mirror = Mirror(realm, seated, 1, {c.name: ruleset.table.starting_bank for c in seated})
    mirror.play_out(random.Random(f"bonus:{seed}"), drops=False)
    texts = [event.text for event in mirror.engine.events]
    assert any(event.kind == "triple" for event in mirror.engine.events)
    expected = {seat.name: seat.bank for seat in mirror.engine.seats}
    for client in seated:
        assert engine_lines(client, since[client.name], texts) == texts, client.name
        assert status(realm, client)[2] == expected
    assert realm.errors() == []
