"""Poker Dice beside Dice Poker and Tauren Hold'em, all loaded at once in every client: their
prefixes, commands, saved variables and tables stay apart while both draw games play a
round at once."""

from __future__ import annotations

from pokerdice_table import POKER_DICE, Game, status

from addon_table import build_addon, play
from dicepoker_table import game_lines as dice_poker_lines
from dicepoker_table import turn
from pyhost.harness import Realm


def test_rounds_of_poker_dice_and_dice_poker_side_by_side(tmp_path):
    realm = Realm(seed=1, wtf=tmp_path / "WTF")
    addons = [build_addon(tmp_path), build_addon(tmp_path, "dice-poker"),
              build_addon(tmp_path, "poker-dice")]
    names = ["Skoll", "Riggs", "Ada"]
    clients = [realm.login(name, addons=addons) for name in names]
    realm.party(*clients)

    class Table(list):
        ruleset = POKER_DICE

    poker_dice, dice_poker = Table(clients), Table(clients)
    poker_dice.table_id = f"{clients[0].full_name}:{realm.epoch()}"
    play(realm, clients[0], "/pokerdice open")
    dice_poker.table_id = f"{clients[0].full_name}:{realm.epoch()}"
    play(realm, clients[0], "/dicepoker open")
    for client in clients[1:]:
        play(realm, client, "/pokerdice join")
        play(realm, client, "/dicepoker join")
        play(realm, client, "/tholdem join")  # (no hold'em table: one line, nothing else)
    game = Game(realm, poker_dice)
    game.start()
    play(realm, clients[0], "/dicepoker start")
    game.do("/pdante 2", "ante", 2)
    turn(realm, dice_poker, clients[0], 1, [6, 6, 2, 3, 1], [6, 6], [6, 4, 4])
    game.do("/pdante", "ante")
    game.do("/pdfold", "fold")
    turn(realm, dice_poker, clients[1], 1, [1, 2, 3, 4, 6], None)
    game.roll([6, 6, 6, 6, 2])
    game.do("/pdcheck", "check")
    turn(realm, dice_poker, clients[2], 1, [5, 5, 5, 2, 2], [5, 5, 5, 2, 2])
    game.roll([1, 1, 2, 3, 5])
    game.do("/pokerdice check", "check")
    assert game.round.winner == "Skoll"
    for client in clients:
        assert dice_poker_lines(client)[-1] == "Skoll names a forfeit for Riggs"
        assert status(realm, client) == (1, "the round is over", game.banks())
        spaces = [client.addons[name].namespace for name in ("TaurenHoldem", "DicePoker",
                                                              "PokerDice")]
        assert len({bytes(ns[b"Rules"][b"addon"][b"prefix"]) for ns in spaces}) == 3
        assert client.run_lua("return PokerDiceDB ~= nil and PokerDiceDB ~= DicePokerDB "
                              "and PokerDiceDB ~= TaurenHoldemDB")
    assert realm.errors() == []
