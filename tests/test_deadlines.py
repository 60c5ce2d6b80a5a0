"""Deadlines: every guided table has the ruleset's, and the timeouts the host claims are
checked against each client's own clock."""

from __future__ import annotations

import pytest

from addon_table import (
    PROTOCOL,
    SEED,
    TAUREN,
    banks,
    check_down,
    deal_fairly,
    play,
    seat_table,
    seed_roll,
    seeds_rolled,
    status_now,
    street,
)
from pyhost.harness import Realm
from realm_helpers import send_addon


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


NO_ROLLS = "(rolls nothing)"  # not typed: from here on, this client's RandomRoll goes nowhere

# Where everyone stops typing, at a table opened with no word about time (the ruleset's
# deadline for each phase: deal 60 s, acting 120 s, roll 60 s, showdown 60 s), and what they
# typed before that.
STOPS = {
    "before the deal": [],
    "during the commitments": [("Skoll", "/tdeal"), ("Riggs", "/tdeal")],
    "before the flop's betting": [("Skoll", "/tdeal"), ("Riggs", "/tdeal"), ("Gray", "/tdeal")],
    "in the betting": [("Skoll", "/tdeal"), ("Riggs", "/tdeal"), ("Gray", "/tdeal"),
                       ("Riggs", "/tbet 2")],
    # (The flop's roller, Riggs, since Skoll's call closes the round: his client rolls nothing.)
    "at the flop's roll": [("Skoll", "/tdeal"), ("Riggs", "/tdeal"), ("Gray", "/tdeal"),
                           ("Riggs", "/tbet 2"), ("Gray", "/tholdem call"),
                           ("Riggs", NO_ROLLS), ("Skoll", "/tholdem call")],
    "at the turn's betting": [("Skoll", "/tdeal"), ("Riggs", "/tdeal"), ("Gray", "/tdeal"),
                              ("Riggs", "/tbet 2"), ("Gray", "/tholdem call"),
                              ("Skoll", "/tholdem call"), ("Skoll", "/tflop"),
                              ("Riggs", "/tholdem check")],
}


