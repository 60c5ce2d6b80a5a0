"""Hostile play at the draw games' tables, and hostile histories of them.

At a Poker Dice table and a Dice Poker table (for a forfeit and for chips), rounds are
played by random legal moves, and between them anyone (a seated player, a stranger, no name
at all) tries anything: any action of either game or none, with junk amounts, dice and
targets, legal actions with the wrong dice or amounts among them. Each attempt is either
legal or refused with `IllegalAction` in one line that changes nothing (the table, the
seats and every part of the round as they were); nothing else is ever raised, and the chips
on the table never change. A new round dealt while one is on is refused the same way. The
shipped draw histories, mutated at random, replay or are refused in one line (`pyhost
replay`), never with a traceback.
"""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from conftest import write_variant
from input_fuzz import check_cli, mutate_data
from pyhost.engine import IllegalAction, Table
from pyhost.engine.dicepoker import DicePokerRound
from pyhost.engine.pokerdice import Phase, PokerDiceRound
from pyhost.rules import load_ruleset

FACES = ["1", "2", "3", "4", "5", "6"]
ACTIONS = ["ante", "roll", "keep", "reroll", "check", "raise", "call", "fold", "give", "bet",
           "show", "allin", "pot", "flop", "", "ROLL", None, 7]
JUNK_AMOUNTS = [None, 0, 1, 2, 3, 5, -1, 10**30, 1.5, float("nan"), "2", True, [], {}, b"1"]
JUNK_TOKENS = [*FACES, "7", "x", "", " 6 ", "six", 0, 1, 5, 6, 7, -1, 10**30, None, True, 1.5,
               ["6"], b"6"]
JUNK_DICE = st.one_of(
    st.none(), st.text(max_size=6), st.integers(), st.just(b"66666"), st.just({"6": 6}),
    st.lists(st.sampled_from(JUNK_TOKENS), max_size=7),
    st.lists(st.sampled_from(JUNK_TOKENS), max_size=7).map(tuple),
    st.lists(st.sampled_from(FACES), min_size=0, max_size=6))


@pytest.fixture(scope="module")
def rulesets(tmp_path_factory):
    """Poker Dice as shipped; Dice Poker for a forfeit (shipped) and for chips."""
    folder = tmp_path_factory.mktemp("draw")
    chips = write_variant(folder, "dice-poker", {'stakes = "forfeit"': 'stakes = "chips"'})
    return [load_ruleset("poker-dice"), load_ruleset("dice-poker"), load_ruleset(chips)]


def table_state(t: Table) -> tuple:
    """Everything a refusal must leave as it was: the seats, the ledger and the round."""
    hand = {key: value for key, value in vars(t.hand).items() if key != "ruleset"}
    return (copy.deepcopy(t.seats), list(t.events), t.button, t.hands_played,
            copy.deepcopy(hand))


def legal_move(hand, data) -> tuple[str, str, object, object]:
    """A random legal move by the player to act: (name, action, amount, dice)."""
    name = hand.to_act()
    assert name is not None
    legal = hand.legal_actions(name)
    assert legal, f"{name} is to act with nothing to do"
    action = data.draw(st.sampled_from(legal))
    amount = dice = None
    if isinstance(hand, PokerDiceRound):
        bank = hand.seat(name).bank
        if action == "ante" and hand.phase is Phase.SET_ANTE:
            amount = data.draw(st.integers(hand.ruleset.table.minimum_ante, bank))
        elif action == "raise":
            amount = data.draw(st.integers(1, hand.raise_cap(name)))
        elif action == "roll":
            dice = data.draw(st.lists(st.sampled_from(FACES), min_size=hand.turn.need(),
                                      max_size=hand.turn.need()))
        elif action == "keep":
            lying = [hand.ruleset.dice.faces[face].name for face in hand.turn.dice]
            picks = data.draw(st.lists(st.booleans(), min_size=5, max_size=5))
            dice = [face for face, pick in zip(lying, picks, strict=True) if pick][:4]
        return name, action, amount, dice
    assert isinstance(hand, DicePokerRound)
    if action == "keep":
        picks = data.draw(st.lists(st.booleans(), min_size=5, max_size=5))
        dice = [hand.ruleset.dice.faces[face].name for face, pick in
                zip(hand.lying[name], picks, strict=True) if pick]
    else:
        wanted = hand.wanted()
        assert wanted is not None and wanted[0] == name
        dice = data.draw(st.lists(st.sampled_from(FACES), min_size=wanted[1],
                                  max_size=wanted[1]))
    return name, action, amount, dice


