"""The five-dice games' rulesets: poker dice and dice poker, each player rolling a hand
of their own (no community dice), with rerolls."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..ruleset import TableRules
from ..schema import Table
from .poker_hands import PokerHandRules


@dataclass(frozen=True, kw_only=True)
class DiceDeal:
    dice: int  # dice rolled at once
    rolls: int  # rolls in a turn, the first included

    @property
    def dealt(self) -> int:
        return self.dice


@dataclass(frozen=True, kw_only=True)
class FiveDiceRules(PokerHandRules):
    dealt_keys = "dice"

    deal: DiceDeal

    @classmethod
    def read_deal(cls, table: Table) -> DiceDeal:
        return DiceDeal(dice=table.get("dice", int, low=2, high=9),
                        rolls=table.get("rolls", int, low=1, high=10))


@dataclass(frozen=True, kw_only=True)
class PokerDiceTable(TableRules):
    minimum_ante: int


@dataclass(frozen=True, kw_only=True)
class PokerDiceRules(FiveDiceRules):
    family = "poker-dice"
    commands = ("ante", "roll", "keep", "check", "raise", "call", "fold", "hand", "bones",
                "help")

    table: PokerDiceTable

    @classmethod
    def read_table(cls, table: Table, common: dict[str, Any]) -> PokerDiceTable:
        bank = common["starting_bank"]
        return PokerDiceTable(**common,
                              minimum_ante=table.get("minimum_ante", int, low=1, high=bank))


@dataclass(frozen=True, kw_only=True)
class DicePokerTable(TableRules):
    stakes: str  # forfeit or chips
    stake: int


@dataclass(frozen=True, kw_only=True)
class DicePokerRules(FiveDiceRules):
    family = "dice-poker"
    commands = ("roll", "reroll", "hand", "bones", "help")

    table: DicePokerTable

    @classmethod
    def read_table(cls, table: Table, common: dict[str, Any]) -> DicePokerTable:
        bank = common["starting_bank"]
        return DicePokerTable(**common,
                              stakes=table.get("stakes", str, choices=("forfeit", "chips")),
                              stake=table.get("stake", int, low=1, high=bank))
