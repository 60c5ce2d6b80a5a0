"""Tauren Hold'em beside the other addons a player runs: each kind of dice addon that could
collide with it (tests/addons: GlobalNeighbour, PrefixFlood, RollHider, RollSpammer), loaded
alone, before and after it, and all together, through whole hands."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from addon_table import (
    TAUREN,
    Seated,
    after_the_hand,
    check_down,
    deal_fairly,
    dealt_table,
    due_roll,
    play,
    seat_table,
    seed_rolls,
    status,
    street,
    street_range,
)
from pyhost import fairplay
from pyhost.harness import Client, Location, Realm

ADDONS = Path(__file__).parent / "addons"
NEIGHBOURS = ("GlobalNeighbour", "PrefixFlood", "RollHider", "RollSpammer")


def loading_last(tmp_path: Path, name: str) -> Path:
    """A copy of a neighbour in a folder named to sort, and so load, after TaurenHoldem: WoW
    loads addons in the order of their folder names."""
    source, copy = ADDONS / name, tmp_path / "last" / f"Zz{name}"
    copy.mkdir(parents=True)
    (copy / f"Zz{name}.toc").write_text((source / f"{name}.toc").read_text(encoding="utf-8"),
                                        encoding="utf-8")
    for lua in source.glob("*.lua"):
        shutil.copy(lua, copy)
    return copy


def neighbours(tmp_path: Path, names: tuple[str, ...], first: bool) -> tuple[Path, ...]:
    return tuple(ADDONS / name if first else loading_last(tmp_path, name) for name in names)


def seen(client: Client, table: str) -> dict[str, int]:
    """A neighbour's counters (GlobalNeighbourSeen, ...) as a dict."""
    return {key.decode(): value for key, value in client.global_value(table).items()}


# -- each neighbour's own behaviour ---------------------------------------------------------------
# One check each, run on a party (the host first) wherever the neighbour is loaded: alone, beside
# Tauren Hold'em, or after a whole hand of it.

UNTOUCHED = """local changed = {}
for name, value in pairs(GlobalNeighbourSet) do
    if _G[name] ~= value then changed[#changed + 1] = name end
end
return table.concat(changed, " ")"""


def globals_work(realm: Realm, party: list[Client]) -> None:
    """Its globals are still its own; /dice is its; its hooks on /roll, RandomRoll and
    C_ChatInfo.SendChatMessage see their calls."""
    for client in party:
        assert client.run_lua(UNTOUCHED) == ""
        assert client.run_lua("return Dice.owner") == "GlobalNeighbour"
        client.type("/dice 2")
        assert client.chat.lines[-1] == "GlobalNeighbour deals: 2"
    skoll = party[0]
    before = seen(skoll, "GlobalNeighbourSeen")
    skoll.type("/roll 8")
    skoll.run_lua('C_ChatInfo.SendChatMessage("good luck", "PARTY")')
    realm.run_until_quiet()
    after = seen(skoll, "GlobalNeighbourSeen")
    assert {key: after[key] - before[key] for key in after} == \
        {"slash_rolls": 1, "rolls": 1, "chats": 1}


def flood_works(realm: Realm, party: list[Client]) -> None:
    """It sent until its allowance ran out, and everyone heard every send."""
    sent = sum(seen(client, "PrefixFloodSeen")["sent"] for client in party)
    for client in party:
        counts = seen(client, "PrefixFloodSeen")
        assert counts["sent"] > 0 and counts["refused"] > 0
        assert counts["heard"] == sent


def hider_works(realm: Realm, party: list[Client]) -> None:
    """A roll line is hidden on every client and its own version printed instead."""
    skoll = party[0]
    hidden = [seen(client, "RollHiderSeen")["hidden"] for client in party]
    realm.script_rolls(5, by=skoll.full_name, bounds=(1, 6))
    skoll.type("/roll 6")
    realm.run_until_quiet()
    for client, before in zip(party, hidden, strict=True):
        assert seen(client, "RollHiderSeen")["hidden"] == before + 1
        assert "~ Skoll throws the bones: 5 ~" in client.chat.lines
        assert "Skoll rolls 5 (1-6)" not in client.chat.lines


