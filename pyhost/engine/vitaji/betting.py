"""One round's betting phase in Vitaji (the source's "Betting Phase").

Not the table core's BettingRound: the source has no all-in and no side pots. The first
bettor bets any multiple of the interval, zero included; everyone else meets the bet,
raises it to a higher multiple (each at most `raises` times a round) or drops out, and
betting is over when everyone still in has met the bet since the last raise. A bet or
raise may not pass the round's cap (the table's maximum times the rounds already played)
nor what its maker holds; a player who cannot meet the bet can only drop out.

Amounts are levels: `raise 150` makes the round's bet 150, and the raiser puts in what he
lacks of it. Every action is checked first (`verify`), then applied (`apply`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..core import IllegalAction, Seat, whole_amount

ACTIONS = ("bet", "meet", "raise", "drop")


@dataclass(frozen=True, kw_only=True)
class Move:
    name: str
    action: str  # bet, meet, raise or drop
    chips: int  # from the purse into the pot
    level: int  # the round's bet after it


class Betting:
    """Betting in one round among `order` (the players still in, the first bettor first)."""

    def __init__(self, order: Sequence[str], purses: Mapping[str, Seat], *, interval: int,
                 cap: int | None, raises: int) -> None:
        self.order = list(order)
        self.purses = purses
        self.interval = interval
        self.cap = cap  # the most the round's bet may be; None: no maximum
        self.raises_allowed = raises
        self.level: int | None = None  # the round's bet, once the first bettor has made it
        self.put = {name: 0 for name in order}  # what each has put in this round
        self.raised = {name: 0 for name in order}
        self.dropped: list[str] = []
        self.pending = list(order[:1])

    @property
    def closed(self) -> bool:
        return not self.pending

    @property
    def to_act(self) -> str | None:
        return self.pending[0] if self.pending else None

    def owed(self, name: str) -> int:
        return (self.level or 0) - self.put[name]

    def most(self, name: str) -> int:
        """The highest level `name` could bet or raise to (cap and purse)."""
        most = self.put[name] + self.purses[name].bank
        if self.cap is not None:
            most = min(most, self.cap)
        return most - most % self.interval

    def legal(self, name: str) -> tuple[str, ...]:
        if name != self.to_act:
            return ()
        if self.level is None:
            return ("bet", "drop")
        actions = ["meet"] if self.purses[name].bank >= self.owed(name) else []
        if self.raised[name] < self.raises_allowed and self.most(name) > self.level:
            actions.append("raise")
        return (*actions, "drop")

    # -- checking ------------------------------------------------------------------------

    def verify(self, name: str, action: str, amount: object = None) -> Move:
        """The move an action makes, or IllegalAction saying why not. Changes nothing."""
        if action not in ACTIONS:
            raise IllegalAction(f"{name} cannot {action} while betting: bet, meet, raise or "
                                "drop")
        if self.closed:
            raise IllegalAction(f"{name} cannot {action}: the betting is over")
        if name != self.to_act:
            raise IllegalAction(f"{name} cannot {action} now: it is {self.to_act}'s turn to "
                                "bet")
        if action == "drop":
            return Move(name=name, action="drop", chips=0, level=self.level or 0)
        if self.level is None and action != "bet":
            raise IllegalAction(f"{name} cannot {action}: {name} bets first (any multiple of "
                                f"{self.interval}, zero included), or drops out")
        if self.level is not None and action == "bet":
            raise IllegalAction(f"{name} cannot bet: the bet is {self.level}; meet it, raise "
                                "it or drop out")
        purse = self.purses[name]
        if action == "meet":
            owed = self.owed(name)
            if owed > purse.bank:
                raise IllegalAction(f"{name} cannot meet {self.level}: {owed} more is needed "
                                    f"and {name} holds {purse.bank}; drop out instead")
            return Move(name=name, action="meet", chips=owed, level=self.level or 0)
        level = whole_amount(amount, f"{action} amount")
        if action == "raise":
            assert self.level is not None
            if self.raised[name] >= self.raises_allowed:
                raise IllegalAction(f"{name} cannot raise: {name} has raised "
                                    f"{self.raised[name]} time(s) this round, the most allowed "
                                    f"is {self.raises_allowed}")
            if level <= self.level:
                raise IllegalAction(f"{name} cannot raise to {level}: a raise must be more "
                                    f"than the bet, {self.level}")
        if level % self.interval:
            raise IllegalAction(f"{name} cannot {action} {level}: bets go in multiples of "
                                f"{self.interval}")
        if self.cap is not None and level > self.cap:
            raise IllegalAction(f"{name} cannot {action} {level}: the maximum this round is "
                                f"{self.cap}")
        chips = level - self.put[name]
        if chips > purse.bank:
            raise IllegalAction(f"{name} cannot {action} {level}: {name} holds {purse.bank}")
        return Move(name=name, action=action, chips=chips, level=level)

    # -- applying ------------------------------------------------------------------------

    def apply(self, move: Move) -> None:
        name = move.name
        self.pending.remove(name)
        if move.action == "drop":
            self.dropped.append(name)
            at = self.order.index(name)
            self.order.remove(name)
            if self.level is None and len(self.order) > 1:
                # The first bettor dropped before betting: the next one bets first.
                self.pending = [self.order[at % len(self.order)]]
            return
        purse = self.purses[name]
        purse.bank -= move.chips
        purse.committed += move.chips
        self.put[name] += move.chips
        if move.action in ("bet", "raise"):
            if move.action == "raise":
                self.raised[name] += 1
            self.level = move.level
            at = self.order.index(name)
            # Everyone else acts again, in order from the one after the bettor.
            self.pending = self.order[at + 1:] + self.order[:at]

    def end(self) -> None:
        """Nobody is left to bet against (the game was decided by drops)."""
        self.pending = []
