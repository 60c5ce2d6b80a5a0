"""Write the realm's global strings, per client locale, from Blizzard's GlobalStrings.

    python tools/wow_strings.py [--mirror DIR] [--out DIR]

Reads Resources/GlobalStrings/<locale>.lua from a local git mirror of
Ketho/BlizzardInterfaceResources (dumped from the game's GlobalStrings table) on its three
branches, and writes pyhost/harness/data/strings/<locale>.json for every client locale:
the strings of KEYS as the mainline (retail) branch has them, and per classic branch only
the strings that differ there. enGB clients have no strings of their own: they read enUS's
(the game's string tables hold one English column for US and EU clients), so enGB.json is
enUS's strings under its own name.

The CI has no network: the JSON files are committed, and this script is how a maintainer
refreshes them.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MIRROR = Path("/work/.mirror/Ketho+BlizzardInterfaceResources/repo")
REPOSITORY = "https://github.com/Ketho/BlizzardInterfaceResources"
OUT = ROOT / "pyhost" / "harness" / "data" / "strings"

# The game's client locales; enGB reads enUS's strings.
LOCALES = ("enUS", "enGB", "deDE", "esES", "esMX", "frFR", "itIT", "koKR", "ptBR", "ruRU",
           "zhCN", "zhTW")
SAME_AS = {"enGB": "enUS"}

# The mirror's branches: mainline is the base, the others are kept as differences.
BRANCHES = ("mainline", "cata", "vanilla")

# The strings the realm shows or gives its clients (pyhost/harness/locales.py says which
# line each is), and the one the addon reads (RANDOM_ROLL_RESULT).
KEYS = (
    "RANDOM_ROLL_RESULT",
    "HELP_TEXT_SIMPLE",
    "ERR_NOT_IN_GROUP",
    "ERR_NOT_IN_RAID",
    "ERR_NOT_IN_INSTANCE_GROUP",
    "ERR_GUILD_PLAYER_NOT_IN_GUILD",
    "ERR_GUILD_PERMISSIONS",
    "ERR_CHAT_PLAYER_NOT_FOUND_S",
    "ERR_JOINED_GROUP_S",
    "ERR_LEFT_GROUP_S",
    "ERR_LEFT_GROUP_YOU",
    "ERR_RAID_MEMBER_ADDED_S",
    "ERR_RAID_MEMBER_REMOVED_S",
    "ERR_RAID_YOU_JOINED",
    "ERR_RAID_YOU_LEFT",
    "ERR_FRIEND_OFFLINE_S",
    "ERR_FRIEND_ONLINE_SS",
    "ERR_GROUP_DISBANDED",
    "ERR_NEW_LEADER_S",
    "ERR_NEW_LEADER_YOU",
    "ERR_INSTANCE_GROUP_ADDED_S",
    "ERR_INSTANCE_GROUP_REMOVED_S",
    "ERR_INSTANCE_GROUP_JOINED_WITH_PARTY",
    "ERR_INSTANCE_GROUP_JOINED_WITH_RAID",
)

# A line of GlobalStrings/<locale>.lua: KEY = "text"; or _G["KEY"] = "text";
LINE = re.compile(r'^(?:_G\["([^"]+)"\]|([A-Za-z_][A-Za-z0-9_]*)) = "((?:[^"\\]|\\.)*)";\s*$')
ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", '"': '"', "'": "'"}


def git(mirror: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(mirror), *args], check=True, capture_output=True,
                          text=True).stdout


def unescape(text: str) -> str:
    return re.sub(r"\\(.)", lambda m: ESCAPES.get(m.group(1), "\\" + m.group(1)), text)


def read_strings(mirror: Path, branch: str, locale: str) -> dict[str, str]:
    text = git(mirror, "show", f"{branch}:Resources/GlobalStrings/{locale}.lua")
    found = {}
    for line in text.splitlines():
        match = LINE.match(line)
        if match and (key := match.group(1) or match.group(2)) in KEYS:
            found[key] = unescape(match.group(3))
    missing = [key for key in KEYS if key not in found]
    if missing:
        sys.exit(f"{branch}:{locale}: no {', '.join(missing)}")
    return found


def branch_source(mirror: Path, branch: str) -> dict[str, str]:
    commit, subject = git(mirror, "log", "-1", "--format=%H %s", branch).strip().split(" ", 1)
    return {"commit": commit, "game_version": subject}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirror", type=Path, default=MIRROR)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    branches = {branch: branch_source(args.mirror, branch) for branch in BRANCHES}
    args.out.mkdir(parents=True, exist_ok=True)
    for locale in LOCALES:
        read_as = SAME_AS.get(locale, locale)
        by_branch = {branch: read_strings(args.mirror, branch, read_as) for branch in BRANCHES}
        base = by_branch["mainline"]
        data = {
            "source": {
                "repository": REPOSITORY,
                "path": f"Resources/GlobalStrings/{read_as}.lua",
                "branches": branches,
                "written_by": "tools/wow_strings.py",
                **({"note": f"{locale} clients read {read_as}'s strings"}
                   if read_as != locale else {}),
            },
            "locale": locale,
            "strings": base,
            "differences": {
                branch: {key: text for key, text in strings.items() if text != base[key]}
                for branch, strings in by_branch.items() if branch != "mainline"
            },
        }
        path = args.out / f"{locale}.json"
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")


if __name__ == "__main__":
    main()
