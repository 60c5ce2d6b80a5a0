"""Dice Poker (after The Witcher 2) as a table flow: whole rounds scripted for a forfeit and
for chips, the source's tie-breaks for the highest and the lowest hand, tied winners and
losers, the moving start seat, and every illegal action refused with one line and no
change. Random play (hypothesis) is in test_dicepoker_properties.py."""

from __future__ import annotations

from itertools import combinations_with_replacement

import pytest

from conftest import write_variant
from pyhost.engine.core import IllegalAction
from pyhost.engine.core import Table as CoreTable
from pyhost.engine.dicepoker import FLOWS, DicePokerRound, Step, highest_and_lowest, low_key
from pyhost.rules import load_ruleset

FORFEIT = load_ruleset("dice-poker")


DICE_POKER_FLOWS = {"dice-poker": FLOWS}


class Table(CoreTable):
    flows = DICE_POKER_FLOWS


@pytest.fixture(scope="module")
def chips(tmp_path_factory):
    """The shipped ruleset played for chips (stake 2)."""
    folder = tmp_path_factory.mktemp("dice-poker")
    return load_ruleset(write_variant(folder, "dice-poker", {'stakes = "forfeit"':
                                                              'stakes = "chips"'}))


def faces(text: str) -> list[str]:
    return list(text.replace(" ", ""))


def turn(t, name: str, first: str, keep: str = "", again: str = "") -> None:
    """One player's turn: the roll, the keep announced, the reroll (if any)."""
    t.act(name, "roll", dice=faces(first))
    t.act(name, "keep", dice=faces(keep))
    if len(faces(keep)) < 5:
        t.act(name, "reroll", dice=faces(again))


def stand(t, name: str, roll: str) -> None:
    """A turn that keeps the first roll whole."""
    turn(t, name, roll, roll)


def snapshot(t) -> tuple:
    hand = t.hand
    seats = tuple((s.name, s.bank, s.committed, s.status) for s in t.seats)
    return (seats, hand.step, hand.turn, dict(hand.lying), dict(hand.rolls), dict(hand.kept),
            dict(hand.final), len(hand.events), list(hand.winners), list(hand.losers),
            list(hand.paid))


def refused(t, name, action, match, **kw) -> str:
    before = snapshot(t)
    with pytest.raises(IllegalAction, match=match) as caught:
        t.act(name, action, **kw)
    assert snapshot(t) == before
    message = str(caught.value)
    assert "\n" not in message and message
    return message


def hand(text: str):
    return FORFEIT.best_hand(faces(text))


def low(text: str):
    return low_key(hand(text), FORFEIT.matcher.rank)


# -- the ranking: the source's order and tie-breaks ------------------------------------------


def test_the_categories_in_the_sources_order():
    order = ["66666", "56666", "55666", "23456", "12345", "45666", "45566", "34566", "13456"]
    names = ["Five of a kind", "Four of a kind", "Full house", "Six-high straight",
             "Five-high straight", "Three of a kind", "Two pairs", "Pair", "Nothing"]
    assert [hand(roll).category.name for roll in order] == names
    assert [hand(roll) for roll in order] == sorted(map(hand, order), reverse=True)


@pytest.mark.parametrize(("higher", "lower"), [
    ("55555", "44444"),  # five of a kind: the higher face
    ("55551", "44446"),  # four of a kind: the four before the odd die
    ("55556", "55552"),  # then the odd die
    ("33322", "22266"),  # full house: the triple before the pair, though the pair is higher
    ("33366", "33355"),  # then the pair
    ("66612", "55534"),  # three of a kind: the triple first
    ("44463", "44452"),  # then the rest, highest first
    ("44461", "44452"),
    ("66221", "55446"),  # two pairs: the higher pair first
    ("66332", "66225"),  # then the lower pair
    ("55443", "55442"),  # then the odd die
    ("66123", "55346"),  # pair: the pair first
    ("33156", "33246"),  # then the rest, highest first: 6 = 6, then 5 over 4
    ("33146", "33126"),
    ("13456", "12456"),  # nothing: highest first (6, 5, 4 equal; 3 over 2)
])
def test_the_highest_hand_compares_the_dice_making_it_highest_first(higher, lower):
    assert hand(higher) > hand(lower)
    assert hand(higher).category == hand(lower).category


