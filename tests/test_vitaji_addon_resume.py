"""A Vitaji game kept across logouts: each seat's client saves the game in play in its
SavedVariables at logout; when every player has logged out and they come back, days later, in
any order, the first one back reopens the table from its copy and the others take it from
there, checked against their own copies, and the game ends as it would have without the break.
A forged saved copy rewrites nothing at the honest clients."""

from __future__ import annotations

import copy
import random
import re

import pytest
from test_vitaji_addon import Mirror, status
from test_vitaji_addon_long import long_table

from addon_table import Seated, play
from pyhost import fairplay
from pyhost.engine.vitaji.scoresheet import Sheet
from pyhost.harness import Realm
from pyhost.harness.locales import wow_format

DAYS = 2 * 86400


@pytest.fixture
def realm(tmp_path):
    return Realm(wtf=tmp_path / "WTF", seed=1)


def play_to(mirror: Mirror, chooser: random.Random, round_: int, steps: int) -> None:
    """Play on to round `round_`'s betting, then `steps` steps more (into the round)."""
    while mirror.engine.round < round_ or mirror.engine.step.value != "bet":
        mirror.step(chooser, drops=False)
    for _ in range(steps):
        mirror.step(chooser, drops=False)


def away_and_back(realm: Realm, out: list, back: list) -> None:
    """Everyone logs out in the order `out`, days pass, they log back in in the order `back`,
    a few seconds apart."""
    for client in out:
        realm.logout(client)
    realm.advance(DAYS)
    for client in back:
        realm.login(client.name)
        realm.run_until_quiet()
        realm.advance(4)
        realm.run_until_quiet()


def finish(realm: Realm, seated: Seated, mirror: Mirror, chooser: random.Random,
           clients: list | None = None) -> None:
    """The game plays out; every client (of `clients`) ends it as the uninterrupted game (the
    engine) does: the banks, the winner, the scoresheet."""
    mirror.play_out(chooser, steps=3000, drops=False)
    expected = {seat.name: seat.bank for seat in mirror.engine.seats}
    winner = next(event.text for event in mirror.engine.events if event.kind == "winner")
    sheet = Sheet.of_game(mirror.engine).text()
    for client in clients or seated:
        assert status(realm, client)[2] == expected, client.name
        assert winner in client.chat.lines, client.name
        mark = len(client.chat.lines)
        play(realm, client, "/vscore")
        assert "\n".join(client.chat.lines[mark:]) == sheet, client.name


ORDERS = [  # (logged out in this order, back in this order)
    ([0, 1, 2], [0, 1, 2]),
    ([2, 0, 1], [1, 2, 0]),
    ([1, 2, 0], [2, 0, 1]),
]


@pytest.mark.parametrize("out, back", ORDERS)
def test_a_game_everyone_left_resumes_from_whoever_comes_back_first(realm, tmp_path, out,
                                                                    back):
    seated = long_table(realm, tmp_path, 3, 8)
    play(realm, seated[0], "/vitaji start")
    mirror = Mirror(realm, seated, 1, {c.name: 100 for c in seated})
    chooser = random.Random(f"resume {back}")
    play_to(mirror, chooser, 3, 4)
    before = status(realm, seated[0])
    away_and_back(realm, [seated[i] for i in out], [seated[i] for i in back])
    first = seated[back[0]]
    assert first.chat.matching("Reopened the table from your saved copy of game 1")
    for client in seated:
        assert status(realm, client) == before, client.name
    finish(realm, seated, mirror, chooser)
    assert realm.errors() == []


def table_of(client) -> tuple[bytes, bytes]:
    """Who hosts this client's table, and the game's summary there (what it would keep)."""
    return tuple(client.lua.eval("""function(ns)
        return ns.DrawTable.session().host, ns.DrawTable.flow.summary() end""")(
        next(iter(client.addons.values())).namespace))


