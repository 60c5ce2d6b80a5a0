"""A client that knew no host (a new group member) takes the first snapshot it gets, then asks
each seat it lists what it says of itself (VOUCH): a forged table is named and dropped; an
honest one stays quiet but for one line saying its seats confirm it."""

from __future__ import annotations

from pathlib import Path

import pytest

from addon_table import (
    PROTOCOL,
    TO_ACT,
    banks,
    dealt_table,
    play,
    seat_table,
    status,
)
from pyhost.harness import Realm
from realm_helpers import RECORDER, addon_messages, send_addon

PREFIX = "TaurenHoldem"
DROPPED = "is not what its seats say of themselves"



def forge(liar, victim, table_id: str, opener: str, seats: dict[str, int]) -> None:
    """A whole snapshot whispered by `liar` to `victim`, hosted by the liar: the table's own
    rules, so nothing but what its seats say of themselves can tell it from the real one."""
    rules = liar.addons[PREFIX].namespace[b"Rules"][b"fingerprint"]
    fingerprint, sections = rules[b"id"].decode(), rules[b"wire"].decode()
    listed = "\t".join(f"{name}-Thunderhorn={bank}" for name, bank in seats.items())
    for text in (f"SNAP\t{table_id}\tguided\t2\t0\t20\t\t{opener}\t{fingerprint}\t{sections}\t1",
                 f"BASE\t{table_id}\t0\t0\t{opener}\t{listed}",
                 f"SNAPEND\t{table_id}\t0\t0\t0\tover"):
        send_addon(liar, PREFIX, f"{PROTOCOL}\t{text}", "WHISPER", victim.full_name)


def newcomer_answered_first_by(realm: Realm, seated, liar, table_id: str, opener: str,
                               seats: dict[str, int]):
    """Mogg joins the group; the liar's forged snapshot reaches him before the host's."""
    mogg = realm.login("Mogg", addons=[seated.addon])
    realm.invite(seated[0], mogg)
    forge(liar, mogg, table_id, opener, seats)
    realm.run_until_quiet()
    realm.advance(30)  # Mogg's HELLOs, a few seconds apart
    realm.run_until_quiet()
    return mogg


def ledger(client) -> dict:
    """This client's own record of the banks (TaurenHoldemDB), by full name."""
    return dict(client.addons[PREFIX].namespace[b"Session"][b"db"]()[b"banks"].items())


def table(realm: Realm, addon: Path, names: list[str], evil_name: str, evil: Path, dealt=False):
    seated = (dealt_table if dealt else seat_table)(realm, addon, names,
                                                    addons={evil_name: evil})
    seated.addon = addon
    return seated


def test_a_seat_forging_a_table_of_its_own_is_named_by_the_seats_and_dropped(tmp_path, addon,
                                                                           evil):
    realm = Realm(seed=61, wtf=tmp_path / "WTF")
    seated = table(realm, addon, ["Skoll", "Riggs", "Gray", "Dakx"], "Dakx", evil)
    skoll, riggs, gray, dakx = seated
    # The real table's id and opener, with Dakx as its host and a bank of 5000 for him.
    mogg = newcomer_answered_first_by(realm, seated, dakx, seated.table_id, skoll.full_name,
                                      {"Skoll": 20, "Riggs": 20, "Gray": 20, "Dakx": 5000})
    assert ("Dakx's table is not what its seats say of themselves: Skoll says Skoll hosts it; "
            "Riggs says Skoll hosts it; Gray says Skoll hosts it. Dropped it; asking again, not "
            "from Dakx.") in mogg.chat
    # Asked again: the real host's table, which its seats confirm.
    assert mogg.chat.matching("Caught up with Skoll's table")
    assert ("Skoll's table: 3 of its 3 other seats confirm it themselves (table, host, bank)."
            in mogg.chat)
    assert status(realm, mogg) == status(realm, riggs)
    assert "Dakx 5000" not in status(realm, mogg)
    assert ledger(mogg)[b"Dakx-Thunderhorn"] == 20  # the dropped table's banks are not kept
    # Dakx whispers his table again after a /reload: Mogg knows Skoll as the host now.
    play(realm, mogg, "/reload")
    forge(dakx, mogg, seated.table_id, skoll.full_name, {"Dakx": 5000})
    realm.run_until_quiet()
    assert status(realm, mogg) == status(realm, riggs)
    assert not gray.chat.matching(DROPPED)
    assert realm.errors() == []


