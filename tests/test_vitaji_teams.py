"""Team Vitaji at the table: players name their own teams (/vteam NAME), the host's start
deals them (its DO start carries them), and every copy plays the team game the Python engine
plays with the same dice, to the end, banks checked. Hostile and bad cases: a team named for
someone else, a team changed mid-game (it counts from the next game), a team of one, a host
dealing a player in a team he never named, a forged team word from a watcher."""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner
from test_vitaji_addon import NAMES, Mirror, engine_lines, status, vitaji_table

from addon_table import PROTOCOL, Seated, play, seat_table
from conftest import write_variant
from pyhost.cli import main
from pyhost.codegen import build, write
from pyhost.engine.vitaji.scoresheet import Sheet
from pyhost.harness import Realm
from pyhost.rules import load_ruleset
from realm_helpers import send_addon


@pytest.fixture
def realm(tmp_path):
    return Realm(wtf=tmp_path / "WTF", seed=1)


def team_table(realm: Realm, folder, count: int, edits: dict[str, str] | None = None,
               name: str = "teams") -> Seated:
    path = write_variant(folder, "vitaji", {"team_size = 1": "team_size = 2", **(edits or {})},
                         name)
    ruleset = load_ruleset(path)
    addon = folder / name / ruleset.addon.name
    write(build(ruleset), addon)
    seated = seat_table(realm, addon, NAMES[:count], mode="", ruleset=ruleset)
    seated.addon = addon
    return seated


def name_teams(realm: Realm, seated: Seated, teams: dict[str, str]) -> None:
    for client in seated:
        if client.name in teams:
            play(realm, client, f"/vteam {teams[client.name]}")


def banks_of(mirror: Mirror) -> dict[str, int]:
    return {seat.name: seat.bank for seat in mirror.engine.seats}


def teams_line(realm: Realm, client) -> str:
    play(realm, client, "/vitaji status")
    return client.chat.lines[-2]


