"""Write pyhost/harness/data/restrictions.json: retail's addon restrictions and secret values.

    python tools/wow_restrictions.py [--wowless DIR] [--blizzard DIR]

Reads two local git mirrors (no work tree; `git show` only):

- wowless (`data/products/wow/enums.yaml`, retail 12.1.0): the enums
  `AddOnRestrictionType` and `AddOnRestrictionState` the realm's
  ADDON_RESTRICTION_STATE_CHANGED and C_RestrictedActions answer with;
- Blizzard's own API documentation as tomrus88/BlizzardInterfaceCode mirrors it
  (`Interface/AddOns/Blizzard_APIDocumentationGenerated/`, 12.0.5): which chat events
  are `SecretInChatMessagingLockdown` and which of their arguments are `NeverSecret`
  (ChatInfoDocumentation.lua), the lockdown's reasons and restrictions
  (ChatConstantsDocumentation.lua), and the secret predicates of the unit functions the
  realm implements (UnitDocumentation.lua).

The realm loads the result once per Python process. Run this when either mirror moves.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "pyhost" / "harness" / "data" / "restrictions.json"
WOWLESS = Path("/work/.mirror/wowless+wowless/repo")
BLIZZARD = Path("/work/.mirror/tomrus88+BlizzardInterfaceCode/repo")
DOCS = "Interface/AddOns/Blizzard_APIDocumentationGenerated"
# The unit functions the realm implements: their secret predicates are recorded, used or not.
UNIT_FUNCTIONS = ["UnitName", "UnitFullName", "UnitGUID", "UnitExists", "UnitIsConnected",
                  "UnitIsGroupLeader", "UnitIsGroupAssistant", "UnitInParty", "UnitInRaid",
                  "UnitIsUnit", "UnitSex"]


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True,
                          text=True).stdout


def yaml_enum(text: str, name: str) -> dict[str, int]:
    """One enum of wowless's enums.yaml: `Name:\\n  values:\\n    Key: 1` (no YAML library)."""
    block = re.search(rf"^{name}:\n  values:\n((?:    .*\n)+)", text, re.M)
    if block is None:
        raise SystemExit(f"enum {name} not found in wowless")
    pairs = (line.strip().split(": ") for line in block.group(1).splitlines())
    return dict(sorted(((key, int(value)) for key, value in pairs), key=lambda kv: kv[1]))


def blocks(text: str) -> list[str]:
    """The documentation's entries (functions, events, tables), each from its `Name =`."""
    return re.split(r"\n\t\t\{\n\t\t\tName = ", text)[1:]


def doc_enum(text: str, name: str) -> dict[str, int]:
    for block in blocks(text):
        if block.startswith(f'"{name}"'):
            return {m[0]: int(m[1]) for m in
                    re.findall(r'Name = "(\w+)", Type = "\w+", EnumValue = (\d+)', block)}
    raise SystemExit(f"enum {name} not found in Blizzard's documentation")


def secret_events(text: str) -> dict[str, list[int]]:
    """Each SecretInChatMessagingLockdown event: the 1-based payload positions not NeverSecret."""
    events = {}
    for block in blocks(text):
        literal = re.search(r'LiteralName = "(\w+)"', block)
        if literal is None or "SecretInChatMessagingLockdown = true" not in block:
            continue
        payload = re.findall(r"\{ Name = \"\w+\", Type = [^\n]*\}", block)
        events[literal.group(1)] = [i for i, field in enumerate(payload, 1)
                                    if "NeverSecret = true" not in field]
    return dict(sorted(events.items()))


def unit_predicates(text: str) -> dict[str, list[str]]:
    found = {}
    for block in blocks(text):
        name = block.split('"')[1]
        if name in UNIT_FUNCTIONS:
            head = block.split("Arguments =")[0].split("Returns =")[0]
            found[name] = sorted(re.findall(r"\n\t\t\t(Secret\w+) = true", head))
    return dict(sorted(found.items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--wowless", type=Path, default=WOWLESS)
    parser.add_argument("--blizzard", type=Path, default=BLIZZARD)
    args = parser.parse_args()
    wowless_rev = git(args.wowless, "rev-parse", "HEAD").strip()
    blizzard_rev = git(args.blizzard, "rev-parse", "HEAD").strip()
    enums = git(args.wowless, "show", "HEAD:data/products/wow/enums.yaml")
    build = git(args.wowless, "show", "HEAD:data/products/wow/build.yaml")
    version = re.search(r"^version: (\S+)", build, re.M).group(1)  # type: ignore[union-attr]
    chat = git(args.blizzard, "show", f"HEAD:{DOCS}/ChatInfoDocumentation.lua")
    constants = git(args.blizzard, "show", f"HEAD:{DOCS}/ChatConstantsDocumentation.lua")
    units = git(args.blizzard, "show", f"HEAD:{DOCS}/UnitDocumentation.lua")
    blizzard_title = git(args.blizzard, "log", "-1", "--format=%s").strip()
    data = {
        "source": {
            "enums": {"repository": "github.com/wowless/wowless",
                      "path": "data/products/wow/enums.yaml", "commit": wowless_rev,
                      "game": f"retail {version}"},
            "documentation": {"repository": "github.com/tomrus88/BlizzardInterfaceCode",
                              "path": DOCS, "commit": blizzard_rev, "game": blizzard_title},
            "written_by": "tools/wow_restrictions.py",
        },
        "restriction_types": yaml_enum(enums, "AddOnRestrictionType"),
        "restriction_states": yaml_enum(enums, "AddOnRestrictionState"),
        "lockdown_reasons": doc_enum(constants, "ChatMessagingLockdownReason"),
        "lockdown_restrictions": doc_enum(constants, "ChatMessagingLockdownRestriction"),
        "secret_in_chat_lockdown": secret_events(chat),
        "unit_predicates": unit_predicates(units),
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(data['secret_in_chat_lockdown'])} events")


if __name__ == "__main__":
    main()
