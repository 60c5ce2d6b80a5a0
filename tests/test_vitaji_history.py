"""The source's example game as a shipped history, and Vitaji histories in general."""

import json

import pytest

from pyhost.cli.replay import game_json, game_text
from pyhost.engine.vitaji.history import (
    GameHistoryError,
    GameReplayError,
    is_vitaji_history,
    load_game,
    parse_game,
    replay_game,
    shipped_games,
)

# The source's sheet, its own rows (the header numbers the players 1 to 4; "*" the winner).
SOURCE = """\
1 13 8 15 17 100
2 11 3,12 11 14 20
3 2,12 19 7 19 10
4 3,1,14 19 17 15 30
5 1 6 12 11 90
6 (30) 13 1,19 12 150
7 - 1,15 7 15 250
8 - 4 5,16 5,2,9 380
9 - (0) 9 11 500
10 - - 12,18 2,8 850
- - 131 131 2380+2380+(1030+0)+(250+30)=6070
16 16
20* 15"""


@pytest.fixture(scope="module")
def example():
    return replay_game(load_game("vitaji-example"))


def test_the_example_reproduces_the_sources_pot_and_winner(example):
    game = example.game
    assert game.over and game.winners == ["3"]
    assert sum(game.contributions.values()) == 6070
    assert game.contributions == {"1": 280, "2": 1030, "3": 2380, "4": 2380}
    assert (game.score("3"), game.score("4")) == (131, 131)
    assert game.rolloffs == [{"3": 16, "4": 16}, {"3": 20, "4": 15}]
    assert example.ledger.banks == {"1": 2720, "2": 1970, "3": 6690, "4": 620}
    assert game.dropped_in == {"1": 6, "2": 9}


def test_every_bet_of_the_example_is_checked_against_the_maximum(example):
    bets = [e for step in example.steps for e in step.events if e.kind in ("bet", "raise")]
    assert len(example.checks) == len(bets) > 0
    for check in example.checks:
        round_number = int(check.split(":")[0].removeprefix("round "))
        level = int(check.split(",")[0].split()[-1])
        assert check.endswith(f"at most {100 * (round_number - 1)}: ok")
        assert level <= 100 * (round_number - 1)


def test_the_examples_scoresheet_is_the_sources(example):
    lines = example.sheet.text().splitlines()
    assert lines[1].split() == ["1", "2", "3*", "4", "$"]
    body = [line.split() for line in lines[2:] if not line.startswith("---")]
    assert body[:len(SOURCE.splitlines())] == [line.split() for line in SOURCE.splitlines()]


def test_the_replay_text_and_json(example):
    text = game_text(example)
    assert "Pot 6070, won by 3" in text and "round 10: 3 bets 850, at most 900: ok" in text
    data = game_json(example)
    assert data["pot"] == 6070 and data["winners"] == ["3"]
    assert data["scoresheet"]["rows"][5]["dropped"] == ["1"]
    json.dumps(data)


def test_the_lead_can_tell_a_vitaji_history(tmp_path):
    assert shipped_games() == ["vitaji-example"]
    assert is_vitaji_history("vitaji-example")
    assert not is_vitaji_history("tauren-holdem-example")
    assert not is_vitaji_history(tmp_path / "missing.json")


def edited(change):
    data = json.loads(load_game_raw())
    change(data)
    return json.dumps(data).encode()


def load_game_raw():
    from importlib import resources
    return resources.files("pyhost.histories").joinpath("vitaji-example.json").read_text()


def test_a_history_that_does_not_end_as_expected_is_refused():
    raw = edited(lambda d: d["expect"].update(pot=6000))
    with pytest.raises(GameHistoryError, match=r"expect\.pot: the replay comes to 6070, the "
                       r"history expects 6000"):
        replay_game(parse_game(raw, file="h.json"))


def test_a_bet_over_the_maximum_stops_the_replay_at_its_place():
    def raise_too_high(data):
        for action in data["actions"]:
            if action.get("amount") == 850:
                action["amount"] = 910
    with pytest.raises(GameReplayError, match=r"action \d+ \(3 bet 910\): 3 cannot bet 910: "
                       "the maximum this round is 900"):
        replay_game(parse_game(edited(raise_too_high), file="h.json"))


@pytest.mark.parametrize("change, reason", [
    (lambda d: d["settings"]["table"].update(ante=105), "settings: table.ante: must be a "
     "multiple of the interval"),
    (lambda d: d.update(dealer="9"), "dealer: must be one of"),
    (lambda d: d.update(ruleset="dice-poker", settings={}), "not a Vitaji game"),
    (lambda d: d["settings"]["dice"].update(faces=3), "settings: dice.faces: unknown key"),
    (lambda d: d["expect"].update(best=1), "expect.best"),
    (lambda d: d["actions"][0].update(cards=1), "actions[0].cards: unknown key"),
])
def test_a_broken_history_is_one_line(change, reason):
    with pytest.raises(GameHistoryError) as caught:
        replay_game(parse_game(edited(change), file="h.json"))
    assert "\n" not in str(caught.value) and reason in str(caught.value), str(caught.value)


def test_pyhost_replay_plays_the_vitaji_example_to_its_pot_and_winner():
    from click.testing import CliRunner

    from pyhost.cli import main
    result = CliRunner().invoke(main, ["replay", "vitaji-example"])
    assert result.exit_code == 0, result.output
    assert "Pot 6070, won by 3" in result.output
    assert "  round 10: 3 bets 850, at most 900: ok" in result.output
    data = json.loads(CliRunner().invoke(main, ["replay", "vitaji-example", "--json"]).output)
    assert data["pot"] == 6070 and data["winners"] == ["3"]


def test_pyhost_replay_names_a_vitaji_history_refused_in_one_line(tmp_path):
    from click.testing import CliRunner

    from pyhost.cli import main
    bad = tmp_path / "bad.json"
    bad.write_text('{"ruleset": "vitaji", "seats": []}', encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(bad)])
    assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.output
    assert result.stderr.startswith("error: ")

