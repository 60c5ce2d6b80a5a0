"""A round of Poker Dice (Swedish rules), as docs/games.md tells it.

The starting player (the flow's dealer) sets the ante; the others, in turn,
match it or sit the round out. Then each player in, in turn from the starter,
rolls up to three times (the dice given from outside, keeps announced before
each reroll, pyhost.engine.draw) and checks or raises. After a raise every other player
still in matches it or leaves. A hand that does not beat the best so far is
out at once; one that does puts the holder of the best so far out, so exactly
one player who has rolled is ever still in. When nobody is left to roll, or
only one player is still in, that player takes the pot and starts the next round.

Decisions the page leaves open (docs/games.md): an equal hand does not beat;
a raise is at most what every player still in can match, so nobody is ever
unable to match one; a player who cannot put in the ante sits the round out;
a round only the starter antes is void, the ante going back to him; only players
with at least the minimum ante are dealt in.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any

from ...rules import Hand, PokerDiceRules
from ..core import Event, Flow, IllegalAction, Status, chips_arg
from ..draw import Turn


class Phase(StrEnum):
    SET_ANTE = "set-ante"  # the starter names the ante
    ANTE = "ante"  # the others match it or sit out, in turn
    ROLL = "roll"  # a player's turn: roll, keep, then check or raise
    MATCH = "match"  # after a raise: the others still in match it or leave, in turn
    OVER = "over"


class PokerDiceRound(Flow):
    game = "poker dice"
    mode = "table"
    ruleset: PokerDiceRules

    def _deal(self, **deal: Any) -> None:
        if deal:
            raise IllegalAction(f"a poker dice round is dealt nothing, not {', '.join(deal)}")
        starter, least = self.seats[self.dealer], self.ruleset.table.minimum_ante
        if starter.bank < least:
            raise IllegalAction(f"{starter.name} cannot start a round: the ante is at least "
                                f"{least}, and {starter.name} has {starter.bank}")

    def _start(self) -> None:
        self.phase = Phase.SET_ANTE
        self.ante = 0
        self.order: list[str] = [self.seats[(self.dealer + step) % len(self.seats)].name
                                 for step in range(len(self.seats))]  # from the starter
        self.waiting: list[str] = []  # who answers the ante or a raise, in turn
        self.raise_by = 0
        self.turn: Turn | None = None
        self.rolled: list[str] = []  # who has had a turn, in order
        self.hands: dict[str, Hand] = {}  # each player's hand when their turn ended
        self.best: str | None = None  # who holds the best hand so far
        self.winner: str | None = None
        self.next_starter = self.dealer_name

    # -- the interface -------------------------------------------------------------------

    @classmethod
    def least_bank(cls, ruleset: PokerDiceRules) -> int:  # type: ignore[override]
        """A player with less than the minimum ante could match no ante: not dealt in."""
        return ruleset.table.minimum_ante

    def next_dealer(self) -> str:
        """The winner starts the next round (the same starter again after a void round)."""
        return self.next_starter

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def to_act(self) -> str | None:
        if self.phase is Phase.SET_ANTE:
            return self.dealer_name
        if self.phase in (Phase.ANTE, Phase.MATCH):
            return self.waiting[0]
        if self.phase is Phase.ROLL and self.turn is not None:
            return self.turn.name
        return None

    def _checks(self, name: str) -> dict[str, Callable[[], object]]:
        dice = self.ruleset.dice
        turn = self.turn
        some = [dice.faces[-1].name] * (turn.need() if turn else 0)
        return {
            "ante": lambda: self.verify_ante(name, None if self.ante else
                                             self.ruleset.table.minimum_ante),
            "roll": lambda: self.verify_roll(name, some),
            "keep": lambda: self.verify_keep(name, []),
            "check": lambda: self.verify_end(name, "check", None),
            "raise": lambda: self.verify_end(name, "raise", 1),
            "call": lambda: self.verify_answer(name, "call"),
            "fold": lambda: self.verify_answer(name, "fold"),
        }

    def legal_actions(self, name: str) -> tuple[str, ...]:
        if self.over or all(seat.name != name for seat in self.seats):
            return ()
        return tuple(action for action, check in self._checks(name).items()
                     if self.allowed(check))

    def act(self, name: str, action: str, amount: object = None, dice: object = None,
            target: object = None) -> list[Event]:
        start = len(self.events)
        if action == "ante":
            self.put_ante(name, amount)
        elif action == "roll":
            self.roll(name, dice)
        elif action == "keep":
            self.keep(name, dice)
        elif action in ("check", "raise"):
            self.end_turn(name, action, amount)
        elif action in ("call", "fold"):
            self.answer(name, action)
        else:
            raise IllegalAction(f"unknown action {action!r}: Poker Dice has ante, roll, keep, "
                                "check, raise, call and fold")
        return self.events[start:]

    # -- looking things up ---------------------------------------------------------------

    def seat(self, name: str):
        return self.seats[self.seat_of(name)]

    def still_in(self) -> list[str]:
        return [name for name in self.order if self.seat(name).in_hand]

    def yet_to_roll(self) -> list[str]:
        """Players still in who have not had their turn, in turn order."""
        current = self.turn.name if self.turn else None
        return [name for name in self.still_in() if name not in self.rolled and name != current]

    def hand_text(self, hand: Hand) -> str:
        return f"{self.ruleset.dice.names(hand.dice)} ({hand.category.name})"

    def _refuse_if_over(self, name: str, doing: str) -> None:
        if self.over:
            raise IllegalAction(f"{name} cannot {doing}: the round is over")
        self.seat_of(name)

    def _refuse_out_of_turn(self, name: str, doing: str, phases: tuple[Phase, ...]) -> None:
        self._refuse_if_over(name, doing)
        if self.phase not in phases:
            raise IllegalAction(f"{name} cannot {doing} now: {self._waiting_text()}")
        if self.to_act() != name:
            raise IllegalAction(f"{name} cannot {doing}: it is {self.to_act()}'s turn")

    def _waiting_text(self) -> str:
        return {
            Phase.SET_ANTE: f"{self.dealer_name} sets the ante",
            Phase.ANTE: f"{self.to_act()} matches the ante of {self.ante} or sits out",
            Phase.ROLL: f"it is {self.to_act()}'s turn to roll",
            Phase.MATCH: f"{self.to_act()} matches the raise of {self.raise_by} or leaves",
        }.get(self.phase, "the round is over")

    # -- the ante ------------------------------------------------------------------------

    def verify_ante(self, name: str, amount: object) -> int:
        self._refuse_out_of_turn(name, "ante", (Phase.SET_ANTE, Phase.ANTE))
        bank = self.seat(name).bank
        if self.phase is Phase.SET_ANTE:
            chips = chips_arg(amount, "ante")
            least = self.ruleset.table.minimum_ante
            if chips < least:
                raise IllegalAction(f"the ante must be at least {least}, not {chips}")
            if chips > bank:
                raise IllegalAction(f"{name} cannot ante {chips}: only {bank} in the bank")
            return chips
        if amount is not None and amount != self.ante:
            raise IllegalAction(f"the ante is {self.ante}, not {amount!r}: {name} antes "
                                f"{self.ante} or folds")
        return self.ante

    def put_ante(self, name: str, amount: object) -> None:
        chips = self.verify_ante(name, amount)
        seat = self.seat(name)
        seat.bank -= chips
        seat.committed += chips
        if self.phase is Phase.SET_ANTE:
            self.ante = chips
            self._say("post", f"{name} sets the ante at {chips}", player=name, chips=chips)
            self.phase = Phase.ANTE
            self.waiting = self.order[1:]
        else:
            self._say("post", f"{name} antes {chips} (pot {self.pot})", player=name,
                      chips=chips)
            self.waiting.pop(0)
        self._next_to_ante()

    def _next_to_ante(self) -> None:
        # A player who cannot put in the ante sits the round out at once.
        while self.waiting and self.seat(self.waiting[0]).bank < self.ante:
            name = self.waiting.pop(0)
            self.seat(name).status = Status.FOLDED
            self._say("fold", f"{name} cannot match the ante of {self.ante} and sits this "
                      "round out", player=name)
        if self.waiting:
            return
        if len(self.still_in()) < 2:
            self._void()
        else:
            self._next_turn()

    def _void(self) -> None:
        """Only the starter anted: no round; the ante goes back and he starts again."""
        seat = self.seats[self.dealer]
        chips = seat.committed
        seat.committed = 0
        seat.bank += chips
        self.payouts[seat.name] = chips
        self._say("return", f"Nobody matched the ante: {seat.name} takes back {chips} and "
                  "starts again", player=seat.name, chips=chips)
        self._finish()
        self.contributions[seat.name] = chips

    # -- a turn: roll, keep, roll, then check or raise ------------------------------------

    def _next_turn(self) -> None:
        if len(self.still_in()) == 1:
            return self._win(self.still_in()[0])
        upcoming = self.yet_to_roll()
        if not upcoming:
            return self._win(self.best or self.still_in()[0])
        self.phase = Phase.ROLL
        self.turn = Turn(name=upcoming[0], size=self.ruleset.deal.dice,
                         rolls_allowed=self.ruleset.deal.rolls)
        return None

    def _current(self, name: str, doing: str) -> Turn:
        self._refuse_out_of_turn(name, doing, (Phase.ROLL,))
        assert self.turn is not None
        return self.turn

    def verify_roll(self, name: str, dice: object) -> tuple[int, ...]:
        return self._current(name, "roll").verify_roll(self.ruleset.dice, dice)

    def roll(self, name: str, dice: object) -> None:
        self.verify_roll(name, dice)
        turn = self.turn
        assert turn is not None
        faces = turn.roll(self.ruleset.dice, dice)
        hand = self.ruleset.best_hand(turn.dice)
        names = self.ruleset.dice.names
        kept = f", keeping {names(turn.dice[:len(turn.dice) - len(faces)])}" \
            if len(faces) < turn.size else ""
        self._say("roll", f"{name} rolls {names(faces)}{kept}: {self.hand_text(hand)} "
                  f"(roll {turn.rolls} of {turn.rolls_allowed})", player=name,
                  dice=tuple(self.ruleset.dice.faces[f].name for f in turn.dice))
        beats = self._beats(hand)
        if beats and not self.yet_to_roll():
            self._close_turn(hand)  # the last player beats the best: the round is his
        elif not turn.rolls_left and not beats:
            self._close_turn(hand)  # no roll left and nothing better: out at once

    def verify_keep(self, name: str, dice: object) -> tuple[int, ...]:
        return self._current(name, "keep").verify_keep(self.ruleset.dice, dice)

    def keep(self, name: str, dice: object) -> None:
        self.verify_keep(name, dice)
        assert self.turn is not None
        kept = self.turn.keep(self.ruleset.dice, dice)
        shown = self.ruleset.dice.names(kept) or "nothing"
        self._say("keep", f"{name} keeps {shown} and rolls {self.turn.need()} again",
                  player=name, dice=tuple(self.ruleset.dice.faces[f].name for f in kept))

    def _beats(self, hand: Hand) -> bool:
        return self.best is None or hand > self.hands[self.best]

    def raise_cap(self, name: str) -> int:
        """The most `name` may raise: what they and every player yet to roll can put in (the
        earlier players are out once `name` holds the best hand)."""
        return min(self.seat(other).bank for other in (name, *self.yet_to_roll()))

    def verify_end(self, name: str, action: str, amount: object) -> int:
        turn = self._current(name, action)
        if turn.rolls == 0:
            raise IllegalAction(f"{name} cannot {action} before rolling")
        if turn.kept is not None:
            raise IllegalAction(f"{name} has said what to keep: roll the other "
                                f"{turn.need()} first")
        if action == "check":
            return 0
        hand = self.ruleset.best_hand(turn.dice)
        if not self._beats(hand):
            assert self.best is not None
            raise IllegalAction(f"{name} cannot raise: {self.hand_text(hand)} does not beat "
                                f"{self.best}'s {self.hand_text(self.hands[self.best])}")
        chips = chips_arg(amount, "raise")
        cap = self.raise_cap(name)
        if chips > cap:
            poorest = min((name, *self.yet_to_roll()), key=lambda other: self.seat(other).bank)
            raise IllegalAction(f"{name} cannot raise {chips}: the most is {cap}, what "
                                f"{poorest} has left")
        return chips

    def end_turn(self, name: str, action: str, amount: object) -> None:
        chips = self.verify_end(name, action, amount)
        assert self.turn is not None
        hand = self.ruleset.best_hand(self.turn.dice)
        if action == "check":
            self._say("check", f"{name} checks with {self.hand_text(hand)}", player=name)
            self._close_turn(hand)
            return
        seat = self.seat(name)
        seat.bank -= chips
        seat.committed += chips
        self.raise_by = chips
        self._say("raise", f"{name} raises {chips} with {self.hand_text(hand)} (pot "
                  f"{self.pot})", player=name, chips=chips)
        self._close_turn(hand, raised=True)

    def _close_turn(self, hand: Hand, raised: bool = False) -> None:
        """The turn is over: the hand beats the best so far (putting its holder out) or is
        out at once; after a raise, the others still in answer it."""
        assert self.turn is not None
        name = self.turn.name
        self.hands[name] = hand
        self.rolled.append(name)
        self.turn = None
        if self._beats(hand):
            if self.best is not None:
                self._out(self.best, f"{self.best} is beaten by {name}'s "
                          f"{self.hand_text(hand)} and is out")
            self.best = name
        else:
            assert self.best is not None
            self._out(name, f"{name}'s {self.hand_text(hand)} does not beat {self.best}'s "
                      f"{self.hand_text(self.hands[self.best])}: {name} is out")
        self.waiting = self.yet_to_roll() if raised else []
        if self.waiting:
            self.phase = Phase.MATCH
        else:
            self._next_turn()

    def _out(self, name: str, text: str) -> None:
        self.seat(name).status = Status.FOLDED
        self._say("out", text, player=name)

    # -- answering a raise ---------------------------------------------------------------

    def verify_answer(self, name: str, action: str) -> None:
        doing = "match the raise" if action == "call" else "fold"
        self._refuse_out_of_turn(name, doing, (Phase.MATCH, Phase.ANTE) if action == "fold"
                                 else (Phase.MATCH,))
        if action == "call" and self.seat(name).bank < self.raise_by:
            raise IllegalAction(f"{name} cannot match {self.raise_by}: only "
                                f"{self.seat(name).bank} left")

    def answer(self, name: str, action: str) -> None:
        self.verify_answer(name, action)
        seat = self.seat(name)
        self.waiting.pop(0)
        if action == "fold":
            seat.status = Status.FOLDED
            if self.phase is Phase.ANTE:
                self._say("fold", f"{name} sits this round out", player=name)
                self._next_to_ante()
                return
            self._say("fold", f"{name} leaves the round rather than match {self.raise_by}",
                      player=name)
        else:
            seat.bank -= self.raise_by
            seat.committed += self.raise_by
            self._say("call", f"{name} matches the raise of {self.raise_by} (pot "
                      f"{self.pot})", player=name, chips=self.raise_by)
        if not self.waiting:
            self._next_turn()

    # -- the end ---------------------------------------------------------------------------

    def _win(self, name: str) -> None:
        self.turn = None
        self.winner = self.next_starter = name
        held = f" with {self.hand_text(self.hands[name])}" if name in self.hands else ""
        self._pay(name, self.pot, f"{name} takes the pot of {self.pot}{held}")
        self._finish()

    def _finish(self) -> None:
        super()._finish()
        self.phase = Phase.OVER
