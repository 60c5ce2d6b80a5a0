"""The table: manual and guided ways to run it, the dealer's streets, the bank commands."""

from __future__ import annotations

import pytest

from conftest import snapshot
from pyhost.engine import IllegalAction, Table
from pyhost.rules import load_ruleset

TAUREN = load_ruleset("tauren-holdem")
NAMES = ["Skoll", "Riggs", "Gray", "Dakx"]


def refused(t, name, action, amount=None, match=None, **kw):
    before = snapshot(t)
    with pytest.raises(IllegalAction, match=match):
        t.act(name, action, amount, **kw)
    assert snapshot(t) == before


def test_only_the_dealer_rolls_and_only_when_the_betting_is_done():
    t = Table(TAUREN, NAMES, dealer="Skoll")
    t.new_hand()
    refused(t, "Skoll", "flop", dice=["2", "3", "4"], match="it is Riggs's turn to bet")
    for name, action in (("Riggs", "bet"), ("Gray", "call"), ("Dakx", "call"),
                         ("Skoll", "call")):
        t.act(name, action, 2 if action == "bet" else None)
    refused(t, "Riggs", "flop", dice=["2", "3", "4"], match="only the dealer, Skoll, rolls")
    refused(t, "Skoll", "turn", dice=["2"], match="the next street is the flop")
    refused(t, "Skoll", "flop", dice=["2", "3"], match="the flop must be 3 dice, not 2")
    refused(t, "Skoll", "flop", dice=["2", "3", "Druid"], match="no face 'Druid'")
    t.act("Skoll", "flop", dice=["2", "3", "4"])
    assert t.hand.board_text() == "1-[. ' ] 2-[.· '] 3-[: : ]"


def test_the_button_moves_left_each_hand_and_skips_empty_banks():
    t = Table(TAUREN, [("Skoll", 20), ("Riggs", 20), ("Gray", 0), ("Dakx", 20)],
              dealer="Skoll")
    assert t.new_hand().dealer_name == "Skoll"
    assert [s.name for s in t.hand.seats] == ["Skoll", "Riggs", "Dakx"]  # Gray sits out
    refused(t, "Gray", "bet", 2, match="nobody named 'Gray' is in this hand")
    t.act("Riggs", "bet", 2)
    t.act("Dakx", "fold")
    t.act("Skoll", "fold")
    assert t.new_hand().dealer_name == "Riggs"
    t.act("Dakx", "bet", 2)
    t.act("Skoll", "fold")
    t.act("Riggs", "fold")
    assert t.new_hand().dealer_name == "Dakx"  # Gray, with nothing, is passed over


def test_a_new_hand_waits_for_the_last_one():
    t = Table(TAUREN, NAMES)
    t.new_hand()
    with pytest.raises(IllegalAction, match="the current hand is not over yet"):
        t.new_hand()


def test_a_table_needs_two_players_with_chips_and_distinct_names():
    with pytest.raises(IllegalAction, match="needs at least 2 players"):
        Table(TAUREN, [("A", 20), ("B", 0)]).new_hand()
    with pytest.raises(IllegalAction, match="B is seated twice"):
        Table(TAUREN, ["A", "B", "B"])
    with pytest.raises(IllegalAction) as refused:
        Table(load_ruleset("vitaji"), ["A", "B"])
    assert str(refused.value) == ("Vitaji is not a hold'em, poker dice or dice poker game; its "
                                  "table flow comes later")


def test_one_table_plays_all_three_families_each_choosing_the_next_start():
    from pyhost.engine import pokerdice
    # Dice Poker: the start moves one seat each round, as hold'em's button does.
    dice_poker = Table(load_ruleset("dice-poker"), ["Ann", "Bo", "Cid"], dealer="Bo")
    starters = []
    for _ in range(4):
        round_ = dice_poker.new_hand()
        starters.append(round_.starter)
        for name in round_.order:
            dice_poker.act(name, "roll", dice=["1", "2", "3", "4", "6"])
            dice_poker.act(name, "keep", dice=["1", "2", "3", "4", "6"])
    assert starters == ["Bo", "Cid", "Ann", "Bo"]
    # Poker Dice: the round's winner starts the next, wherever he sits.
    poker_dice = Table(load_ruleset("poker-dice"), ["Ann", "Bo", "Cid"], dealer="Ann")
    round_ = poker_dice.new_hand()
    assert poker_dice.mode == "table" and round_.dealer_name == "Ann"
    poker_dice.act("Ann", "ante", 1)
    poker_dice.act("Bo", "ante")
    poker_dice.act("Cid", "ante")
    poker_dice.act("Ann", "roll", dice=["6", "6", "6", "6", "6"])
    poker_dice.act("Ann", "check")
    poker_dice.act("Bo", "roll", dice=["1", "1", "2", "3", "4"])
    poker_dice.act("Bo", "check")
    poker_dice.act("Cid", "roll", dice=["1", "1", "2", "3", "4"])
    poker_dice.act("Cid", "check")
    assert round_.winner == "Ann" and round_.next_dealer() == "Ann"
    assert poker_dice.new_hand().dealer_name == "Ann"
    # The name the Poker Dice table had is the one table now.
    assert pokerdice.PokerDiceTable is Table


