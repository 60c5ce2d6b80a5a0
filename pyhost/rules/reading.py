"""Reading the sections of a ruleset file that every family has, and the checks on text
that WoW shows: [dice], the common [table] keys and [addon]. Each family's own sections
are read by its type (families/); schema.py reads one TOML table key by key."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from typing import Any

from .dice import Dice, Face
from .ruleset import AddonInfo
from .schema import Table, describe

Check = Callable[[Any], str | None]  # a value's problem, or None

# WoW's chat types and its own slash commands, which it runs before any addon's, so
# an addon cannot own them (not every Blizzard command, but the ones a dice game might pick).
WOW_COMMANDS = frozenset((
    "afk", "api", "assist", "bg", "calendar", "camp", "cancelaura", "cancelform", "cast",
    "castrandom", "castsequence", "chat", "clearfocus", "click", "combatlog", "console", "dance",
    "dnd", "duel", "dump", "e", "emote", "equip", "equipslot", "etrace", "eventtrace", "exit",
    "f", "focus", "follow", "forfeit", "framestack", "friend", "fstack", "g", "ginvite", "gquit",
    "guild", "guildinvite", "help", "i", "ignore", "inspect", "instance", "inv", "invite", "join",
    "kick", "leave", "lfd", "lfg", "logout", "macro", "me", "o", "officer", "p", "party",
    "petattack", "petfollow", "played", "promote", "pvp", "quit", "r", "ra", "raid", "rand",
    "random", "readycheck", "reload", "reply", "rnd", "rolecheck", "roll", "run", "rw", "s",
    "say", "script", "sit", "stand", "startattack", "stopattack", "stopcasting", "stopmacro",
    "stopwatch", "t", "tar", "target", "tell", "time", "timetest", "trade", "unignore",
    "uninvite", "use", "w", "whisper", "who", "y", "yell",
))

_ADDON_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,47}")
_COMMAND = re.compile(r"[a-z][a-z0-9]{0,31}")
_PRINTABLE_ASCII = re.compile(r"[ -~]+")


# -- text WoW shows ------------------------------------------------------------------


def chat_problem(value: str) -> str | None:
    """Why WoW's chat could not show this text as written, if it could not."""
    if "|" in value:
        return f"must not contain '|' (WoW's chat escape): {describe(value)}"
    if any(unicodedata.category(ch) == "Cc" for ch in value):
        return f"must not contain control characters: {describe(value)}"
    return None


def text(limit: int, *, ascii_only: bool = False) -> Check:
    """A check for a short line of text that WoW's chat can show."""

    def check(value: str) -> str | None:
        if not value.strip():
            return "must not be empty"
        if value != value.strip():
            return f"must not start or end with spaces: {describe(value)}"
        if len(value) > limit:
            return f"must be at most {limit} characters, not {len(value)}"
        if ascii_only and not _PRINTABLE_ASCII.fullmatch(value):
            return f"must be plain ASCII: {describe(value)}"
        return chat_problem(value)

    return check


def _glyph(value: str) -> str | None:
    if not value:
        return "must not be empty"
    if len(value.encode()) > 24:
        return f"must be at most 24 bytes of UTF-8, not {len(value.encode())}"
    return chat_problem(value)


def multiple_of(interval: int) -> Check:
    def check(value: int) -> str | None:
        return None if value % interval == 0 else \
            f"must be a multiple of the interval ({interval}), not {value}"
    return check


# -- [dice] ----------------------------------------------------------------------------


def face_named(table: Table, key: str, dice: Dice) -> Face:
    """The face a key names, in any case."""
    name = table.get(key, str)
    try:
        return dice.face(name)
    except ValueError as exc:
        raise table.error(key, str(exc)) from None


