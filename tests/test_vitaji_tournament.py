"""Vitaji tournaments (registration, groups, standings, the final) and spectators' side bets
settled from the results in the table's ledger."""

import json
import random

import pytest
from vitaji_play import play_out, vitaji

from pyhost.engine.core import IllegalAction, Ledger
from pyhost.engine.vitaji import VitajiGame
from pyhost.engine.vitaji.sidebets import SideBook
from pyhost.engine.vitaji.tournament import Tournament

POINTS = {"stakes": "points", "points": 1000, "ante": 100, "interval": 10, "maximum": 100}


def play_group(tournament, group, rng, rules):
    players, teams = tournament.seats(group)
    ledger = Ledger(rules, players)
    game = VitajiGame(rules, ledger.seats, 0, **({"teams": teams} if teams else {}))
    play_out(game, rng)
    return tournament.record(group, game)


def test_registration_is_the_organisers_and_closes_at_the_start():
    t = Tournament(vitaji(table=POINTS), "Org")
    with pytest.raises(IllegalAction, match="only the organiser, Org, can"):
        t.register("Bob", "Bob")
    assert t.register("Org", "Ann") == "Ann registered, seed 1"
    with pytest.raises(IllegalAction, match="Ann is registered already"):
        t.register("Org", "Ann")
    with pytest.raises(IllegalAction, match="two entrants or more"):
        t.start("Org")
    t.register("Org", "Bob")
    t.start("Org")
    with pytest.raises(IllegalAction, match="has started"):
        t.register("Org", "Cid")


def test_sixteen_players_two_tiers_then_a_final():
    rules = vitaji(table=POINTS, deal={"rounds": 3, "rerolls": 1})
    t = Tournament(rules, "Org")
    names = [f"P{n:02}" for n in range(1, 17)]
    for name in names:
        t.register("Org", name)
    lines = t.start("Org")
    # Seeds dealt like a snake: 1 and 8 with 9 and 16 in group 1.
    assert lines[0] == "round 1, group 1: P01, P08, P09, P16"
    assert [len(g.entrants) for g in t.groups] == [4, 4, 4, 4]
    rng = random.Random(5)
    tiers = 0
    while t.stage == "playing":
        tier = t.tier
        for group in range(len(t.groups)):
            for game in range(3):
                out = play_group(t, group, rng, rules)
                assert out[0].endswith(f"after {game + 1} of 3 games:") or t.tier != tier
        tiers += 1
    assert tiers == 3  # 16 -> 8 -> 4: the final
    assert [len(h) for h in t.history] == [8, 4]
    assert t.champion in t.history[-1]
    with pytest.raises(IllegalAction, match="not under way"):
        t.record(0, None)


def test_standings_order_wins_then_points_then_seed():
    rules = vitaji(table=POINTS, deal={"rounds": 2, "rerolls": 0})
    t = Tournament(rules, "Org")
    for name in "ABCD":
        t.register("Org", name)
    t.start("Org")
    assert t.final  # four fit one group: it is the final
    out = play_group(t, 0, random.Random(1), rules)
    winner = t.groups[0].games[0]["winner"]
    assert out[1].startswith(f"  1. {winner}: 1 won")
    # Kept across logouts: the saved data restores the same standings.
    copy = Tournament.restore(rules, json.loads(json.dumps(t.saved())))
    assert copy.standings(0) == t.standings(0)


def test_a_team_tournament_seeds_teams_into_groups_of_eight_players():
    rules = vitaji(table=POINTS, teams={"team_size": 2}, deal={"rounds": 2, "rerolls": 0},
                   tournament={"group_size": 8, "advance": 4})
    t = Tournament(rules, "Org")
    with pytest.raises(IllegalAction, match="a team of 2, not 1"):
        t.register("Org", "Solo", ["Solo"])
    for n in range(8):
        t.register("Org", f"T{n}", [f"T{n}a", f"T{n}b"])
    t.start("Org")
    assert [len(g.entrants) for g in t.groups] == [4, 4]  # four teams: eight players
    players, teams = t.seats(0)
    assert len(players) == 8 and teams["T0a"] == "T0"
    rng = random.Random(3)
    while t.stage == "playing":
        for group in range(len(t.groups)):
            for _ in range(3):
                play_group(t, group, rng, rules)
    assert t.history == [t.history[0]] and len(t.history[0]) == 4  # two teams a group
    assert t.champion in t.history[0]