def test_the_guided_table_refuses_tpot():
    t = Table(TAUREN, NAMES)
    t.new_hand()
    refused(t, "Skoll", "pot", target="Riggs", match="guided table pays the pot at the showdown")


# -- manual: the original addon -------------------------------------------------------------


def manual_hand():
    t = Table(TAUREN, NAMES, mode="manual", dealer="Skoll")
    t.new_hand(hidden={"Skoll": ["Shaman", "6"], "Riggs": ["Chieftain", "4"]})
    return t


def test_manual_bets_add_to_the_pot_and_the_dealer_gives_it_after_the_river():
    t = manual_hand()
    for name in ("Riggs", "Dakx", "Skoll"):
        t.act(name, "bet", 2)
    refused(t, "Skoll", "pot", target="Riggs", match="before the river is rolled")
    t.act("Skoll", "flop", dice=["5", "3", "6"])
    t.act("Skoll", "turn", dice=["6"])
    t.act("Riggs", "bet", 2)
    t.act("Skoll", "bet", 2)
    t.act("Skoll", "river", dice=["Warrior"])
    t.act("Skoll", "bet", 2)
    t.act("Riggs", "bet", 2)
    t.act("Skoll", "show")
    t.act("Riggs", "show")
    refused(t, "Riggs", "pot", target="Riggs", match="only the dealer, Skoll, does")
    refused(t, "Skoll", "pot", target="Thrall", match="nobody named 'Thrall'")
    refused(t, "Skoll", "pot", match="must name who gets the pot")
    t.act("Skoll", "pot", target="Riggs")
    assert t.banks == {"Skoll": 14, "Riggs": 28, "Gray": 20, "Dakx": 18}
    refused(t, "Riggs", "bet", 2, match="the pot has been given out")


def test_manual_bets_must_be_whole_positive_and_covered():
    t = manual_hand()
    refused(t, "Riggs", "bet", 0, match="must be at least 1")
    refused(t, "Riggs", "bet", -3, match="must not be negative")
    refused(t, "Riggs", "bet", 1.5, match="must be a whole number")
    refused(t, "Riggs", "bet", 21, match="only 20 left")
    refused(t, "Riggs", "raise", 2, match="a manual table has no raise")


# -- the bank commands ----------------------------------------------------------------------


def test_give_and_reset_are_refused_while_the_player_has_chips_in_a_live_pot():
    t = manual_hand()
    t.act("Riggs", "bet", 5)
    refused(t, "Riggs", "give", 3, target="Gray", match="while Riggs has chips in the live pot")
    refused(t, "Riggs", "reset", match="while Riggs has chips in the live pot")
    t.act("Gray", "give", 3, target="Riggs")  # Gray has nothing in the pot
    assert t.banks["Gray"] == 17 and t.banks["Riggs"] == 18
    t.act("Gray", "reset")
    assert t.banks["Gray"] == 20


def test_give_checks_its_amount_and_target_and_keeps_the_total():
    t = Table(TAUREN, NAMES)
    refused(t, "Riggs", "give", 30, target="Gray", match="only 20 in the bank")
    refused(t, "Riggs", "give", 0, target="Gray", match="at least 1")
    refused(t, "Riggs", "give", "lots", target="Gray", match="whole number")
    refused(t, "Riggs", "give", 3, target="Riggs", match="to themselves")
    refused(t, "Riggs", "give", 3, target="Thrall", match="nobody named 'Thrall'")
    refused(t, "Riggs", "give", 3, match="must name who to give to")
    t.act("Riggs", "give", 3, target="Gray")
    assert t.chips == 80


def test_after_the_hand_the_pot_is_no_longer_live():
    t = manual_hand()
    t.act("Riggs", "bet", 5)
    for street in (["2", "3", "4"], ["5"], ["6"]):
        t.act("Skoll", "roll", dice=street)
    t.act("Skoll", "pot", target="Gray")
    t.act("Riggs", "reset")
    assert t.banks == {"Skoll": 20, "Riggs": 20, "Gray": 25, "Dakx": 20}


@pytest.mark.parametrize(("ruleset_id", "game"), [("poker-dice", "poker dice"),
                                                  ("dice-poker", "dice poker")])
def test_a_draw_round_is_dealt_nothing(ruleset_id, game):
    t = Table(load_ruleset(ruleset_id), ["Ann", "Bo"])
    with pytest.raises(IllegalAction, match=f"a {game} round is dealt nothing, not hidden"):
        t.new_hand(hidden={"Ann": ["1", "2"]})
    assert t.hand is None and t.hands_played == 0 and t.banks == {"Ann": 20, "Bo": 20}
