"""Long games of Vitaji at the table: the record a catch-up copies stays the size of the
scoresheet (each round's start replaces the game's turns and rolls so far by one RESUME), so a
player who reloads late in a d1000 game catches up, and a forged RESUME changes nothing."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from test_vitaji_addon import NAMES, Mirror, status
from vitaji_play import new_game, play_out

from addon_table import PROTOCOL, Seated, build_addon, play, seat_table
from conftest import write_variant
from pyhost.codegen import build, write
from pyhost.engine.vitaji.scoresheet import Sheet
from pyhost.engine.vitaji.sheetfile import saved_lua
from pyhost.harness import Realm
from pyhost.rules import load_ruleset
from realm_helpers import send_addon

DOCS = Path(__file__).resolve().parent.parent / "docs"


@pytest.fixture
def realm(tmp_path):
    return Realm(wtf=tmp_path / "WTF", seed=1)


def long_table(realm: Realm, folder, count: int, rounds: int) -> Seated:
    """A table of the championship's die (d1000) over `rounds` rounds, 2 rerolls in 5."""
    path = write_variant(folder, "vitaji", {"sides = 6": "sides = 1000",
                                            "rounds = 5": f"rounds = {rounds}",
                                            "rerolls = 2": f"rerolls = {rounds * 2 // 5}",
                                            "ante = 10": "ante = 1"}, f"long-{rounds}")
    ruleset = load_ruleset(path)
    addon = folder / f"long-{rounds}" / ruleset.addon.name
    write(build(ruleset), addon)
    return seat_table(realm, addon, NAMES[:count], mode="", ruleset=ruleset)


def log_bytes(client, ruleset) -> tuple[int, int]:
    """The host's record for a catch-up now: its entries and their bytes on the wire."""
    count, size = client.lua.eval("""function(ns)
        local s = ns.DrawTable.session()
        local size = 0
        for _, entry in ipairs(s.log) do
            size = size + #table.concat(ns.Messages.encode(entry[1], entry[2]), "\\t") + 4
        end
        return #s.log, size
    end""")(client.addons[ruleset.addon.name].namespace)
    return int(count), int(size)


def test_a_player_who_reloads_late_in_a_long_game_catches_up_from_a_short_record(realm,
                                                                                 tmp_path):
    seated = long_table(realm, tmp_path, 3, 40)
    skoll, _riggs, ada = seated
    play(realm, skoll, "/vitaji start")
    mirror = Mirror(realm, seated, 1, {c.name: 100 for c in seated})
    chooser = random.Random("long")
    sizes = {}
    while mirror.engine.round < 30 or mirror.engine.step.value != "bet":
        mirror.step(chooser, drops=False)
        if mirror.engine.step.value == "bet" and mirror.engine.betting.level is None:
            sizes[mirror.engine.round] = log_bytes(skoll, seated.ruleset)
    # The record at a round's start: the start, one RESUME, nothing more; it grows by the
    # rows of the scoresheet only.
    assert sizes[30][0] == sizes[10][0] <= 4
    assert sizes[30][1] - sizes[10][1] < 20 * 40
    ada.reload()
    realm.run_until_quiet()
    realm.advance(20)
    realm.run_until_quiet()
    assert any(line.startswith("Caught up with Skoll's table") for line in ada.chat.lines)
    mirror.play_out(chooser, steps=2000)
    expected = {seat.name: seat.bank for seat in mirror.engine.seats}
    for client in seated:
        assert status(realm, client)[2] == expected, client.name
    assert realm.errors() == []


