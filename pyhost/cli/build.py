"""`pyhost build`: generate a ruleset's WoW addon, or check the committed one is current."""

from __future__ import annotations

from pathlib import Path

import click

from ..codegen import BuildError, differences, write
from ..codegen import build as build_files
from ..rules import Ruleset, load_ruleset, shipped_ids
from .ruleset_arg import RULESET, shipped_help

ADDONS = Path("addon")


def committed() -> list[Ruleset]:
    """The shipped rulesets whose addon folder is under addon/ (tauren-holdem if none)."""
    rulesets = [load_ruleset(r) for r in shipped_ids()]
    found = [r for r in rulesets if (ADDONS / r.addon.name).is_dir()]
    return found or [load_ruleset("tauren-holdem")]


@click.command(epilog=shipped_help() + " Without RULESET: every addon committed under addon/.")
@click.argument("ruleset", type=RULESET, required=False)
@click.option("--out", type=click.Path(file_okay=False, path_type=Path),
              help="The addon folder to write (default: addon/<AddonName>/).")
@click.option("--check", is_flag=True,
              help="Write nothing; exit 1 naming each file that differs from a fresh build.")
def build(ruleset: Ruleset | None, out: Path | None, check: bool) -> None:
    """Generate the ruleset's WoW addon (.toc and Lua files) from the templates."""
    rulesets = [ruleset] if ruleset is not None else committed()
    if out is not None and len(rulesets) > 1:
        raise click.UsageError("--out needs one RULESET")
    stale_any = False
    for each in rulesets:
        try:
            files = build_files(each)
        except BuildError as exc:
            click.echo(f"error: {exc}", err=True)
            raise click.exceptions.Exit(2) from None
        folder = out or ADDONS / each.addon.name
        if not check:
            write(files, folder)
            click.echo(f"{folder}: wrote {len(files)} files")
            continue
        stale = differences(files, folder)
        for path in stale:
            click.echo(f"{folder / path}: differs from what `pyhost build {each.id}` writes",
                       err=True)
        stale_any = stale_any or bool(stale)
        if not stale:
            click.echo(f"{folder}: up to date ({len(files)} files)")
    if stale_any:
        raise click.exceptions.Exit(1)