def forge(client, kind: str) -> None:
    """Rewrite the game this client kept in its SavedVariables file (it is logged out): a
    roll of its own in the game's first round made 1000, or the first seat's bank at the
    game's start made 40."""
    path = client.saved_path(next(iter(client.addons.values())).toc, False)
    text = path.read_text(encoding="utf-8")
    if kind == "roll":
        # (Each of its copy's states: the first row's rolls, its own the second.)
        forged, count = re.subn(r'(\d+;[\d,]*;[\d,]*;[\d:.]*;[\d.]*;\d+/[^/]*/[\d.]+),(\d+)',
                                r'\g<1>,1000', text)
    else:
        forged, count = re.subn(r'"(Skoll-Thunderhorn)=100"', r'"\1=40"', text)
    assert count >= 1
    path.write_text(forged, encoding="utf-8")


@pytest.mark.parametrize("kind", ["roll", "bank"])
def test_a_forged_saved_copy_rewrites_neither_the_game_nor_the_banks(realm, tmp_path, kind):
    seated = long_table(realm, tmp_path, 3, 8)
    skoll, riggs, ada = seated
    play(realm, skoll, "/vitaji start")
    mirror = Mirror(realm, seated, 1, {c.name: 100 for c in seated})
    chooser = random.Random(f"forged {kind}")
    play_to(mirror, chooser, 3, 4)
    before = status(realm, skoll)
    for client in (skoll, ada, riggs):
        realm.logout(client)
    forge(riggs, kind)  # Riggs forges his copy, and comes back first with it
    realm.advance(DAYS)
    realm.login(riggs.name)
    realm.run_until_quiet()
    assert riggs.chat.matching("Reopened the table from your saved copy of game 1")
    for client in (skoll, ada):
        realm.login(client.name)
        realm.run_until_quiet()
        realm.advance(8)
        realm.run_until_quiet()
    assert skoll.chat.matching("Riggs's table differs from your saved copy of the game: dropped it")
    assert skoll.chat.matching("Reopened the table from your saved copy of game 1")
    for client in (skoll, ada):
        assert status(realm, client) == before, client.name
        assert table_of(client)[0] == skoll.full_name.encode()
    # (Riggs's own table is the forged game; the honest ones have the game as it was.)
    assert table_of(riggs)[1] != table_of(skoll)[1] == table_of(ada)[1]
    # The honest table plays on to the end Riggs's own turns and rolls give it.
    finish(realm, seated, mirror, chooser, clients=[skoll, ada])
    assert realm.errors() == []


def one_leaves_early(realm: Realm, tmp_path, seed: str):
    """Three players at round 3: the last to bet leaves first, and the two before him bet
    meanwhile, so the game waits on him. (seated, mirror, chooser, [the two], the early one)."""
    seated = long_table(realm, tmp_path, 3, 8)
    play(realm, seated[0], "/vitaji start")
    mirror = Mirror(realm, seated, 1, {c.name: 100 for c in seated})
    chooser = random.Random(seed)
    play_to(mirror, chooser, 3, 0)
    trial = copy.deepcopy(mirror.engine)
    order = [mirror.by_name[trial.to_act()]]
    trial.act(trial.to_act(), "bet", 0)
    order.append(mirror.by_name[trial.to_act()])
    trial.act(trial.to_act(), "meet")
    early = mirror.by_name[trial.to_act()]
    realm.logout(early)
    realm.run_until_quiet()
    for _ in range(2):
        mirror.step(chooser, drops=False)
    assert mirror.engine.to_act() == early.name
    return seated, mirror, chooser, order, early


def test_the_copy_that_goes_furthest_wins_whoever_comes_back_first(realm, tmp_path):
    """One player leaves, the others play on a little, then leave too: the first back holds
    the oldest copy and reopens the table from it; a player back with a copy further on takes
    it over (the first gives way, and takes the table from them), and nothing played is lost."""
    seated, mirror, chooser, order, early = one_leaves_early(realm, tmp_path, "furthest")
    order.reverse()
    before = status(realm, order[0])
    away_and_back(realm, order, [early, *order])
    assert early.chat.matching("Reopened the table from your saved copy of game 1")
    assert early.chat.matching(f"{order[0].name} kept the game further on: you give the table back")
    assert order[0].chat.matching("Reopened the table from your saved copy of game 1")
    for client in seated:
        assert status(realm, client) == before, client.name
        assert table_of(client)[0] == order[0].full_name.encode()
    finish(realm, seated, mirror, chooser)
    assert realm.errors() == []


