"""DiceHoldem played through its generated addon by a party in the realm: lettered dice,
the DiceHoldem commands, the HOLDEM hand (all six letters among a player's seven dice)
shown and ranked at the showdown, and its table settings (limit play, a growing ante)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from addon_table import TO_ACT, build_addon, deal_fairly, play, seat_table, status, street
from conftest import write_variant
from pyhost.cli import main
from pyhost.harness import Realm
from pyhost.rules import load_ruleset

DICE_HOLDEM = load_ruleset("dice-holdem")



def board(*streets: tuple[str, ...]):
    return [street(*letters, ruleset=DICE_HOLDEM) for letters in streets]


def test_a_guided_hand_plays_to_the_showdown_where_holdem_beats_four_of_a_kind(
        tmp_path, diceholdem):
    realm = Realm(seed=1, wtf=tmp_path / "WTF")
    seated = seat_table(realm, diceholdem, ["Skoll", "Riggs", "Gray"], ruleset=DICE_HOLDEM)
    skoll, riggs, gray = seated
    assert "Skoll opens a guided table of DiceHoldem: /diceholdem join to sit down." in gray.chat
    play(realm, skoll, "/diceholdem start")
    # Skoll's E M with the board H O L D H hold all six letters (HOLDEM, the seventh die an
    # H); Riggs's H H make four H with it: the better of the two five-dice hands there is.
    deal_fairly(realm, seated, 1, {"Skoll": ("E", "M"), "Riggs": ("H", "H"), "Gray": ("O", "L")})
    realm.script_rolls(*board(("H", "O", "L"), ("D",), ("H",)))
    for client in seated:
        assert "Skoll antes 1" in client.chat and "Gray antes 1" in client.chat
    assert "1-[ E ] 2-[ M ]" in skoll.chat.lines
    assert "1-[ E ] 2-[ M ]" not in riggs.chat.lines  # hidden until the showdown
    play(realm, riggs, "/dhbet 1")
    assert riggs.chat.lines[-1] == "Riggs cannot bet 1: the least is 2"
    play(realm, gray, "/dhhand")
    assert gray.chat.lines[-8:-6] == ["1. HOLDEM  [ M ] [ E ] [ D ] [ L ] [ O ] [ H ]",
                                      "2. Five of a kind  [ L ] [ L ] [ L ] [ L ] [ L ]"]
    for client, line in [(riggs, "/dhbet 2"), (gray, "/diceholdem fold"),
                         (skoll, "/diceholdem call"), (skoll, "/dhflop"),
                         (riggs, "/diceholdem check"), (skoll, "/diceholdem check"),
                         (skoll, "/dhturn"), (riggs, "/dhbet 4"), (skoll, "/diceholdem call"),
                         (skoll, "/dhriver"), (riggs, "/diceholdem check"), (skoll, "/dhbet 10"),
                         (riggs, "/diceholdem call")]:
        play(realm, client, line)
    for client in seated:
        chat = client.chat
        assert "Dealer Skoll rolls the Flop" in chat
        assert "1-[ H ] 2-[ O ] 3-[ L ] 4-[ D ] 5-[ H ]" in chat.lines
        assert "Skoll shows 1-[ E ] 2-[ M ]: HOLDEM" in chat.lines
        assert "Riggs shows 1-[ H ] 2-[ H ]: Four of a kind" in chat.lines
        assert "Skoll wins the pot: 35 with HOLDEM" in chat.lines
    assert status(realm, gray, DICE_HOLDEM) == (
        "Pot 0; the hand is over; banks: Skoll 118, Riggs 83, Gray 99")
    assert realm.errors() == []


@pytest.mark.parametrize(("riggs", "winner_lines", "banks"), [
    # Both hold HOLDEM with the board H O L D M: Riggs's seventh die, an H, beats Skoll's M.
    (("E", "H"), ["Riggs wins the pot: 6 with HOLDEM"], "Skoll 97, Riggs 103"),
    # The same seventh die: the pot is split.
    (("E", "M"), ["Riggs splits the pot: 3 with HOLDEM", "Skoll splits the pot: 3 with HOLDEM"],
     "Skoll 100, Riggs 100"),
])
def test_two_holdem_hands_compare_by_their_seventh_die(tmp_path, diceholdem, riggs,
                                                       winner_lines, banks):
    realm = Realm(seed=2, wtf=tmp_path / "WTF")
    seated = seat_table(realm, diceholdem, ["Skoll", "Riggs"], ruleset=DICE_HOLDEM)
    skoll, riggs_client = seated
    play(realm, skoll, "/diceholdem start")
    deal_fairly(realm, seated, 1, {"Skoll": ("E", "M"), "Riggs": riggs})
    realm.script_rolls(*board(("H", "O", "L"), ("D",), ("M",)))
    play(realm, riggs_client, "/dhbet 2")
    play(realm, skoll, "/diceholdem call")
    for street_command in ("/dhflop", "/dhturn", "/dhriver"):
        play(realm, skoll, street_command)  # Skoll deals; Riggs, on his left, acts first
        play(realm, riggs_client, "/diceholdem check")
        play(realm, skoll, "/diceholdem check")
    shown = " ".join(f"{n}-[ {letter} ]" for n, letter in enumerate(riggs, 1))
    for client in seated:
        assert "Skoll shows 1-[ E ] 2-[ M ]: HOLDEM" in client.chat.lines
        assert f"Riggs shows {shown}: HOLDEM" in client.chat.lines
        paid = [line for line in client.chat.lines if " the pot: " in line]
        assert paid == winner_lines
    assert status(realm, skoll, DICE_HOLDEM) == (
        f"Pot 0; the hand is over; banks: {banks}")
    assert realm.errors() == []


def test_limit_play_and_a_growing_ante_are_table_settings_the_addon_plays(tmp_path):
    path = write_variant(tmp_path, "dice-holdem", {
        "maximum_raise = 0": "maximum_raise = 4", "raise_cap = 0": "raise_cap = 1",
        "ante_growth = 0": "ante_growth = 2"}, "limit")
    ruleset = load_ruleset(path)
    described = CliRunner().invoke(main, ["rules", str(path)]).output
    assert "raise limit 4, at most 1 raises a round" in described
    assert "ante 1, the ante grows by 2 every 1 hand(s)" in described
    addon = build_addon(tmp_path / "addons", str(path))
    realm = Realm(seed=3, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"], ruleset=ruleset)
    skoll, riggs, gray = seated
    play(realm, skoll, "/diceholdem start")
    deal_fairly(realm, seated, 1)
    assert "Gray antes 1" in skoll.chat.lines
    play(realm, riggs, "/dhbet 5")
    assert riggs.chat.lines[-1] == "Riggs cannot bet 5: the limit is 4"
    play(realm, riggs, "/dhbet 4")
    play(realm, gray, "/diceholdem raise 4")  # the one raise a round allows
    play(realm, skoll, "/diceholdem raise 4")
    assert skoll.chat.lines[-1] == (
        "Skoll may only call or fold: the betting is capped at 1 raise(s) this round")
    for client in (skoll, riggs):
        play(realm, client, "/diceholdem fold")
    assert status(realm, skoll, ruleset) == (
        "Pot 0; the hand is over; banks: Skoll 99, Riggs 95, Gray 106")
    # Hand 2: the ante has grown by 2.
    play(realm, skoll, "/diceholdem start")
    since = len(skoll.chat.lines)
    deal_fairly(realm, seated, 2)
    antes = [line for line in skoll.chat.lines[since:] if " antes " in line]
    assert sorted(antes) == ["Gray antes 3", "Riggs antes 3", "Skoll antes 3"]
    by_name = {client.name: client for client in seated}
    for _ in range(2):  # two fold: the hand is over
        acting = TO_ACT.search(status(realm, skoll, ruleset))
        play(realm, by_name[acting.group(1)], "/diceholdem fold")
    assert "the hand is over" in status(realm, skoll, ruleset)
    assert realm.errors() == []
    # The hand log, replayed with the table's ruleset, finds hand 2's grown antes fair.
    skoll.logout()
    saved = realm.wtf / "Account" / "SKOLL" / "SavedVariables" / "DiceHoldem.lua"
    result = CliRunner().invoke(main, ["verify", str(saved), "--ruleset", str(path)])
    assert result.exit_code == 0, result.output
    assert [line.split(": ")[-1] for line in result.output.splitlines()[1:]] == ["fair"] * 2


def test_the_demo_plays_a_hand_where_holdem_beats_four_of_a_kind():
    result = CliRunner().invoke(main, ["demo", "dice-holdem"])
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    for line in ("Skoll shows 1-[ E ] 2-[ M ]: HOLDEM",
                 "Riggs shows 1-[ H ] 2-[ H ]: Four of a kind",
                 "Skoll wins the pot: 35 with HOLDEM", "1-[ H ] 2-[ O ] 3-[ L ] 4-[ D ] 5-[ H ]"):
        assert out.count(line) == 3, line  # in each of the three chat frames
    assert "Pot 0; the hand is over; banks: Skoll 118, Riggs 83, Gray 99" in out
