"""Pots and the showdown: side pots from all-ins, ties, the odd chip, mucking."""

from __future__ import annotations

import pytest

from conftest import snapshot
from engine_moves import SidePots, replay_steps
from pyhost.engine import IllegalAction, Pot, Seat, Status, Table, pots, split
from pyhost.rules import load_ruleset

TAUREN = load_ruleset("tauren-holdem")
BOARD = [["2", "2", "5"], ["Warrior"], ["Chieftain"]]
# Against that board, best first: a full house, a straight, two pair with Chieftains
# (three ways to make the same hand), a pair.
FULL_HOUSE, STRAIGHT, PAIR = ["5", "5"], ["6", "4"], ["3", "4"]
TWO_PAIR = [["Chieftain", "3"], ["Chieftain", "4"], ["Chieftain", "6"]]


def play_out(t: Table, *, show: tuple[str, ...] | None = None) -> None:
    """Roll the board (no betting is left) and have everyone in the hand show."""
    hand = t.hand
    for street in BOARD:
        hand.act(hand.dealer_name, "roll", dice=street)
    for seat in hand.seats:
        if seat.in_hand and (show is None or seat.name in show):
            hand.act(seat.name, "show")


def test_three_all_ins_with_unequal_stacks_make_a_main_and_two_side_pots():
    t = Table(TAUREN, [("D", 30), ("A", 5), ("B", 10), ("C", 20)], dealer="D")
    t.new_hand(hidden={"A": FULL_HOUSE, "B": STRAIGHT, "C": TWO_PAIR[0], "D": TWO_PAIR[1]})
    for name in ("A", "B", "C"):
        t.act(name, "allin")
    t.act("D", "call")
    assert t.hand.pots() == [Pot(20, ("D", "A", "B", "C")), Pot(15, ("D", "B", "C")),
                             Pot(20, ("D", "C"))]
    play_out(t)
    assert t.hand.payouts == {"A": 20, "B": 15, "C": 10, "D": 10}
    assert t.banks == {"D": 20, "A": 20, "B": 15, "C": 10}
    assert t.chips == 65


def test_four_all_ins_with_a_three_way_tie_and_the_odd_chip_left_of_the_dealer():
    t = Table(TAUREN, [("D", 20), ("A", 4), ("B", 8), ("C", 12)], dealer="D")
    t.new_hand(hidden={"A": PAIR, "B": TWO_PAIR[0], "C": TWO_PAIR[1], "D": TWO_PAIR[2]})
    for name in ("A", "B", "C"):
        t.act(name, "allin")
    t.act("D", "call")
    play_out(t)
    # main 16 split three ways: B is the first winner left of the dealer and gets the odd chip
    assert [(e.player, e.chips, e.details["pot"]) for e in t.hand.events if e.kind == "win"] == [
        ("B", 6, 0), ("C", 5, 0), ("D", 5, 0), ("B", 4, 1), ("C", 4, 1), ("D", 4, 1),
        ("C", 4, 2), ("D", 4, 2)]
    assert t.banks == {"D": 21, "A": 0, "B": 10, "C": 13}


def test_an_all_in_for_less_returns_the_uncalled_part():
    t = Table(TAUREN, [("A", 20), ("B", 8)], dealer="A")
    t.new_hand(hidden={"A": PAIR, "B": FULL_HOUSE})
    t.act("B", "allin")  # heads-up without blinds: left of the dealer acts first
    t.act("A", "raise", 12)
    assert [e.text for e in t.hand.events][-1] == "12 uncalled returned to A"
    assert t.hand.pots() == [Pot(16, ("A", "B"))]
    play_out(t)
    assert t.banks == {"A": 12, "B": 16}


def test_a_folded_player_pays_into_the_pot_but_cannot_win_it():
    t = Table(TAUREN, ["D", "A", "B"], dealer="D")
    t.new_hand(hidden={"A": PAIR, "B": STRAIGHT, "D": FULL_HOUSE})
    t.act("A", "bet", 4)
    t.act("B", "call")
    t.act("D", "call")
    t.act("D", "flop", dice=BOARD[0])
    t.act("A", "check")
    t.act("B", "bet", 2)
    t.act("D", "fold")
    t.act("A", "call")
    assert t.hand.pots() == [Pot(16, ("A", "B"))]
    t.act("D", "turn", dice=BOARD[1])
    t.act("A", "check")
    t.act("B", "check")
    t.act("D", "river", dice=BOARD[2])
    t.act("A", "check")
    t.act("B", "check")
    t.act("A", "show")
    t.act("B", "show")
    assert t.banks == {"D": 16, "A": 14, "B": 30}


