"""`pyhost odds`: exact odds of every hand category (or of Vitaji's totals)."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import click

from ..rules import PokerHandRules, Ruleset, VitajiRules
from ..rules.odds import HandOdds, hand_odds
from ..rules.totals import PositionOdds, TotalOdds, position_odds, total_odds
from .chances import chance_json, frac, percent
from .ruleset_arg import ruleset_argument, shipped_help
from .turn_odds import read_turn, turn_json, turn_text

# Above this many outcomes a fraction is too long to read: show percentages only.
EXACT_FRACTIONS_UP_TO = 10**8
# Totals listed one per line up to this many; beyond, in equal bands.
MAX_LINES = 60


# -- hand games ---------------------------------------------------------------------


def hand_odds_text(ruleset: PokerHandRules, result: HandOdds) -> str:
    faces = ruleset.dice.count
    what = ("all seven: hidden and community" if ruleset.family == "holdem"
            else "one roll, no rerolls")
    if ruleset.family == "holdem" and result.dealt != 7:
        what = "hidden and community"
    lines = [
        f"{ruleset.name}: exact odds of one deal of {result.dealt} dice ({what})",
        f"{faces}^{result.dealt} = {result.total:,} equally likely rolls, counted by exact "
        "enumeration of their multisets.",
        "",
    ]
    marked = {c for pair in result.inversions for c in pair}
    width = max(len(row.category.name) for row in result.rows)
    lines.append(f"    {'':{width}}  {'best hand':>24}  {'deal contains it':>24}")
    for row in result.rows:
        mark = "!" if row.category in marked else " "
        lines.append(
            f"  {mark} {row.category.name:{width}}  {frac(row.best):>14} {percent(row.best):>9}"
            f"  {frac(row.contains):>14} {percent(row.contains):>9}"
        )
    lines.append("")
    lines.append(f"Order: ranking = {ruleset.hands.ranking!r}; 'best hand' is under that order, "
                 "'contains' is whether some of the dice form it.")
    contains = {row.category: row.contains for row in result.rows}
    if result.inversions:
        lines.append("! The written order disagrees with rarity (how often a deal contains it):")
        for higher, lower in result.inversions:
            lines.append(f"  {higher.name} ({percent(contains[higher])}) is listed above "
                         f"{lower.name} ({percent(contains[lower])}) but is more common.")
        lines.append("  With ranking = 'by_rarity' the order is: "
                     + ", ".join(c.name for c in result.by_rarity) + ".")
    else:
        lines.append("The written order agrees with rarity.")
    return "\n".join(lines)


def hand_odds_json(ruleset: PokerHandRules, result: HandOdds) -> dict[str, Any]:
    return {
        "ruleset": ruleset.id,
        "name": ruleset.name,
        "dice": result.dealt,
        "faces": ruleset.dice.count,
        "outcomes": result.total,
        "ranking": ruleset.hands.ranking,
        "by_rarity": [c.name for c in result.by_rarity],
        "categories": [
            {"name": row.category.name, "kind": row.category.kind,
             "best": chance_json(row.best), "contains": chance_json(row.contains)}
            for row in result.rows
        ],
        "inversions": [[a.name, b.name] for a, b in result.inversions],
    }


# -- Vitaji ----------------------------------------------------------------------------


def _bands(result: TotalOdds) -> list[tuple[int, int, int]]:
    """(low, high, games) lines: each total, or equal bands of totals when too many."""
    assert result.totals is not None
    totals = list(result.totals.items())
    size = -(-len(totals) // MAX_LINES)
    return [(chunk[0][0], chunk[-1][0], sum(n for _, n in chunk))
            for chunk in (totals[i:i + size] for i in range(0, len(totals), size))]


def total_odds_text(ruleset: VitajiRules, result: TotalOdds) -> str:
    exact = result.outcomes <= EXACT_FRACTIONS_UP_TO

    def show(games: int) -> str:
        # Unreduced, so every line counts games out of the same total.
        chance = percent(result.chance(games))
        return f"{games:>8}/{result.outcomes} {chance:>10}" if exact else f"{chance:>11}"

    sides, rounds = result.sides, result.rounds
    sd = float(result.variance) ** 0.5
    lines = [
        f"{ruleset.name}: odds of a d{sides} game of {rounds} rounds without rerolls "
        f"({sides}^{rounds} = {result.outcomes:,} equally likely games)"
        + ("" if exact else "; shown as percentages"),
        f"One round's roll: each of 1 to {sides} with chance 1/{sides} "
        f"({percent(Fraction(1, sides))}).",
        f"Total after {rounds} rounds: mean {float(result.mean):g}, standard deviation {sd:.4f}.",
    ]
    if result.totals is None:
        lines.append(f"  (the {rounds * (sides - 1) + 1:,} totals are too many to list)")
    else:
        lines.append(f"  {'total':>11}  {'chance':>22}")
        for low, high, games in _bands(result):
            label = str(low) if low == high else f"{low}-{high}"
            lines.append(f"  {label:>11}  {show(games)}")
    lines.append(f"Sweep (the same number every round): {show(result.sweep).strip()}")
    lines.append(f"Triple (the same number three rounds running): {show(result.triple).strip()}")
    return "\n".join(lines)


def total_odds_json(ruleset: VitajiRules, result: TotalOdds) -> dict[str, Any]:
    return {
        "ruleset": ruleset.id,
        "name": ruleset.name,
        "sides": result.sides,
        "rounds": result.rounds,
        "outcomes": result.outcomes,
        "roll": chance_json(Fraction(1, result.sides)),
        "mean": float(result.mean),
        "variance": float(result.variance),
        "totals": None if result.totals is None else [
            {"total": total, **chance_json(result.chance(games))}
            for total, games in result.totals.items()
        ],
        "sweep": chance_json(result.chance(result.sweep)),
        "triple": chance_json(result.chance(result.triple)),
    }


def read_position(ruleset: Ruleset, scores: str | None, rounds_left: int | None,
                  rerolls: str | None) -> tuple[list[int], int, list[int]]:
    """--scores, --rounds-left and --rerolls-left as numbers, or one clear usage error."""
    if not isinstance(ruleset, VitajiRules):
        raise click.UsageError("--scores, --rounds-left and --rerolls-left are Vitaji's")
    if scores is None:
        raise click.UsageError("--scores is needed: each player's score so far, e.g. 40,35")

    def numbers(text: str, option: str) -> list[int]:
        try:
            values = [int(part) for part in text.split(",")]
        except ValueError:
            raise click.UsageError(f"{option} must be whole numbers separated by commas, not "
                                   f"{text!r}") from None
        if any(value < 0 for value in values):
            raise click.UsageError(f"{option} must not be negative: {text!r}")
        return values

    points = numbers(scores, "--scores")
    if len(points) < 2:
        raise click.UsageError("--scores needs two players or more")
    left = ruleset.deal.rounds if rounds_left is None else rounds_left
    if not 0 <= left <= ruleset.deal.rounds:
        raise click.UsageError(f"--rounds-left must be 0 to {ruleset.deal.rounds}, not {left}")
    budgets = [ruleset.deal.rerolls] * len(points) if rerolls is None else \
        numbers(rerolls, "--rerolls-left")
    if len(budgets) == 1:
        budgets *= len(points)
    if len(budgets) != len(points):
        raise click.UsageError(f"--rerolls-left gives {len(budgets)} numbers for "
                               f"{len(points)} players")
    if max(budgets) > 1000:
        raise click.UsageError("--rerolls-left must be at most 1000")
    return points, left, budgets


def position_odds_text(ruleset: VitajiRules, scores: list[int], left: int,
                       rerolls: list[int], result: PositionOdds) -> str:
    lines = [f"{ruleset.name}: the chance of winning from here, a d{ruleset.dice.count} with "
             f"{left} round(s) left",
             f"Each player rerolls to make his own total highest; no bonuses. Method: "
             f"{result.method}.",
             f"  {'player':>6}  {'score':>7}  {'rerolls':>7}  {'chance':>10}"]
    for number, (score, budget, chance) in enumerate(
            zip(scores, rerolls, result.chances, strict=True), 1):
        lines.append(f"  {number:>6}  {score:>7}  {budget:>7}  "
                     f"{percent(Fraction(chance)):>10}")
    return "\n".join(lines)


def position_odds_json(ruleset: VitajiRules, scores: list[int], left: int,
                       rerolls: list[int], result: PositionOdds) -> dict[str, Any]:
    return {"ruleset": ruleset.id, "sides": ruleset.dice.count, "rounds_left": left,
            "method": result.method, "exact": result.exact,
            "players": [{"score": score, "rerolls": budget,
                         **(chance_json(chance) if isinstance(chance, Fraction)
                            else {"percent": chance * 100})}
                        for score, budget, chance in zip(scores, rerolls, result.chances,
                                                         strict=True)]}


def odds_text(ruleset: Ruleset) -> str:
    if isinstance(ruleset, VitajiRules):
        return total_odds_text(ruleset, total_odds(ruleset.dice.count, ruleset.deal.rounds))
    return hand_odds_text(ruleset, hand_odds(ruleset))


DRAW_HELP = (
    "For a draw game (poker-dice, dice-poker), --keep, --dice, --rolls and --beat ask about "
    "a turn under way: the best chance of each category or better, or of beating a hand, "
    "choosing the dice to keep anew after each roll."
)


@click.command(epilog=f"{shipped_help()}\n\n{DRAW_HELP}")
@ruleset_argument
@click.option("--keep", metavar="DICE", help="Draw games: the dice kept for the next roll, "
              "e.g. 6,6,6; the others are rolled.")
@click.option("--dice", "showing", metavar="DICE", help="Draw games: all the dice showing "
              "now, e.g. 6,6,6,2,1; says which to keep.")
@click.option("--rolls", type=int, help="Draw games: rolls left, the next included (default: "
              "all a turn has left).")
@click.option("--beat", metavar="HAND", help='Draw games: the chance of beating this hand, '
              'e.g. "6,6,6,2,2", instead of each category.')
@click.option("--scores", metavar="SCORES", help="Vitaji: each player's score so far, e.g. "
              "40,35,38: the chance each wins from here.")
@click.option("--rounds-left", type=int, help="Vitaji: rounds still to play (default: all).")
@click.option("--rerolls-left", "rerolls", metavar="REROLLS", help="Vitaji: each player's "
              "rerolls left, e.g. 1,0,2, or one number for all (default: the game's budget).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def odds(ruleset: Ruleset, keep: str | None, showing: str | None, rolls: int | None,
         beat: str | None, scores: str | None, rounds_left: int | None, rerolls: str | None,
         as_json: bool) -> None:
    """Print the exact odds of every hand category, by enumeration."""
    if any(value is not None for value in (scores, rounds_left, rerolls)):
        points, left, budgets = read_position(ruleset, scores, rounds_left, rerolls)
        assert isinstance(ruleset, VitajiRules)
        found = position_odds(ruleset.dice.count, points, left, budgets)
        click.echo(json.dumps(position_odds_json(ruleset, points, left, budgets, found),
                              indent=2) if as_json
                   else position_odds_text(ruleset, points, left, budgets, found))
        return
    if any(value is not None for value in (keep, showing, rolls, beat)):
        turn = read_turn(ruleset, keep, showing, rolls, beat)
        click.echo(json.dumps(turn_json(turn), indent=2, ensure_ascii=False) if as_json
                   else turn_text(turn))
        return
    if not as_json:
        click.echo(odds_text(ruleset))
        return
    if isinstance(ruleset, VitajiRules):
        data = total_odds_json(ruleset, total_odds(ruleset.dice.count, ruleset.deal.rounds))
    else:
        data = hand_odds_json(ruleset, hand_odds(ruleset))
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))
