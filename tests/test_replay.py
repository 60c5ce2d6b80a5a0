"""Hand histories: the shipped example and hand-written ones, through `pyhost replay`."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from pyhost.cli import main
from pyhost.engine.history import load_history, replay


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def write(tmp_path, data: dict, name: str = "hand.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def history(**changes) -> dict:
    base = {
        "ruleset": "tauren-holdem",
        "seats": [{"name": "D", "bank": 20}, {"name": "A", "bank": 5},
                  {"name": "B", "bank": 12}],
        "dealer": "D",
        "dice": {"hidden": {"D": ["3", "4"], "A": ["5", "5"], "B": ["6", "4"]},
                 "community": [["2", "2", "5"], ["Warrior"], ["Chieftain"]]},
        "actions": [
            {"player": "A", "action": "allin"},
            {"player": "B", "action": "allin"},
            {"player": "D", "action": "call"},
            {"player": "D", "action": "flop"},
            {"player": "D", "action": "turn"},
            {"player": "D", "action": "river"},
            {"player": "A", "action": "show"},
            {"player": "B", "action": "show"},
            {"player": "D", "action": "show"},
        ],
    }
    return base | changes


def test_the_source_example_replays_to_its_ending():
    result = replay(load_history("tauren-holdem-example"))
    assert result.over
    assert result.winners == {"Riggs": 14}
    assert result.table.banks == {"Skoll": 14, "Riggs": 28, "Gray": 20, "Dakx": 18}
    out = run("replay", "tauren-holdem-example")
    assert out.exit_code == 0
    assert "Riggs wins the pot: 14 with Straight" in out.stdout
    assert "Banks: Skoll 14, Riggs 28, Gray 20, Dakx 18" in out.stdout


def test_the_dice_holdem_example_pays_the_main_pot_to_holdem_and_the_side_pot_apart():
    # The rules page: the best hand wins; HOLDEM (all six letters) is the best of all, above
    # four of a kind; a player all in wins nothing of a side pot he is not in, and each side
    # pot is settled among its own players.
    result = replay(load_history("dice-holdem-example"))
    assert result.over
    assert [(pot.amount, pot.eligible) for pot in result.pots] == [
        (30, ("Skoll", "Riggs", "Gray")), (80, ("Skoll", "Gray"))]
    assert result.winners == {"Riggs": 30, "Gray": 80}
    assert result.table.banks == {"Skoll": 50, "Riggs": 30, "Gray": 130}
    out = run("replay", "dice-holdem-example")
    assert out.exit_code == 0, out.stderr
    assert "Riggs bets 9 and is all-in" in out.stdout
    assert "Gray raises by 10 to 19" in out.stdout
    assert "Riggs shows 1-[ E ] 2-[ M ]: HOLDEM" in out.stdout
    assert "Skoll shows 1-[ O ] 2-[ O ]: Full house" in out.stdout
    assert "Gray shows 1-[ H ] 2-[ H ]: Four of a kind" in out.stdout
    assert "Riggs wins the main pot: 30 with HOLDEM" in out.stdout
    assert "Gray wins side pot 1: 80 with Four of a kind" in out.stdout


def test_a_hand_written_side_pot_history(tmp_path):
    out = run("replay", str(write(tmp_path, history())), "--json")
    assert out.exit_code == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["pots"] == [{"amount": 15, "eligible": ["D", "A", "B"]},
                            {"amount": 14, "eligible": ["D", "B"]}]
    assert data["winners"] == {"A": 15, "B": 14}
    assert data["banks"] == {"D": 8, "A": 15, "B": 14}
    assert data["steps"][2]["events"] == ["D calls 12"]


def test_a_manual_table_history(tmp_path):
    actions = [{"player": "A", "action": "bet", "amount": 3},
               {"player": "B", "action": "bet", "amount": 3},
               {"player": "D", "action": "roll"}, {"player": "D", "action": "roll"},
               {"player": "D", "action": "roll"},
               {"player": "D", "action": "pot", "target": "B"},
               {"player": "B", "action": "give", "amount": 1, "target": "A"}]
    out = run("replay", str(write(tmp_path, history(mode="manual", actions=actions))))
    assert out.exit_code == 0, out.stderr
    assert "Dealer D gives the pot of 6 to B" in out.stdout
    assert "Banks: D 20, A 3, B 14" in out.stdout


def test_an_unfinished_hand_says_what_it_waits_for(tmp_path):
    out = run("replay", str(write(tmp_path, history(actions=history()["actions"][:3]))))
    assert out.exit_code == 0
    assert "The hand is not over: the dealer, D, rolls the flop next." in out.stdout


@pytest.mark.parametrize(
    ("position", "action", "reason"),
    [
        (1, {"player": "A", "action": "check"}, "A cannot check before the flop"),
        (1, {"player": "B", "action": "bet", "amount": 2}, "it is A's turn"),
        (1, {"player": "A", "action": "bet", "amount": 2.5}, "must be a whole number, not 2.5"),
        (4, {"player": "A", "action": "flop"}, "only the dealer, D, rolls"),
        (7, {"player": "A", "action": "pot", "target": "A"}, "guided table pays the pot"),
    ],
)
def test_an_illegal_action_is_reported_with_its_position(tmp_path, position, action, reason):
    actions = history()["actions"]
    actions[position - 1] = action
    out = run("replay", str(write(tmp_path, history(actions=actions))))
    assert out.exit_code == 2
    assert out.stdout == ""
    assert out.stderr.startswith(f"error: {tmp_path / 'hand.json'}: action {position} (")
    assert reason in out.stderr and out.stderr.count("\n") == 1


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"ruleset": "poker"}, "ruleset: poker: no such ruleset"),
        ({"dealer": "Thrall"}, "dealer: must be one of 'D', 'A', 'B'"),
        ({"seats": [{"name": "D", "bank": -1}]}, "seats[0].bank: must be at least 0"),
        ({"seats": [{"name": "D"}]}, "seats[0].bank: missing key"),
        ({"colour": "red"}, "colour: unknown key"),
        ({"mode": "auto"}, "mode: must be one of 'guided', 'manual'"),
        ({"ruleset": "vitaji"}, "not a hold'em, poker dice or dice poker game"),
        ({"dice": {"hidden": {"A": "55"}}}, "dice.hidden.A: must be a list of face names"),
    ],
)
def test_a_broken_history_is_one_line(tmp_path, changes, reason):
    out = run("replay", str(write(tmp_path, history(**changes))))
    assert out.exit_code == 2
    assert reason in out.stderr and out.stderr.count("\n") == 1


def test_a_file_that_is_not_json_or_not_there(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    out = run("replay", str(bad))
    assert out.exit_code == 2 and "not valid JSON" in out.stderr
    out = run("replay", str(tmp_path / "missing.json"))
    assert out.exit_code == 2 and "cannot read the file" in out.stderr
