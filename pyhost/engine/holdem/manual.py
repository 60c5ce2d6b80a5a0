"""The manual hold'em hand, the original addon's way: no turns, the players
police the rules. `/tbet N` puts N in the pot; the dealer rolls the streets
and, after the river, gives the whole pot to a target with `/tpot`.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core import Event, IllegalAction, Pot, Seat, chips_arg
from .hand import HoldemHand


class ManualHand(HoldemHand):
    mode = "manual"

    def _deal(self, *, hidden=None, deal_first: bool = False) -> None:
        # Nothing is posted at a manual table, so a hand dealt first has nothing to wait for
        # and opens at once, as the Lua engine's does.
        super()._deal(hidden=hidden)

    def put(self, name: str, amount: object) -> list[Event]:
        seat, chips = self.verify_put(name, amount)
        seat.bank -= chips
        seat.committed += chips
        return [self._say("bet", f"{name} puts {chips} in the pot (pot {self.pot})",
                          player=name, chips=chips)]

    def verify_put(self, name: str, amount: object) -> tuple[Seat, int]:
        seat = self.seats[self.seat_of(name)]
        chips = chips_arg(amount, "bet")
        if self.over:
            raise IllegalAction(f"{name} cannot bet: the pot has been given out")
        if chips > seat.bank:
            raise IllegalAction(f"{name} cannot put in {chips}: only {seat.bank} left")
        return seat, chips

    def award(self, name: str, target: object) -> list[Event]:
        target = self.verify_award(name, target)
        start = len(self.events)
        self._pay(target, self.pot, f"Dealer {name} gives the pot of {self.pot} to {target}")
        self._finish()
        return self.events[start:]

    def verify_award(self, name: str, target: object) -> str:
        """Who gets the pot, or IllegalAction saying why `name` cannot give it to them."""
        if self.over:
            raise IllegalAction(f"{name} cannot give the pot: it has been given out")
        if name != self.dealer_name:
            raise IllegalAction(f"{name} cannot give the pot: only the dealer, "
                                f"{self.dealer_name}, does")
        if self.next_street() is not None:
            raise IllegalAction(f"{name} cannot give the pot before the {self.streets[-1]} "
                                "is rolled")
        if not isinstance(target, str):
            raise IllegalAction(f"{name} must name who gets the pot (a target)")
        self.seat_of(target)
        if not self.pot:
            raise IllegalAction("the pot is empty")
        return target

    def to_act(self) -> None:
        """Nobody's in particular: a manual table has no turns."""
        return None

    def _checks(self, name: str) -> dict[str, Callable[[], object]]:
        return {"bet": lambda: self.verify_put(name, 1), **super()._checks(name),
                "pot": lambda: self.verify_award(name, name)}

    def show(self, name: str, dice: object = None) -> list[Event]:
        faces = self.verify_show(name, dice)
        hand = self.hand_of(faces)
        if hand is not None:
            self.shown[name] = hand
        return [self._say("show", self._show_text(name, faces, hand), player=name,
                          dice=tuple(self.ruleset.dice.faces[f].name for f in faces))]

    def _act(self, name: str, action: str, amount: object, target: object) -> list[Event]:
        if action in ("bet", "put"):
            return self.put(name, amount)
        if action == "pot":
            return self.award(name, target)
        if action in ("check", "call", "raise", "fold", "allin", "muck"):
            raise IllegalAction(f"a manual table has no {action}: /tbet N puts N in the pot and "
                                "the dealer gives it out with /tpot")
        return super()._act(name, action, amount, target)

    def pots(self) -> list[Pot]:
        """One pot: a manual table keeps no side pots (the players settle them with /tgive)."""
        if self.over:
            return self.final_pots
        return [Pot(self.pot, tuple(seat.name for seat in self.seats))] if self.pot else []
