"""Fair hidden dice: nobody can peek at them, choose them, or lie about them."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from addon_table import (
    BEAT,
    PROTOCOL,
    SEED,
    check_down,
    deal_fairly,
    dealt_table,
    everyone_deals,
    face,
    play,
    play_hand,
    seat_table,
    seed_roll,
    seed_rolls,
    seeds_rolled,
    status,
    street,
)
from lua_addon import render
from pyhost import fairplay
from pyhost.harness import Realm
from pyhost.harness.bitlib import library
from pyhost.rules import load_ruleset
from realm_helpers import RECORDER, addon_messages, lose

SNIFFER = Path(__file__).parent / "addons" / "Sniffer"
TAUREN = load_ruleset("tauren-holdem")


def fair_namespace():
    """Fair.lua as the addon loads it (with Sha256.lua), in a runtime of its own: the runtime
    and the addon's namespace."""
    from lupa import lua51

    lua = lua51.LuaRuntime(encoding=None, unpack_returned_tuples=True)
    lua.globals()[b"bit"] = lua.table_from({k.encode(): v for k, v in library().items()})
    ns = lua.table()
    ns[b"Comm"] = lua.table_from({b"me": lambda: b"Skoll-Thunderhorn"})
    for name, code in render(TAUREN, "Rules.lua", "Sha256.lua", "Fair.lua").items():
        lua.globals()[b"loadstring"](code, name.encode())(b"TaurenHoldem", ns)
    return lua, ns


@pytest.fixture(scope="module")
def fair_runtime():
    return fair_namespace()


@pytest.fixture(scope="module")
def fair_lua(fair_runtime):
    return fair_runtime[1][b"Fair"]


@settings(max_examples=40)
@given(secret=st.text(alphabet="0123456789abcdef", min_size=64, max_size=64),
       seed=st.integers(1, 1_000_000), name=st.sampled_from(["Skoll-Thunderhorn", "Mära-Aszune"]),
       count=st.integers(1, 5))
def test_the_lua_and_python_arithmetic_agree(fair_lua, secret, seed, name, count):
    closed = fairplay.set_hash([fairplay.commitment(secret), "ab" * 32])
    hand_id = "Skoll-Thunderhorn:1796000000#3"
    assert fair_lua[b"commitment"](secret.encode()).decode() == fairplay.commitment(secret)
    lua_dice = fair_lua[b"dice"](secret.encode(), seed, hand_id.encode(), name.encode(),
                                 closed.encode(), count)
    expected = fairplay.dice(secret, seed, hand_id, name, closed, TAUREN.dice.count, count)
    assert list(lua_dice.values()) == expected


HEX = "0123456789abcdef"


@settings(max_examples=40)
@given(commitments=st.lists(st.one_of(st.text(alphabet=HEX + "ABCDEF", min_size=64, max_size=64),
                                      st.text(max_size=40)), min_size=1, max_size=5),
       secret=st.text(max_size=70))
def test_the_lua_and_python_set_hash_and_commitment_agree_on_any_text(fair_runtime, commitments,
                                                                      secret):
    # A cheat may send any text for a commitment or a secret: both sides pack it alike.
    lua, ns = fair_runtime
    items = lua.table_from([c.encode() for c in commitments])
    assert ns[b"Fair"][b"set_hash"](items).decode() == fairplay.set_hash(commitments)
    assert ns[b"Fair"][b"commitment"](secret.encode()).decode() == fairplay.commitment(secret)


