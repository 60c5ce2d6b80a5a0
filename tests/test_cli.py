"""The command line as a user meets it: help, demo, rules, odds, and bad flags."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

import pytest
from click.testing import CliRunner

from conftest import SHIPPED
from pyhost.cli import main
from pyhost.codegen import FLOWS
from pyhost.rules import PokerHandRules, load_ruleset


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_help_lists_every_command_with_a_summary():
    result = run("--help")
    assert result.exit_code == 0
    for name, command in main.commands.items():
        summary = command.get_short_help_str(limit=200)
        assert summary, name
        assert f"{name}  " in result.stdout and summary[:30] in result.stdout


@pytest.mark.parametrize("command", sorted(main.commands))
def test_every_command_has_help(command):
    result = run(command, "--help")
    assert result.exit_code == 0
    assert f"Usage: main {command}" in result.stdout or f"pyhost {command}" in result.stdout


def test_demo_plays_the_example_hand_through_the_addon():
    result = run("demo")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    for name in ("Skoll", "Riggs", "Gray", "Dakx"):
        assert f"{name}'s chat frame" in out
    assert out.count("Riggs wins the pot: 14 with Straight") == 4  # every player sees it
    assert "Dealer Skoll rolls the Flop\n  1-[:· : ] 2-[.· '] 3-[::: ]" in out
    assert "Pot 0; the hand is over; banks: Skoll 14, Riggs 28, Gray 20, Dakx 18" in out
    assert "1-[ ¥ ] 2-[::: ]\n" in out.split("Riggs's chat frame")[0]  # Skoll sees his dice


@pytest.mark.parametrize("ruleset_id", SHIPPED)
def test_rules_shows_each_category_with_an_example_and_every_face(ruleset_id):
    ruleset = load_ruleset(ruleset_id)
    result = run("rules", ruleset_id)
    assert result.exit_code == 0
    categories = ruleset.order if isinstance(ruleset, PokerHandRules) else ()  # Vitaji: totals
    for category in categories:
        line = next(line for line in result.stdout.splitlines() if category.name + " " in line)
        assert "[" in line  # the example roll, drawn in glyphs
    for face in ruleset.dice.faces:
        assert face.glyph in result.stdout
    for command in ruleset.addon.commands.values():
        assert f"/{command}" in result.stdout
    # Only a game flow with an addon says its commands are an addon's; the others' are planned.
    has_addon = ruleset.family in FLOWS
    assert (f"Commands ({ruleset.addon.title} addon):" in result.stdout) == has_addon
    assert ("does not exist yet" in result.stdout) != has_addon


@pytest.mark.parametrize("ruleset_id", SHIPPED)
def test_odds_prints_a_table_and_json(ruleset_id):
    text = run("odds", ruleset_id)
    assert text.exit_code == 0 and "%" in text.stdout
    result = run("odds", ruleset_id, "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["ruleset"] == ruleset_id
    if ruleset_id == "vitaji":
        assert data["outcomes"] == 6**5
        assert sum(Fraction(t["fraction"]) for t in data["totals"]) == 1
    else:
        assert sum(Fraction(c["best"]["fraction"]) for c in data["categories"]) == 1
        for category in data["categories"]:
            assert category["best"]["percent"] == pytest.approx(
                float(Fraction(category["best"]["fraction"])) * 100)


def test_bad_flags_get_one_line_and_exit_code_2():
    for args in (["odds", "tauren-holdem", "--jsn"], ["rules"], ["dance"]):
        result = run(*args)
        assert result.exit_code == 2, args
        assert result.stderr.count("\n") == 1, result.stderr
        assert "--help" in result.stderr


def test_the_installed_console_script_runs():
    result = subprocess.run([sys.executable, "-m", "pyhost", "rules", "poker-dice"],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert "Small straight" in result.stdout
