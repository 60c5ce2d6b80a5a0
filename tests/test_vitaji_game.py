"""A game of Vitaji through its flow: rounds, rerolls, betting, bonuses, teams, points, ties.
Each decision the source leaves open (docs/games.md, "Vitaji: what pyhost decides") is
tested here."""

import pytest
from vitaji_play import meet_round, new_game, roll_round

from pyhost.engine.core import IllegalAction


def test_round_one_has_no_betting_the_ante_stands_for_it():
    game, ledger = new_game("ABC")
    assert game.step == "roll" and game.pot == 30
    assert ledger.banks == {"A": 90, "B": 90, "C": 90}
    assert game.legal_actions("A") == ("roll",) and game.wanted() == ("A", "roll")
    with pytest.raises(IllegalAction, match="B cannot roll now: it is A's turn"):
        game.act("B", "roll", dice=[3])


def test_rolls_in_seat_order_from_the_first_player_then_rerolls():
    game, _ = new_game("ABC", first=1)
    assert game.order == ["B", "C", "A"]
    for name in ("B", "C", "A"):
        game.act(name, "roll", dice=[2])
    assert game.legal_actions("B") == ("reroll", "pass")
    # A reroll stands even when lower, and the turn stays with the one rerolling.
    game.act("B", "reroll", dice=[5])
    game.act("B", "reroll", dice=[1])
    assert game.to_act() == "B" or game.rerolls["B"] == 0
    assert game.rerolls["B"] == 0
    # B's budget is spent: his turn passes by itself.
    assert game.to_act() == "C"
    game.act("C", "pass")
    game.act("A", "pass")
    assert game.round == 2 and game.faces("B") == [1]


def test_the_round_ends_only_when_everyone_passes_in_succession():
    game, _ = new_game("ABC")
    for name in "ABC":
        game.act(name, "roll", dice=[3])
    game.act("A", "pass")
    game.act("B", "reroll", dice=[4])
    game.act("B", "pass")
    game.act("C", "pass")
    # B rerolled after A passed: A may reroll again before the round ends.
    assert game.round == 1 and game.to_act() == "A"
    game.act("A", "pass")
    assert game.round == 2


def test_rerolls_are_a_budget_for_the_game_spent_in_any_round():
    game, _ = new_game("AB", deal={"rerolls": 3})
    game.act("A", "roll", dice=[1])
    game.act("B", "roll", dice=[1])
    for face in (2, 3, 4):
        game.act("A", "reroll", dice=[face])
    assert game.rerolls["A"] == 0 and game.to_act() == "B"
    with pytest.raises(IllegalAction, match="may reroll or pass"):
        game.act("B", "roll", dice=[2])


def test_the_first_bettor_may_bet_zero_and_the_others_meet_or_drop():
    game, ledger = new_game("ABC")
    roll_round(game, {"A": 3, "B": 3, "C": 3})
    assert game.step == "bet" and game.to_act() == "A"
    assert game.legal_actions("A") == ("bet", "drop")
    game.act("A", "bet", amount=0)
    game.act("B", "meet")
    events = game.act("C", "drop")
    assert "C drops out, forfeiting 10" in events[0].text
    assert game.players == ["A", "B"] and game.step == "roll"
    assert ledger.banks["C"] == 90 and game.pot == 30
    assert [(pot.amount, pot.eligible) for pot in game.pots()] == [(30, ("A", "B"))]


def test_bets_are_multiples_of_the_interval_and_a_raise_is_once_a_round():
    game, _ = new_game("ABC", table={"interval": 5, "ante": 10})
    roll_round(game, {"A": 3, "B": 3, "C": 3})
    with pytest.raises(IllegalAction, match="multiples of 5"):
        game.act("A", "bet", amount=7)
    game.act("A", "bet", amount=5)
    game.act("B", "raise", amount=10)
    with pytest.raises(IllegalAction, match="more than the bet, 10"):
        game.act("C", "raise", amount=10)
    game.act("C", "raise", amount=15)
    game.act("A", "raise", amount=20)  # the opening bet was not A's raise
    game.act("B", "meet")
    assert "raise" not in game.legal_actions("C")
    with pytest.raises(IllegalAction, match="has raised 1 time"):
        game.act("C", "raise", amount=25)
    game.act("C", "meet")
    assert game.step == "roll" and game.records[-1].bet == 20


def test_the_maximum_is_times_the_rounds_already_played():
    game, _ = new_game("AB", bank=1000, table={"maximum": 20, "interval": 10, "ante": 10,
                                               "starting_bank": 1000})
    roll_round(game, {"A": 1, "B": 1})
    with pytest.raises(IllegalAction, match="the maximum this round is 20"):
        game.act("A", "bet", amount=30)
    meet_round(game, 20)
    roll_round(game, {"A": 1, "B": 1})
    game.act("A", "bet", amount=40)  # round 3: two rounds played
    with pytest.raises(IllegalAction, match="the maximum this round is 40"):
        game.act("B", "raise", amount=50)


