"""Hand evaluation: every tie-break rule of docs/games.md, each with its own case."""

from __future__ import annotations

from itertools import combinations, pairwise

import pytest

from pyhost.rules import load_ruleset
from pyhost.rules.categories import expand, multisets

TAUREN = load_ruleset("tauren-holdem")


def hand(ruleset, dice: str):
    return ruleset.best_hand(dice.split())


def category(ruleset, dice: str) -> str:
    return hand(ruleset, dice).category.name


@pytest.fixture(scope="module")
def tauren_modes(tmp_path_factory):
    """Tauren Hold'em under each Shaman mode, with and without wrap-around straights."""
    from conftest import write_variant

    folder = tmp_path_factory.mktemp("modes")

    class Modes(dict):  # each loaded when a test first asks (a wild one takes a second)
        def __missing__(self, key):
            mode, wrap = key
            assert mode in ("ace", "low", "high", "wild") and wrap in (True, False), key
            edits = {'ace_mode = "ace"': f'ace_mode = "{mode}"',
                     "wrap = true": f"wrap = {str(wrap).lower()}"}
            self[key] = load_ruleset(write_variant(folder, "tauren-holdem", edits,
                                                   f"{mode}-{wrap}"))
            return self[key]

    return Modes()


# -- the source's example hand ---------------------------------------------------------


def test_riggs_straight_beats_skolls_three_sixes():
    board = "5 3 6 6 Warrior"
    riggs = hand(TAUREN, f"Chieftain 4 {board}")
    skoll = hand(TAUREN, f"Shaman 6 {board}")
    assert riggs.category.name == "Straight"
    assert TAUREN.dice.names(riggs.dice) == "4 5 6 Warrior Chieftain"
    assert skoll.category.name == "Three of a kind"
    assert TAUREN.dice.names(skoll.dice) == "6 6 6 Shaman Warrior"
    assert riggs > skoll


def test_a_wild_shaman_gives_skoll_four_sixes(tauren_modes):
    wild = tauren_modes["wild", True]
    board = "5 3 6 6 Warrior"
    skoll = hand(wild, f"Shaman 6 {board}")
    assert skoll.category.name == "Four of a kind"
    assert wild.dice.names(skoll.wild) == "6"
    assert skoll > hand(wild, f"Chieftain 4 {board}")


# -- ties within a category ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("better", "worse", "rule"),
    [
        ("4 4 4 2 2", "3 3 3 Chieftain Chieftain", "a full house's three before its pair"),
        ("Chieftain Chieftain 2 2 3", "Warrior Warrior 6 6 Shaman", "the higher pair first"),
        ("Chieftain Chieftain 5 5 2", "Chieftain Chieftain 4 4 Shaman", "then the second pair"),
        ("Chieftain Chieftain 5 5 Shaman", "Chieftain Chieftain 5 5 Warrior", "then the kicker"),
        ("6 6 Shaman 3 2", "6 6 Chieftain Warrior 5", "kickers highest first"),
        ("6 6 Chieftain 5 3", "6 6 Chieftain 5 2", "down to the last kicker"),
        ("Warrior Warrior Warrior 3 2", "6 6 6 Shaman Chieftain", "three of a kind by its face"),
        ("5 5 5 5 3", "4 4 4 4 Shaman", "four of a kind by its face"),
        ("3 3 3 3 Shaman", "3 3 3 3 Chieftain", "four of a kind, then the kicker"),
        ("Shaman Warrior 5 3 2", "Chieftain Warrior 5 3 2", "a bust by the highest side"),
        ("Shaman Warrior 5 4 2", "Shaman Warrior 5 3 2", "a bust down to the lowest side"),
    ],
)
def test_ties_go_to_the_dice_that_make_the_category_then_the_rest(better, worse, rule):
    a, b = hand(TAUREN, better), hand(TAUREN, worse)
    assert a.category == b.category, rule
    assert a > b, rule


def test_equal_hands_tie_whatever_the_order_of_the_dice():
    a = hand(TAUREN, "6 6 2 Chieftain Shaman 3 4")
    b = hand(TAUREN, "Shaman 4 Chieftain 3 2 6 6")
    assert a == b and not a < b and not b < a


