"""The narrow interface a game's flow offers the table, and what every hand has.

A flow runs one hand of one game family. The table starts it with the ruleset,
the seats dealt in and the dealer's place (`Flow(ruleset, seats, dealer, ...)`),
then asks whose turn it is (`to_act`), what a player may do now
(`legal_actions`), has it apply one action (`act`), and reads `result` once the
hand is `over`. How a hand goes between those is the flow's own business: the
hold'em flows are in `pyhost.engine.holdem`.

What every hand shares lives here too: the seats and the dealer, the events
said so far, chips paid out of the pot, and closing the books at the end.
Money moves only through the flow's actions, and the ledger (banks plus what
is in the pot) stays exact throughout.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ...rules import Ruleset
from .errors import IllegalAction
from .events import Event
from .pots import Pot, pots
from .seats import Seat, Status


@dataclass(frozen=True, kw_only=True)
class Result:
    """How a hand ended: what each player took from the pot and put in, and the pots paid."""

    payouts: dict[str, int]
    contributions: dict[str, int]
    pots: tuple[Pot, ...]


class Flow:
    """One hand: the seats in order (the players dealt in) and the dealer's seat."""

    game: ClassVar[str] = ""  # the game family it runs hands of, for people: "hold'em"
    mode: ClassVar[str] = ""  # the kind of table it runs them at ("guided", "manual")

    def __init__(self, ruleset: Ruleset, seats: Sequence[Seat], dealer: int,
                 **deal: Any) -> None:
        if len(seats) < ruleset.table.min_players:
            raise IllegalAction(f"{ruleset.name} needs at least {ruleset.table.min_players} "
                                f"players with chips, not {len(seats)}")
        self.ruleset = ruleset
        self.seats = list(seats)
        self.dealer = dealer
        self.events: list[Event] = []
        self.payouts: dict[str, int] = {}  # what each player took from the pot
        self.contributions: dict[str, int] = {}  # what each put in, kept when the pot is paid
        self.final_pots: list[Pot] = []
        self._deal(**deal)
        for seat in self.seats:
            seat.committed = 0
            seat.status = Status.ACTIVE
        self._start()

    def _deal(self, **deal: Any) -> None:
        """Take what the hand is dealt (hold'em: each player's hidden dice). A refusal here
        leaves the seats as they were."""

    def _start(self) -> None:
        """What the hand does before anyone acts (hold'em: antes and blinds)."""

    # -- what the table asks between hands -----------------------------------------------

    @classmethod
    def least_bank(cls, ruleset: Ruleset) -> int:
        """The fewest chips a player needs to be dealt in (and to deal, or start)."""
        return 1

    def next_dealer(self) -> str | None:
        """Who deals (or starts) the next hand once this one is over; None: the seat after
        this hand's dealer, the button moving one place."""
        return None

    # -- the interface: what the table asks of every flow ------------------------------

    def to_act(self) -> str | None:
        """Whose turn it is, or None when nobody's in particular."""
        raise NotImplementedError

    def legal_actions(self, name: str) -> tuple[str, ...]:
        """The actions `name` may take now (any amount or dice they need aside)."""
        raise NotImplementedError

    def act(self, name: str, action: str, amount: object = None, dice: object = None,
            target: object = None) -> list[Event]:
        """One action by `name`: the events it made, or IllegalAction changing nothing."""
        raise NotImplementedError

    @property
    def over(self) -> bool:
        raise NotImplementedError

    @property
    def result(self) -> Result | None:
        """How the hand ended; None until it is over."""
        if not self.over:
            return None
        return Result(payouts=dict(self.payouts), contributions=dict(self.contributions),
                      pots=tuple(self.final_pots))

    # -- looking things up --------------------------------------------------------------

    @property
    def dealer_name(self) -> str:
        return self.seats[self.dealer].name

    @property
    def pot(self) -> int:
        return sum(seat.committed for seat in self.seats)

    def seat_of(self, name: str) -> int:
        for index, seat in enumerate(self.seats):
            if seat.name == name:
                return index
        raise IllegalAction(f"nobody named {name!r} is in this hand")

    def left_of_dealer(self) -> list[str]:
        """Names in order from the first seat left of the dealer (the odd chip's order)."""
        count = len(self.seats)
        return [self.seats[(self.dealer + step) % count].name for step in range(1, count + 1)]

    def pots(self) -> list[Pot]:
        """The pots as they stand (as they stood when paid, once the hand is over)."""
        return self.final_pots if self.over else pots(self.seats)

    @staticmethod
    def allowed(check: Callable[[], object]) -> bool:
        """Whether `check` (a verify that changes nothing) lets the action through."""
        try:
            check()
        except IllegalAction:
            return False
        return True

    # -- saying and paying ----------------------------------------------------------------

    def _say(self, kind: str, text: str, **fields: object) -> Event:
        event = Event(kind=kind, text=text, **fields)  # type: ignore[arg-type]
        self.events.append(event)
        return event

    def _pay(self, name: str, chips: int, text: str, **details: object) -> None:
        self.seats[self.seat_of(name)].bank += chips
        self.payouts[name] = self.payouts.get(name, 0) + chips
        self._say("win", text, player=name, chips=chips, details=details)

    def _finish(self) -> None:
        """Close the books: the pot is paid, so nothing stays committed."""
        self.final_pots = self.pots()
        self.contributions = {seat.name: seat.committed for seat in self.seats}
        for seat in self.seats:
            seat.committed = 0
