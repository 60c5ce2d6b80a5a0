"""Whole hands while players reload, drop, leave and type at once, and the network misbehaves:
every hand ends (or, only if nobody could take over, is void), no chip is made or lost, and
every client agrees. The driver is tests/faulty_table.py; tools/soak.py runs it for long."""

from __future__ import annotations

import pytest
from faulty_table import FAULTS, FaultyTable

from pyhost.harness import Adversarial, Latency, Realm
from pyhost.rules import load_ruleset

PARTY = ["Skoll", "Riggs", "Gray", "Dakx"]
RAID = [*PARTY, "Mara", "Tove", "Brun", "Hild", "Ulf", "Sig"]
# Addon messages slower than the roll lines they talk about, and the other way round.
SLOW_ADDON = Latency(addon=0.4, system=0.05, jitter=0.3)
SLOW_ROLLS = Latency(addon=0.05, system=0.4, jitter=0.3)


def hostile(seed: int, loss: float = 0.03) -> Adversarial:
    return Adversarial(seed=seed, loss=loss, duplicate=loss, reorder=2 * loss,
                       never_lost=("system",))


CASES = [
    # (names, seed, hands, latency, network)
    (PARTY, 1, 6, Latency(), None),
    (PARTY, 2, 6, SLOW_ADDON, None),
    (PARTY, 3, 6, SLOW_ROLLS, None),
    (PARTY, 4, 5, Latency(), hostile(4)),
    (PARTY, 5, 5, SLOW_ADDON, hostile(5)),
    (PARTY, 7, 6, SLOW_ROLLS, hostile(7, 0.05)),
    (RAID[:8], 8, 4, Latency(), hostile(8, 0.04)),
    (RAID, 6, 4, Latency(), hostile(6)),
]


@pytest.mark.parametrize(("names", "seed", "hands", "latency", "network"), CASES,
                         ids=[f"{len(c[0])}-players-seed{c[1]}" for c in CASES])
def test_hands_survive_faults(tmp_path, addon, names, seed, hands, latency, network):
    realm = Realm(seed=seed, wtf=tmp_path / "WTF", latency=latency, adversarial=network)
    table = FaultyTable(realm, addon, names, seed=seed, rate=0.15)
    for _ in range(hands):
        if table.players_with_chips() < 2:
            break
        table.play_hand()
    tally = table.tally
    assert tally.problems == []
    assert tally.hands >= 3 and tally.completed == tally.hands
    assert sum(tally.faults.values()) > 0  # something did go wrong, on purpose
    assert realm.errors() == []


# The same table core under DiceHoldem's rules and commands (the other hold'em game).
DICE_CASES = [(PARTY, 11, 5, SLOW_ROLLS, None), (PARTY[:3], 12, 5, SLOW_ADDON, hostile(12))]



@pytest.mark.parametrize(("names", "seed", "hands", "latency", "network"), DICE_CASES,
                         ids=[f"{len(c[0])}-players-seed{c[1]}" for c in DICE_CASES])
def test_diceholdem_hands_survive_faults(tmp_path, diceholdem, names, seed, hands, latency,
                                         network):
    realm = Realm(seed=seed, wtf=tmp_path / "WTF", latency=latency, adversarial=network)
    table = FaultyTable(realm, diceholdem, names, seed=seed, rate=0.15,
                        ruleset=load_ruleset("dice-holdem"))
    for _ in range(hands):
        table.play_hand()
    tally = table.tally
    assert tally.problems == []
    assert tally.hands == hands and tally.completed == tally.hands
    assert sum(tally.faults.values()) > 0
    assert realm.errors() == []


@pytest.mark.slow  # a long case: .ci/run runs it apart (pytest -m slow)
def test_the_seeded_set_injects_every_kind_of_fault(tmp_path, addon):
    # Over the CI cases' seeds every kind comes up: no kind is silently never tried.
    seen = set()
    for seed in (1, 2, 3):
        realm = Realm(seed=seed, wtf=tmp_path / f"WTF{seed}")
        table = FaultyTable(realm, addon, PARTY, seed=seed, rate=0.3)
        for _ in range(4):
            if table.players_with_chips() < 2:
                break
            table.play_hand()
        assert table.tally.problems == []
        seen |= set(table.tally.faults)
    assert seen == set(FAULTS)