def try_anything(t: Table, data) -> None:
    """Anyone tries anything: legal, or refused in one line changing nothing."""
    seated = [seat.name for seat in t.seats]
    name = data.draw(st.sampled_from([*seated, "Nobody", "", None]))
    hand = t.hand
    if data.draw(st.booleans()) and hand.to_act() is not None:
        # The player to act, with one of his own actions but junk to go with it.
        name = hand.to_act()
        action = data.draw(st.sampled_from(hand.legal_actions(name)))
    else:
        action = data.draw(st.sampled_from(ACTIONS))
    amount = data.draw(st.sampled_from(JUNK_AMOUNTS))
    dice = data.draw(JUNK_DICE)
    target = data.draw(st.sampled_from([None, *seated, "Nobody", 5]))
    # What the flow says of anyone is never an error either.
    assert isinstance(hand.legal_actions(name), tuple)
    before, chips = table_state(t), t.chips
    if data.draw(st.integers(0, 9)) == 0:  # a new round while this one is on
        with pytest.raises(IllegalAction, match="the current hand is not over yet"):
            t.new_hand()
        assert table_state(t) == before
    try:
        t.act(name, action, amount, dice=dice, target=target)
    except IllegalAction as refusal:
        assert str(refusal) and "\n" not in str(refusal)
        assert table_state(t) == before
        event("refused")
    else:
        event(f"a hostile {action} was legal")
    assert t.chips == chips


@pytest.mark.slow  # a long case: .ci/run runs it apart (pytest -m slow)
@settings(max_examples=100, deadline=None,
          suppress_health_check=[HealthCheck.large_base_example, HealthCheck.too_slow])
@given(data=st.data())
def test_hostile_play_is_refused_in_one_line_changing_nothing(rulesets, data):
    ruleset = data.draw(st.sampled_from(rulesets))
    count = data.draw(st.integers(2, 6))
    names = [f"P{n}" for n in range(count)]
    banks = data.draw(st.lists(st.integers(0, 12), min_size=count, max_size=count))
    banks[0] = banks[1] = max(banks[0], 1)
    t = Table(ruleset, list(zip(names, banks, strict=True)),
              dealer=data.draw(st.sampled_from(names)))
    total = t.chips
    for _ in range(data.draw(st.integers(1, 3))):
        try:
            hand = t.new_hand()
        except IllegalAction as refusal:  # too few players with chips left
            assert "at least" in str(refusal)
            break
        moves = 0
        while not hand.over:
            if data.draw(st.integers(0, 2)) == 0:
                try_anything(t, data)
            else:
                name, action, amount, dice = legal_move(hand, data)
                t.act(name, action, amount, dice=dice)
                moves += 1
            assert t.chips == total
            assert moves < 200, "a round that never ends"
        assert all(seat.committed == 0 for seat in t.seats)
        assert sum(hand.result.payouts.values()) == sum(hand.result.contributions.values())
    assert t.chips == total


@pytest.mark.parametrize("example", ["poker-dice-example", "dice-poker-example"])
@pytest.mark.parametrize("seed", [1, 2])
def test_mutated_draw_histories_replay_or_are_refused_in_one_line(tmp_path, example, seed):
    from importlib import resources
    folder = resources.files("pyhost.histories")
    text = folder.joinpath(f"{example}.json").read_text("utf-8")
    (tmp_path / "dice-poker-chips.toml").write_bytes(
        folder.joinpath("dice-poker-chips.toml").read_bytes())
    rng = random.Random(seed)
    problems, accepted = [], 0
    for number in range(60):
        data = json.loads(text)
        mutate_data(rng, data)
        path = tmp_path / f"case{number}.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        for argv in (["replay", str(path)], ["replay", str(path), "--json"]):
            ok, problem = check_cli(argv)
            accepted += ok
            if problem:
                problems.append(f"case {number}: {problem}")
    assert problems == []
    assert 0 < accepted < 120  # the fuzz reaches both outcomes
