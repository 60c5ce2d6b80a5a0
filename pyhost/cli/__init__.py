"""The `pyhost` command line: one module per command, registered here."""

from __future__ import annotations

import sys
from typing import Any

import click

from .. import __version__
from .build import build
from .demo import demo
from .odds import odds
from .replay import replay
from .rules import rules


class PyhostGroup(click.Group):
    """A group whose usage errors are one line on stderr, exit code 2, never a traceback."""

    def main(self, *args: Any, standalone_mode: bool = True, **kwargs: Any) -> Any:
        if not standalone_mode:
            return super().main(*args, standalone_mode=False, **kwargs)
        try:
            result = super().main(*args, standalone_mode=False, **kwargs)
        except click.UsageError as exc:
            where = exc.ctx.command_path if exc.ctx else "pyhost"
            click.echo(f"{where}: {exc.format_message()} (see '{where} --help')", err=True)
            sys.exit(exc.exit_code)
        except click.ClickException as exc:
            click.echo(f"pyhost: {exc.format_message()}", err=True)
            sys.exit(exc.exit_code)
        except click.Abort:
            click.echo("pyhost: aborted", err=True)
            sys.exit(1)
        sys.exit(result if isinstance(result, int) else 0)


@click.group(cls=PyhostGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pyhost")
def main() -> None:
    """Dice-poker games for World of Warcraft: rules, odds, the addon and a test realm."""


main.add_command(build)
main.add_command(demo)
main.add_command(odds)
main.add_command(replay)
main.add_command(rules)
