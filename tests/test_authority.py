"""The table against hostile clients: one or two clients run modified code (a patched addon
that exposes its insides, or raw addon messages) against honest ones. Each test runs at a
table of each hold'em game (Tauren Hold'em, DiceHoldem): the same table core, each game's own
commands, prefix, saved variables and starting bank."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from addon_table import BEAT, PROTOCOL, build_addon, dealt_table, play, seat_table, slash, status
from pyhost.harness import Realm
from pyhost.rules import Ruleset, load_ruleset
from realm_helpers import send_addon


@dataclass
class Game:
    """A game's addon as the honest players run it, and as a cheat's modified copy: the stock
    addon (same rules, same fingerprint) with its namespace left in a global, `EVIL`, so its
    player can run any of its functions."""

    ruleset: Ruleset
    addon: Path
    evil: Path

    @property
    def prefix(self) -> str:
        return self.ruleset.addon.prefix

    @property
    def db(self) -> str:
        return f"{self.ruleset.addon.name}DB"

    @property
    def bank(self) -> int:
        return self.ruleset.table.starting_bank

    def command(self, action: str) -> str:
        return slash(self.ruleset, action)

    def seat(self, realm: Realm, names: list[str], **options):
        return seat_table(realm, self.addon, names, ruleset=self.ruleset, **options)

    def dealt(self, realm: Realm, names: list[str], **options):
        return dealt_table(realm, self.addon, names, ruleset=self.ruleset, **options)

    def status(self, realm: Realm, client) -> str:
        return status(realm, client, self.ruleset)


@pytest.fixture(scope="module", params=["tauren-holdem", "dice-holdem"])
def game(request, tmp_path_factory) -> Game:
    ruleset = load_ruleset(request.param)
    addon = build_addon(tmp_path_factory.mktemp("addons"), request.param)
    evil = build_addon(tmp_path_factory.mktemp("evil"), request.param)
    hook = evil / "Slash.lua"
    hook.write_text(hook.read_text(encoding="utf-8") + "\nEVIL = ns\n", encoding="utf-8")
    return Game(ruleset, addon, evil)



def test_a_watcher_cannot_knock_the_table_into_resyncs_or_rewrite_banks(tmp_path, game):
    realm = Realm(seed=31, wtf=tmp_path / "WTF")
    seated = game.dealt(realm, ["Skoll", "Riggs", "Gray"])
    skoll, riggs, gray = seated
    fuzz = realm.login("Fuzz", addons=[game.addon])
    realm.invite(skoll, fuzz)
    realm.run_until_quiet()
    before = [game.status(realm, client) for client in seated]
    tid = seated.table_id
    # A turn far ahead, a reveal while the table bets, AGAINs and HELLOs: each would leave an
    # honest client "stuck" and dropping its table to catch up.
    for text in (f"TURN\t{tid}\t1\t9\tcheck\tFuzz-Thunderhorn\t\t0",
                 f"ACT\t{tid}\tshow\t1\t{'a' * 64}\t1,1",
                 f"AGAIN\t{tid}\t1\t9\tRiggs-Thunderhorn"):
        send_addon(fuzz, game.prefix, f"{PROTOCOL}\t{text}")
    copies = []
    original = realm.send_addon

    def recording(client, prefix, body, *args, **kwargs):
        if client is skoll and body.split(b"\t")[1:2] == [b"C"] and b"\t1/" in body:
            copies.append(realm.now)
        return original(client, prefix, body, *args, **kwargs)

    realm.send_addon = recording
    for _ in range(6):
        send_addon(fuzz, game.prefix, f"{PROTOCOL}\tHELLO")
        realm.advance(0.5)
    realm.run_until_quiet()
    assert len(copies) <= 2  # 3 seconds of HELLOs: at most one copy a 4 seconds
    # Then a forged snapshot whispered to Riggs, with an invented bank, as Riggs catches up.
    riggs.type("/reload")
    for text in (f"SNAP\t{tid}\tguided\t2\t0\t20\t\tSkoll-Thunderhorn",
                 f"BASE\t{tid}\t0\t0\tSkoll-Thunderhorn\tSkoll-Thunderhorn=20\t"
                 f"Riggs-Thunderhorn=1\tGray-Thunderhorn=5000",
                 f"SNAPEND\t{tid}\t0\t0\t0\tover\t"):
        send_addon(fuzz, game.prefix, f"{PROTOCOL}\t{text}", "WHISPER", riggs.full_name)
    realm.run_until_quiet()
    for client in (skoll, gray):
        assert not client.chat.matching("Caught up")
    assert [game.status(realm, client) for client in seated] == before
    assert realm.errors() == []


def test_a_host_cannot_move_another_players_chips(tmp_path, game):
    realm = Realm(seed=32, wtf=tmp_path / "WTF")
    skoll, riggs, gray = game.seat(realm, ["Skoll", "Riggs", "Gray"], mode="manual",
                                    addons={"Skoll": game.evil})
    b = game.bank
    skoll.run_lua('EVIL.Game.accept("Riggs-Thunderhorn", "give", 10, "Skoll-Thunderhorn")')
    realm.run_until_quiet()
    for client in (riggs, gray):
        assert ("Skoll's table moved Riggs's chips (give) without their own word: "
                "not applied here.") in client.chat.lines
        assert game.status(realm, client).endswith(f"banks: Skoll {b}, Riggs {b}, Gray {b}")
    # The owner's own give goes through everywhere.
    play(realm, riggs, f"{game.command('give')} 5 Gray")
    for client in (riggs, gray):
        assert game.status(realm, client).endswith(
            f"banks: Skoll {b}, Riggs {b - 5}, Gray {b + 5}")


def test_a_host_acts_for_a_player_only_as_a_timeout_does(tmp_path, game):
    realm = Realm(seed=33, wtf=tmp_path / "WTF")
    seated = game.dealt(realm, ["Skoll", "Riggs", "Gray"], addons={"Skoll": game.evil})
    skoll, riggs, gray = seated
    line = game.status(realm, gray)
    assert "Riggs to act" in line
    skoll.run_lua('EVIL.Game.turn("Riggs-Thunderhorn", "raise", 10)')
    realm.run_until_quiet()
    assert ("Skoll's table moved Riggs's chips (raise) without their own word: "
            "not applied here.") in gray.chat.lines
    assert "Riggs to act" in game.status(realm, gray)
    play(realm, riggs, f"{game.command('bet')} 2")  # Riggs's own turn still counts
    assert "Riggs bets 2" in " ".join(gray.chat.lines)


def test_an_invented_bank_does_not_spread(tmp_path, game):
    realm = Realm(seed=34, wtf=tmp_path / "WTF")
    skoll = realm.login("Skoll", addons=[game.addon])
    riggs = realm.login("Riggs", addons=[game.addon])
    gray = realm.login("Gray", addons=[game.addon])
    realm.party(skoll, riggs, gray)
    b, db = game.bank, game.db
    skoll.run_lua(f"{db}.banks['Skoll-Thunderhorn'] = 5000")  # the host's own claim
    gray.run_lua(f"{db}.banks['Riggs-Thunderhorn'] = 12")  # Gray saw Riggs at 12
    riggs.run_lua(f"{db}.banks['Riggs-Thunderhorn'] = 900")
    play(realm, skoll, f"{game.command('long')} open")
    assert f"Skoll's bank of 5000 is not confirmed by your own record: {b} here." in gray.chat
    play(realm, riggs, f"{game.command('long')} join")
    assert f"Riggs's bank of {b} is not confirmed by your own record: 12 here." in gray.chat
    assert game.status(realm, gray).startswith(
        f"Pot 0; no hand dealt yet; banks: Skoll {b}, Riggs ")
    realm.advance(BEAT)  # the host's heartbeat, and whatever catching up it sets off
    realm.run_until_quiet()
    assert gray.run_lua(f"return {db}.banks['Skoll-Thunderhorn']") == b


def test_a_namesake_from_another_realm_stops_the_deal(tmp_path, game):
    realm = Realm(seed=35, wtf=tmp_path / "WTF")
    skoll = realm.login("Skoll", addons=[game.addon])
    riggs = realm.login("Riggs", addons=[game.addon])
    twin = realm.login("Skoll", realm="Bloodhoof", addons=[game.addon])
    realm.party(skoll, riggs, twin)
    play(realm, skoll, f"{game.command('long')} open")
    play(realm, riggs, f"{game.command('long')} join")
    play(realm, skoll, f"{game.command('long')} start")
    assert skoll.chat.lines[-1] == ("Skoll and Skoll-Bloodhoof share a name across "
                                    "realms: roll lines cannot tell them apart, so the table "
                                    "does not deal.")
    assert "Hand 1" not in " ".join(riggs.chat.lines)


def test_the_set_hash_is_each_clients_own(tmp_path, game):
    realm = Realm(seed=36, wtf=tmp_path / "WTF")
    seated = game.seat(realm, ["Skoll", "Riggs", "Gray"], addons={"Skoll": game.evil})
    skoll, riggs, gray = seated
    skoll.run_lua('EVIL.Fair.set_hash = function() return string.rep("0", 64) end')
    play(realm, skoll, f"{game.command('long')} start")
    for client in seated:
        play(realm, client, game.command("deal"))
    for client in (riggs, gray):
        assert ("Skoll's set hash is not the hash of the commitments its players sent: "
                "yours is used.") in client.chat.lines


@pytest.mark.parametrize("op", ["seat", "unseat", "start", "close", "dealer", "void"])
def test_a_player_cannot_ask_the_host_for_the_hosts_own_orders(tmp_path, game, op):
    """The table's own orders are the host's decisions: a seated player's `ACT` naming one
    (a void of the hand in play, say) changes nothing on any client, the host's included."""
    realm = Realm(seed=34, wtf=tmp_path / "WTF")
    seated = game.dealt(realm, ["Skoll", "Riggs", "Gray"])
    gray = seated[2]
    before = [game.status(realm, client) for client in seated]
    fields = [seated.table_id, op, "1", "Riggs-Thunderhorn", ""]
    send_addon(gray, game.prefix, "\t".join([PROTOCOL, "ACT", *fields]))
    realm.run_until_quiet()
    assert [game.status(realm, client) for client in seated] == before
    assert not any("void" in line.lower() for client in seated for line in client.chat.lines)


