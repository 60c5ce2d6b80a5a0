"""Loading a ruleset: a shipped one by id, a modder's file by path.

`load_ruleset("tauren-holdem")` loads a shipped ruleset; a path loads a
modder's own file. The file's [game] section names its family, whose type
(families/) reads the rest. Every mistake in the file is refused with one
`RulesetError` line naming the file, the key and the reason.
"""

from __future__ import annotations

import dataclasses
import tomllib
from dataclasses import replace
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from .families import FAMILIES, RULESETS
from .reading import text
from .ruleset import Ruleset
from .schema import RulesetError, Table, load_text_data

MAX_FILE_BYTES = 1024 * 1024  # 1 MB


def shipped_ids() -> list[str]:
    folder = resources.files("pyhost.rulesets")
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml"))


def load_ruleset(spec: str | Path) -> Ruleset:
    """A shipped ruleset by id, or a modder's file by path."""
    text_spec = str(spec)
    path = Path(text_spec)
    if text_spec.endswith(".toml") or is_file(path) or "/" in text_spec or "\\" in text_spec:
        try:
            with path.open("rb") as file:
                raw = file.read(MAX_FILE_BYTES + 1)  # /dev/zero never ends
        except OSError as exc:
            raise RulesetError(text_spec, "", f"cannot read the file ({exc.strerror or exc})"
                               ) from None
        except ValueError as exc:  # a NUL in the path
            raise RulesetError(text_spec, "", f"cannot read the file ({exc})") from None
        if len(raw) > MAX_FILE_BYTES:
            raise RulesetError(text_spec, "", "larger than 1 MB: not a ruleset (the shipped ones "
                               "are under 4 KB)")
        return _read_once(raw, file=text_spec, ruleset_id=path.stem)
    if text_spec not in shipped_ids():
        raise RulesetError(
            text_spec, "", f"no such ruleset; shipped: {', '.join(shipped_ids())} "
            "(or give the path of a .toml file)"
        )
    return _shipped(text_spec)


@cache
def _shipped(ruleset_id: str) -> Ruleset:
    """A shipped ruleset, read once per process: reading checks its hands, the costly part,
    and a Ruleset is frozen, so its callers share it."""
    raw = resources.files("pyhost.rulesets").joinpath(f"{ruleset_id}.toml").read_bytes()
    return parse_ruleset(raw, file=f"{ruleset_id}.toml", ruleset_id=ruleset_id)


# Rulesets read from files in this process, by their bytes and id: a file read again, or
# its copy elsewhere (a test's variant in each test's folder), is not checked again. The
# oldest go past MOST_READ. Only what was read without error is kept.
_READ: dict[tuple[bytes, str], Ruleset] = {}
MOST_READ = 64


def _read_once(raw: bytes, *, file: str, ruleset_id: str) -> Ruleset:
    """parse_ruleset, or the Ruleset read before from the same bytes, named for `file`. A
    Ruleset is frozen, so callers share it (and what it has worked out: its evaluator)."""
    key = (raw, ruleset_id)
    known = _READ.get(key)
    if known is None:
        known = parse_ruleset(raw, file=file, ruleset_id=ruleset_id)
        if len(_READ) >= MOST_READ:
            del _READ[next(iter(_READ))]
        _READ[key] = known
    if known.source == file:
        return known
    named = replace(known, source=file)
    # What a ruleset works out on first use (cached_property: matcher, evaluator) does not
    # depend on its source: the copy starts with it.
    fields = {f.name for f in dataclasses.fields(known)}
    named.__dict__.update({k: v for k, v in known.__dict__.items() if k not in fields})
    return named


def is_file(path: Path) -> bool:
    """Whether `path` is a file; False for a name the system cannot even look up (too long,
    say), which reading it will then explain."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def parse_ruleset(raw: bytes, *, file: str, ruleset_id: str) -> Ruleset:
    data = load_text_data(raw, file, tomllib.loads, "TOML", RulesetError)
    return _read_ruleset(Table(file, data), ruleset_id)


def _read_ruleset(top: Table, ruleset_id: str) -> Ruleset:
    game = top.table("game")
    name = game.get("name", str, check=text(64))
    family = game.get("family", str, choices=FAMILIES)
    summary = game.get("summary", str, check=text(200))
    game.done()
    return RULESETS[family].read(top, id=ruleset_id, source=top.file, name=name,
                                 summary=summary)


def load_ruleset_with(ruleset_id: str, settings: dict[str, Any], *, file: str) -> Ruleset:
    """A shipped ruleset with some keys set otherwise (`{"table": {"ante": 100}}`), read
    and checked like a file: a history's table that differs from the shipped game. Errors
    name `file` and the setting."""
    if ruleset_id not in shipped_ids():
        raise RulesetError(file, "ruleset", f"no such ruleset {ruleset_id!r}; shipped: "
                           f"{', '.join(shipped_ids())}")
    raw = resources.files("pyhost.rulesets").joinpath(f"{ruleset_id}.toml").read_bytes()
    data = tomllib.loads(raw.decode("utf-8"))
    for section, values in settings.items():
        if not isinstance(values, dict) or not isinstance(data.get(section), dict):
            raise RulesetError(file, f"settings.{section}", "must be a table of a section "
                               f"the ruleset has ({', '.join(data)})")
        data[section].update(values)
    return _read_ruleset(Table(f"{file} settings", data), ruleset_id)