def spammer_works(realm: Realm, party: list[Client]) -> None:
    """It rolls what it is told to, and on its own while addons talk; every client prints
    every roll line its own way."""
    skoll = party[0]
    realm.script_rolls(7, by=skoll.full_name, bounds=(3, 9))
    skoll.type("/rollspam 3 9")
    realm.run_until_quiet()
    for client in party:
        assert "RollSpammer: Skoll rolled 7 (3-9)" in client.chat.lines
    rolled = [seen(client, "RollSpammerSeen")["rolled"] for client in party]
    printed = [seen(client, "RollSpammerSeen")["printed"] for client in party]
    for client in party:
        client.run_lua('C_ChatInfo.RegisterAddonMessagePrefix("Chatter")')
    skoll.run_lua('C_ChatInfo.SendAddonMessage("Chatter", "hi", "PARTY")')
    realm.run_until_quiet()
    # Two rolls each in the three seconds after the message, each printed by every client.
    assert [seen(client, "RollSpammerSeen")["rolled"] - was
            for client, was in zip(party, rolled, strict=True)] == [2] * len(party)
    assert [seen(client, "RollSpammerSeen")["printed"] - was
            for client, was in zip(party, printed, strict=True)] == [2 * len(party)] * len(party)


OWN: dict[str, Callable[[Realm, list[Client]], None]] = {
    "GlobalNeighbour": globals_work, "PrefixFlood": flood_works, "RollHider": hider_works,
    "RollSpammer": spammer_works}


@pytest.mark.parametrize("table", ["none", "loaded first", "loaded last"])
@pytest.mark.parametrize("name", NEIGHBOURS)
def test_each_neighbour_works_alone_and_beside_the_table(tmp_path, addon, name, table):
    neighbour = loading_last(tmp_path, name) if table == "loaded first" else ADDONS / name
    addons = [neighbour] if table == "none" else [addon, neighbour]
    realm = Realm(seed=2, wtf=tmp_path / "WTF")
    party = [realm.login(player, addons=addons) for player in ("Skoll", "Riggs")]
    realm.party(*party)
    realm.run_until_quiet(horizon=None)  # every HELLO's retries gone by: no table to time out
    OWN[name](realm, party)
    assert realm.errors() == []


# -- what each kind of neighbour could break ------------------------------------------------------

TAKEN = ("/tdeal is also another addon's command (GLOBALNEIGHBOUR), so it may not reach this "
         "one: use /tholdem deal.")


@pytest.mark.parametrize("neighbour_first", [True, False])
def test_a_short_command_another_addon_claims_is_named_once(tmp_path, addon, neighbour_first):
    neighbour = neighbours(tmp_path, ("GlobalNeighbour",), neighbour_first)
    realm = Realm(seed=1, wtf=tmp_path / "WTF")
    skoll = realm.login("Skoll", addons=[addon, *neighbour])
    assert skoll.chat.matching("also another addon's command") == [TAKEN]
    skoll.type("/dice 2")
    assert skoll.chat.lines[-1] == "GlobalNeighbour deals: 2"
    skoll.type("/tholdem deal")  # the long form always reaches Tauren Hold'em
    assert skoll.chat.lines[-1].startswith("1-[")  # its dice, rolled away from a table
    skoll.type("/tdeal")  # whoever set it first has it
    wanted = "GlobalNeighbour deals: " if neighbour_first else "1-["
    assert skoll.chat.lines[-1].startswith(wanted)
    skoll.reload()  # said again at each login, still once
    assert len(skoll.chat.matching("also another addon's command")) == 2
    assert realm.errors() == []


def test_without_a_neighbour_nothing_is_said(tmp_path, addon):
    realm = Realm(seed=1, wtf=tmp_path / "WTF")
    skoll = realm.login("Skoll", addons=[addon])
    assert not skoll.chat.matching("also another addon's command")


@pytest.mark.parametrize("locale", ["enUS", "deDE"])
def test_a_neighbour_that_hides_roll_lines_does_not_blind_the_table(tmp_path, addon, locale):
    realm = Realm(seed=3, wtf=tmp_path / "WTF")
    seated = dealt_table(realm, addon, ["Skoll", "Riggs"], beside=(ADDONS / "RollHider",),
                         locales={"Skoll": locale, "Riggs": locale})
    skoll, riggs = seated
    play(realm, riggs, "/tbet 2")
    play(realm, skoll, "/tholdem call")
    realm.script_rolls(street("5", "3", "6"))
    play(realm, skoll, "/tholdem call")  # it closes the betting: Riggs rolls the flop
    for client in seated:
        assert client.chat.matching("Dealer Skoll rolls the")  # the flop, read all the same
        assert client.chat.matching("~ Riggs throws the bones")
        assert not seed_rolls(client)  # the seed's roll line stayed hidden
        assert client.global_value("RollHiderSeen")[b"hidden"] == 2  # the seed and the flop
    assert "Riggs to act" in status(realm, skoll)
    # (Skoll hosts: his close and his call made both rolls due, so Riggs made them.)
    assert riggs.global_value("RollHiderSeen")[b"rolls"] == 2  # its hook saw both rolls
    assert realm.errors() == []


