"""The betting machine: every rule of a betting round, each with its own case."""

from __future__ import annotations

import pytest

from conftest import snapshot
from pyhost.engine import BettingRound, BettingRules, IllegalAction, Seat, Status, Table
from pyhost.rules import load_ruleset

TAUREN = load_ruleset("tauren-holdem")
NAMES = ["Skoll", "Riggs", "Gray", "Dakx"]


def table(ruleset=TAUREN, names=NAMES, banks=None, dealer="Skoll", mode="guided"):
    players = list(zip(names, banks, strict=True)) if banks else names
    t = Table(ruleset, players, mode=mode, dealer=dealer)
    t.new_hand()
    return t


def refused(t, name, action, amount=None, match=None):
    before = snapshot(t)
    with pytest.raises(IllegalAction, match=match) as caught:
        t.act(name, action, amount)
    assert snapshot(t) == before, "a refused action changed the table"
    assert "\n" not in str(caught.value)
    return str(caught.value)


@pytest.fixture(scope="module")
def with_blinds(tmp_path_factory):
    from conftest import write_variant
    return load_ruleset(write_variant(tmp_path_factory.mktemp("b"), "tauren-holdem",
                                      {"blinds = false": "blinds = true"}))


# -- before the flop ------------------------------------------------------------------------


def test_action_starts_left_of_the_dealer_and_nobody_checks_before_the_flop():
    t = table()
    assert t.hand.to_act() == "Riggs"
    refused(t, "Riggs", "check", match="cannot check before the flop: bet at least 2 or fold")
    refused(t, "Gray", "bet", 2, match="it is Riggs's turn")
    t.act("Riggs", "bet", 2)
    assert t.hand.to_act() == "Gray"


def test_blinds_small_left_of_dealer_big_after_and_action_after_the_big_blind(with_blinds):
    t = table(with_blinds)
    assert t.banks == {"Skoll": 20, "Riggs": 19, "Gray": 18, "Dakx": 20}
    assert t.hand.to_act() == "Dakx"
    t.act("Dakx", "call")
    t.act("Skoll", "call")
    refused(t, "Riggs", "check", match="1 to call")
    t.act("Riggs", "call")
    # The big blind has the minimum in and faces no raise: it may check.
    t.act("Gray", "check")
    assert t.hand.phase == "roll" and t.hand.pot == 8


def test_the_big_blind_may_raise_its_option(with_blinds):
    t = table(with_blinds)
    for name in ("Dakx", "Skoll", "Riggs"):
        t.act(name, "call")
    t.act("Gray", "raise", 2)
    assert t.hand.to_act() == "Dakx"


def test_heads_up_the_dealer_posts_the_small_blind_and_acts_first(with_blinds):
    t = table(with_blinds, names=["Skoll", "Riggs"])
    assert t.banks == {"Skoll": 19, "Riggs": 18}
    assert t.hand.to_act() == "Skoll"
    t.act("Skoll", "call")
    t.act("Riggs", "check")
    t.act("Skoll", "flop", dice=["2", "3", "4"])
    assert t.hand.to_act() == "Riggs"  # after the flop, left of the dealer first


def test_antes_go_in_before_the_deal(variant):
    ante = variant("tauren-holdem", {"ante = 0": "ante = 1"})
    t = table(ante)
    assert t.hand.pot == 4 and set(t.banks.values()) == {19}


def test_a_short_blind_is_all_in(with_blinds):
    t = table(with_blinds, banks=[20, 1, 1, 20])
    assert t.seat("Riggs").status is Status.ALL_IN and t.seat("Gray").status is Status.ALL_IN


# -- amounts --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "amount", "reason"),
    [
        ("bet", 1, "cannot bet 1: the least is 2"),
        ("bet", 21, "cannot put in 21: only 20 left"),
        ("bet", 2.5, "must be a whole number, not 2.5"),
        ("bet", "2", "must be a whole number, not '2'"),
        ("bet", True, "must be a whole number, not True"),
        ("bet", -2, "must not be negative, not -2"),
        ("bet", None, "must be a whole number, not None"),
        ("bet", 0, "cannot bet 0: check instead"),
        ("raise", 2, "there is no bet to raise, bet instead"),
        ("call", None, "nothing to call"),
    ],
)
def test_bad_amounts_are_refused_and_change_nothing(action, amount, reason):
    t = table()
    assert reason in refused(t, "Riggs", action, amount)


def test_unknown_actions_and_players_are_refused():
    t = table()
    refused(t, "Riggs", "dance", match="unknown action 'dance'")
    refused(t, "Thrall", "bet", 2, match="nobody named 'Thrall' sits at this table")


def test_a_raise_is_at_least_the_previous_raise_and_reopens_the_action():
    t = table()
    t.act("Riggs", "bet", 2)
    t.act("Gray", "raise", 4)  # to 6
    refused(t, "Dakx", "raise", 2, match="cannot raise by 2: the least is 4")
    t.act("Dakx", "raise", 4)  # to 10
    t.act("Skoll", "call")
    assert t.hand.to_act() == "Riggs"  # the raise sent the action round again
    t.act("Riggs", "call")
    t.act("Gray", "call")
    assert t.hand.phase == "roll" and t.hand.pot == 40