@pytest.mark.parametrize(("lower", "higher"), [
    ("44444", "55555"),
    ("44446", "55551"),  # four of a kind: the four first
    ("55552", "55556"),
    ("22266", "33322"),  # full house: the triple before the pair
    ("33355", "33366"),
    ("33312", "33345"),  # three of a kind: the triple, then the rest lowest first
    ("44416", "44425"),  # 1 below 2, though the 6 is over the 5
    ("55221", "44336"),  # two pairs: the lower pair first (2 below 3), though 5 over 4
    ("55224", "66225"),  # then the higher pair
    ("66331", "66332"),
    ("33156", "33246"),  # pair: the pair, then the rest lowest first: 1 below 2
    ("22456", "33124"),
    ("12456", "13456"),  # nothing: lowest first
])
def test_the_lowest_hand_compares_the_dice_making_it_lowest_first(lower, higher):
    assert low(lower) < low(higher)


def test_the_lowest_category_loses_whatever_its_dice():
    assert low("12466") > low("13456")  # any pair over nothing
    assert low("12345") < low("23456")  # the five-high straight below the six-high


def reference(counts_order: int, roll: tuple[int, ...]) -> tuple[int, ...]:
    """A hand's tie-break, read off its dice: the faces by how many show (most first), then
    by face, `counts_order` 1 for highest first and -1 for lowest first."""
    count = {face: roll.count(face) for face in roll}
    return tuple(sorted(count, key=lambda face: (-count[face], -counts_order * face)))


def test_every_two_hands_of_a_category_compare_as_the_source_says():
    """Exhaustively, over all 252 hands: the rules layer's order (highest first) and
    `low_key` (lowest first) agree with the source's words, read off the dice."""
    rolls = list(combinations_with_replacement(range(1, 7), 5))
    scored = [(roll, FORFEIT.best_hand([str(f) for f in roll])) for roll in rolls]
    rank = FORFEIT.matcher.rank
    compared = 0
    for roll_a, a in scored:
        for roll_b, b in scored:
            if a.category != b.category:
                continue
            high = (a > b) - (a < b)
            ref_high = reference(1, roll_a), reference(1, roll_b)
            assert high == (ref_high[0] > ref_high[1]) - (ref_high[0] < ref_high[1])
            lo = (low_key(a, rank) > low_key(b, rank)) - (low_key(a, rank) < low_key(b, rank))
            ref_low = reference(-1, roll_a), reference(-1, roll_b)
            assert lo == (ref_low[0] > ref_low[1]) - (ref_low[0] < ref_low[1])
            compared += 1
    assert compared > 5000


def test_the_lowest_is_looked_for_among_the_others():
    # 33156 is both the higher (its 5) and the lower (its 1) of these two pairs of threes.
    hands = {"A": hand("33156"), "B": hand("33246")}
    assert highest_and_lowest(FORFEIT, hands, ["A", "B"]) == (["A"], ["B"])
    assert highest_and_lowest(FORFEIT, hands, ["B", "A"]) == (["A"], ["B"])
    hands = {"A": hand("66654"), "B": hand("33156"), "C": hand("33246")}
    assert highest_and_lowest(FORFEIT, hands, ["A", "B", "C"]) == (["A"], ["B"])


# -- whole rounds --------------------------------------------------------------------------


def test_a_whole_round_for_a_forfeit():
    t = Table(FORFEIT, ["Riggs", "Gray", "Skoll"], dealer="Gray")
    r = t.new_hand()
    assert isinstance(r, DicePokerRound) and r.stakes == "forfeit"
    assert r.order == ["Gray", "Skoll", "Riggs"] and r.to_act() == "Gray"
    assert r.wanted() == ("Gray", 5) and r.legal_actions("Gray") == ("roll",)
    assert r.legal_actions("Riggs") == ()
    t.act("Gray", "roll", dice=faces("62625"))
    assert r.wanted() is None and r.legal_actions("Gray") == ("keep",)
    t.act("Gray", "keep", dice=faces("6 6 2 2"))
    assert r.wanted() == ("Gray", 1) and r.legal_actions("Gray") == ("reroll",)
    t.act("Gray", "reroll", dice=faces("6"))
    turn(t, "Skoll", "13456", "3456", "2")
    turn(t, "Riggs", "11234", "", "41152")
    assert r.over and r.to_act() is None and r.wanted() is None
    assert [e.text for e in r.events] == [
        "Gray rolls 6 2 6 2 5",
        "Gray keeps 6 6 2 2 and rerolls 1",
        "Gray rerolls 6",
        "Gray has 6 6 6 2 2: Full house",
        "Skoll rolls 1 3 4 5 6",
        "Skoll keeps 6 5 4 3 and rerolls 1",
        "Skoll rerolls 2",
        "Skoll has 2 3 4 5 6: Six-high straight",
        "Riggs rolls 1 1 2 3 4",
        "Riggs keeps nothing and rerolls 5",
        "Riggs rerolls 4 1 1 5 2",
        "Riggs has 1 1 5 4 2: Pair",
        "Gray names a forfeit for Riggs",
    ]
    assert (r.winners, r.losers) == (["Gray"], ["Riggs"])
    assert t.banks == {"Riggs": 20, "Gray": 20, "Skoll": 20}
    assert r.result.payouts == {} and r.result.pots == ()
    forfeit = r.events[-1]
    assert (forfeit.kind, forfeit.player, forfeit.details) == ("forfeit", "Gray",
                                                                {"target": "Riggs"})


