"""Text from other clients reaches the chat frame only through Text.safe (Text.lua): no
escape code, no control character, no invalid UTF-8, and bounded, whatever a hostile client
puts in any field of any message kind, as a watcher and as the table's host."""

from __future__ import annotations

import pytest
from lupa import lua51
from message_fuzz import KINDS, OPS

from addon_table import PROTOCOL, TAUREN, dealt_table, play, status
from input_fuzz import shows_as_typed
from pyhost.codegen import build
from pyhost.harness import Client, Realm
from pyhost.rules import load_ruleset
from realm_helpers import no_errors, send_addon

PREFIX = TAUREN.addon.prefix
HOSTILE: list[bytes] = [
    b"a\nb", b"|cffff0000red|r", b"|Hitem:1|h[x]|h", b"|TInterface\\Icons\\x:0|t", b"|Kq1|k",
    b"|n", b"x" * 300, b"\xff\xfe\xc3(\xed\xa0\x80", b"\r\x07\x1b\x7f",
]  # (no NUL: the server refuses an addon message with one, in WoW and in the realm)
# Everything at once, but a tab (which would split it): the version field is read once a
# sender.
ALL = b"".join(HOSTILE)
LONGEST = 400  # Text.LINE: a line of the engine's around names and targets


def part_messages(text: bytes) -> list[bytes]:
    """One message as the parts (`P`) a message longer than 255 bytes travels in."""
    head, size = PROTOCOL.encode() + b"\tP\t", 200
    chunks = [text[i:i + size] for i in range(0, len(text), size)]
    return [head + f"{i}/{len(chunks)}\t".encode() + chunk for i, chunk in enumerate(chunks, 1)]


def send(realm: Realm, client: Client, text: bytes, channel: str = "PARTY",
         target: str | None = None) -> None:
    for message in [text] if len(text) <= 255 else part_messages(text):
        send_addon(client, PREFIX, message, channel, target)
        realm.advance(1.1)  # within the throttle: every message goes out


def hostile_messages(table_id: str, names: list[str]) -> list[bytes]:
    """Every message kind, and every op, with hostile text in its fields."""
    tid, version = table_id.encode(), PROTOCOL.encode()
    out = [ALL + b"\tOPEN\t" + tid]
    for text in HOSTILE:
        for kind in KINDS:
            out.append(b"\t".join([version, kind.encode(), tid] + [text] * 8))
        for op in OPS:
            out.append(b"\t".join([version, b"ACT", tid, op.encode(), text, text, text]))
            out.append(b"\t".join([version, b"DO", tid, b"99", op.encode(), text, b"2", text,
                                   text]))
        for name in names:
            out.append(b"\t".join([version, b"TURN", tid, b"1", b"1", text, name.encode(), text,
                                   b"0"]))
    return out


def unsafe(lines: list[str]) -> list[str]:
    """The lines a chat frame would not show as written, or that are too long."""
    return [line for line in lines if not shows_as_typed(line) or len(line) > LONGEST
            or any(ord(ch) < 32 or ord(ch) == 127 or ch == "\ufffd" for ch in line)]


@pytest.fixture(scope="module")
def safe():
    """Text.safe, run in a bare Lua 5.1."""
    lua = lua51.LuaRuntime(encoding=None)
    load = lua.eval(b"function(code) local ns = {} assert(loadstring(code))('x', ns) "
                    b"return ns.Text.safe end")
    return load(build(load_ruleset("tauren-holdem"))["Text.lua"])


@pytest.mark.parametrize("text, shown", [
    (b"|cffff0000red|r", b"||cffff0000red||r"),
    (b"||", b"||||"),
    (b"a\nb\tc\x00\x7f", b"a?b?c??"),
    (b"\xff\xc3(\xed\xa0\x80\xc2\x85", b"??(?????"),  # a surrogate; U+0085 is a control
    ("é漢🎲…".encode(), "é漢🎲…".encode()),
    (b"x" * 64, b"x" * 64),
    (b"x" * 65, b"x" * 64 + b"..."),
    ("é".encode() * 100, "é".encode() * 64 + b"..."),
    (b"|" * 100, b"||" * 64 + b"..."),
])
def test_text_safe_escapes_replaces_and_bounds(safe, text, shown):
    assert safe(text) == shown


