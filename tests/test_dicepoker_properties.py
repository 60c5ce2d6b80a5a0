"""Random Dice Poker at 2 to 10 players, for chips and for a forfeit (hypothesis).

Each example plays a few rounds with random dice and random keeps, now and then trying a
random action that, when refused, must change nothing. The chips on the table never
change; at the end of a round the winners and losers are those the source's words name
(read off the dice, not through the engine's ranking); each loser pays each winner the
stake, or all he has when short, and nobody else's bank moves; a forfeit moves no chip
and names one forfeit per winner and loser; the start moves one seat a round.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from test_dicepoker import DICE_POKER_FLOWS, reference, snapshot

from conftest import write_variant
from pyhost.engine.core import IllegalAction
from pyhost.engine.core import Table as CoreTable
from pyhost.rules import load_ruleset

FACES = ["1", "2", "3", "4", "5", "6"]
ACTIONS = ["roll", "keep", "reroll", "bet", "show", "", None]


class Table(CoreTable):
    flows = DICE_POKER_FLOWS


@pytest.fixture(scope="module")
def rulesets(tmp_path_factory):
    """The shipped ruleset (a forfeit) and chips at stakes 1, 2 and 5."""
    folder = tmp_path_factory.mktemp("dice-poker")
    out = [load_ruleset("dice-poker")]
    for stake in (1, 2, 5):
        edits = {'stakes = "forfeit"': 'stakes = "chips"', "stake = 2": f"stake = {stake}"}
        out.append(load_ruleset(write_variant(folder, "dice-poker", edits, f"chips{stake}")))
    return out


def expected(hands: dict[str, tuple[int, ...]], strength: dict[str, int]):
    """(winners, losers) as the source says, from each player's dice (face values)."""
    high = {name: (strength[name], reference(1, dice)) for name, dice in hands.items()}
    best = max(high.values())
    winners = {name for name in hands if high[name] == best}
    others = [name for name in hands if name not in winners]
    if not others:
        return set(), set()
    low = {name: (strength[name], reference(-1, hands[name])) for name in others}
    worst = min(low.values())
    return winners, {name for name in others if low[name] == worst}


def try_anything(t, data) -> None:
    """A random action by a random player: refused with one line and no change, or legal."""
    name = data.draw(st.sampled_from([*(s.name for s in t.seats), "Nobody"]))
    action = data.draw(st.sampled_from(ACTIONS))
    dice = data.draw(st.one_of(st.none(), st.text(max_size=3),
                               st.lists(st.sampled_from([*FACES, "7", 0, 5, 6, -1, None]),
                                        max_size=7)))
    before = snapshot(t)
    try:
        t.act(name, action, dice=dice)
    except IllegalAction as refusal:
        assert snapshot(t) == before
        assert str(refusal) and "\n" not in str(refusal)
        event("refused")
    else:
        event("a random action was legal")


def base6(number: int, count: int) -> list[str]:
    """`count` dice read as the base-6 digits of `number` (as the realm's rolls are)."""
    return [FACES[number // 6 ** place % 6] for place in range(count)]


def play_turn_step(t, data) -> None:
    r = t.hand
    name = r.to_act()
    step = r.legal_actions(name)[0]
    if step == "keep":
        mask = data.draw(st.integers(0, 31))  # bit n: the nth die rolled is kept
        t.act(name, "keep", dice=[FACES[face] for n, face in enumerate(r.lying[name])
                                  if mask >> n & 1])
    else:
        wanted = r.wanted()
        assert wanted is not None and wanted[0] == name
        t.act(name, step, dice=base6(data.draw(st.integers(0, 6 ** wanted[1] - 1)), wanted[1]))


# A round is at least ten dice per player: hypothesis finds that input large, and it is.
@pytest.mark.slow  # a long case: .ci/run runs it apart (pytest -m slow)
@settings(max_examples=120, suppress_health_check=[HealthCheck.large_base_example])
@given(data=st.data())
def test_random_play_conserves_chips_and_pays_loser_times_winner_stakes(rulesets, data):
    ruleset = data.draw(st.sampled_from(rulesets))
    stake = ruleset.table.stake
    count = data.draw(st.integers(2, 10))
    names = [f"P{n}" for n in range(count)]
    banks = data.draw(st.lists(st.integers(0, 12), min_size=count, max_size=count))
    if sum(bank > 0 for bank in banks) < 2:
        banks[:2] = [1, 1]
    t = Table(ruleset, list(zip(names, banks, strict=True)),
              dealer=data.draw(st.sampled_from(names)))
    total = t.chips
    starter = None
    for _ in range(data.draw(st.integers(1, 3))):
        if sum(seat.bank > 0 for seat in t.seats) < 2:
            break
        before = dict(t.banks)
        r = t.new_hand()
        dealt = [seat.name for seat in t.seats if seat.bank > 0]
        assert sorted(r.order, key=names.index) == dealt
        if starter is not None:  # the start moved one seat on, to the next one with chips
            nxt = next(names[(names.index(starter) + step) % count] for step in range(1, count)
                       if t.seat(names[(names.index(starter) + step) % count]).bank > 0)
            assert r.order[0] == nxt
        starter = r.order[0]
        while not r.over:
            if data.draw(st.integers(0, 5)) == 0:
                try_anything(t, data)
            else:
                play_turn_step(t, data)
            assert t.chips == total
            assert all(seat.committed == 0 for seat in t.seats)
        after = t.banks
        dice = {name: tuple(sorted(ruleset.dice.faces[f].value for f in r.final[name]))
                for name in r.order}
        strength = {name: r.hands[name].strength for name in r.order}
        winners, losers = expected(dice, strength)
        assert (set(r.winners), set(r.losers)) == (winners, losers)
        assert not winners & losers
        if not winners:
            event("everyone tied")
        if ruleset.table.stakes == "forfeit":
            assert after == before
            forfeits = [(e.player, e.details["target"]) for e in r.events if e.kind == "forfeit"]
            assert sorted(forfeits) == sorted((w, lose) for w in winners for lose in losers)
            continue
        owed = stake * len(winners)
        for name in names:
            if name in losers:
                assert before[name] - after[name] == min(before[name], owed)
            elif name not in winners:
                assert after[name] == before[name]
        moved = sum(min(before[name], owed) for name in losers)
        assert sum(after[w] - before[w] for w in winners) == moved == r.pot_paid
        if all(before[name] >= owed for name in losers):
            assert moved == len(losers) * len(winners) * stake
            event("every loser paid in full")
        else:
            event("a loser was short")
        if winners:  # each winner got a stake from each loser who could pay in full
            for w in winners:
                assert after[w] - before[w] >= stake * sum(before[lo] >= owed for lo in losers)
        assert sum(after.values()) == total
