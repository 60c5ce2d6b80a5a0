"""One betting round, the machine every game's flow shares.

A round knows the seats in order, who must still act, the bet to match, the
size of the last full raise, and which players may still raise. Every
action is checked first (`verify`) and only then applied (`apply`), so a
refused action leaves the round and the seats exactly as they were.

Amounts: `bet N` puts N in when nothing is owed; `raise N` raises the bet by
N (the caller also puts in what they owe); `put N` is the guided table's
`/tbet N`: N more chips, a check, call, bet, raise or all-in as N makes it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from .errors import IllegalAction
from .seats import Seat, Status, whole_amount


class Kind(StrEnum):
    CHECK = "check"
    BET = "bet"
    CALL = "call"
    RAISE = "raise"
    FOLD = "fold"
    ALL_IN = "allin"
    PUT = "put"  # guided /tbet N: N more chips, whatever that makes it


@dataclass(frozen=True, kw_only=True)
class BettingRules:
    minimum_bet: int  # the least an opening bet puts in (0: a bet of nothing is a check)
    minimum_raise: int  # the least a raise adds; a bigger previous raise demands more
    maximum_raise: int = 0  # the most a bet or raise adds (Limit play); 0: no limit
    interval: int = 1  # every bet level is a multiple of this (Vitaji)
    round_cap: int = 0  # the most anyone may have in during this round (Vitaji); 0: none
    raises_per_player: int = 0  # raises each player may make this round (Vitaji: 1); 0: any
    raise_cap: int = 0  # raises everyone together may make this round (Limit play); 0: any
    raise_at_least_last: bool = True  # a raise adds at least what the last one did (not Vitaji)


@dataclass(frozen=True, kw_only=True)
class Move:
    """What an action came to: the chips it moved and how it counts."""

    seat: int
    kind: Kind  # check, bet, call, raise or fold (never put or allin)
    chips: int  # from the bank into the pot
    all_in: bool = False
    reopens: bool = False  # a full bet or raise: everyone else acts again and may raise


@dataclass(frozen=True, kw_only=True)
class Options:
    """What the player to act may do: for help text, the addon and random tests."""

    to_call: int
    can_check: bool
    can_raise: bool  # bet when nothing is owed, raise otherwise
    least: int  # the least bet, or the least a raise adds
    most: int  # the most a bet or raise adds (their bank, the limit or the cap)


class BettingRound:
    """Betting on one street, from `first` around the table."""

    def __init__(
        self,
        rules: BettingRules,
        seats: Sequence[Seat],
        first: int,
        *,
        may_check: bool = True,
        forced: Sequence[tuple[int, int]] = (),
        option: int | None = None,
    ) -> None:
        """`forced`: (seat, chips) posted before anyone acts, such as blinds, the last
        being the big blind; `option`: the seat that may check though checking is off
        (the big blind, when nobody raised it)."""
        self.rules = rules
        self.seats = seats
        self.may_check = may_check
        self.option = option
        self.bets = [0] * len(seats)
        self.raises = [0] * len(seats)
        self.raised = 0  # raises this round, everyone's: what raise_cap counts
        self.current = 0  # the bet to match
        self.last_raise = 0  # what the last full bet or raise added
        for index, amount in forced:
            self._move(index, min(amount, seats[index].bank))
        if forced:
            self.current = max(self.bets)
            self.last_raise = max(size for _, size in forced)  # the big blind
        self.pending = [i for i in self._around(first) if seats[i].can_bet]
        self.may_raise = set(self.pending)
        if self._in_hand() <= 1 or (len(self.pending) == 1 and not self.owed(self.pending[0])):
            self.pending = []  # nobody to bet against

    # -- reading the round ------------------------------------------------------------

    def _around(self, start: int) -> list[int]:
        count = len(self.seats)
        return [(start + step) % count for step in range(count)]

    def _in_hand(self) -> int:
        return sum(seat.in_hand for seat in self.seats)

    @property
    def closed(self) -> bool:
        return not self.pending

    @property
    def to_act(self) -> int | None:
        return self.pending[0] if self.pending else None

    def owed(self, index: int) -> int:
        return self.current - self.bets[index]

    def options(self, index: int) -> Options:
        seat, owed = self.seats[index], self.owed(index)
        least = self._least_raise() if self.current else self.rules.minimum_bet
        most = seat.bank - owed
        if self.rules.maximum_raise:
            most = min(most, self.rules.maximum_raise)
        if self.rules.round_cap:
            most = min(most, self.rules.round_cap - self.current)
        can_check = owed == 0 and (self.may_check or index == self.option)
        may_raise = not self.current or self._may_raise(index) is None
        return Options(to_call=min(owed, seat.bank), can_check=can_check,
                       can_raise=most > 0 and may_raise,
                       least=least, most=max(most, 0))

    def _least_raise(self) -> int:
        if self.rules.raise_at_least_last:
            return max(self.last_raise, self.rules.minimum_raise)
        return self.rules.minimum_raise

    def _may_raise(self, index: int) -> str | None:
        """Why this player may not raise now, or None."""
        name = self.seats[index].name
        if index not in self.may_raise:
            return (f"{name} may only call or fold: the short all-in did not reopen the "
                    "betting")
        if self.rules.raises_per_player and self.raises[index] >= self.rules.raises_per_player:
            return f"{name} has raised {self.raises[index]} time(s) this round, the most allowed"
        if self.rules.raise_cap and self.raised >= self.rules.raise_cap:
            return (f"{name} may only call or fold: the betting is capped at "
                    f"{self.rules.raise_cap} raise(s) this round")
        return None

    # -- checking an action --------------------------------------------------------------

    def verify(self, index: int, kind: Kind | str, amount: object = None) -> Move:
        """The Move an action makes, or IllegalAction saying why not. Changes nothing."""
        seat = self.seats[index]
        try:
            kind = Kind(kind)
        except ValueError:
            raise IllegalAction(f"{kind!r} is not a valid Kind") from None
        if seat.status is not Status.ACTIVE:
            raise IllegalAction(f"{seat.name} cannot {kind}: {seat.name} is {seat.status}")
        if self.closed:
            raise IllegalAction(f"{seat.name} cannot {kind}: this betting round is over")
        if index != self.to_act:
            waiting = self.seats[self.pending[0]].name
            raise IllegalAction(f"{seat.name} cannot {kind} now: it is {waiting}'s turn")
        if kind is Kind.FOLD:
            return Move(seat=index, kind=Kind.FOLD, chips=0)
        owed = self.owed(index)
        if kind is Kind.CHECK:
            return self._plan(index, 0)
        if kind is Kind.CALL:
            if owed == 0:
                raise IllegalAction(f"{seat.name} cannot call: nothing to call, check or bet")
            return self._plan(index, min(owed, seat.bank))
        if kind is Kind.ALL_IN:
            if seat.bank == 0:
                raise IllegalAction(f"{seat.name} has no chips left to put in")
            return self._plan(index, seat.bank)
        amount = whole_amount(amount, f"{kind} amount")
        if kind is Kind.BET:
            if owed:
                raise IllegalAction(f"{seat.name} cannot bet: facing a bet of {self.current}, "
                                    f"call {owed}, raise or fold")
            if self.current:
                raise IllegalAction(f"{seat.name} cannot bet: the bet is already "
                                    f"{self.current}, check or raise")
            if amount == 0:
                raise IllegalAction(f"{seat.name} cannot bet 0: check instead")
            return self._plan(index, amount)
        if kind is Kind.RAISE:
            if not self.current:
                raise IllegalAction(f"{seat.name} cannot raise: there is no bet to raise, bet "
                                    "instead")
            if amount == 0:
                raise IllegalAction(f"{seat.name} cannot raise by 0: call instead")
            return self._plan(index, owed + amount)
        return self._plan(index, amount)  # PUT

    def _plan(self, index: int, chips: int) -> Move:
        """Classify putting `chips` in, and refuse what the rules do not allow."""
        seat, rules = self.seats[index], self.rules
        name, owed = seat.name, self.owed(index)
        if chips > seat.bank:
            raise IllegalAction(f"{name} cannot put in {chips}: only {seat.bank} left")
        all_in = chips == seat.bank and chips > 0
        if chips == 0:
            if owed:
                raise IllegalAction(f"{name} cannot check: {owed} to call (call, raise or fold)")
            if not (self.may_check or index == self.option):
                raise IllegalAction(f"{name} cannot check before the flop: bet at least "
                                    f"{rules.minimum_bet} or fold")
            return Move(seat=index, kind=Kind.CHECK, chips=0)
        level = self.bets[index] + chips
        if level <= self.current:
            if level < self.current and not all_in:
                raise IllegalAction(f"{name} cannot put in {chips}: {owed} to call (or all-in "
                                    f"with {seat.bank})")
            return Move(seat=index, kind=Kind.CALL, chips=chips, all_in=all_in)
        added = level - self.current
        opening = self.current == 0
        kind = Kind.BET if opening else Kind.RAISE
        word = "bet" if opening else "raise by"
        least = rules.minimum_bet if opening else self._least_raise()
        why_not = None if opening else self._may_raise(index)
        if why_not:
            raise IllegalAction(why_not)
        if added < least and not all_in:
            raise IllegalAction(f"{name} cannot {word} {added}: the least is {least}")
        if rules.maximum_raise and added > rules.maximum_raise:
            raise IllegalAction(f"{name} cannot {word} {added}: the limit is "
                                f"{rules.maximum_raise}")
        if rules.round_cap and level > rules.round_cap:
            raise IllegalAction(f"{name} cannot bet {level} this round: the most is "
                                f"{rules.round_cap}")
        if level % rules.interval and not all_in:
            raise IllegalAction(f"{name} cannot bet {level}: bets go in multiples of "
                                f"{rules.interval}")
        return Move(seat=index, kind=kind, chips=chips, all_in=all_in, reopens=added >= least)

    # -- applying it -----------------------------------------------------------------------

    def _move(self, index: int, chips: int) -> None:
        seat = self.seats[index]
        seat.bank -= chips
        seat.committed += chips
        self.bets[index] += chips
        if chips and seat.bank == 0:
            seat.status = Status.ALL_IN

    def apply(self, move: Move) -> None:
        """Carry out a verified Move."""
        index = move.seat
        self.pending.remove(index)
        self.may_raise.discard(index)
        if move.kind is Kind.FOLD:
            self.seats[index].status = Status.FOLDED
        else:
            self._move(index, move.chips)
        if self.bets[index] > self.current:
            added = self.bets[index] - self.current
            if move.kind is Kind.RAISE:
                self.raises[index] += 1
                self.raised += 1
            self.current = self.bets[index]
            after = self._around(index)[1:]
            if move.reopens:
                self.last_raise = added
                self.pending = [i for i in after if self.seats[i].can_bet]
                self.may_raise = set(self.pending)
            else:  # a short all-in: those who already acted may only call or fold
                self.pending = [i for i in after if self.seats[i].can_bet and
                                (i in self.pending or self.owed(i) > 0)]
        if self._in_hand() <= 1:
            self.pending = []
        elif len(self.pending) == 1 and not self.owed(self.pending[0]) and \
                sum(seat.can_bet for seat in self.seats) == 1:
            self.pending = []  # the last one able to bet has nobody to bet against

    def act(self, index: int, kind: Kind | str, amount: object = None) -> Move:
        move = self.verify(index, kind, amount)
        self.apply(move)
        return move