def play_until(mirror: Mirror, chooser: random.Random, name: str, legal: str) -> None:
    """Play on until it is `name`'s turn with `legal` among what he may do."""
    for _ in range(200):
        engine = mirror.engine
        if engine.to_act() == name and legal in engine.legal_actions(name):
            return
        mirror.step(chooser, drops=False)
    raise AssertionError(f"{name} never came to {legal}")


def riggs_forges_skolls_roll(realm: Realm, tmp_path, seed: str):
    """Skoll and Ada leave while Skoll's roll is awaited; Riggs, last at the table, runs code
    that makes up Skoll's roll line (nobody else hears anything), so his copy goes further on
    than theirs; he logs out, and days later comes back first and reopens the table from it.
    (seated, the status Skoll left)."""
    seated = long_table(realm, tmp_path, 3, 8)
    skoll, riggs, ada = seated
    play(realm, skoll, "/vitaji start")
    mirror = Mirror(realm, seated, 1, {c.name: 100 for c in seated})
    chooser = random.Random(seed)
    play_to(mirror, chooser, 3, 0)
    play_until(mirror, chooser, "Skoll", "roll")
    before = status(realm, skoll)
    realm.logout(skoll)
    realm.logout(ada)
    realm.run_until_quiet()
    low, high = fairplay.draw_range(seated.table_id, 1, skoll.full_name,
                                    mirror.rolls["Skoll"] + 1, seated.ruleset.dice.count, 1)
    riggs.system_line(wow_format(riggs.global_strings["RANDOM_ROLL_RESULT"], "Skoll", low + 1,
                                 low, high))
    realm.run_until_quiet()
    assert status(realm, riggs) != before  # (his copy has Skoll's made-up roll)
    realm.logout(riggs)
    realm.advance(DAYS)
    realm.login(riggs.name)
    realm.run_until_quiet()
    assert riggs.chat.matching("Reopened the table from your saved copy of game 1")
    return seated, before


def test_a_copy_forged_further_on_with_a_players_own_roll_is_refused_by_him(realm, tmp_path):
    """The others leave while Skoll's roll is awaited; Riggs, last at the table, runs code that
    makes up Skoll's roll line (Skoll is gone: nobody else hears anything), so his copy goes
    further on than theirs; he comes back first and reopens the table from it. Skoll's copy
    holds no such roll, and a roll of his past it is his alone to vouch for: he refuses
    Riggs's table and plays on at his own copy, his roll still awaited."""
    seated, before = riggs_forges_skolls_roll(realm, tmp_path, "forged further")
    skoll, riggs, _ = seated
    realm.login(skoll.name)
    realm.run_until_quiet()
    realm.advance(8)
    realm.run_until_quiet()
    assert skoll.chat.matching("Riggs's table has you play on past your saved copy of the game")
    assert skoll.chat.matching("Reopened the table from your saved copy of game 1")
    assert status(realm, skoll) == before
    assert table_of(skoll)[0] == skoll.full_name.encode()
    assert table_of(skoll)[1] != table_of(riggs)[1]
    assert realm.errors() == []


