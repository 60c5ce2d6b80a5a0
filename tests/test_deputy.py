"""The host's deputy: a host that loses and never reveals its own dice is mucked by the first
seat after it (holdem/Deputy.lua), so it cannot hold the pot hostage."""

from __future__ import annotations

from pathlib import Path

import pytest

from addon_table import (
    PROTOCOL,
    TAUREN,
    banks,
    build_addon,
    check_down,
    deal_fairly,
    play,
    seat_table,
    status_now,
    street,
)
from pyhost.harness import Realm
from realm_helpers import lose, send_addon

PREFIX = "TaurenHoldem"
SHOWDOWN = TAUREN.table.showdown_timeout
BEAT = 10  # the heartbeat (core/Heartbeat.lua BEAT_SECONDS): the deputy sends its MUCK again so
LATE = 10  # seconds past the deadline by which the deputy has acted (its timer, the tolerance)


@pytest.fixture
def evil(tmp_path: Path) -> Path:
    """The stock addon that never reveals its player's dice, nor, as host, mucks its player:
    a host holding the pot hostage."""
    addon = build_addon(tmp_path / "evil")
    slash = addon / "Slash.lua"
    slash.write_text(slash.read_text(encoding="utf-8") + """
local request, accept = ns.Game.request, ns.Game.accept
function ns.Game.request(op, ...) if op ~= "show" then return request(op, ...) end end
function ns.Game.accept(player, op, ...)
	if not (op == "show" and player == ns.Comm.me()) then return accept(player, op, ...) end
end
""", encoding="utf-8")
    return addon


def ledgers(seated) -> list:
    return [(status_now(client),
             client.run_lua("local out = {} for name, bank in pairs(TaurenHoldemDB.banks) do "
                            "out[#out + 1] = name .. '=' .. bank end table.sort(out) "
                            "return table.concat(out, ' ')")) for client in seated]


def showdown_without_the_host(realm, seated):
    """Hand 1 to the showdown, Skoll (the host, running `evil`) never revealing."""
    skoll, riggs, gray = seated
    play(realm, skoll, "/tholdem start")
    deal_fairly(realm, seated, 1, {"Skoll": ("2", "2"), "Riggs": ("Chieftain", "4"),
                                   "Gray": ("2", "3")})
    realm.script_rolls(street("5", "3", "6"), street("6"), street("Warrior"))
    for client, line in ((riggs, "/tbet 2"), (gray, "/tholdem call"), (skoll, "/tholdem call")):
        play(realm, client, line)
    check_down(realm, skoll, riggs, gray, skoll)
    assert all("showdown" in status_now(client) for client in seated)


@pytest.mark.slow  # a long case: .ci/run runs it apart (pytest -m slow)
def test_a_host_that_never_reveals_is_mucked_by_its_deputy(tmp_path, addon, evil):
    realm = Realm(seed=61, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"], addons={"Skoll": evil})
    skoll, riggs, gray = seated
    tid = seated.table_id
    showdown_without_the_host(realm, seated)  # Skoll's dice missing
    began = realm.now
    before = ledgers(seated)

    def muck(sender, player):
        send_addon(sender, PREFIX, f"{PROTOCOL}\tMUCK\t{tid}\t1\t{player}-Thunderhorn")
        realm.advance(1)

    # Forgeries: the deputy (Riggs) early, the deputy for a non-host, a non-deputy (Gray).
    muck(riggs, "Skoll")
    muck(riggs, "Skoll")  # named once
    muck(riggs, "Gray")
    muck(gray, "Skoll")
    assert ledgers(seated) == before
    for client in (skoll, gray):
        assert client.chat.lines.count("Riggs's muck of Skoll is ignored: the showdown's time "
                                       "is not up here.") == 1, client.name
        assert "Riggs's muck of Gray is ignored: only the host is mucked so." in client.chat.lines
    for client in (skoll, riggs):
        assert "Gray's muck of Skoll is ignored: not the host's deputy." in client.chat.lines
    realm.advance(SHOWDOWN - 4 - (realm.now - began))  # due by now, but Gray is no deputy
    muck(gray, "Skoll")
    assert all("showdown" in status_now(client) for client in seated)
    while not all("the hand is over" in status_now(client) for client in seated):
        assert realm.now - began <= SHOWDOWN + LATE, status_now(riggs)
        realm.advance(1)
    realm.run_until_quiet()
    for client in seated:
        assert "Skoll took too long: the table acts for them." in client.chat.lines, client.name
        assert "Riggs wins the pot: 6 with Straight" in client.chat, client.name
    views = ledgers(seated)
    assert len(set(views)) == 1, views  # the host's own client too
    assert banks(status_now(gray)) == {"Skoll": 18, "Riggs": 24, "Gray": 18}
    assert sum(banks(status_now(skoll)).values()) == 60
    assert realm.errors() == []


def is_muck(args) -> bool:
    text = args[1]
    return "\tMUCK\t" in (text.decode() if isinstance(text, bytes) else str(text))


@pytest.mark.slow  # a long case: .ci/run runs it apart (pytest -m slow)
def test_a_lost_muck_is_sent_again(tmp_path, addon, evil):
    """Nobody answers a MUCK: the deputy sends it again, so a client that lost the first one
    does not wait at the showdown for good."""
    realm = Realm(seed=62, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"], addons={"Skoll": evil})
    gray = seated[2]
    showdown_without_the_host(realm, seated)
    lost = lose(gray, "CHAT_MSG_ADDON", is_muck)
    began = realm.now
    while not all("the hand is over" in status_now(client) for client in seated):
        assert realm.now - began <= SHOWDOWN + LATE + 3 * BEAT, \
            [status_now(client) for client in seated]
        realm.advance(1)
    realm.run_until_quiet()
    assert len(lost) == 1  # Gray lost the first one and took the next
    assert "Riggs wins the pot: 6 with Straight" in gray.chat
    assert len(set(ledgers(seated))) == 1
    assert not any("muck of" in line for client in seated for line in client.chat.lines)
    assert realm.errors() == []


@pytest.mark.slow  # a long case: .ci/run runs it apart (pytest -m slow)
def test_a_muck_is_in_the_record_a_snapshot_hands_on(tmp_path, addon, evil):
    """A player who reloads after the deputy's MUCK replays it from the host's record and
    reaches the same end of the hand."""
    realm = Realm(seed=63, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"], addons={"Skoll": evil})
    gray = seated[2]
    showdown_without_the_host(realm, seated)
    realm.advance(SHOWDOWN + LATE)
    realm.run_until_quiet()
    assert all("the hand is over" in status_now(client) for client in seated)
    gray.reload()
    realm.run_until_quiet()
    assert "the hand is over" in status_now(gray)
    assert banks(status_now(gray)) == {"Skoll": 18, "Riggs": 24, "Gray": 18}
    assert len(set(ledgers(seated))) == 1
    assert realm.errors() == []
