"""Helpers for the Vitaji tests: a ruleset with some keys changed, a game, random play."""

from __future__ import annotations

import random
from typing import Any

from pyhost.engine.core import Ledger
from pyhost.engine.vitaji import VitajiGame
from pyhost.rules import VitajiRules
from pyhost.rules.loading import load_ruleset_with


def vitaji(**sections: dict[str, Any]) -> VitajiRules:
    """The shipped Vitaji with keys changed: vitaji(table={"ante": 0})."""
    ruleset = load_ruleset_with("vitaji", sections, file="test")
    assert isinstance(ruleset, VitajiRules)
    return ruleset


def new_game(names: str | list[str] = "ABC", *, bank: int = 100, first: int = 0,
             team_of: dict[str, str] | None = None, **sections: dict[str, Any]
             ) -> tuple[VitajiGame, Ledger]:
    rules = vitaji(**sections)
    ledger = Ledger(rules, [(name, bank) for name in names])
    game = VitajiGame(rules, ledger.seats, first, **({"teams": team_of} if team_of else {}))
    return game, ledger


def random_move(game: VitajiGame, rng: random.Random) -> tuple[str, str, dict[str, Any]]:
    """A legal action of the player to act, with what it needs."""
    name = game.to_act()
    assert name is not None
    action = rng.choice(game.legal_actions(name))
    extra: dict[str, Any] = {}
    sides = game.ruleset.dice.count
    if action in ("roll", "reroll"):
        extra["dice"] = [rng.randint(1, sides)]
    elif action == "bonus":
        extra["target"] = rng.choice(("add", "double", "reroll"))
    elif action in ("bet", "raise"):
        betting = game.betting
        assert betting is not None
        low = 0 if action == "bet" else (betting.level or 0) + betting.interval
        top = betting.most(name)
        steps = (top - low) // betting.interval
        extra["amount"] = low + betting.interval * rng.randint(0, max(steps, 0))
    return name, action, extra


def play_out(game: VitajiGame, rng: random.Random, limit: int = 100_000) -> int:
    """Play random legal moves to the end; the number of actions."""
    count = 0
    while not game.over:
        name, action, extra = random_move(game, rng)
        game.act(name, action, **extra)
        count += 1
        assert count < limit, "the game does not end"
    return count


def roll_round(game: VitajiGame, faces: dict[str, int]) -> None:
    """Everyone rolls `faces[name]` and passes."""
    while game.step == "roll":
        name = game.to_act()
        assert name is not None
        if "roll" in game.legal_actions(name):
            game.act(name, "roll", dice=[faces[name]])
        else:
            game.act(name, "pass")


def meet_round(game: VitajiGame, bet: int = 0) -> None:
    """The first bettor bets `bet`, everyone meets."""
    assert game.step == "bet"
    game.act(game.to_act(), "bet", amount=bet)
    while game.step == "bet":
        game.act(game.to_act(), "meet")