def test_a_table_of_invented_seats_is_named_seat_by_seat(tmp_path, addon, evil):
    realm = Realm(seed=62, wtf=tmp_path / "WTF")
    seated = table(realm, addon, ["Skoll", "Riggs", "Gray", "Dakx"], "Dakx", evil)
    riggs, dakx = seated[1], seated[3]
    invented = f"{dakx.full_name}:{realm.epoch() + 5}"
    mogg = newcomer_answered_first_by(realm, seated, dakx, invented, dakx.full_name,
                                      {"Dakx": 5000, "Riggs": 20, "Ghost": 900})
    line = mogg.chat.matching("Dakx's table is not what its seats say")
    assert line == [("Dakx's table is not what its seats say of themselves: Riggs sits at "
                     "another table (Skoll hosts it). Dropped it; asking again, not from Dakx.")]
    assert mogg.chat.matching("Caught up with Skoll's table")
    assert status(realm, mogg) == status(realm, riggs)
    assert realm.errors() == []


def test_a_hosts_bank_its_player_contradicts_is_named_and_not_played(tmp_path, addon, evil):
    realm = Realm(seed=63, wtf=tmp_path / "WTF")
    seated = table(realm, addon, ["Skoll", "Riggs", "Gray"], "Skoll", evil, dealt=True)
    skoll = seated[0]
    # The host's record says Riggs started the hand with 5000: Riggs's own word is 20.
    skoll.run_lua("""
        local base = EVIL.Game.session().log[1][2]
        for i, seat in ipairs(base.seats) do
            if seat:find("^Riggs") then base.seats[i] = "Riggs-Thunderhorn=5000" end
        end""")
    mogg = realm.login("Mogg", addons=[addon])
    realm.invite(skoll, mogg)
    realm.run_until_quiet()
    realm.advance(30)
    realm.run_until_quiet()
    assert ("Took Skoll's table (a snapshot: nothing here to check it against yet; asking its "
            "seats what they say of themselves).") in mogg.chat
    assert ("Skoll's table is not what its seats say of themselves: Riggs's own bank is 20, "
            "not 5000. Dropped it; asking again, not from Skoll.") in mogg.chat
    # Skoll's snapshots are no longer taken: Mogg plays on nobody's word.
    assert "No table is open" in status(realm, mogg)
    assert realm.errors() == []


def test_an_honest_table_stays_quiet_mid_hand_and_after_a_reload(tmp_path, addon):
    realm = Realm(seed=64, wtf=tmp_path / "WTF")
    seated = dealt_table(realm, addon, ["Skoll", "Riggs", "Gray", "Dakx"])
    skoll, riggs, gray, _ = seated
    to_act = TO_ACT.search(status(realm, skoll))
    assert to_act is not None
    bettor = next(client for client in seated if client.name == to_act[1])
    play(realm, bettor, "/tbet 2")
    assert banks(status(realm, skoll))[bettor.name] == 18
    # Mogg joins the group mid-hand: the seats confirm the host's table.
    mogg = realm.login("Mogg", addons=[addon])
    realm.invite(skoll, mogg)
    realm.run_until_quiet()
    assert mogg.chat.matching("Caught up with Skoll's table")
    assert ("Skoll's table: 3 of its 3 other seats confirm it themselves (table, host, bank)."
            in mogg.chat)
    assert status(realm, mogg) == status(realm, riggs)
    # A /reload, his own and a seat's: he knows the host now, and nothing is asked.
    for client in (mogg, gray):
        play(realm, client, "/reload")
        assert client.chat.matching("Caught up with Skoll's table")
    for client in [*seated, mogg]:
        assert not client.chat.matching(DROPPED)
    assert len(mogg.chat.matching("seats confirm it")) == 1
    assert status(realm, mogg) == status(realm, riggs) == status(realm, gray)
    assert "Pot" in status(realm, mogg) and banks(status(realm, mogg))[bettor.name] == 18
    assert realm.errors() == []


