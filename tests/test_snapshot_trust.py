"""A client catching up takes the host's record as the host's word: these hostile clients (a
seat whispering a forged snapshot, a host whose record lies, a host whose heartbeat names
another seed, players voting a seed) try to make it more than that."""

from __future__ import annotations

import re

from click.testing import CliRunner

from addon_table import (
    BEAT,
    PROTOCOL,
    check_down,
    dealt_table,
    play,
    seat_table,
    status,
)
from pyhost.cli import main
from pyhost.harness import Realm
from realm_helpers import lose, send_addon

PREFIX = "TaurenHoldem"



def ns(client):
    return client.addons["TaurenHoldem"].namespace


def seed_of(client):
    return ns(client)[b"Game"][b"session"]()[b"fair"][b"seed"]


def resync(realm: Realm, client) -> None:
    """The client drops its copy, as when it finds itself out of step, and catches up."""
    ns(client)[b"Game"][b"resync"]()
    realm.run_until_quiet()


def forge(realm: Realm, liar, victim, table_id: str, opener: str) -> None:
    """A whole snapshot with invented banks, whispered by `liar` to `victim`: the table's own
    rules (fingerprint and sections), so nothing but its sender can get it refused."""
    rules = ns(liar)[b"Rules"][b"fingerprint"]
    fingerprint, sections = rules[b"id"].decode(), rules[b"wire"].decode()
    seats = "\t".join(f"{name}-Thunderhorn={bank}" for name, bank in
                      (("Skoll", 20), ("Riggs", 20), ("Gray", 20), ("Dakx", 5000)))
    for text in (f"SNAP\t{table_id}\tguided\t2\t0\t20\t\t{opener}\t{fingerprint}\t{sections}\t1",
                 f"BASE\t{table_id}\t0\t0\t{opener}\t{seats}",
                 f"SNAPEND\t{table_id}\t0\t0\t0\tover"):
        send_addon(liar, PREFIX, f"{PROTOCOL}\t{text}", "WHISPER", victim.full_name)


def bet_and_call(realm: Realm, bettor, *callers) -> None:
    play(realm, bettor, "/tbet 2")
    for client in callers:
        play(realm, client, "/tholdem call")


