"""`pyhost verify`: check the hand log in an addon's SavedVariables file, hand by hand."""

from __future__ import annotations

import json
from pathlib import Path

import click

from ..handlog import LogFileError, verify_file
from ..rules import Ruleset
from .ruleset_arg import RULESET


@click.command(epilog="SAVEDVARIABLES_FILE is the addon's saved file, such as "
               "WTF/Account/NAME/SavedVariables/TaurenHoldem.lua in the World of Warcraft "
               "folder (written when you log out or /reload). Exit code 0: every hand is fair; "
               "1: one is not; 2: no log could be read.")
@click.argument("savedvariables_file", metavar="SAVEDVARIABLES_FILE")
@click.option("--ruleset", "ruleset", type=RULESET, default=None,
              help="The ruleset the table played, for a table of your own ruleset file.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
def verify(savedvariables_file: str, ruleset: Ruleset | None, as_json: bool) -> None:
    """Re-derive every die and every pot of the hands in an addon's hand log."""
    try:
        logs = verify_file(Path(savedvariables_file), ruleset)
    except LogFileError as exc:
        click.echo(f"error: {exc}", err=True)
        raise click.exceptions.Exit(2) from None
    if as_json:
        click.echo(json.dumps([{"variable": log.variable, "kept_by": list(log.kept_by),
                                "fair": log.fair,
                                "hands": [hand.to_json() for hand in log.hands]}
                               for log in logs], indent=2, ensure_ascii=False))
    else:
        for log in logs:
            who = ", ".join(log.kept_by) or "nobody"
            click.echo(f"{log.variable}: {len(log.hands)} hands, as {who} saw them")
            for hand in log.hands:
                click.echo(hand.text)
    if not all(log.fair for log in logs):
        raise click.exceptions.Exit(1)
