"""A table: the players' banks across hands, the dealer button, the bank commands.

One table is guided or manual for its whole life (RULES.md's two ways to
run a table). Banks and the pot are the ledger: their sum changes only by
`reset` (a buy-back to the ruleset's starting bank); `give` moves chips
from one bank to another.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..rules import Ruleset
from .errors import IllegalAction
from .events import Event
from .guided import GuidedHand
from .hand import HoldemHand, chips_arg
from .manual import ManualHand
from .seats import Seat

MODES = {"guided": GuidedHand, "manual": ManualHand}


class Table:
    def __init__(
        self,
        ruleset: Ruleset,
        players: Sequence[str | tuple[str, int]],
        *,
        mode: str = "guided",
        dealer: str | None = None,
    ) -> None:
        if ruleset.family != "holdem":
            raise IllegalAction(f"{ruleset.name} is not a hold'em game; its table flow comes "
                                "later")
        if mode not in MODES:
            raise IllegalAction(f"a table is 'guided' or 'manual', not {mode!r}")
        self.ruleset = ruleset
        self.mode = mode
        self.seats: list[Seat] = []
        for player in players:
            name, bank = (player, ruleset.table.starting_bank) if isinstance(player, str) \
                else player
            if not isinstance(name, str) or not name.strip():
                raise IllegalAction(f"a player's name must be text, not {name!r}")
            if any(seat.name == name for seat in self.seats):
                raise IllegalAction(f"{name} is seated twice")
            if isinstance(bank, bool) or not isinstance(bank, int) or bank < 0:
                raise IllegalAction(f"{name}'s bank must be a whole number of chips, not "
                                    f"{bank!r}")
            self.seats.append(Seat(name=name, bank=bank))
        if len(self.seats) > ruleset.table.max_players:
            raise IllegalAction(f"{ruleset.name} seats at most {ruleset.table.max_players}, "
                                f"not {len(self.seats)}")
        self.button = self._index(dealer) if dealer is not None else 0
        self.hand: HoldemHand | None = None
        self.hands_played = 0
        self.events: list[Event] = []

    def _index(self, name: str) -> int:
        for index, seat in enumerate(self.seats):
            if seat.name == name:
                return index
        raise IllegalAction(f"nobody named {name!r} sits at this table")

    def seat(self, name: str) -> Seat:
        return self.seats[self._index(name)]

    @property
    def banks(self) -> dict[str, int]:
        return {seat.name: seat.bank for seat in self.seats}

    @property
    def chips(self) -> int:
        """Everything on the table: the banks and the live pot."""
        return sum(seat.bank + seat.committed for seat in self.seats)

    def new_hand(self, *, hidden: Mapping[str, Sequence[str | int]] | None = None
                 ) -> HoldemHand:
        """Deal a hand to everyone with chips; after the first, the button moves left."""
        if self.hand is not None and not self.hand.over:
            raise IllegalAction("the current hand is not over yet")
        playing = [seat for seat in self.seats if seat.bank > 0]
        if not playing:
            raise IllegalAction(f"{self.ruleset.name} needs at least "
                                f"{self.ruleset.table.min_players} players with chips, not 0")
        button = self.button
        if self.hands_played:
            button = (button + 1) % len(self.seats)
        while self.seats[button].bank == 0:
            button = (button + 1) % len(self.seats)
        dealer = playing.index(self.seats[button])
        # The button moves only once the hand is dealt: a refused deal leaves it where it was.
        self.hand = MODES[self.mode](self.ruleset, playing, dealer, hidden=hidden)
        self.button = button
        self.hands_played += 1
        return self.hand

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

    def _chips_in_live_pot(self, name: str, doing: str) -> None:
        if self.hand is not None and self.hand.has_chips_in_pot(name):
            raise IllegalAction(f"{name} cannot {doing} while {name} has chips in the live pot")

    def give(self, name: str, target: object, amount: object) -> list[Event]:
        """Move chips from one bank to another (side deals, corrections)."""
        giver = self.seat(name)
        if not isinstance(target, str):
            raise IllegalAction(f"{name} must name who to give to (a target)")
        receiver = self.seat(target)
        chips = chips_arg(amount, "amount to give")
        if receiver is giver:
            raise IllegalAction(f"{name} cannot give chips to themselves")
        self._chips_in_live_pot(name, "give chips")
        if chips > giver.bank:
            raise IllegalAction(f"{name} cannot give {chips}: only {giver.bank} in the bank")
        giver.bank -= chips
        receiver.bank += chips
        return self._say(Event(kind="give", text=f"{name} gives {chips} to {target}",
                               player=name, chips=chips, details={"target": target}))

    def reset(self, name: str) -> list[Event]:
        """Buy back in: the bank goes back to the ruleset's starting bank."""
        seat = self.seat(name)
        self._chips_in_live_pot(name, "reset their bank")
        was, seat.bank = seat.bank, self.ruleset.table.starting_bank
        return self._say(Event(kind="reset", text=f"{name}'s bank is reset to {seat.bank} "
                               f"(was {was})", player=name, chips=seat.bank - was))

    def _say(self, event: Event) -> list[Event]:
        self.events.append(event)
        return [event]
