"""The interface a game's flow plugs into the table by: start a hand, whose turn, the legal
actions, one action, the result. Hold'em's two flows offer it, and so does a toy flow that
the core table runs without knowing any game."""

from __future__ import annotations

import pytest

from pyhost.engine import Flow, IllegalAction, Result, Table
from pyhost.engine.core import Table as CoreTable
from pyhost.engine.core import pots
from pyhost.rules import load_ruleset

TAUREN = load_ruleset("tauren-holdem")
DICE_POKER = load_ruleset("dice-poker")


def test_a_guided_hand_through_the_interface():
    t = Table(TAUREN, ["D", "A", "B"], dealer="D")
    hand = t.new_hand(hidden={"D": ["2", "3"], "A": ["5", "5"], "B": ["3", "4"]})
    assert hand.to_act() == "A"
    assert hand.legal_actions("A") == ("bet", "fold", "allin", "put")  # no check before the flop
    assert hand.legal_actions("B") == hand.legal_actions("D") == ()
    assert hand.result is None
    t.act("A", "bet", 2)
    assert hand.legal_actions("B") == ("call", "raise", "fold", "allin", "put")
    t.act("B", "call")
    t.act("D", "fold")
    assert hand.to_act() is None and hand.legal_actions("D") == ("roll",)
    for street in (["2", "2", "5"], ["Warrior"], ["Chieftain"]):
        t.act("D", "roll", dice=street)
        if street != ["Chieftain"]:
            assert hand.legal_actions("A") == ("check", "bet", "fold", "allin", "put")
            t.act("A", "check")
            t.act("B", "check")
    t.act("A", "check")
    t.act("B", "check")
    assert hand.legal_actions("A") == hand.legal_actions("B") == ("show", "muck")
    assert hand.legal_actions("D") == ()
    t.act("B", "muck")
    assert hand.legal_actions("A") == ("show",)  # the last claimant cannot muck
    t.act("A", "show")
    assert hand.over and hand.legal_actions("A") == ()
    assert hand.result == Result(payouts={"A": 4}, contributions={"D": 0, "A": 2, "B": 2},
                                 pots=(hand.final_pots[0],))


def test_a_manual_hand_through_the_interface():
    t = Table(TAUREN, ["D", "A"], mode="manual", dealer="D")
    hand = t.new_hand()
    assert hand.to_act() is None  # no turns
    assert hand.legal_actions("A") == ("bet", "show")  # anyone bets and shows at any time
    assert hand.legal_actions("D") == ("bet", "roll", "show")
    t.act("A", "bet", 3)
    for street in (["2", "2", "5"], ["Warrior"], ["Chieftain"]):
        t.act("D", "roll", dice=street)
    assert hand.legal_actions("D") == ("bet", "show", "pot")
    t.act("D", "pot", target="A")
    assert hand.result == Result(payouts={"A": 3}, contributions={"D": 0, "A": 3},
                                 pots=tuple(hand.final_pots))


class HighCard(Flow):
    """A toy game: everyone puts in 1, then each in turn from the dealer's left rolls one
    die; the highest takes the pot, ties split it."""

    game = "high card"
    mode = "plain"

    def _start(self) -> None:
        for seat in self.seats:
            seat.bank -= 1
            seat.committed += 1
        self.rolled: dict[str, int] = {}
        self.finished = False

    def to_act(self) -> str | None:
        waiting = [name for name in self.left_of_dealer() if name not in self.rolled]
        return waiting[0] if waiting and not self.over else None

    def legal_actions(self, name: str) -> tuple[str, ...]:
        return ("roll",) if name == self.to_act() else ()

    def act(self, name, action, amount=None, dice=None, target=None):
        if action not in self.legal_actions(name):
            raise IllegalAction(f"{name} cannot {action}: it is {self.to_act()}'s turn")
        start = len(self.events)
        self.rolled[name] = dice
        self._say("roll", f"{name} rolls {dice}", player=name)
        if self.to_act() is None:
            best = max(self.rolled.values())
            winners = [n for n in self.left_of_dealer() if self.rolled[n] == best]
            for pot in pots(self.seats):
                share, odd = divmod(pot.amount, len(winners))
                for place, winner in enumerate(winners):
                    self._pay(winner, share + (place < odd), f"{winner} takes {share}")
            self._finish()
            self.finished = True
        return self.events[start:]

    @property
    def over(self) -> bool:
        return self.finished


TOY_FLOWS = {"dice-poker": {"plain": HighCard}}


class ToyTable(CoreTable):
    flows = TOY_FLOWS


def test_the_core_table_runs_any_flow():
    t = ToyTable(DICE_POKER, ["A", "B", "C"], dealer="C")
    hand = t.new_hand()
    assert isinstance(hand, HighCard) and t.mode == "plain"
    before = (t.chips, t.banks, dict(hand.rolled), len(hand.events))
    with pytest.raises(IllegalAction, match="it is A's turn"):
        t.act("B", "roll", dice=6)
    assert (t.chips, t.banks, dict(hand.rolled), len(hand.events)) == before
    for name, die in (("A", 6), ("B", 2), ("C", 6)):
        t.act(name, "roll", dice=die)
    assert hand.result.payouts == {"A": 2, "C": 1}
    assert t.banks == {"A": 21, "B": 19, "C": 20}
    t.act("B", "give", 4, target="A")  # the ledger's commands work at any table
    assert t.new_hand().dealer_name == "A"  # the button moved
    with pytest.raises(IllegalAction, match="Tauren Hold'em is not a high card game"):
        ToyTable(TAUREN, ["A", "B"])
    with pytest.raises(IllegalAction, match="a table is 'plain', not 'guided'"):
        ToyTable(DICE_POKER, ["A", "B"], mode="guided")
