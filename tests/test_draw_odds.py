"""Odds of a draw game's turn (`pyhost odds poker-dice --keep/--dice/--rolls/--beat`):
hand-computed and published values, a brute force over every sequence of rolls and
every choice of dice to keep, and each bad input refused in one line."""

from __future__ import annotations

import json
import shlex
from fractions import Fraction
from functools import cache
from itertools import compress, product

import pytest
from click.testing import CliRunner

from pyhost.cli import main
from pyhost.rules import load_ruleset
from pyhost.rules.draw import at_least, beats, draw_odds
from pyhost.rules.odds import hand_odds

POKER_DICE = load_ruleset("poker-dice")
DICE_POKER = load_ruleset("dice-poker")


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def counts(ruleset, names: str) -> tuple[int, ...]:
    faces = ruleset.dice.parse(names.split(","))
    return tuple(faces.count(face) for face in range(ruleset.dice.count))


class BruteForce:
    """Every sequence of rolls, every subset of dice positions kept after each one; hands
    scored by the naive evaluator. No memo of values, nothing shared with rules/draw.py."""

    def __init__(self, ruleset, wins) -> None:
        self.faces, self.size = ruleset.dice.count, ruleset.deal.dice
        naive = cache(lambda dice: wins(ruleset.evaluator.best_from_scratch(dice)))
        self.wins = lambda dice: naive(tuple(sorted(dice)))

    def keeping(self, kept: tuple[int, ...], rolls: int) -> Fraction:
        """Keep these dice, roll the others, then play on as well as can be."""
        rolled = self.size - len(kept)
        outcomes = [self.holding(kept + roll, rolls - 1)
                    for roll in product(range(self.faces), repeat=rolled)]
        return Fraction(sum(outcomes), self.faces ** rolled)

    def holding(self, dice: tuple[int, ...], rolls: int) -> Fraction:
        if rolls == 0:
            return Fraction(int(self.wins(dice)))
        return max(self.keeping(tuple(compress(dice, mask)), rolls)
                   for mask in product((0, 1), repeat=len(dice)))

    def each_keep(self, dice: tuple[int, ...], rolls: int) -> dict[tuple[int, ...], Fraction]:
        """Each choice of dice to keep now (as sorted faces), with its best chance."""
        return {tuple(sorted(compress(dice, mask))): self.keeping(tuple(compress(dice, mask)),
                                                                  rolls)
                for mask in product((0, 1), repeat=len(dice))}


