"""Catching up at the pace of the send queue: a returning player gets one copy of the table,
paced and repaired chunk by chunk, however often it asks; and a client that missed one
player's commitment or reveal asks that player for it instead of taking a whole copy.
(Found by tools/soak.py --players 40: a copy whispered in one burst, sent again on every
HELLO, and lost whole for one lost message.)"""

from __future__ import annotations

from addon_table import (
    BEAT,
    PROTOCOL,
    check_down,
    deal_fairly,
    dealt_table,
    play,
    seat_table,
    status,
)
from pyhost.harness import Realm
from realm_helpers import lose, send_addon

RATE, BURST, OVERHEAD, RESERVE = 800, 4000, 40, 1000  # Comm.lua's pace
TARGET_RATE, TARGET_BURST = 4, 10


def record_sends(realm: Realm) -> list[tuple[float, str, str, str | None, bytes]]:
    """Every addon message the server accepts from now on: (time, sender, channel, target,
    body)."""
    sent, original = [], realm.send_addon

    def counting(client, prefix, body, chat_type, target):
        result = original(client, prefix, body, chat_type, target)
        if result == 0:
            sent.append((realm.now, client.name, chat_type, target, bytes(body)))
        return result

    realm.send_addon = counting
    return sent


def kind(body: bytes) -> bytes:
    return body.split(b"\t")[1]


def chunk_number(body: bytes) -> int:
    return int(body.split(b"\t")[3].split(b"/")[0])


def agree(realm, seated) -> str:
    lines = {status(realm, client) for client in seated}
    assert len(lines) == 1, lines
    return lines.pop()


def comm(client):
    return client.addons["TaurenHoldem"].namespace[b"Comm"]


def test_the_send_queue_paces_whispers_and_lets_the_groups_messages_first(tmp_path, addon):
    realm = Realm(seed=41, wtf=tmp_path / "WTF")
    skoll = realm.login("Skoll", addons=[addon])
    riggs = realm.login("Riggs", addons=[addon])
    realm.party(skoll, riggs)
    realm.run_until_quiet()
    sent = record_sends(realm)
    heard = []
    comm(riggs)[b"on"](b"ECHO", lambda sender, fields: heard.append(fields[1]))
    start = realm.now
    send = comm(skoll)[b"send"]
    for i in range(60):  # 60 whispers of about 220 bytes: 15,000 bytes at once
        send(b"ECHO", skoll.lua.table(f"{i:03d}".encode() + b"w" * 200), b"Riggs")
    send(b"ECHO", skoll.lua.table(b"group"))  # then one for the group
    realm.run_until_quiet()
    whispers = [entry for entry in sent if entry[2] == "WHISPER"]
    assert len(whispers) == 60
    # Nothing waited behind the whispers: the group's message went at once.
    group = [entry for entry in sent if entry[2] == "PARTY"]
    assert group and group[0][0] == start
    # Everything arrived, in order.
    assert [text for text in heard if text != b"group"] == [
        f"{i:03d}".encode() + b"w" * 200 for i in range(60)]
    # At no moment more than the budget: BURST bytes at once, then RATE a second; and to one
    # target TARGET_BURST messages at once, then TARGET_RATE a second.
    for first in range(len(sent)):
        for last in range(first, len(sent)):
            span = sent[last][0] - sent[first][0]
            spent = sum(len(body) + OVERHEAD for *_, body in sent[first:last + 1])
            assert spent <= BURST + RATE * span + 1, (first, last, span, spent)
            count = sum(1 for entry in whispers if sent[first][0] <= entry[0] <= sent[last][0])
            assert count <= TARGET_BURST + TARGET_RATE * span + 1
    # And spread over time, not one burst: about 15,000 bytes at 800 a second.
    assert whispers[-1][0] - start > 10
    assert realm.errors() == []


def test_a_returning_player_gets_one_paced_copy_however_often_it_asks(tmp_path, addon):
    realm = Realm(seed=42, wtf=tmp_path / "WTF")
    seated = dealt_table(realm, addon, ["Skoll", "Riggs", "Gray", "Dakx", "Mira"])
    skoll, riggs, gray, dakx, mira = seated
    play(realm, riggs, "/tbet 2")
    sent = record_sends(realm)
    gray.type("/reload")
    # Its HELLO asked again and again, as retries crossing the copy on its way would.
    for _ in range(3):
        realm.advance(0.3)
        send_addon(gray, "TaurenHoldem", f"{PROTOCOL}\tHELLO", "PARTY")
    realm.run_until_quiet()
    assert gray.chat.matching("Caught up with Skoll's table")
    to_gray = [entry for entry in sent
               if entry[1] == "Skoll" and (entry[3] or "").startswith("Gray")]
    assert to_gray and all(kind(body) == b"C" for *_, body in to_gray)
    numbers = [chunk_number(body) for *_, body in to_gray]
    assert numbers == list(range(1, len(numbers) + 1))  # one copy, each chunk once
    play(realm, gray, "/tholdem call")
    play(realm, dakx, "/tholdem call")
    play(realm, mira, "/tholdem call")
    play(realm, skoll, "/tholdem call")
    check_down(realm, skoll, riggs, gray, dakx, mira, skoll)
    assert "the hand is over" in agree(realm, seated)
    assert realm.errors() == []


