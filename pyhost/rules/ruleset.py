"""What every game's ruleset has, whatever its family: the base type each family's
ruleset extends.

Each family has its own type (families/: `HoldemRules`, `PokerDiceRules`,
`DicePokerRules`, `VitajiRules`), with its own deal and table rules, and reads
its own sections of the file. `load_ruleset` (loading.py) returns the type the
file's `game.family` names. docs/rulesets.md documents every key.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from .dice import Dice


@dataclass(frozen=True, kw_only=True)
class TableRules:
    """The [table] keys every family has; each family's table type adds its own."""

    min_players: int
    max_players: int
    starting_bank: int
    currency: str

    def for_hand(self, number: int) -> TableRules:
        """The rules of the table's hand `number` (from 1): the same, unless a family's
        settings change between hands (hold'em's growing ante)."""
        return self


@dataclass(frozen=True, kw_only=True)
class AddonInfo:
    name: str
    title: str
    prefix: str
    long_command: str
    commands: dict[str, str] = field(hash=False)


@dataclass(frozen=True, kw_only=True)
class Ruleset:
    family: ClassVar[str] = ""  # game.family: "holdem", "poker-dice", "dice-poker", "vitaji"
    commands: ClassVar[tuple[str, ...]] = ()  # the actions its addon has slash commands for

    id: str
    source: str
    name: str
    summary: str
    dice: Dice
    table: TableRules
    addon: AddonInfo