def test_a_game_must_be_the_groups():
    rules = vitaji(table=POINTS)
    t = Tournament(rules, "Org")
    for name in "ABCDEFGH":
        t.register("Org", name)
    t.start("Org")
    ledger = Ledger(rules, ["A", "B"])
    game = VitajiGame(rules, ledger.seats, 0)
    with pytest.raises(IllegalAction, match="not a finished game of group 1"):
        t.record(0, game)


# -- side bets ----------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_side_bets_pay_the_winners_backers_pro_rata_in_the_ledger(seed):
    rules = vitaji(table={"max_players": 10})
    ledger = Ledger(rules, ["A", "B", "S1", "S2", "S3"])
    book = SideBook(ledger, ["A", "B"])
    total = sum(ledger.banks.values())
    book.place("S1", "A", 30)
    book.place("S2", "A", 10)
    book.place("S3", "B", 21)
    assert sum(ledger.banks.values()) + book.held == total
    with pytest.raises(IllegalAction, match="A cannot bet on a game A plays in"):
        book.place("A", "B", 5)
    book.close()
    with pytest.raises(IllegalAction, match="side bets are closed"):
        book.place("S1", "A", 5)
    game = VitajiGame(rules, [ledger.seat("A"), ledger.seat("B")], 0)
    play_out(game, random.Random(seed))
    book.settle(game.winners[0])
    assert sum(ledger.banks.values()) == total and book.held == 0
    # The pool of 61: to A's backers 3 to 1 (the odd chip to the first bet), or all to S3.
    expected = {"A": (70 + 46, 90 + 15, 79), "B": (70, 90, 79 + 61)}[game.winners[0]]
    assert (ledger.banks["S1"], ledger.banks["S2"], ledger.banks["S3"]) == expected


def test_nobody_backing_the_winner_gets_every_stake_back():
    ledger = Ledger(vitaji(), ["A", "B", "S"])
    book = SideBook(ledger, ["A", "B"])
    book.place("S", "B", 40)
    events = book.settle("A")
    assert ledger.banks["S"] == 100 and "gets back 40" in events[0].text
    with pytest.raises(IllegalAction, match="settled already"):
        book.settle("A")


@pytest.mark.parametrize("who, runner, amount, reason", [
    ("X", "A", 5, "nobody named 'X'"), ("S", "Z", 5, "the runners are A, B"),
    ("S", "A", 0, "at least 1"), ("S", "A", 101, "only 100 in the bank"),
    ("S", "A", "5", "whole number")])
def test_a_bad_side_bet_is_refused_and_changes_nothing(who, runner, amount, reason):
    ledger = Ledger(vitaji(), ["A", "B", "S"])
    book = SideBook(ledger, ["A", "B"])
    with pytest.raises(IllegalAction, match=reason):
        book.place(who, runner, amount)
    assert ledger.banks == {"A": 100, "B": 100, "S": 100} and book.bets == []


def test_side_bets_on_a_tournament_are_settled_by_its_champion():
    rules = vitaji(table={**POINTS, "max_players": 12}, deal={"rounds": 2, "rerolls": 0})
    ledger = Ledger(rules, ["A", "B", "C", "D", "Fan1", "Fan2"])
    t = Tournament(rules, "Org")
    for name in "ABCD":
        t.register("Org", name)
    book = SideBook(ledger, t.entrants)
    book.place("Fan1", "A", 10)
    book.place("Fan2", "B", 10)
    t.start("Org")
    book.close()
    rng = random.Random(4)
    while t.stage == "playing":
        play_group(t, 0, rng, rules)
    book.settle(t.champion)
    banks = ledger.banks
    assert banks["Fan1"] + banks["Fan2"] == 200
    expected = {"A": (110, 90), "B": (90, 110)}.get(t.champion, (100, 100))
    assert (banks["Fan1"], banks["Fan2"]) == expected