def test_a_neighbour_flooding_its_own_prefix_does_not_slow_the_table(tmp_path, addon):
    realm = Realm(seed=5, wtf=tmp_path / "WTF")
    names = ["Skoll", "Riggs", "Gray"]
    seated = Seated(realm.login(name, addons=[addon, ADDONS / "PrefixFlood"]) for name in names)
    realm.party(*seated)
    seated.table_id = f"{seated[0].full_name}:{realm.epoch()}"
    skoll, riggs, gray = seated
    refused = []  # (client, prefix) for each send the server's throttle refused
    for client in seated:
        def counting(prefix, now, client=client, take=client.take_token):
            allowed = take(prefix, now)
            if not allowed:
                refused.append((client.name, prefix))
            return allowed
        client.take_token = counting
    play(realm, skoll, "/tholdem open")
    for client in (riggs, gray):
        play(realm, client, "/tholdem join")
    play(realm, skoll, "/tholdem start")
    deal_fairly(realm, seated, 1)
    for client, line in ((riggs, "/tbet 2"), (gray, "/tholdem call"), (skoll, "/tholdem call")):
        play(realm, client, line)
    assert len({status(realm, client) for client in seated}) == 1
    assert "Riggs to act (check or bet)" in status(realm, skoll)  # Riggs rolled the flop
    # The throttle is per prefix: the flood's refusals never touched Tauren Hold'em's sends.
    assert {prefix for _, prefix in refused} == {b"PrefixFlood"}
    assert realm.errors() == []


# -- whole hands beside them ----------------------------------------------------------------------

DECLARED = {"TaurenHoldemDB", "SLASH_TAURENHOLDEM1"} | \
    {f"SLASH_TAURENHOLDEM_{action.upper()}1" for action in TAUREN.addon.commands}
GLOBAL_NAMES = """local names = {}
for name in pairs(_G) do names[#names + 1] = tostring(name) end
return names"""


def global_names(client: Client) -> set[str]:
    return set(client.run_lua(GLOBAL_NAMES))


def added_globals(client: Client, bare: Client) -> set[str]:
    """The global names `client` has and a bare client does not. A game name (an API
    function, a constant) is set in _G the first time code reaches for it, so a name the bare
    client answers when asked is the game's, not the addon's."""
    return {name for name in global_names(client) - global_names(bare)
            if bare.run_lua(f"return _G[{name!r}] == nil")}


def near(low: int, high: int) -> list[tuple[int, int]]:
    """The ranges one off a range, at either end or both, that the server allows."""
    ranges = [(low - 1, high - 1), (low + 1, high + 1), (low, high + 1), (low - 1, high),
              (low + 1, high), (low, high - 1)]
    return [(a, b) for a, b in ranges if 1 <= a <= b <= fairplay.MAX_ROLL]


def feed_spammers(seated: Seated) -> None:
    """Every RollSpammer also rolls ranges of the streets' widths: a manual table's fixed ranges
    for hand 1 and the ranges next to them (a guided table's come from the closing turn's
    nonce: nobody knows them beforehand). (Each rolls 1-1000000 as well: see
    test_a_seed_rolled_before_the_set_closes_is_not_the_seed.)"""
    for client in seated:
        for index in (1, 2, 3):
            low, high = street_range(seated.table_id, 1, index)
            for range_low, range_high in [(low, high), *near(low, high)]:
                client.type(f"/rollspam add {range_low} {range_high}")


def seed_spammers(seated: Seated, roller: Client) -> Callable[[], None]:
    """deal_fairly's `before`: as the players deal, every RollSpammer but the seed roller's
    rolls ranges of the seed's width (nobody knows the seed's own before the host's close;
    the roller's own rolls of its width would be the test's to script)."""
    def feed() -> None:
        for client in seated:
            if client is roller:
                continue
            for low in (1, 123457, fairplay.MAX_ROLL - fairplay.SEED_WIDTH + 1):
                client.type(f"/rollspam {low} {low + fairplay.SEED_WIDTH - 1}")
    return feed


HOLD_ROLLS = "function(ns) ns.FairDeal.roll_soon = function() end end"


