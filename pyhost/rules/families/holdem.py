"""Hold'em's ruleset: hidden dice and community streets, bets, blinds and antes."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from ..ruleset import TableRules
from ..schema import Table
from .poker_hands import PokerHandRules


@dataclass(frozen=True, kw_only=True)
class HoldemDeal:
    hidden: int  # dice under each player's cup
    community: tuple[int, ...]  # dice per street (flop, turn, river)

    @property
    def dealt(self) -> int:
        """Dice a player scores with: their own plus the community's."""
        return self.hidden + sum(self.community)


# The deadline settings and their defaults (seconds).
TIMEOUTS = {"deal_timeout": 60, "acting_timeout": 120, "roll_timeout": 60,
            "showdown_timeout": 60}


@dataclass(frozen=True, kw_only=True)
class HoldemTable(TableRules):
    minimum_bet: int
    minimum_raise: int
    maximum_raise: int  # 0: no limit
    raise_cap: int  # the most raises in one betting round; 0: no cap
    blinds: bool
    ante: int
    ante_growth: int  # chips the ante grows by every `ante_every` hands; 0: it stays
    ante_every: int
    first_dealer: str  # seat or roll
    # Deadlines of a guided hand, in seconds: the table always moves on.
    deal_timeout: int  # to type /tdeal; a player without a commitment by then sits out
    acting_timeout: int  # to bet; then the table checks or folds for the player
    roll_timeout: int  # for the dealer to roll a street; then the next seat deals on
    showdown_timeout: int  # to reveal; then the hand is mucked (the host's too)

    def ante_of(self, number: int) -> int:
        """The ante of the table's hand `number` (from 1): `ante`, grown by `ante_growth`
        after every `ante_every` hands."""
        return self.ante + self.ante_growth * ((max(number, 1) - 1) // self.ante_every)

    def for_hand(self, number: int) -> HoldemTable:
        ante = self.ante_of(number)
        return self if ante == self.ante else dataclasses.replace(self, ante=ante)


@dataclass(frozen=True, kw_only=True)
class HoldemRules(PokerHandRules):
    family = "holdem"
    commands = ("deal", "show", "flop", "turn", "river", "hand", "bones", "bet", "pot", "give",
                "reset", "help")
    dealt_keys = "hidden + community"

    deal: HoldemDeal
    table: HoldemTable

    @classmethod
    def read_deal(cls, table: Table) -> HoldemDeal:
        return HoldemDeal(hidden=table.get("hidden", int, low=1, high=5),
                          community=tuple(table.int_list("community", low=1, high=5,
                                                         length=(1, 5))))

    @classmethod
    def read_table(cls, table: Table, common: dict[str, Any]) -> HoldemTable:
        bank = common["starting_bank"]
        rules = HoldemTable(
            **common, minimum_bet=table.get("minimum_bet", int, low=1, high=bank),
            minimum_raise=table.get("minimum_raise", int, low=1, high=bank),
            maximum_raise=table.get("maximum_raise", int, low=0, high=bank),
            raise_cap=table.get("raise_cap", int, default=0, low=0, high=100),
            blinds=table.get("blinds", bool),
            ante=table.get("ante", int, low=0, high=bank),
            ante_growth=table.get("ante_growth", int, default=0, low=0, high=bank),
            ante_every=table.get("ante_every", int, default=1, low=1, high=1000),
            first_dealer=table.get("first_dealer", str, choices=("seat", "roll")),
            **{key: table.get(key, int, default=default, low=5, high=3600)
               for key, default in TIMEOUTS.items()},
        )
        least = max(rules.minimum_raise, rules.minimum_bet)
        if rules.maximum_raise and rules.maximum_raise < least:
            # The limit caps opening bets too, so it must leave room for the smallest one.
            raise table.error("maximum_raise", f"must be 0 (no limit) or at least minimum_raise "
                              f"and minimum_bet ({least}), not {rules.maximum_raise}")
        return rules
