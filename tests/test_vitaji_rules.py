"""Vitaji's ruleset: the source's presets and defaults, and one clear line for a bad value."""

import pytest
from vitaji_play import vitaji

from conftest import shipped_text
from pyhost.rules.loading import parse_ruleset
from pyhost.rules.schema import RulesetError


def without_die_and_rounds(preset="", sides=None, rounds=None):
    """The shipped file without its die, rounds and rerolls: what a preset or the source's
    budget fills in."""
    text = shipped_text("vitaji").replace("sides = 6\n", "" if sides is None
                                          else f"sides = {sides}\n")
    text = text.replace("rounds = 5\nrerolls = 2\n", (f'preset = "{preset}"\n' if preset
                        else "") + (f"rounds = {rounds}\n" if rounds else ""))
    text = text.replace("starting_bank = 100\n", "starting_bank = 10000\n")
    return parse_ruleset(text.encode(), file="t.toml", ruleset_id="t")


@pytest.mark.parametrize("preset, sides, rounds, rerolls", [
    ("d6x5", 6, 5, 2), ("d20x10", 20, 10, 4), ("super", 100, 50, 20),
    ("championship", 1000, 500, 200)])
def test_the_presets_are_the_sources_games(preset, sides, rounds, rerolls):
    rules = without_die_and_rounds(preset=preset)
    assert (rules.dice.count, rules.deal.rounds, rules.deal.rerolls) == (sides, rounds, rerolls)
    assert rules.deal.preset == preset




def test_keys_beside_a_preset_override_it():
    rules = vitaji(deal={"preset": "super", "rounds": 50, "rerolls": 30}, dice={"sides": 100})
    assert (rules.dice.count, rules.deal.rounds, rules.deal.rerolls) == (100, 50, 30)


def test_the_reroll_budget_defaults_to_two_for_every_five_rounds():
    assert without_die_and_rounds(sides=6, rounds=20).deal.rerolls == 8
    assert without_die_and_rounds(sides=6, rounds=4).deal.rerolls == 1


def test_points_mode_and_team_defaults():
    rules = vitaji(table={"stakes": "points", "points": 5000, "ante": 100, "interval": 10},
                   teams={"team_size": 2, "share": "stake"}, tournament={})
    assert rules.table.stakes == "points" and rules.table.points == 5000
    assert rules.teams.share == "stake"
    # Explicit keys of the shipped file stay; the team defaults apply where the file has none.
    assert rules.tournament.group_size == 4


@pytest.mark.parametrize("sections, key, reason", [
    ({"deal": {"preset": "d12"}}, "deal.preset", "must be one of"),
    ({"table": {"stakes": "gold"}}, "table.stakes", "must be one of"),
    ({"table": {"stakes": "points"}}, "table.points", "missing"),
    ({"table": {"stakes": "points", "points": 50, "interval": 100}}, "table.interval",
     "at most 50"),
    ({"table": {"maximum": 15, "interval": 10, "ante": 10}}, "table.maximum",
     "multiple of the interval (10)"),
    ({"bonuses": {"triple": "quadruple"}}, "bonuses.triple", "must be one of"),
    ({"teams": {"share": "winner"}}, "teams.share", "must be one of"),
    ({"teams": {"team_size": 3}, "table": {"max_players": 5}}, "teams.team_size",
     "need two teams"),
    ({"tournament": {"advance": 4}}, "tournament.advance", "fewer than group_size"),
    ({"deal": {"rounds": 501}}, "deal.rounds", "at most 500"),
])
def test_a_bad_value_is_one_line_naming_the_key(sections, key, reason):
    with pytest.raises(RulesetError) as caught:
        vitaji(**sections)
    message = str(caught.value)
    assert "\n" not in message and key in message and reason in message, message
