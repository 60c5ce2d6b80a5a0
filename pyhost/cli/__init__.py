"""The `pyhost` command line: one module per command, registered here."""

from __future__ import annotations

import sys
from typing import Any

import click

from .. import __version__
from ..rules.schema import shown
from .build import build
from .demo import demo
from .odds import odds
from .package import package
from .replay import replay
from .rules import rules
from .scoresheet import scoresheet
from .verify import verify


class PyhostGroup(click.Group):
    """A group whose usage errors are one line on stderr, exit code 2, never a traceback."""

    def main(self, *args: Any, standalone_mode: bool = True, **kwargs: Any) -> Any:
        if not standalone_mode:
            return super().main(*args, standalone_mode=False, **kwargs)
        try:
            result = super().main(*args, standalone_mode=False, **kwargs)
        except click.exceptions.NoArgsIsHelpError as exc:
            # `pyhost` alone: the help, as --help gives it.
            assert exc.ctx is not None
            click.echo(exc.ctx.get_help())
            sys.exit(0)
        except click.UsageError as exc:
            # What was typed is quoted back escaped, so a newline in it cannot break the line.
            where = shown(exc.ctx.command_path if exc.ctx else "pyhost")
            click.echo(f"{where}: {shown(exc.format_message())} (see '{where} --help')",
                       err=True)
            sys.exit(exc.exit_code)
        except click.ClickException as exc:
            click.echo(f"pyhost: {shown(exc.format_message())}", err=True)
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
main.add_command(package)
main.add_command(replay)
main.add_command(rules)
main.add_command(scoresheet)
main.add_command(verify)