@pytest.mark.parametrize("first", ["Ada", "Skoll"])
def test_a_players_refusal_of_his_own_made_up_roll_is_heard_by_the_others(realm, tmp_path,
                                                                          first):
    """As above, and Ada comes back too (before Skoll, or after): she cannot tell Skoll's roll
    from her own copy, but Skoll's word on his own steps (DISOWN) reaches her, so she drops
    Riggs's table (or refuses it once replayed) and takes Skoll's, the game as she kept it."""
    seated, before = riggs_forges_skolls_roll(realm, tmp_path, "disowned")
    skoll, riggs, ada = seated
    for client in ([ada, skoll] if first == "Ada" else [skoll, ada]):
        realm.login(client.name)
        realm.run_until_quiet()
        realm.advance(8)
        realm.run_until_quiet()
    if first == "Ada":  # (she took Riggs's table: her copy holds nothing of Skoll's roll)
        assert ada.chat.matching("Caught up")
    assert ada.chat.matching("Skoll says Riggs's table has him play on past his saved copy")
    for client in (skoll, ada):
        assert status(realm, client) == before, client.name
        assert table_of(client)[0] == skoll.full_name.encode(), client.name
    assert table_of(ada)[1] == table_of(skoll)[1] != table_of(riggs)[1]
    assert realm.errors() == []


def test_a_disown_heard_is_kept_past_a_reload_when_its_seat_is_gone(realm, tmp_path):
    """As above (Skoll back first, then Ada): Skoll logs out, and Ada reloads. Nobody is
    online to say Skoll's word again, but her client kept it with its copy of the game: she
    refuses Riggs's table once more and does not take the made-up roll."""
    seated, before = riggs_forges_skolls_roll(realm, tmp_path, "disowned kept")
    skoll, riggs, ada = seated
    for client in (skoll, ada):
        realm.login(client.name)
        realm.run_until_quiet()
        realm.advance(8)
        realm.run_until_quiet()
    assert table_of(ada)[1] == table_of(skoll)[1] != table_of(riggs)[1]
    realm.logout(skoll)
    realm.run_until_quiet()
    said = len(ada.chat.matching("Skoll says Riggs's table has him play on past his saved copy"))
    ada.reload()
    realm.run_until_quiet()
    realm.advance(8)
    realm.run_until_quiet()
    assert len(ada.chat.matching("Skoll says Riggs's table has him play on past his saved "
                                 "copy")) > said
    assert status(realm, ada) == before
    assert table_of(ada)[1] != table_of(riggs)[1]
    assert realm.errors() == []


def test_a_hostile_seats_disown_makes_the_others_refuse_an_honest_table_never_take_one(
        realm, tmp_path):
    """A seat's word on its own steps fails closed: Ada's client disowns Skoll's honest
    reopened table with no cause; Riggs drops it and refuses Skoll, and takes no other table
    than his own copy of the game, which he reopens (docs/protocol.md, "Not there yet")."""
    seated = long_table(realm, tmp_path, 3, 8)
    skoll, riggs, ada = seated
    play(realm, skoll, "/vitaji start")
    mirror = Mirror(realm, seated, 1, {c.name: 100 for c in seated})
    play_to(mirror, random.Random("hostile disown"), 2, 2)
    before = status(realm, skoll)
    away_and_back(realm, [skoll, riggs, ada], [skoll, riggs, ada])
    assert table_of(riggs)[0] == skoll.full_name.encode()
    ada.lua.eval("""function(ns)
        local s = ns.DrawTable.session()
        ns.Comm.send("DISOWN", { table = s.id, host = s.host, hands = s.hands, steps = s.steps,
            applied = s.applied })
    end""")(next(iter(ada.addons.values())).namespace)
    realm.run_until_quiet()
    realm.advance(8)
    realm.run_until_quiet()
    assert riggs.chat.matching("Ada says Skoll's table has him play on past his saved copy")
    assert table_of(skoll)[0] == skoll.full_name.encode()
    assert status(realm, skoll) == before
    # (No other seat holds the table for him: he reopens it from his own copy, the game as he
    # kept it, so two tables run under one id.)
    assert riggs.chat.matching("Reopened the table from your saved copy of game 1")
    assert table_of(riggs)[0] == riggs.full_name.encode()
    assert status(realm, riggs) == before
    assert realm.errors() == []


