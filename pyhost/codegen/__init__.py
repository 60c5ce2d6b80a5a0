"""Generating a WoW addon from a ruleset: Jinja2 templates + the ruleset's data.

`build(ruleset)` returns every file of the addon folder as bytes, the same
bytes on every build; `write` puts them in a folder and `differences`
compares a folder with what a build would write (for `pyhost build --check`).
"""

from __future__ import annotations

from pathlib import Path

import jinja2

from ..rules import Ruleset
from .context import holdem_context
from .luadata import lua

# Each game flow with an addon: its templates, in .toc load order.
FLOWS: dict[str, tuple[str, ...]] = {
    "holdem": ("Locales.lua", "Rules.lua", "Dice.lua", "Hands.lua", "Pots.lua", "Betting.lua",
               "Holdem.lua", "Sha256.lua", "Comm.lua", "Fair.lua", "Game.lua", "Sync.lua",
               "Slash.lua"),
}


class BuildError(ValueError):
    """A ruleset that cannot become an addon (yet)."""


def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("pyhost.codegen", "templates"),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        autoescape=False,  # Lua, not HTML
    )
    env.filters["lua"] = lua
    return env


def build(ruleset: Ruleset) -> dict[str, bytes]:
    """The addon's files by path inside its folder: the .toc first, then the Lua files."""
    files = FLOWS.get(ruleset.family)
    if files is None:
        flows = ", ".join(FLOWS)
        raise BuildError(f"{ruleset.name} ({ruleset.family}) has no addon yet; addons exist for "
                         f"the {flows} game flow")
    env = _environment()
    context = holdem_context(ruleset) | {"files": files}
    name = ruleset.addon.name
    out = {f"{name}.toc": env.get_template(f"{ruleset.family}/addon.toc.j2").render(context)}
    for path in files:
        out[path] = env.get_template(f"{ruleset.family}/{path}.j2").render(context)
    # Not loaded by WoW: the globals ledger luacheck checks the Lua files against.
    out[".luacheckrc"] = env.get_template(f"{ruleset.family}/luacheckrc.j2").render(context)
    return {path: text.encode("utf-8") for path, text in out.items()}


def write(files: dict[str, bytes], folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for path in _stale(files, folder):
        (folder / path).unlink()
    for path, data in files.items():
        (folder / path).write_bytes(data)


def _stale(files: dict[str, bytes], folder: Path) -> list[str]:
    """Files a previous build left that this one does not write."""
    return sorted(p.name for p in folder.glob("*") if p.name not in files and
                  (p.suffix in (".lua", ".toc", ".xml") or p.name == ".luacheckrc"))


def differences(files: dict[str, bytes], folder: Path) -> list[str]:
    """Each file that differs between a build and `folder`: changed, missing or extra."""
    changed = [path for path, data in files.items()
               if not (folder / path).is_file() or (folder / path).read_bytes() != data]
    return sorted(changed + _stale(files, folder)) if folder.is_dir() else sorted(files)