def test_a_player_who_cannot_meet_the_bet_can_only_drop():
    game, ledger = new_game("AB", bank=100)
    ledger.seat("B").bank = 5
    roll_round(game, {"A": 1, "B": 1})
    game.act("A", "bet", amount=20)
    assert game.legal_actions("B") == ("drop",)
    with pytest.raises(IllegalAction, match="cannot meet 20: 20 more is needed and B holds 5"):
        game.act("B", "meet")
    with pytest.raises(IllegalAction, match="B holds 5"):
        game.act("B", "raise", amount=30)


def test_when_all_but_one_drop_he_wins_the_pot_at_once():
    game, ledger = new_game("ABC")
    roll_round(game, {"A": 1, "B": 6, "C": 6})
    game.act("A", "bet", amount=10)
    game.act("B", "drop")
    game.act("C", "drop")
    assert game.over and game.winners == ["A"]
    assert ledger.banks == {"A": 120, "B": 90, "C": 90}
    assert game.result.payouts == {"A": 40}


def test_the_first_bettor_dropping_passes_the_first_bet_on():
    game, _ = new_game("ABC")
    roll_round(game, {"A": 1, "B": 6, "C": 6})
    game.act("A", "drop")
    assert game.to_act() == "B" and game.legal_actions("B") == ("bet", "drop")


def test_the_highest_total_wins_and_ties_roll_off_until_one_is_higher():
    game, ledger = new_game("ABC", deal={"rounds": 2, "rerolls": 0})
    roll_round(game, {"A": 6, "B": 5, "C": 6})
    meet_round(game, 0)
    roll_round(game, {"A": 3, "B": 1, "C": 3})
    assert game.step == "rolloff" and game.rolling_off == ["A", "C"]
    assert game.wanted() == ("A", "rolloff")
    with pytest.raises(IllegalAction, match="B cannot roll now"):
        game.act("B", "roll", dice=[6])
    game.act("A", "roll", dice=[4])
    game.act("C", "roll", dice=[4])
    assert game.step == "rolloff"  # tied again: again
    game.act("A", "roll", dice=[2])
    game.act("C", "roll", dice=[5])
    assert game.over and game.winners == ["C"] and game.rolloffs == [{"A": 4, "C": 4},
                                                                    {"A": 2, "C": 5}]
    assert ledger.banks["C"] == 120


@pytest.mark.parametrize("choice, rerolls", [("add", 0), ("double", 0), ("reroll", 1)])
def test_a_triple_gives_its_owner_the_choice(choice, rerolls):
    game, _ = new_game("AB", deal={"rounds": 4, "rerolls": 0}, bonuses={"triple": "choose"})
    for number in range(3):
        if game.step == "bet":
            meet_round(game)
        roll_round(game, {"A": 5, "B": 1 + number})
    assert game.step == "bonus" and game.to_act() == "A"
    with pytest.raises(IllegalAction, match="add, double or reroll, not 'triple'"):
        game.act("A", "bonus", target="triple")
    game.act("A", "bonus", target=choice)
    assert game.rerolls["A"] == rerolls
    meet_round(game)
    roll_round(game, {"A": 2, "B": 6})
    # add: 5+5+5 +5 bonus +2; double: 5+5+5 + 2x2 (the next round counts double); reroll: 17.
    expected = {"add": 22, "double": 19, "reroll": 17}[choice]
    assert game.score("A") == expected and game.score("B") == 12


def test_a_triple_in_the_last_round_is_added_and_six_running_are_two_triples():
    game, _ = new_game("AB", deal={"rounds": 6, "rerolls": 0}, bonuses={"triple": "double"})
    for number in range(6):
        if game.step == "bet":
            meet_round(game)
        roll_round(game, {"A": 4, "B": 1 + number % 2})
    # Round 3's triple doubles round 4; round 6's (the last) can only be added.
    assert [r.bonus for r in game.records if r.bonus] == [{"A": "double"}, {"A": "add"}]
    assert game.score("A") == 6 * 4 + 4 + 4
    assert game.over and game.winners == ["A"]


def test_a_sweep_wins_at_once_over_a_higher_score():
    game, _ = new_game("AB", deal={"rounds": 2, "rerolls": 0}, bonuses={"sweep": True})
    roll_round(game, {"A": 1, "B": 6})
    meet_round(game)
    roll_round(game, {"A": 1, "B": 5})
    assert game.over and game.winners == ["A"] and game.swept == ["A"]


def test_without_the_sweep_the_score_decides():
    game, _ = new_game("AB", deal={"rounds": 2, "rerolls": 0})
    roll_round(game, {"A": 1, "B": 6})
    meet_round(game)
    roll_round(game, {"A": 1, "B": 5})
    assert game.winners == ["B"]


TEAMS = {"A": "red", "B": "blue", "C": "red", "D": "blue"}


def test_team_vitaji_combined_scores_and_the_pot_shared_equally():
    game, ledger = new_game("ABCD", team_of=TEAMS, deal={"rounds": 1, "rerolls": 0},
                            teams={"team_size": 2})
    roll_round(game, {"A": 6, "B": 5, "C": 1, "D": 3})
    assert game.over and game.winners == ["B", "D"]  # 8 to 7
    assert ledger.banks == {"A": 90, "B": 110, "C": 90, "D": 110}


