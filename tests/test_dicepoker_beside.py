"""Dice Poker and Tauren Hold'em loaded at once in every client: their prefixes, commands,
saved variables and tables stay apart while a round of Dice Poker is played."""

from __future__ import annotations

from addon_table import build_addon, play
from dicepoker_table import DICE_POKER, game_lines, status, turn
from pyhost.harness import Realm
from pyhost.rules import load_ruleset

TAUREN = load_ruleset("tauren-holdem")


def test_a_round_of_dice_poker_beside_a_tauren_holdem_table(tmp_path):
    realm = Realm(seed=1, wtf=tmp_path / "WTF")
    holdem, dice_poker = build_addon(tmp_path), build_addon(tmp_path, "dice-poker")
    names = ["Skoll", "Riggs", "Ada"]
    seated = [realm.login(name, addons=[holdem, dice_poker]) for name in names]
    realm.party(*seated)

    class Table(list):
        ruleset = DICE_POKER

    table = Table(seated)
    play(realm, seated[0], "/tholdem open")
    table.table_id = f"{seated[0].full_name}:{realm.epoch()}"
    play(realm, seated[0], "/dicepoker open")
    for client in seated[1:]:
        play(realm, client, "/tholdem join")
        play(realm, client, "/dicepoker join")
    play(realm, seated[0], "/dicepoker start")
    turn(realm, table, seated[0], 1, [6, 6, 2, 3, 1], [6, 6], [6, 4, 4])
    turn(realm, table, seated[1], 1, [1, 2, 3, 4, 6], None)
    turn(realm, table, seated[2], 1, [5, 5, 5, 2, 2], [5, 5, 5, 2, 2])
    for client in seated:
        assert game_lines(client)[-1] == "Skoll names a forfeit for Riggs"
        assert status(realm, client)[1] == "the round is over"
        play(realm, client, "/tholdem status")
        assert client.chat.lines[-1] == ("Pot 0; no hand dealt yet; banks: Skoll 20, Riggs 20, "
                                         "Ada 20")
        hold, dice = (client.addons[name].namespace for name in ("TaurenHoldem", "DicePoker"))
        assert hold[b"Rules"][b"addon"][b"prefix"] != dice[b"Rules"][b"addon"][b"prefix"]
        assert client.run_lua("return TaurenHoldemDB ~= DicePokerDB and DicePokerDB ~= nil")
    assert realm.errors() == []
