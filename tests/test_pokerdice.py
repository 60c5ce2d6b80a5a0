"""Poker Dice (Swedish rules) at a table, round by round: every rule of docs/games.md's
Poker Dice section and each decision it makes, with whole rounds scripted."""

from __future__ import annotations

import copy

import pytest

from pyhost.engine import IllegalAction, Table
from pyhost.engine.pokerdice import Phase, PokerDiceRound
from pyhost.rules import load_ruleset

RULES = load_ruleset("poker-dice")


def table(*players, **kwargs) -> Table:
    return Table(RULES, list(players) or ["Ann", "Bo", "Cid", "Dag"], **kwargs)


def state(hand: PokerDiceRound) -> dict:
    """Everything a round holds but its ruleset, and every bank: what a refusal must not
    change."""
    held = {key: copy.deepcopy(value) for key, value in vars(hand).items() if key != "ruleset"}
    held["banks"] = [(seat.name, seat.bank, seat.committed, seat.status) for seat in hand.seats]
    return held


def refused(t: Table, name: str, action: str, amount=None, dice=None,
            match: str = "") -> str:
    """The one line `action` is refused with; nothing changes."""
    before, banks = state(t.hand), t.banks
    with pytest.raises(IllegalAction, match=match) as error:
        t.act(name, action, amount, dice=dice)
    assert state(t.hand) == before and t.banks == banks
    assert "\n" not in str(error.value)
    return str(error.value)


def ante_all(t: Table, ante: int) -> PokerDiceRound:
    hand = t.new_hand()
    t.act(hand.dealer_name, "ante", ante)
    while hand.phase is Phase.ANTE:
        t.act(hand.to_act(), "ante")
    return hand


def texts(t: Table) -> list[str]:
    return [event.text for event in t.hand.events]


def test_the_pages_example_round() -> None:
    # Player 1 antes 2, small straight, raises 1; player 2 full house, raises 1 (player 1
    # out); player 3 only a pair (out); player 4 four of a kind, last: takes the pot.
    t = table()
    hand = ante_all(t, 2)
    assert t.banks == {"Ann": 18, "Bo": 18, "Cid": 18, "Dag": 18} and hand.pot == 8
    t.act("Ann", "roll", dice=[1, 2, 3, 4, 6])
    t.act("Ann", "raise", 1)
    for name in ("Bo", "Cid", "Dag"):
        t.act(name, "call")
    t.act("Bo", "roll", dice=[6, 6, 6, 2, 2])
    t.act("Bo", "raise", 1)
    assert hand.seat("Ann").in_hand is False
    t.act("Cid", "call")
    t.act("Dag", "call")
    t.act("Cid", "roll", dice=[3, 3, 1, 2, 5])
    t.act("Cid", "check")
    assert not hand.seat("Cid").in_hand
    t.act("Dag", "roll", dice=[5, 5, 5, 5, 1])
    assert hand.over and hand.winner == "Dag"
    assert t.banks == {"Ann": 17, "Bo": 16, "Cid": 16, "Dag": 31}
    assert texts(t)[-1] == "Dag takes the pot of 15 with 5 5 5 5 1 (Four of a kind)"
    assert hand.result.payouts == {"Dag": 15}
    # The winner starts the next round.
    assert t.new_hand().dealer_name == "Dag"


def test_three_rolls_keeping_dice_between_them() -> None:
    t = table("Ann", "Bo")
    hand = ante_all(t, 1)
    t.act("Ann", "roll", dice=["6", "6", "1", "2", "3"])
    t.act("Ann", "keep", dice=[6, 6])
    assert texts(t)[-1] == "Ann keeps 6 6 and rolls 3 again"
    refused(t, "Ann", "roll", dice=[6, 6, 6, 6, 6], match="must be 3 dice, not 5")
    t.act("Ann", "roll", dice=[6, 4, 4])
    t.act("Ann", "keep", dice=[6, 6, 6])
    t.act("Ann", "roll", dice=[6, 4])
    assert hand.turn.dice == (5, 5, 5, 5, 3)  # face indices: four sixes and a four
    refused(t, "Ann", "keep", dice=[6], match="no reroll is left")
    refused(t, "Ann", "roll", dice=[6], match="no roll is left")
    t.act("Ann", "check")
    assert hand.hands["Ann"].category.kind == "four_of_a_kind"
    assert hand.to_act() == "Bo"


