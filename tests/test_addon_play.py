"""Tauren Hold'em played through slash commands by a party in the realm, each client
running the generated addon."""

from __future__ import annotations

import pytest

from addon_table import (
    PROTOCOL,
    deal_fairly,
    everyone_deals,
    face,
    new_lines,
    play,
    seat_table,
    street,
)
from pyhost.flavours import FLAVOURS
from pyhost.harness import Realm

SEATS = ["Skoll", "Riggs", "Gray", "Dakx"]  # the post's example: Skoll deals first


def example_hand(realm, clients):
    """The source's example hand, action by action, with its dice."""
    skoll, riggs, gray, dakx = clients
    play(realm, skoll, "/tholdem start")
    deal_fairly(realm, clients, 1, {"Skoll": ("Shaman", "6"), "Riggs": ("Chieftain", "4")})
    realm.script_rolls(street("5", "3", "6"), street("6"), street("Warrior"))
    for client, line in [(riggs, "/tbet 2"), (gray, "/tholdem fold"), (dakx, "/tholdem call"),
                         (skoll, "/tholdem call"), (skoll, "/tflop"),
                         (riggs, "/tholdem check"), (dakx, "/tholdem check"),
                         (skoll, "/tholdem check"), (skoll, "/tturn"), (riggs, "/tbet 2"),
                         (dakx, "/tholdem fold"), (skoll, "/tholdem call"), (skoll, "/triver"),
                         (riggs, "/tholdem check"), (skoll, "/tbet 2"), (riggs, "/tbet 2")]:
        play(realm, client, line)


@pytest.mark.parametrize("flavour", list(FLAVOURS))
def test_the_example_hand_plays_to_its_ending_in_every_flavour(tmp_path, addon, flavour):
    realm = Realm(seed=1, wtf=tmp_path / "WTF", flavour=flavour)
    clients = seat_table(realm, addon, SEATS)
    skoll, riggs, gray, _dakx = clients
    example_hand(realm, clients)
    for client in clients:
        chat = client.chat
        assert "Riggs rolls his hand under the box." in chat
        assert "Dealer Skoll rolls the Flop" in chat
        assert "1-[:· : ] 2-[.· '] 3-[::: ]" in chat.lines
        assert "1-[:· : ] 2-[.· '] 3-[::: ] 4-[::: ] 5-[ Φ ]" in chat.lines
        assert "Skoll shows 1-[ ¥ ] 2-[::: ]: Three of a kind" in chat
        assert "Riggs shows 1-[ ╣ ] 2-[: : ]: Straight" in chat
        assert "Riggs wins the pot: 14 with Straight" in chat
    # Hidden dice are seen by their roller only, until the showdown.
    before_showdown = skoll.chat.lines[:skoll.chat.lines.index(
        "Skoll shows 1-[ ¥ ] 2-[::: ]: Three of a kind")]
    assert "1-[ ¥ ] 2-[::: ]" in before_showdown
    assert not [line for line in riggs.chat.lines if "[ ¥ ] 2-[::: ]" in line
                and "shows" not in line]
    play(realm, gray, "/tholdem status")
    assert gray.chat.lines[-1] == ("Pot 0; the hand is over; banks: Skoll 14, Riggs 28, "
                                   "Gray 20, Dakx 18")
    assert realm.errors() == []


def test_it_tells_each_player_when_it_is_their_turn(tmp_path, addon):
    realm = Realm(seed=2, wtf=tmp_path / "WTF")
    skoll, riggs, gray, dakx = seat_table(realm, addon, SEATS)
    play(realm, skoll, "/tholdem start")
    assert "Your turn" not in riggs.chat  # the deal first
    everyone_deals(realm, skoll, riggs, gray, dakx)
    assert "Your turn: bet at least 2 or fold (pot 0)" in riggs.chat
    assert "Your turn" not in gray.chat
    play(realm, riggs, "/tbet 2")
    assert gray.chat.lines[-1] == "Your turn: 2 to call (pot 2)"
    play(realm, skoll, "/tholdem status")
    assert skoll.chat.lines[-1] == ("Pot 2; Gray to act (2 to call); banks: Skoll 20, "
                                    "Riggs 18, Gray 20, Dakx 20")


def test_the_roller_pronoun_comes_from_unit_sex(tmp_path, addon):
    realm = Realm(seed=3, wtf=tmp_path / "WTF")
    skoll, mara = seat_table(realm, addon, ["Skoll", "Mara"], sexes={"Mara": "female"})
    play(realm, mara, "/tdeal")
    assert "Mara rolls her hand under the box." in skoll.chat
    assert "Mara rolls her hand under the box." in mara.chat