def test_each_fair_hash_is_one_or_two_sha256_blocks():
    # A 64-byte block costs ~350 `bit` calls, so each hash of the fair dice is packed: the
    # commitment, a range and the seed's are one block; the hand's key (once a hand) and a
    # player's dice two; the set hash of 40 commitments 11 (16 bytes of each).
    runtime, ns = fair_namespace()
    lengths: list[int] = []
    digest = ns[b"Sha256"][b"digest"]

    def counted(message):
        lengths.append(len(message))
        return digest(message)

    ns[b"Sha256"][b"digest"] = counted
    fair = ns[b"Fair"]
    blocks = lambda: sum((n + 8) // 64 + 1 for n in lengths)  # noqa: E731
    secret, hand_id = "ab" * 32, b"Skoll-Thunderhorn:1796000000#12"

    def cost(call) -> int:
        lengths.clear()
        call()
        return blocks()

    assert cost(lambda: fair[b"commitment"](secret.encode())) == 1
    closed = fair[b"set_hash"](runtime.table_from([f"{i:064x}".encode() for i in range(40)]))
    assert cost(lambda: fair[b"set_hash"](runtime.table_from(
        [f"{i:064x}".encode() for i in range(40)]))) == 11
    assert cost(lambda: fair[b"seed_range"](closed, hand_id, b"0123456789abcdef")) == 2 + 1
    assert cost(lambda: fair[b"street_range"](closed, hand_id, 3, b"0123456789abcdef", 1)) == 1
    assert cost(lambda: fair[b"dice"](secret.encode(), 499999, hand_id,
                                      b"Skoll-Thunderhorn", closed, 2)) == 2


@settings(max_examples=40)
@given(closed=st.text(alphabet=HEX, min_size=64, max_size=64),
       nonce=st.text(alphabet=HEX, min_size=16, max_size=16), street=st.integers(1, 3))
def test_the_lua_and_python_ranges_agree(fair_lua, closed, nonce, street):
    hand_id = "Skoll-Thunderhorn:1796000000#3"
    low, high = fairplay.seed_range(closed, hand_id, nonce)
    assert tuple(fair_lua[b"seed_range"](closed.encode(), hand_id.encode(), nonce.encode())) \
        == (low, high)
    assert low >= 1 and high <= fairplay.MAX_ROLL and high - low + 1 == fairplay.SEED_WIDTH
    count = TAUREN.deal.community[street - 1]
    low, high = fairplay.street_range(closed, hand_id, street, nonce, TAUREN.dice.count, count)
    assert tuple(fair_lua[b"street_range"](closed.encode(), hand_id.encode(), street,
                                           nonce.encode(), count)) == (low, high)
    assert low >= 1 and high <= fairplay.MAX_ROLL and high - low + 1 == TAUREN.dice.count ** count


def test_each_nonce_gives_its_own_range():
    # The range follows from the set, the hand and the closing message's nonce: another nonce,
    # another range, anywhere in the server's 1-1000000.
    closed, hand_id = fairplay.sha256_hex("set"), "Skoll-Thunderhorn:1796000000#1"
    seeds = {fairplay.seed_range(closed, hand_id, f"{n:016x}")[0] for n in range(200)}
    flops = {fairplay.street_range(closed, hand_id, 1, f"{n:016x}", 8, 3)[0] for n in range(200)}
    assert len(seeds) == 200 and len(flops) == 200
    assert min(seeds) < 100_000 and max(seeds) > 400_000
    assert fairplay.seed_range(closed, "Skoll-Thunderhorn:1796000000#2", "0" * 16) != \
        fairplay.seed_range(closed, hand_id, "0" * 16)


def test_faces_are_drawn_without_bias():
    # Six faces: bytes 252-255 would favour faces 1-4, so they are skipped.
    draws = [die for n in range(3000) for die in
             fairplay.dice(f"s{n}", 1, "h", "n", "x", 6, 2)]
    counts = [draws.count(f) for f in range(1, 7)]
    assert min(counts) > 850 and max(counts) < 1150


def sniffed_hand(tmp_path: Path, addon: Path, wanted: dict) -> tuple[list[str], list[str]]:
    """One hand to the showdown with a sniffer in the party; its log before the first reveal,
    and Riggs's chat frame."""
    realm = Realm(seed=7, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs"])
    sniffer = realm.login("Mogg", addons=[SNIFFER])
    realm.invite(seated[0], sniffer)
    realm.run_until_quiet()
    skoll, riggs = seated
    play(realm, skoll, "/tholdem start")
    deal_fairly(realm, seated, 1, wanted)
    realm.script_rolls(street("5", "3", "6"), street("6"), street("Warrior"))
    play(realm, riggs, "/tbet 2")
    play(realm, skoll, "/tholdem call")
    check_down(realm, skoll, riggs, skoll)
    log = sniffer.run_lua("return SnifferLog")
    first_reveal = next(i for i, line in enumerate(log) if "\tshow\t" in line)
    return log[:first_reveal], riggs.chat.lines


def test_nothing_before_the_reveal_depends_on_the_hidden_dice(tmp_path, addon):
    one, chat_one = sniffed_hand(tmp_path / "a", addon,
                                 {"Skoll": ("Shaman", "6"), "Riggs": ("Chieftain", "4")})
    two, chat_two = sniffed_hand(tmp_path / "b", addon,
                                 {"Skoll": ("2", "2"), "Riggs": ("3", "Warrior")})
    assert "1-[ ╣ ] 2-[: : ]" in chat_one and "1-[.· '] 2-[ Φ ]" in chat_two

    def masked(log: list[str]) -> list[str]:
        out = []
        for line in log:
            line = re.sub(r"\b[0-9a-f]{64}\b", "<hash>", line)  # commitments, the set hash
            line = re.sub(r"\b[0-9a-f]{16}\b", "<nonce>", line)  # the close's, each turn's
            roll = re.search(r"rolls (\d+) \((\d+)-(\d+)\)$", line)
            if roll:
                # A roll's range follows from the set hash and a nonce; the roll is the same.
                width = int(roll[3]) - int(roll[2]) + 1
                offset = int(roll[1]) - int(roll[2])
                line = f"{line[:roll.start()]}rolls <low> + {offset} of {width}"
            out.append(line)
        return out

    assert masked(one) == masked(two)
    assert one != two  # the commitments themselves differ
    for line in one:
        assert "Chieftain" not in line and "[ ╣ ]" not in line


def cheat_showing(tmp_path, addon, dice: str) -> Path:
    """A copy of the addon modified to show `dice` ("6, 6") whatever it committed to."""
    cheat = tmp_path / "cheat" / "TaurenHoldem"
    shutil.copytree(addon, cheat)
    game = (cheat / "Game.lua").read_text(encoding="utf-8")
    honest = 'Game.request("show", nil, my_secret or "", my_dice or { 1, 1 })'
    assert honest in game
    (cheat / "Game.lua").write_text(game.replace(honest, 'Game.request("show", nil, '
                                                 f'my_secret or "", {{ {dice} }})'),
                                    encoding="utf-8")
    return cheat


def showdown_with_a_cheat(tmp_path, addon, dice: str):
    """Riggs holds a straight; Mogg's addon shows `dice`, Skoll folds. Counts each client's
    reveal checks (Fair.check)."""
    realm = Realm(seed=8, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Mogg"],
                        addons={"Mogg": cheat_showing(tmp_path, addon, dice)})
    skoll, riggs, mogg = seated
    play(realm, skoll, "/tholdem start")
    deal_fairly(realm, seated, 1, {"Riggs": ("Chieftain", "4")})
    realm.script_rolls(street("5", "3", "6"), street("6"), street("Warrior"))
    play(realm, riggs, "/tbet 2")
    play(realm, mogg, "/tholdem call")
    play(realm, skoll, "/tholdem fold")
    checks = count_checks(seated)
    check_down(realm, skoll, riggs, mogg)
    return realm, seated, checks


def count_checks(seated) -> dict[str, list[str]]:
    """Whose reveals each client checks (Fair.check), from now on."""
    checked: dict[str, list[str]] = {client.name: [] for client in seated}
    for client in seated:
        fair = client.addons["TaurenHoldem"].namespace.Fair
        check = fair.check

        def counted(commitment, secret, dice, seed, hand_id, name, set_hash, *, into=checked[
                client.name], check=check):
            into.append(str(name, "utf-8") if isinstance(name, bytes) else str(name))
            return check(commitment, secret, dice, seed, hand_id, name, set_hash)

        fair.check = counted
    return checked


def test_a_cheater_whose_dice_would_win_is_caught_by_everyone(tmp_path, addon):
    # Mogg's addon shows a pair of 6s, four of a kind with the board: it would beat Riggs'
    # straight, so every client checks it, finds it false, and the hand is dead.
    realm, (skoll, riggs, mogg), checks = showdown_with_a_cheat(tmp_path, addon, "6, 6")
    caught = "Mogg showed dice that do not follow from what they committed to: the hand is dead."
    for client in (skoll, riggs, mogg):
        assert caught in client.chat, client.name
        assert "Riggs wins the pot: 4 with Straight" in client.chat
        # Mogg's reveal, then Riggs', the next best: each client checked both, once.
        assert sorted(checks[client.name]) == ["Mogg-Thunderhorn", "Riggs-Thunderhorn"]
    play(realm, riggs, "/tholdem status")
    assert riggs.chat.lines[-1].endswith("banks: Skoll 20, Riggs 22, Mogg 18")


def test_a_false_reveal_that_loses_is_never_checked_and_changes_nothing(tmp_path, addon):
    # Mogg's addon shows a pair of Shamans (two pair with the board), which loses to Riggs'
    # straight: nobody checks it (false or true, it would win nothing), only Riggs' winning
    # reveal is checked, and the pot and banks are what a dead hand would have left.
    realm, (skoll, riggs, mogg), checks = showdown_with_a_cheat(tmp_path, addon, "8, 8")
    for client in (skoll, riggs, mogg):
        assert "Riggs wins the pot: 4 with Straight" in client.chat
        assert "Mogg showed dice that do not follow" not in "\n".join(client.chat)
        assert checks[client.name] == ["Riggs-Thunderhorn"], client.name
    play(realm, riggs, "/tholdem status")
    assert riggs.chat.lines[-1].endswith("banks: Skoll 20, Riggs 22, Mogg 18")


def test_grinding_a_secret_gains_nothing(tmp_path, addon):
    realm = Realm(seed=9, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs"])
    skoll, riggs = seated
    play(realm, skoll, "/tholdem start")
    # Riggs grinds a secret for two Shamans under the seed he hopes for; the seed roll the
    # server makes is another.
    deal_fairly(realm, seated, 1, {"Riggs": ("Shaman", "Shaman")}, seed=SEED)
    assert "1-[ ¥ ] 2-[ ¥ ]" in riggs.chat.lines
    realm2 = Realm(seed=9, wtf=tmp_path / "WTF2")
    seated2 = seat_table(realm2, addon, ["Skoll", "Riggs"])
    play(realm2, seated2[0], "/tholdem start")
    randoms = fairplay.grind(
        [c.full_name for c in seated2], {"Riggs-Thunderhorn": [face("Shaman")] * 2},
        milliseconds=int(realm2.game_time() * 1000 + 0.5), epoch=realm2.epoch(), counter=1,
        seed=SEED, hand_id=f"{seated2.table_id}#1", faces=8, hidden=2)
    realm2.script_rolls(seed_roll(SEED + 1))  # the server's seed is not the one he ground for
    for client in seated2:
        client.script_random(*randoms[client.full_name])
        client.type("/tdeal")
    realm2.run_until_quiet()
    assert "1-[ ¥ ] 2-[ ¥ ]" not in seated2[1].chat.lines


def test_the_secret_is_saved_at_once(tmp_path, addon):
    realm = Realm(seed=10, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs"])
    play(realm, seated[0], "/tholdem start")
    play(realm, seated[1], "/tdeal")
    saved = seated[1].run_lua("return TaurenHoldemDB.secrets['Riggs-Thunderhorn'].secret")
    assert re.fullmatch(r"[0-9a-f]{64}", saved)
    play(realm, seated[1], "/reload")
    assert seated[1].run_lua("return TaurenHoldemDB.secrets['Riggs-Thunderhorn'].secret") \
        == saved


def test_a_dealers_award_against_the_showdown_is_refused(tmp_path, addon):
    realm = Realm(seed=11, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs"])
    skoll, riggs = seated
    play(realm, skoll, "/tholdem start")
    everyone_deals(realm, skoll, riggs)
    play(realm, riggs, "/tbet 2")
    # The host forges an award of the live pot to himself, as the next sequenced DO (seat
    # was 1, start 2, close 3; the bet was Riggs's own turn, which nobody orders).
    skoll.run_lua(f'C_ChatInfo.SendAddonMessage("TaurenHoldem", '
                  f'"{PROTOCOL}\\tDO\\t{seated.table_id}\\t4\\tpot\\tSkoll-Thunderhorn\\t\\t'
                  f'Skoll-Thunderhorn\\t\\t0", "PARTY")')
    realm.run_until_quiet()
    assert riggs.chat.lines[-1] == "a guided table pays the pot at the showdown: /tpot is for " \
        "manual tables"
    play(realm, riggs, "/tholdem status")
    assert riggs.chat.lines[-1].endswith("banks: Skoll 20, Riggs 18")
    # A player's forged order is ignored, and the host's player is told once.
    mark = len(skoll.chat)
    for _ in range(2):
        riggs.run_lua(f'C_ChatInfo.SendAddonMessage("TaurenHoldem", '
                      f'"{PROTOCOL}\\tDO\\t{seated.table_id}\\t5\\tgive\\tSkoll-Thunderhorn\\t20\\t'
                      f'Riggs-Thunderhorn\\t\\t0", "PARTY")')
        realm.run_until_quiet()
    assert skoll.chat.lines[mark:] == [
        "Ignored a table message from Riggs: only Skoll, who opened the table, sends those."]
    play(realm, skoll, "/tholdem status")
    assert skoll.chat.lines[-1].endswith("banks: Skoll 20, Riggs 18")


def test_a_bank_is_the_tables_record_not_the_players_claim(tmp_path, addon):
    realm = Realm(seed=12, wtf=tmp_path / "WTF")
    skoll = realm.login("Skoll", addons=[addon])
    riggs = realm.login("Riggs", addons=[addon])
    realm.party(skoll, riggs)
    riggs.run_lua("TaurenHoldemDB.banks['Riggs-Thunderhorn'] = 5000")  # an edited saved file
    play(realm, skoll, "/tholdem open")
    play(realm, riggs, "/tholdem join")
    assert "Riggs claims a bank of 5000; the table's record is 20." in skoll.chat
    assert "Riggs sits down with 20 poke." in riggs.chat


def test_another_protocol_version_is_named_once_and_ignored(tmp_path, addon):
    realm = Realm(seed=13, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"])
    skoll, riggs, gray = seated
    for _ in range(3):
        riggs.run_lua('C_ChatInfo.SendAddonMessage("TaurenHoldem", "9\\tDO\\tx", "PARTY")')
    gray.run_lua('C_ChatInfo.SendAddonMessage("TaurenHoldem", "\\tDO\\tx", "PARTY")')
    realm.run_until_quiet()
    # Two senders' messages keep no order between them.
    assert sorted(skoll.chat.matching("runs another version")) == [
        "Gray runs another version of this addon (protocol ?): they sit this table out.",
        "Riggs runs another version of this addon (protocol 9): they sit this table out."]


def test_chat_lockdown_pauses_the_table_and_it_resumes(tmp_path, addon):
    realm = Realm(seed=14, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs"])
    skoll, riggs = seated
    play(realm, skoll, "/tholdem start")
    everyone_deals(realm, skoll, riggs)
    riggs.lockdown = True
    riggs.type("/tbet 2")
    realm.advance(5)  # the addon keeps trying once a second while the lockdown lasts
    assert "Chat is locked down: the table is paused until it lifts." in riggs.chat
    assert "Riggs bets 2" not in skoll.chat
    riggs.lockdown = False
    realm.advance(2)
    realm.run_until_quiet()
    assert "Chat is back: the table goes on." in riggs.chat
    assert "Riggs bets 2" in skoll.chat


@pytest.mark.slow  # a long case: .ci/run runs it apart (pytest -m slow)
def test_a_player_who_reloads_on_every_street_catches_up_and_finishes_the_hand(tmp_path, addon):
    realm = Realm(seed=15, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"])
    skoll, riggs, gray = seated
    play(realm, skoll, "/tholdem start")
    deal_fairly(realm, seated, 1, {"Gray": ("Chieftain", "4"), "Riggs": ("2", "3"),
                                   "Skoll": ("2", "2")})
    realm.script_rolls(street("5", "3", "6"), street("6"), street("Warrior"))
    play(realm, gray, "/reload")  # before a bet is made: the hand and Gray's secret survive
    assert gray.chat.lines[-3:-1] == [
        "Caught up with Skoll's table; dice you did not see rolled are as the host attests.",
        "1-[ ╣ ] 2-[: : ]"]
    play(realm, riggs, "/tbet 2")
    play(realm, gray, "/tholdem call")
    play(realm, skoll, "/tholdem call")
    for command in ("/tflop", "/tturn", "/triver"):
        play(realm, skoll, command)
        play(realm, gray, "/reload")
        for client in (riggs, gray, skoll):
            play(realm, client, "/tholdem check")
    for client in seated:
        assert "Gray shows 1-[ ╣ ] 2-[: : ]: Straight" in client.chat, client.name
        assert "Gray wins the pot: 6 with Straight" in client.chat, client.name
    assert len({status(realm, client) for client in seated}) == 1
    assert realm.errors() == []


def test_a_table_with_a_timeout_acts_for_a_player_who_is_gone(tmp_path, addon):
    realm = Realm(seed=16, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"], options="timeout 30")
    skoll, riggs, gray = seated
    # Time is driven by hand here: running until quiet would let every timeout run out.
    skoll.type("/tholdem start")
    realm.advance(2)
    realm.logout(gray)  # gone before dealing, betting or showing anything
    realm.script_rolls(seed_roll(SEED))
    skoll.type("/tdeal")
    riggs.type("/tdeal")
    realm.advance(2)
    assert not seed_rolls(skoll)  # the set waits for Gray
    realm.advance(31)  # ... until the time is up: the set closes without Gray, who sits out
    for client in (skoll, riggs):
        assert "Gray sits this hand out (no roll under the box)" in client.chat
        assert seeds_rolled(client) == [("Riggs", SEED)]  # (not the host, who closed the set)
    riggs.type("/tbet 2")
    realm.advance(2)
    skoll.type("/tholdem call")
    realm.advance(2)
    assert "Pot 4; Riggs to act" in status_now(skoll)  # Riggs rolled the flop: Skoll closed


def status_now(client):
    client.type("/tholdem status")
    return client.chat.lines[-1]


def test_when_the_host_and_dealer_drops_the_next_seat_takes_over(tmp_path, addon):
    realm = Realm(seed=17, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"], options="timeout 30")
    skoll, riggs, gray = seated
    skoll.type("/tholdem start")
    realm.advance(2)
    realm.script_rolls(seed_roll(SEED), street("5", "3", "6"), street("6"), street("Warrior"))
    for client in seated:
        client.type("/tdeal")
    realm.advance(3)
    riggs.type("/tbet 2")
    realm.advance(2)
    realm.logout(skoll)  # the host, who is also the dealer, disconnects mid-hand
    realm.advance(2)
    for client in (riggs, gray):
        assert "Skoll is gone: Riggs runs the table now." in client.chat.lines
    gray.type("/tholdem call")
    realm.advance(33)  # Skoll's turn runs out: he folds, his chips stay in the pot
    assert "Skoll folds" in gray.chat
    assert "Skoll is gone: Riggs deals on." in gray.chat.lines
    for command in ("/tflop", "/tturn", "/triver"):
        # Riggs rolls the streets (Gray those whose betting Riggs's turn closed), by
        # themselves; the button stays with Skoll, so Riggs, on his left, acts first.
        riggs.type(command)
        realm.advance(2)
        for client in (riggs, gray):
            client.type("/tholdem check")
            realm.advance(2)
    realm.advance(3)
    lines = {status_now(client) for client in (riggs, gray)}
    assert len(lines) == 1
    final = lines.pop()
    assert final.startswith("Pot 0; the hand is over")
    assert sum(int(n) for n in re.findall(r" (\d+)(?:,|$)", final.split("banks: ")[1])) == 60
    assert realm.errors() == []


def test_a_player_who_drops_is_folded_after_a_grace_and_their_chips_stay(tmp_path, addon):
    realm = Realm(seed=20, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"], options="notimeout")
    skoll, riggs, gray = seated
    play(realm, skoll, "/tholdem start")
    deal_fairly(realm, seated, 1)
    play(realm, riggs, "/tbet 2")
    play(realm, gray, "/tholdem call")
    realm.advance(120)  # a player still connected is waited for, however long
    assert "Skoll" in status_now(skoll).split(";")[1]
    realm.logout(skoll)  # the host: Riggs takes over, and gives Skoll 30 seconds
    realm.advance(29)
    assert "Skoll folds" not in gray.chat
    realm.advance(2)
    assert "Skoll is gone from the table: it acts for them." in riggs.chat  # the new host
    for client in (riggs, gray):
        assert "Skoll folds" in client.chat
    assert status_now(gray).startswith("Pot 4;")  # Riggs's and Gray's 2 each, Skoll's none
    assert realm.errors() == []


def test_a_dealer_who_drops_is_replaced_by_the_next_seat(tmp_path, addon):
    realm = Realm(seed=23, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"])
    skoll, riggs, gray = seated
    play_hand(realm, seated, 1, lambda client, turn, _: "/tbet 2" if turn == 0 else "/tholdem fold")
    play(realm, skoll, "/tholdem start")  # the button moves on: Riggs deals hand 2
    deal_fairly(realm, seated, 2)
    play(realm, gray, "/tbet 2")
    play(realm, skoll, "/tholdem call")
    play(realm, riggs, "/tbet 4")  # the dealer raises: Skoll's call closes the betting
    play(realm, gray, "/tholdem call")
    riggs.run_lua("RandomRoll = function() end")  # his connection goes before his roll
    play(realm, skoll, "/tholdem call")
    assert "Riggs rolls the flop next" in status_now(skoll)
    realm.logout(riggs)
    realm.script_rolls(street("5", "3", "6"))
    realm.advance(29)
    assert "Riggs rolls the flop next" in status_now(gray)
    realm.advance(2)
    for client in (skoll, gray):
        assert "Riggs is gone: Gray deals on." in client.chat
    realm.advance(1)  # the player named while a street waits rolls it by itself
    for client in (skoll, gray):
        assert client.chat.matching("Gray rolls "), client.name
        assert client.chat.matching("rolls the Flop"), client.name
    assert "Gray to act" in status_now(gray)  # the button stays with Riggs
    assert realm.errors() == []


def test_with_no_seat_left_to_run_the_table_a_watcher_voids_the_hand(tmp_path, addon):
    realm = Realm(seed=19, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs"])
    skoll, riggs = seated
    gray = realm.login("Gray", addons=[addon])  # in the party, watching: not seated
    realm.invite(skoll, gray)
    realm.run_until_quiet()
    play(realm, skoll, "/tholdem start")
    deal_fairly(realm, seated, 1)
    play(realm, riggs, "/tbet 2")
    assert "Riggs bets 2" in gray.chat
    realm.logout(skoll)
    realm.advance(2)  # less than the 30 seconds Skoll has to come back
    assert "Skoll is gone: Riggs runs the table now." in gray.chat
    realm.logout(riggs)
    realm.run_until_quiet()
    assert gray.chat.lines[-2:] == [
        "Riggs is gone and nobody at the table is left to run it: the table is closed.",
        "Hand 1 is void: every bet goes back to its player."]
    saved = gray.global_value("TaurenHoldemDB")[b"banks"]
    assert (saved[b"Skoll-Thunderhorn"], saved[b"Riggs-Thunderhorn"]) == (20, 20)
    play(realm, gray, "/tholdem status")
    assert "no table" in gray.chat.lines[-1].lower()
    assert realm.errors() == []


def lose_first_turn(client) -> list:
    """The network loses the next TURN message on its way to this client; the list gets its
    arguments."""
    return lose(client, "CHAT_MSG_ADDON", lambda args: b"\tTURN\t" in args[1])


def test_a_client_that_missed_a_message_asks_for_a_snapshot_and_agrees_again(tmp_path, addon):
    realm = Realm(seed=18, wtf=tmp_path / "WTF")
    seated = dealt_table(realm, addon, ["Skoll", "Riggs", "Gray"])
    skoll, riggs, gray = seated
    # The network loses Riggs's turn on its way to Gray. (Seconds, not quiet: the host's
    # heartbeat would heal it first; see the next test.)
    lost = lose_first_turn(gray)
    riggs.type("/tbet 2")  # this turn is lost for Gray ...
    realm.advance(1)
    gray.type("/tholdem fold")  # ... who still thinks it is Riggs's turn
    assert lost and gray.chat.lines[-1] == "Gray cannot fold now: it is Riggs's turn"
    skoll.type("/tgive 1 Riggs")  # the host's next order, after that turn: a gap
    realm.advance(5)
    assert "Caught up with Skoll's table; dice you did not see rolled are as the host " \
        "attests." in gray.chat.lines
    play(realm, gray, "/tholdem fold")
    assert len({status(realm, client) for client in seated}) == 1
    assert realm.errors() == []


def test_a_turn_lost_with_nothing_after_it_is_found_by_the_hosts_heartbeat(tmp_path, addon):
    realm = Realm(seed=18, wtf=tmp_path / "WTF")
    seated = dealt_table(realm, addon, ["Skoll", "Riggs", "Gray"])
    _, riggs, gray = seated
    lost = lose_first_turn(gray)
    riggs.type("/tbet 2")  # lost for Gray, whose turn is next: nobody sends anything after it
    realm.advance(1)
    gray.type("/tholdem status")  # (no waiting for quiet: that would heal it)
    assert lost and "Riggs to act" in gray.chat.lines[-1]
    # The table quiet for ten seconds, the host says where it stands; Gray's client, behind,
    # waits three more for anything on the way, then asks.
    realm.advance(14)
    gray.type("/tholdem status")
    assert "Gray to act" in gray.chat.lines[-1]  # Gray's client asked Riggs again ...
    assert not gray.chat.matching("Caught up")  # ... rather than start afresh
    play(realm, gray, "/tholdem fold")
    assert len({status(realm, client) for client in seated}) == 1
    assert realm.errors() == []


def test_a_commitment_the_host_missed_is_sent_again_on_its_heartbeat(tmp_path, addon):
    realm = Realm(seed=19, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"])
    skoll = seated[0]
    play(realm, skoll, "/tholdem start")
    # The host never hears Gray's first commitment.
    dropped = lose(skoll, "CHAT_MSG_ADDON",
                   lambda args: b"\tcommit\t" in args[1] and b"Gray" in args[3])
    for client in seated:
        client.type("/tdeal")
    realm.run_until_quiet()
    assert dropped
    assert "the deal: Gray to roll under the box" in status(realm, skoll)
    realm.advance(BEAT + 2)  # the host's heartbeat: Gray sees his commitment missing there
    realm.run_until_quiet()
    assert "Riggs to act" in status(realm, skoll)  # the set closed with Gray's commitment
    assert len({status(realm, client) for client in seated}) == 1
    assert realm.errors() == []


LISTEN = """function(ns)
    ns.heard_long = {}
    ns.Comm.on("LONG", function(sender, fields)
        ns.heard_long[#ns.heard_long + 1] = sender .. "|" .. table.concat(fields, "|")
    end)
end"""


def test_a_message_longer_than_255_bytes_goes_in_parts_and_arrives_whole(tmp_path, addon):
    realm = Realm(seed=17, wtf=tmp_path / "WTF")
    skoll = realm.login("Skoll", addons=[addon, RECORDER])
    riggs = realm.login("Riggs", addons=[addon])
    realm.party(skoll, riggs)
    theirs, mine = (c.addons["TaurenHoldem"].namespace for c in (riggs, skoll))
    riggs.lua.eval(LISTEN)(theirs)
    long_field = "".join(chr(ord("a") + i % 26) for i in range(600))
    mine[b"Comm"][b"send"](b"LONG", skoll.lua.table_from([long_field, "2"]))
    mine[b"Comm"][b"send"](b"LONG", skoll.lua.table_from(["x" * 300]), riggs.full_name)
    realm.run_until_quiet()
    assert list(theirs[b"heard_long"].values()) == [
        f"Skoll-Thunderhorn|{long_field}|2".encode(), f"Skoll-Thunderhorn|{'x' * 300}".encode()]
    # Skoll's own Recorder saw the parts go out: every one fits in an addon message.
    sent = [args[1] for args in addon_messages(skoll, raw=True) if args[0] == b"TaurenHoldem"]
    assert sent and all(len(text) <= 255 for text in sent)
    assert not skoll.errors and not riggs.errors


def test_parts_that_never_end_are_dropped_without_an_error(tmp_path, addon):
    realm = Realm(seed=18, wtf=tmp_path / "WTF")
    skoll = realm.login("Skoll", addons=[addon])
    riggs = realm.login("Riggs", addons=[addon])
    realm.party(skoll, riggs)
    theirs = riggs.addons["TaurenHoldem"].namespace
    riggs.lua.eval(LISTEN)(theirs)
    part = PROTOCOL + "\\tP\\t+" + "z" * 240
    for _ in range(30):  # 7200 bytes: more than any honest message, so they are let go
        skoll.run_lua(f'C_ChatInfo.SendAddonMessage("TaurenHoldem", "{part}", "PARTY")')
        realm.advance(1)
    skoll.run_lua(f'C_ChatInfo.SendAddonMessage("TaurenHoldem", "{PROTOCOL}\\tP\\t.\\tLONG\\tend", '
                  '"PARTY")')
    realm.run_until_quiet()
    assert list(theirs[b"heard_long"].values()) == []
    assert not riggs.errors and not riggs.chat.matching("another version")


def test_a_turn_that_comes_before_its_roll_line_waits_for_it(tmp_path, addon):
    realm = Realm(seed=24, wtf=tmp_path / "WTF")
    seated = dealt_table(realm, addon, ["Skoll", "Riggs", "Gray"])
    skoll, riggs, gray = seated
    for client, line in ((riggs, "/tbet 2"), (gray, "/tholdem call")):
        play(realm, client, line)
    # Gray's client is slow to show the flop's roll line (Riggs's, a moment after Skoll's
    # call): Riggs's check on the flop (a turn, straight from Riggs) reaches it first, and
    # must wait for the flop.
    deliver = gray.fire
    held = []

    def slow(event, *args):
        if event == "CHAT_MSG_SYSTEM" and not held:
            held.append(args)
            return None
        return deliver(event, *args)

    gray.fire = slow
    realm.script_rolls(street("5", "3", "6"))
    skoll.type("/tholdem call")  # (a second, not until quiet: the host's heartbeat would heal it)
    realm.advance(1)
    riggs.type("/tholdem check")
    realm.advance(1)  # less than the 3 seconds after which a stuck client asks for a snapshot
    assert held and "Riggs checks" not in gray.chat
    gray.fire = deliver
    deliver("CHAT_MSG_SYSTEM", *held[0])
    realm.run_until_quiet()
    assert not gray.chat.matching("Caught up")
    # The flop, then Riggs's check, then the roll line itself (the chat frame shows a system
    # line after the addons have seen it).
    assert gray.chat.lines[-3:-1] == ["Riggs checks", "Your turn: check or bet (pot 6)"]
    assert gray.chat.lines[-1].startswith("Riggs rolls ")
    lines = {status(realm, client) for client in seated}
    assert len(lines) == 1 and "Gray to act" in lines.pop()


def test_a_turn_sent_for_someone_else_is_ignored_and_named_once(tmp_path, addon):
    realm = Realm(seed=25, wtf=tmp_path / "WTF")
    seated = dealt_table(realm, addon, ["Skoll", "Riggs", "Gray"])
    skoll, riggs, gray = seated
    for _ in range(2):  # Gray folds for Riggs, whose turn it is
        gray.run_lua(f'C_ChatInfo.SendAddonMessage("TaurenHoldem", "{PROTOCOL}\\tTURN\\t'
                     f'{seated.table_id}\\t1\\t1\\tfold\\tRiggs-Thunderhorn\\t\\t0", "PARTY")')
        realm.run_until_quiet()
    for client in (skoll, riggs):
        assert client.chat.matching("Ignored a table message from Gray") == [
            "Ignored a table message from Gray: only Skoll, who opened the table, sends those."]
        assert "Riggs folds" not in client.chat
    play(realm, riggs, "/tbet 2")
    assert "Riggs bets 2" in gray.chat and "Riggs bets 2" in skoll.chat
    assert realm.errors() == []


def test_a_client_that_missed_a_turn_asks_its_player_to_send_it_again(tmp_path, addon):
    realm = Realm(seed=27, wtf=tmp_path / "WTF")
    seated = dealt_table(realm, addon, ["Skoll", "Riggs", "Gray", "Mogg"])
    _, riggs, gray, mogg = seated
    lost = lose_first_turn(mogg)
    play(realm, riggs, "/tbet 2")  # lost on its way to Mogg
    play(realm, gray, "/tholdem call")  # Mogg hears a later turn: he asks Riggs for the one before
    assert lost and b"Riggs-Thunderhorn" in lost[0][1]
    assert mogg.chat.lines[-3:] == ["Riggs bets 2", "Gray calls 2", "Your turn: 2 to call (pot 4)"]
    assert not mogg.chat.matching("Caught up")
    lines = {status(realm, client) for client in seated}
    assert len(lines) == 1
    assert realm.errors() == []
