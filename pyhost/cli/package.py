"""`pyhost package`: a ruleset's addon as the zip that addon sites and addon managers take.

CurseForge, Wago, WoWInterface and the addon managers unpack a zip into `Interface/AddOns/`,
so the zip holds one folder named as the addon, and nothing beside it: the `.toc` (whose
`## Version:` is pyhost's version), the Lua files, the licence and the changelog
(`pyhost/codegen/release/`). The build's `.luacheckrc` is for developers and stays out.
"""

from __future__ import annotations

import contextlib
import io
import os
import zipfile
from importlib import resources
from pathlib import Path

import click

from .. import __version__
from ..codegen import BuildError
from ..codegen import build as build_files
from ..rules import Ruleset
from ..rules.schema import shown
from .build import Folder, committed
from .ruleset_arg import RULESET, shipped_help

RELEASE = resources.files("pyhost.codegen") / "release"
RELEASE_FILES = ("LICENSE.txt", "CHANGELOG.md")
LEFT_OUT = (".luacheckrc",)
# Every entry gets the same date and mode, so one ruleset and version give the same bytes.
STAMP = (1980, 1, 1, 0, 0, 0)
FILE_MODE = 0o100644 << 16
FOLDER_MODE = (0o40755 << 16) | 0x10  # the MS-DOS directory bit too


def zip_name(ruleset: Ruleset) -> str:
    return f"{ruleset.addon.name}-{__version__}.zip"


def addon_zip(ruleset: Ruleset) -> bytes:
    """The zip's bytes: `<AddonName>/` and, inside it, the addon's files and the release's."""
    name = ruleset.addon.name
    files = {path: data for path, data in build_files(ruleset).items() if path not in LEFT_OUT}
    for release in RELEASE_FILES:
        files[release] = (RELEASE / release).read_bytes()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        folder = zipfile.ZipInfo(f"{name}/", date_time=STAMP)
        folder.external_attr = FOLDER_MODE
        archive.writestr(folder, b"")
        for path, data in files.items():
            entry = zipfile.ZipInfo(f"{name}/{path}", date_time=STAMP)
            entry.external_attr = FILE_MODE
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, data)
    return buffer.getvalue()


@click.command(epilog=shipped_help() + " Without RULESET: every addon committed under addon/"
               " (Tauren Hold'em outside a checkout).")
@click.argument("ruleset", type=RULESET, required=False)
@click.option("--out", type=Folder(), default=Path("dist"), show_default=True,
              help="The folder to write the zip in.")
def package(ruleset: Ruleset | None, out: Path) -> None:
    """Zip the ruleset's addon for CurseForge, Wago, WoWInterface and addon managers."""
    for each in [ruleset] if ruleset is not None else committed():
        try:
            data = addon_zip(each)
        except BuildError as exc:
            click.echo(f"error: {exc}", err=True)
            raise click.exceptions.Exit(2) from None
        target = out / zip_name(each)
        partial = out / f".{zip_name(each)}.part"
        try:
            out.mkdir(parents=True, exist_ok=True)
            partial.write_bytes(data)
            os.replace(partial, target)
        except OSError as exc:
            with contextlib.suppress(OSError):
                partial.unlink(missing_ok=True)
            click.echo(f"error: {shown(str(out))}: cannot write the zip there "
                       f"({exc.strerror or exc})", err=True)
            raise click.exceptions.Exit(1) from None
        click.echo(f"{target}: {each.addon.name} {__version__}, for Interface/AddOns/")