def test_blinds_and_the_minimum_bet_are_the_dealers_to_set(tmp_path, addon):
    realm = Realm(seed=4, wtf=tmp_path / "WTF")
    skoll, riggs, gray = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"],
                                   options="min 4 blinds")
    play(realm, skoll, "/tholdem start")
    assert "Riggs posts the small blind 2" not in skoll.chat  # after the deal
    everyone_deals(realm, skoll, riggs, gray)
    assert "Riggs posts the small blind 2" in skoll.chat
    assert "Gray posts the big blind 4" in skoll.chat
    play(realm, skoll, "/tbet 6")  # 4 to call, 2 more: a raise below the least (4)
    assert skoll.chat.lines[-1] == "Skoll cannot raise by 2: the least is 4"
    play(realm, skoll, "/tholdem raise 4")
    assert "Skoll raises by 4 to 8" in riggs.chat


def test_all_in_side_pots_are_paid_at_the_showdown(tmp_path, addon):
    realm = Realm(seed=5, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"])
    skoll, riggs, gray = seated
    play(realm, riggs, "/tgive 15 Gray")  # banks: Skoll 20, Riggs 5, Gray 35
    # The board is 2 3 Warrior Chieftain 5: Riggs's 6 and 4 make a straight, Skoll's two 5s
    # three of a kind, Gray's 2 and 6 a pair.
    play(realm, skoll, "/tholdem start")
    deal_fairly(realm, seated, 1, {"Skoll": ("5", "5"), "Riggs": ("6", "4"), "Gray": ("2", "6")})
    realm.script_rolls(street("2", "3", "Warrior"), street("Chieftain"), street("5"))
    play(realm, riggs, "/tholdem allin")
    play(realm, gray, "/tbet 35")
    play(realm, skoll, "/tholdem allin")
    for command in ("/tflop", "/tturn", "/triver"):
        play(realm, skoll, command)
    for client in (skoll, riggs, gray):
        assert "15 uncalled returned to Gray" in client.chat
        assert "Riggs wins the main pot: 15 with Straight" in client.chat
        assert "Skoll wins side pot 1: 30 with Three of a kind" in client.chat
    play(realm, gray, "/tholdem status")
    assert gray.chat.lines[-1].endswith("banks: Skoll 30, Riggs 15, Gray 15")


def test_the_original_reference_commands(tmp_path, addon):
    realm = Realm(seed=6, wtf=tmp_path / "WTF")
    skoll = realm.login("Skoll", addons=[addon])
    play(realm, skoll, "/thand")
    assert skoll.chat.lines[-8] == "1. Five of a kind  [::: ] [::: ] [::: ] [::: ] [::: ]"
    assert skoll.chat.lines[-1].startswith("8. Bust  ")
    play(realm, skoll, "/tbones")
    assert skoll.chat.lines[-8:] == [
        "[ ¥ ]  Shaman (1)", "[ ╣ ]  Chieftain (8)", "[ Φ ]  Warrior (7)", "[::: ]  6 (6)",
        "[:· : ]  5 (5)", "[: : ]  4 (4)", "[.· ']  3 (3)", "[. ' ]  2 (2)"]
    play(realm, skoll, "/thelp")
    for command in ("/tdeal", "/tshow", "/tflop", "/tturn", "/triver", "/thand", "/tbones",
                    "/tbet N", "/tpot", "/tgive N [NAME]", "/treset", "/thelp",
                    "/tholdem open", "/tholdem check | call | raise N | fold | allin"):
        assert any(line.startswith(command) for line in skoll.chat.lines), command


def test_a_player_can_read_face_names_instead_of_glyphs(tmp_path, addon):
    realm = Realm(seed=7, wtf=tmp_path / "WTF")
    skoll, riggs = seat_table(realm, addon, ["Skoll", "Riggs"])
    play(realm, riggs, "/tholdem ascii on")
    skoll.script_random(face("Shaman"), face("6"))
    riggs.script_random(face("Chieftain"), face("4"))
    play(realm, skoll, "/tdeal")
    play(realm, riggs, "/tdeal")
    assert "1-[Chieftain] 2-[4]" in riggs.chat.lines
    assert "1-[ ¥ ] 2-[::: ]" in skoll.chat.lines
    realm.logout(riggs)
    riggs = realm.login("Riggs", addons=[addon])
    realm.run_until_quiet()  # back in the party: the table's record comes first
    assert "Caught up with Skoll's table; dice you did not see rolled are as the host " \
        "attests." in riggs.chat.lines
    play(realm, riggs, "/tbones")
    assert riggs.chat.lines[-8] == "[Shaman]  Shaman (1)"  # the setting is saved
    play(realm, riggs, "/tholdem ascii off")  # (and read again when it changes)
    play(realm, riggs, "/tbones")
    assert riggs.chat.lines[-8] == "[ ¥ ]  Shaman (1)"


def test_a_manual_table_the_original_way(tmp_path, addon):
    realm = Realm(seed=8, wtf=tmp_path / "WTF")
    skoll, riggs, dakx = seat_table(realm, addon, ["Skoll", "Riggs", "Dakx"], mode="manual")
    play(realm, skoll, "/tholdem start")
    for client in (riggs, dakx, skoll):
        play(realm, client, "/tbet 2")
    assert "Dakx puts 2 in the pot (pot 4)" in skoll.chat
    play(realm, skoll, "/target Riggs")
    play(realm, skoll, "/tpot")
    assert skoll.chat.lines[-1] == "Skoll cannot give the pot before the river is rolled"
    for command in ("/tflop", "/tturn", "/triver"):
        play(realm, skoll, command)
    play(realm, riggs, "/target Riggs")
    play(realm, riggs, "/tpot")
    assert riggs.chat.lines[-1] == "Riggs cannot give the pot: only the dealer, Skoll, does"
    play(realm, skoll, "/tpot")
    assert "Dealer Skoll gives the pot of 6 to Riggs" in dakx.chat
    play(realm, dakx, "/tgive 3")  # Dakx has no target
    assert dakx.chat.lines[-1] == "/tgive needs a target: target a player or name one " \
        "(/tgive 3 NAME)."
    play(realm, riggs, "/target Dakx")
    play(realm, riggs, "/tgive 3")
    assert "Riggs gives 3 to Dakx" in skoll.chat
    play(realm, dakx, "/treset")
    assert "Dakx's bank is reset to 20 (was 21)" in riggs.chat


def test_banks_are_saved_and_survive_a_reload(tmp_path, addon):
    realm = Realm(seed=9, wtf=tmp_path / "WTF")
    clients = seat_table(realm, addon, SEATS)
    example_hand(realm, clients)
    riggs = clients[1]
    play(realm, riggs, "/reload")
    assert riggs.run_lua("return TaurenHoldemDB.banks['Riggs-Thunderhorn']") == 28
    play(realm, clients[0], "/tholdem open guided")
    play(realm, riggs, "/tholdem join")
    assert "Riggs sits down with 28 poke." in clients[2].chat


@pytest.mark.parametrize(
    ("who", "line", "answer"),
    [
        ("Riggs", "/tbet abc", "/tbet abc: the amount must be a whole number of poke, 1 or more."),
        ("Riggs", "/tbet -3", "/tbet -3: the amount must be a whole number of poke, 1 or more."),
        ("Riggs", "/tbet 0", "/tbet 0: the amount must be a whole number of poke, 1 or more."),
        ("Riggs", "/tbet 999", "Riggs cannot put in 999: only 20 left"),
        ("Gray", "/tbet 2", "Gray cannot put now: it is Riggs's turn"),
        ("Skoll", "/tflop", "Skoll cannot roll the flop yet: it is Riggs's turn to bet"),
        ("Skoll", "/tpot", "a guided table pays the pot at the showdown: /tpot is for manual "
                           "tables"),
        ("Riggs", "/tholdem check", "Riggs cannot check before the flop: bet at least 2 or "
                                    "fold"),
        ("Riggs", "/tholdem raise 2", "Riggs cannot raise: there is no bet to raise, bet "
                                      "instead"),
        ("Riggs", "/tgive 2", "/tgive needs a target: target a player or name one (/tgive 2 "
                              "NAME)."),
        ("Riggs", "/tholdem dance", "Unknown command 'dance': /thelp lists them."),
    ],
)
def test_bad_input_is_one_line_and_changes_nothing(tmp_path, addon, who, line, answer):
    realm = Realm(seed=10, wtf=tmp_path / "WTF")
    clients = dict(zip(SEATS, seat_table(realm, addon, SEATS), strict=True))
    play(realm, clients["Skoll"], "/tholdem start")
    everyone_deals(realm, *clients.values())
    if line == "/tpot":
        play(realm, clients["Skoll"], "/target Riggs")
    marks = {name: len(client.chat) for name, client in clients.items()}
    play(realm, clients[who], line)
    assert new_lines(clients[who], marks[who]) == [answer]
    for name, client in clients.items():
        if name != who:
            assert new_lines(client, marks[name]) == [], name  # nothing went out
    play(realm, clients["Gray"], "/tholdem status")
    assert clients["Gray"].chat.lines[-1] == (
        "Pot 0; Riggs to act (bet at least 2 or fold); banks: Skoll 20, Riggs 20, Gray 20, "
        "Dakx 20")


def test_reset_with_chips_in_the_live_pot_and_rolling_the_flop_twice(tmp_path, addon):
    realm = Realm(seed=11, wtf=tmp_path / "WTF")
    skoll, riggs = seat_table(realm, addon, ["Skoll", "Riggs"])
    play(realm, skoll, "/tholdem start")
    everyone_deals(realm, skoll, riggs)
    play(realm, riggs, "/tbet 2")
    play(realm, riggs, "/treset")
    assert riggs.chat.lines[-1] == "Riggs cannot reset their bank while Riggs has chips in " \
        "the live pot"
    play(realm, skoll, "/tholdem call")
    play(realm, skoll, "/tflop")
    mark = len(riggs.chat)
    play(realm, skoll, "/tflop")
    assert skoll.chat.lines[-1] == "The flop is out already."
    assert new_lines(riggs, mark) == []


def test_players_join_and_leave_between_hands(tmp_path, addon):
    realm = Realm(seed=12, wtf=tmp_path / "WTF")
    skoll, riggs, gray = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"])
    play(realm, skoll, "/tholdem start")
    everyone_deals(realm, skoll, riggs, gray)
    play(realm, riggs, "/tbet 2")
    play(realm, riggs, "/tholdem leave")
    assert riggs.chat.lines[-1] == ("Hand 1 is in play: /tholdem leave waits until it is over. "
                                    "Nothing changed.")
    play(realm, gray, "/tholdem fold")
    play(realm, skoll, "/tholdem fold")  # Riggs takes the blinds-free pot back
    play(realm, gray, "/tholdem leave")
    for client in (skoll, riggs, gray):
        assert "Gray leaves the table." in client.chat
    play(realm, skoll, "/tholdem start")
    assert "Hand 2: Riggs deals." in skoll.chat  # the deal moved left
    play(realm, skoll, "/tholdem status")
    assert skoll.chat.lines[-1].endswith("banks: Skoll 20, Riggs 20")


def test_host_and_table_edges_each_get_their_line(tmp_path, addon):
    realm = Realm(seed=13, wtf=tmp_path / "WTF")
    clients = seat_table(realm, addon, ["Skoll", "Riggs"], mode="manual")
    skoll, riggs = clients
    play(realm, skoll, "/tholdem join")
    assert skoll.chat.lines[-1] == "You are already seated at this table."
    play(realm, skoll, "/tholdem leave")
    assert skoll.chat.lines[-1] == "You opened this table, so you stay seated at it."
    play(realm, riggs, "/tholdem ascii")
    assert riggs.chat.lines[-1] == "/tholdem ascii on|off: show faces by name, or as glyphs."
    play(realm, riggs, "/tholdem open min 50")
    assert riggs.chat.lines[-1] == "A table is already open (Skoll deals)."
    play(realm, skoll, "/tholdem start")
    play(realm, skoll, "/tpot")
    assert skoll.chat.lines[-1] == "/tpot needs a target: target the player who wins the pot."
    realm.script_rolls(street("2", "3", "4"), street("5"), street("6"))
    for command in ("/tflop", "/tturn", "/triver"):
        play(realm, skoll, command)
    play(realm, riggs, "/tholdem status")
    assert riggs.chat.lines[-1] == "Pot 0; Skoll gives the pot next; banks: Skoll 20, Riggs 20"


def test_a_players_forged_host_decisions_are_ignored(tmp_path, addon):
    realm = Realm(seed=14, wtf=tmp_path / "WTF")
    clients = seat_table(realm, addon, ["Skoll", "Riggs"])
    skoll, riggs = clients
    for op, extra in (("start", ""), ("seat", "500")):
        riggs.run_lua(f'C_ChatInfo.SendAddonMessage("TaurenHoldem", '
                      f'"{PROTOCOL}\\tACT\\t{clients.table_id}\\t{op}\\t{extra}\\t\\t", "PARTY")')
        realm.run_until_quiet()
    assert "Hand 1" not in " ".join(skoll.chat.lines)
    play(realm, skoll, "/tholdem status")
    assert skoll.chat.lines[-1] == "Pot 0; no hand dealt yet; banks: Skoll 20, Riggs 20"


def test_a_lone_host_with_a_big_minimum_is_told_why(tmp_path, addon):
    realm = Realm(seed=15, wtf=tmp_path / "WTF")
    skoll = realm.login("Skoll", addons=[addon])
    play(realm, skoll, "/tholdem open min 50")
    assert skoll.chat.lines[-1] == "A minimum bet of 50 is more than your bank of 20."
