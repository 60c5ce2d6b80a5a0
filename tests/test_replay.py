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
        ({"ruleset": "vitaji"}, "dice: unknown key"),  # read as a game of Vitaji
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


# -- the draw games: rounds, every roll and keep with its dice ---------------------------------


def draw_history(**changes) -> dict:
    base = {
        "ruleset": "poker-dice",
        "seats": [{"name": "Ann", "bank": 10}, {"name": "Bo", "bank": 10}],
        "dealer": "Ann",
        "rounds": [
            {"actions": [
                {"player": "Ann", "action": "ante", "amount": 2},
                {"player": "Bo", "action": "ante"},
                {"player": "Ann", "action": "roll", "dice": ["6", "6", "2", "3", "1"]},
                {"player": "Ann", "action": "keep", "dice": ["6", "6"]},
                {"player": "Ann", "action": "roll", "dice": ["6", "4", "1"]},
                {"player": "Ann", "action": "check"},
                {"player": "Bo", "action": "roll", "dice": ["5", "5", "5", "5", "1"]},
            ]},
            {"actions": [
                {"player": "Bo", "action": "ante", "amount": 1},
                {"player": "Ann", "action": "ante"},
            ]},
        ],
    }
    return base | changes


def test_the_poker_dice_example_shows_its_rules():
    result = replay(load_history("poker-dice-example"))
    assert [played.starter for played in result.rounds] == ["Ann", "Dag", "Cid"]
    assert all(played.over for played in result.rounds)
    assert [played.payouts for played in result.rounds] == [{"Dag": 14}, {"Cid": 9},
                                                            {"Cid": 5}]
    assert [played.banks for played in result.rounds] == [
        {"Ann": 16, "Bo": 16, "Cid": 18, "Dag": 30},
        {"Ann": 12, "Bo": 16, "Cid": 23, "Dag": 29},
        {"Ann": 12, "Bo": 16, "Cid": 23, "Dag": 29}]
    out = run("replay", "poker-dice-example")
    assert out.exit_code == 0, out.stderr
    for line in ("Ann raises 2 with 6 6 6 4 4 (Full house) (pot 10)",
                 "Bo matches the raise of 2 (pot 12)",
                 "Cid leaves the round rather than match 2",
                 "Bo's 6 6 6 4 4 (Full house) does not beat Ann's 6 6 6 4 4 (Full house): Bo "
                 "is out",
                 "Ann is beaten by Dag's 5 5 5 5 3 (Four of a kind) and is out",
                 "Dag takes the pot of 14 with 5 5 5 5 3 (Four of a kind)",
                 "Round 2, Dag starts",
                 "Cid takes the pot of 9 with 2 3 4 5 6 (Straight)",
                 "Nobody matched the ante: Cid takes back 5 and starts again",
                 "Banks: Ann 12, Bo 16, Cid 23, Dag 29"):
        assert line in out.stdout
    assert "   7. Ann roll 6 4 1       pot    8   Ann rolls 6 4 1, keeping 6 6: 6 6 6 4 1 " \
        "(Three of a kind) (roll 2 of 3)" in out.stdout


def test_the_dice_poker_example_pays_tied_losers_to_tied_winners_and_a_short_bank_all_it_has():
    record = load_history("dice-poker-example")
    assert record.ruleset.table.stakes == "chips" and record.ruleset.table.stake == 2
    result = replay(record)
    first, second, third = result.rounds
    assert [first.starter, second.starter, third.starter] == ["Ann", "Bo", "Dag"]
    assert ([event.text for event in first.steps[-1].events[-6:]] == [
                "Cid pays 2 to Ann", "Cid pays 1 to Bo", "Dag pays 2 to Ann",
                "Dag pays 2 to Bo", "Ann wins 4", "Bo wins 3"])
    assert first.banks == {"Ann": 24, "Bo": 23, "Cid": 0, "Dag": 16}
    assert result.table.hand.order == ["Dag", "Ann", "Bo"]  # Cid, with nothing, sits out
    assert third.payouts == {} and third.banks == second.banks == {
        "Ann": 22, "Bo": 23, "Cid": 0, "Dag": 18}
    out = run("replay", "dice-poker-example")
    assert out.exit_code == 0, out.stderr
    assert out.stdout.startswith("Dice Poker (dice-poker-chips). Seats: Ann 20, Bo 20, Cid 3, "
                                 "Dag 20\n")
    assert "Every hand is equal: nobody wins or loses this round" in out.stdout