def test_a_whole_round_for_chips(chips):
    t = Table(chips, ["Riggs", "Gray", "Skoll", "Dakx"])
    r = t.new_hand()
    assert r.stakes == "chips" and r.starter == "Riggs"
    turn(t, "Riggs", "55123", "55", "512")  # three of a kind
    stand(t, "Gray", "44441")  # four of a kind: the highest
    turn(t, "Skoll", "12356", "1235", "4")  # five-high straight
    turn(t, "Dakx", "22346", "22", "613")  # pair: the lowest
    assert (r.winners, r.losers) == (["Gray"], ["Dakx"])
    assert [e.text for e in r.events[-2:]] == ["Dakx pays 2 to Gray", "Gray wins 2"]
    assert t.banks == {"Riggs": 20, "Gray": 22, "Skoll": 20, "Dakx": 18}
    assert r.result.payouts == {"Gray": 2}
    assert r.result.contributions == {"Riggs": 0, "Gray": 0, "Skoll": 0, "Dakx": 2}
    assert [(p.amount, p.eligible) for p in r.result.pots] == [(2, ("Gray",))]
    assert t.chips == 80 and all(seat.committed == 0 for seat in t.seats)


def test_keeping_all_five_ends_the_turn_and_keeping_none_rerolls_all():
    t = Table(FORFEIT, ["A", "B"])
    r = t.new_hand()
    t.act("A", "roll", dice=faces("66655"))
    t.act("A", "keep", dice=faces("56566"))  # any order: the dice, not their places
    assert r.to_act() == "B" and r.final["A"] == (5, 5, 5, 4, 4)
    assert r.events[1].text == "A keeps 6 6 6 5 5 and stands"
    t.act("B", "roll", dice=faces("12346"))
    t.act("B", "keep")  # nothing kept
    assert r.wanted() == ("B", 5)
    t.act("B", "reroll", dice=faces("66666"))
    assert (r.winners, r.losers) == (["B"], ["A"])


def test_the_rolls_in_a_turn_are_the_rulesets(variant):
    three = variant("dice-poker", {"rolls = 2": "rolls = 3"})
    t = Table(three, ["A", "B"])
    r = t.new_hand()
    turn(t, "A", "12345", "5", "5123")
    assert r.legal_actions("A") == ("keep",) and r.lying["A"] == (4, 4, 0, 1, 2)
    t.act("A", "keep", dice=faces("55"))
    t.act("A", "reroll", dice=faces("555"))
    assert r.to_act() == "B" and r.hands["A"].category.name == "Five of a kind"
    assert r.rolls["A"] == 3
    one = variant("dice-poker", {"rolls = 2": "rolls = 1"})
    t = Table(one, ["A", "B"])
    r = t.new_hand()
    t.act("A", "roll", dice=faces("12346"))
    assert r.to_act() == "B" and r.wanted() == ("B", 5)
    refused(t, "A", "keep", "A cannot keep now: it is B's turn", dice=[])
    t.act("B", "roll", dice=faces("22346"))
    assert r.over and (r.winners, r.losers) == (["B"], ["A"])


def test_dice_may_be_face_indices_too():
    t = Table(FORFEIT, ["A", "B"])
    r = t.new_hand()
    t.act("A", "roll", dice=[5, 5, 5, 0, 1])  # indices: 6 6 6 1 2
    t.act("A", "keep", dice=["6", 5, "6"])
    t.act("A", "reroll", dice=["6", "6"])
    assert r.hands["A"].category.name == "Five of a kind"


