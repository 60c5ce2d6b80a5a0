"""The RULESET argument: a shipped ruleset's id or the path of a modder's file."""

from __future__ import annotations

from typing import Any

import click

from ..rules import Ruleset, RulesetError, load_ruleset, shipped_ids


class RulesetType(click.ParamType):
    name = "RULESET"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, Ruleset):
            return value
        try:
            return load_ruleset(value)
        except RulesetError as exc:
            # The ruleset's own one-line reason, without click's usage block.
            click.echo(f"error: {exc}", err=True)
            raise click.exceptions.Exit(2) from None


RULESET = RulesetType()


def ruleset_argument(function: Any) -> Any:
    """Add the RULESET argument, with the shipped ids in the help text."""
    return click.argument("ruleset", type=RULESET)(function)


def shipped_help() -> str:
    return f"RULESET is one of {', '.join(shipped_ids())}, or the path of a .toml file."