def test_keeping_is_announced_before_each_reroll_and_only_dice_on_the_table() -> None:
    t = table("Ann", "Bo")
    ante_all(t, 1)
    refused(t, "Ann", "keep", dice=[6], match="before the first roll")
    t.act("Ann", "roll", dice=[1, 1, 2, 3, 5])
    refused(t, "Ann", "roll", dice=[1, 2, 3, 4, 5], match="must say which dice to keep")
    refused(t, "Ann", "keep", dice=[1, 1, 1], match="cannot keep 1 1 1: the dice are")
    refused(t, "Ann", "keep", dice=[1, 1, 2, 3, 5], match="cannot keep all 5")
    refused(t, "Ann", "keep", dice=[7], match="no face '7'")
    refused(t, "Ann", "keep", dice="11", match="must be a list of faces")
    refused(t, "Bo", "keep", dice=[1], match="it is Ann's turn")
    t.act("Ann", "keep", dice=[])
    assert texts(t)[-1] == "Ann keeps nothing and rolls 5 again"
    refused(t, "Ann", "keep", dice=[1], match="already said what to keep")
    refused(t, "Ann", "check", match="roll the other 5 first")
    t.act("Ann", "roll", dice=[2, 3, 4, 5, 6])


def test_an_equal_hand_does_not_beat_the_best_so_far() -> None:
    t = table("Ann", "Bo", "Cid")
    hand = ante_all(t, 1)
    t.act("Ann", "roll", dice=[4, 4, 2, 2, 6])
    t.act("Ann", "check")
    t.act("Bo", "roll", dice=[2, 4, 6, 2, 4])  # the same two pair, the same odd die
    refused(t, "Bo", "raise", 1, match="does not beat Ann's")
    t.act("Bo", "check")
    assert "Bo's 4 4 2 2 6 (Two pair) does not beat Ann's 4 4 2 2 6 (Two pair): Bo is out" \
        in texts(t)
    t.act("Cid", "roll", dice=[4, 4, 2, 2, 5])  # a lower odd die: lower
    t.act("Cid", "keep", dice=[4, 4, 2, 2])
    t.act("Cid", "roll", dice=[6])  # equal again, the last roll: out at once
    t.act("Cid", "keep", dice=[4, 4, 2, 2])
    t.act("Cid", "roll", dice=[1])
    assert hand.over and hand.winner == "Ann"
    assert t.banks == {"Ann": 22, "Bo": 19, "Cid": 19}


def test_out_at_once_after_the_third_roll_and_a_higher_hand_of_a_category_beats() -> None:
    t = table("Ann", "Bo", "Cid")
    hand = ante_all(t, 1)
    t.act("Ann", "roll", dice=[3, 3, 1, 2, 6])
    t.act("Ann", "check")
    for dice in ([2, 2, 1, 4, 6], [1, 4, 6]):
        t.act("Bo", "roll", dice=dice)
        t.act("Bo", "keep", dice=[2, 2])
    t.act("Bo", "roll", dice=[1, 3, 5])  # a pair of twos after three rolls: out at once
    assert not hand.seat("Bo").in_hand and hand.to_act() == "Cid"
    t.act("Cid", "roll", dice=[5, 5, 1, 2, 3])  # a pair of fives beats threes: the last
    assert hand.over and hand.winner == "Cid"  # player wins at once
    assert "Ann is beaten by Cid's 5 5 3 2 1 (Pair) and is out" in texts(t)


def test_small_straights_count() -> None:
    t = table("Ann", "Bo", "Cid")
    hand = ante_all(t, 1)
    t.act("Ann", "roll", dice=[3, 3, 3, 1, 5])
    t.act("Ann", "check")
    t.act("Bo", "roll", dice=[3, 4, 5, 6, 6])  # small straight beats three of a kind
    t.act("Bo", "check")
    assert hand.best == "Bo" and hand.hands["Bo"].category.kind == "small_straight"
    t.act("Cid", "roll", dice=[1, 2, 3, 4, 4])  # a lower small straight does not beat it
    t.act("Cid", "keep", dice=[1, 2, 3, 4])
    t.act("Cid", "roll", dice=[5])  # a straight does
    assert hand.winner == "Cid"


def test_a_new_best_hand_puts_out_the_best_so_far_and_the_pot_grows_with_raises() -> None:
    t = table("Ann", "Bo", "Cid")
    hand = ante_all(t, 2)
    t.act("Ann", "roll", dice=[2, 2, 1, 3, 5])
    t.act("Ann", "raise", 3)
    t.act("Bo", "call")
    t.act("Cid", "fold")
    assert texts(t)[-1] == "Cid leaves the round rather than match 3"
    t.act("Bo", "roll", dice=[1, 1, 1, 3, 5])  # Bo, the last still to roll, beats Ann:
    assert not hand.seat("Ann").in_hand  # she is out, and the round is his at once
    assert hand.winner == "Bo"
    assert t.banks == {"Ann": 15, "Bo": 27, "Cid": 18}


