"""A guided table through restricted content (retail 12.x): a player in an encounter mid-hand,
the whole group in a Mythic+ run; the hand still ends fair, with no Lua error."""

from __future__ import annotations

from addon_table import (
    ROLLS_NEXT,
    TO_ACT,
    banks,
    deal_fairly,
    play,
    seat_table,
    status,
)
from pyhost.harness import Realm

PAUSE = "The table pauses: you are in {}, where the game hides rolls and chat from addons."
RESUME = "The table resumes: catching up with what it missed."
AWAY = ("{} is in restricted content, where the game hides the table: it waits for them (up to 5"
        " minutes).")
GRACE = 300  # AWAY_GRACE in core/Restricted.lua


def step(realm, seated, choose) -> bool:
    """One move of the hand as the host's status line says: the player to act acts, or the
    street's roller rolls. False once the hand is over."""
    by_name = {client.name: client for client in seated}
    line = status(realm, seated[0])
    if "the hand is over" in line:
        return False
    acting = TO_ACT.search(line)
    if acting:
        play(realm, by_name[acting.group(1)], choose(acting.group(2)))
        return True
    rolling = ROLLS_NEXT.search(line)
    assert rolling, line
    play(realm, by_name[rolling.group(1)], f"/t{rolling.group(2)}")
    return True


def calls(situation: str) -> str:
    if "call" in situation:
        return "/tholdem call"
    return "/tholdem check" if "check" in situation else "/tholdem bet 2"


def finish(realm, seated) -> None:
    for _ in range(60):
        if not step(realm, seated, calls):
            break
    realm.run_until_quiet(horizon=None)
    lines = {client.name: banks(status(realm, client)) for client in seated}
    assert len({tuple(sorted(b.items())) for b in lines.values()}) == 1, lines
    assert sum(next(iter(lines.values())).values()) == 20 * len(seated)  # no chip made or lost