def test_check_facing_a_bet_is_refused_and_folded_players_cannot_act():
    t = table()
    t.act("Riggs", "bet", 2)
    t.act("Gray", "fold")
    refused(t, "Dakx", "check", match="Dakx cannot check: 2 to call")
    t.act("Dakx", "call")
    t.act("Skoll", "call")
    t.act("Skoll", "flop", dice=["2", "3", "4"])
    refused(t, "Gray", "check", match="Gray is folded")


def test_a_short_all_in_does_not_reopen_the_betting():
    t = table(banks=[40, 40, 14, 40])
    t.act("Riggs", "bet", 10)
    t.act("Gray", "allin")  # 14: a raise of 4, less than the 10 needed
    t.act("Dakx", "call")
    t.act("Skoll", "call")
    assert t.hand.to_act() == "Riggs"  # Riggs owes 4 ...
    refused(t, "Riggs", "raise", 10, match="may only call or fold: the short all-in")
    t.act("Riggs", "call")
    assert t.hand.phase == "roll"


def test_a_full_all_in_raise_reopens_the_betting():
    t = table(banks=[40, 40, 22, 40])
    t.act("Riggs", "bet", 10)
    t.act("Gray", "allin")  # 22: a raise of 12
    t.act("Dakx", "call")
    t.act("Skoll", "call")
    t.act("Riggs", "raise", 12)
    assert t.hand.to_act() == "Dakx"


def test_limit_play_caps_a_raise(variant):
    limit = variant("dice-holdem", {"maximum_raise = 0": "maximum_raise = 4"})
    t = table(limit, names=["A", "B", "C"], dealer="A")
    t.act("B", "bet", 4)
    refused(t, "C", "raise", 6, match="cannot raise by 6: the limit is 4")
    t.act("C", "raise", 4)


def test_put_is_the_guided_tbet_more_chips_whatever_that_makes_it():
    t = table(banks=[20, 20, 20, 5])
    t.act("Riggs", "put", 2)  # a bet
    t.act("Gray", "put", 6)  # 2 to call and 4 more: a raise by 4
    refused(t, "Dakx", "put", 3, match="6 to call")
    t.act("Dakx", "put", 5)  # everything: all-in for less
    assert t.seat("Dakx").status is Status.ALL_IN
    t.act("Skoll", "put", 6)
    t.act("Riggs", "put", 4)
    t.act("Skoll", "flop", dice=["2", "3", "4"])
    t.act("Riggs", "put", 0)  # a check
    assert t.hand.events[-1].text == "Riggs checks"


def test_everyone_folding_ends_the_hand_and_returns_the_uncalled_bet():
    t = table()
    t.act("Riggs", "bet", 4)
    t.act("Gray", "fold")
    t.act("Dakx", "fold")
    t.act("Skoll", "fold")
    texts = [e.text for e in t.hand.events]
    assert texts[-2:] == ["4 uncalled returned to Riggs", "Riggs wins 0 (everyone else folded)"]
    assert t.hand.over and t.banks == dict.fromkeys(NAMES, 20)


# -- the machine for the other games ----------------------------------------------------------


def vitaji_round(banks, **rules):
    seats = [Seat(name=n, bank=b) for n, b in zip("ABC", banks, strict=False)]
    base = dict(minimum_bet=10, minimum_raise=10, interval=10, raise_at_least_last=False)
    return BettingRound(BettingRules(**(base | rules)), seats, 0), seats


def test_vitaji_bets_in_multiples_of_the_interval_zero_included():
    r, _ = vitaji_round([100, 100, 100])
    with pytest.raises(IllegalAction, match="bets go in multiples of 10"):
        r.act(0, "bet", 15)
    r.act(0, "check")  # betting zero
    r.act(1, "bet", 20)
    with pytest.raises(IllegalAction, match="multiples of 10"):
        r.act(2, "raise", 15)


def test_vitaji_maximum_caps_the_round_and_one_raise_each():
    r, _ = vitaji_round([500, 500, 500], round_cap=100, raises_per_player=1)
    r.act(0, "bet", 40)
    with pytest.raises(IllegalAction, match="cannot bet 110 this round: the most is 100"):
        r.act(1, "raise", 70)
    r.act(1, "raise", 20)  # to 60
    r.act(2, "call")
    r.act(0, "raise", 20)  # to 80
    with pytest.raises(IllegalAction, match="B has raised 1 time"):
        r.act(1, "raise", 20)
    r.act(1, "call")
    r.act(2, "call")
    assert r.closed


def test_dropping_out_forfeits_what_was_bet():
    r, seats = vitaji_round([100, 100, 100])
    r.act(0, "bet", 30)
    r.act(1, "fold")
    assert seats[1].status is Status.FOLDED and seats[1].committed == 0
    r.act(2, "call")
    assert seats[0].committed == 30 and r.closed


def test_poker_dice_everyone_must_match_a_raise_or_leave():
    seats = [Seat(name=n, bank=20) for n in "ABCD"]
    r = BettingRound(BettingRules(minimum_bet=1, minimum_raise=1), seats, 0)
    r.act(0, "check")
    r.act(1, "bet", 1)
    r.act(2, "call")
    r.act(3, "raise", 2)
    assert r.to_act == 0  # A, B and C must each match or leave
    for index in (0, 1, 2):
        assert r.options(index).to_call > 0 or index != r.to_act
        r.act(index, "fold" if index == 1 else "call")
    assert r.closed and seats[1].status is Status.FOLDED
