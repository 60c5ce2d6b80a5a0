"""Poker Dice at the table against hostile clients and bad input, and players whose time runs
out at each stage: one clear line, nothing changes at any copy, no Lua error; a timeout does
what docs/games.md says, at every copy alike and as the Python round does it."""

from __future__ import annotations

import pytest
from pokerdice_table import (
    POKER_DICE,
    Game,
    game_lines,
    poker_dice_table,
    script_roll,
    status,
)

from addon_table import PROTOCOL, play
from pyhost import fairplay
from pyhost.harness import Realm
from realm_helpers import send_addon


@pytest.fixture
def realm(tmp_path):
    return Realm(wtf=tmp_path / "WTF", seed=1)


def anted(realm, tmp_path, count=3, ante=2) -> Game:
    seated = poker_dice_table(realm, tmp_path, count)
    game = Game(realm, seated)
    game.start()
    game.do(f"/pdante {ante}", "ante", ante)
    for _ in range(count - 1):
        game.do("/pdante", "ante")
    return game


def unchanged(realm, game: Game, before) -> None:
    assert [status(realm, client) for client in game.seated] == before
    assert realm.errors() == []


def test_rolls_in_the_wrong_range_another_players_early_and_repeated_never_bind(realm,
                                                                                tmp_path):
    game = anted(realm, tmp_path)
    skoll, riggs, ada = game.seated
    low, high = fairplay.draw_range(game.seated.table_id, 1, skoll.full_name, 1, 6, 5)
    before = [status(realm, client) for client in game.seated]
    assert before[0][1].startswith(f"Skoll to roll 5 dice ({low}-{high})")
    riggs.run_lua(f"RandomRoll({low}, {high})")  # another player's roll in Skoll's range
    realm.run_until_quiet()
    skoll.run_lua("RandomRoll(1, 7776)")  # Skoll's in a range not awaited
    realm.run_until_quiet()
    for client in game.seated:
        assert f"Skoll rolled 1-7776, not the awaited range {low}-{high}: it does not count." \
            in client.chat.lines
    unchanged(realm, game, before)
    game.roll([6, 6, 2, 3, 1])
    # An early roll: Skoll's second roll before he said what he keeps.
    low2, high2 = script_roll(realm, game.seated, skoll, 1, 2, [1, 1, 1])
    skoll.run_lua(f"RandomRoll({low2}, {high2})")
    realm.run_until_quiet()
    assert status(realm, ada)[1] == "Skoll to keep dice and roll again, or check or raise"
    # A repeated first roll.
    realm.script_rolls(low, by=skoll.full_name, bounds=(low, high))
    skoll.run_lua(f"RandomRoll({low}, {high})")
    realm.run_until_quiet()
    for client in game.seated:
        assert "Skoll rolled the same range again: only the first roll counts." \
            in client.chat.lines
    # The keep said, the roll after it is the one that binds.
    game.keep([6, 6], [6, 5, 5])
    for client in game.seated:
        assert game_lines(client)[-2:] == ["Skoll keeps 6 6 and rolls 3 again",
                                           "Skoll rolls 6 5 5, keeping 6 6: 6 6 6 5 5 "
                                           "(Full house) (roll 2 of 3)"], client.name
    assert game_lines(riggs) == game.expected()
    assert realm.errors() == []