def test_equal_hands_split_the_pot():
    t = Table(TAUREN, ["D", "A"], dealer="D")
    t.new_hand(hidden={"A": TWO_PAIR[0], "D": TWO_PAIR[1]})
    t.act("A", "bet", 3)
    t.act("D", "call")
    t.act("D", "flop", dice=BOARD[0])
    for street in BOARD[1:]:
        t.act("A", "check")
        t.act("D", "check")
        t.act("D", "roll", dice=street)
    t.act("A", "check")
    t.act("D", "check")
    t.act("D", "show")
    t.act("A", "show")
    assert t.banks == {"D": 20, "A": 20}


def test_mucking_gives_up_the_claim_but_the_last_claimant_must_show():
    t = Table(TAUREN, ["D", "A", "B"], dealer="D")
    t.new_hand(hidden={"A": FULL_HOUSE, "B": PAIR, "D": STRAIGHT})
    for name in ("A", "B", "D"):
        t.act(name, "allin" if name == "A" else "call")
    play_out(t, show=())
    t.act("A", "muck")
    t.act("D", "muck")
    before = snapshot(t)
    with pytest.raises(IllegalAction, match="B is the last player with a claim: show"):
        t.act("B", "muck")
    assert snapshot(t) == before
    t.act("B", "show")
    assert t.banks == {"D": 0, "A": 0, "B": 60}


def test_showing_other_dice_than_were_rolled_is_refused():
    t = Table(TAUREN, ["D", "A"], dealer="D")
    t.new_hand(hidden={"A": PAIR, "D": PAIR})
    t.act("A", "allin")
    t.act("D", "call")
    for street in BOARD:
        t.act("D", "roll", dice=street)
    with pytest.raises(IllegalAction, match="those are not the dice A rolled"):
        t.hand.show("A", ["5", "5"])
    with pytest.raises(IllegalAction, match="no face 'Druid'"):
        t.hand.show("A", ["Druid", "5"])


def test_pots_are_derived_from_contributions_and_merge_when_open_to_the_same_players():
    seats = [Seat(name="A", bank=0, committed=10), Seat(name="B", bank=0, committed=10),
             Seat(name="C", bank=0, committed=4, status=Status.FOLDED)]
    assert pots(seats) == [Pot(24, ("A", "B"))]
    seats[2].status = Status.ALL_IN
    assert pots(seats) == [Pot(12, ("A", "B", "C")), Pot(12, ("A", "B"))]


def test_split_gives_the_odd_chips_in_order_left_of_the_dealer():
    assert split(10, ["C", "A", "B"], ["B", "C", "D", "A"]) == {"B": 4, "C": 3, "A": 3}
    assert split(11, ["C", "A", "B"], ["B", "C", "D", "A"]) == {"B": 4, "C": 4, "A": 3}
    assert split(7, ["A"], ["A"]) == {"A": 7}



def side_pot_showdown(mucks: tuple[str, ...]) -> Table:
    """engine_moves' side-pot case up to the showdown; then `mucks` muck, the others show."""
    t = Table(TAUREN, SidePots.players, dealer=SidePots.dealer)
    t.new_hand(hidden=SidePots.hidden)
    replay_steps(t.act, SidePots.steps)
    assert t.hand.pots() == [Pot(23, ("B", "C", "W", "L")), Pot(9, ("C", "W", "L"))]
    for name in SidePots.at_showdown:
        t.act(name, "muck" if name in mucks else "show")
    return t


@pytest.mark.parametrize("mucks", [("B",), ("L",), ("B", "L")])
def test_a_loser_who_mucks_does_not_change_how_the_winners_split(mucks):
    shown = side_pot_showdown(())
    mucked = side_pot_showdown(mucks)
    # Each pot is split on its own, its odd chip to C, the first winner left of the dealer:
    # the main pot 12 + 11, the side pot 5 + 4, whether the losers show or muck.
    assert shown.hand.payouts == mucked.hand.payouts == {"C": 17, "W": 15}
    assert [e.text for e in mucked.hand.events if e.kind == "win"] == [
        e.text for e in shown.hand.events if e.kind == "win"] == list(SidePots.wins)
    # The pots are the ones the betting made: a muck gives up a claim, it reshapes nothing.
    assert mucked.hand.pots() == shown.hand.pots() == [Pot(23, ("B", "C", "W", "L")),
                                                       Pot(9, ("C", "W", "L"))]