def test_a_raise_only_the_first_player_holds_ends_the_round_when_all_leave() -> None:
    t = table("Ann", "Bo", "Cid")
    hand = ante_all(t, 1)
    t.act("Ann", "roll", dice=[1, 1, 1, 1, 2])
    t.act("Ann", "raise", 5)
    t.act("Bo", "fold")
    t.act("Cid", "fold")
    assert hand.winner == "Ann" and t.banks == {"Ann": 22, "Bo": 19, "Cid": 19}
    assert texts(t)[-1] == "Ann takes the pot of 8 with 1 1 1 1 2 (Four of a kind)"


def test_a_raise_is_at_most_what_every_player_yet_to_roll_can_match() -> None:
    t = table(("Ann", 20), ("Bo", 4), ("Cid", 20))
    hand = ante_all(t, 1)
    t.act("Ann", "roll", dice=[6, 6, 6, 6, 6])
    line = refused(t, "Ann", "raise", 4, match="the most is 3")
    assert line == "Ann cannot raise 4: the most is 3, what Bo has left"
    refused(t, "Ann", "raise", 0, match="at least 1")
    t.act("Ann", "raise", 3)
    t.act("Bo", "call")
    assert hand.seat("Bo").bank == 0
    t.act("Cid", "call")
    t.act("Bo", "roll", dice=[6, 6, 6, 6, 1])
    t.act("Bo", "check")
    t.act("Cid", "roll", dice=[5, 5, 5, 5, 5])
    t.act("Cid", "keep", dice=[5, 5, 5, 5])
    t.act("Cid", "roll", dice=[4])
    assert not hand.over
    t.act("Cid", "keep", dice=[5, 5, 5, 5])
    t.act("Cid", "roll", dice=[5])  # five fives, below Ann's five sixes, after three rolls
    assert hand.winner == "Ann" and t.banks == {"Ann": 28, "Bo": 0, "Cid": 16}


def test_nobody_raises_while_a_player_yet_to_roll_has_nothing_behind() -> None:
    t = table(("Ann", 20), ("Bo", 1), ("Cid", 20))
    hand = ante_all(t, 1)
    t.act("Ann", "roll", dice=[6, 6, 6, 6, 6])
    assert hand.legal_actions("Ann") == ("keep", "check")
    refused(t, "Ann", "raise", 1, match="the most is 0, what Bo has left")


def test_only_the_starter_antes_the_round_is_void_and_he_starts_again() -> None:
    t = table("Ann", "Bo", "Cid", dealer="Bo")
    hand = t.new_hand()
    assert hand.dealer_name == "Bo" and hand.to_act() == "Bo"
    t.act("Bo", "ante", 3)
    t.act("Cid", "fold")
    t.act("Ann", "fold")
    assert hand.over and hand.winner is None
    assert t.banks == {"Ann": 20, "Bo": 20, "Cid": 20}
    assert texts(t)[-1] == "Nobody matched the ante: Bo takes back 3 and starts again"
    assert hand.result.payouts == {"Bo": 3} and hand.result.contributions["Bo"] == 3
    assert t.new_hand().dealer_name == "Bo"


def test_a_player_who_cannot_put_in_the_ante_sits_the_round_out() -> None:
    t = table(("Ann", 20), ("Bo", 2), ("Cid", 20))
    hand = t.new_hand()
    t.act("Ann", "ante", 3)
    assert hand.to_act() == "Cid" and not hand.seat("Bo").in_hand
    assert "Bo cannot match the ante of 3 and sits this round out" in texts(t)
    t.act("Cid", "ante")
    assert hand.phase is Phase.ROLL and hand.order == ["Ann", "Bo", "Cid"]
    assert hand.still_in() == ["Ann", "Cid"]


def test_the_ante() -> None:
    t = table(("Ann", 5), ("Bo", 20))
    hand = t.new_hand()
    refused(t, "Bo", "ante", 1, match="it is Ann's turn")
    refused(t, "Ann", "ante", 0, match="at least 1")
    refused(t, "Ann", "ante", None, match="must be a whole number")
    refused(t, "Ann", "ante", 6, match="only 5 in the bank")
    refused(t, "Ann", "fold", match="Ann sets the ante")
    refused(t, "Ann", "roll", dice=[1, 2, 3, 4, 5], match="Ann sets the ante")
    t.act("Ann", "ante", 5)
    refused(t, "Bo", "ante", 4, match="the ante is 5, not 4")
    assert hand.legal_actions("Bo") == ("ante", "fold")
    t.act("Bo", "ante", 5)
    assert hand.pot == 10 and hand.to_act() == "Ann"


