"""The guided hold'em hand: the engine knows the seats, whose turn it is and what
is legal, and pays the pots at the showdown itself.

With `deal_first`, the hand opens in the deal phase: nothing is posted and no
bet taken until `deal_in` names the players whose commitments the closed set
holds; the others sit the hand out, and with fewer than two it is void. Then
antes, then blinds (small blind left of the dealer, big blind after it;
heads-up the dealer posts the small blind and acts first before the flop),
a betting round before the flop and after each street, side pots from
all-ins, the showdown with the evaluator, and the hand ending at once when
all but one fold.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...rules.families import HoldemTable
from ..core import (
    BettingRound,
    BettingRules,
    Event,
    IllegalAction,
    Kind,
    Move,
    Pot,
    Seat,
    Status,
    pots,
    split,
    uncalled,
)
from .hand import HoldemHand, Phase

BETTING_KINDS = {kind.value for kind in Kind}


def betting_rules(table: HoldemTable) -> BettingRules:
    """Hold'em's betting: no interval or round cap; Limit play is `maximum_raise` (the most a
    bet or raise adds) and `raise_cap` (the most raises in a betting round)."""
    return BettingRules(minimum_bet=table.minimum_bet, minimum_raise=table.minimum_raise,
                        maximum_raise=table.maximum_raise, raise_cap=table.raise_cap)


class GuidedHand(HoldemHand):
    mode = "guided"

    round: BettingRound | None = None

    def _deal(self, *, hidden=None, deal_first: bool = False) -> None:
        super()._deal(hidden=hidden)
        self.deal_first = deal_first
        self.sat_out: set[str] = set()

    def _start(self) -> None:
        self.rules = betting_rules(self.ruleset.table)
        if self.deal_first:
            self.phase = Phase.DEAL
        else:
            self._open_hand()

    def _open_hand(self) -> None:
        self._post_antes()
        self._open_preflop()

    # -- the deal -------------------------------------------------------------------------

    def deal_in(self, names: Sequence[str]) -> list[Event]:
        """The set is closed and its seed bound: `names` hold dice and play; the others sit
        the hand out, posting nothing. Fewer than two: the hand is void."""
        if self.phase is not Phase.DEAL:
            raise IllegalAction(f"the hand is dealt already: {self._waiting_for()}")
        start = len(self.events)
        for seat in self.seats:
            if seat.name not in names:
                self.sat_out.add(seat.name)
                seat.status = Status.FOLDED
                self._say("sitout", f"{seat.name} sits this hand out (no roll under the box)",
                          player=seat.name)
        if len(self.seats) - len(self.sat_out) < 2:
            self._say("void", "The hand is void: fewer than two players rolled under the box")
            self._finish()
        else:
            self._open_hand()
        return self.events[start:]

    # -- the start ------------------------------------------------------------------------

    def _around(self, steps: int) -> int:
        """The seat `steps` to the left of the dealer, counting only the players dealt in."""
        index = self.dealer
        while steps:
            index = (index + 1) % len(self.seats)
            steps -= self.seats[index].name not in self.sat_out
        return index

    def _post_antes(self) -> None:
        ante = self.ruleset.table.ante
        if not ante:
            return
        for seat in self.seats:
            if seat.name in self.sat_out:
                continue
            chips = min(ante, seat.bank)
            seat.bank -= chips
            seat.committed += chips
            if seat.bank == 0:
                seat.status = Status.ALL_IN
            self._say("post", f"{seat.name} antes {chips}", player=seat.name, chips=chips)

    def _open_preflop(self) -> None:
        table = self.ruleset.table
        if not table.blinds:
            self._open_round(self._around(1), may_check=False)
            return
        heads_up = len(self.seats) - len(self.sat_out) == 2
        # Heads-up the dealer posts the small blind, unless sitting out: then the next does.
        small = self.dealer if heads_up and self.dealer_name not in self.sat_out else \
            self._around(1)
        big = self._around(1) if small == self.dealer else self._around(2)
        sizes = (max(1, table.minimum_bet // 2), table.minimum_bet)
        # A seat all-in from its ante posts no blind; the other blind keeps its name.
        posts = [(i, size, label) for i, size, label in
                 zip((small, big), sizes, ("small", "big"), strict=True) if self.seats[i].can_bet]
        first = small if heads_up else self._around(3)
        self._open_round(first, may_check=False, forced=posts, option=big)

    def _open_round(self, first: int, *, may_check: bool,
                    forced: Sequence[tuple[int, int, str]] = (), option: int | None = None
                    ) -> None:
        self.round = BettingRound(self.rules, self.seats, first, may_check=may_check,
                                  forced=[(index, size) for index, size, _ in forced],
                                  option=option)
        for index, _, blind in forced:
            name, chips = self.seats[index].name, self.round.bets[index]
            self._say("post", f"{name} posts the {blind} blind {chips}", player=name, chips=chips)
        self.phase = Phase.BETTING
        if self.round.closed:
            self._close_round()

    # -- betting --------------------------------------------------------------------------

    def to_act(self) -> str | None:
        if self.phase is not Phase.BETTING or self.round is None:
            return None
        index = self.round.to_act
        return None if index is None else self.seats[index].name

    def bet(self, name: str, kind: Kind | str, amount: object = None) -> list[Event]:
        """A betting action by `name`: check, bet N, call, raise N, fold, allin, put N."""
        index = self.seat_of(name)
        if self.phase is not Phase.BETTING or self.round is None:
            raise IllegalAction(f"{name} cannot {kind}: {self._waiting_for()}")
        move = self.round.verify(index, kind, amount)
        start = len(self.events)
        owed_before = self.round.owed(index)
        self.round.apply(move)
        self._say(move.kind.value, self._move_text(name, move, owed_before), player=name,
                  chips=move.chips)
        if self.round.closed:
            self._close_round()
        return self.events[start:]

    def _move_text(self, name: str, move: Move, owed: int) -> str:
        all_in = " and is all-in" if move.all_in else ""
        if move.kind is Kind.CHECK:
            return f"{name} checks"
        if move.kind is Kind.FOLD:
            return f"{name} folds"
        if move.kind is Kind.CALL:
            return f"{name} calls {move.chips}{all_in}"
        if move.kind is Kind.BET:
            return f"{name} bets {move.chips}{all_in}"
        level = self.round.current  # type: ignore[union-attr]
        return f"{name} raises by {move.chips - owed} to {level}{all_in}"

    def _close_round(self) -> None:
        back = uncalled(self.seats)
        if back:
            seat, chips = back
            seat.committed -= chips
            seat.bank += chips
            if seat.status is Status.ALL_IN:
                seat.status = Status.ACTIVE
            self._say("return", f"{chips} uncalled returned to {seat.name}", player=seat.name,
                      chips=chips)
        self.round = None
        left = [seat for seat in self.seats if seat.in_hand]
        if len(left) == 1:
            winner = left[0].name
            self._pay(winner, self.pot, f"{winner} wins {self.pot} (everyone else folded)")
            self._finish()
        elif self.next_street() is None:
            self.phase = Phase.SHOWDOWN
        else:
            self.phase = Phase.ROLL

    def _after_roll(self) -> None:
        if sum(seat.can_bet for seat in self.seats) >= 2:
            self._open_round(self._around(1), may_check=True)
        elif self.next_street() is None:
            self.phase = Phase.SHOWDOWN
        else:
            self.phase = Phase.ROLL

    def _waiting_for(self) -> str:
        if self.phase is Phase.DEAL:
            return "the deal is not closed yet (every player types /tdeal)"
        if self.phase is Phase.BETTING:
            return f"it is {self.to_act()}'s turn to bet"
        if self.phase is Phase.ROLL:
            return f"the dealer, {self.dealer_name}, rolls the {self.next_street()} next"
        if self.phase is Phase.SHOWDOWN:
            return "it is the showdown: show or muck"
        return "the hand is over"

    # -- the showdown ---------------------------------------------------------------------

    def show(self, name: str, dice: object = None) -> list[Event]:
        faces = self.verify_show(name, dice)
        start = len(self.events)
        hand = self.hand_of(faces)
        self.shown[name] = hand  # type: ignore[assignment]
        self._say("show", self._show_text(name, faces, hand), player=name,
                  dice=tuple(self.ruleset.dice.faces[f].name for f in faces))
        self._settle_if_all_shown()
        return self.events[start:]

    def may_show(self, name: str) -> None:
        if self.phase is not Phase.SHOWDOWN:
            raise IllegalAction(f"{name} cannot show yet: {self._waiting_for()}")
        super().may_show(name)

    def muck(self, name: str) -> list[Event]:
        seat = self.verify_muck(name)
        start = len(self.events)
        seat.status = Status.MUCKED
        self._say("muck", f"{name} mucks", player=name)
        self._settle_if_all_shown()
        return self.events[start:]

    def verify_muck(self, name: str) -> Seat:
        """The seat of `name`, who may muck now, or IllegalAction saying why not."""
        seat = self.seats[self.seat_of(name)]
        if self.phase is not Phase.SHOWDOWN:
            raise IllegalAction(f"{name} cannot muck: {self._waiting_for()}")
        if not seat.in_hand or name in self.shown:
            raise IllegalAction(f"{name} cannot muck: {name} has "
                                f"{'shown' if name in self.shown else seat.status}")
        claimants = [s for s in self.seats if s.in_hand and s is not seat]
        if not claimants:
            raise IllegalAction(f"{name} is the last player with a claim: show to take the pot")
        return seat

    def _settle_if_all_shown(self) -> None:
        if any(seat.in_hand and seat.name not in self.shown for seat in self.seats):
            return
        order = self.left_of_dealer()
        all_pots = pots(self.seats)
        for number, pot in enumerate(all_pots):
            label = "the pot" if len(all_pots) == 1 else \
                ("the main pot" if number == 0 else f"side pot {number}")
            claim = [name for name in pot.eligible if name in self.shown]
            if not claim:
                self._refund(pot, label, number)
                continue
            best = max(self.shown[name] for name in claim)
            winners = [name for name in claim if self.shown[name] == best]
            how = "splits" if len(winners) > 1 else "wins"
            for name, chips in split(pot.amount, winners, order).items():
                self._pay(name, chips, f"{name} {how} {label}: {chips} with "
                          f"{best.category.name}", pot=number)
        self._finish()

    def _refund(self, pot: Pot, label: str, number: int) -> None:
        """Nobody claims this pot (all who could have mucked): it goes back to its payers."""
        for seat in self.seats:
            chips = pot.paid_by(seat.committed)
            if chips:
                self._pay(seat.name, chips, f"{seat.name} takes back {chips} from {label}: "
                          "nobody claimed it", pot=number, refund=True)

    def _checks(self, name: str) -> dict[str, Callable[[], object]]:
        checks = {**super()._checks(name), "muck": lambda: self.verify_muck(name)}
        if self.round is None or self.to_act() != name:
            return checks
        round_, index = self.round, self.round.to_act
        options = round_.options(index)
        # A bet or raise of the least it may be; all-in for less is one too.
        least = min(options.least, options.most) or options.least
        amounts = {Kind.CHECK: None, Kind.CALL: None, Kind.BET: least, Kind.RAISE: least,
                   Kind.FOLD: None, Kind.ALL_IN: None}
        moves = {kind.value: (lambda kind=kind, amount=amount: round_.verify(index, kind, amount))
                 for kind, amount in amounts.items()}
        # /tbet N is one of the others, as N makes it: legal whenever one of those is.
        others = [moves[kind] for kind in ("check", "call", "bet", "raise", "allin")]
        moves[Kind.PUT.value] = lambda: any(map(self.allowed, others)) or round_.verify(
            index, Kind.PUT, 0)
        return {**moves, **checks}

    def _act(self, name: str, action: str, amount: object, target: object) -> list[Event]:
        if action in BETTING_KINDS:
            return self.bet(name, action, amount)
        if action == "muck":
            return self.muck(name)
        if action == "pot":
            raise IllegalAction("a guided table pays the pot at the showdown: /tpot is for "
                                "manual tables")
        return super()._act(name, action, amount, target)
