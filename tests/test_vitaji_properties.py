"""Vitaji under random play: chips are conserved, a refused action changes nothing, every
game ends, and a game written down as a history replays exactly (hypothesis picks the
table, the seed of the play and the options)."""

import json
import random

from hypothesis import given
from hypothesis import strategies as st
from vitaji_play import new_game, play_out, random_move

from pyhost.engine.core import IllegalAction
from pyhost.engine.vitaji.history import parse_game, replay_game
from pyhost.engine.vitaji.scoresheet import Sheet

OPTIONS = st.fixed_dictionaries({
    "players": st.integers(2, 6),
    "sides": st.sampled_from([2, 3, 6, 20]),
    "rounds": st.integers(1, 6),
    "rerolls": st.integers(0, 4),
    "ante": st.sampled_from([0, 10]),
    "maximum": st.sampled_from([0, 10, 20]),
    "triple": st.sampled_from(["off", "choose", "add", "double", "reroll"]),
    "sweep": st.booleans(),
    "seed": st.integers(0, 2**32),
    "bank": st.integers(10, 200),
})


def game_of(options, teams=False):
    names = [f"P{n}" for n in range(options["players"] * (2 if teams else 1))]
    team_of = {name: f"T{n % options['players']}" for n, name in enumerate(names)} \
        if teams else None
    return new_game(
        names, bank=options["bank"], team_of=team_of,
        dice={"sides": options["sides"]},
        deal={"rounds": options["rounds"], "rerolls": options["rerolls"]},
        table={"ante": options["ante"], "interval": 10, "maximum": options["maximum"],
               "starting_bank": 200},
        bonuses={"triple": options["triple"], "sweep": options["sweep"]},
        teams={"team_size": 2 if teams else 1})


@given(OPTIONS, st.booleans())
def test_chips_are_conserved_and_every_game_ends(options, teams):
    game, ledger = game_of(options, teams)
    total = sum(ledger.banks.values()) + game.pot
    rng = random.Random(options["seed"])
    # Each round takes at most a roll, a pass and the rerolls for each player, and the bets;
    # roll-offs end with probability one, so a generous bound still fails a game without end.
    bound = 200 * options["rounds"] * len(ledger.seats) * (options["rerolls"] + 3) + 10_000
    for _ in range(bound):
        if game.over:
            break
        name, action, extra = random_move(game, rng)
        game.act(name, action, **extra)
        assert sum(seat.bank + seat.committed for seat in ledger.seats) == total
        assert all(seat.bank >= 0 for seat in ledger.seats)
    assert game.over
    assert sum(ledger.banks.values()) == total
    assert game.winners and sum(game.result.payouts.values()) == sum(
        game.result.contributions.values())


WRONG = [("roll", {"dice": [1]}), ("reroll", {"dice": [2]}), ("pass", {}),
         ("bet", {"amount": 10}), ("bet", {"amount": 15}), ("raise", {"amount": 1000}),
         ("meet", {}), ("drop", {}), ("bonus", {"target": "add"}), ("roll", {"dice": [99]}),
         ("fold", {})]


def snapshot(game, ledger):
    """The game's state as text, made at once (so nothing needs copying first): every value
    in it shows its contents, none only its identity (which would hide a change)."""
    state = {key: value for key, value in vars(game).items()
             if key not in ("ruleset", "seats", "purses", "betting", "rolling")}
    for part in ("betting", "rolling"):
        state[part] = vars(getattr(game, part)) if getattr(game, part) is not None else None
    state["banks"] = [(s.bank, s.committed) for s in ledger.seats]
    state["purses"] = {n: (p.bank, p.committed) for n, p in game.purses.items()}
    text = repr(state)
    assert " object at 0x" not in text, text
    return text


@given(OPTIONS, st.integers(0, 10_000))
def test_a_refused_action_changes_nothing(options, seed):
    game, ledger = game_of(options)
    rng = random.Random(seed)
    refused = 0
    while not game.over and refused < 200:
        name = rng.choice([seat.name for seat in ledger.seats])
        action, extra = rng.choice(WRONG)
        before = snapshot(game, ledger)
        try:
            game.act(name, action, **extra)
        except IllegalAction as exc:
            assert "\n" not in str(exc)
            assert snapshot(game, ledger) == before
            refused += 1
            name, action, extra = random_move(game, rng)
            game.act(name, action, **extra)


@given(OPTIONS)
def test_points_games_end_and_move_no_chips(options):
    game, ledger = new_game(["A", "B", "C"], table={"stakes": "points", "points": 100,
                                                    "interval": 10, "ante": 10},
                            deal={"rounds": options["rounds"], "rerolls": options["rerolls"]})
    play_out(game, random.Random(options["seed"]))
    assert ledger.banks == {"A": 100, "B": 100, "C": 100}


@given(OPTIONS, st.booleans())
def test_a_random_game_written_as_a_history_replays_exactly(options, teams):
    game, ledger = game_of(options, teams)
    banks = [(seat.name, seat.bank + seat.committed) for seat in ledger.seats]
    rng = random.Random(options["seed"])
    actions = []
    while not game.over:
        name, action, extra = random_move(game, rng)
        game.act(name, action, **extra)
        actions.append({"player": name, "action": action, **extra})
    settings = {"dice": {"sides": options["sides"]},
                "deal": {"rounds": options["rounds"], "rerolls": options["rerolls"]},
                "table": {"ante": options["ante"], "interval": 10,
                          "maximum": options["maximum"], "starting_bank": 200},
                "bonuses": {"triple": options["triple"], "sweep": options["sweep"]},
                "teams": {"team_size": 2 if teams else 1}}
    history = {"ruleset": "vitaji", "settings": settings,
               "seats": [{"name": n, "bank": b} for n, b in banks], "dealer": banks[0][0],
               "actions": actions,
               "expect": {"pot": sum(game.contributions.values()),
                          "winners": game.winners}}
    if teams:
        history["teams"] = game.team_of
    replayed = replay_game(parse_game(json.dumps(history).encode(), file="random.json"))
    assert [e.text for e in replayed.game.events] == [e.text for e in game.events]
    assert replayed.ledger.banks == ledger.banks
    assert replayed.sheet.text() == Sheet.of_game(game).text()
