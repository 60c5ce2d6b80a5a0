"""Random whole rounds of Poker Dice, 2 to 8 players with random banks: at every step the
player to act takes one of their legal actions with random dice and amounts (and now and
then someone tries an action they do not have, which must change nothing). Every round
ends; the chips on the table never change; the winner is the player whose hand beat every
hand rolled before it and was not beaten by any rolled after; the winner starts the next
round."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_pokerdice import state

from pyhost.engine import IllegalAction, Table
from pyhost.engine.pokerdice import Phase, PokerDiceRound
from pyhost.rules import load_ruleset

RULES = load_ruleset("poker-dice")
ACTIONS = ["ante", "roll", "keep", "check", "raise", "call", "fold", "bet", "show"]
FACES = st.integers(min_value=1, max_value=6)


def play_round(data, t: Table) -> dict:
    """One round by random legal play; what the test saw: the dice each player rolled
    last, the order of first rolls, who anted and who folded."""
    hand: PokerDiceRound = t.new_hand()
    chips = t.chips
    seen = {"dice": {}, "rolled": [], "anted": [], "folded": set()}
    while not hand.over:
        name = hand.to_act()
        assert name is not None
        legal = hand.legal_actions(name)
        assert legal, f"{name} is to act with nothing to do in phase {hand.phase}"
        assert all(hand.legal_actions(other.name) == () for other in hand.seats
                   if other.name != name)
        if data.draw(st.integers(0, 5)) == 0:
            other = data.draw(st.sampled_from([seat.name for seat in hand.seats]))
            wrong = [a for a in ACTIONS if a not in hand.legal_actions(other)]
            action = data.draw(st.sampled_from(wrong))
            before, banks = state(hand), t.banks
            try:
                t.act(other, action, data.draw(st.sampled_from([None, 1, 3])),
                      dice=data.draw(st.lists(FACES, max_size=5)))
            except IllegalAction as refusal:
                assert "\n" not in str(refusal)
            else:
                raise AssertionError(f"{other} could {action} without it being legal")
            assert state(hand) == before and t.banks == banks
        action = data.draw(st.sampled_from(legal))
        amount = dice = None
        bank = hand.seat(name).bank
        if action == "ante" and hand.phase is Phase.SET_ANTE:
            amount = data.draw(st.integers(RULES.table.minimum_ante, bank))
        elif action == "raise":
            amount = data.draw(st.integers(1, hand.raise_cap(name)))
        elif action == "roll":
            dice = data.draw(st.lists(FACES, min_size=hand.turn.need(),
                                      max_size=hand.turn.need()))
        elif action == "keep":
            lying = list(seen["dice"][name])
            picks = data.draw(st.lists(st.booleans(), min_size=5, max_size=5))
            dice = [face for face, pick in zip(lying, picks, strict=True) if pick][:4]
            seen["kept"] = dice
        phase = hand.phase
        t.act(name, action, amount, dice=dice)
        if action == "ante":
            seen["anted"].append(name)
        elif action == "fold" and phase is Phase.MATCH:
            seen["folded"].add(name)
        elif action == "roll":
            if name not in seen["rolled"]:
                seen["rolled"].append(name)
                seen["dice"][name] = list(dice)
            else:
                seen["dice"][name] = seen.pop("kept") + list(dice)
        assert t.chips == chips
    return seen


def check_winner(hand: PokerDiceRound, seen: dict) -> None:
    if len(seen["anted"]) == 1:
        put_in = {name: chips for name, chips in hand.result.contributions.items() if chips}
        assert hand.winner is None and hand.result.payouts == put_in == {
            hand.dealer_name: hand.ante}
        return
    hands = {name: RULES.best_hand([str(face) for face in dice])
             for name, dice in seen["dice"].items()}
    winner = hand.winner
    assert winner in seen["rolled"] and winner not in seen["folded"]
    place = seen["rolled"].index(winner)
    assert all(hands[earlier] < hands[winner] for earlier in seen["rolled"][:place])
    assert all(hands[later] <= hands[winner] for later in seen["rolled"][place + 1:])
    # Everyone who anted had a turn or left the round.
    assert set(seen["anted"]) == set(seen["rolled"]) | seen["folded"]
    result = hand.result
    assert result.payouts == {winner: sum(result.contributions.values())}
    assert all(seat.committed == 0 for seat in hand.seats)


@pytest.mark.slow  # a long case: .ci/run runs it apart (pytest -m slow)
@settings(max_examples=150)
@given(st.data())
def test_random_legal_rounds(data) -> None:
    count = data.draw(st.integers(2, 8))
    banks = data.draw(st.lists(st.integers(0, 12), min_size=count, max_size=count))
    banks[0] = banks[1] = max(banks[0], 1)  # two with chips at least
    t = Table(RULES, [(f"P{n}", bank) for n, bank in enumerate(banks)])
    total = t.chips
    for _ in range(data.draw(st.integers(1, 4))):
        if sum(bank > 0 for bank in t.banks.values()) < 2:
            break
        before = t.banks
        seen = play_round(data, t)
        hand = t.hand
        check_winner(hand, seen)
        if hand.winner is None:
            assert t.banks == before and hand.next_starter == hand.dealer_name
        else:
            assert hand.next_starter == hand.winner
            gained = Counter(t.banks)
            gained.subtract(before)
            assert gained[hand.winner] == sum(hand.result.contributions.values()) \
                - hand.result.contributions[hand.winner]
        assert t.chips == total
        starter = hand.next_starter
        if sum(bank > 0 for bank in t.banks.values()) >= 2 and t.banks[starter] > 0:
            assert t.new_hand().dealer_name == starter
            t.hand = hand  # play_round deals the next round itself