@pytest.mark.parametrize("street, dice", [("x", "1,2,3"), ("9", "1,2,3"), ("1", "1,2"),
                                          ("1", "1,2,zz"), ("", "")])
def test_a_hosts_rolled_entry_that_is_no_street_changes_nothing(tmp_path, game, street, dice):
    """A host's ROLLED for a street the rules lack, or with the wrong number of dice or
    faces, is passed over: no Lua error, nothing applied (it raised on a street not a
    number before)."""
    realm = Realm(seed=35, wtf=tmp_path / "WTF")
    seated = game.dealt(realm, ["Skoll", "Riggs", "Gray"])
    before = [game.status(realm, client) for client in seated]
    send_addon(seated[0], game.prefix, "\t".join([PROTOCOL, "ROLLED", seated.table_id, "1", street,
                                             dice]))
    realm.run_until_quiet()
    assert realm.errors() == []
    assert [game.status(realm, client) for client in seated] == before


def test_a_hosts_word_for_a_turn_already_taken_must_be_that_turn(tmp_path, game):
    # Every client checks the host's word for a step it has applied against the turn it took
    # there (read from the message kept for that step): the same turn changes nothing; another
    # amount, op or player means this copy is out of step, and it starts afresh.
    realm = Realm(seed=34, wtf=tmp_path / "WTF")
    seated = game.dealt(realm, ["Skoll", "Riggs", "Gray"], addons={"Skoll": game.evil})
    skoll, riggs, gray = seated
    play(realm, riggs, f"{game.command('bet')} 2")
    taken = ("local s = EVIL.Session.current() local t for i = #s.log, 1, -1 do "
             "if s.log[i][1] == 'TURN' then t = s.log[i][2] break end end ")
    assert skoll.run_lua(taken + "return t.player, t.amount") == ("Riggs-Thunderhorn", 2)
    skoll.run_lua(taken + 'EVIL.Comm.send("TURN", { table = t.table, hand = t.hand, step = t.step, '
                  'op = t.op, player = t.player, amount = t.amount, streets = t.streets })')
    realm.run_until_quiet()
    assert not gray.chat.matching("Caught up")
    for changed in ("amount = 3", "op = 'fold'", "player = 'Skoll-Thunderhorn'"):
        skoll.run_lua(taken + "local again = { table = t.table, hand = t.hand, step = t.step, "
                      f"op = t.op, player = t.player, amount = t.amount, streets = t.streets }} "
                      f"again.{changed} EVIL.Comm.send('TURN', again)")
        before = len(gray.chat.matching("Caught up"))
        realm.run_until_quiet()
        assert len(gray.chat.matching("Caught up")) == before + 1, changed
    assert realm.errors() == []


