"""`pyhost replay`: run a hand history through the engine and print what happened."""

from __future__ import annotations

import json
from typing import Any

import click

from ..engine import Pot
from ..engine.history import (
    HistoryError,
    Replay,
    ReplayError,
    Step,
    load_history,
    shipped_histories,
)
from ..engine.history import (
    replay as run_replay,
)
from ..engine.vitaji import history as vitaji


def pot_label(number: int, count: int) -> str:
    return "the pot" if count == 1 else ("the main pot" if number == 0 else f"side pot {number}")


def pots_text(pots: list[Pot]) -> str:
    if not pots:
        return "none"
    return "; ".join(f"{pot_label(n, len(pots))} {pot.amount} ({', '.join(pot.eligible)})"
                     for n, pot in enumerate(pots))


def step_lines(step: Step | vitaji.GameStep, pot_width: int = 4) -> list[str]:
    """A step as the lines of a replay: its action and pot, then what the engine said."""
    head = f"{step.position:>4}. {step.action!s:<20} pot {step.pot:>{pot_width}}"
    texts = [event.text for event in step.events] or ["(no change)"]
    return [f"{head}   {texts[0]}", *(f"{'':<{len(head)}}   {text}" for text in texts[1:])]


def banks_text(banks: dict[str, int]) -> str:
    return ", ".join(f"{name} {bank}" for name, bank in banks.items())


def rounds_text(result: Replay) -> str:
    """A draw game's rounds: each round's actions with what the engine said, then the
    banks."""
    record = result.record
    seats = ", ".join(f"{name} {bank}" for name, bank in record.seats)
    lines = [f"{record.ruleset.name} ({record.ruleset.id}). Seats: {seats}"]
    for played, written in zip(result.rounds, record.rounds, strict=True):
        lines.append(f"Round {played.number}, {played.starter} starts"
                     + (f": {written.about}" if written.about else ""))
        for step in played.steps:
            lines += step_lines(step)
        if not played.over:
            lines.append(f"The round is not over: {played.waiting}.")
        lines.append(f"Banks: {banks_text(played.banks)}")
    return "\n".join(lines)


def replay_text(result: Replay) -> str:
    if result.record.draw:
        return rounds_text(result)
    record, table = result.record, result.table
    seats = ", ".join(f"{name} {bank}" + (" (dealer)" if name == record.dealer else "")
                      for name, bank in record.seats)
    lines = [f"{record.ruleset.name}, {record.mode} table. Seats: {seats}"]
    for step in result.steps:
        lines += step_lines(step)
    hand = table.hand
    if not result.over and hand is not None:
        lines.append(f"The hand is not over: {hand._waiting_for()}.")
    lines.append(f"Pots: {pots_text(result.pots)}")
    winners = ", ".join(f"{name} {chips}" for name, chips in result.winners.items())
    lines.append(f"Winners: {winners or 'none yet'}")
    lines.append(f"Banks: {banks_text(table.banks)}")
    return "\n".join(lines)


def step_json(step: Step | vitaji.GameStep) -> dict[str, Any]:
    return {"position": step.position, "action": step.action.to_json(),
            "events": [event.text for event in step.events], "pot": step.pot}


def replay_json(result: Replay) -> dict[str, Any]:
    if result.record.draw:
        return {
            "ruleset": result.record.ruleset.id,
            "mode": result.record.mode,
            "rounds": [
                {"round": played.number, "starter": played.starter,
                 "steps": [step_json(step) for step in played.steps], "over": played.over,
                 "payouts": played.payouts, "banks": played.banks}
                for played in result.rounds
            ],
            "over": result.over,
            "banks": result.table.banks,
        }
    return {
        "ruleset": result.record.ruleset.id,
        "mode": result.record.mode,
        "steps": [step_json(step) for step in result.steps],
        "over": result.over,
        "pots": [{"amount": pot.amount, "eligible": list(pot.eligible)} for pot in result.pots],
        "winners": result.winners,
        "banks": result.table.banks,
    }


def game_text(result: vitaji.GameReplay) -> str:
    """A game of Vitaji: its actions, each bet against the maximum, the scoresheet, the pot
    and its winner, the banks."""
    record, game = result.record, result.game
    seats = ", ".join(f"{name} {bank}" + (" (first)" if name == record.dealer else "")
                      for name, bank in record.seats)
    lines = [f"{record.ruleset.name}, d{record.ruleset.dice.count} over "
             f"{record.ruleset.deal.rounds} rounds. Seats: {seats}"]
    for step in result.steps:
        lines += step_lines(step, pot_width=5)
    if not game.over:
        lines.append(f"The game is not over: {game.to_act()} is to act.")
    lines.append("Bets against the maximum:")
    lines += [f"  {check}" for check in result.checks] or ["  none"]
    lines += ["Scoresheet:", result.sheet.text()]
    if game.over:
        lines.append(f"Pot {sum(game.contributions.values())}, won by {', '.join(game.winners)}")
    lines.append(f"Banks: {banks_text(result.ledger.banks)}")
    return "\n".join(lines)


def game_json(result: vitaji.GameReplay) -> dict[str, Any]:
    game = result.game
    return {
        "ruleset": result.record.ruleset.id,
        "mode": "guided",
        "steps": [step_json(step) for step in result.steps],
        "over": game.over,
        "pot": sum(game.contributions.values()) if game.over else game.pot,
        "winners": list(game.winners),
        "scores": {name: game.score(name) for name in game.order},
        "checks": list(result.checks),
        "scoresheet": result.sheet.saved(),
        "banks": result.ledger.banks,
    }


@click.command(epilog="HAND is the path of a history file (JSON), or a shipped example: "
               + ", ".join(shipped_histories()) + ".")
@click.argument("hand")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
def replay(hand: str, as_json: bool) -> None:
    """Replay a hand history: each action's effect, the pots, winners and banks (a draw
    game's: each round's actions and the banks after it; a game of Vitaji: its actions, the
    bets checked against the maximum, the scoresheet, the pot and its winner)."""
    try:
        if vitaji.is_vitaji_history(hand):
            result: Any = vitaji.replay_game(vitaji.load_game(hand))
            as_text, as_data = game_text, game_json
        else:
            result = run_replay(load_history(hand))
            as_text, as_data = replay_text, replay_json
    except (HistoryError, ReplayError, vitaji.GameHistoryError, vitaji.GameReplayError) as exc:
        click.echo(f"error: {exc}", err=True)
        raise click.exceptions.Exit(2) from None
    if as_json:
        click.echo(json.dumps(as_data(result), indent=2, ensure_ascii=False))
    else:
        click.echo(as_text(result))