@pytest.mark.parametrize("stop", list(STOPS))
def test_a_table_nobody_types_at_reaches_the_next_hand(tmp_path, addon, stop):
    realm = Realm(seed=50, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"])
    by_name = {client.name: client for client in seated}
    realm.script_rolls(seed_roll(SEED), street("5", "3", "6"), street("6"), street("Warrior"))
    seated[0].type("/tholdem start")
    realm.advance(2)
    for name, line in STOPS[stop]:
        if line == NO_ROLLS:
            by_name[name].run_lua("RandomRoll = function() end")
            continue
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
        assert "Riggs is gone: Gray deals on." in seated[2].chat  # he did not roll in time
    lines = {status_now(client).split("; ", 1)[1] for client in seated}
    assert len(lines) == 1, lines  # every client's ledger alike
    assert sum(banks(status_now(seated[0])).values()) == 60  # nothing lost, nothing created
    seated[0].type("/tholdem start")
    realm.advance(2)
    for client in seated:
        assert "Hand 2:" in " ".join(client.chat.lines), client.name
    assert realm.errors() == []


def test_a_late_roller_sits_the_hand_out(tmp_path, addon):
    """Gray types /tdeal after the deal's deadline: the set closed without him. He is told so,
    sits the hand out (posting nothing: his bank stays as it was) and cannot bet in it; the
    others play it; no client says anyone's dice do not follow."""
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
    assert gray.chat.lines[-1] == ("too late: the set closed without your roll, so you sit "
                                   "this hand out")
    for client in seated:
        assert "Gray sits this hand out (no roll under the box)" in client.chat, client.name
    mark = len(gray.chat.lines)
    gray.type("/tbet 2")
    realm.advance(2)
    assert len(gray.chat.lines) == mark + 1  # one line, nothing sent
    for client, line in [(riggs, "/tbet 2"), (skoll, "/tholdem call"), (skoll, "/tflop"),
                         (riggs, "/tholdem check"), (skoll, "/tholdem check"), (skoll, "/tturn"),
                         (riggs, "/tholdem check"), (skoll, "/tholdem check"),
                         (skoll, "/triver"), (riggs, "/tholdem check"),
                         (skoll, "/tholdem check")]:
        client.type(line)
        realm.advance(2)
    realm.advance(5)
    for client in seated:
        assert "the hand is over" in status_now(client), client.name
        assert not client.chat.matching("do not follow"), client.name
        assert banks(status_now(client))["Gray"] == 20, client.name  # nothing lost
    assert len({status_now(client) for client in seated}) == 1
    assert sum(banks(status_now(skoll)).values()) == 60
    assert realm.errors() == []


DEAL, SHOWDOWN = TAUREN.table.deal_timeout, TAUREN.table.showdown_timeout
LATE = 10  # seconds past a deadline by which the table has acted (a heartbeat, the tolerance)


def ledgers(seated) -> list:
    """What each client has: its status line, and its saved banks."""
    return [(status_now(client),
             client.run_lua("local out = {} for name, bank in pairs(TaurenHoldemDB.banks) do "
                            "out[#out + 1] = name .. '=' .. bank end table.sort(out) "
                            "return table.concat(out, ' ')")) for client in seated]


def test_a_loser_who_never_reveals_does_not_hold_the_pot_at_a_default_table(tmp_path, addon):
    """Riggs's client, modified, never sends his reveal. At a table opened with no word about
    time the showdown waits showdown_timeout for it, then his hand is dead and the pot paid,
    the same everywhere."""
    realm = Realm(seed=52, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"])
    skoll, riggs, gray = seated
    original = realm.send_addon

    def no_reveal(client, prefix, body, *args):
        if client is riggs and b"\tACT\t" in body and b"\tshow\t" in body:
            return 0  # "sent", and never on its way
        return original(client, prefix, body, *args)

    realm.send_addon = no_reveal
    play(realm, skoll, "/tholdem start")
    # (Riggs's dice are left to chance: whatever they are, an unrevealed hand takes nothing.)
    deal_fairly(realm, seated, 1, {"Skoll": ("Chieftain", "4"), "Gray": ("2", "3")})
    realm.script_rolls(street("5", "3", "6"), street("6"), street("Warrior"))
    for client, line in ((riggs, "/tbet 2"), (gray, "/tholdem call"), (skoll, "/tholdem call")):
        play(realm, client, line)
    check_down(realm, skoll, riggs, gray, skoll)
    honest = (skoll, gray)  # (Riggs's own client took his reveal: it has his dice)
    assert all("showdown" in status_now(client) for client in honest)  # his dice missing
    began = realm.now
    realm.advance(SHOWDOWN - 6)  # within his time: the table waits for him
    assert all("showdown" in status_now(client) for client in honest)
    while not all("the hand is over" in status_now(client) for client in honest):
        assert realm.now - began <= SHOWDOWN + LATE, status_now(skoll)
        realm.advance(1)
    for client in honest:
        assert "Riggs took too long: the table acts for them." in client.chat.lines
        assert not client.chat.matching("do not follow"), client.name  # late, not a cheat
        assert "Skoll wins the pot: 6 with Straight" in client.chat, client.name
    views = ledgers(honest)
    assert len(set(views)) == 1, views  # every client's ledger alike, on screen and saved
    assert sum(banks(status_now(skoll)).values()) == 60  # nothing lost, nothing created
    assert banks(status_now(gray)) == {"Skoll": 24, "Riggs": 18, "Gray": 18}
    assert realm.errors() == []


def test_a_player_who_never_deals_at_a_default_table_sits_the_hand_out(tmp_path, addon):
    """Gray never types /tdeal. At a table opened with no word about time the set closes
    without him after deal_timeout: he sits the hand out, his bank unchanged, while Skoll and
    Riggs play it (docs/addon.md)."""
    realm = Realm(seed=53, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"])
    skoll, riggs, _gray = seated
    realm.script_rolls(seed_roll(SEED), street("5", "3", "6"), street("6"), street("Warrior"))
    play(realm, skoll, "/tholdem start")
    began = realm.now
    for client in (skoll, riggs):
        play(realm, client, "/tdeal")
    realm.advance(DEAL - 6 - (realm.now - began))  # within his time: the set waits for him
    assert not seeds_rolled(skoll)
    while not seeds_rolled(skoll):
        assert realm.now - began <= DEAL + LATE
        realm.advance(1)
    realm.run_until_quiet()
    for client in seated:  # (the host, Skoll, sent the close: Riggs rolls the seed)
        assert seeds_rolled(client) == [("Riggs", SEED)], client.name
    for client in seated:
        assert "Gray sits this hand out (no roll under the box)" in client.chat, client.name
    for client, line in ((riggs, "/tbet 2"), (skoll, "/tholdem call")):
        play(realm, client, line)
    check_down(realm, skoll, riggs, skoll)
    for client in seated:
        assert "the hand is over" in status_now(client), client.name
        assert not client.chat.matching("Gray has no dice"), client.name
        assert not client.chat.matching("Gray wins"), client.name
        assert not client.chat.matching("do not follow"), client.name
    views = ledgers(seated)
    assert len(set(views)) == 1, views
    assert sum(banks(status_now(skoll)).values()) == 60
    assert banks(status_now(skoll))["Gray"] == 20  # he sat the hand out: nothing posted
    assert realm.errors() == []


def test_a_table_opened_notimeout_waits_however_long(tmp_path, addon):
    realm = Realm(seed=54, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"], options="notimeout")
    skoll, riggs, gray = seated
    play(realm, skoll, "/tholdem start")
    for client in (skoll, riggs):
        play(realm, client, "/tdeal")
    realm.advance(10 * DEAL)  # Gray's /tdeal is waited for
    assert not seeds_rolled(skoll)
    assert not skoll.chat.matching("took too long")
    realm.script_rolls(seed_roll(SEED))
    play(realm, gray, "/tdeal")
    assert seeds_rolled(riggs) == [("Riggs", SEED)]
    assert realm.errors() == []
