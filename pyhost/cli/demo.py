"""`pyhost demo`: the main job. For now, Tauren Hold'em's rules and exact odds."""

from __future__ import annotations

import click

from ..rules import load_ruleset
from .odds import odds_text
from .rules import rules_text


@click.command()
def demo() -> None:
    """Show Tauren Hold'em: its rules, faces and exact odds."""
    ruleset = load_ruleset("tauren-holdem")
    click.echo(rules_text(ruleset))
    click.echo()
    click.echo(odds_text(ruleset))
