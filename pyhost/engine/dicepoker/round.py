"""One round of dice poker (after The Witcher 2), the flow a table runs.

From the starting player (the flow's `dealer`) round the table, each player rolls all five
dice, announces which of them to keep, and rolls the rest again once (`deal.rolls` is the
rolls in a turn, the first included: 2); keeping all five ends the turn at once. The dice
come in from outside: `wanted()` says who must roll how many dice now, and the values are
given with the action, so a round replays exactly.

When the last player has rolled, the highest hand wins over the lowest (ranking.py). For
chips (`table.stakes = "chips"`) each loser pays each winner the table's stake; a loser
who cannot pay every winner in full pays what is left in the bank, shared among them as
evenly as it goes, the odd chips to the winners first in turn order. For a forfeit, no
chip moves: the round announces who names a forfeit for whom. If every hand is equal,
nobody wins or loses.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Any

from ...rules import Dice, DicePokerRules, Hand
from ..core import Event, Flow, IllegalAction, Pot, given_dice, split
from ..draw import Keeping, Turn
from .ranking import highest_and_lowest


def _read_keep(dice: Dice, given: object, name: str) -> tuple[int, ...]:
    """The faces `name` keeps: a list of faces (names or face indices); none if not given."""
    if given is None:
        given = ()
    if isinstance(given, str) or not isinstance(given, Sequence):
        raise IllegalAction(f"{name} must keep a list of faces, not {given!r}")
    try:
        return dice.parse(given)
    except ValueError as exc:
        raise IllegalAction(f"{name}'s keep: {exc}") from None


# Keeping all five stands (the turn ends); the kept dice are held highest first.
KEEPING = Keeping(read=_read_keep, not_lying="{name} cannot keep {kept}: {name} rolled {lying}",
                  stand=True, highest_first=True)


class Step(StrEnum):
    ROLL = "roll"  # the player to act rolls all five dice
    KEEP = "keep"  # he announces the dice he keeps
    REROLL = "reroll"  # he rolls the others again
    OVER = "over"  # everyone has rolled and the round is settled


class DicePokerRound(Flow):
    game = "dice poker"
    mode = "guided"
    ruleset: DicePokerRules

    def _deal(self, **deal: Any) -> None:
        if deal:
            raise IllegalAction(f"a dice poker round is dealt nothing, not {', '.join(deal)}")
        if len(self.seats) > self.ruleset.table.max_players:
            raise IllegalAction(f"{self.ruleset.name} seats at most "
                                f"{self.ruleset.table.max_players}, not {len(self.seats)}")
        count = len(self.seats)
        # Turn order: the starting player, then on round the table.
        self.order = [self.seats[(self.dealer + step) % count].name for step in range(count)]
        self.turn = 0  # index into `order` of the player to act
        self.step = Step.ROLL
        deal = self.ruleset.deal
        self.turns = {name: Turn(name=name, size=deal.dice, rolls_allowed=deal.rolls,
                                 keeping=KEEPING) for name in self.order}
        self.kept: dict[str, tuple[int, ...]] = {}  # the dice last announced as kept
        self.final: dict[str, tuple[int, ...]] = {}  # his dice after the reroll
        self.hands: dict[str, Hand] = {}
        self.winners: list[str] = []
        self.losers: list[str] = []
        self.paid: list[tuple[str, str, int]] = []  # (loser, winner, chips), in order

    # -- the interface --------------------------------------------------------------------

    @property
    def stakes(self) -> str:
        return self.ruleset.table.stakes

    @property
    def over(self) -> bool:
        return self.step is Step.OVER

    @property
    def lying(self) -> dict[str, tuple[int, ...]]:
        """Each player's dice as they lie now, of those who have rolled."""
        return {name: turn.dice for name, turn in self.turns.items() if turn.rolls}

    @property
    def rolls(self) -> dict[str, int]:
        """The rolls each has made, the first included, of those who have rolled."""
        return {name: turn.rolls for name, turn in self.turns.items() if turn.rolls}

    @property
    def starter(self) -> str:
        return self.order[0]

    def to_act(self) -> str | None:
        return None if self.over else self.order[self.turn]

    def wanted(self) -> tuple[str, int] | None:
        """Who must roll now and how many dice, or None (a keep is awaited, or it is over)."""
        name = self.to_act()
        if name is None or self.step is Step.KEEP:
            return None
        return name, self.turns[name].need()

    def legal_actions(self, name: str) -> tuple[str, ...]:
        return (str(self.step),) if name == self.to_act() else ()

    def act(self, name: str, action: str, amount: object = None, dice: object = None,
            target: object = None) -> list[Event]:
        faces = self.verify(name, action, dice)
        start = len(self.events)
        if action == Step.ROLL:
            self._rolled(name, faces)
        elif action == Step.KEEP:
            self._keep(name, faces)
        else:
            self._reroll(name, faces)
        return self.events[start:]

    # -- checking an action ----------------------------------------------------------------

    def verify(self, name: str, action: str, dice: object) -> tuple[int, ...]:
        """The dice of a legal action, or IllegalAction saying why not. Changes nothing."""
        self.seat_of(name)
        if action not in (Step.ROLL, Step.KEEP, Step.REROLL):
            raise IllegalAction(f"{name} cannot {action!s}: dice poker has roll, keep and "
                                "reroll")
        if self.over:
            raise IllegalAction(f"{name} cannot {action}: the round is over")
        waiting = self.order[self.turn]
        if name != waiting:
            raise IllegalAction(f"{name} cannot {action} now: it is {waiting}'s turn")
        if action != self.step:
            raise IllegalAction(f"{name} cannot {action} now: {self._next_text(name)}")
        if action == Step.KEEP:
            return self.turns[name].verify_keep(self.ruleset.dice, dice)
        wanted = self.wanted()
        assert wanted is not None
        return self._dice(dice, wanted[1], f"{name}'s {action}")

    def _next_text(self, name: str) -> str:
        if self.step is Step.ROLL:
            return f"{name} rolls all {self.ruleset.deal.dice} dice first"
        if self.step is Step.KEEP:
            return f"{name} must first say which dice to keep"
        return f"{name} rerolls {self.turns[name].need()} dice"

    def _dice(self, dice: object, count: int, what: str) -> tuple[int, ...]:
        return given_dice(self.ruleset.dice, dice, count, what)

    # -- applying it -------------------------------------------------------------------------

    def _names(self, faces: Sequence[int]) -> str:
        return " ".join(self.ruleset.dice.faces[face].name for face in faces) or "nothing"

    def _faces(self, faces: Sequence[int]) -> tuple[str, ...]:
        return tuple(self.ruleset.dice.faces[face].name for face in faces)

    def _rolled(self, name: str, faces: tuple[int, ...]) -> None:
        self._say("roll", f"{name} rolls {self._names(faces)}", player=name,
                  dice=self._faces(faces))
        self._lie(name, faces)

    def _lie(self, name: str, faces: tuple[int, ...]) -> None:
        """After a roll of `faces`: the kept dice and they lie; another roll may follow, or
        the turn ends."""
        turn = self.turns[name]
        turn.rolled(faces)
        if turn.rolls_left > 0:
            self.step = Step.KEEP
        else:
            self._done(name, turn.dice)

    def _keep(self, name: str, kept: tuple[int, ...]) -> None:
        turn = self.turns[name]
        turn.kept = self.kept[name] = kept
        again = turn.need()
        text = f"{name} keeps {self._names(kept)}"
        self._say("keep", text + (f" and rerolls {again}" if again else " and stands"),
                  player=name, dice=self._faces(kept))
        if turn.stands:
            self._done(name, kept)
        else:
            self.step = Step.REROLL

    def _reroll(self, name: str, faces: tuple[int, ...]) -> None:
        self._say("reroll", f"{name} rerolls {self._names(faces)}", player=name,
                  dice=self._faces(faces))
        self._lie(name, faces)

    def _done(self, name: str, faces: tuple[int, ...]) -> None:
        hand = self.ruleset.best_hand(faces)
        self.final[name] = faces
        self.hands[name] = hand
        self._say("hand", f"{name} has {self._names(hand.dice)}: {hand.category.name}",
                  player=name, dice=self._faces(hand.dice))
        if self.turn + 1 < len(self.order):
            self.turn += 1
            self.step = Step.ROLL
        else:
            self._settle()

    # -- the end of the round -----------------------------------------------------------------

    def _settle(self) -> None:
        self.winners, self.losers = highest_and_lowest(self.ruleset, self.hands, self.order)
        if not self.winners:
            self._say("draw", "Every hand is equal: nobody wins or loses this round")
        elif self.stakes == "chips":
            self._pay_stakes()
        else:
            for winner in self.winners:
                for loser in self.losers:
                    self._say("forfeit", f"{winner} names a forfeit for {loser}",
                              player=winner, details={"target": loser})
        self._finish()
        self.step = Step.OVER

    def _pay_stakes(self) -> None:
        stake = self.ruleset.table.stake
        for loser in self.losers:
            seat = self.seats[self.seat_of(loser)]
            owed = stake * len(self.winners)
            # A loser short of what he owes pays all he has, shared as evenly as it goes.
            shares = {winner: stake for winner in self.winners} if seat.bank >= owed else \
                split(seat.bank, self.winners, self.order)
            for winner, chips in shares.items():
                if not chips:
                    continue
                seat.bank -= chips
                seat.committed += chips
                self.paid.append((loser, winner, chips))
                self._say("pay", f"{loser} pays {chips} to {winner}", player=loser,
                          chips=chips, details={"target": winner})
        for winner in self.winners:
            chips = sum(paid for _, to, paid in self.paid if to == winner)
            if chips:
                self._pay(winner, chips, f"{winner} wins {chips}")

    def _finish(self) -> None:
        super()._finish()
        # The chips go from the losers to the winners: one pot, theirs.
        self.final_pots = [Pot(self.pot_paid, tuple(self.winners))] if self.paid else []

    @property
    def pot_paid(self) -> int:
        return sum(chips for _, _, chips in self.paid)
