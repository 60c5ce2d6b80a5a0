"""A table: the ledger, the dealer button, and hands dealt through a game's flow.

One table is of one mode for its whole life (the two ways to run a
hold'em table are the modes "guided" and "manual"). Each hand is one `Flow`,
the one `flows` names for the ruleset's family and the table's mode; the
table itself knows no game. Between hands it asks the flow who is dealt in
(`least_bank`) and who deals or starts next (`next_dealer`: hold'em's button
and Dice Poker's start move one seat, Poker Dice's winner starts).
`pyhost.engine.Table` is this table with the shipped games' flows.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ...rules import Ruleset
from .errors import IllegalAction
from .events import Event
from .flow import Flow
from .ledger import Ledger

_FIRST: Any = object()  # the family's first mode


class Table(Ledger):
    # family -> mode -> the flow that runs its hands; the first mode is the default.
    flows: ClassVar[Mapping[str, Mapping[str, type[Flow]]]] = {}

    def __init__(self, ruleset: Ruleset, players: Sequence[str | tuple[str, int]], *,
                 mode: str = _FIRST, dealer: str | None = None) -> None:
        modes = self.flows.get(ruleset.family)
        if not modes:
            names = list(dict.fromkeys(flow.game for modes in self.flows.values()
                                       for flow in modes.values()))
            games = ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else \
                "".join(names)
            raise IllegalAction(f"{ruleset.name} is not a {games} game; its table flow comes "
                                "later")
        mode = next(iter(modes)) if mode is _FIRST else mode
        if mode not in modes:
            raise IllegalAction(f"a table is {' or '.join(map(repr, modes))}, not {mode!r}")
        super().__init__(ruleset, players)
        self.mode = mode
        self.flow = modes[mode]
        self.button = self._index(dealer) if dealer is not None else 0
        self.hand: Flow | None = None  # the current hand, run by `self.flow`
        self.hands_played = 0

    def new_hand(self, **deal: Any) -> Flow:
        """Deal a hand to everyone with chips (the flow's `least_bank`). The first hand's
        dealer is the table's; after it, the one the last hand names (`next_dealer`), or else
        the button moves left, past anyone with too few chips. `deal` goes to the flow
        (hold'em: `hidden`, each player's hidden dice)."""
        if self.hand is not None and not self.hand.over:
            raise IllegalAction("the current hand is not over yet")
        least = self.flow.least_bank(self.ruleset)
        playing = [seat for seat in self.seats if seat.bank >= least]
        if not playing:
            having = "chips" if least <= 1 else f"at least {least} chips"
            raise IllegalAction(f"{self.ruleset.name} needs at least "
                                f"{self.ruleset.table.min_players} players with {having}, "
                                "not 0")
        button = self.button
        if self.hand is not None:
            named = self.hand.next_dealer()
            button = self._index(named) if named is not None else \
                (button + 1) % len(self.seats)
        while self.seats[button].bank < least:
            button = (button + 1) % len(self.seats)
        dealer = playing.index(self.seats[button])
        # The button moves only once the hand is dealt: a refused deal leaves it where it was.
        self.hand = self.flow(self.hand_ruleset(self.hands_played + 1), playing, dealer, **deal)
        self.button = button
        self.hands_played += 1
        return self.hand

    def hand_ruleset(self, number: int) -> Ruleset:
        """The rules hand `number` (from 1) plays by: the table's, with what grows between
        hands (the ante) grown."""
        table = self.ruleset.table.for_hand(number)
        return self.ruleset if table is self.ruleset.table else \
            dataclasses.replace(self.ruleset, table=table)

    def act(self, name: str, action: str, amount: object = None, *, dice: object = None,
            target: object = None) -> list[Event]:
        """Any player's command: a hand action, or the bank commands give and reset."""
        if action == "give":
            return self.give(name, target, amount)
        if action == "reset":
            return self.reset(name)
        self._index(name)
        if self.hand is None:
            raise IllegalAction(f"{name} cannot {action}: no hand has been dealt")
        return self.hand.act(name, action, amount, dice=dice, target=target)
