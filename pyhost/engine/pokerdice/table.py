"""A Poker Dice table: the core table, whose next round is started by the last
round's winner (by the same starter again after a void round), not by the button
moving one seat. A player with less than the minimum ante could match no ante, so
is not dealt in."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..core import Flow, IllegalAction
from ..core import table as core
from .round import PokerDiceRound


class PokerDiceTable(core.Table):
    flows: ClassVar[Mapping[str, Mapping[str, type[Flow]]]] = {
        "poker-dice": {"table": PokerDiceRound}}

    def new_hand(self, **deal: Any) -> PokerDiceRound:
        """Start a round among the players with at least the minimum ante; its starter is
        the last round's winner (the first of them left of the winner, if he has less)."""
        last = self.hand
        if last is not None and not last.over:
            raise IllegalAction("the current round is not over yet")
        least = self.ruleset.table.minimum_ante
        playing = [seat for seat in self.seats if seat.bank >= least]
        if not playing:
            raise IllegalAction(f"{self.ruleset.name} needs at least "
                                f"{self.ruleset.table.min_players} players with the ante of "
                                f"{least}, not 0")
        start = self.button
        if isinstance(last, PokerDiceRound):
            start = self._index(last.next_starter)
        while self.seats[start].bank < least:
            start = (start + 1) % len(self.seats)
        hand = PokerDiceRound(self.ruleset, playing, playing.index(self.seats[start]), **deal)
        self.hand = hand
        self.button = start
        self.hands_played += 1
        return hand