def test_a_line_shows_the_seats_names_as_they_are_now(tmp_path, game):
    # A line names a seat without its realm (a realm to drop: here, this player's own); a line
    # shown before is not simply shown as it was once the seats change.
    realm = Realm(seed=35, wtf=tmp_path / "WTF")
    skoll, _, gray = game.seat(realm, ["Skoll", "Riggs", "Gray"], addons={"Skoll": game.evil})
    say = 'EVIL.Session.say("Gray-Thunderhorn waits, Riggs-Thunderhorn too")'
    skoll.run_lua(say)
    assert skoll.chat.lines[-1] == "Gray waits, Riggs too"
    play(realm, gray, f"{game.command('long')} leave")
    skoll.run_lua(say)
    assert skoll.chat.lines[-1] == "Gray-Thunderhorn waits, Riggs too"
    skoll.run_lua(say)
    assert skoll.chat.lines[-1] == "Gray-Thunderhorn waits, Riggs too"
    assert realm.errors() == []


def test_a_saved_turn_not_yet_taken_goes_when_the_table_moves(tmp_path, game):
    # This player's turn for the next step, saved but in no copy of the table (a copy dropped
    # and rebuilt from a record without it): the next drain sends it and takes it.
    realm = Realm(seed=36, wtf=tmp_path / "WTF")
    seated = game.dealt(realm, ["Skoll", "Riggs", "Gray"], addons={"Riggs": game.evil})
    _, riggs, gray = seated
    assert "Riggs to act" in game.status(realm, gray)
    riggs.run_lua("local s = EVIL.Session.current() "
                  "EVIL.Record.my_turns()[s.steps + 1] = { table = s.id, hand = s.hands, "
                  "step = s.steps + 1, op = 'fold', player = 'Riggs-Thunderhorn', streets = 0 } "
                  "EVIL.Record.drain()")
    realm.run_until_quiet()
    for client in seated:
        assert "Riggs folds" in client.chat.lines, client.name
        assert "Riggs to act" not in game.status(realm, client)
    assert realm.errors() == []
