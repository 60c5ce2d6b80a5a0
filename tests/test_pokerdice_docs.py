"""docs/addon.md's Poker Dice section lists every command the addon has, and docs/protocol.md's
draw TURN row names Poker Dice's turns."""

from __future__ import annotations

from pathlib import Path

from pokerdice_table import POKER_DICE

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_the_addon_page_lists_every_poker_dice_command():
    text = (DOCS / "addon.md").read_text(encoding="utf-8")
    section = text.split("## Poker Dice", 1)[1].split("\n## ", 1)[0]
    for command in POKER_DICE.addon.commands.values():
        assert f"`/{command}" in section, command
    for action in ("open", "join", "start", "dice", "status", "ascii", "ACTION"):
        assert f"`/pokerdice {action}" in section, action


def test_the_protocol_names_poker_dices_turns():
    text = (DOCS / "protocol.md").read_text(encoding="utf-8")
    section = text.split("## The draw games at the table", 1)[1].split("\n## ", 1)[0]
    turn_row = next(line for line in section.splitlines() if line.startswith("| `TURN`"))
    for op in ("ante", "check", "raise", "call", "fold"):
        assert f"`{op}`" in turn_row, op