def test_a_seat_cannot_whisper_a_forged_snapshot_while_the_host_is_here(tmp_path, addon):
    realm = Realm(seed=41, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray", "Dakx"])
    skoll, _, gray, dakx = seated
    before = status(realm, skoll)
    gray.type("/reload")
    forge(realm, dakx, gray, seated.table_id, skoll.full_name)
    realm.run_until_quiet()
    assert not gray.chat.matching("Caught up with Dakx")
    assert gray.chat.matching("Caught up with Skoll's table")
    assert status(realm, gray) == before
    assert realm.errors() == []


def test_once_the_host_is_gone_only_its_successor_hands_on_the_table(tmp_path, addon):
    realm = Realm(seed=42, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray", "Dakx"])
    skoll, riggs, gray, dakx = seated
    realm.logout(skoll)
    realm.run_until_quiet()
    assert "Skoll is gone: Riggs runs the table now." in gray.chat
    before = status(realm, riggs)
    gray.type("/reload")
    forge(realm, dakx, gray, seated.table_id, skoll.full_name)  # Dakx is not the successor
    realm.run_until_quiet()
    assert not gray.chat.matching("Caught up with Dakx")
    assert gray.chat.matching("Caught up with Riggs's table")  # the next connected seat's
    assert status(realm, gray) == before
    assert realm.errors() == []


def test_a_snapshots_banks_never_exceed_the_clients_own_record(tmp_path, addon, evil):
    realm = Realm(seed=43, wtf=tmp_path / "WTF")
    seated = dealt_table(realm, addon, ["Skoll", "Riggs", "Gray"], addons={"Skoll": evil})
    skoll, riggs, gray = seated
    honest = status(realm, riggs)
    # The host's record says Riggs started the hand with 5000.
    skoll.run_lua("""
        local base = EVIL.Game.session().log[1][2]
        for i, seat in ipairs(base.seats) do
            if seat:find("^Riggs") then base.seats[i] = "Riggs-Thunderhorn=5000" end
        end""")
    resync(realm, gray)
    assert gray.chat.matching("Caught up with Skoll's table")
    assert "Riggs's bank of 5000 is not confirmed by your own record: 20 here." in gray.chat
    assert status(realm, gray) == honest
    # A player with no record of anyone at this table: the client says whose table it took,
    # asks its seats, and Riggs's own word contradicts the bank (tests/test_snapshot_check.py).
    mogg = realm.login("Mogg", addons=[addon])
    realm.invite(skoll, mogg)
    realm.run_until_quiet()
    assert ("Took Skoll's table (a snapshot: nothing here to check it against yet; asking its "
            "seats what they say of themselves).") in mogg.chat
    assert mogg.chat.matching("Riggs's own bank is 20, not 5000")
    assert realm.errors() == []


def test_a_seat_in_a_snapshot_is_checked_against_the_seat_this_client_saw(tmp_path, addon, evil):
    realm = Realm(seed=44, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"], addons={"Skoll": evil})
    skoll, riggs, gray = seated
    honest = status(realm, riggs)
    skoll.run_lua("""
        for _, entry in ipairs(EVIL.Game.session().log) do
            if entry[1] == "DO" and entry[2].op == "seat" and entry[2].player:find("^Riggs") then
                entry[2].amount = 5000
            end
        end""")
    resync(realm, gray)
    assert "Riggs's bank of 5000 is not confirmed by your own record: 20 here." in gray.chat
    assert status(realm, gray) == honest
    assert realm.errors() == []


def test_a_snapshot_never_replaces_a_commitment_or_reveal_heard_from_its_owner(tmp_path, addon,
                                                                               evil):
    realm = Realm(seed=45, wtf=tmp_path / "WTF")
    seated = dealt_table(realm, addon, ["Skoll", "Riggs", "Gray"], addons={"Skoll": evil})
    skoll, riggs, gray = seated
    skoll.run_lua(f'EVIL.Game.session().heard[1]["Riggs-Thunderhorn"] = "{"e" * 64}"')
    resync(realm, gray)
    assert ("Skoll's record gives another commitment for Riggs than Riggs sent you: yours "
            "stands.") in gray.chat
    bet_and_call(realm, riggs, gray, skoll)
    check_down(realm, skoll, riggs, gray, skoll)
    line = status(realm, riggs)
    assert "the hand is over" in line and status(realm, gray) == line
    assert not gray.chat.matching("do not follow")  # Riggs's own commitment, his reveal checked
    # After the hand: a reveal the record gives otherwise than its owner sent it.
    skoll.run_lua('EVIL.Game.session().revealed[1]["Riggs-Thunderhorn"] = { "bad", "1,1" }')
    resync(realm, gray)
    assert ("Skoll's record gives another reveal for Riggs than Riggs sent you: yours "
            "stands.") in gray.chat
    assert status(realm, gray) == line
    assert realm.errors() == []


def test_a_snapshot_never_replaces_a_move_heard_from_its_owner(tmp_path, addon, evil):
    realm = Realm(seed=46, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"], mode="manual",
                        addons={"Skoll": evil})
    skoll, riggs, gray = seated
    play(realm, riggs, "/tgive 5 Gray")
    assert status(realm, gray).endswith("banks: Skoll 20, Riggs 15, Gray 25")
    # The host's record makes Riggs's give one of 15: its MOVE entry and its order.
    skoll.run_lua("""
        for _, entry in ipairs(EVIL.Game.session().log) do
            if (entry[1] == "MOVE" or entry[1] == "DO") and entry[2].op == "give" then
                entry[2].amount = "15"
            end
        end""")
    resync(realm, gray)
    realm.advance(BEAT)
    realm.run_until_quiet()
    assert "Skoll's record gives another move for Riggs than Riggs sent you: yours stands." \
        in gray.chat
    assert "Riggs 5" not in status(realm, gray)  # the give of 15 is not applied
    assert realm.errors() == []


def seed_line(args: tuple) -> bool:
    """A roll line of the seed's width (500000)."""
    bounds = re.search(r"\((\d+)-(\d+)\)$", args[0])
    return bounds is not None and int(bounds[2]) - int(bounds[1]) + 1 == 500000


def test_no_seed_binds_from_the_players_word(tmp_path, addon):
    realm = Realm(seed=47, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray", "Dakx"])
    skoll, dakx = seated[0], seated[3]
    missed = lose(skoll, "CHAT_MSG_SYSTEM", seed_line, times=None)  # never sees a seed roll
    play(realm, skoll, "/tholdem start")
    for client in seated:
        client.type("/tdeal")
    realm.run_until_quiet()
    tid = seated.table_id
    for _ in range(3):  # a player tells the host a seed, as the old vote did
        send_addon(dakx, PREFIX, f"{PROTOCOL}\tSEEN\t{tid}\t1\t77", "WHISPER", skoll.full_name)
    realm.advance(BEAT + 1)
    realm.run_until_quiet()
    assert missed
    assert seed_of(skoll) is None  # nobody's word, nor a vote
    assert not skoll.chat.lines[-1].startswith("1-[")
    assert realm.errors() == []


def test_a_hosts_differing_seed_is_named_and_the_clients_own_stays(tmp_path, addon, evil):
    realm = Realm(seed=48, wtf=tmp_path / "WTF")
    seated = dealt_table(realm, addon, ["Skoll", "Riggs", "Gray"], addons={"Skoll": evil})
    skoll, _, gray = seated
    own = seed_of(gray)
    skoll.run_lua("EVIL.Game.session().fair.seed = 7")  # its heartbeat now says so
    realm.advance(BEAT + 1)
    realm.run_until_quiet()
    assert "Skoll's seed of hand 1 is not the one you saw rolled: yours stands." in gray.chat
    assert not gray.chat.matching("Caught up")  # no resync to the host's
    assert seed_of(gray) == own
    assert realm.errors() == []


def test_a_seed_rolled_while_away_is_the_hosts_word_and_not_witnessed(tmp_path, addon):
    realm = Realm(seed=49, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"])
    skoll, riggs, gray = seated
    missed = lose(gray, "CHAT_MSG_SYSTEM", seed_line, times=None)
    play(realm, skoll, "/tholdem start")
    for client in seated:
        client.type("/tdeal")
    realm.run_until_quiet()
    assert missed and seed_of(gray) is None
    resync(realm, gray)
    assert "The seed of hand 1 was rolled while you were away: its dice here are Skoll's word." \
        in gray.chat
    assert seed_of(gray) == seed_of(skoll)
    bet_and_call(realm, riggs, gray, skoll)
    check_down(realm, skoll, riggs, gray, skoll)
    assert "the hand is over" in status(realm, gray)
    gray.logout()
    path = realm.wtf / "Account" / "GRAY" / "SavedVariables" / "TaurenHoldem.lua"
    out = CliRunner().invoke(main, ["verify", str(path)])
    assert "Hand 1 (" in out.output and ": not witnessed (the seed as the host attested it" \
        in out.output, out.output
    assert ": fair" not in out.output
    assert realm.errors() == []


def test_after_a_reload_the_clients_own_seed_line_binds_not_the_record(tmp_path, addon, evil):
    realm = Realm(seed=50, wtf=tmp_path / "WTF")
    seated = dealt_table(realm, addon, ["Skoll", "Riggs", "Gray"], addons={"Skoll": evil})
    skoll, _, gray = seated
    own = seed_of(gray)
    assert own is not None
    skoll.run_lua("""
        for _, entry in ipairs(EVIL.Game.session().log) do
            if entry[1] == "SEED" then entry[2].seed = 7 end
        end""")
    play(realm, gray, "/reload")
    assert gray.chat.matching("Caught up with Skoll's table")
    assert seed_of(gray) == own
    assert not gray.chat.matching("rolled while you were away")
    assert realm.errors() == []


def test_a_client_that_knew_the_old_host_takes_its_successors_table(tmp_path, addon):
    # Gray is away while Skoll, the host, logs out (Riggs runs the table) and comes back. Gray
    # still knows Skoll as the host, and Skoll is here: Gray takes Riggs's table only once
    # Skoll has said (its HELLO, whispered to Gray's) that it has none to hand on.
    realm = Realm(seed=51, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray", "Dakx"])
    skoll, riggs, gray, _ = seated
    realm.logout(gray)
    realm.logout(skoll)
    realm.run_until_quiet()
    realm.login(skoll.name)
    realm.run_until_quiet()
    assert skoll.chat.matching("Caught up with Riggs's table")
    realm.login(gray.name)
    realm.advance(40)  # Gray's HELLOs, a few seconds apart
    realm.run_until_quiet()
    assert gray.chat.matching("Caught up with Riggs's table")
    assert status(realm, gray) == status(realm, riggs)
    assert realm.errors() == []