def test_text_safe_takes_a_limit_and_anything_printable(safe):
    assert safe(b"abcdef", 3) == b"abc..."
    assert safe(None) == b"" and safe(12) == b"12"


def test_hostile_text_from_a_watcher_shows_escaped_and_changes_nothing(tmp_path, addon):
    realm = Realm(seed=1, wtf=tmp_path / "WTF")
    # The messages take minutes (one per 1.1 s, the throttle's pace): past every deadline,
    # so the table is one that waits however long.
    seated = dealt_table(realm, addon, ["Skoll", "Riggs", "Gray"], options="notimeout")
    play(realm, seated[1], "/tbet 2")
    skoll = seated[0]
    fuzz = realm.login("Fuzz", addons=[addon])
    realm.invite(skoll, fuzz)
    realm.run_until_quiet()
    before = [status(realm, client) for client in seated]
    since = [len(client.chat) for client in seated]
    names = [c.full_name for c in seated] + [fuzz.full_name]
    for message in hostile_messages(seated.table_id, names):
        send(realm, fuzz, message)
    send(realm, fuzz, PROTOCOL.encode() + b"\tNO\t" + seated.table_id.encode() + b"\t" + ALL,
         "WHISPER", skoll.full_name)
    realm.run_until_quiet()
    no_errors(realm)
    printed = [client.chat.lines[n:] for client, n in zip(seated, since, strict=True)]
    for lines in printed:
        assert unsafe(lines) == []
    # The text was shown, escaped: the other version's line quotes the field, cut short.
    assert any("runs another version of this addon (protocol a?b||cffff0000red||r" in line
               and "...)" in line for line in printed[1])
    assert [status(realm, client) for client in seated] == before
    # And the hand goes on.
    play(realm, seated[2], "/tholdem call")
    assert status(realm, skoll) == status(realm, seated[2])
    no_errors(realm)


def test_hostile_text_from_the_host_shows_escaped(tmp_path, addon):
    # The host's word orders the table, so what it sends may change it; whatever it is, the
    # other clients print nothing raw and raise no error.
    realm = Realm(seed=1, wtf=tmp_path / "WTF")
    evil, newbie = (realm.login(name, addons=[addon]) for name in ("Evil", "Newbie"))
    realm.party(evil, newbie)
    table_id = f"{evil.full_name}:{realm.epoch()}"
    play(realm, evil, "/tholdem open notimeout")  # (as above: the messages take minutes)
    play(realm, newbie, "/tholdem join")
    realm.run_until_quiet(horizon=None)  # the logins' HELLOs and the host's heartbeats go by
    since = len(newbie.chat)
    tid, version = table_id.encode(), PROTOCOL.encode()
    for seq, text in enumerate(HOSTILE, 2):
        send(realm, evil, b"\t".join([version, b"NO", tid, text]), "WHISPER", newbie.full_name)
        send(realm, evil, b"\t".join([version, b"DO", tid, str(seq).encode(), b"seat", text,
                                      b"20", b"", b"", b"0", b"0"]))
    seq = len(HOSTILE) + 2
    send(realm, evil, b"\t".join([version, b"DO", tid, str(seq).encode(), b"start",
                                  b"|cffff0000red|r", b"", b"", b"", b"0", b"0"]))
    for message in hostile_messages(table_id, [evil.full_name, newbie.full_name]):
        send(realm, evil, message)
    realm.run_until_quiet()
    no_errors(realm)
    lines = newbie.chat.lines[since:]
    assert unsafe(lines) == []
    assert any(line.startswith("Evil's table refused it: ||cffff0000red||r") for line in lines)
    assert any(line.startswith("||Hitem:1||h[x]||h sits down") for line in lines)
    assert "Hand 1: ||cffff0000red||r deals." in lines
