"""What every hold'em hand has, guided or manual: seats, a dealer, the dice.

The dealer rolls the community dice street by street (flop, turn, river
for three-one-one); players show their hidden dice; the events list tells
what happened. Money moves only through the subclasses' actions, and the
ledger (banks plus what is in the pot) stays exact throughout.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum

from ..rules import Hand, Ruleset
from .errors import IllegalAction
from .events import Event
from .pots import Pot, pots
from .seats import Seat, Status, whole_amount


class Phase(StrEnum):
    BETTING = "betting"  # a betting round is open
    ROLL = "roll"  # the dealer rolls the next street
    SHOWDOWN = "showdown"  # players show their dice or muck
    OVER = "over"  # the pot is paid


def street_names(community: Sequence[int]) -> tuple[str, ...]:
    if tuple(community) == (3, 1, 1):
        return ("flop", "turn", "river")
    return tuple(f"street {n}" for n in range(1, len(community) + 1))


class HoldemHand:
    """One hand: seats in order (the players dealt in), the dealer's seat, the dice."""

    mode = ""

    def __init__(
        self,
        ruleset: Ruleset,
        seats: Sequence[Seat],
        dealer: int,
        *,
        hidden: Mapping[str, Sequence[str | int]] | None = None,
    ) -> None:
        if len(seats) < ruleset.table.min_players:
            raise IllegalAction(f"{ruleset.name} needs at least {ruleset.table.min_players} "
                                f"players with chips, not {len(seats)}")
        self.ruleset = ruleset
        self.seats = list(seats)
        self.dealer = dealer
        self.streets = street_names(ruleset.deal.community)
        self.community: list[tuple[int, ...]] = []  # the streets rolled so far
        self.hidden = {name: self._dice(dice, ruleset.deal.hidden, f"{name}'s hidden dice")
                       for name, dice in (hidden or {}).items()}
        self.shown: dict[str, Hand] = {}
        self.events: list[Event] = []
        self.phase = Phase.ROLL
        self.payouts: dict[str, int] = {}  # what each player took from the pot
        self.contributions: dict[str, int] = {}  # what each put in, kept when the pot is paid
        self.final_pots: list[Pot] = []
        for seat in self.seats:
            seat.committed = 0
            seat.status = Status.ACTIVE
        self._start()

    def _start(self) -> None:
        """What a hand does before anyone acts (the guided hand posts antes and blinds)."""

    # -- one entry point, for replays and the addon's slash commands -----------------------

    def act(self, name: str, action: str, amount: object = None, dice: object = None,
            target: object = None) -> list[Event]:
        """Any player's action in this hand, by name: what the slash commands call."""
        if action in ("roll", *self.streets):
            if action != "roll" and action != self.next_street():
                raise IllegalAction(f"{name} cannot roll the {action}: the next street is the "
                                    f"{self.next_street()}")
            return self.roll(name, dice)
        if action == "show":
            return self.show(name, dice)
        return self._act(name, action, amount, target)

    def _act(self, name: str, action: str, amount: object, target: object) -> list[Event]:
        raise IllegalAction(f"unknown action {action!r}")

    def show(self, name: str, dice: object = None) -> list[Event]:
        raise NotImplementedError

    # -- looking things up --------------------------------------------------------------

    @property
    def dealer_name(self) -> str:
        return self.seats[self.dealer].name

    @property
    def pot(self) -> int:
        return sum(seat.committed for seat in self.seats)

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def seat_of(self, name: str) -> int:
        for index, seat in enumerate(self.seats):
            if seat.name == name:
                return index
        raise IllegalAction(f"nobody named {name!r} is in this hand")

    def left_of_dealer(self) -> list[str]:
        """Names in order from the first seat left of the dealer (the odd chip's order)."""
        count = len(self.seats)
        return [self.seats[(self.dealer + step) % count].name for step in range(1, count + 1)]

    def board(self) -> tuple[int, ...]:
        return tuple(face for street in self.community for face in street)

    def board_text(self) -> str:
        glyphs = [self.ruleset.dice.faces[face].glyph for face in self.board()]
        return " ".join(f"{n}-{glyph}" for n, glyph in enumerate(glyphs, 1))

    def _dice(self, dice: object, count: int, what: str) -> tuple[int, ...]:
        if isinstance(dice, str) or not isinstance(dice, Sequence):
            raise IllegalAction(f"{what} must be a list of {count} faces, not {dice!r}")
        if len(dice) != count:
            raise IllegalAction(f"{what} must be {count} dice, not {len(dice)}")
        try:
            return self.ruleset.dice.parse(dice)
        except ValueError as exc:
            raise IllegalAction(f"{what}: {exc}") from None

    def _say(self, kind: str, text: str, **fields: object) -> Event:
        event = Event(kind=kind, text=text, **fields)  # type: ignore[arg-type]
        self.events.append(event)
        return event

    # -- the dealer rolls a street ---------------------------------------------------------

    def next_street(self) -> str | None:
        return self.streets[len(self.community)] if len(self.community) < len(self.streets) \
            else None

    def verify_roll(self, name: str, dice: object) -> tuple[int, ...]:
        street = self.next_street()
        if self.over:
            raise IllegalAction(f"{name} cannot roll: the hand is over")
        if name != self.dealer_name:
            raise IllegalAction(f"{name} cannot roll the {street or 'dice'}: only the dealer, "
                                f"{self.dealer_name}, rolls")
        if street is None:
            raise IllegalAction(f"{name} cannot roll: all {len(self.streets)} streets are out")
        if self.phase is not Phase.ROLL:
            raise IllegalAction(f"{name} cannot roll the {street} yet: {self._waiting_for()}")
        count = self.ruleset.deal.community[len(self.community)]
        return self._dice(dice, count, f"the {street}")

    def roll(self, name: str, dice: object) -> list[Event]:
        faces = self.verify_roll(name, dice)
        street = self.next_street()
        self.community.append(faces)
        names = tuple(self.ruleset.dice.faces[f].name for f in faces)
        start = len(self.events)
        self._say("roll", f"Dealer {name} rolls the {street.title() if street else ''}: "
                  f"{self.board_text()}", player=name, dice=names)
        self._after_roll()
        return self.events[start:]

    def _after_roll(self) -> None:
        """What follows a street: a betting round, the next street, or the showdown."""

    def _waiting_for(self) -> str:
        return "the hand is over" if self.over else f"the hand is in its {self.phase} phase"

    # -- showing the hidden dice -------------------------------------------------------

    def verify_show(self, name: str, dice: object = None) -> tuple[int, ...]:
        seat = self.seats[self.seat_of(name)]
        if not seat.in_hand:
            raise IllegalAction(f"{name} has {seat.status}")
        if name in self.shown:
            raise IllegalAction(f"{name} has already shown")
        if dice is None:
            if name not in self.hidden:
                raise IllegalAction(f"{name} has no hidden dice on record to show")
            faces = self.hidden[name]
        else:
            faces = self._dice(dice, self.ruleset.deal.hidden, f"{name}'s dice")
            if name in self.hidden and faces != self.hidden[name]:
                raise IllegalAction(f"those are not the dice {name} rolled")
        return faces

    def hand_of(self, faces: tuple[int, ...]) -> Hand | None:
        dice = faces + self.board()
        if len(dice) < self.ruleset.hand_rules.size:
            return None
        return self.ruleset.best_hand(dice)

    def _show_text(self, name: str, faces: tuple[int, ...], hand: Hand | None) -> str:
        dice = self.ruleset.dice
        shown = " ".join(f"{n}-{dice.faces[f].glyph}" for n, f in enumerate(faces, 1))
        made = f": {hand.category.name}" if hand else ""
        return f"{name} shows {shown}{made}"

    # -- chips -------------------------------------------------------------------------

    def has_chips_in_pot(self, name: str) -> bool:
        return not self.over and any(s.name == name and s.committed for s in self.seats)

    def _pay(self, name: str, chips: int, text: str, **details: object) -> None:
        self.seats[self.seat_of(name)].bank += chips
        self.payouts[name] = self.payouts.get(name, 0) + chips
        self._say("win", text, player=name, chips=chips, details=details)

    def pots(self) -> list[Pot]:
        """The pots as they stand (as they stood when paid, once the hand is over)."""
        return self.final_pots if self.over else pots(self.seats)

    def _finish(self) -> None:
        """Close the books: the pot is paid, so nothing stays committed."""
        self.final_pots = self.pots()
        self.contributions = {seat.name: seat.committed for seat in self.seats}
        for seat in self.seats:
            seat.committed = 0
        self.phase = Phase.OVER


def chips_arg(amount: object, what: str) -> int:
    chips = whole_amount(amount, what)
    if chips == 0:
        raise IllegalAction(f"the {what} must be at least 1")
    return chips
