"""The hand log: the addon keeps the last hands' public record in its SavedVariables, and
`pyhost verify` re-derives every die and every pot from it, naming the first thing that does
not follow."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from lupa.lua51 import LuaRuntime

from addon_table import (
    build_addon,
    check_down,
    deal_fairly,
    play,
    play_hand,
    seat_table,
    status,
    street,
)
from lua_addon import load, render
from pyhost import fairplay
from pyhost.cli import main
from pyhost.handlog import read_logs
from pyhost.harness import Adversarial, Realm
from pyhost.harness.bitlib import library
from pyhost.harness.savedvars import dump_saved
from pyhost.rules import load_ruleset

TAUREN = load_ruleset("tauren-holdem")
DB = "TaurenHoldemDB"


def choose(client, turn, situation):
    """Some betting: a bet now and then, calls, a raise and a fold now and then."""
    if "to call" in situation:
        if turn % 7 == 5:
            return "/tholdem fold"
        return "/tholdem raise 2" if turn % 13 == 1 else "/tholdem call"
    if "check" in situation:
        return "/tholdem bet 2" if turn % 6 == 0 else "/tholdem check"
    return "/tholdem bet 2"


def saved_file(realm: Realm, client) -> Path:
    client.logout()
    return realm.wtf / "Account" / client.name.upper() / "SavedVariables" / "TaurenHoldem.lua"


def verify(path: Path, *args: str):
    return CliRunner().invoke(main, ["verify", str(path), *args])


@pytest.fixture(scope="module")
def night(tmp_path_factory, addon):
    """Four players play five hands (bets, raises, folds, showdowns); each one's saved file."""
    folder = tmp_path_factory.mktemp("night")
    realm = Realm(seed=5, wtf=folder / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray", "Dakx"])
    for hand in range(1, 6):
        play_hand(realm, seated, hand, choose)
    final = status(realm, seated[0])
    assert realm.errors() == []
    files = {client.name: saved_file(realm, client) for client in seated}
    return files, final


def tampered(tmp_path: Path, source: Path, lua: str) -> Path:
    """A copy of a saved file with `lua` run on its table (`db`) first."""
    runtime = LuaRuntime(encoding=None)
    runtime.execute(source.read_bytes())
    runtime.execute(f"local db = {DB}\n{lua}".encode())
    out = tmp_path / "TaurenHoldem.lua"
    out.write_bytes(dump_saved(runtime, [DB]))
    return out


def test_every_client_keeps_the_night_and_every_hand_is_fair(night):
    files, final = night
    for name, path in files.items():
        result = verify(path)
        assert result.exit_code == 0, result.output
        lines = result.output.splitlines()
        assert lines[0] == f"{DB}: 5 hands, as {name}-Thunderhorn saw them"
        assert lines[1:] == [f"Hand {n} (Skoll-Thunderhorn:1796000000): fair" for n in range(1, 6)]
    # The log's last banks are the table's.
    log = read_logs(files["Riggs"])[DB]
    last = log["hands"][5]
    assert {name.split("-")[0]: bank for name, bank in last["banks"].items()} == \
        {name: int(bank) for name, bank in (pair.split() for pair in
                                            final.split("banks: ")[1].split(", "))}


def test_the_log_is_the_public_record(night):
    files, _ = night
    hand = read_logs(files["Gray"])[DB]["hands"][1]
    assert (hand["table"], hand["hand"], hand["host"], hand["dealer"], hand["mode"],
            hand["ruleset"]) == ("Skoll-Thunderhorn:1796000000", 1, "Skoll-Thunderhorn",
                                 "Skoll-Thunderhorn", "guided", "tauren-holdem")
    seats = [(seat[1], seat[2]) for _, seat in sorted(hand["seats"].items())]
    assert seats == [(f"{n}-Thunderhorn", 20) for n in ("Skoll", "Riggs", "Gray", "Dakx")]
    assert len(hand["commits"]) == 4 and len(hand["set"]["held"]) == 4
    # The seed's range comes from the host's close and its nonce; the host (Skoll, the dealer
    # too) sent it, so Riggs, the next player dealt in, rolled it.
    assert hand["set"]["closer"] == "Skoll-Thunderhorn" and len(hand["set"]["nonce"]) == 16
    low, high = fairplay.seed_range(hand["set"]["hash"], "Skoll-Thunderhorn:1796000000#1",
                                    hand["set"]["nonce"])
    assert (hand["seed"][1], hand["seed"][3], hand["seed"][4]) == ("Riggs", low, high)
    assert hand["seed"]["by"] == "Riggs-Thunderhorn"
    assert {roll[5] for roll in hand["rolls"].values()} <= {1, 2, 3}
    for roll in hand["rolls"].values():  # each street: never rolled by its closing turn's sender
        assert roll[1] == roll["by"].split("-")[0] != roll["closer"].split("-")[0]
        assert (roll[3], roll[4]) == fairplay.street_range(
            hand["set"]["hash"], "Skoll-Thunderhorn:1796000000#1", roll[5], roll["nonce"], 8,
            (3, 1, 1)[roll[5] - 1])
    assert hand["over"] == 1 and sum(hand["won"].values()) > 0


def test_json(night):
    files, _ = night
    result = verify(files["Skoll"], "--json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data[0]["variable"] == DB and data[0]["fair"] is True
    assert [hand["verdict"] for hand in data[0]["hands"]] == ["fair"] * 5


def test_every_addons_log_in_one_file_is_checked(tmp_path, night):
    files, _ = night
    text = files["Skoll"].read_text(encoding="utf-8")
    both = tmp_path / "Both.lua"
    both.write_text(text + text.replace(f"{DB} = ", "OtherHoldemDB = ", 1) +
                    "SomethingElseDB = {\n}\n", encoding="utf-8")
    result = verify(both)
    assert result.exit_code == 0, result.output
    heads = [line for line in result.output.splitlines() if not line.startswith("Hand ")]
    assert heads == [f"{DB}: 5 hands, as Skoll-Thunderhorn saw them",
                     "OtherHoldemDB: 5 hands, as Skoll-Thunderhorn saw them"]


def first_showdown(path: Path) -> int:
    """The number (in the log) of the first hand that reached a showdown with two reveals."""
    for index, hand in sorted(read_logs(path)[DB]["hands"].items()):
        if len(hand["reveals"]) >= 2:
            return index
    raise AssertionError("no showdown in the night")


def first_street(path: Path) -> int:
    for index, hand in sorted(read_logs(path)[DB]["hands"].items()):
        if hand["rolls"]:
            return index
    raise AssertionError("no street in the night")


def hand_line(result, number: int) -> str:
    return next(line for line in result.output.splitlines() if line.startswith(f"Hand {number} "))


@pytest.mark.parametrize("what", ["die", "secret", "roll", "seed", "seed range", "roller",
                                  "closer rolls", "street nonce", "seed closer", "seed nonce",
                                  "bank", "award", "action", "set", "commitment",
                                  "fingerprint"])
def test_a_tampered_value_is_named(tmp_path, night, what):
    files, _ = night
    source = files["Riggs"]
    shown_at = first_showdown(source)
    rolled_at = first_street(source)
    hands = read_logs(source)[DB]["hands"]
    reveal = hands[shown_at]["reveals"][1]
    player, dice = reveal[1], reveal[3]
    faces = [int(x) for x in dice.split(",")]
    other = ",".join(str(faces[0] % 8 + 1) if i == 0 else str(f) for i, f in enumerate(faces))
    won = hands[shown_at]["won"]
    winner = sorted(won)[0]
    roll = hands[rolled_at]["rolls"][1]
    first_actor = hands[shown_at]["actions"][2].split(" ")[0]  # (the first bet's)
    someone_else = next(seat[1] for seat in hands[shown_at]["seats"].values()
                        if seat[1] != first_actor and seat[2] > 0)
    edits = {
        "die": (shown_at, f'db.log.hands[{shown_at}].reveals[1][3] = "{other}"',
                f"{player}'s dice {other} do not follow from {player}'s secret and the seed "
                f"(they give {dice})"),
        "secret": (shown_at, f'db.log.hands[{shown_at}].reveals[1][2] = "{"0" * 64}"',
                   f"{player}'s secret does not give {player}'s commitment"),
        "roll": (rolled_at, f"db.log.hands[{rolled_at}].rolls[1][2] = {roll[2] + 1}",
                 None),
        "seed": (shown_at, f"db.log.hands[{shown_at}].seed[2] = db.log.hands[{shown_at}].seed[2]"
                 " + 1", None),
        "seed range": (shown_at, f"local s = db.log.hands[{shown_at}].seed s[3] = s[3] - 1 "
                       "s[4] = s[4] - 1", "the seed roll's range "),
        "roller": (rolled_at, f'db.log.hands[{rolled_at}].rolls[1][1] = "Mogg"',
                   "the flop was rolled by Mogg, not by its roller ("),
        # The sender of the turn that closed the betting before the flop rolled it.
        "closer rolls": (rolled_at, f"local r = db.log.hands[{rolled_at}].rolls[1] "
                         "r[1] = r.closer:match('^[^-]*')",
                         f"the flop was rolled by {roll['closer'].split('-')[0]}, who sent "
                         "the message its range came from"),
        # A range from another nonce than the closing turn's (a roll made before it).
        "street nonce": (rolled_at, f'db.log.hands[{rolled_at}].rolls[1].nonce = "{"0" * 16}"',
                         "the flop's roll range "),
        "seed closer": (shown_at, f'db.log.hands[{shown_at}].seed[1] = "Skoll"',
                        "the seed was rolled by Skoll, who sent the message its range came "
                        "from"),
        "seed nonce": (shown_at, f'db.log.hands[{shown_at}].set.nonce = "{"0" * 16}"',
                       "the seed roll's range "),
        "bank": (shown_at, f'local b = db.log.hands[{shown_at}].banks b["{winner}"] = '
                 f'b["{winner}"] + 1', f"{winner}'s bank at the end is "),
        "award": (shown_at, f'local w = db.log.hands[{shown_at}].won w["{winner}"] = '
                  f'w["{winner}"] + 2', "the awards do not follow: the log has "),
        # (Action 1 is the deal; action 2 the first bet.)
        "action": (shown_at, f'local a = db.log.hands[{shown_at}].actions a[2] = '
                   f'"{someone_else}" .. a[2]:match(" .*$")',
                   f"action 2 ({someone_else.split('-')[0]} "),
        "set": (shown_at, f'db.log.hands[{shown_at}].set.hash = "{"ab" * 32}"',
                "the set hash abababababab... does not follow from the commitments it holds"),
        "fingerprint": (shown_at, f'db.log.hands[{shown_at}].fingerprint = "{"0" * 12}"',
                        f"the table's ruleset fingerprint {'0' * 12} is not tauren-holdem's ("),
        "commitment": (shown_at, f'db.log.hands[{shown_at}].commits[1][2] = "{"cd" * 32}"',
                       "the set hash"),
    }
    number, lua, expected = edits[what]
    result = verify(tampered(tmp_path, source, lua))
    assert result.exit_code == 1, result.output
    line = hand_line(result, number)
    assert ": not fair: " in line, result.output
    reason = line.split(": not fair: ", 1)[1]
    if what == "roll":
        # The value moves one: still in range, so the dice it gives differ from the hand's.
        assert reason.startswith("the flop is ") and "but its roll gives" in reason, reason
    elif what == "seed":
        # Another seed: the dice the first revealer showed no longer follow.
        first = hands[shown_at]["reveals"][1][1]
        assert reason.startswith(f"{first}'s dice {hands[shown_at]['reveals'][1][3]} do not "
                                 f"follow from {first}'s secret and the seed"), reason
    elif what == "action":
        assert reason.startswith(expected) and "the rules refuse it: " in reason, reason
    else:
        assert reason.startswith(expected), reason
    # Every other hand is still fair (but the next one, whose banks at its start the tampered
    # end of this one no longer gives).
    nexts = (f"Hand {number + 1} ",) if what in ("bank", "award") else ()
    others = [line for line in result.output.splitlines()[1:] if not line.startswith(
        (f"Hand {number} ", *nexts))]
    assert others and all(line.endswith(": fair") for line in others), result.output


def test_a_bank_changed_between_hands_is_named(tmp_path, night):
    files, _ = night
    path = tampered(tmp_path, files["Gray"], 'local s = db.log.hands[3].seats[2] s[2] = s[2] + 5')
    result = verify(path)
    assert result.exit_code == 1
    assert hand_line(result, 3).startswith(
        "Hand 3 (Skoll-Thunderhorn:1796000000): not fair: Riggs-Thunderhorn's bank at the start "
        "is ")
    assert "but hand 2 left" in hand_line(result, 3)


def test_a_missing_or_unreadable_file_or_one_without_a_log_is_one_line_exit_2(tmp_path):
    for path, says in [(tmp_path / "nothing.lua", "cannot read the file"),
                       (tmp_path / "broken.lua", "not a readable SavedVariables file"),
                       (tmp_path / "empty.lua", "no hand log in it"),
                       (tmp_path / "text.lua", "not a SavedVariables file"),
                       (tmp_path, "cannot read the file"),
                       (Path("/dev/zero"), "not a file"),
                       (tmp_path / "a\nb.lua", "a\\nb.lua: cannot read the file")]:
        if path.name == "broken.lua":
            path.write_text("TaurenHoldemDB = {", encoding="utf-8")
        elif path.name == "empty.lua":
            path.write_text('TaurenHoldemDB = {\n\t["banks"] = {\n\t},\n}\n', encoding="utf-8")
        elif path.name == "text.lua":
            path.write_text("hello\n", encoding="utf-8")
        result = verify(path)
        assert result.exit_code == 2, (path, result.output)
        assert result.stdout == ""
        assert result.stderr.count("\n") == 1 and says in result.stderr, result.stderr


def test_a_hostile_file_is_a_verdict_not_a_traceback(tmp_path, night):
    files, _ = night
    for lua in ['db.log.hands[2].seats = "x"', "db.log.hands[2].actions[3] = 7",
                'db.log.hands[2].actions[2] = {"x"}', 'db.log.hands[2].actions[4] = "a b c d e"',
                'db.log.hands[2].rolls = {{"a", "b"}}', "db.log.hands[2].hand = {}",
                'db.log.hands[2].reveals[1] = {1, 2, 3, "ok"}', "db.log.version = 99"]:
        result = verify(tampered(tmp_path, files["Dakx"], lua))
        assert result.exit_code == 1, (lua, result.output)
        assert result.exception is None or isinstance(result.exception, SystemExit), lua
        assert "not fair: " in result.output, (lua, result.output)


# -- what the log keeps ------------------------------------------------------------------------


@pytest.mark.slow  # a long case: .ci/run runs it apart (pytest -m slow)
def test_the_log_stays_bounded_in_hands_and_bytes(tmp_path, addon):
    realm = Realm(seed=3, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"])
    log_of = {client.name: client.addons["TaurenHoldem"].namespace[b"HandLog"]
              for client in seated}
    assert (log_of["Skoll"][b"MAX_HANDS"], log_of["Skoll"][b"MAX_BYTES"]) == (20, 120000)
    log_of["Riggs"][b"MAX_HANDS"] = 4
    log_of["Gray"][b"MAX_BYTES"] = 600  # far below what one hand takes: only the newest stays
    for hand in range(1, 8):
        play_hand(realm, seated, hand, choose)
    sizes = {name: log.size() for name, log in log_of.items()}
    kept = {client.name: [hand["hand"] for _, hand in
                          sorted(read_logs(saved_file(realm, client))[DB]["hands"].items())]
            for client in seated}
    assert kept == {"Skoll": [1, 2, 3, 4, 5, 6, 7], "Riggs": [4, 5, 6, 7], "Gray": [7]}
    # The size the log counts is about what the file takes.
    for client in seated:
        path = realm.wtf / "Account" / client.name.upper() / "SavedVariables" / "TaurenHoldem.lua"
        # (The log's own table: up to the next of the saved table's own keys.)
        written = len(path.read_bytes().split(b'["log"] = ', 1)[1].split(b'\n\t["', 1)[0])
        assert 0.8 < sizes[client.name] / written < 1.25, (client.name, sizes, written)
        assert verify(path).exit_code == 0


# -- the arithmetic, Lua and Python alike --------------------------------------------------------


@pytest.fixture(scope="module")
def dice_lua():
    out = {}
    for ruleset_id in ("tauren-holdem", "dice-holdem"):
        ruleset = load_ruleset(ruleset_id)
        _, ns = load(ruleset, "Rules.lua", "Dice.lua")
        out[ruleset_id] = (ruleset, ns[b"Dice"])
    return out


@settings(max_examples=60)
@given(table_id=st.text(min_size=1, max_size=40), hand=st.integers(1, 10_000),
       ruleset_id=st.sampled_from(["tauren-holdem", "dice-holdem"]), data=st.data())
def test_the_street_ranges_and_dice_agree_with_the_addons(dice_lua, table_id, hand, ruleset_id,
                                                         data):
    ruleset, dice = dice_lua[ruleset_id]
    community, faces = tuple(ruleset.deal.community), ruleset.dice.count
    street = data.draw(st.integers(1, len(community)))
    low, high = fairplay.fixed_street_range(table_id, hand, street, faces, community)
    assert dice[b"street_range"](table_id.encode(), hand, street, community[street - 1]) == \
        (low, high)
    value = data.draw(st.integers(low, high))
    lua_dice = dice[b"from_roll"](value, low, community[street - 1])
    assert [lua_dice[i + 1] for i in range(community[street - 1])] == \
        fairplay.street_dice(value, low, faces, community[street - 1])


# -- hands out of the ordinary ---------------------------------------------------------------------


def cheat_at_showdown(tmp_path, addon, dice: str):
    """Mogg's addon shows `dice` whatever it committed to; Riggs holds a straight, Skoll folds.
    Returns Skoll's SavedVariables file."""
    cheat = tmp_path / "cheat" / "TaurenHoldem"
    shutil.copytree(addon, cheat)
    game = (cheat / "Game.lua").read_text(encoding="utf-8")
    honest = 'Game.request("show", nil, my_secret or "", my_dice or { 1, 1 })'
    (cheat / "Game.lua").write_text(game.replace(honest, 'Game.request("show", nil, '
                                                 f'my_secret or "", {{ {dice} }})'),
                                    encoding="utf-8")
    realm = Realm(seed=8, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Mogg"], addons={"Mogg": cheat})
    skoll, riggs, mogg = seated
    play(realm, skoll, "/tholdem start")
    deal_fairly(realm, seated, 1, {"Riggs": ("Chieftain", "4")})
    realm.script_rolls(street("5", "3", "6"), street("6"), street("Warrior"))
    play(realm, riggs, "/tbet 2")
    play(realm, mogg, "/tholdem call")
    play(realm, skoll, "/tholdem fold")
    check_down(realm, skoll, riggs, mogg)
    assert "Riggs wins the pot: 4 with Straight" in skoll.chat
    return saved_file(realm, skoll)


def test_a_cheaters_dead_hand_is_fair_and_the_log_says_why(tmp_path, addon):
    # Mogg's addon shows a pair of 6s (four of a kind with the board, which would win): every
    # client checks it and finds the hand dead; the log keeps the reveal with that verdict
    # and the show as the muck it was, and verify agrees.
    path = cheat_at_showdown(tmp_path, addon, "6, 6")
    result = verify(path)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1] == (
        "Hand 1 (Skoll-Thunderhorn:1796000000): fair (Mogg-Thunderhorn's reveal did not follow: "
        "their hand was dead)")
    hand = read_logs(path)[DB]["hands"][1]
    reveals = hand["reveals"]
    at = next(i for i, r in reveals.items() if r[1] == "Mogg-Thunderhorn")
    honest_at = next(i for i, r in reveals.items() if r[1] == "Riggs-Thunderhorn")
    assert (reveals[at][4], reveals[honest_at][4]) == ("bad", "ok")
    muck = next(i for i, line in hand["actions"].items() if line.startswith("Mogg-Thunderhorn m"))
    assert hand["actions"][muck] == "Mogg-Thunderhorn muck - - -"
    # A log that calls the cheat's reveal good, or an honest one false, is caught.
    result = verify(tampered(tmp_path, path, f'db.log.hands[1].reveals[{at}][4] = "ok"'))
    assert result.exit_code == 1
    assert result.output.splitlines()[1].split(": not fair: ")[1].startswith(
        "Mogg-Thunderhorn's dice 6,6 do not follow from Mogg-Thunderhorn's secret and the seed")
    result = verify(tampered(tmp_path, path, f'db.log.hands[1].reveals[{honest_at}][4] = "bad"'))
    assert result.output.splitlines()[1].endswith(
        "not fair: the table found Riggs-Thunderhorn's reveal false, but it follows from "
        "Riggs-Thunderhorn's commitment")
    # One that left the false reveal unchecked and let it win is caught too.
    result = verify(tampered(tmp_path, path, f'db.log.hands[1].reveals[{at}][4] = "unchecked"; '
                             f'db.log.hands[1].actions[{muck}] = "Mogg-Thunderhorn show - - 6,6"'))
    assert result.exit_code == 1
    assert result.output.splitlines()[1].endswith(
        "not fair: Mogg-Thunderhorn's reveal does not follow, but the table paid it without "
        "checking it")


def test_a_false_reveal_that_loses_is_logged_unchecked_and_verify_says_so(tmp_path, addon):
    # Mogg's addon shows a pair of Shamans (two pair), which loses to Riggs' straight: the
    # table never checks it; the log keeps it "unchecked", and verify, which checks every
    # reveal, finds it false and the hand fair: it won nothing.
    path = cheat_at_showdown(tmp_path, addon, "8, 8")
    result = verify(path)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1] == (
        "Hand 1 (Skoll-Thunderhorn:1796000000): fair (Mogg-Thunderhorn's reveal did not follow: "
        "it won nothing, so the table never checked it)")
    verdicts = {r[1]: r[4] for r in read_logs(path)[DB]["hands"][1]["reveals"].values()}
    assert verdicts == {"Mogg-Thunderhorn": "unchecked", "Riggs-Thunderhorn": "ok"}


@pytest.mark.slow  # a long case: .ci/run runs it apart (pytest -m slow)
def test_a_player_who_reloads_on_every_street_keeps_one_fair_record(tmp_path, addon):
    realm = Realm(seed=15, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"])
    skoll, riggs, gray = seated
    play(realm, skoll, "/tholdem start")
    deal_fairly(realm, seated, 1, {"Gray": ("Chieftain", "4"), "Riggs": ("2", "3"),
                                   "Skoll": ("2", "2")})
    realm.script_rolls(street("5", "3", "6"), street("6"), street("Warrior"))
    play(realm, gray, "/reload")
    play(realm, riggs, "/tbet 2")
    play(realm, gray, "/tholdem call")
    play(realm, skoll, "/tholdem call")
    for command in ("/tflop", "/tturn", "/triver"):
        play(realm, skoll, command)
        play(realm, gray, "/reload")
        for client in (riggs, gray, skoll):
            play(realm, client, "/tholdem check")
    assert "Gray wins the pot: 6 with Straight" in gray.chat
    path = saved_file(realm, gray)
    assert [hand["hand"] for hand in read_logs(path)[DB]["hands"].values()] == [1]
    result = verify(path)
    assert result.exit_code == 0, result.output
    # Gray saw every roll line itself before each /reload: none is only the host's word.
    assert result.output.splitlines()[1] == "Hand 1 (Skoll-Thunderhorn:1796000000): fair"


def test_a_manual_table_with_gives_and_resets_is_fair(tmp_path, addon):
    realm = Realm(seed=8, wtf=tmp_path / "WTF")
    skoll, riggs, dakx = seat_table(realm, addon, ["Skoll", "Riggs", "Dakx"], mode="manual",
                                    options="min 3")
    play(realm, skoll, "/tholdem start")
    for client in (riggs, dakx, skoll):
        play(realm, client, "/tbet 3")
    for command in ("/tflop", "/tturn", "/triver"):
        play(realm, skoll, command)
    play(realm, skoll, "/target Riggs")
    play(realm, skoll, "/tpot")
    play(realm, riggs, "/target Dakx")
    play(realm, riggs, "/tgive 3")
    play(realm, dakx, "/treset")
    assert "Dakx's bank is reset to 20 (was 20)" in riggs.chat
    for client in (skoll, riggs):
        path = saved_file(realm, client)
        hand = read_logs(path)[DB]["hands"][1]
        assert (hand["mode"], hand["minimum"]) == ("manual", 3)
        result = verify(path)
        assert result.exit_code == 0, result.output
        assert result.output.splitlines()[1] == "Hand 1 (Skoll-Thunderhorn:1796000000): fair"
    # A give the log makes larger than the one made: the banks no longer follow.
    result = verify(tampered(tmp_path, path, """
        local actions = db.log.hands[1].actions
        for i, action in ipairs(actions) do actions[i] = action:gsub(" give 3 ", " give 5 ") end
        """))
    assert result.output.splitlines()[1].endswith(
        "not fair: Riggs-Thunderhorn's bank at the end is 23 in the log, but the hand leaves 21")


def test_a_table_of_a_modders_ruleset_is_checked_with_its_file(tmp_path):
    source = Path(__file__).resolve().parent.parent / "pyhost" / "rulesets" / "tauren-holdem.toml"
    mine = tmp_path / "my-holdem.toml"
    mine.write_text(source.read_text(encoding="utf-8").replace("starting_bank = 20",
                                                               "starting_bank = 30"),
                    encoding="utf-8")
    addon = build_addon(tmp_path / "addons", str(mine))
    realm = Realm(seed=4, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"])
    for hand in (1, 2):
        play_hand(realm, seated, hand, choose)
    path = saved_file(realm, seated[2])
    assert read_logs(path)[DB]["hands"][1]["seats"][1][2] == 30
    result = verify(path)
    assert result.exit_code == 1
    assert result.output.splitlines()[1] == (
        "Hand 1 (Skoll-Thunderhorn:1796000000): not fair: the table played my-holdem, which is "
        "not a shipped ruleset: give its file with --ruleset")
    result = verify(path, "--ruleset", str(mine))
    assert result.exit_code == 0, result.output
    result = verify(path, "--ruleset", "tauren-holdem")
    assert result.output.splitlines()[1].endswith(
        "not fair: the table played my-holdem, not tauren-holdem")


def test_a_hand_in_play_when_the_file_was_written_is_unfinished_not_unfair(tmp_path, addon):
    realm = Realm(seed=6, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"])
    skoll, riggs, _ = seated
    play_hand(realm, seated, 1, choose)
    play(realm, skoll, "/tholdem start")
    deal_fairly(realm, seated, 2)
    actor = status(realm, skoll).split("; ")[1].split(" ")[0]
    play(realm, next(c for c in seated if c.name == actor), "/tholdem bet 2")
    play(realm, riggs, "/reload")  # the file is written as it stands
    path = realm.wtf / "Account" / "RIGGS" / "SavedVariables" / "TaurenHoldem.lua"
    result = verify(path)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1:] == [
        "Hand 1 (Skoll-Thunderhorn:1796000000): fair",
        "Hand 2 (Skoll-Thunderhorn:1796000000): unfinished (the file was written during it; "
        "what it has follows)"]
    # Riggs caught up after the /reload and kept one record of hand 2, which goes on.
    hands = read_logs(saved_file(realm, riggs))[DB]["hands"]
    assert [hand["hand"] for _, hand in sorted(hands.items())] == [1, 2]


# -- HandLog.lua on its own ------------------------------------------------------------------------

UPGRADES = b"""
local ns = ...
local HandLog, Fair, Dice = ns.HandLog, ns.Fair, ns.Dice
local db = {}
HandLog.attach(db)
local session = { id = "Skoll-Thunderhorn:1", hands = 1, host = "Skoll-Thunderhorn",
    mode = "guided", seats = { "Skoll-Thunderhorn", "Riggs-Thunderhorn" },
    engine = { config = { minimum_bet = 2, minimum_raise = 2, blinds = false } } }
local hand = { dealer_name = function() return "Skoll-Thunderhorn" end }
local banks = { ["Skoll-Thunderhorn"] = 20, ["Riggs-Thunderhorn"] = 20 }
local set_hash = Fair.set_hash({ "c1", "c2" })
local low, high = Fair.seed_range(set_hash, session.id .. "#1", "n1")
local flop_low, flop_high = Dice.street_range(session.id, 1, 1, 3)
local out = {}
HandLog.start(session, hand, banks)
HandLog.close(session, set_hash, { "Skoll-Thunderhorn", "Riggs-Thunderhorn" },
    { ["Skoll-Thunderhorn"] = "c1", ["Riggs-Thunderhorn"] = "c2" }, "n1", "Skoll-Thunderhorn")
-- Heard, then the client drops its copy and replays the host's snapshot: the hand starts
-- again, and the seed and flop come as the host attests them.
HandLog.heard(session, { low + 7, low, high, "Skoll" }, nil)
HandLog.heard(session, { flop_low + 9, flop_low, flop_high, "Skoll" }, 1)
HandLog.start(session, hand, banks)
HandLog.close(session, set_hash, { "Skoll-Thunderhorn", "Riggs-Thunderhorn" },
    { ["Skoll-Thunderhorn"] = "c1", ["Riggs-Thunderhorn"] = "c2" }, "n1", "Skoll-Thunderhorn")
HandLog.seed(session, nil, 7)
HandLog.street(session, 1, "Skoll-Thunderhorn", "flop", Dice.from_roll(flop_low + 9, flop_low, 3))
local kept = db.log.hands
out.hands = #kept
out.seed = table.concat(kept[1].seed, " ")
out.flop = table.concat(kept[1].rolls[1], " ")
-- A line heard after the host's word (read once the snapshot is in) upgrades it too; one that
-- gives other dice does not.
HandLog.street(session, 2, "Skoll-Thunderhorn", "turn", { 4 })
local turn_low, turn_high = Dice.street_range(session.id, 1, 2, 1)
HandLog.heard(session, { turn_low + 5, turn_low, turn_high, "Skoll" }, 2)
out.turn_other = kept[1].rolls[2].attested
HandLog.heard(session, { turn_low + 3, turn_low, turn_high, "Skoll" }, 2)
out.turn = table.concat(kept[1].rolls[2], " ")
out.low, out.flop_low, out.turn_low = low, flop_low, turn_low
return out
"""


def test_a_seed_or_street_the_host_attests_takes_the_roll_line_this_client_heard():
    lua, ns = load(TAUREN, "Rules.lua", "Dice.lua")
    ns[b"Comm"] = lua.table_from({b"me": lambda: b"Riggs-Thunderhorn"})
    lua.globals()[b"bit"] = lua.table_from({k.encode(): v for k, v in library().items()})
    for name, code in render(TAUREN, "Sha256.lua", "Fair.lua", "HandLog.lua").items():
        lua.globals()[b"loadstring"](code, name.encode())(b"TaurenHoldem", ns)
    out = lua.globals()[b"loadstring"](UPGRADES)(ns)
    low, flop_low, turn_low = out[b"low"], out[b"flop_low"], out[b"turn_low"]
    assert out[b"hands"] == 1
    assert out[b"seed"].decode() == f"Skoll {low + 7} {low} {low + fairplay.SEED_WIDTH - 1}"
    assert out[b"flop"].decode() == f"Skoll {flop_low + 9} {flop_low} {flop_low + 511} 1"
    assert out[b"turn_other"] == b"4"  # 5 offset gives a 6, not the 4 the host attested
    assert out[b"turn"].decode() == f"Skoll {turn_low + 3} {turn_low} {turn_low + 7} 2"


# -- under faults ----------------------------------------------------------------------------------


def test_a_void_hand_is_logged_as_void_with_every_bet_back(tmp_path, addon):
    realm = Realm(seed=19, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs"])
    skoll, riggs = seated
    gray = realm.login("Gray", addons=[addon])  # in the party, watching: not seated
    realm.invite(skoll, gray)
    realm.run_until_quiet()
    play(realm, skoll, "/tholdem start")
    deal_fairly(realm, seated, 1)
    play(realm, riggs, "/tbet 2")
    realm.logout(skoll)
    realm.advance(2)
    realm.logout(riggs)
    realm.run_until_quiet()
    assert gray.chat.lines[-1] == "Hand 1 is void: every bet goes back to its player."
    path = saved_file(realm, gray)
    result = verify(path)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1] == \
        "Hand 1 (Skoll-Thunderhorn:1796000000): fair (void: every bet went back)"
    result = verify(tampered(tmp_path, path, 'db.log.hands[1].banks["Riggs-Thunderhorn"] = 18'))
    assert result.output.splitlines()[1].endswith(
        "not fair: the hand is void, but Riggs-Thunderhorn's bank 18 is not what it was at the "
        "start (20)")


@pytest.mark.parametrize(("names", "seed", "hands", "loss"),
                         [(["Skoll", "Riggs", "Gray", "Dakx"], 5, 5, 0.03),
                          ([f"Raider{i}" for i in range(8)], 8, 3, 0.04)],
                         ids=["4-players", "8-players"])
def test_every_clients_log_is_fair_after_hands_under_faults(tmp_path, addon, names, seed, hands,
                                                           loss):
    from faulty_table import FaultyTable

    network = Adversarial(seed=seed, loss=loss, duplicate=loss, reorder=2 * loss,
                          never_lost=("system",))
    realm = Realm(seed=seed, wtf=tmp_path / "WTF", adversarial=network)
    table = FaultyTable(realm, addon, names, seed=seed, rate=0.15)
    for _ in range(hands):
        if table.players_with_chips() < 2:
            break
        table.play_hand()
    assert table.tally.problems == [] and sum(table.tally.faults.values()) > 0
    for client in table.seated:
        if client.online:
            client.logout()
    files = sorted(realm.wtf.rglob("TaurenHoldem.lua"))
    assert len(files) == len(names)
    for path in files:
        result = verify(path)
        assert result.exit_code == 0, (path, result.output)
        verdicts = result.output.splitlines()[1:]
        assert len(verdicts) >= table.tally.hands - 1, (path, result.output)
        # Fair, or (a seed or street this client took from the host, away as it was rolled)
        # not witnessed: never unfair.
        assert all("): fair" in line or ("): not witnessed (" in line and "as the host attested"
                   in line) for line in verdicts), (path, result.output)
    assert realm.errors() == []