def test_a_newcomer_between_tables_seats_confirm_banks_as_they_sat(tmp_path, addon):
    realm = Realm(seed=65, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"])
    _, riggs, _ = seated
    vex = realm.login("Vex", addons=[addon])
    realm.invite(seated[0], vex)
    realm.run_until_quiet()
    assert ("Skoll's table: 2 of its 2 other seats confirm it themselves (table, host, bank)."
            in vex.chat)
    assert not vex.chat.matching(DROPPED)
    assert status(realm, vex) == status(realm, riggs)
    assert realm.errors() == []


def test_a_reload_before_the_seats_answer_leaves_nothing_of_the_forged_table(tmp_path, addon,
                                                                            evil):
    realm = Realm(seed=66, wtf=tmp_path / "WTF")
    seated = table(realm, addon, ["Skoll", "Riggs", "Gray", "Dakx"], "Dakx", evil)
    skoll, riggs, _, dakx = seated
    mogg = realm.login("Mogg", addons=[addon])
    realm.invite(skoll, mogg)
    # (Ghost, not in the group, never answers: the check waits on him.)
    forge(dakx, mogg, seated.table_id, skoll.full_name, {"Skoll": 20, "Dakx": 5000, "Ghost": 9})
    realm.advance(0.5)
    assert mogg.chat.matching("Took Dakx's table")  # the check is under way
    assert ledger(mogg)[b"Dakx-Thunderhorn"] == 5000
    assert not mogg.chat.matching(DROPPED)
    mogg.type("/reload")  # before it ends: Dakx is not the host it knows, nor 5000 its record
    realm.run_until_quiet()
    realm.advance(30)
    realm.run_until_quiet()
    assert ledger(mogg)[b"Dakx-Thunderhorn"] == 20 and b"Ghost-Thunderhorn" not in ledger(mogg)
    assert not mogg.chat.matching(DROPPED)
    assert mogg.chat.matching("Caught up with Skoll's table")
    assert ("Skoll's table: 3 of its 3 other seats confirm it themselves (table, host, bank)."
            in mogg.chat)
    assert status(realm, mogg) == status(realm, riggs)
    assert realm.errors() == []


def vouches(client, *, asks: bool) -> list[tuple]:
    """The VOUCH messages this client received (its Recorder): the asks, or the answers."""
    found = [args for args in addon_messages(client)
             if args[0] == PREFIX and args[1].startswith(f"{PROTOCOL}\tVOUCH")]
    return [args for args in found if args[1].startswith(f"{PROTOCOL}\tVOUCH\t1") == asks]


@pytest.mark.slow  # a long case: .ci/run runs it apart (pytest -m slow)
def test_in_a_full_raid_each_seat_is_asked_once_and_answers_once(tmp_path, addon):
    realm = Realm(seed=67, wtf=tmp_path / "WTF")
    names = [f"Raider{i:02d}" for i in range(39)]  # and the newcomer: 40
    clients = [realm.login(name, addons=[addon, RECORDER] if name == "Raider07" else [addon])
               for name in names]
    realm.raid(*clients)
    play(realm, clients[0], "/tholdem open")
    for client in clients[1:]:
        client.type("/tholdem join")
    realm.run_until_quiet()
    mogg = realm.login("Mogg", addons=[addon, RECORDER])
    realm.invite(clients[0], mogg)
    realm.run_until_quiet()
    assert ("Raider00's table: 38 of its 38 other seats confirm it themselves (table, host, "
            "bank).") in mogg.chat
    answers = vouches(mogg, asks=False)
    assert sorted(args[3] for args in answers) == sorted(c.full_name for c in clients[1:])
    assert len(vouches(clients[7], asks=True)) == 1  # one whisper each way a seat
    assert status(realm, mogg) == status(realm, clients[1])
    assert realm.errors() == []


def test_a_seat_answers_an_asker_at_most_once_every_4_seconds(tmp_path, addon):
    realm = Realm(seed=68, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"], beside=(RECORDER,))
    riggs, gray = seated[1], seated[2]
    for _ in range(20):
        send_addon(gray, PREFIX, f"{PROTOCOL}\tVOUCH\t1", "WHISPER", riggs.full_name)
    realm.run_until_quiet()
    assert len(vouches(gray, asks=False)) == 1
    realm.advance(5)
    send_addon(gray, PREFIX, f"{PROTOCOL}\tVOUCH\t1", "WHISPER", riggs.full_name)
    realm.run_until_quiet()
    assert [args[1].split("\t")[2:5] for args in vouches(gray, asks=False)] == \
        [["", seated.table_id, seated[0].full_name]] * 2
    assert realm.errors() == []


def test_a_watcher_the_host_lists_as_seated_says_it_is_not(tmp_path, addon, evil):
    realm = Realm(seed=69, wtf=tmp_path / "WTF")
    seated = table(realm, addon, ["Skoll", "Riggs", "Gray"], "Skoll", evil, dealt=True)
    skoll = seated[0]
    vex = realm.login("Vex", addons=[addon])
    realm.invite(skoll, vex)
    realm.run_until_quiet()
    assert "Skoll's table: 2 of its 2 other seats confirm it" in " ".join(vex.chat.lines)
    # The host's record seats Vex, who only watches, with a bank.
    skoll.run_lua("""
        local base = EVIL.Game.session().log[1][2]
        base.seats[#base.seats + 1] = "Vex-Thunderhorn=20" """)
    mogg = realm.login("Mogg", addons=[addon])
    realm.invite(skoll, mogg)
    realm.run_until_quiet()
    assert ("Skoll's table is not what its seats say of themselves: Vex is not seated there. "
            "Dropped it; asking again, not from Skoll.") in mogg.chat
    assert realm.errors() == []


def test_a_seat_gone_from_the_game_is_named_as_silent_and_the_table_kept(tmp_path, addon):
    realm = Realm(seed=70, wtf=tmp_path / "WTF")
    seated = dealt_table(realm, addon, ["Skoll", "Riggs", "Gray", "Dakx"])
    skoll, riggs, gray, _ = seated
    realm.logout(gray)  # offline, still in the group: it cannot answer
    realm.run_until_quiet()
    mogg = realm.login("Mogg", addons=[addon])
    realm.invite(skoll, mogg)
    realm.run_until_quiet()
    realm.advance(10)
    realm.run_until_quiet()
    assert ("Skoll's table: 2 of its 3 other seats confirm it themselves (table, host, bank); "
            "no word from Gray, so those seats are Skoll's word.") in mogg.chat
    assert not mogg.chat.matching(DROPPED)
    assert status(realm, mogg) == status(realm, riggs)
    assert realm.errors() == []


def test_a_check_concluded_by_its_last_ask_and_by_a_put_off_conclusion_concludes_once(
        tmp_path, addon, evil):
    realm = Realm(seed=70, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"])
    vex = realm.login("Vex", addons=[evil])
    # Vex's table resyncs for ten seconds from the moment its check starts: the seats' answers
    # come meanwhile, so its conclusion is put off (again and again), and its last ask, due
    # meanwhile, concludes too; whichever comes first concludes the check, the other finds it
    # over.
    vex.run_lua("""
        local start = EVIL.SnapCheck.start
        EVIL.SnapCheck.start = function(session)
            start(session)
            session.catching_up = true
            C_Timer.After(10, function() session.catching_up = false end)
        end""")
    realm.invite(seated[0], vex)
    realm.advance(30)
    realm.run_until_quiet()
    assert len(vex.chat.matching("seats confirm it")) == 1
    assert not vex.chat.matching(DROPPED)
    assert realm.errors() == []