def test_bad_commands_say_one_line_and_change_nothing(realm, tmp_path):
    game = anted(realm, tmp_path)
    skoll, riggs, _ada = game.seated
    game.roll([6, 6, 2, 3, 1])
    before = [status(realm, client) for client in game.seated]
    marks = [len(client.chat.lines) for client in game.seated]
    bad = {
        "/pdkeep 5 5": "Skoll cannot keep 5 5: the dice are 6 6 2 3 1",
        "/pdkeep 6 6 2 3 1": "Skoll cannot keep all 5 dice: check or raise instead",
        "/pdkeep 7 x": "/pdkeep 7 x: name the faces to keep, separated by spaces "
                       "(faces: 1, 2, 3, 4, 5, 6).",
        "/pdraise 50": "Skoll cannot raise 50: the most is 18, what Skoll has left",
        "/pdraise": "/pdraise N: give one whole number of chips, not ''.",
        "/pdraise 1 2": "/pdraise N: give one whole number of chips, not '1 2'.",
        "/pdraise x": "the raise must be a whole number, not 'x'",
        "/pdraise 1.5": "the raise must be a whole number, not 1.5",
        "/pdraise 0": "the raise must be at least 1",
        "/pdraise -2": "the raise must not be negative, not -2",
        "/pdcheck now": "/pdcheck takes no arguments (now): nothing done.",
        "/pdante 3": "Skoll cannot ante now: it is Skoll's turn to roll",
        "/pdcall": "Skoll cannot match the raise now: it is Skoll's turn to roll",
        "/pdroll": "It is not your roll now: Skoll to keep dice and roll again, or check or "
                   "raise.",
        "/pokerdice frobnicate": "Unknown command 'frobnicate': /pdhelp lists them.",
        "/pokerdice open bogus": "/pokerdice open [timeout N] [notimeout]: bogus is not a "
                                 "setting.",
        "/pokerdice start": "Round 1 is not over yet.",
    }
    for line, said in bad.items():
        mark = len(skoll.chat.lines)
        play(realm, skoll, line)
        assert skoll.chat.lines[mark:] == [said], line
    for line in ("/pdroll", "/pdkeep 6", "/pdcheck", "/pdraise 2", "/pdfold", "/pdante"):
        mark = len(riggs.chat.lines)
        play(realm, riggs, line)
        assert len(riggs.chat.lines) == mark + 1, (line, riggs.chat.lines[mark:])
    unchanged(realm, game, before)
    assert game_lines(riggs, marks[1]) == []



def test_a_turn_sent_for_someone_else_is_forged(realm, tmp_path):
    game = anted(realm, tmp_path)
    skoll, riggs, ada = game.seated
    game.roll([4, 4, 1, 2, 3])
    before = [status(realm, client) for client in game.seated]
    forged = "\t".join([PROTOCOL, "TURN", game.seated.table_id, "1", "4", "raise", skoll.full_name,
                        "18", "1", "", "", ""])
    send_addon(riggs, POKER_DICE.addon.prefix, forged)
    realm.run_until_quiet()
    for client in (skoll, ada):
        assert any(line.startswith("Ignored a table message from Riggs") for line in
                   client.chat.lines)
    unchanged(realm, game, before)
    assert game_lines(ada) == game.expected()


def time_runs_out(realm) -> None:
    realm.advance(65)
    realm.run_until_quiet()


@pytest.mark.parametrize("stage", ["set-ante", "ante", "roll", "keep", "reroll", "match"])
def test_a_player_whose_time_runs_out_is_acted_for_as_the_rules_say(realm, tmp_path, stage):
    seated = poker_dice_table(realm, tmp_path, 3)
    game = Game(realm, seated)
    skoll, riggs, _ada = seated
    table = game.table
    game.start()
    slow = skoll
    if stage == "set-ante":
        time_runs_out(realm)
        table.act("Skoll", "ante", POKER_DICE.table.minimum_ante)
    else:
        game.do("/pdante 2", "ante", 2)
    if stage == "ante":
        slow = riggs
        time_runs_out(realm)
        table.act("Riggs", "fold")
        assert game.expected()[-1] == "Riggs sits this round out"
    elif stage != "set-ante":
        game.do("/pdante", "ante")
        game.do("/pdante", "ante")
    if stage == "roll":
        time_runs_out(realm)
        table.act("Skoll", "roll", dice=["1", "2", "3", "5", "6"])
        table.act("Skoll", "check")
    if stage in ("keep", "reroll", "match"):
        game.roll([6, 6, 2, 3, 1])
    if stage == "keep":
        time_runs_out(realm)
        table.act("Skoll", "check")
    if stage == "reroll":
        # The keep said (a TURN alone: /pdkeep would roll at once), the roll never made.
        skoll.lua.eval("function(ns) ns.DrawTable.turn('keep', { 6, 6 }) end")(
            skoll.addons["PokerDice"].namespace)
        realm.run_until_quiet()
        table.act("Skoll", "keep", dice=["6", "6"])
        assert status(realm, riggs)[1].startswith("Skoll to roll 3 dice")
        time_runs_out(realm)
        table.act("Skoll", "roll", dice=["2", "3", "1"])  # the dice set aside, as they lay
        table.act("Skoll", "check")
    if stage == "match":
        game.do("/pdraise 2", "raise", 2)
        slow = riggs
        time_runs_out(realm)
        table.act("Riggs", "fold")
        assert game.expected()[-1] == "Riggs leaves the round rather than match 2"
    assert f"{slow.name} took too long: the table stands them on their dice." \
        in skoll.chat.lines  # (the host's word)
    for client in seated:
        assert game_lines(client) == game.expected(), client.name
    assert realm.errors() == []
