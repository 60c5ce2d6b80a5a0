"""Spectators' side bets on a Vitaji game or tournament, kept in the table's ledger.

A side book is opened on runners (the players, or the teams, of a game; a tournament's
entrants). Anyone in the ledger who is not running may back a runner with chips from his
bank while the book is open; the chips are held by the book, so the ledger's banks plus
the book's holding never change. When the result is known the book settles as a pool
(pari-mutuel): the whole pool goes to those who backed the winner, in proportion to what
each staked (the odd chips to the earliest bets first); if nobody backed the winner, every
stake goes back. Every move is an Event, like the table's own money.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core import Event, IllegalAction, Ledger, chips_arg


class SideBook:
    def __init__(self, ledger: Ledger, runners: Sequence[str],
                 running: Sequence[str] = ()) -> None:
        if len(runners) < 2:
            raise IllegalAction("side bets need two runners or more")
        self.ledger = ledger
        self.runners = list(runners)
        self.running = set(running) | set(runners)  # who may not bet: those playing
        self.bets: list[tuple[str, str, int]] = []  # (spectator, runner, chips), in order
        self.open = True
        self.settled = False
        self.events: list[Event] = []

    @property
    def held(self) -> int:
        return 0 if self.settled else sum(chips for _, _, chips in self.bets)

    def place(self, spectator: str, runner: object, amount: object) -> list[Event]:
        seat = self.ledger.seat(spectator)  # refuses a stranger
        if not self.open:
            raise IllegalAction(f"{spectator} cannot bet: side bets are closed")
        if spectator in self.running:
            raise IllegalAction(f"{spectator} cannot bet on a game {spectator} plays in")
        if runner not in self.runners:
            raise IllegalAction(f"{spectator} cannot back {runner!r}: the runners are "
                                f"{', '.join(self.runners)}")
        chips = chips_arg(amount, "side bet")
        if chips > seat.bank:
            raise IllegalAction(f"{spectator} cannot bet {chips}: only {seat.bank} in the bank")
        seat.bank -= chips
        self.bets.append((spectator, str(runner), chips))
        return self._say("sidebet", f"{spectator} backs {runner} for {chips}", spectator,
                         chips, runner=runner)

    def close(self) -> list[Event]:
        """No more bets: the game has begun."""
        self.open = False
        return self._say("sidebets", f"Side bets closed: {self.held} on "
                         f"{len(self.bets)} bet(s)", None, 0)

    def settle(self, winner: str) -> list[Event]:
        if self.settled:
            raise IllegalAction("the side bets are settled already")
        if winner not in self.runners:
            raise IllegalAction(f"{winner!r} is not a runner: {', '.join(self.runners)}")
        self.open = False
        pool = self.held
        backers = [(name, chips) for name, runner, chips in self.bets if runner == winner]
        start = len(self.events)
        if not backers:
            for name, runner, chips in self.bets:
                self.ledger.seat(name).bank += chips
                self._say("sidebet-back", f"{name} gets back {chips} (nobody backed "
                          f"{winner})", name, chips, runner=runner)
        else:
            backed = sum(chips for _, chips in backers)
            shares = [pool * chips // backed for _, chips in backers]
            for index in range(pool - sum(shares)):
                shares[index % len(shares)] += 1
            for (name, chips), share in zip(backers, shares, strict=True):
                self.ledger.seat(name).bank += share
                self._say("sidebet-win", f"{name} backed {winner} with {chips} and "
                          f"takes {share}", name, share, runner=winner)
        self.settled = True
        return self.events[start:]

    def _say(self, kind: str, text: str, player: str | None, chips: int,
             **details: object) -> list[Event]:
        event = Event(kind=kind, text=text, player=player, chips=chips, details=details)
        self.events.append(event)
        return [event]
