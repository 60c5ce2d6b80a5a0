"""`pyhost scoresheet`: a scoresheet from the Vitaji addon's SavedVariables, as text or CSV."""

import csv
import io

import pytest
from click.testing import CliRunner
from vitaji_play import meet_round, new_game, roll_round

from pyhost.cli import main
from pyhost.engine.vitaji.history import load_game, replay_game
from pyhost.engine.vitaji.scoresheet import Sheet
from pyhost.engine.vitaji.sheetfile import SheetFileError, read_sheets, saved_lua

# Written by hand in the layout docs/games.md gives, as WoW writes SavedVariables: a d6
# game over 3 rounds between Riggs, Gray and Skoll; Skoll drops out in round 3 after
# meeting 5 of the bet, Riggs rerolls twice in round 2, Gray's triple is added.
HAND_WRITTEN = """\
VitajiDB = {
\t["scoresheets"] = {
\t\t{
\t\t\t["game"] = "Vitaji",
\t\t\t["sides"] = 6,
\t\t\t["rounds"] = 3,
\t\t\t["ante"] = 10,
\t\t\t["interval"] = 5,
\t\t\t["maximum"] = 0,
\t\t\t["currency"] = "tria",
\t\t\t["stakes"] = "chips",
\t\t\t["players"] = {
\t\t\t\t"Riggs", -- [1]
\t\t\t\t"Gray", -- [2]
\t\t\t\t"Skoll", -- [3]
\t\t\t},
\t\t\t["rows"] = {
\t\t\t\t{
\t\t\t\t\t["bet"] = 10,
\t\t\t\t\t["put"] = { ["Riggs"] = 10, ["Gray"] = 10, ["Skoll"] = 10, },
\t\t\t\t\t["rolls"] = { ["Riggs"] = { 2, }, ["Gray"] = { 4, }, ["Skoll"] = { 6, }, },
\t\t\t\t}, -- [1]
\t\t\t\t{
\t\t\t\t\t["bet"] = 5,
\t\t\t\t\t["put"] = { ["Riggs"] = 5, ["Gray"] = 5, ["Skoll"] = 5, },
\t\t\t\t\t["rolls"] = { ["Riggs"] = { 1, 3, 5, }, ["Gray"] = { 4, }, ["Skoll"] = { 1, }, },
\t\t\t\t}, -- [2]
\t\t\t\t{
\t\t\t\t\t["bet"] = 15,
\t\t\t\t\t["put"] = { ["Riggs"] = 15, ["Gray"] = 15, ["Skoll"] = 5, },
\t\t\t\t\t["rolls"] = { ["Riggs"] = { 3, }, ["Gray"] = { 4, }, },
\t\t\t\t\t["dropped"] = { "Skoll", },
\t\t\t\t\t["bonus"] = { ["Gray"] = "add", },
\t\t\t\t}, -- [3]
\t\t\t},
\t\t\t["rolloffs"] = {},
\t\t\t["winners"] = { "Gray", },
\t\t}, -- [1]
\t},
}
"""

EXPECTED = """\
Vitaji: d6 over 3 rounds, ante 10, interval 5, no maximum (tria)
   Riggs  Gray*  Skoll  $
1  2      4      6      10
2  1,3,5  4      1      5
3  3      4+4    (5)    15
---------------------------------------
   10     16     -      30+30+(15+5)=80
Winner: Gray, the pot of 80"""


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_a_hand_written_savedvariables_file_prints_in_the_sources_layout(tmp_path):
    path = tmp_path / "Vitaji.lua"
    path.write_text(HAND_WRITTEN)
    result = run("scoresheet", str(path))
    assert result.exit_code == 0, result.output
    assert result.output.rstrip("\n") == EXPECTED


def test_csv(tmp_path):
    path = tmp_path / "Vitaji.lua"
    path.write_text(HAND_WRITTEN)
    result = run("scoresheet", str(path), "--csv")
    rows = list(csv.reader(io.StringIO(result.output)))
    assert rows[0] == ["round", "Riggs", "Gray*", "Skoll", "$"]
    assert rows[2] == ["2", "1,3,5", "4", "1", "5"]
    assert rows[3] == ["3", "3", "4+4", "(5)", "15"]
    assert rows[4] == ["score", "10", "16", "-", "30+30+(15+5)=80"]


