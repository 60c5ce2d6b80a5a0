"""Reading scoresheets from the Vitaji addon's SavedVariables file.

The addon keeps its scoresheets in the saved global `VitajiDB` (the addon's name and
"DB", as every pyhost addon), under `scoresheets`: a list, oldest first, of tables in the
layout docs/games.md describes ("The scoresheet's saved layout"). The file is run the way
the client runs it at login, sandboxed (pyhost/harness/savedvars.py), and every field is
checked: anything else is one SheetFileError line naming the file and the field.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lupa.lua51 import LuaRuntime, lua_type

from ...harness.savedvars import load_saved
from ...rules.schema import FileError
from .scoresheet import Sheet

SAVED_NAME = "VitajiDB"
MAX_FILE_BYTES = 16 * 1024 * 1024
BONUSES = ("add", "double", "reroll")


class SheetFileError(FileError):
    """A SavedVariables file without a readable scoresheet: which file, which field, why."""


def _python(value: Any, depth: int = 0) -> Any:
    """A Lua value as Python: tables with keys 1..n become lists, others dicts."""
    if depth > 20:
        raise ValueError("tables nested more than 20 deep")
    if lua_type(value) == "table":
        items = [(_python(k, depth + 1), _python(v, depth + 1)) for k, v in value.items()]
        keys = [k for k, _ in items]
        if keys and all(isinstance(k, int) for k in keys) and \
                sorted(keys) == list(range(1, len(keys) + 1)):
            return [v for _, v in sorted(items)]
        return dict(items) if items else []
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def read_sheets(path: str | Path) -> list[Sheet]:
    """Every scoresheet in a SavedVariables file, oldest first."""
    file = str(path)
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except (OSError, ValueError) as exc:
        raise SheetFileError(file, "", f"cannot read the file "
                             f"({getattr(exc, 'strerror', None) or exc})") from None
    if len(raw) > MAX_FILE_BYTES:
        raise SheetFileError(file, "", "larger than 16 MB: not a SavedVariables file")
    runtime = LuaRuntime(encoding=None, unpack_returned_tuples=True, register_eval=False)
    found = load_saved(runtime, raw, [SAVED_NAME], chunkname=f"@{Path(file).name}")
    if isinstance(found, str):
        raise SheetFileError(file, "", f"not a SavedVariables file Lua can run: {found}")
    if SAVED_NAME not in found:
        raise SheetFileError(file, "", f"sets no {SAVED_NAME}: not the Vitaji addon's "
                             "SavedVariables")
    try:
        data = _python(found[SAVED_NAME])
    except ValueError as exc:
        raise SheetFileError(file, SAVED_NAME, str(exc)) from None
    check = _Checker(file)
    top = check.table(data, SAVED_NAME)
    sheets = check.list(top.get("scoresheets", []), f"{SAVED_NAME}.scoresheets")
    return [check.sheet(sheet, f"{SAVED_NAME}.scoresheets[{n}]")
            for n, sheet in enumerate(sheets, 1)]


class _Checker:
    def __init__(self, file: str) -> None:
        self.file = file

    def fail(self, where: str, reason: str) -> SheetFileError:
        return SheetFileError(self.file, where, reason)

    def table(self, value: Any, where: str) -> dict[Any, Any]:
        if value == []:
            return {}
        if not isinstance(value, dict):
            raise self.fail(where, f"must be a table with named fields, not {value!r:.40}")
        return value

    def list(self, value: Any, where: str) -> list[Any]:
        if value == {}:
            return []
        if not isinstance(value, list):
            raise self.fail(where, f"must be a list, not {value!r:.40}")
        return value

    def number(self, value: Any, where: str, low: int = 0, high: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < low or \
                (high is not None and value > high):
            top = f" to {high}" if high is not None else " or more"
            raise self.fail(where, f"must be a whole number {low}{top}, not {value!r:.40}")
        return value

    def text(self, value: Any, where: str) -> str:
        if not isinstance(value, str) or not value:
            raise self.fail(where, f"must be text, not {value!r:.40}")
        return value

    def sheet(self, value: Any, where: str) -> Sheet:
        data = self.table(value, where)
        known = {"game", "sides", "rounds", "ante", "interval", "maximum", "currency",
                 "stakes", "players", "teams", "rows", "rolloffs", "winners"}
        for key in data:
            if key not in known:
                raise self.fail(f"{where}.{key}", "not a field of a scoresheet")
        for key in ("sides", "rounds", "players", "rows"):
            if key not in data:
                raise self.fail(f"{where}.{key}", "missing")
        sides = self.number(data["sides"], f"{where}.sides", 2, 1000)
        players = [self.text(p, f"{where}.players[{n}]")
                   for n, p in enumerate(self.list(data["players"], f"{where}.players"), 1)]
        if len(set(players)) != len(players) or not players:
            raise self.fail(f"{where}.players", "must name each player once")

        def player(name: Any, at: str) -> str:
            if name not in players:
                raise self.fail(at, f"{name!r:.40} is not one of the players")
            return str(name)

        rows = []
        for n, raw_row in enumerate(self.list(data["rows"], f"{where}.rows"), 1):
            at = f"{where}.rows[{n}]"
            row = self.table(raw_row, at)
            for key in row:
                if key not in ("bet", "put", "rolls", "dropped", "bonus", "doubled"):
                    raise self.fail(f"{at}.{key}", "not a field of a row")
            rolls = {}
            for name, faces in self.table(row.get("rolls", {}), f"{at}.rolls").items():
                player(name, f"{at}.rolls")
                rolls[name] = [self.number(face, f"{at}.rolls.{name}", 1, sides)
                               for face in self.list(faces, f"{at}.rolls.{name}")]
            put = {player(name, f"{at}.put"): self.number(chips, f"{at}.put.{name}")
                   for name, chips in self.table(row.get("put", {}), f"{at}.put").items()}
            bonus = {}
            for name, choice in self.table(row.get("bonus", {}), f"{at}.bonus").items():
                if choice not in BONUSES:
                    raise self.fail(f"{at}.bonus.{name}", f"must be add, double or reroll, "
                                    f"not {choice!r:.40}")
                bonus[player(name, f"{at}.bonus")] = choice
            rows.append({
                "bet": self.number(row.get("bet", 0), f"{at}.bet"), "put": put, "rolls": rolls,
                "dropped": [player(name, f"{at}.dropped") for name in
                            self.list(row.get("dropped", []), f"{at}.dropped")],
                "bonus": bonus,
                "doubled": [player(name, f"{at}.doubled") for name in
                            self.list(row.get("doubled", []), f"{at}.doubled")]})
        rolloffs = []
        for n, raw_off in enumerate(self.list(data.get("rolloffs", []), f"{where}.rolloffs"),
                                    1):
            at = f"{where}.rolloffs[{n}]"
            rolloffs.append({player(name, at): self.number(face, f"{at}.{name}", 1, sides)
                             for name, face in self.table(raw_off, at).items()})
        teams = {player(name, f"{where}.teams"): self.text(team, f"{where}.teams.{name}")
                 for name, team in self.table(data.get("teams", {}), f"{where}.teams").items()}
        winners = [player(name, f"{where}.winners")
                   for name in self.list(data.get("winners", []), f"{where}.winners")]
        stakes = data.get("stakes", "chips")
        if stakes not in ("chips", "points"):
            raise self.fail(f"{where}.stakes", f"must be chips or points, not {stakes!r:.40}")
        return Sheet(
            game=self.text(data.get("game", "Vitaji"), f"{where}.game"), sides=sides,
            rounds=self.number(data["rounds"], f"{where}.rounds", 1, 500),
            ante=self.number(data.get("ante", 0), f"{where}.ante"),
            interval=self.number(data.get("interval", 1), f"{where}.interval", 1),
            maximum=self.number(data.get("maximum", 0), f"{where}.maximum"),
            currency=self.text(data.get("currency", "tria"), f"{where}.currency"),
            stakes=stakes, players=players, teams=teams, rows=rows, rolloffs=rolloffs,
            winners=winners)


def saved_lua(sheets: list[Sheet]) -> str:
    """A SavedVariables file holding `sheets`, written as WoW writes one (for tests and the
    docs' example; the addon's own file comes from the client)."""
    def value(item: Any, indent: str) -> str:
        if isinstance(item, bool):
            return "true" if item else "false"
        if isinstance(item, int):
            return str(item)
        if isinstance(item, str):
            return '"' + item.replace("\\", "\\\\").replace('"', '\\"') + '"'
        inner = indent + "\t"
        if isinstance(item, list):
            parts = [f"{inner}{value(v, inner)}, -- [{n}]" for n, v in enumerate(item, 1)]
        else:
            parts = [f"{inner}[{value(k, inner)}] = {value(v, inner)}," for k, v in
                     sorted(item.items(), key=lambda kv: str(kv[0]))]
        return "{\n" + "\n".join(parts) + ("\n" if parts else "") + indent + "}"

    return f"{SAVED_NAME} = " + value({"scoresheets": [s.saved() for s in sheets]}, "") + "\n"