@pytest.mark.parametrize(("count", "seed"), [(4, 1), (4, 2), (6, 3)])
def test_a_team_game_plays_to_the_end_and_every_copy_agrees(realm, tmp_path, count, seed):
    edits = {"sides = 6": "sides = 3", "rounds = 5": "rounds = 4"}
    if seed == 2:
        edits['share = "equal"'] = 'share = "stake"'
    seated = team_table(realm, tmp_path, count, edits)
    labels = ["Red", "Blue", "Gold"]
    teams = {client.name: labels[i % (count // 2)] for i, client in enumerate(seated)}
    name_teams(realm, seated, teams)
    for client in seated:
        for name, team in teams.items():
            assert f"{name} joins team {team}." in client.chat.lines, client.name
    since = {client.name: len(client.chat.lines) for client in seated}
    play(realm, seated[0], "/vitaji start")
    bank = seated.ruleset.table.starting_bank
    mirror = Mirror(realm, seated, 1, {c.name: bank for c in seated}, teams=teams)
    mirror.play_out(random.Random(f"teams:{seed}"))
    texts = [event.text for event in mirror.engine.events]
    assert any(text.startswith(tuple(labels)) and " wins the pot of " in text for text in texts)
    expected = banks_of(mirror)
    for client in seated:
        assert engine_lines(client, since[client.name], texts) == texts, client.name
        assert status(realm, client)[2] == expected, client.name
    assert sum(expected.values()) == count * bank
    winners = mirror.engine.winners
    assert len(winners) >= 1 and len({teams[name] for name in winners}) == 1
    # The scoresheet, with each team's score under it, as Python writes it.
    mark = len(seated[1].chat.lines)
    play(realm, seated[1], "/vscore")
    sheet = Sheet.of_game(mirror.engine).text()
    assert "\n".join(seated[1].chat.lines[mark:]) == sheet
    assert f"Team {teams['Skoll']}: Skoll, " in sheet
    assert realm.errors() == []


def test_a_reload_mid_team_game_carries_on_with_the_same_teams(realm, tmp_path):
    seated = team_table(realm, tmp_path, 4)
    teams = {"Skoll": "Red", "Riggs": "Red", "Ada": "Blue", "Bo": "Blue"}
    name_teams(realm, seated, teams)
    play(realm, seated[0], "/vitaji start")
    mirror = Mirror(realm, seated, 1, {c.name: 100 for c in seated}, teams=teams)
    chooser = random.Random("team reload")
    for _ in range(10):
        mirror.step(chooser)
    # Ada and Skoll swap teams for the next game; then Ada reloads (her word is lost on her
    # copy: it takes the host's start).
    play(realm, seated[2], "/vteam Red")
    play(realm, seated[0], "/vteam Blue")
    seated[2].reload()
    realm.run_until_quiet()
    realm.advance(20)
    realm.run_until_quiet()
    mirror.play_out(chooser)
    for client in seated:
        assert status(realm, client)[2] == banks_of(mirror), client.name
    # The next game deals the teams as swapped, at every copy.
    play(realm, seated[0], "/vitaji start")
    for client in seated:
        assert teams_line(realm, client) == "Teams: Blue 0 (Skoll, Bo), Red 0 (Riggs, Ada)", \
            client.name
        assert status(realm, client)[1] != "no round played yet", client.name
    assert realm.errors() == []


def test_a_table_without_teams_says_so(realm, tmp_path):
    skoll = vitaji_table(realm, tmp_path, 2)[0]
    mark = len(skoll.chat.lines)
    play(realm, skoll, "/vitaji team Red")
    assert skoll.chat.lines[mark:] == ["Vitaji is not played in teams."]
    assert realm.errors() == []


def test_a_known_team_game_shares_the_pot_and_ties_are_rolled_off_by_team(realm, tmp_path):
    """Red (Skoll, Ada) and Blue (Riggs, Bo) tie on 12; the roll-off adds each team's rolls
    (Red 3 + 1, Blue 2 + 1): Red takes the pot of 40, 20 each."""
    seated = team_table(realm, tmp_path, 4, {"rounds = 5": "rounds = 1"})
    teams = {"Skoll": "Red", "Riggs": "Blue", "Ada": "Red", "Bo": "Blue"}
    name_teams(realm, seated, teams)
    play(realm, seated[0], "/vitaji start")
    mirror = Mirror(realm, seated, 1, {c.name: 100 for c in seated}, teams=teams)
    assert teams_line(realm, seated[1]) == "Teams: Red 0 (Skoll, Ada), Blue 0 (Riggs, Bo)"
    for name, face in (("Skoll", 6), ("Riggs", 5), ("Ada", 6), ("Bo", 6)):
        mirror.die(name, face, "/vroll")
        mirror.engine.act(name, "roll", dice=[face])
    # Skoll passes, Riggs rerolls to 6: a tie at 12.
    play(realm, seated[0], "/vpass")
    mirror.engine.act("Skoll", "pass")
    mirror.die("Riggs", 6, "/vreroll")
    mirror.engine.act("Riggs", "reroll", dice=[6])
    for name in ("Riggs", "Ada", "Bo", "Skoll"):
        play(realm, mirror.by_name[name], "/vpass")
        mirror.engine.act(name, "pass")
    for name, face in (("Skoll", 3), ("Riggs", 2), ("Ada", 1), ("Bo", 1)):
        mirror.die(name, face, "/vroll")
        mirror.engine.act(name, "roll", dice=[face])
    assert mirror.engine.over and mirror.engine.winners == ["Skoll", "Ada"]
    for client in seated:
        lines = client.chat.lines
        assert "Red and Blue tie at 12: they roll off" in lines, client.name
        assert "Red wins the pot of 40 with 12" in lines, client.name
        assert "Skoll takes 20" in lines and "Ada takes 20" in lines, client.name
        assert status(realm, client)[2] == {"Skoll": 110, "Riggs": 90, "Ada": 110, "Bo": 90}
    assert banks_of(mirror) == {"Skoll": 110, "Riggs": 90, "Ada": 110, "Bo": 90}
    assert realm.errors() == []


def test_a_team_whose_other_players_drop_out_wins_at_once(realm, tmp_path):
    seated = team_table(realm, tmp_path, 4)
    teams = {"Skoll": "Red", "Riggs": "Blue", "Ada": "Red", "Bo": "Blue"}
    name_teams(realm, seated, teams)
    play(realm, seated[0], "/vitaji start")
    mirror = Mirror(realm, seated, 1, {c.name: 100 for c in seated}, teams=teams)
    for name, face in (("Skoll", 2), ("Riggs", 5), ("Ada", 2), ("Bo", 5)):
        mirror.die(name, face, "/vroll")
        mirror.engine.act(name, "roll", dice=[face])
    for name in ("Skoll", "Riggs", "Ada", "Bo"):
        play(realm, mirror.by_name[name], "/vpass")
        mirror.engine.act(name, "pass")
    play(realm, seated[0], "/vbet 5")
    mirror.engine.act("Skoll", "bet", 5)
    # Blue drops one player: the team plays on with the other.
    play(realm, seated[1], "/vdrop")
    mirror.engine.act("Riggs", "drop")
    assert not mirror.engine.over
    line = teams_line(realm, seated[0])
    assert line == "Teams: Red 4 (Skoll, Ada), Blue 5 ((Riggs), Bo)", line
    play(realm, seated[2], "/vdrop")
    mirror.engine.act("Ada", "drop")
    play(realm, seated[3], "/vdrop")
    mirror.engine.act("Bo", "drop")
    assert mirror.engine.over and mirror.engine.winners == ["Skoll"]
    for client in seated:
        assert "Red wins the pot of 45" in client.chat.lines, client.name
        assert status(realm, client)[2] == banks_of(mirror), client.name
    assert realm.errors() == []


# -- forming teams: bad input and hostile clients ------------------------------------------


def test_teams_are_named_between_games_each_player_his_own(realm, tmp_path):
    seated = team_table(realm, tmp_path, 4)
    skoll, riggs, ada, bo = seated
    mark = len(skoll.chat.lines)
    play(realm, skoll, "/vitaji team")
    assert skoll.chat.lines[mark:] == ["Teams: none named yet; no team: Skoll, Riggs, Ada, Bo"]
    bad = {
        "/vitaji team Red Riggs": "/vteam NAME: the team you join (yourself only; up to 16 "
                                  "letters, no spaces or commas), not Red Riggs.",
        "/vitaji team Red,Blue": "/vteam NAME: the team you join (yourself only; up to 16 "
                                 "letters, no spaces or commas), not Red,Blue.",
        "/vitaji team " + "x" * 17: "/vteam NAME: the team you join (yourself only; up "
                                    "to 16 letters, no spaces or commas), not " + "x" * 17 + ".",
    }
    for line, said in bad.items():
        mark = len(skoll.chat.lines)
        play(realm, skoll, line)
        assert skoll.chat.lines[mark:] == [said], line
    for client in seated:
        assert not any("joins team" in line for line in client.chat.lines), client.name
    # Not every player has a team: the host's start is refused in one line, nothing sent.
    name_teams(realm, seated, {"Skoll": "Red", "Riggs": "Blue", "Ada": "Red"})
    mark = len(bo.chat.lines)
    play(realm, bo, "/vteam")
    assert bo.chat.lines[mark:] == ["Teams: Red (Skoll, Ada), Blue (Riggs); no team: Bo"]
    mark = len(skoll.chat.lines)
    play(realm, skoll, "/vitaji start")
    assert skoll.chat.lines[mark:] == ["No team yet: Bo (each names his own with /vteam "
                                       "NAME)."]
    # A team of one (and one of three): refused as the engine refuses it.
    play(realm, bo, "/vitaji team Red")
    mark = len(skoll.chat.lines)
    play(realm, skoll, "/vitaji start")
    assert skoll.chat.lines[mark:] == ["Team Vitaji needs two or more teams of 2, not Red (3), "
                                       "Blue (1)"]
    for client in seated:
        assert status(realm, client)[1] == "no round played yet", client.name
    # Bo changes his mind: the game starts, and every copy shows the same teams.
    play(realm, bo, "/vitaji team Blue")
    play(realm, skoll, "/vitaji start")
    for client in seated:
        assert teams_line(realm, client) == "Teams: Red 0 (Skoll, Ada), Blue 0 (Riggs, Bo)"
    # Mid-game a word (his own, or a forged ACT) counts from the next game: the game in play
    # keeps the teams it was dealt.
    play(realm, ada, "/vteam Blue")
    act = "\t".join([PROTOCOL, "ACT", seated.table_id, "team", "", "Gold"])
    send_addon(riggs, seated.ruleset.addon.prefix, act)
    realm.run_until_quiet()
    for client in seated:
        assert "Ada joins team Blue from the next game (game 1 keeps its teams)." \
            in client.chat.lines, client.name
        if client is not riggs:  # (a raw message: his own copy hears no echo of it)
            assert "Riggs joins team Gold from the next game (game 1 keeps its teams)." \
                in client.chat.lines, client.name
        assert teams_line(realm, client) == "Teams: Red 0 (Skoll, Ada), Blue 0 (Riggs, Bo)"
    assert realm.errors() == []


def test_a_watchers_team_word_is_nobodys(realm, tmp_path):
    seated = team_table(realm, tmp_path, 4)
    watcher = realm.login("Zed", addons=[seated.addon])
    realm.invite(seated[0], watcher)
    realm.run_until_quiet()
    act = "\t".join([PROTOCOL, "ACT", seated.table_id, "team", "", "Red"])
    send_addon(watcher, seated.ruleset.addon.prefix, act)
    realm.run_until_quiet()
    for client in seated:
        assert "Zed joins team Red." not in client.chat.lines, client.name
    assert realm.errors() == []


CHEAT = """function(ns)
    -- A host's client changed to deal whatever teams it likes, unchecked.
    ns.VitajiTeams.dealt = function(seats, target)
        local teams, at = {}, 0
        for team in (target .. ","):gmatch("([^,]*),") do
            at = at + 1
            teams[seats[at].name] = team
        end
        return teams
    end
    ns.DrawTable.accept(ns.Comm.me(), "start", nil, "Red,Red,Blue,Blue")
end"""


def test_a_host_cannot_deal_a_player_in_a_team_he_did_not_name(realm, tmp_path):
    """A hostile host's start puts Riggs (who named Blue) in Red and Ada (Red) in Blue: every
    other client heard them, says so and does not deal the game, even from the host's record
    as it catches up; no chips move there."""
    seated = team_table(realm, tmp_path, 4)
    skoll, riggs, ada, bo = seated
    name_teams(realm, seated, {"Skoll": "Red", "Riggs": "Blue", "Ada": "Red", "Bo": "Blue"})
    marks = {client.name: len(client.chat.lines) for client in seated}
    skoll.lua.eval(CHEAT)(skoll.addons[seated.ruleset.addon.name].namespace)
    realm.run_for(180)  # (the host plays on alone, standing everyone in turn)
    assert "Riggs antes 10" in skoll.chat.lines[marks["Skoll"]:]
    said = "Skoll's game 1 deals Riggs in team Red, not a team he named (Blue): this game is " \
           "not played here."
    for client in (riggs, ada, bo):
        lines = client.chat.lines[marks[client.name]:]
        assert said in lines, client.name
        assert not any(line.endswith(" antes 10") or " rolls " in line for line in lines), \
            client.name
    assert realm.errors() == []


def test_the_team_demo_plays_a_team_game_to_a_roll_off():
    result = CliRunner().invoke(main, ["demo", "vitaji", "--teams"])
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    for line in ("Skoll joins team Red.", "Bo joins team Blue.",
                 "Red and Blue tie at 16: they roll off", "Red wins the pot of 60 with 16",
                 "Skoll takes 30", "Ada takes 30"):
        assert out.count(line) == 4, line
    frames = out.split("Riggs's chat frame")[0]
    assert "Team Red: Skoll, Ada: 16" in frames and "Team Blue: Riggs, Bo: 16" in frames
    assert "Game 1; the round is over; banks: Skoll 115, Riggs 85, Ada 115, Bo 85" in frames
    assert "Teams: Red 10 (Skoll, Ada), Blue 8 (Riggs, Bo)" in out.split("Bo's chat frame")[1]
    assert "Lua error" not in result.stderr
    bad = CliRunner().invoke(main, ["demo", "dice-poker", "--teams"])
    assert bad.exit_code == 2 and "--teams is Vitaji's: pyhost demo vitaji --teams" in bad.output