def test_a_resume_from_anyone_but_the_host_in_a_copy_changes_nothing(realm, tmp_path):
    seated = long_table(realm, tmp_path, 3, 10)
    skoll, riggs, _ada = seated
    play(realm, skoll, "/vitaji start")
    mirror = Mirror(realm, seated, 1, {c.name: 100 for c in seated})
    chooser = random.Random("forged")
    while mirror.engine.round < 3:
        mirror.step(chooser, drops=False)
    before = [status(realm, client) for client in seated]
    forged = "\t".join([PROTOCOL, "RESUME", seated.table_id, "1", "0", "0",
                        "5;0,0,0;9,9,9;;;1/,,/999,999,999/1:1//|1/,,/1,1,1///"])
    for sender in (riggs, skoll):  # (live, even the host's: only a copy's counts)
        send_addon(sender, seated.ruleset.addon.prefix, forged)
        realm.run_until_quiet()
    assert [status(realm, client) for client in seated] == before
    assert realm.errors() == []


# The catch-up of a d1000 game at round 500 with 12 players, as docs/protocol.md gives it.
DOC_FIGURE = re.compile(r"at round 500 with 12 players is about\s+([\d,]+)\s+bytes")

# The host's own game driven to round 500 in its engine (the test's shortcut: 500 rounds of 12
# players typed one by one would take the realm many minutes), its record then compacted as
# every client's is at a round's start: the BASE and DO start of a game played, and the RESUME.
DRIVE_500 = """function(ns, faces)
    local session = ns.DrawTable.session()
    local round = session.round
    local game = round.game
    local at, steps, applied = 0, session.steps, session.applied
    local function face() at = at % #faces + 1 return { faces[at] } end
    while game.round < 500 or game.step ~= "bet" or game.betting.level ~= nil do
        local name = game:to_act()
        local legal = game:legal(name)
        if game.step == "bet" then
            if legal[1] == "bet" then round:act(name, "bet", nil, 0)
            else round:act(name, "meet") end
            steps = steps + 1
        elseif legal[1] == "roll" then
            round:act(name, "die", face())
            applied = applied + 1
        elseif at % 7 == 0 then
            round:act(name, "reroll")
            round:act(name, "die", face())
            steps, applied = steps + 1, applied + 1
        else
            round:act(name, "pass")
            steps = steps + 1
        end
    end
    session.steps, session.applied = steps, applied
    ns.VitajiResume.after(round, session)
    return game.round, #session.log
end"""


def whispers_to(realm: Realm, sender, receiver) -> list[int]:
    """From now on, the bytes of each addon whisper from `sender` to `receiver` (prefix and
    text, as the server counts them)."""
    sizes: list[int] = []
    send = realm.send_addon

    def counted(client, prefix, body, chat_type, target):
        if client is sender and chat_type == "WHISPER" and target in (receiver.name,
                                                                       receiver.full_name):
            sizes.append(len(prefix) + len(body))
        return send(client, prefix, body, chat_type, target)

    realm.send_addon = counted
    return sizes


@pytest.mark.slow  # (12 players driven to round 500, one catching up: some 15 seconds)
def test_the_catch_up_at_round_500_with_12_players_is_the_figure_in_the_docs(realm, tmp_path):
    seated = long_table(realm, tmp_path, 12, 500)
    skoll, last = seated[0], seated[11]
    play(realm, skoll, "/vitaji start")
    # Every client's game driven alike to round 500 (the same dice, the same choices).
    for client in seated:
        namespace = client.addons[seated.ruleset.addon.name].namespace
        faces = client.lua.table_from([random.Random(i).randint(1, 1000) for i in range(997)])
        number, entries = client.lua.eval(DRIVE_500)(namespace, faces)
        assert (number, entries) == (500, 3)
    # A player reloads at round 500 and catches up: the copy the host whispers, on the wire.
    sizes = whispers_to(realm, skoll, last)
    last.reload()
    realm.run_until_quiet()
    assert any(line.startswith("Caught up with Skoll's table") for line in last.chat.lines)
    assert status(realm, last) == status(realm, skoll)
    total = sum(sizes)
    assert 100 < len(sizes) < 200, len(sizes)  # (one copy, in chunks of up to 255 bytes)
    text = (DOCS / "protocol.md").read_text(encoding="utf-8")
    found = DOC_FIGURE.search(text)
    assert found, "docs/protocol.md gives the figure"
    assert abs(int(found.group(1).replace(",", "")) - total) < total * 0.1, (total, len(sizes))
    assert total < 90_000  # a copy's most (Comm.lua: 400 chunks)
    assert realm.errors() == []