# -- ties ------------------------------------------------------------------------------------


def test_tied_winners_each_win_and_tied_losers_each_lose_for_chips(chips):
    t = Table(chips, ["A", "B", "C", "D", "E"])
    r = t.new_hand()
    stand(t, "A", "22266")
    stand(t, "B", "66222")  # the same full house as A
    stand(t, "C", "13456")  # nothing
    stand(t, "D", "12345")  # a straight: neither
    stand(t, "E", "65431")  # the same nothing as C
    assert (r.winners, r.losers) == (["A", "B"], ["C", "E"])
    assert r.paid == [("C", "A", 2), ("C", "B", 2), ("E", "A", 2), ("E", "B", 2)]
    assert t.banks == {"A": 24, "B": 24, "C": 16, "D": 20, "E": 16}
    assert r.result.payouts == {"A": 4, "B": 4}


def test_tied_winners_each_name_a_forfeit_for_each_tied_loser():
    t = Table(FORFEIT, ["A", "B", "C", "D"], dealer="C")
    r = t.new_hand()
    stand(t, "C", "11223")
    stand(t, "D", "55555")
    stand(t, "A", "32211")
    stand(t, "B", "55555")
    assert [e.text for e in r.events if e.kind == "forfeit"] == [
        "D names a forfeit for C", "D names a forfeit for A",
        "B names a forfeit for C", "B names a forfeit for A"]
    assert t.banks == {name: 20 for name in "ABCD"}


@pytest.mark.parametrize("stakes", ["forfeit", "chips"])
def test_when_every_hand_is_equal_nobody_wins_or_loses(chips, stakes):
    t = Table(FORFEIT if stakes == "forfeit" else chips, ["A", "B", "C"])
    r = t.new_hand()
    for name in "ABC":
        stand(t, name, "44321")
    assert r.over and (r.winners, r.losers, r.paid) == ([], [], [])
    assert [e.kind for e in r.events[-1:]] == ["draw"]
    assert r.events[-1].text == "Every hand is equal: nobody wins or loses this round"
    assert t.banks == {"A": 20, "B": 20, "C": 20}


def test_everyone_but_the_winners_tied_all_lose(chips):
    t = Table(chips, ["A", "B", "C"])
    r = t.new_hand()
    stand(t, "A", "11112")
    stand(t, "B", "66666")
    stand(t, "C", "21111")
    assert (r.winners, r.losers) == (["B"], ["A", "C"])
    assert t.banks == {"A": 18, "B": 24, "C": 18}


# -- a loser short of chips --------------------------------------------------------------------


def test_a_loser_short_of_chips_pays_what_is_left_shared_in_turn_order(chips):
    t = Table(chips, [("A", 20), ("B", 20), ("C", 3), ("D", 1)], dealer="B")
    r = t.new_hand()
    assert r.order == ["B", "C", "D", "A"]
    stand(t, "B", "66666")
    stand(t, "C", "13456")
    stand(t, "D", "13456")
    stand(t, "A", "66666")
    # Each owes 2 to each of two winners: C has 3 (2 to B, first in turn, then 1 to A),
    # D has 1 (to B).
    assert r.paid == [("C", "B", 2), ("C", "A", 1), ("D", "B", 1)]
    assert t.banks == {"A": 21, "B": 23, "C": 0, "D": 0}
    assert t.chips == 44


def test_a_player_with_no_chips_is_not_dealt_in_for_chips(chips):
    t = Table(chips, [("A", 20), ("B", 0), ("C", 20)])
    assert t.new_hand().order == ["A", "C"]


# -- the start moves one seat a round -----------------------------------------------------------


@pytest.mark.parametrize("stakes", ["forfeit", "chips"])
def test_the_starting_seat_moves_one_place_each_round(chips, stakes):
    t = Table(FORFEIT if stakes == "forfeit" else chips, ["A", "B", "C", "D"], dealer="C")
    starts = []
    for _ in range(6):
        r = t.new_hand()
        starts.append(r.order)
        for name in r.order:
            stand(t, name, "12346")
    assert [order[0] for order in starts] == ["C", "D", "A", "B", "C", "D"]
    assert starts[0] == ["C", "D", "A", "B"] and starts[2] == ["A", "B", "C", "D"]


