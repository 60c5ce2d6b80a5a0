"""The ledger: the players' banks across hands, and the bank commands.

Banks and the live pot are the ledger: their sum changes only by `reset` (a
buy-back to the ruleset's starting bank); `give` moves chips from one bank to
another. Neither may touch a player who has chips in the live pot.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...rules import Ruleset
from .errors import IllegalAction
from .events import Event
from .seats import Seat, chips_arg


class Ledger:
    """The seats in order, each with its bank; `players` are names (starting bank) or
    (name, bank) pairs."""

    def __init__(self, ruleset: Ruleset, players: Sequence[str | tuple[str, int]]) -> None:
        self.ruleset = ruleset
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

    def _chips_in_live_pot(self, seat: Seat, doing: str) -> None:
        # A hand's books close with nothing committed: chips committed are in the live pot.
        if seat.committed:
            raise IllegalAction(f"{seat.name} cannot {doing} while {seat.name} has chips in "
                                "the live pot")

    def give(self, name: str, target: object, amount: object) -> list[Event]:
        """Move chips from one bank to another (side deals, corrections)."""
        giver = self.seat(name)
        if not isinstance(target, str):
            raise IllegalAction(f"{name} must name who to give to (a target)")
        receiver = self.seat(target)
        chips = chips_arg(amount, "amount to give")
        if receiver is giver:
            raise IllegalAction(f"{name} cannot give chips to themselves")
        self._chips_in_live_pot(giver, "give chips")
        if chips > giver.bank:
            raise IllegalAction(f"{name} cannot give {chips}: only {giver.bank} in the bank")
        giver.bank -= chips
        receiver.bank += chips
        return self._say(Event(kind="give", text=f"{name} gives {chips} to {target}",
                               player=name, chips=chips, details={"target": target}))

    def reset(self, name: str) -> list[Event]:
        """Buy back in: the bank goes back to the ruleset's starting bank."""
        seat = self.seat(name)
        self._chips_in_live_pot(seat, "reset their bank")
        was, seat.bank = seat.bank, self.ruleset.table.starting_bank
        return self._say(Event(kind="reset", text=f"{name}'s bank is reset to {seat.bank} "
                               f"(was {was})", player=name, chips=seat.bank - was))

    def _say(self, event: Event) -> list[Event]:
        self.events.append(event)
        return [event]
