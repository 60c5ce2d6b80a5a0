"""What every hold'em hand has, guided or manual: the phases, the streets, the dice.

The dealer rolls the community dice street by street (flop, turn, river
for three-one-one); players show their hidden dice. The seats, the events
and the books are the table core's (`Flow`); money moves only through the
two flows' actions (guided.py, manual.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum

from ...rules import Hand, HoldemRules
from ..core import Event, Flow, IllegalAction, given_dice


class Phase(StrEnum):
    DEAL = "deal"  # a guided hand waits for the closed set of commitments
    BETTING = "betting"  # a betting round is open
    ROLL = "roll"  # the dealer rolls the next street
    SHOWDOWN = "showdown"  # players show their dice or muck
    OVER = "over"  # the pot is paid


def street_names(community: Sequence[int]) -> tuple[str, ...]:
    if tuple(community) == (3, 1, 1):
        return ("flop", "turn", "river")
    return tuple(f"street {n}" for n in range(1, len(community) + 1))


class HoldemHand(Flow):
    """One hand: seats in order (the players dealt in), the dealer's seat, the dice."""

    game = "hold'em"
    ruleset: HoldemRules

    def _deal(self, *, hidden: Mapping[str, Sequence[str | int]] | None = None) -> None:
        deal = self.ruleset.deal
        self.streets = street_names(deal.community)
        self.community: list[tuple[int, ...]] = []  # the streets rolled so far
        self.hidden = {name: self._dice(dice, deal.hidden, f"{name}'s hidden dice")
                       for name, dice in (hidden or {}).items()}
        self.shown: dict[str, Hand] = {}
        self.phase = Phase.ROLL

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

    def legal_actions(self, name: str) -> tuple[str, ...]:
        """The actions `name` may take now: each flow's `_checks` that let it through
        (aliases aside: "flop" and the other streets are "roll")."""
        if self.over or all(seat.name != name for seat in self.seats):
            return ()
        return tuple(action for action, check in self._checks(name).items()
                     if self.allowed(check))

    def _checks(self, name: str) -> dict[str, Callable[[], object]]:
        """Each action the flow has, with a check that changes nothing and refuses it
        when `name` may not take it now."""
        return {"roll": lambda: self.may_roll(name), "show": lambda: self.may_show(name)}

    def show(self, name: str, dice: object = None) -> list[Event]:
        raise NotImplementedError

    # -- looking things up --------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def board(self) -> tuple[int, ...]:
        return tuple(face for street in self.community for face in street)

    def board_text(self) -> str:
        glyphs = [self.ruleset.dice.faces[face].glyph for face in self.board()]
        return " ".join(f"{n}-{glyph}" for n, glyph in enumerate(glyphs, 1))

    def _dice(self, dice: object, count: int, what: str) -> tuple[int, ...]:
        return given_dice(self.ruleset.dice, dice, count, what)

    # -- the dealer rolls a street ---------------------------------------------------------

    def next_street(self) -> str | None:
        return self.streets[len(self.community)] if len(self.community) < len(self.streets) \
            else None

    def verify_roll(self, name: str, dice: object) -> tuple[int, ...]:
        street = self.may_roll(name)
        count = self.ruleset.deal.community[len(self.community)]
        return self._dice(dice, count, f"the {street}")

    def may_roll(self, name: str) -> str:
        """The street `name` may roll now, or IllegalAction saying why not."""
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
        return street

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
        self.may_show(name)
        if dice is None:
            if name not in self.hidden:
                raise IllegalAction(f"{name} has no hidden dice on record to show")
            faces = self.hidden[name]
        else:
            faces = self._dice(dice, self.ruleset.deal.hidden, f"{name}'s dice")
            if name in self.hidden and faces != self.hidden[name]:
                raise IllegalAction(f"those are not the dice {name} rolled")
        return faces

    def may_show(self, name: str) -> None:
        """IllegalAction if `name` may not show now, whatever the dice."""
        seat = self.seats[self.seat_of(name)]
        if not seat.in_hand:
            raise IllegalAction(f"{name} has {seat.status}")
        if name in self.shown:
            raise IllegalAction(f"{name} has already shown")

    def hand_of(self, faces: tuple[int, ...]) -> Hand | None:
        dice = faces + self.board()
        if len(dice) < self.ruleset.hands.size:
            return None
        return self.ruleset.best_hand(dice)

    def _show_text(self, name: str, faces: tuple[int, ...], hand: Hand | None) -> str:
        dice = self.ruleset.dice
        shown = " ".join(f"{n}-{dice.faces[f].glyph}" for n, f in enumerate(faces, 1))
        made = f": {hand.category.name}" if hand else ""
        return f"{name} shows {shown}{made}"

    def _finish(self) -> None:
        super()._finish()
        self.phase = Phase.OVER