def test_the_dice_poker_examples_ruleset_is_the_shipped_one_for_chips():
    from importlib import resources
    shipped = resources.files("pyhost.rulesets").joinpath("dice-poker.toml").read_text("utf-8")
    chips = resources.files("pyhost.histories").joinpath("dice-poker-chips.toml").read_text(
        "utf-8")

    def rules(text: str) -> list[str]:
        return [line for line in text.splitlines() if not line.startswith("#")]

    assert rules(chips) == rules(shipped.replace('stakes = "forfeit"', 'stakes = "chips"'))


def test_a_hand_written_draw_history_and_its_json(tmp_path):
    out = run("replay", str(write(tmp_path, draw_history())), "--json")
    assert out.exit_code == 0, out.stderr
    data = json.loads(out.stdout)
    assert [(r["round"], r["starter"], r["over"]) for r in data["rounds"]] == [
        (1, "Ann", True), (2, "Bo", False)]
    assert data["rounds"][0]["steps"][2] == {
        "position": 3, "action": {"player": "Ann", "action": "roll",
                                  "dice": ["6", "6", "2", "3", "1"]},
        "events": ["Ann rolls 6 6 2 3 1: 6 6 3 2 1 (Pair) (roll 1 of 3)"], "pot": 4}
    assert data["rounds"][0]["payouts"] == {"Bo": 4}
    assert data["banks"] == {"Ann": 7, "Bo": 11} and data["over"] is False
    text = run("replay", str(write(tmp_path, draw_history()))).stdout
    assert "The round is not over: it is Bo's turn (roll)." in text


@pytest.mark.parametrize(
    ("where", "action", "reason"),
    [
        ((0, 2), {"player": "Ann", "action": "roll", "dice": ["6", "6"]},
         "round 1, action 3 (Ann roll 6 6): Ann's roll must be 5 dice, not 2"),
        ((0, 3), {"player": "Ann", "action": "keep", "dice": ["5"]},
         "round 1, action 4 (Ann keep 5): Ann cannot keep 5: the dice are 6 6 2 3 1"),
        ((0, 0), {"player": "Bo", "action": "ante", "amount": 2},
         "round 1, action 1 (Bo ante 2): Bo cannot ante: it is Ann's turn"),
        ((1, 1), {"player": "Ann", "action": "raise", "amount": 1},
         "round 2, action 2 (Ann raise 1): Ann cannot raise now: Ann matches the ante of 1 "
         "or sits out"),
    ],
)
def test_a_refused_draw_action_names_its_round_and_place(tmp_path, where, action, reason):
    data = draw_history()
    data["rounds"][where[0]]["actions"][where[1]] = action
    out = run("replay", str(write(tmp_path, data)))
    assert out.exit_code == 2 and out.stdout == ""
    assert out.stderr == f"error: {tmp_path / 'hand.json'}: {reason}\n"


def test_a_round_left_unfinished_before_the_next_is_refused(tmp_path):
    data = draw_history()
    del data["rounds"][0]["actions"][-1]
    out = run("replay", str(write(tmp_path, data)))
    assert out.exit_code == 2
    assert out.stderr == (f"error: {tmp_path / 'hand.json'}: round 1: not over after its "
                          "last action, and round 2 follows: it is Bo's turn (roll)\n")


