"""Community dice come from the server's /roll, and nothing but the roller's roll of the
street's own range counts (a guided table's range comes from the turn that closed the betting
before it: tests/test_early_rolls.py)."""

from __future__ import annotations

import re

from addon_table import (
    check_down,
    deal_fairly,
    due_roll,
    everyone_deals,
    play,
    seat_table,
    street,
    street_range,
)
from pyhost.harness import Location, Realm

FLOP = "1-[:· : ] 2-[.· '] 3-[::: ]"


def to_the_flop(realm, clients, *, dealer_raises=False, flop=None):
    """Riggs bets, the others call. With `dealer_raises`, Skoll (the dealer) raises and the
    others call him: the last call, not Skoll's, closes the betting, so Skoll rolls the flop
    (else Riggs does: Skoll's call closed it). `flop`: the flop's scripted roll."""
    skoll, riggs = clients[0], clients[1]
    play(realm, skoll, "/tholdem start")
    everyone_deals(realm, *clients)
    if flop is not None:
        realm.script_rolls(flop)
    play(realm, riggs, "/tbet 2")
    for client in clients[2:]:
        play(realm, client, "/tholdem call")
    if dealer_raises:
        play(realm, skoll, "/tbet 4")
        for client in clients[1:]:
            play(realm, client, "/tholdem call")
    else:
        play(realm, skoll, "/tholdem call")


FLOP_LINE = re.compile(r"^(\w+) rolls (\d+) \((\d+)-(\d+)\)$")


def street_lines(client, width=512):
    """(who, value, low, high) of each roll line of this width in an enUS chat frame."""
    found = []
    for line in client.chat.lines:
        match = FLOP_LINE.match(line)
        if match and int(match[4]) - int(match[3]) + 1 == width:
            found.append((match[1], int(match[2]), int(match[3]), int(match[4])))
    return found


def test_german_and_french_clients_read_the_dice_from_their_own_roll_lines(tmp_path, addon):
    realm = Realm(seed=1, wtf=tmp_path / "WTF")
    clients = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"],
                         locales={"Riggs": "deDE", "Gray": "frFR"})
    skoll, riggs, gray = clients
    # Skoll's call closes the betting: Riggs rolls the flop.
    to_the_flop(realm, clients, flop=street("5", "3", "6"))
    [(who, value, low, high)] = street_lines(skoll)
    assert who == "Riggs" and high - low + 1 == 512  # 8^3: three dice, each uniform
    assert value == low + 3 * 64 + 1 * 8 + 4
    assert f"Riggs würfelt. Ergebnis: {value} ({low}-{high})" in riggs.chat
    assert f"Riggs obtient un {value} ({low}-{high})." in gray.chat
    for client in clients:
        assert FLOP in client.chat.lines
    assert realm.errors() == []


def test_each_hand_and_street_has_its_own_range(tmp_path, addon):
    ranges = {street_range("Skoll-Thunderhorn:1796000000", hand, index)
              for hand in range(1, 50) for index in (1, 2, 3)}
    assert len(ranges) == 49 * 3
    assert all(low >= 1 and high <= 1_000_000 for low, high in ranges)


HOLD_ROLLS = "function(ns) ns.FairDeal.roll_soon = function() end end"


def test_only_the_rollers_roll_of_the_streets_range_counts(tmp_path, addon):
    realm = Realm(seed=2, wtf=tmp_path / "WTF")
    clients = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"])
    skoll, riggs, gray = clients
    stranger = realm.login("Mogg", addons=[addon], at=Location())  # nearby, not grouped
    # Skoll's client does not roll by itself: he types /tflop (after the others' rolls).
    skoll.lua.eval(HOLD_ROLLS)(skoll.addons["TaurenHoldem"].namespace)
    to_the_flop(realm, clients, dealer_raises=True)
    key, roller, low, high = due_roll(skoll)
    assert (key, roller) == ("1", skoll.full_name)
    assert all(due_roll(client) == (key, roller, low, high) for client in clients)
    # Before the dealer: a stranger, another player at the table, and a near range.
    realm.script_rolls(low, low + 1, low + 2, street("5", "3", "6"))
    play(realm, stranger, f"/roll {low} {high}")
    play(realm, gray, f"/roll {low} {high}")
    play(realm, skoll, f"/roll {low + 1} {high + 1}")
    assert "Dealer Skoll rolls the Flop" not in riggs.chat
    play(realm, skoll, "/tflop")
    for client in clients:
        assert FLOP in client.chat.lines
    # A second roll of the same range, even by the roller, changes nothing.
    realm.script_rolls(low + 300)
    play(realm, skoll, f"/roll {low} {high}")
    realm.script_rolls(street("6"))
    play(realm, riggs, "/tholdem check")
    play(realm, gray, "/tholdem check")
    play(realm, skoll, "/tholdem check")  # his check closes it: Riggs rolls the turn
    for client in clients:
        assert client.chat.lines.count("Dealer Skoll rolls the Flop") == 1
        assert FLOP + " 4-[::: ]" in client.chat.lines
    assert realm.errors() == []


def test_the_dealer_cannot_roll_a_street_out_of_turn(tmp_path, addon):
    realm = Realm(seed=3, wtf=tmp_path / "WTF")
    skoll, riggs = seat_table(realm, addon, ["Skoll", "Riggs"])
    play(realm, skoll, "/tholdem start")
    everyone_deals(realm, skoll, riggs)
    play(realm, skoll, "/tflop")
    assert skoll.chat.lines[-1] == "Skoll cannot roll the flop yet: it is Riggs's turn to bet"
    # (Only the seed's roll: no street's.)
    assert len([line for line in riggs.chat.lines if "rolls" in line and "(" in line]) == 1
    assert realm.dropped_rolls == []


def test_two_players_of_the_same_name_cannot_sit_at_one_table(tmp_path, addon):
    realm = Realm(seed=4, wtf=tmp_path / "WTF")
    skoll = realm.login("Skoll", addons=[addon])
    twin = realm.login("Skoll", realm="Argent Dawn", addons=[addon])
    realm.party(skoll, twin)
    play(realm, skoll, "/tholdem open")
    play(realm, twin, "/tholdem join")
    # Skoll of Argent Dawn sees the host with his realm.
    assert twin.chat.lines[-1] == "Skoll-Thunderhorn's table refused it: a player named Skoll " \
        "already sits here"


def test_the_example_hand_through_server_rolls(tmp_path, addon):
    realm = Realm(seed=5, wtf=tmp_path / "WTF")
    clients = seat_table(realm, addon, ["Skoll", "Riggs"])
    skoll, riggs = clients
    play(realm, skoll, "/tholdem start")
    deal_fairly(realm, clients, 1, {"Skoll": ("Shaman", "6"), "Riggs": ("Chieftain", "4")})
    realm.script_rolls(street("5", "3", "6"), street("6"), street("Warrior"))
    play(realm, riggs, "/tbet 2")
    play(realm, skoll, "/tholdem call")
    check_down(realm, skoll, riggs, skoll)
    assert "Riggs wins the pot: 4 with Straight" in skoll.chat
