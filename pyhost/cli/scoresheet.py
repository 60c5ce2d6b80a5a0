"""`pyhost scoresheet`: print a Vitaji scoresheet kept in the addon's SavedVariables."""

from __future__ import annotations

import click

from ..engine.vitaji.sheetfile import SAVED_NAME, SheetFileError, read_sheets


@click.command(epilog=f"FILE is the Vitaji addon's SavedVariables file (WTF/Account/NAME/"
               f"SavedVariables/Vitaji.lua), which keeps its scoresheets in {SAVED_NAME}.")
@click.argument("file")
@click.option("--csv", "as_csv", is_flag=True, help="Write CSV instead of text.")
@click.option("--game", "number", type=int, default=0,
              help="Which scoresheet, 1 the oldest (default: the latest).")
def scoresheet(file: str, as_csv: bool, number: int) -> None:
    """Print a Vitaji scoresheet: every roll, reroll, bet and drop, as the source lays it out."""
    try:
        sheets = read_sheets(file)
    except SheetFileError as exc:
        click.echo(f"error: {exc}", err=True)
        raise click.exceptions.Exit(2) from None
    if not sheets:
        click.echo(f"error: {file}: {SAVED_NAME} holds no scoresheet yet", err=True)
        raise click.exceptions.Exit(2)
    if not 0 <= number <= len(sheets):
        click.echo(f"error: {file}: no scoresheet {number}; it holds {len(sheets)}", err=True)
        raise click.exceptions.Exit(2)
    sheet = sheets[number - 1] if number else sheets[-1]
    click.echo(sheet.csv().rstrip("\n") if as_csv else sheet.text())
