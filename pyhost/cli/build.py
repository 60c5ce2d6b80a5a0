"""`pyhost build`: generate a ruleset's WoW addon, or check the committed one is current."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from ..codegen import BuildError, differences, write
from ..codegen import build as build_files
from ..rules import Ruleset, load_ruleset, shipped_ids
from ..rules.schema import shown
from .ruleset_arg import RULESET, shipped_help

ADDONS = Path("addon")


def committed() -> list[Ruleset]:
    """The shipped rulesets whose addon folder is under addon/ (tauren-holdem if none)."""
    rulesets = [load_ruleset(r) for r in shipped_ids()]
    found = [r for r in rulesets if (ADDONS / r.addon.name).is_dir()]
    return found or [load_ruleset("tauren-holdem")]


class Folder(click.Path):
    """A folder to write; not an empty string, which click would read as the current folder
    (where a build deletes the .lua files it did not write)."""

    def __init__(self) -> None:
        super().__init__(file_okay=False, path_type=Path)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and not value.strip():
            self.fail("the folder must not be empty", param, ctx)
        return super().convert(value, param, ctx)


@click.command(epilog=shipped_help() + " Without RULESET: every addon committed under addon/.")
@click.argument("ruleset", type=RULESET, required=False)
@click.option("--out", type=Folder(),
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
            try:
                write(files, folder)
            except OSError as exc:
                click.echo(f"error: {shown(str(folder))}: cannot write the addon "
                           f"({exc.strerror or exc})", err=True)
                raise click.exceptions.Exit(1) from None
            click.echo(f"{folder}: wrote {len(files)} files")
            continue
        if not folder.is_dir():
            click.echo(f"{shown(str(folder))}: no such folder; `pyhost build {each.id}` "
                       "writes it", err=True)
            stale_any = True
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