@pytest.mark.parametrize("first", [True, False], ids=["neighbours first", "table first"])
@pytest.mark.parametrize("names", [(), *((name,) for name in NEIGHBOURS), NEIGHBOURS],
                         ids=["alone", *NEIGHBOURS, "all"])
def test_a_whole_hand_beside_neighbours(tmp_path, addon, names, first):
    beside = neighbours(tmp_path, names, first)
    realm = Realm(seed=6, wtf=tmp_path / "WTF")
    # The same neighbours without the table, far off: the globals there were before it.
    bare = realm.login("Mira", addons=beside, at=Location("Orgrimmar"))
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"], beside=beside)
    skoll, riggs, gray = seated
    by_name = {client.full_name: client for client in seated}
    spamming = "RollSpammer" in names
    if spamming:
        feed_spammers(seated)
    play(realm, skoll, "/tholdem start")
    # /tdeal may be GlobalNeighbour's; the long form always reaches the table. Skoll hosts,
    # so Riggs rolls the seed.
    deal_fairly(realm, seated, 1, {"Skoll": ("Shaman", "6"), "Riggs": ("Chieftain", "4")},
                dealer=riggs, command="/tholdem deal",
                before=seed_spammers(seated, riggs) if spamming else None)
    # From here each street's roller types its command (no roll by itself): the spammers
    # roll each street's own range and the ones next to it first, once it is known.
    for client in seated:
        client.lua.eval(HOLD_ROLLS)(client.addons["TaurenHoldem"].namespace)
    play(realm, riggs, "/tbet 2")
    play(realm, gray, "/tholdem fold")
    play(realm, skoll, "/tholdem call")
    spammed, rolled = set(), set()
    for index, faces in enumerate((("5", "3", "6"), ("6",), ("Warrior",)), 1):
        since = len(skoll.chat)  # (read each street: the chat frame keeps its last 128 lines)
        key, roller, low, high = due_roll(skoll)
        assert (key, roller) == (str(index), riggs.full_name)  # Skoll's turns closed each
        realm.script_rolls(street(*faces), by=roller, bounds=(low, high))
        if spamming:  # the others' spammers roll the street's own range before its roller
            for client in seated:
                ranges = near(low, high) if client is riggs else [(low, high), *near(low, high)]
                for range_low, range_high in ranges:
                    client.type(f"/rollspam {range_low} {range_high}")
            spammed.add((low, high))
        play(realm, by_name[roller], ("/tflop", "/tturn", "/triver")[index - 1])
        rolled |= {line.rsplit(" ", 1)[1] for line in skoll.chat.lines[since:]
                   if line.startswith(("RollSpammer: Skoll", "RollSpammer: Gray"))}
        for client in (riggs, skoll):
            play(realm, client, "/tholdem check")
    after_the_hand(realm)
    assert len({status(realm, client) for client in seated}) == 1
    assert status(realm, gray).endswith("banks: Skoll 18, Riggs 22, Gray 20")
    for client in seated:
        assert "Riggs wins the pot: 4 with Straight" in client.chat
        assert added_globals(client, bare) == DECLARED
    if spamming:  # the players' spammers rolled the streets' own ranges as well
        assert {f"({low}-{high})" for low, high in spammed} <= rolled
    for name in names:
        OWN[name](realm, list(seated))
    assert realm.errors() == []