def test_a_stand_past_a_players_copy_is_taken_when_he_comes_back(realm, tmp_path):
    """Skoll leaves while his roll is awaited; the table stands him (his die counts 1, then he
    passes), the others play on and leave too. Skoll comes back first with the oldest copy: the
    table he takes back from Riggs has him only stood past it, which is the host's to do, and
    the game ends as the uninterrupted one does."""
    seated = long_table(realm, tmp_path, 3, 8)
    skoll, riggs, ada = seated
    play(realm, skoll, "/vitaji start")
    mirror = Mirror(realm, seated, 1, {c.name: 100 for c in seated})
    chooser = random.Random("stood")
    play_to(mirror, chooser, 3, 0)
    play_until(mirror, chooser, "Skoll", "roll")
    realm.logout(skoll)
    realm.run_until_quiet()
    realm.advance(65)  # (stood at 30 s, and again at 60: the die, then the pass)
    realm.run_until_quiet()
    engine = mirror.engine
    engine.act("Skoll", "roll", dice=[1])  # (what the stand does: a roll never made counts 1)
    mirror.rolls["Skoll"] += 1
    while engine.to_act() == "Skoll":
        engine.act("Skoll", "pass")
    for _ in range(2):
        assert engine.to_act() != "Skoll"
        mirror.step(chooser, drops=False)
    before = status(realm, riggs)
    away_and_back(realm, [ada, riggs], [skoll, riggs, ada])
    assert skoll.chat.matching("Reopened the table from your saved copy of game 1")
    assert skoll.chat.matching("Riggs kept the game further on: you give the table back")
    for client in seated:
        assert status(realm, client) == before, client.name
        assert table_of(client)[0] == riggs.full_name.encode()
    finish(realm, seated, mirror, chooser)
    assert realm.errors() == []


def test_a_reopened_game_waits_for_its_seats_longer_than_for_a_seat_gone(realm, tmp_path):
    """The first back reopens the table; the others come back minutes later, well past the 30
    seconds a seat gone has, within the ruleset's reopen_wait (300): nobody was stood, nobody
    played meanwhile (not even the first back, whose turn it is), and the game ends as the
    uninterrupted one does."""
    seated = long_table(realm, tmp_path, 3, 8)
    play(realm, seated[0], "/vitaji start")
    mirror = Mirror(realm, seated, 1, {c.name: 100 for c in seated})
    chooser = random.Random("waits")
    play_to(mirror, chooser, 3, 2)
    assert mirror.engine.step.value == "bet"
    first = mirror.by_name[mirror.engine.to_act()]
    before = status(realm, first)
    for client in seated:
        realm.logout(client)
    realm.advance(DAYS)
    realm.login(first.name)
    realm.run_until_quiet()
    assert first.chat.matching("Reopened the table from your saved copy of game 1")
    # (His turn: he may not play it while the others are not back.)
    mark = len(first.chat.lines)
    play(realm, first, "/vbet")
    others = ", ".join(c.name for c in seated if c is not first)
    assert first.chat.lines[mark:] == [f"The game reopened from a saved copy waits for {others}"
                                       " to come back (300 seconds at most): nothing sent."]
    realm.advance(240)
    realm.run_until_quiet()
    for client in seated:
        if client is not first:
            realm.login(client.name)
            realm.run_until_quiet()
    realm.advance(4)
    realm.run_until_quiet()
    for client in seated:
        assert status(realm, client) == before, client.name
    finish(realm, seated, mirror, chooser)
    assert realm.errors() == []