def faces_of(keep: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(face for face, n in enumerate(keep) for _ in range(n))


# -- values worked out by hand or published ---------------------------------------------


def test_five_of_a_kind_from_three_sixes_with_two_rolls():
    # Each of the two other dice has two tries at a six: (1 - (5/6)**2)**2 = (11/36)**2.
    five = at_least(POKER_DICE.evaluator, POKER_DICE.order[0])
    assert draw_odds(POKER_DICE).chance(five, counts(POKER_DICE, "6,6,6"), 2) == \
        Fraction(11, 36) ** 2 == Fraction(121, 1296)


def test_full_house_or_better_from_three_sixes_with_two_rolls():
    # The two free dice succeed on a pair or a six (16 of 36); if not, rolling both again
    # (16/36) beats keeping one (2/6).
    full = at_least(POKER_DICE.evaluator, POKER_DICE.order[2])
    assert POKER_DICE.order[2].name == "Full house"
    one_try = Fraction(16, 36)
    assert draw_odds(POKER_DICE).chance(full, counts(POKER_DICE, "6,6,6"), 2) == \
        one_try + (1 - one_try) * one_try


def test_five_of_a_kind_in_a_whole_turn_is_the_published_yahtzee_chance():
    # The chance of a Yahtzee in three rolls with the best keeping: 347897/7558272 (4.6029%).
    five = at_least(POKER_DICE.evaluator, POKER_DICE.order[0])
    assert draw_odds(POKER_DICE).chance(five, (0,) * 6, 3) == Fraction(347897, 7558272)


@pytest.mark.parametrize("ruleset", [POKER_DICE, DICE_POKER], ids=lambda r: r.id)
def test_one_roll_from_the_start_is_the_one_deal_table_summed_from_the_top(ruleset):
    odds, rows = draw_odds(ruleset), hand_odds(ruleset).rows
    for i, category in enumerate(ruleset.order):
        assert odds.chance(at_least(ruleset.evaluator, category), (0,) * 6, 1) == \
            sum(row.best for row in rows[:i + 1])


# -- against the brute force ------------------------------------------------------------


@pytest.mark.slow  # a long case: .ci/run runs it apart (pytest -m slow)
@pytest.mark.parametrize("kept", ["6,6,5,3", "1,2,3,4"])
def test_each_category_with_two_rolls_matches_every_sequence_of_rolls(kept):
    odds, evaluator = draw_odds(POKER_DICE), POKER_DICE.evaluator
    dice = POKER_DICE.dice.parse(kept.split(","))
    for category in POKER_DICE.order:
        floor = evaluator.strength(category)
        brute = BruteForce(POKER_DICE, lambda hand, floor=floor: hand.strength >= floor)
        assert odds.chance(at_least(evaluator, category), counts(POKER_DICE, kept), 2) == \
            brute.keeping(dice, 2), category.name


@pytest.mark.slow  # a long case: .ci/run runs it apart (pytest -m slow)
def test_three_kept_with_two_rolls_matches_every_sequence_of_rolls():
    odds, evaluator = draw_odds(POKER_DICE), POKER_DICE.evaluator
    straight = next(c for c in POKER_DICE.order if c.kind == "straight")
    floor = evaluator.strength(straight)
    brute = BruteForce(POKER_DICE, lambda hand: hand.strength >= floor)
    assert odds.chance(at_least(evaluator, straight), counts(POKER_DICE, "2,3,4"), 2) == \
        brute.keeping(POKER_DICE.dice.parse("234"), 2)


@pytest.mark.parametrize("showing", ["1,2,3,4,6", "6,6,5,5,1", "3,3,3,2,1", "1,1,2,5,6"])
def test_the_best_keep_for_each_category_is_the_best_of_every_keep(showing):
    odds, evaluator = draw_odds(DICE_POKER), DICE_POKER.evaluator
    dice = DICE_POKER.dice.parse(showing.split(","))
    for category in DICE_POKER.order:
        floor = evaluator.strength(category)
        every = BruteForce(DICE_POKER, lambda hand, floor=floor: hand.strength >= floor) \
            .each_keep(dice, 1)
        keep, chance = odds.best_keep(at_least(evaluator, category), counts(DICE_POKER, showing),
                                      1)
        assert chance == max(every.values()) == every[faces_of(keep)], category.name


@pytest.mark.parametrize("ruleset, showing, beat", [
    (DICE_POKER, "6,6,6,2,1", "6,6,6,2,2"),
    (DICE_POKER, "1,2,3,4,6", "5,4,3,2,1"),
    (DICE_POKER, "5,5,2,2,3", "5,5,2,2,4"),
    (POKER_DICE, "6,6,1,2,4", "6,6,5,2,1"),
    (POKER_DICE, "1,1,1,1,2", "1,1,1,1,3"),
])
def test_the_best_keep_to_beat_a_hand_is_the_best_of_every_keep(ruleset, showing, beat):
    hand = ruleset.evaluator.best(beat.split(","))
    every = BruteForce(ruleset, lambda mine: mine > hand).each_keep(
        ruleset.dice.parse(showing.split(",")), 1)
    keep, chance = draw_odds(ruleset).best_keep(beats(hand), counts(ruleset, showing), 1)
    assert chance == max(every.values()) == every[faces_of(keep)]
    assert 0 < chance < 1


def test_a_hand_that_already_beats_it_stands():
    hand = DICE_POKER.evaluator.best("5,5,2,2,4".split(","))
    keep, chance = draw_odds(DICE_POKER).best_keep(beats(hand), counts(DICE_POKER, "5,5,2,2,6"),
                                                   1)
    assert (faces_of(keep), chance) == ((1, 1, 4, 4, 5), 1)


def test_beating_a_hand_with_two_rolls_matches_every_sequence_of_rolls():
    hand = POKER_DICE.evaluator.best("6,6,6,2,2".split(","))
    brute = BruteForce(POKER_DICE, lambda mine: mine > hand)
    chance = draw_odds(POKER_DICE).chance(beats(hand), counts(POKER_DICE, "6,6,1,3"), 2)
    assert chance == brute.keeping(POKER_DICE.dice.parse("6613"), 2)


def test_a_tie_does_not_beat():
    # Only five sixes beat four sixes and a five; standing on that same hand never does.
    hand = POKER_DICE.evaluator.best("6,6,6,6,5".split(","))
    odds = draw_odds(POKER_DICE)
    assert odds.chance(beats(hand), counts(POKER_DICE, "6,6,6,6,5"), 1) == 0
    assert odds.chance(beats(hand), counts(POKER_DICE, "6,6,6,6"), 1) == Fraction(1, 6)


# -- the command ------------------------------------------------------------------------


def test_keep_prints_each_category_or_better():
    result = run("odds", "poker-dice", "--keep", "6,6,6", "--rolls", "2")
    assert result.exit_code == 0, result.stderr
    assert "6 6 6 kept, the other 2 rolled; 2 rolls left of 3" in result.stdout
    five = next(line for line in result.stdout.splitlines() if "Five of a kind" in line)
    assert "121/1296" in five and "9.3364%" in five


def test_dice_says_which_to_keep_and_beat_says_the_chance():
    result = run("odds", "poker-dice", "--dice", "6 6 6 2 1", "--beat", "6,6,6,2,2")
    assert result.exit_code == 0, result.stderr
    hand = POKER_DICE.evaluator.best("66622")
    keep, chance = draw_odds(POKER_DICE).best_keep(beats(hand), counts(POKER_DICE, "6,6,6,2,1"),
                                                   2)
    assert faces_of(keep) == (5, 5, 5)
    assert "Best now: keep 6 6 6." in result.stdout
    assert f"{chance.numerator}/{chance.denominator}" in result.stdout
    data = json.loads(run("odds", "poker-dice", "--dice", "6,6,6,2,1", "--beat", "6,6,6,2,2",
                          "--json").stdout)
    assert data["beat"]["keep_now"] == ["6", "6", "6"]
    assert Fraction(data["beat"]["chance"]["fraction"]) == chance
    assert data["beat"]["category"] == "Full house" and data["rolls_left"] == 2


def test_json_of_a_whole_turn_and_the_default_rolls():
    data = json.loads(run("odds", "dice-poker", "--rolls", "2", "--json").stdout)
    assert data["keep"] is None and data["showing"] is None and data["rolls_left"] == 2
    chances = [Fraction(row["at_least"]["fraction"]) for row in data["categories"]]
    assert chances == sorted(chances) and chances[-1] == 1
    assert [row["name"] for row in data["categories"]] == [c.name for c in DICE_POKER.order]
    # With dice kept, the rolls left default to all the turn has after its first roll.
    data = json.loads(run("odds", "dice-poker", "--keep", "6", "--json").stdout)
    assert data["rolls_left"] == 1 and data["keep"] == ["6"]


@pytest.mark.parametrize("args, says", [
    (["poker-dice", "--keep", "6,6,7"], "no face '7'"),
    (["poker-dice", "--keep", "6,6,6,6,6,6"], "6 dice, but a turn has 5"),
    (["poker-dice", "--keep", "6", "--rolls", "3"],
     "3 rolls in a turn, so 1 to 2 left after the first roll, not 3"),
    (["poker-dice", "--rolls", "4"], "so 1 to 3 left from the start of a turn, not 4"),
    (["poker-dice", "--rolls", "0"], "not 0"),
    (["dice-poker", "--dice", "1,2,3,4,5", "--rolls", "2"],
     "2 rolls in a turn, so 1 left after the first roll, not 2"),
    (["dice-poker", "--dice", "1,2,3,4"], "the dice showing are all 5, not 4"),
    (["poker-dice", "--beat", "6,6,6,2"], "a hand to beat is all 5 dice, not 4"),
    (["poker-dice", "--beat", "6,6,6,2,2,2"], "not 6"),
    (["poker-dice", "--beat", "six"], "no face 'six'"),
    (["poker-dice", "--keep", "6", "--dice", "6,6,6,6,6"], "not both"),
    (["tauren-holdem", "--keep", "1"], "--keep is for the draw games (families poker-dice and "
                                        "dice-poker); Tauren"),
    (["vitaji", "--beat", "1,1,1,1,1"], "--beat is for the draw games"),
    (["dice-holdem", "--rolls", "1"], "--rolls is for the draw games"),
])
def test_bad_input_gets_one_line_and_exit_code_2(args, says):
    result = run("odds", *args)
    assert result.exit_code == 2, result.stdout
    assert result.stderr.count("\n") == 1, result.stderr
    assert says in result.stderr
    assert result.stdout == ""


# -- docs/games.md ----------------------------------------------------------------------


def doc_examples() -> list[tuple[list[str], str]]:
    """(arguments, output) of each `$ pyhost ...` in the section's example block."""
    from test_docs_links import ROOT

    text = (ROOT / "docs" / "games.md").read_text(encoding="utf-8")
    section = text.split("## Odds of a turn: Poker Dice and Dice Poker", 1)[1]
    block = section.split("```text\n", 1)[1].split("```", 1)[0]
    examples = []
    for chunk in block.split("$ pyhost ")[1:]:
        command, _, output = chunk.partition("\n")
        examples.append((shlex.split(command), output))
    return examples


def test_the_docs_examples_are_what_the_command_prints():
    examples = doc_examples()
    assert len(examples) == 2
    for args, output in examples:
        result = run(*args)
        assert result.exit_code == 0, result.stderr
        assert result.stdout == output, args


def test_the_states_are_the_multisets_the_docs_count():
    odds = draw_odds(POKER_DICE)
    assert len(odds.kept_codes) == 462 and len(odds.hands) == 252
