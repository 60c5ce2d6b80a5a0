"""Random whole hands, 2 to 10 players with random banks and all-ins: the ledger holds.

Each example plays one hand to its end by choosing among the legal actions
at every step (and now and then trying an illegal one, which must change
nothing). After every step the chips on the table are what they were; at
the end, no player took more than they could win from the others.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from conftest import snapshot, write_variant
from engine_moves import legal_moves, play_to_showdown, replay_steps, showdown
from pyhost.engine import IllegalAction, Phase, Table
from pyhost.rules import load_ruleset

ODD_AMOUNTS = [-3, 0, 1, 2.5, 10**9, "x", None, True]
ACTIONS = ["check", "bet", "call", "raise", "fold", "allin", "put", "show", "muck", "roll",
           "pot", "give", "reset"]


@pytest.fixture(scope="module")
def rulesets(tmp_path_factory):
    folder = tmp_path_factory.mktemp("variants")
    out = [load_ruleset("tauren-holdem"), load_ruleset("dice-holdem")]
    for n, edits in enumerate([{"blinds = false": "blinds = true"},
                               {"blinds = false": "blinds = true", "ante = 0": "ante = 1"},
                               {"maximum_raise = 0": "maximum_raise = 6"}]):
        out.append(load_ruleset(write_variant(folder, "tauren-holdem", edits, f"v{n}")))
    for ruleset in out:
        ruleset.evaluator.table(7)
    return out


# What legal_actions calls the actions a hand also takes under other names.
ALIASES = {"flop": "roll", "turn": "roll", "river": "roll"}


def try_something_odd(t, data):
    names = [seat.name for seat in t.seats] + ["Nobody"]
    name = data.draw(st.sampled_from(names), label="odd player")
    action = data.draw(st.sampled_from(ACTIONS), label="odd action")
    amount = data.draw(st.sampled_from(ODD_AMOUNTS), label="odd amount")
    before, chips = snapshot(t), t.chips
    legal = t.hand.legal_actions(name) if t.hand else ()
    try:
        t.act(name, action, amount, dice=["2", "3"], target=name)
    except IllegalAction as exc:
        assert snapshot(t) == before, f"refused {action} changed the table"
        assert "\n" not in str(exc)
    else:
        if action not in ("give", "reset"):  # the table's, not the hand's
            manual = t.mode == "manual" and action == "put"
            assert ("bet" if manual else ALIASES.get(action, action)) in legal, (name, action)
    return t.chips - chips  # a reset that was allowed buys chips back in


def check_turns(hand):
    """Whose turn and the legal actions agree with the phase the hand is in."""
    seated = [seat.name for seat in hand.seats]
    legal = {name: hand.legal_actions(name) for name in seated}
    if hand.phase is Phase.BETTING:
        assert [name for name in seated if legal[name]] == [hand.to_act()]
        assert {"fold", "put"} <= set(legal[hand.to_act()])
    elif hand.phase is Phase.ROLL:
        assert hand.to_act() is None
        assert legal == {name: ("roll",) if name == hand.dealer_name else () for name in seated}
    elif hand.phase is Phase.SHOWDOWN:
        waiting = [s for s in hand.seats if s.in_hand and s.name not in hand.shown]
        for seat in hand.seats:
            assert ("show" in legal[seat.name]) == (seat in waiting)
            assert ("muck" in legal[seat.name]) == (seat in waiting and len(
                [s for s in hand.seats if s.in_hand]) > 1)
    else:
        assert legal == {name: () for name in seated}


def play(data, ruleset, t):
    hand = t.hand
    total = t.chips
    faces = ruleset.dice.count
    for _ in range(1000):
        if hand.over:
            break
        if data.draw(st.integers(0, 7), label="odd?") == 0:
            total += try_something_odd(t, data)
        if hand.over:
            break
        check_turns(hand)
        if hand.phase is Phase.BETTING:
            name, moves = legal_moves(hand, data)
            assert {kind for kind, _ in moves} <= set(hand.legal_actions(name))
            kind, amount = data.draw(st.sampled_from(moves), label="move")
            t.act(name, kind, amount)
        elif hand.phase is Phase.ROLL:
            count = ruleset.deal.community[len(hand.community)]
            dice = data.draw(st.lists(st.integers(0, faces - 1), min_size=count, max_size=count))
            t.act(hand.dealer_name, "roll", dice=dice)
        else:
            waiting = [s.name for s in hand.seats if s.in_hand and s.name not in hand.shown]
            name = data.draw(st.sampled_from(waiting), label="shows")
            if data.draw(st.booleans(), label="muck?") and len(
                    [s for s in hand.seats if s.in_hand]) > 1:
                t.act(name, "muck")
            else:
                t.act(name, "show")
        assert t.chips == total, "chips appeared or vanished"
        assert all(seat.bank >= 0 and seat.committed >= 0 for seat in t.seats)
    assert hand.over, "the hand did not end"
    check_turns(hand)
    assert t.chips == total


@pytest.mark.slow  # a long case: .ci/run runs it apart (pytest -m slow)
@settings(max_examples=300)
@given(data=st.data())
def test_random_guided_hands_keep_the_ledger_exact(rulesets, data):
    ruleset = data.draw(st.sampled_from(rulesets), label="ruleset")
    count = data.draw(st.integers(2, 10), label="players")
    banks = data.draw(st.lists(st.integers(1, 40), min_size=count, max_size=count))
    names = [f"P{i}" for i in range(count)]
    dealer = data.draw(st.sampled_from(names), label="dealer")
    t = Table(ruleset, list(zip(names, banks, strict=True)), dealer=dealer)
    hidden = {name: data.draw(st.lists(st.integers(0, ruleset.dice.count - 1), min_size=2,
                                       max_size=2)) for name in names}
    deal_first = data.draw(st.booleans(), label="deal first?")
    hand = t.new_hand(hidden=hidden, deal_first=deal_first)
    out: set[str] = set()
    if deal_first:
        # Those without a commitment in the closed set sit out: the hand never touches them.
        check_turns(hand)
        out = set(data.draw(st.lists(st.sampled_from(names), unique=True), label="out"))
        hand.deal_in([name for name in names if name not in out])
    play(data, ruleset, t)

    paid = hand.contributions
    assert not any(paid[name] or hand.payouts.get(name) for name in out)
    event(f"pots: {len(hand.final_pots)}")
    event("showdown" if hand.shown else "all but one folded")
    assert sum(hand.payouts.values()) == sum(paid.values())
    for name, won in hand.payouts.items():
        # A player can win from each other player at most what they put in themselves.
        assert won <= sum(min(paid[name], theirs) for theirs in paid.values()), name
    for said in hand.events:
        if said.kind == "win" and "pot" in said.details:
            # Every pot is paid to players who paid into it.
            pot = hand.final_pots[said.details["pot"]]
            assert pot.paid_by(paid[said.player]) > 0
            assert said.player in pot.eligible or said.details.get("refund")


@settings(max_examples=200)
@given(data=st.data())
def test_whether_losers_show_or_muck_the_winners_take_the_same(rulesets, data):
    """The same hand played twice to its showdown: once everyone shows, once some who won
    nothing muck. The pots, every award (odd chips included) and the banks are the same."""
    ruleset = data.draw(st.sampled_from(rulesets), label="ruleset")
    count = data.draw(st.integers(3, 10), label="players")
    seats = list(zip([f"P{i}" for i in range(count)],
                     data.draw(st.lists(st.integers(1, 40), min_size=count, max_size=count)),
                     strict=True))
    dealer = data.draw(st.sampled_from(seats), label="dealer")[0]
    hidden = {name: data.draw(st.lists(st.integers(0, ruleset.dice.count - 1), min_size=2,
                                       max_size=2)) for name, _ in seats}
    shown, mucked = (Table(ruleset, seats, dealer=dealer) for _ in range(2))
    for t in (shown, mucked):
        t.new_hand(hidden=hidden)
    steps = play_to_showdown(shown.act, shown.hand, ruleset, data,
                             lambda data: legal_moves(shown.hand, data))
    if shown.hand.over:
        event("all but one folded")
        return
    showdown(shown.act, shown.hand, data)
    losers = sorted(name for name in shown.hand.shown if not shown.hand.payouts.get(name))
    mucks = data.draw(st.lists(st.sampled_from(losers), unique=True), label="mucks") \
        if losers else []
    replay_steps(mucked.act, steps)
    showdown(mucked.act, mucked.hand, data, mucks)
    event(f"{len(shown.hand.final_pots)} pot(s), {len(mucks)} muck(s)")
    assert mucked.hand.final_pots == shown.hand.final_pots
    assert mucked.hand.payouts == shown.hand.payouts
    wins = [[(e.text, e.chips, e.details) for e in t.hand.events if e.kind == "win"]
            for t in (shown, mucked)]
    assert wins[0] == wins[1]
    assert mucked.banks == shown.banks


@pytest.mark.slow  # a long case: .ci/run runs it apart (pytest -m slow)
@settings(max_examples=60, suppress_health_check=[HealthCheck.large_base_example])
@given(data=st.data())
def test_random_manual_hands_keep_the_ledger_exact(rulesets, data):
    ruleset = rulesets[0]
    count = data.draw(st.integers(2, 10), label="players")
    names = [f"P{i}" for i in range(count)]
    t = Table(ruleset, names, mode="manual", dealer=names[0])
    hand = t.new_hand()
    total = t.chips
    while not hand.over:
        if data.draw(st.integers(0, 5)) == 0:
            total += try_something_odd(t, data)
            continue
        if hand.next_street() and data.draw(st.booleans()):
            count = ruleset.deal.community[len(hand.community)]
            t.act(names[0], "roll", dice=["2"] * count)
        elif hand.next_street() is None and hand.pot and data.draw(st.booleans()):
            t.act(names[0], "pot", target=data.draw(st.sampled_from(names)))
        else:
            name = data.draw(st.sampled_from(names))
            bank = t.seat(name).bank
            if bank:
                t.act(name, "bet", data.draw(st.integers(1, bank)))
            elif hand.next_street() is None and hand.pot:
                t.act(names[0], "pot", target=name)
        assert t.chips == total
    assert t.chips == total and sum(hand.payouts.values()) == sum(hand.contributions.values())