def test_a_new_round_waits_for_the_last_one():
    t = Table(FORFEIT, ["A", "B"])
    t.new_hand()
    stand(t, "A", "12346")
    with pytest.raises(IllegalAction, match="the current hand is not over yet"):
        t.new_hand()


# -- refusals: one line, nothing changed ----------------------------------------------------------


def test_every_illegal_action_is_refused_with_one_line_and_no_change():
    t = Table(FORFEIT, ["A", "B", "C"])
    r = t.new_hand()
    refused(t, "B", "roll", "B cannot roll now: it is A's turn", dice=faces("12345"))
    refused(t, "A", "keep", "A cannot keep now: A rolls all 5 dice first", dice=[])
    refused(t, "A", "reroll", "A cannot reroll now: A rolls all 5 dice first",
            dice=faces("1"))
    refused(t, "A", "roll", "A's roll must be 5 dice, not 4", dice=faces("1234"))
    refused(t, "A", "roll", "A's roll must be 5 dice, not 6", dice=faces("123456"))
    refused(t, "A", "roll", "A's roll must be a list of 5 faces, not '12345'", dice="12345")
    refused(t, "A", "roll", "A's roll must be a list of 5 faces, not None")
    refused(t, "A", "roll", "A's roll: no face '7' on these dice", dice=faces("12347"))
    refused(t, "A", "roll", "no face 6 on these dice", dice=[0, 1, 2, 3, 6])
    refused(t, "A", "bet", "A cannot bet: dice poker has roll, keep and reroll", amount=2)
    refused(t, "A", "show", "dice poker has roll, keep and reroll")
    refused(t, "Z", "roll", "nobody named 'Z' sits at this table", dice=faces("12345"))
    t.act("A", "roll", dice=faces("66612"))
    refused(t, "A", "roll", "A cannot roll now: A must first say which dice to keep",
            dice=faces("12345"))
    refused(t, "A", "reroll", "A cannot reroll now: A must first say which dice to keep",
            dice=faces("12"))
    refused(t, "A", "keep", "A cannot keep 6 6 6 6: A rolled 6 6 6 1 2", dice=faces("6666"))
    refused(t, "A", "keep", "A cannot keep 5: A rolled 6 6 6 1 2", dice=faces("5"))
    refused(t, "A", "keep", "A cannot keep 6 6 6 1 2 2: A rolled", dice=faces("666122"))
    refused(t, "A", "keep", "A must keep a list of faces, not '666'", dice="666")
    refused(t, "A", "keep", "A's keep: no face 'x' on these dice", dice=["x"])
    refused(t, "B", "keep", "B cannot keep now: it is A's turn", dice=[])
    t.act("A", "keep", dice=faces("666"))
    refused(t, "A", "reroll", "A's reroll must be 2 dice, not 3", dice=faces("123"))
    refused(t, "A", "keep", "A cannot keep now: A rerolls 2 dice", dice=faces("666"))
    refused(t, "A", "roll", "A cannot roll now: A rerolls 2 dice", dice=faces("12345"))
    t.act("A", "reroll", dice=faces("66"))
    refused(t, "A", "roll", "A cannot roll now: it is B's turn", dice=faces("12345"))
    stand(t, "B", "12345")
    stand(t, "C", "12346")
    assert r.over
    refused(t, "A", "roll", "A cannot roll: the round is over", dice=faces("12345"))
    refused(t, "C", "reroll", "C cannot reroll: the round is over", dice=faces("1"))


def test_a_round_needs_two_to_ten_players_and_is_dealt_nothing():
    with pytest.raises(IllegalAction, match="needs at least 2 players with chips, not 1"):
        Table(FORFEIT, ["A"]).new_hand()
    with pytest.raises(IllegalAction, match="seats at most 10, not 11"):
        Table(FORFEIT, [f"P{n}" for n in range(11)])
    seats = Table(FORFEIT, [f"P{n}" for n in range(10)]).seats
    with pytest.raises(IllegalAction, match="seats at most 10, not 11"):
        DicePokerRound(FORFEIT, [*seats, type(seats[0])(name="X", bank=5)], 0)
    t = Table(FORFEIT, ["A", "B"])
    with pytest.raises(IllegalAction, match="a dice poker round is dealt nothing, not hidden"):
        t.new_hand(hidden={"A": ["1"]})
    assert t.hand is None and t.hands_played == 0
    assert DicePokerRound(FORFEIT, seats, 9).order[:2] == ["P9", "P0"]
    assert Step.ROLL == "roll"
