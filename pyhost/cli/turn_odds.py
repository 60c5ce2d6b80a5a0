"""`pyhost odds` for a draw game's turn (--keep, --dice, --rolls, --beat): the best
chance of each category, or of beating a hand, with rolls left."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any

import click

from ..rules import Ruleset
from ..rules.categories import Counts
from ..rules.draw import DrawOdds, Target, at_least, beats, draw_odds
from ..rules.families import FiveDiceRules
from ..rules.hands import Hand
from .chances import chance_json, frac, percent


@dataclass(frozen=True)
class Turn:
    """Where a turn stands: dice kept for the next roll, or dice showing to keep from."""

    ruleset: FiveDiceRules
    rolls: int  # rolls left, the next one included
    keep: Counts | None  # --keep: these stay for the next roll, the others are rolled
    showing: Counts | None  # --dice: the whole roll in front of the player
    beat: Counts | None  # --beat: the hand to beat

    @cached_property
    def odds(self) -> DrawOdds:
        return draw_odds(self.ruleset)

    @cached_property
    def beat_hand(self) -> Hand | None:
        return None if self.beat is None else self.ruleset.evaluator.score(self.beat)

    @property
    def kept(self) -> Counts:
        """The dice kept for the next roll (none at the start of a turn)."""
        return self.keep if self.keep is not None else (0,) * self.ruleset.dice.count


def _counts(ruleset: FiveDiceRules, text: str, option: str) -> Counts:
    tokens = [token for token in re.split(r"[,\s]+", text.strip()) if token]
    try:
        faces = ruleset.dice.parse(tokens)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint=option) from None
    return tuple(faces.count(face) for face in range(ruleset.dice.count))


def read_turn(ruleset: Ruleset, keep: str | None, showing: str | None, rolls: int | None,
              beat: str | None) -> Turn:
    """The options checked against the game; any mistake is one usage line (exit code 2)."""
    given = [name for name, value in (("--keep", keep), ("--dice", showing),
                                      ("--rolls", rolls), ("--beat", beat)) if value is not None]
    if not isinstance(ruleset, FiveDiceRules):
        raise click.UsageError(f"{given[0]} is for the draw games (families poker-dice and "
                               f"dice-poker); {ruleset.name} ({ruleset.id}) is of family "
                               f"{ruleset.family}")
    if keep is not None and showing is not None:
        raise click.UsageError("give --keep (the dice kept for the next roll) or --dice "
                               "(the dice showing now), not both")
    dice = ruleset.deal.dice
    kept = None if keep is None else _counts(ruleset, keep, "--keep")
    if kept is not None and sum(kept) > dice:
        raise click.BadParameter(f"{sum(kept)} dice, but a turn has {dice}",
                                 param_hint="--keep")
    shown = None if showing is None else _counts(ruleset, showing, "--dice")
    if shown is not None and sum(shown) != dice:
        raise click.BadParameter(f"the dice showing are all {dice}, not {sum(shown)}",
                                 param_hint="--dice")
    # Dice to keep come from a roll already made; with none, the turn is at its start.
    started = keep is not None or showing is not None
    most = ruleset.deal.rolls - 1 if started else ruleset.deal.rolls
    if rolls is None:
        rolls = most
    if not 1 <= rolls <= most:
        when = "after the first roll" if started else "from the start of a turn"
        allowed = "1" if most == 1 else f"1 to {most}"
        raise click.BadParameter(
            f"{ruleset.name} has {ruleset.deal.rolls} rolls in a turn, so {allowed} left "
            f"{when}, not {rolls}", param_hint="--rolls")
    target = None if beat is None else _counts(ruleset, beat, "--beat")
    if target is not None and sum(target) != dice:
        raise click.BadParameter(f"a hand to beat is all {dice} dice, not {sum(target)}",
                                 param_hint="--beat")
    return Turn(ruleset, rolls, kept, shown, target)


def _dice(ruleset: FiveDiceRules, counts: Counts) -> list[str]:
    return [ruleset.dice.faces[face].name for face, n in enumerate(counts) for _ in range(n)]


def _shown(ruleset: FiveDiceRules, counts: Counts) -> str:
    return " ".join(_dice(ruleset, counts)) or "nothing"


@dataclass(frozen=True)
class Answer:
    chance: Fraction
    keep: Counts | None  # with --dice: the best keep now


def answer(turn: Turn, target: Target) -> Answer:
    if turn.showing is not None:
        keep, chance = turn.odds.best_keep(target, turn.showing, turn.rolls)
        return Answer(chance, keep)
    return Answer(turn.odds.chance(target, turn.kept, turn.rolls), None)


def _keep_words(turn: Turn, keep: Counts) -> str:
    dice = turn.ruleset.deal.dice
    if sum(keep) == dice:
        return "keep all (stand)"
    if not sum(keep):
        return f"roll all {dice}"
    return f"keep {_shown(turn.ruleset, keep)}"


def _where(turn: Turn) -> str:
    ruleset, dice = turn.ruleset, turn.ruleset.deal.dice
    left = f"{turn.rolls} roll{'s' * (turn.rolls != 1)} left of {ruleset.deal.rolls}"
    if turn.showing is not None:
        return f"showing {_shown(ruleset, turn.showing)}, {left}"
    if turn.keep is not None:
        rolled = dice - sum(turn.keep)
        return f"{_shown(ruleset, turn.keep)} kept, the other {rolled} rolled; {left}"
    return f"the start of a turn, {left}"


def turn_text(turn: Turn) -> str:
    ruleset = turn.ruleset
    lines = [f"{ruleset.name}: {_where(turn)}."]
    if turn.beat is not None and turn.beat_hand is not None:
        hand = turn.beat_hand
        result = answer(turn, beats(hand))
        lines.append(f"To beat {_shown(ruleset, turn.beat)} ({hand.category.name}); a tie "
                     "does not beat it.")
        if result.keep is not None:
            lines.append(f"Best now: {_keep_words(turn, result.keep)}.")
        lines.append(f"Chance of beating it, keeping after each roll the dice that serve it "
                     f"best: {frac(result.chance)} ({percent(result.chance)})")
        return "\n".join(lines)
    lines.append("Each line: the exact chance of ending the turn with that category or "
                 "better, in the")
    lines.append("ruleset's order, keeping after each roll the dice that serve that line best "
                 "(a strategy per line).")
    lines.append("")
    rows = [(category, answer(turn, at_least(ruleset.evaluator, category)))
            for category in ruleset.order]
    width = max(len(category.name) for category in ruleset.order)
    fracs = max(len(frac(result.chance)) for _, result in rows)
    for category, result in rows:
        keep = f"  {_keep_words(turn, result.keep)}" if result.keep is not None else ""
        lines.append(f"  {category.name:{width}}  {frac(result.chance):>{fracs}} "
                     f"{percent(result.chance):>9}{keep}")
    return "\n".join(lines)


def turn_json(turn: Turn) -> dict[str, Any]:
    ruleset = turn.ruleset

    def names(counts: Counts | None) -> list[str] | None:
        return None if counts is None else _dice(ruleset, counts)

    data: dict[str, Any] = {
        "ruleset": ruleset.id, "name": ruleset.name, "dice": ruleset.deal.dice,
        "rolls_in_turn": ruleset.deal.rolls, "rolls_left": turn.rolls,
        "keep": names(turn.keep), "showing": names(turn.showing),
    }
    if turn.beat is not None and turn.beat_hand is not None:
        result = answer(turn, beats(turn.beat_hand))
        data["beat"] = {"hand": _dice(ruleset, turn.beat), "category": turn.beat_hand.category.name,
                        "chance": chance_json(result.chance), "keep_now": names(result.keep)}
        return data
    data["categories"] = []
    for category in ruleset.order:
        result = answer(turn, at_least(ruleset.evaluator, category))
        data["categories"].append({"name": category.name, "kind": category.kind,
                                   "at_least": chance_json(result.chance),
                                   "keep_now": names(result.keep)})
    return data