def test_a_player_in_an_encounter_mid_hand_is_paused_caught_up_and_plays_on(tmp_path, addon):
    realm = Realm(seed=21, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"])
    skoll, riggs, gray = seated
    play(realm, skoll, "/tholdem start")
    deal_fairly(realm, seated, 1)
    realm.restrict(gray, "Encounter")
    assert PAUSE.format("an encounter") in gray.chat.lines[-1]
    # The others play on: Riggs bets; Gray's client hears nothing of it.
    play(realm, riggs, "/tholdem bet 2")
    assert "Riggs bets 2" in skoll.chat
    assert "Riggs bets 2" not in gray.chat
    assert AWAY.format("Gray") in skoll.chat and AWAY.format("Gray") in riggs.chat
    realm.advance(150)  # past the turn's deadline (120 s): the table waits for Gray
    assert "Gray took too long" not in skoll.chat
    realm.lift(gray, "Encounter")
    realm.run_until_quiet()
    assert RESUME in gray.chat
    assert "Gray is back at the table." in skoll.chat
    assert "Riggs bets 2" in " ".join(gray.chat.lines) or "Your turn: 2 to call" in gray.chat
    play(realm, gray, "/tholdem call")
    assert "Gray calls 2" in skoll.chat
    # Skoll's call closes the betting; Gray is in again as the flop is rolled (by itself,
    # half a second after) and bet: its roll line reaches Gray's addon secret, unread.
    skoll.type("/tholdem call")
    realm.advance(0.3)
    realm.restrict(gray, "Encounter")
    since = len(gray.chat)
    realm.run_until_quiet()
    assert any(line.startswith("Riggs rolls ") for line in gray.chat.lines[since:])  # shown
    step(realm, seated, calls)
    realm.advance(5)
    realm.lift(gray, "Encounter")
    realm.run_until_quiet()
    finish(realm, seated)
    assert gray.chat.matching(RESUME) and len(gray.chat.matching("The table pauses")) == 2
    assert not realm.errors()


def test_the_whole_table_in_a_mythic_run_waits_and_goes_on_after(tmp_path, addon):
    realm = Realm(seed=22, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"])
    skoll = seated[0]
    play(realm, skoll, "/tholdem start")
    deal_fairly(realm, seated, 1)
    for _ in range(2):  # the preflop betting: a bet, a call
        step(realm, seated, calls)
    # The last call closes the betting; the whole group enters the run as it arrives, before
    # the roller's automatic roll (half a second later) of the flop.
    last = TO_ACT.search(status(realm, skoll))
    {client.name: client for client in seated}[last.group(1)].type("/tholdem call")
    realm.advance(0.3)
    realm.restrict(realm.group_of(skoll), "ChallengeMode")
    assert ROLLS_NEXT.search(status(realm, skoll))
    for client in seated:
        assert PAUSE.format("a Mythic+ run") in client.chat
    realm.advance(90)  # past the roll's deadline (60 s): nobody rolls, nobody is replaced
    assert not any("took too long" in line for client in seated for line in client.chat)
    assert not any("deals on" in line for client in seated for line in client.chat)
    realm.lift(realm.group_of(skoll), "ChallengeMode")
    realm.run_until_quiet()
    for client in seated:
        assert RESUME in client.chat
    finish(realm, seated)
    assert not realm.errors()


def test_a_bet_typed_in_an_encounter_waits_and_the_player_reads_one_line_each_way(tmp_path,
                                                                                  addon):
    realm = Realm(seed=23, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs"])
    skoll, riggs = seated
    play(realm, skoll, "/tholdem start")
    deal_fairly(realm, seated, 1)
    since = len(riggs.chat)
    realm.restrict(riggs, "Encounter")
    riggs.type("/tbet 2")  # refused by the server (AddOnMessageLockdown): it waits, queued
    realm.advance(5)
    assert "Riggs bets 2" not in skoll.chat
    realm.lift(riggs, "Encounter")
    realm.advance(2)
    realm.run_until_quiet()
    assert "Riggs bets 2" in skoll.chat
    told = [line for line in riggs.chat.lines[since:]
            if line.startswith(("The table pauses", "The table resumes", "Chat is"))]
    assert told == [PAUSE.format("an encounter") + " It waits for you a while and catches you"
                    " up when you are out.", RESUME], told
    assert "Caught up with Skoll's table" in " ".join(riggs.chat.lines[since:])
    finish(realm, seated)
    assert not realm.errors()


def test_the_host_in_an_encounter_as_a_street_is_due_holds_the_roll_until_it_is_out(tmp_path,
                                                                                    addon):
    realm = Realm(seed=24, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"])
    skoll, riggs, _ = seated
    play(realm, skoll, "/tholdem start")
    deal_fairly(realm, seated, 1)
    for _ in range(2):
        step(realm, seated, calls)
    assert TO_ACT.search(status(realm, skoll)).group(1) == "Skoll"
    since = len(riggs.chat)
    skoll.type("/tholdem call")  # closes the betting: Riggs's client rolls the flop by itself
    realm.advance(0.3)
    realm.restrict(skoll, "Encounter")  # ... but hears first that the host is away
    realm.advance(100)
    assert not any(line.startswith("Riggs rolls") for line in riggs.chat.lines[since:])
    assert AWAY.format("Skoll") in riggs.chat
    realm.lift(skoll, "Encounter")
    realm.run_until_quiet()
    assert "Skoll is back at the table." in riggs.chat
    finish(realm, seated)
    assert not realm.errors()


def test_the_table_waits_for_a_restricted_seat_once_a_hand_and_no_longer_than_its_grace(
        tmp_path, addon):
    realm = Realm(seed=25, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"])
    skoll, riggs, gray = seated
    play(realm, skoll, "/tholdem start")
    deal_fairly(realm, seated, 1)
    play(realm, riggs, "/tholdem bet 2")
    realm.restrict(gray, "PvPMatch")
    realm.advance(GRACE + 100)  # its grace, then the turn's deadline (120 s) almost
    assert "Gray took too long" not in skoll.chat
    realm.advance(30)  # the host acts for Gray, as for anyone away
    assert "Gray took too long: the table acts for them." in skoll.chat
    assert "Gray folds" in skoll.chat
    realm.lift(gray, "PvPMatch")
    realm.run_until_quiet()
    # In again within the same hand: the table does not wait a second time.
    since = len(skoll.chat)
    realm.restrict(gray, "PvPMatch")
    realm.run_until_quiet()
    assert AWAY.format("Gray") not in skoll.chat.lines[since:]
    realm.lift(gray, "PvPMatch")
    realm.run_until_quiet()
    finish(realm, seated)
    assert not realm.errors()


def test_an_away_claim_is_taken_only_from_a_seat_for_itself(tmp_path, addon):
    realm = Realm(seed=26, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs"])
    skoll = seated[0]
    watcher = realm.login("Dakx", addons=[addon])
    realm.invite(skoll, watcher)
    realm.run_until_quiet()
    play(realm, skoll, "/tholdem start")
    deal_fairly(realm, seated, 1)
    watcher.run_lua(f'C_ChatInfo.SendAddonMessage("TaurenHoldem", "3\\tAWAY\\t{seated.table_id}'
                    '\\t1", "PARTY")')
    realm.run_until_quiet()
    assert not skoll.chat.matching("is in restricted content")
    assert not realm.errors()