def test_a_seed_rolled_before_the_set_closes_is_not_the_seed(tmp_path, addon):
    # The dealer's dice addon (or the dealer, typing /roll 1000000) rolls 1-1000000 once the
    # hand has started, before anyone has dealt: everyone sees the number, so a player could
    # grind a secret for it, and the addon must not take it for the seed.
    realm = Realm(seed=7, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs"], beside=(ADDONS / "RollSpammer",))
    skoll, riggs = seated
    skoll.type("/rollspam drop 1 1000000")  # its one roll of that range is this test's
    play(realm, skoll, "/tholdem start")
    realm.script_rolls(31337, by=skoll.full_name, bounds=(1, fairplay.MAX_ROLL))
    play(realm, skoll, "/rollspam 1 1000000")
    # Riggs grinds his secret for two Shamans under the number he has seen; the seed roll
    # after the close, of the set's own range, gives 277777.
    # (Skoll hosts, so Riggs rolls the seed.)
    low, high = deal_fairly(realm, seated, 1, {"Riggs": ("Shaman", "Shaman")}, seed=31337,
                            dealer=riggs, rolled=277777)
    assert "Skoll rolls 31337 (1-1000000)" in riggs.chat.lines
    assert f"Riggs rolls {low + 277777} ({low}-{high})" in riggs.chat.lines
    assert "1-[ ¥ ] 2-[ ¥ ]" not in riggs.chat.lines


def watch_order(client: Client) -> list[str]:
    """What reaches this client, in order: "close" for the host's DO close (alone or packed
    with others), "roll" for a roll line of the seed roll's width."""
    deliver, seen_ = client.fire, []

    def watching(event, *args):
        if event == "CHAT_MSG_ADDON" and b"\tclose\t" in args[1]:
            seen_.append("close")
        elif event == "CHAT_MSG_SYSTEM" and seed_width(args[0]):
            seen_.append("roll")
        return deliver(event, *args)

    client.fire = watching
    return seen_


def seed_width(text) -> bool:
    line = text.decode() if isinstance(text, bytes) else str(text)
    low, _, high = line.rsplit("(", 1)[-1].rstrip(").").partition("-")
    return low.isdigit() and high.isdigit() and int(high) - int(low) + 1 == fairplay.SEED_WIDTH


def hold_the_close(client: Client) -> None:
    """This client's addon messages are slow: the host's close reaches it only after a roll
    line of the seed's width that came after it (the seed's own)."""
    deliver, held, lines = client.fire, [], []

    def slow(event, *args):
        if event == "CHAT_MSG_ADDON" and b"\tclose\t" in args[1] and not held:
            held.append(args)
            return None
        result = deliver(event, *args)
        if event == "CHAT_MSG_SYSTEM" and seed_width(args[0]):
            lines.append(args)
            if held and len(lines) == 2:  # the early roll, then the seed's
                client.fire = deliver
                deliver("CHAT_MSG_ADDON", *held[0])
        return result

    client.fire = slow


@pytest.mark.parametrize("slow_addon", [False, True],
                         ids=["close first", "roll line before the close"])
def test_a_roll_of_the_seeds_width_before_the_close_is_not_the_seed(tmp_path, addon,
                                                                    slow_addon):
    # The dealer's dice addon rolls a range as wide as the seed's before anyone deals; a
    # player grinds his secret for that number as if it were the seed. Only the roller's roll
    # of the range the set's hash and the close's nonce give binds, at every client, even
    # where that roll line comes before the host's close (this client's addon messages slower
    # than the server's lines).
    realm = Realm(seed=8, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"],
                        beside=(ADDONS / "RollSpammer",))
    skoll, riggs, gray = seated
    riggs.type("/rollspam drop 1 8")  # (its rolls of a die's width are the test's)
    order = {client.name: watch_order(client) for client in (riggs, gray)}
    if slow_addon:
        hold_the_close(gray)
    play(realm, skoll, "/tholdem start")
    early = (123457, 123456 + fairplay.SEED_WIDTH)
    realm.script_rolls(early[0] + 31337, by=skoll.full_name, bounds=early)
    play(realm, skoll, f"/rollspam {early[0]} {early[1]}")
    low, high = deal_fairly(realm, seated, 1, {"Riggs": ("Shaman", "Shaman")}, seed=31337,
                            dealer=riggs, rolled=277777)  # (Skoll hosts: Riggs rolls the seed)
    assert (low, high) != early
    for client in seated:
        assert [line for line in seed_rolls(client) if not line.startswith("RollSpammer")] == [
            f"Skoll rolls {early[0] + 31337} ({early[0]}-{early[1]})",
            f"Riggs rolls {low + 277777} ({low}-{high})"]
    assert "1-[ ¥ ] 2-[ ¥ ]" not in riggs.chat.lines
    assert order["Riggs"] == ["roll", "close", "roll"]
    assert order["Gray"] == (["roll", "roll", "close"] if slow_addon else ["roll", "close", "roll"])
    # Every client took the same seed: each reveal checks out at the showdown.
    # (Skoll's turns close each round: Riggs rolls every street.)
    realm.script_rolls(street("5", "3", "6"), street("6"), street("Warrior"), by=riggs.full_name)
    for client, line in ((riggs, "/tbet 2"), (gray, "/tholdem call"), (skoll, "/tholdem call")):
        play(realm, client, line)
    check_down(realm, skoll, riggs, gray, skoll)
    after_the_hand(realm)
    for client in seated:
        assert not client.chat.matching("do not follow"), client.name
        assert client.chat.matching(" shows "), client.name
    assert len({status(realm, client) for client in seated}) == 1
    assert "the hand is over" in status(realm, skoll)
    assert realm.errors() == []