def test_a_dice_poker_history_for_a_forfeit(tmp_path):
    turns = []
    for name, first, keep, again in (("A", "66654", "666", "11"), ("B", "12346", "", "12346")):
        turns += [{"player": name, "action": "roll", "dice": list(first)},
                  {"player": name, "action": "keep", "dice": list(keep)},
                  {"player": name, "action": "reroll", "dice": list(again)}]
    data = {"ruleset": "dice-poker", "seats": [{"name": "A", "bank": 20},
                                                {"name": "B", "bank": 20}],
            "dealer": "A", "rounds": [{"actions": turns}]}
    out = run("replay", str(write(tmp_path, data)))
    assert out.exit_code == 0, out.stderr
    assert "A names a forfeit for B" in out.stdout and "Banks: A 20, B 20" in out.stdout


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"actions": []}, "actions: a Poker Dice history gives its actions round by round"),
        ({"rounds": []}, "rounds: must not be empty"),
        ({"rounds": [{"actions": [{"player": "Ann", "action": "roll", "dice": "66231"}]}]},
         "rounds[0].actions[0].dice: must be a list of face names, not '66231'"),
        ({"rounds": [{"actions": [], "about": "x"}]}, "rounds[0].actions: must not be empty"),
        ({"rounds": [{"actions": [{"player": "Ann", "action": "ante"}], "note": 1}]},
         "rounds[0].note: unknown key"),
        ({"mode": "guided"}, "mode: must be one of 'table', not 'guided'"),
    ],
)
def test_a_broken_draw_history_is_one_line(tmp_path, changes, reason):
    out = run("replay", str(write(tmp_path, draw_history(**changes))))
    assert out.exit_code == 2
    assert reason in out.stderr and out.stderr.count("\n") == 1


def test_a_holdem_history_gives_no_dice_with_its_actions(tmp_path):
    actions = history()["actions"]
    actions[0] = {"player": "A", "action": "allin", "dice": ["1"]}
    out = run("replay", str(write(tmp_path, history(actions=actions))))
    assert out.exit_code == 2 and "actions[0].dice: unknown key" in out.stderr


def test_give_and_reset_work_in_a_draw_history_as_at_any_table(tmp_path):
    data = draw_history()
    data["rounds"][0]["actions"] += [{"player": "Ann", "action": "reset"},
                                     {"player": "Bo", "action": "give", "amount": 4,
                                      "target": "Ann"}]
    result = replay(load_history(write(tmp_path, data)))
    assert result.rounds[0].banks == {"Ann": 24, "Bo": 8}
    out = run("replay", str(write(tmp_path, data)))
    assert "Ann's bank is reset to 20 (was 8)" in out.stdout and "Bo gives 4 to Ann" in out.stdout
    # ...but not with chips in the live pot: Ann's ante is in round 2's.
    data["rounds"][1]["actions"].append({"player": "Ann", "action": "give", "amount": 5,
                                         "target": "Bo"})
    out = run("replay", str(write(tmp_path, data)))
    assert out.exit_code == 2 and out.stderr.endswith(
        "round 2, action 3 (Ann give 5 Bo): Ann cannot give chips while Ann has chips in the "
        "live pot\n")


# A bug the draw histories' fuzz found (tests/test_draw_fuzz.py), pinned.

def test_a_refused_action_by_a_name_with_a_newline_is_still_one_line(tmp_path):
    data = draw_history()
    data["rounds"][0]["actions"][1] = {"player": "B\no", "action": "ante"}
    out = run("replay", str(write(tmp_path, data)))
    assert out.exit_code == 2
    assert out.stderr == (f"error: {tmp_path / 'hand.json'}: round 1, action 2 (B\\no ante): "
                          "nobody named 'B\\no' sits at this table\n")
    actions = history()["actions"]
    actions[0] = {"player": "A\nB", "action": "allin"}
    out = run("replay", str(write(tmp_path, history(actions=actions))))
    assert out.exit_code == 2 and out.stderr.count("\n") == 1


def test_the_draw_format_in_the_docs_replays_and_its_refusal_is_what_replay_prints(tmp_path,
                                                                                 monkeypatch):
    import re
    from pathlib import Path
    text = (Path(__file__).resolve().parent.parent / "docs" / "histories.md").read_text("utf-8")
    section = text[text.index("## The draw games: rounds"):]
    example = json.loads(re.search(r"```json\n(.*?)```", section, re.S).group(1))
    assert example["rounds"][0]["actions"] == draw_history()["rounds"][0]["actions"]
    result = replay(load_history(write(tmp_path, example)))
    assert result.rounds[0].over and result.rounds[0].payouts == {"Bo": 4}
    shown = re.search(r"```\n(error: .*)\n```", section).group(1)
    example["rounds"][0]["actions"][3] = {"player": "Ann", "action": "keep", "dice": ["5"]}
    monkeypatch.chdir(tmp_path)
    write(tmp_path, example)
    out = run("replay", "hand.json")
    assert out.exit_code == 2 and out.stderr == shown + "\n"