def test_a_copy_with_a_chunk_lost_is_repaired_not_sent_again(tmp_path, addon):
    realm = Realm(seed=43, wtf=tmp_path / "WTF")
    seated = dealt_table(realm, addon, ["Skoll", "Riggs", "Gray"])
    skoll, riggs, gray = seated
    play(realm, riggs, "/tbet 2")
    sent = record_sends(realm)
    lost = lose(gray, "CHAT_MSG_ADDON",
                lambda args: args[1].startswith(f"{PROTOCOL}\tC\t".encode())
                and b"\t2/" in args[1][:40])
    play(realm, gray, "/reload")
    assert len(lost) == 1
    assert len(gray.chat.matching("Caught up with Skoll's table")) == 1
    asked = [body for _, name, _, _, body in sent if name == "Gray" and kind(body) == b"RESEND"]
    assert len(asked) == 1 and asked[0].split(b"\t")[3] == b"2"
    numbers = [chunk_number(body) for _, name, _, target, body in sent
               if name == "Skoll" and (target or "").startswith("Gray")]
    assert numbers.count(1) == 1 and numbers.count(2) == 2  # one copy, its lost chunk again
    play(realm, gray, "/tholdem call")
    play(realm, skoll, "/tholdem call")
    check_down(realm, skoll, riggs, gray, skoll)
    assert "the hand is over" in agree(realm, seated)
    assert realm.errors() == []


def test_a_lost_commitment_is_asked_of_its_player_not_taken_from_a_copy(tmp_path, addon):
    realm = Realm(seed=44, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray", "Dakx"])
    skoll, riggs, gray, dakx = seated
    play(realm, skoll, "/tholdem start")
    sent = record_sends(realm)
    lost = []

    def before():
        lost.append(lose(gray, "CHAT_MSG_ADDON",
                         lambda args: b"\tACT\t" in args[1] and b"\tcommit\t" in args[1]
                         and args[3].startswith(b"Riggs")))

    deal_fairly(realm, seated, 1, before=before)
    assert len(lost[0]) == 1
    assert not gray.chat.matching("Caught up")  # no copy needed
    asked = [body.split(b"\t")[3:] for _, name, _, _, body in sent
             if name == "Gray" and kind(body) == b"AGAIN"]
    assert asked == [[b"1", b"commit", b"Riggs-Thunderhorn"]]
    assert not [1 for *_, body in sent if kind(body) in (b"HELLO", b"C")]
    play(realm, riggs, "/tbet 2")
    for client in (gray, dakx, skoll):
        play(realm, client, "/tholdem call")
    check_down(realm, skoll, riggs, gray, dakx, skoll)
    assert "the hand is over" in agree(realm, seated)
    assert realm.errors() == []


def test_a_lost_reveal_is_asked_of_its_player_not_taken_from_a_copy(tmp_path, addon):
    realm = Realm(seed=45, wtf=tmp_path / "WTF")
    seated = dealt_table(realm, addon, ["Skoll", "Riggs", "Gray"])
    skoll, riggs, gray = seated
    sent = record_sends(realm)
    lost = lose(gray, "CHAT_MSG_ADDON",
                lambda args: b"\tACT\t" in args[1] and b"\tshow\t" in args[1]
                and args[3].startswith(b"Riggs"))
    play(realm, riggs, "/tbet 2")
    play(realm, gray, "/tholdem call")
    play(realm, skoll, "/tholdem call")
    check_down(realm, skoll, riggs, gray, skoll)
    assert len(lost) == 1
    realm.advance(BEAT)  # the host's heartbeat: Gray learns the hand is over without him
    realm.run_until_quiet()
    assert "the hand is over" in agree(realm, seated)
    assert not gray.chat.matching("Caught up")
    asked = [body.split(b"\t")[3:] for _, name, _, _, body in sent
             if name == "Gray" and kind(body) == b"AGAIN"]
    assert asked == [[b"1", b"show", b"Riggs-Thunderhorn"]]
    assert realm.errors() == []