def test_a_player_with_no_chips_is_not_dealt_in_and_the_winner_starts() -> None:
    t = table(("Ann", 1), ("Bo", 1), ("Cid", 0))
    hand = ante_all(t, 1)
    assert [seat.name for seat in hand.seats] == ["Ann", "Bo"]
    t.act("Ann", "roll", dice=[1, 2, 3, 5, 6])
    t.act("Ann", "check")
    t.act("Bo", "roll", dice=[1, 2, 3, 5, 5])
    assert hand.winner == "Bo" and t.banks == {"Ann": 0, "Bo": 2, "Cid": 0}
    with pytest.raises(IllegalAction, match="at least 2 players"):
        t.new_hand()


def test_wrong_turns_and_actions_are_refused_with_one_line() -> None:
    t = table("Ann", "Bo", "Cid")
    hand = ante_all(t, 1)
    refused(t, "Bo", "roll", dice=[1, 2, 3, 4, 5], match="it is Ann's turn")
    refused(t, "Ann", "check", match="before rolling")
    refused(t, "Ann", "call", match="matches the raise|it is Ann's turn to roll")
    refused(t, "Ann", "bet", 1, match="unknown action 'bet'")
    refused(t, "Zed", "roll", dice=[1, 2, 3, 4, 5], match="nobody named 'Zed'")
    refused(t, "Ann", "roll", dice=[1, 2, 3, 4, True], match="True is not a face")
    refused(t, "Ann", "roll", dice=[0, 2, 3, 4, 5], match="no face '0'")
    t.act("Ann", "roll", dice=[1, 2, 3, 4, 5])
    t.act("Ann", "raise", 2)
    refused(t, "Cid", "call", match="it is Bo's turn")
    refused(t, "Bo", "roll", dice=[1, 2, 3, 4, 5], match="Bo matches the raise of 2")
    t.act("Bo", "call")
    t.act("Cid", "fold")
    t.act("Bo", "roll", dice=[1, 1, 1, 1, 1])  # the last to roll beats Ann: his at once
    assert hand.over and hand.winner == "Bo"
    refused(t, "Cid", "roll", dice=[1, 2, 3, 4, 5], match="the round is over")
    assert all(hand.legal_actions(name) == () for name in ("Ann", "Bo", "Cid"))


def test_dice_given_as_names_or_numbers_replay_the_same() -> None:
    plays = []
    for dice in ([1, 2, 3, 4, 6], ["1", "2", "3", "4", "6"]):
        t = table("Ann", "Bo")
        ante_all(t, 1)
        t.act("Ann", "roll", dice=dice)
        t.act("Ann", "check")
        t.act("Bo", "roll", dice=[2, 2, 3, 4, 5])
        plays.append((texts(t), t.banks))
    assert plays[0] == plays[1]


def test_a_raise_is_matched_or_left_never_raised_back() -> None:
    t = table("Ann", "Bo", "Cid")
    hand = ante_all(t, 1)
    t.act("Ann", "roll", dice=[1, 2, 3, 4, 4])
    t.act("Ann", "raise", 2)
    assert hand.legal_actions("Bo") == ("call", "fold")
    refused(t, "Bo", "raise", 2, match="Bo matches the raise of 2 or leaves")
    refused(t, "Bo", "ante", match="Bo matches the raise of 2 or leaves")


def test_a_starter_with_no_chips_passes_the_start_to_the_left() -> None:
    t = table("Ann", "Bo", "Cid")
    hand = ante_all(t, 1)
    t.act("Ann", "roll", dice=[2, 2, 1, 3, 5])
    t.act("Ann", "check")
    t.act("Bo", "roll", dice=[6, 6, 1, 3, 5])
    t.act("Bo", "check")
    t.act("Cid", "roll", dice=[6, 6, 1, 3, 4])
    t.act("Cid", "keep", dice=[6, 6])
    t.act("Cid", "roll", dice=[1, 3, 4])
    t.act("Cid", "keep", dice=[6, 6])
    t.act("Cid", "roll", dice=[1, 2, 4])
    assert hand.winner == "Bo" and t.banks == {"Ann": 19, "Bo": 22, "Cid": 19}
    t.act("Bo", "give", 22, target="Ann")
    assert t.new_hand().dealer_name == "Cid"  # Bo has nothing left


def test_only_players_with_the_minimum_ante_are_dealt_in(variant) -> None:
    rules = variant("poker-dice", {"minimum_ante = 1": "minimum_ante = 3"})
    t = Table(rules, [("Ann", 2), ("Bo", 20), ("Cid", 20)], dealer="Ann")
    hand = t.new_hand()
    assert [seat.name for seat in hand.seats] == ["Bo", "Cid"] and hand.dealer_name == "Bo"
    refused(t, "Bo", "ante", 2, match="at least 3")
    with pytest.raises(IllegalAction, match="Ann cannot start a round: the ante is at least 3"):
        PokerDiceRound(rules, [t.seat("Ann"), t.seat("Cid")], 0)
    assert t.seat("Cid").committed == 0