def test_a_team_shares_by_stake_and_a_dropped_player_no_longer_counts():
    game, ledger = new_game("ABCD", team_of=TEAMS, deal={"rounds": 2, "rerolls": 0},
                            teams={"team_size": 2, "share": "stake"})
    roll_round(game, {"A": 6, "B": 1, "C": 6, "D": 1})
    game.act("A", "bet", amount=10)
    game.act("B", "meet")
    game.act("C", "drop")  # red plays on with A alone
    game.act("D", "meet")
    roll_round(game, {"A": 1, "B": 6, "D": 6})
    # red: A's 7 (C's 6 no longer counts); blue: 7 + 7.
    assert game.team_score("red") == 7 and game.team_score("blue") == 14
    assert game.winners == ["B", "D"]
    assert ledger.banks == {"A": 80, "B": 115, "C": 90, "D": 115}


def test_teams_must_be_whole():
    with pytest.raises(IllegalAction, match="two or more teams of 2"):
        new_game("ABCD", team_of={"A": "x", "B": "x", "C": "x", "D": "y"},
                 teams={"team_size": 2})


def test_points_mode_moves_no_chips():
    game, ledger = new_game("AB", table={"stakes": "points", "points": 50},
                            deal={"rounds": 2, "rerolls": 0})
    roll_round(game, {"A": 2, "B": 1})
    meet_round(game, 20)
    roll_round(game, {"A": 2, "B": 1})
    assert game.over and game.winners == ["A"] and game.result.payouts == {"A": 60}
    assert ledger.banks == {"A": 100, "B": 100}


def test_a_player_short_of_the_ante_cannot_start():
    _, ledger = new_game("AB")
    from pyhost.engine.vitaji import VitajiGame
    ledger.seat("B").bank = 5
    with pytest.raises(IllegalAction, match="B cannot pay the ante of 10"):
        VitajiGame(ledger.ruleset, ledger.seats, 0)
    assert ledger.banks == {"A": 90, "B": 5}


@pytest.mark.parametrize("dice", [[0], [7], ["x"], [1, 2], 3, [True], None])
def test_a_bad_die_is_refused_in_one_line(dice):
    game, _ = new_game("AB")
    with pytest.raises(IllegalAction) as caught:
        game.act("A", "roll", dice=dice)
    assert "\n" not in str(caught.value) and "A's roll" in str(caught.value)


def test_when_the_first_player_has_dropped_the_next_one_still_in_goes_first():
    game, _ = new_game("ABC")
    roll_round(game, {"A": 1, "B": 2, "C": 3})
    game.act("A", "bet", amount=0)
    game.act("B", "meet")
    game.act("C", "raise", amount=10)
    game.act("A", "drop")
    game.act("B", "meet")
    roll_round(game, {"B": 2, "C": 3})
    assert game.to_act() == "B" and game.legal_actions("B") == ("bet", "drop")
    meet_round(game)
    assert game.to_act() == "B" and game.legal_actions("B") == ("roll",)


def test_a_team_game_ends_when_one_team_is_left():
    game, ledger = new_game("ABCD", team_of=TEAMS, teams={"team_size": 2})
    roll_round(game, {"A": 1, "B": 2, "C": 3, "D": 4})
    game.act("A", "bet", amount=10)
    game.act("B", "drop")
    game.act("C", "meet")
    game.act("D", "drop")
    # Red is the only team left; A and C share the pot of 60 equally.
    assert game.over and game.winners == ["A", "C"]
    assert ledger.banks == {"A": 110, "B": 90, "C": 110, "D": 90}


def test_tied_teams_roll_off_with_every_player_still_in():
    game, _ = new_game("ABCD", team_of=TEAMS, deal={"rounds": 1, "rerolls": 0},
                       teams={"team_size": 2})
    roll_round(game, {"A": 2, "B": 3, "C": 4, "D": 3})
    assert game.step == "rolloff" and game.rolling_off == ["A", "B", "C", "D"]
    for name, face in zip("ABCD", (1, 6, 6, 2), strict=True):
        game.act(name, "roll", dice=[face])
    assert game.winners == ["B", "D"]  # blue rolls 8 to red's 7


def test_when_two_sweep_the_scores_decide_and_one_round_is_no_sweep():
    game, _ = new_game("ABC", deal={"rounds": 2, "rerolls": 0}, bonuses={"sweep": True})
    roll_round(game, {"A": 2, "B": 3, "C": 6})
    meet_round(game)
    roll_round(game, {"A": 2, "B": 3, "C": 5})
    assert game.swept == ["A", "B"] and game.winners == ["B"]
    game, _ = new_game("AB", deal={"rounds": 1, "rerolls": 0}, bonuses={"sweep": True})
    roll_round(game, {"A": 2, "B": 3})
    assert game.winners == ["B"]
