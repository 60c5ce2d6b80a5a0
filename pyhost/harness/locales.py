"""What the client shows in each locale: the game's global strings, and the chat frame's formats.

The global strings (the server's roll line `RANDOM_ROLL_RESULT`, the system lines) are the
game's own, per client locale and flavour, from pyhost/harness/data/strings/<locale>.json
(written by tools/wow_strings.py from Blizzard's GlobalStrings). Each client gets its
locale's strings as Lua globals, and each system line the realm sends is one of them,
formatted as the game formats (`wow_format`: numbered items such as "%2$d" too). The chat
frame's own labels ("[Party]", "says:") are shown in English whatever the locale: a
documented simplification.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

DATA = Path(__file__).parent / "data" / "strings"

# The game's client locales (each has a data file).
LOCALES = ("enUS", "enGB", "deDE", "esES", "esMX", "frFR", "itIT", "koKR", "ptBR", "ruRU",
           "zhCN", "zhTW")

# Which branch of the GlobalStrings dump each flavour reads: retail the mainline client,
# Mists Classic the Cataclysm Classic client it grew from, TBC Anniversary and Classic Era the
# Classic Era client (TBC's is assumed: the dump has no branch of its own for it).
BRANCH = {"retail": "mainline", "mists": "cata", "tbc": "vanilla", "classic_era": "vanilla"}

# The realm's system lines, by the realm's name for each: the global string it is.
SYSTEM = {
    "unknown_command": "HELP_TEXT_SIMPLE",
    "not_in_party": "ERR_NOT_IN_GROUP",
    "not_in_raid": "ERR_NOT_IN_RAID",
    "not_in_instance": "ERR_NOT_IN_INSTANCE_GROUP",
    "not_in_guild": "ERR_GUILD_PLAYER_NOT_IN_GUILD",
    "no_permission": "ERR_GUILD_PERMISSIONS",  # several keys have this text; assumed
    "no_player": "ERR_CHAT_PLAYER_NOT_FOUND_S",
    "joins_party": "ERR_JOINED_GROUP_S",
    "joins_raid": "ERR_RAID_MEMBER_ADDED_S",
    "leaves_party": "ERR_LEFT_GROUP_S",
    "leaves_raid": "ERR_RAID_MEMBER_REMOVED_S",
    "you_join_raid": "ERR_RAID_YOU_JOINED",
    "you_leave_party": "ERR_LEFT_GROUP_YOU",
    "you_leave_raid": "ERR_RAID_YOU_LEFT",
    "converted": "ERR_RAID_YOU_JOINED",  # every member has joined a raid group; assumed
    "goes_offline": "ERR_FRIEND_OFFLINE_S",
    "comes_online": "ERR_FRIEND_ONLINE_SS",  # (name, name): a link to the player
    "disbanded": "ERR_GROUP_DISBANDED",
    "new_leader": "ERR_NEW_LEADER_S",
    "you_new_leader": "ERR_NEW_LEADER_YOU",
    "instance_joins": "ERR_INSTANCE_GROUP_ADDED_S",
    "instance_leaves": "ERR_INSTANCE_GROUP_REMOVED_S",
    "instance_with_party": "ERR_INSTANCE_GROUP_JOINED_WITH_PARTY",
    "instance_with_raid": "ERR_INSTANCE_GROUP_JOINED_WITH_RAID",
}


@cache
def _data(locale: str) -> dict:
    return json.loads((DATA / f"{locale}.json").read_text(encoding="utf-8"))


@cache
def strings(locale: str, flavour: str) -> dict[str, str]:
    """The global strings a client of this locale and flavour has (loaded once a process)."""
    if locale not in LOCALES:
        raise ValueError(f"locale {locale!r} is not a client locale; choose one of "
                         f"{', '.join(LOCALES)}")
    data = _data(locale)
    return {**data["strings"], **data["differences"].get(BRANCH[flavour], {})}


# One format item: "%%", or "%" with an optional argument number ("2$"), flags, width and
# precision, and its conversion.
_ITEM = re.compile(r"%(?:(\d{1,2})\$)?([-+ #0]*\d*(?:\.\d*)?)([a-zA-Z%])")


def wow_format(form: str, *args: object) -> str:
    """`form` formatted as WoW's string.format does: "%2$d" is argument 2, and a plain item
    takes the argument after the one before it. Anything else ("|1이;가;") stays as it is."""
    after = 0

    def item(match: re.Match[str]) -> str:
        nonlocal after
        index, spec, conversion = match.groups()
        if conversion == "%":
            return "%"
        after = int(index) if index else after + 1
        return f"%{spec}{conversion}" % (args[after - 1],)

    return _ITEM.sub(item, form)


def system_line(locale: str, flavour: str, key: str, *args: object) -> str:
    """The realm's system line `key` (SYSTEM) as a client of this locale and flavour reads it."""
    return wow_format(strings(locale, flavour)[SYSTEM[key]], *args)


# CHAT_MSG_<suffix> -> how the chat frame shows (sender, text).
CHAT_FORMATS = {
    "SAY": "[%s] says: %s",
    "YELL": "[%s] yells: %s",
    "EMOTE": "%s %s",
    "PARTY": "[Party] [%s]: %s",
    "PARTY_LEADER": "[Party Leader] [%s]: %s",
    "RAID": "[Raid] [%s]: %s",
    "RAID_LEADER": "[Raid Leader] [%s]: %s",
    "RAID_WARNING": "[Raid Warning] [%s]: %s",
    "INSTANCE_CHAT": "[Instance] [%s]: %s",
    "INSTANCE_CHAT_LEADER": "[Instance Leader] [%s]: %s",
    "WHISPER": "[%s] whispers: %s",
    "WHISPER_INFORM": "To [%s]: %s",
    "GUILD": "[Guild] [%s]: %s",
    "OFFICER": "[Officer] [%s]: %s",
    "SYSTEM": "%.0s%s",
}

# Typed commands that send chat (or set the target), by command word.
CHAT_COMMANDS = {
    **dict.fromkeys(("/s", "/say"), "SAY"),
    **dict.fromkeys(("/y", "/yell", "/sh", "/shout"), "YELL"),
    **dict.fromkeys(("/e", "/em", "/emote", "/me"), "EMOTE"),
    **dict.fromkeys(("/p", "/party"), "PARTY"),
    **dict.fromkeys(("/ra", "/raid"), "RAID"),
    **dict.fromkeys(("/rw", "/raidwarning"), "RAID_WARNING"),
    **dict.fromkeys(("/i", "/instance"), "INSTANCE_CHAT"),
    **dict.fromkeys(("/g", "/guild"), "GUILD"),
    **dict.fromkeys(("/o", "/officer"), "OFFICER"),
    **dict.fromkeys(("/w", "/whisper", "/t", "/tell", "/send"), "WHISPER"),
    **dict.fromkeys(("/tar", "/target"), "TARGET"),
}

