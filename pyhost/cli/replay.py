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
    load_history,
    shipped_histories,
)
from ..engine.history import (
    replay as run_replay,
)


def pot_label(number: int, count: int) -> str:
    return "the pot" if count == 1 else ("the main pot" if number == 0 else f"side pot {number}")


def pots_text(pots: list[Pot]) -> str:
    if not pots:
        return "none"
    return "; ".join(f"{pot_label(n, len(pots))} {pot.amount} ({', '.join(pot.eligible)})"
                     for n, pot in enumerate(pots))


def replay_text(result: Replay) -> str:
    record, table = result.record, result.table
    seats = ", ".join(f"{name} {bank}" + (" (dealer)" if name == record.dealer else "")
                      for name, bank in record.seats)
    lines = [f"{record.ruleset.name}, {record.mode} table. Seats: {seats}"]
    for step in result.steps:
        head = f"{step.position:>4}. {step.action!s:<20} pot {step.pot:>4}"
        texts = [event.text for event in step.events] or ["(no change)"]
        lines.append(f"{head}   {texts[0]}")
        lines += [f"{'':<{len(head)}}   {text}" for text in texts[1:]]
    hand = table.hand
    if not result.over and hand is not None:
        lines.append(f"The hand is not over: {hand._waiting_for()}.")
    lines.append(f"Pots: {pots_text(result.pots)}")
    winners = ", ".join(f"{name} {chips}" for name, chips in result.winners.items())
    lines.append(f"Winners: {winners or 'none yet'}")
    lines.append("Banks: " + ", ".join(f"{name} {bank}" for name, bank in table.banks.items()))
    return "\n".join(lines)


def replay_json(result: Replay) -> dict[str, Any]:
    return {
        "ruleset": result.record.ruleset.id,
        "mode": result.record.mode,
        "steps": [
            {"position": step.position, "action": step.action.to_json(),
             "events": [event.text for event in step.events], "pot": step.pot}
            for step in result.steps
        ],
        "over": result.over,
        "pots": [{"amount": pot.amount, "eligible": list(pot.eligible)} for pot in result.pots],
        "winners": result.winners,
        "banks": result.table.banks,
    }


@click.command(epilog="HAND is the path of a history file (JSON), or a shipped example: "
               + ", ".join(shipped_histories()) + ".")
@click.argument("hand")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
def replay(hand: str, as_json: bool) -> None:
    """Replay a hand history: each action's effect, the pots, winners and banks."""
    try:
        result = run_replay(load_history(hand))
    except (HistoryError, ReplayError) as exc:
        click.echo(f"error: {exc}", err=True)
        raise click.exceptions.Exit(2) from None
    if as_json:
        click.echo(json.dumps(replay_json(result), indent=2, ensure_ascii=False))
    else:
        click.echo(replay_text(result))