def test_a_game_saved_and_read_back_is_the_same_sheet(tmp_path):
    game, _ = new_game("ABC", deal={"rounds": 2, "rerolls": 1})
    roll_round(game, {"A": 3, "B": 2, "C": 2})
    meet_round(game, 5)
    roll_round(game, {"A": 1, "B": 2, "C": 1})
    game.act("A", "roll", dice=[1])
    game.act("B", "roll", dice=[6])
    sheet = Sheet.of_game(game)
    path = tmp_path / "Vitaji.lua"
    path.write_text(saved_lua([sheet, sheet]))
    back = read_sheets(path)
    assert len(back) == 2 and back[-1].text() == sheet.text()
    assert "B*" in sheet.text() and "6*" in sheet.text()


def test_the_example_round_trips_through_savedvariables(tmp_path):
    sheet = replay_game(load_game("vitaji-example")).sheet
    path = tmp_path / "Vitaji.lua"
    path.write_text(saved_lua([sheet]))
    assert run("scoresheet", str(path)).output.rstrip("\n") == sheet.text()


@pytest.mark.parametrize("text, reason", [
    ("x = = 1", "not a SavedVariables file Lua can run"),
    ("Other = {}", "sets no VitajiDB"),
    ("VitajiDB = { scoresheets = 3 }", "VitajiDB.scoresheets: must be a list"),
    ('VitajiDB = { scoresheets = { { sides = 6, rounds = 1, players = {"A"}, rows = { '
     '{ rolls = { A = { 7 } } } } } } }', "rows[1].rolls.A: must be a whole number 1 to 6"),
    ('VitajiDB = { scoresheets = { { sides = 6, rounds = 1, players = {"A"}, rows = { '
     '{ rolls = { Z = { 1 } } } } } } }', "'Z' is not one of the players"),
    ('VitajiDB = { scoresheets = { { sides = 6, rounds = 1, players = {"A"}, rows = {}, '
     'colour = 1 } } }', "scoresheets[1].colour: not a field of a scoresheet"),
    ("while true do end", "ran more than"),
    ("VitajiDB = { scoresheets = {} }", "holds no scoresheet yet"),
])
def test_a_bad_file_is_one_line(tmp_path, text, reason):
    path = tmp_path / "Vitaji.lua"
    path.write_text(text)
    result = run("scoresheet", str(path))
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and reason in result.stderr, result.stderr


def test_a_missing_file_and_a_missing_game(tmp_path):
    assert "cannot read the file" in run("scoresheet", str(tmp_path / "no.lua")).stderr
    path = tmp_path / "Vitaji.lua"
    path.write_text(HAND_WRITTEN)
    assert "no scoresheet 2; it holds 1" in run("scoresheet", str(path), "--game", "2").stderr
    with pytest.raises(SheetFileError):
        read_sheets(tmp_path)


@pytest.mark.parametrize("choice, third, fourth, score", [
    ("double", "3", "1x2", 12), ("add", "3+3", "1", 14), ("reroll", "3+r", "1", 11)])
def test_bonuses_show_after_the_result(choice, third, fourth, score):
    game, _ = new_game("AB", deal={"rounds": 5, "rerolls": 0}, bonuses={"triple": "choose"})
    for number, (a, bonus) in enumerate([(3, None), (3, None), (3, choice), (1, None),
                                         (1, None)]):
        if game.step == "bet":
            meet_round(game)
        roll_round(game, {"A": a, "B": 1 + number % 2})
        if bonus:
            game.act("A", "bonus", target=bonus)
    sheet = Sheet.of_game(game)
    assert [row[1] for row in sheet.grid()[1:6]] == ["3", "3", third, fourth, "1"]
    assert sheet.score("A") == game.score("A") == score


def test_a_team_sheet_gives_each_teams_score():
    game, _ = new_game("ABCD", team_of={"A": "red", "B": "blue", "C": "red", "D": "blue"},
                       deal={"rounds": 1, "rerolls": 0}, teams={"team_size": 2})
    roll_round(game, {"A": 6, "B": 5, "C": 1, "D": 3})
    text = Sheet.of_game(game).text()
    assert "Team red: A, C: 7" in text and "Team blue: B, D: 8" in text
    assert "Winner: B, D, the pot of 40" in text
