"""Timeouts the host claims are checked against each client's own clock."""

from __future__ import annotations

import pytest

from addon_table import (
    PROTOCOL,
    SEED,
    banks,
    build_addon,
    seat_table,
    seed_roll,
    status_now,
    street,
)
from pyhost.harness import Realm
from realm_helpers import send_addon


@pytest.fixture(scope="module")
def addon(tmp_path_factory):
    return build_addon(tmp_path_factory.mktemp("addons"))


def to_gray(tmp_path, addon, seed):
    """A table with a 30-second timeout, hand 1 dealt, Riggs has bet: Gray to act. Time is
    driven by hand: running until quiet would let every timeout run out."""
    realm = Realm(seed=seed, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"], options="timeout 30")
    skoll, riggs = seated[0], seated[1]
    skoll.type("/tholdem start")
    realm.advance(2)
    realm.script_rolls(seed_roll(SEED))
    for client in seated:
        client.type("/tdeal")
    realm.advance(3)
    riggs.type("/tbet 2")
    realm.advance(2)
    assert "Gray to act" in status_now(riggs)
    return realm, seated


def claim_gray_folds(realm, seated, step=2):
    """The host's client, modified, says at once that Gray's time ran out."""
    skoll = seated[0]
    fields = [PROTOCOL, "TURN", seated.table_id, "1", str(step), "fold", "Gray-Thunderhorn", "",
              "0"]
    send_addon(skoll, "TaurenHoldem", "\t".join(fields))
    realm.advance(1)


EARLY = "Skoll says Gray took too long, but Gray's time is not up here"


def test_an_early_timeout_claim_is_refused_and_named(tmp_path, addon):
    realm, seated = to_gray(tmp_path, addon, 41)
    riggs, gray = seated[1], seated[2]
    claim_gray_folds(realm, seated)
    for client in (riggs, gray):
        assert len(client.chat.matching(EARLY)) == 1, client.chat.lines[-5:]
        assert "Gray folds" not in client.chat
    gray.type("/tholdem call")  # in time: Gray's own turn is the one taken
    realm.advance(2)
    for client in (riggs, gray):
        assert "Pot 4; Skoll to act" in status_now(client)
        assert "Gray folds" not in client.chat
    assert realm.errors() == []


def test_an_early_claim_is_held_until_it_is_due(tmp_path, addon):
    realm, seated = to_gray(tmp_path, addon, 42)
    riggs = seated[1]
    claim_gray_folds(realm, seated)
    realm.advance(20)  # 23 seconds since Riggs's bet: not yet 30 less the 5 of tolerance
    assert "Gray folds" not in riggs.chat
    realm.advance(4)
    assert "Gray folds" in riggs.chat  # due now by Riggs's own clock
    assert realm.errors() == []


def test_an_honest_timeout_is_taken_by_everyone(tmp_path, addon):
    realm, seated = to_gray(tmp_path, addon, 43)
    skoll, riggs = seated[0], seated[1]
    realm.advance(31)
    assert "Gray took too long: the table acts for them." in skoll.chat.lines
    for client in seated:
        assert "Gray folds" in client.chat
        assert not client.chat.matching(EARLY)
    assert status_now(riggs) == status_now(skoll)
    assert realm.errors() == []


# Where everyone stops typing, at a table opened with `timeout` alone (the ruleset's deadline
# for each phase: deal 60 s, acting 120 s, roll 60 s, showdown 60 s), and what they typed
# before that.
STOPS = {
    "before the deal": [],
    "during the commitments": [("Skoll", "/tdeal"), ("Riggs", "/tdeal")],
    "before the flop's betting": [("Skoll", "/tdeal"), ("Riggs", "/tdeal"), ("Gray", "/tdeal")],
    "in the betting": [("Skoll", "/tdeal"), ("Riggs", "/tdeal"), ("Gray", "/tdeal"),
                       ("Riggs", "/tbet 2")],
    "at the flop's roll": [("Skoll", "/tdeal"), ("Riggs", "/tdeal"), ("Gray", "/tdeal"),
                           ("Riggs", "/tbet 2"), ("Gray", "/tholdem call"),
                           ("Skoll", "/tholdem call")],
    "at the turn's betting": [("Skoll", "/tdeal"), ("Riggs", "/tdeal"), ("Gray", "/tdeal"),
                              ("Riggs", "/tbet 2"), ("Gray", "/tholdem call"),
                              ("Skoll", "/tholdem call"), ("Skoll", "/tflop"),
                              ("Riggs", "/tholdem check")],
}


@pytest.mark.parametrize("stop", list(STOPS))
def test_a_table_nobody_types_at_reaches_the_next_hand(tmp_path, addon, stop):
    realm = Realm(seed=50, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"], options="timeout")
    by_name = {client.name: client for client in seated}
    realm.script_rolls(seed_roll(SEED), street("5", "3", "6"), street("6"), street("Warrior"))
    seated[0].type("/tholdem start")
    realm.advance(2)
    for name, line in STOPS[stop]:
        by_name[name].type(line)
        realm.advance(2)
    waited = 0
    while not all(("the hand is over" in status_now(c) or "no hand" in status_now(c))
                  for c in seated):
        assert waited < 2000, f"stuck {stop}: {status_now(seated[0])}"
        realm.advance(10)
        waited += 10
    for client in seated:
        assert not client.chat.matching(EARLY), client.name  # an honest host's timeouts bind
    if "roll" in stop:
        assert "Skoll is gone: Riggs deals on." in seated[2].chat  # he did not roll in time
    lines = {status_now(client).split("; ", 1)[1] for client in seated}
    assert len(lines) == 1, lines  # every client's ledger alike
    assert sum(banks(status_now(seated[0])).values()) == 60  # nothing lost, nothing created
    seated[0].type("/tholdem start")
    realm.advance(2)
    for client in seated:
        assert "Hand 2:" in " ".join(client.chat.lines), client.name
    assert realm.errors() == []


def test_a_late_roller_is_not_called_a_cheater(tmp_path, addon):
    """Gray types /tdeal after the deal's deadline: the set closed without him. He is told so,
    plays on without dice, and his hand is dead at the showdown, for having none: no client
    says his dice do not follow from his commitment."""
    realm = Realm(seed=51, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"], options="timeout")
    skoll, riggs, gray = seated
    realm.script_rolls(seed_roll(SEED), street("5", "3", "6"), street("6"), street("Warrior"))
    skoll.type("/tholdem start")
    realm.advance(2)
    for client in (skoll, riggs):
        client.type("/tdeal")
        realm.advance(2)
    realm.advance(60)  # the deal's 60 seconds are up: the set closes without Gray
    gray.type("/tdeal")
    realm.advance(2)
    assert gray.chat.lines[-1] == ("too late: the set closed without your roll, so you have no "
                                   "dice this hand")
    for client, line in [(riggs, "/tbet 2"), (gray, "/tholdem call"), (skoll, "/tholdem call"),
                         (skoll, "/tflop"), (riggs, "/tholdem check"), (gray, "/tholdem check"),
                         (skoll, "/tholdem check"), (skoll, "/tturn"), (riggs, "/tholdem check"),
                         (gray, "/tholdem check"), (skoll, "/tholdem check"), (skoll, "/triver"),
                         (riggs, "/tholdem check"), (gray, "/tholdem check"),
                         (skoll, "/tholdem check")]:
        client.type(line)
        realm.advance(2)
    realm.advance(5)
    for client in seated:
        assert "the hand is over" in status_now(client), client.name
        assert not client.chat.matching("do not follow"), client.name
        assert client.chat.matching("Gray has no dice in this hand"), client.name
    assert len({status_now(client) for client in seated}) == 1
    assert sum(banks(status_now(skoll)).values()) == 60
    assert realm.errors() == []