def read_faces(table: Table) -> Dice:
    """Dice with named faces: `faces` lowest first, and maybe an `ace`."""
    faces: list[Face] = []
    seen: dict[tuple[str, str], str] = {}
    for index, item in enumerate(table.tables("faces")):
        face = Face(
            index=index,
            name=item.get("name", str, check=text(16, ascii_only=True)),
            value=item.get("value", int, low=0, high=1000),
            glyph=item.get("glyph", str, check=_glyph),
        )
        item.done()
        for what, value in (("name", face.name.lower()), ("glyph", face.glyph),
                            ("value", str(face.value))):
            if (what, value) in seen:
                raise item.error(what, f"duplicate face: {getattr(face, what)!r} is also "
                                 f"{seen[what, value]}")
            seen[what, value] = item.path
        faces.append(face)
    if not 2 <= len(faces) <= 20:
        raise table.error("faces", f"must list 2 to 20 faces, not {len(faces)}")
    dice = Dice(faces=tuple(faces))
    if not table.has("ace"):
        return dice
    ace = face_named(table, "ace", dice)
    if ace is not faces[-1]:
        raise table.error("ace", f"the ace face {ace.name!r} must be listed last "
                          "(faces go lowest first, as they rank with the ace high)")
    return Dice(faces=tuple(faces), ace=ace)


def read_sides(table: Table) -> Dice:
    """Numbered dice: `sides` faces, 1 up."""
    sides = table.get("sides", int, low=2, high=1000)
    faces = tuple(Face(index=n - 1, name=str(n), value=n, glyph=f"[{n}]")
                  for n in range(1, sides + 1))
    return Dice(faces=faces)


def read_dice(top: Table, read: Callable[[Table], Dice]) -> Dice:
    table = top.table("dice")
    dice = read(table)
    table.done()
    return dice


# -- [table] ---------------------------------------------------------------------------


def read_table(top: Table, read: Callable[[Table, dict[str, Any]], Any]) -> Any:
    """The [table] keys every family has, then the family's own (`read(table, common)`)."""
    table = top.table("table")
    min_players = table.get("min_players", int, low=2, high=40)
    max_players = table.get("max_players", int, low=min_players, high=40)
    bank = table.get("starting_bank", int, low=1, high=1_000_000)
    common = dict(min_players=min_players, max_players=max_players, starting_bank=bank,
                  currency=table.get("currency", str, check=text(16)))
    rules = read(table, common)
    table.done()
    return rules


# -- [addon] ---------------------------------------------------------------------------


def _command(value: str) -> str | None:
    if not _COMMAND.fullmatch(value):
        return (f"{value!r} is not a slash command WoW accepts here: lowercase letters and "
                "digits, starting with a letter, at most 32, without the '/'")
    if value in WOW_COMMANDS:
        return f"/{value} is WoW's own command, which WoW runs before any addon's"
    return None


def _prefix(value: str) -> str | None:
    if not 1 <= len(value) <= 16:
        return f"an addon message prefix is 1 to 16 characters, not {len(value)}: {value!r}"
    if not re.fullmatch(r"[!-~]+", value) or "|" in value:
        return f"must be printable ASCII without spaces or '|': {describe(value)}"
    return None


def read_addon(top: Table, actions: tuple[str, ...]) -> AddonInfo:
    """[addon], with a slash command for each of the family's `actions`."""
    table = top.table("addon")
    name = table.get("name", str, check=lambda v: None if _ADDON_NAME.fullmatch(v) else
                     f"{v!r} is not an addon name WoW and Lua accept here: letters, digits "
                     "and '_', starting with a letter, at most 48")
    title = table.get("title", str, check=text(64))
    prefix = table.get("prefix", str, check=_prefix)
    long_command = table.get("long_command", str, check=_command)
    commands_table = table.table("commands")
    commands = {action: commands_table.get(action, str, check=_command) for action in actions}
    commands_table.done()
    seen = {long_command: "long_command"}
    for action, value in commands.items():
        if value in seen:
            raise commands_table.error(action, f"/{value} is also {seen[value]}")
        seen[value] = f"commands.{action}"
    table.done()
    return AddonInfo(name=name, title=title, prefix=prefix, long_command=long_command,
                     commands=commands)