def test_a_reopened_game_stands_a_seat_not_back_once_its_wait_is_over(realm, tmp_path):
    """The player the game waits on does not come back: the table the others reopened stands
    him once its reopen_wait (300 seconds) is over, not before."""
    seated = long_table(realm, tmp_path, 3, 8)
    play(realm, seated[0], "/vitaji start")
    mirror = Mirror(realm, seated, 1, {c.name: 100 for c in seated})
    play_to(mirror, random.Random("stands"), 3, 2)
    absent = mirror.by_name[mirror.engine.to_act()]
    back = [c for c in seated if c is not absent]
    before = status(realm, back[0])
    for client in seated:
        realm.logout(client)
    realm.advance(DAYS)
    for client in back:
        realm.login(client.name)
        realm.run_until_quiet()
    realm.advance(280)
    realm.run_until_quiet()
    assert [status(realm, client) for client in back] == [before, before]
    # (The one who took the table from the first back waits as long: its SNAP said how long.)
    mark = len(back[1].chat.lines)
    play(realm, back[1], "/vbet")
    assert re.fullmatch(rf"The game reopened from a saved copy waits for {absent.name} to come "
                        r"back \((1\d|20) seconds at most\): nothing sent\.",
                        back[1].chat.lines[mark]), back[1].chat.lines[mark:]
    realm.advance(30)
    realm.run_until_quiet()
    assert any(line in back[0].chat.lines for line in (
        f"{absent.name} is gone from the table: it stands them on their dice.",
        f"{absent.name} took too long: the table stands them on their dice."))
    for client in back:
        assert status(realm, client) != before, client.name
    assert realm.errors() == []


def test_a_stale_copy_reopened_alone_holds_still_until_a_copy_further_on_comes_back(realm,
                                                                                     tmp_path):
    """The first back holds the oldest copy, and nobody else is online: he reopens the table,
    but it waits for the seats not back (nobody is stood, and nobody plays), so when a
    player back minutes later holds a copy further on, the table has not moved: it gives way
    to him, and nothing played is lost (nor played twice)."""
    seated, mirror, chooser, order, early = one_leaves_early(realm, tmp_path, "stale")
    before = status(realm, order[1])
    for client in order:
        realm.logout(client)
    realm.advance(DAYS)
    realm.login(early.name)
    realm.run_until_quiet()
    assert early.chat.matching("Reopened the table from your saved copy of game 1")
    stale = status(realm, early)
    assert stale != before
    realm.advance(120)
    realm.run_until_quiet()
    assert status(realm, early) == stale  # (nobody was stood)
    for client in reversed(order):
        realm.login(client.name)
        realm.run_until_quiet()
    realm.advance(8)
    realm.run_until_quiet()
    assert early.chat.matching(f"{order[1].name} kept the game further on: you give the table back")
    for client in seated:
        assert status(realm, client) == before, client.name
    finish(realm, seated, mirror, chooser)
    assert realm.errors() == []


def test_a_hosts_word_on_how_long_the_game_waits_is_capped_by_the_ruleset(realm, tmp_path):
    """The first back runs code that makes his reopened table wait a day: the one who takes it
    from him waits no longer than his own ruleset's reopen_wait (300 seconds), then plays."""
    seated = long_table(realm, tmp_path, 3, 8)
    play(realm, seated[0], "/vitaji start")
    mirror = Mirror(realm, seated, 1, {c.name: 100 for c in seated})
    play_to(mirror, random.Random("capped"), 3, 2)
    absent = mirror.by_name[mirror.engine.to_act()]
    first, taker = [c for c in seated if c is not absent]
    for client in seated:
        realm.logout(client)
    realm.advance(DAYS)
    realm.login(first.name)
    realm.run_until_quiet()
    first.lua.eval("""function(ns)
        ns.DrawTable.session().wait_until = GetTime() + 86400 end""")(
        next(iter(first.addons.values())).namespace)
    realm.login(taker.name)
    realm.run_until_quiet()
    mark = len(taker.chat.lines)
    play(realm, taker, "/vbet")
    assert re.fullmatch(rf"The game reopened from a saved copy waits for {absent.name} to come "
                        r"back \((29\d|300) seconds at most\): nothing sent\.",
                        taker.chat.lines[mark]), taker.chat.lines[mark:]
    realm.advance(305)
    realm.run_until_quiet()
    mark = len(taker.chat.lines)
    play(realm, taker, "/vbet")
    assert taker.chat.lines[mark] == (f"{taker.name} cannot meet now: it is {absent.name}'s turn"
                                      " to bet")
    assert realm.errors() == []