def test_categories_rank_as_written():
    ladder = ["Warrior Warrior Warrior Warrior Warrior", "2 2 2 2 3", "2 2 2 3 3",
              "2 3 4 5 6", "Shaman Shaman Shaman Chieftain Warrior",
              "Shaman Shaman Chieftain Chieftain Warrior", "Shaman Shaman Chieftain Warrior 5",
              "Shaman Chieftain Warrior 5 3"]
    hands = [hand(TAUREN, dice) for dice in ladder]
    assert [h.category.name for h in hands] == [c.name for c in TAUREN.order]
    assert hands == sorted(hands, reverse=True)


def test_best_five_of_seven_picks_the_best_full_house():
    best = hand(TAUREN, "Chieftain Chieftain Chieftain Warrior Warrior Warrior 2")
    assert best.category.name == "Full house"
    assert TAUREN.dice.names(best.dice) == "Chieftain Chieftain Chieftain Warrior Warrior"


# -- straights ----------------------------------------------------------------------------


STRAIGHTS_BEST_FIRST = [
    "5 6 Warrior Chieftain Shaman",
    "4 5 6 Warrior Chieftain",
    "3 4 5 6 Warrior",
    "2 3 4 5 6",
    "Shaman 2 3 4 5",
    "Chieftain Shaman 2 3 4",  # around the horn: below the five-high straight
    "Warrior Chieftain Shaman 2 3",
    "6 Warrior Chieftain Shaman 2",
]


def test_straight_order_by_top_die_with_wraps_below_five_high():
    hands = [hand(TAUREN, dice) for dice in STRAIGHTS_BEST_FIRST]
    assert {h.category.name for h in hands} == {"Straight"}
    assert all(a > b for a, b in pairwise(hands))


def test_without_wrap_a_run_through_the_shaman_is_no_straight(tauren_modes):
    no_wrap = tauren_modes["ace", False]
    assert category(no_wrap, "Warrior Chieftain Shaman 2 3") == "Bust"
    assert category(no_wrap, "Shaman 2 3 4 5") == "Straight"
    assert category(no_wrap, "5 6 Warrior Chieftain Shaman") == "Straight"


def test_all_equal_straight_order_ties_every_straight(variant):
    equal = variant("tauren-holdem", {'straight_order = "by_top"': 'straight_order = "all_equal"'})
    hands = {hand(equal, dice) for dice in STRAIGHTS_BEST_FIRST}
    assert len(hands) == 1


def test_shaman_low_ranks_lowest_and_only_starts_straights(tauren_modes):
    low = tauren_modes["low", False]
    assert hand(low, "2 2 Warrior 4 3") > hand(low, "Shaman Shaman Warrior 4 3")  # 2s over Shamans
    assert hand(low, "Chieftain Warrior 5 3 2") > hand(low, "Shaman Warrior 5 3 2")
    assert category(low, "Shaman 2 3 4 5") == "Straight"
    assert category(low, "5 6 Warrior Chieftain Shaman") == "Bust"


def test_shaman_high_ranks_highest_and_only_ends_straights(tauren_modes):
    high = tauren_modes["high", False]
    assert category(high, "5 6 Warrior Chieftain Shaman") == "Straight"
    assert category(high, "Shaman 2 3 4 5") == "Bust"
    assert hand(high, "Shaman Warrior 5 3 2") > hand(high, "Chieftain Warrior 5 3 2")


def test_wild_shaman_stands_for_any_face_itself_included(tauren_modes):
    wild = tauren_modes["wild", True]
    five = hand(wild, "Shaman Shaman Chieftain Chieftain Chieftain")
    assert five.category.name == "Five of a kind"
    assert wild.dice.names(five.wild) == "Chieftain Chieftain"
    # As itself (the ace) it makes the top straight, better than standing for a 4.
    top = hand(wild, "Shaman 5 6 Warrior Chieftain")
    assert top == hand(TAUREN, "Shaman 5 6 Warrior Chieftain")


def test_every_wild_hand_is_at_least_its_ace_hand(tauren_modes):
    wild, ace = tauren_modes["wild", True], tauren_modes["ace", True]
    wild_table = wild.evaluator.table(5)[1]
    ace_table = ace.evaluator.table(5)[1]
    assert wild_table.keys() == ace_table.keys()
    assert all(wild_table[code] >= ace_table[code] for code in ace_table)


# -- the other games ------------------------------------------------------------------------


