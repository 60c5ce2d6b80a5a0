"""docs/protocol.md's section on the draw games and the Dice Poker addon's declarations agree:
its own TURN row is the TURN the addon declares, and every other kind it declares is the
table core's, documented in the Messages table."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from addon_table import build_addon
from pyhost.harness import Realm

DOCS = Path(__file__).resolve().parent.parent / "docs"


def declared_kinds(folder: Path, ruleset_id: str, name: str) -> dict[str, list[str]]:
    realm = Realm(seed=1, wtf=folder / "WTF")
    client = realm.login("Skoll", addons=[build_addon(folder, ruleset_id)])
    listed = client.addons[name].namespace[b"Messages"][b"list"]()
    return {entry[1].decode(): [field.decode() for field in entry[2].values()]
            for entry in listed.values()}


def rows(section: str) -> dict[str, list[str]]:
    out = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        match = re.fullmatch(r"`([A-Z]+)`", cells[0]) if len(cells) >= 4 else None
        if match:
            out[match.group(1)] = [name.strip().strip("`") for name in cells[2].split(",")]
    return out


@pytest.fixture(scope="module")
def kinds(tmp_path_factory):
    return (declared_kinds(tmp_path_factory.mktemp("dp"), "dice-poker", "DicePoker"),
            declared_kinds(tmp_path_factory.mktemp("th"), "tauren-holdem", "TaurenHoldem"))


def test_the_draw_turn_row_is_the_declared_turn_and_the_rest_is_the_core(kinds):
    dice_poker, holdem = kinds
    text = (DOCS / "protocol.md").read_text(encoding="utf-8")
    section = text.split("## The draw games at the table (Dice Poker)", 1)[1].split("\n## ", 1)[0]
    assert rows(section) == {"TURN": dice_poker["TURN"]}
    assert dice_poker["TURN"][-1] == "dice" and dice_poker["TURN"][:-1] == holdem["TURN"]
    hold_ems_own = {"TURN", "DEAL", "SHOW"}
    assert {k: v for k, v in dice_poker.items() if k != "TURN"} == \
        {k: v for k, v in holdem.items() if k not in hold_ems_own}


def test_the_addon_page_lists_every_dice_poker_command():
    text = (DOCS / "addon.md").read_text(encoding="utf-8")
    section = text.split("## Dice Poker", 1)[1].split("\n## ", 1)[0]
    for command in ("/dproll", "/dpreroll", "/dphand", "/dpdice", "/dphelp", "/dicepoker open",
                    "/dicepoker join", "/dicepoker start", "/dicepoker keep", "stand",
                    "/dicepoker dice", "/dicepoker status", "/dicepoker ascii"):
        assert f"`{command}" in section or f"`{command}`" in section or command in section, \
            command