@pytest.mark.slow  # a long case: .ci/run runs it apart (pytest -m slow)
def test_a_d1000_game_at_round_500_catches_up(realm, tmp_path):
    """(Two players, so that 500 rounds play in the realm in half a minute.)"""
    seated = long_table(realm, tmp_path, 2, 500)
    skoll, riggs = seated
    play(realm, skoll, "/vitaji start")
    mirror = Mirror(realm, seated, 1, {c.name: 100 for c in seated})
    chooser = random.Random("d1000")
    while mirror.engine.round < 500 or mirror.engine.step.value != "bet":
        mirror.step(chooser, drops=False)
    riggs.reload()
    realm.run_until_quiet()
    realm.advance(20)
    realm.run_until_quiet()
    assert any(line.startswith("Caught up with Skoll's table") for line in riggs.chat.lines)
    mirror.play_out(chooser, steps=100)
    expected = {seat.name: seat.bank for seat in mirror.engine.seats}
    for client in seated:
        assert status(realm, client)[2] == expected, client.name
        assert client.chat.lines.count(mirror.engine.events[-1].text) >= 1, client.name
    assert realm.errors() == []


def test_a_host_who_leaves_mid_game_and_comes_back_catches_up_from_its_successor(realm,
                                                                                tmp_path):
    seated = long_table(realm, tmp_path, 3, 12)
    skoll, riggs, gray = seated
    play(realm, skoll, "/vitaji start")
    mirror = Mirror(realm, seated, 1, {c.name: 100 for c in seated})
    chooser = random.Random("successor")
    while mirror.engine.round < 6 or mirror.engine.step.value != "bet":
        mirror.step(chooser, drops=False)
    realm.leave(skoll)  # the host leaves the group
    realm.run_until_quiet()
    assert "Skoll is gone: Riggs runs the table now." in gray.chat
    realm.invite(realm.find(realm.group_of(riggs).leader), skoll)
    realm.run_until_quiet()
    assert skoll.chat.matching("Caught up with Riggs's table")
    mirror.play_out(chooser, steps=1000, drops=False)
    assert mirror.engine.over and mirror.engine.round == 12
    expected = {seat.name: seat.bank for seat in mirror.engine.seats}
    winner = next(event.text for event in mirror.engine.events if event.kind == "winner")
    for client in seated:
        assert status(realm, client)[2] == expected, client.name
        assert winner in client.chat.lines, client.name
    assert realm.errors() == []


def test_a_scoresheet_line_longer_than_a_chat_line_is_shown_whole(realm, tmp_path):
    """30 players of long names: every line of the sheet is past a chat line (400
    characters); /vscore shows each whole, in pieces cut between cells."""
    names = [f"Longplayer{i:02d}xyz" for i in range(30)]
    game, _ = new_game(names)
    play_out(game, random.Random("wide"))
    sheet = Sheet.of_game(game)
    assert max(len(line) for line in sheet.text().splitlines()) > 400
    skoll = realm.login("Skoll", addons=[build_addon(tmp_path, "vitaji")])
    skoll.logout()
    skoll.saved_path(skoll.addons["Vitaji"].toc, False).write_text(saved_lua([sheet]))
    realm.login("Skoll")
    mark = len(skoll.chat.lines)
    play(realm, skoll, "/vscore")
    shown = skoll.chat.lines[mark:]
    assert max(len(line) for line in shown) <= 400
    assert "".join("".join(shown).split()) == "".join(sheet.text().split())
    # (Cut at a cell's edge, never inside a cell; the rule above the scores, one run of
    # dashes, is cut where it must.)
    cells = set(sheet.text().split())
    assert all(word in cells or set(word) == {"-"} for line in shown for word in line.split())
    assert len(shown) > len(sheet.text().splitlines())
    assert realm.errors() == []