def test_holdem_uses_six_dice_and_breaks_ties_on_the_seventh():
    dh = load_ruleset("dice-holdem")
    best = hand(dh, "M E D L O H H")
    assert best.category.name == "HOLDEM"
    assert len(best.dice) == 6
    assert best > hand(dh, "M E D L O H O")
    assert best == hand(dh, "H M E D L O H")
    assert best > hand(dh, "H H H H H O L")  # HOLDEM beats five of a kind
    assert category(dh, "H O L E E E M") == "Three of a kind"


def test_dice_holdem_straights_are_five_letters_in_a_row():
    dh = load_ruleset("dice-holdem")
    assert category(dh, "E D L O H") == "Straight"
    assert category(dh, "M E D L O") == "Straight"
    assert hand(dh, "E D L O H M M") > hand(dh, "M E D L O M M")


def test_small_straight_is_four_in_a_row_with_a_kicker():
    pd = load_ruleset("poker-dice")
    assert category(pd, "1 2 3 4 6") == "Small straight"
    assert category(pd, "1 2 3 4 5") == "Straight"
    assert hand(pd, "1 2 3 4 6") > hand(pd, "6 6 6 5 4")
    assert hand(pd, "3 4 5 6 1") > hand(pd, "1 2 3 4 6")  # by the run's top die
    assert hand(pd, "1 2 3 4 6") > hand(pd, "1 2 3 4 4")  # then the kicker
    assert hand(pd, "2 3 4 5 6") > hand(pd, "1 2 3 4 5")  # 2-6 over 1-5


def test_six_high_straight_over_five_high_straight():
    dp = load_ruleset("dice-poker")
    six, five = hand(dp, "2 3 4 5 6"), hand(dp, "1 2 3 4 5")
    assert six.category.name == "Six-high straight"
    assert five.category.name == "Five-high straight"
    assert six > five > hand(dp, "6 6 6 5 4")
    assert category(dp, "1 3 4 5 6") == "Nothing"


def test_a_hand_needs_enough_dice_and_known_faces():
    with pytest.raises(ValueError, match="a hand needs 5 dice"):
        hand(TAUREN, "Shaman 6")
    with pytest.raises(ValueError, match="no face 'Druid'"):
        hand(TAUREN, "Druid 2 3 4 5")


@pytest.mark.parametrize("ruleset_id", ["tauren-holdem", "poker-dice"])
def test_best_hand_takes_the_dealt_dice_in_any_form_and_refuses_what_is_no_face(ruleset_id):
    # best_hand unpacks a dealt roll of face indices without a loop (HandEvaluator.fast): any
    # other form goes the long way, to the same hand or to the same one-line error.
    ruleset = load_ruleset(ruleset_id)
    dealt, ace = ruleset.deal.dealt, ruleset.dice.count - 1
    roll = (*tuple(range(dealt - 1)), ace)
    want = ruleset.evaluator.best(roll)
    assert ruleset.best_hand(roll) is want
    assert ruleset.best_hand(list(roll)) is want
    assert ruleset.best_hand(iter(roll)) is want  # an iterator is not unpacked and used up
    assert ruleset.best_hand(roll[::-1]) is want
    assert ruleset.best_hand([ruleset.dice.faces[face].name for face in roll]) is want
    assert ruleset.best_hand((*roll[:-1], 0)) is ruleset.evaluator.best((*roll[:-1], 0))
    assert ruleset.best_hand((*roll[1:], 0, 1)) is ruleset.evaluator.best((*roll[1:], 0, 1))
    for bad, shown in ((True, "True"), (1.0, "1.0"), (-1, "-1"), (ace + 1, str(ace + 1))):
        with pytest.raises(ValueError, match=f"no face {shown}"):
            ruleset.best_hand((*roll[:-1], bad))


# -- the precomputed table against the naive evaluator -----------------------------------


def test_table_agrees_with_scoring_every_subset_for_every_seven_dice():
    evaluator = TAUREN.evaluator
    for counts in multisets(TAUREN.dice.count, 7):
        roll = expand(counts)
        fast, naive = evaluator.best(roll), evaluator.best_from_scratch(roll)
        assert (fast.category, fast.key) == (naive.category, naive.key), roll


def test_best_of_seven_is_the_best_of_its_twenty_one_fives():
    roll = TAUREN.dice.parse("Shaman 6 5 3 6 6 Warrior".split())
    fives = [TAUREN.best_hand(five) for five in combinations(roll, 5)]
    assert TAUREN.best_hand(roll) == max(fives)
