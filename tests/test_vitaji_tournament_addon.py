"""A Vitaji tournament and side bets played for real: the generated addon in the realm.

An organiser hosts one table in a raid and registers eight players; the addon seeds two
groups; each group's games are dealt to that group alone at the table and played through the
slash commands (every die the player's own open /roll); after each game every client shows the
same standings on request as the Python tournament given the same games; they outlive a
logout; the top two of each group go on to a final and a winner is named. Spectators back
players with /vitaji sidebet and are paid from the results in the ledger, alike at every
client; a cheater cannot register, bet for someone else, bet on a game in play or over, or
settle a book."""

from __future__ import annotations

import random

import pytest
from test_vitaji_addon import Mirror

from addon_table import Seated, play
from conftest import write_variant
from pyhost.codegen import build, write
from pyhost.engine.core import Ledger
from pyhost.engine.vitaji.sidebets import SideBook
from pyhost.engine.vitaji.tournament import Tournament
from pyhost.harness import Client, Realm
from pyhost.rules import load_ruleset

PLAYERS = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gil", "Hal"]
FANS = ["Sam", "Tia"]
REALM = "-Thunderhorn"


@pytest.fixture
def realm(tmp_path):
    return Realm(wtf=tmp_path / "WTF", seed=7)


@pytest.fixture
def cup_table(realm, tmp_path):
    """The organiser hosts a table (points, a d6 over 3 rounds) in a raid; the eight players
    sit down; the two spectators do not."""
    path = write_variant(tmp_path, "vitaji", {
        "rounds = 5": "rounds = 3", "rerolls = 2": "rerolls = 1",
        'stakes = "chips"': 'stakes = "points"\npoints = 100'}, "cup")
    ruleset = load_ruleset(path)
    addon = tmp_path / "cup" / ruleset.addon.name
    write(build(ruleset), addon)
    clients = {name: realm.login(name, addons=[addon]) for name in ["Org", *PLAYERS, *FANS]}
    realm.raid(*clients.values())
    table_id = f"{clients['Org'].full_name}:{realm.epoch()}"
    play(realm, clients["Org"], "/vitaji open")
    for name in PLAYERS:
        play(realm, clients[name], "/vitaji join")
    table = Seated([clients["Org"]] + [clients[name] for name in PLAYERS])
    table.table_id = table_id
    table.addon = addon  # (for a player who logs in later)
    table.ruleset = ruleset
    return clients, table


def lua_of(client: Client, code: str):
    """A function of the addon's namespace, run in the client."""
    namespace = client.addons["Vitaji"].namespace
    return client.lua.eval(code)(namespace)


def text(value) -> str:
    return value.decode() if isinstance(value, bytes) else value


def bank_at(client: Client, name: str) -> int:
    return lua_of(client, f"function(ns) return ns.Ledger.bank_of('{name}{REALM}') end")


def first_player(client: Client) -> str:
    return text(lua_of(client, "function(ns) return ns.DrawTable.live().game.order[1] end"))


def shown(realm: Realm, client: Client, line: str) -> list[str]:
    """What a command printed, the realm's suffix left off the names."""
    since = len(client.chat.lines)
    play(realm, client, line)
    return [out.replace(REALM, "") for out in client.chat.lines[since:]]


def play_game(realm, clients, table, t: Tournament, group: int, hands: int,
              rng: random.Random) -> list[str]:
    """The organiser starts a game, which the addon deals to `group`; it is played through the
    commands alongside the Python engine, and recorded in the Python tournament."""
    play(realm, clients["Org"], "/vitaji start")
    players, _ = t.seats(group)
    seated = Seated([c for c in table if c.name in players])
    seated.table_id, seated.ruleset = table.table_id, table.ruleset
    first = [c.name for c in seated].index(first_player(clients["Org"]).replace(REALM, ""))
    points = table.ruleset.table.points
    mirror = Mirror(realm, seated, hands, {c.name: points for c in seated}, first)
    mirror.play_out(rng)
    return t.record(group, mirror.engine)


def everyone_shows(realm, clients, t: Tournament) -> None:
    expected = ([f"{t.champion} won the tournament of Org."] if t.stage == "over"
                else [line for g in range(len(t.groups)) for line in t.standings(g)])
    for client in clients.values():
        assert shown(realm, client, "/vitaji cup") == expected, client.name


def test_eight_players_two_groups_a_final_and_side_bets_paid_alike(realm, cup_table):
    clients, table = cup_table
    org = clients["Org"]
    rules = table.ruleset
    t = Tournament(rules, "Org")
    play(realm, org, "/vitaji cup new")
    for name in PLAYERS:
        play(realm, org, f"/vitaji cup add {name}")
        t.register("Org", name)
    assert shown(realm, clients["Sam"], "/vitaji cup") == [
        "The tournament of Org: 8 registered (Ann, Bob, Cid, Dee, Eve, Fay, Gil, Hal); "
        "the organiser starts it with /vitaji cup start."]
    lines = shown(realm, org, "/vitaji cup start")
    assert t.start("Org") == ["round 1, group 1: Ann, Dee, Eve, Hal",
                              "round 1, group 2: Bob, Cid, Fay, Gil"]
    for client in clients.values():
        assert "round 1, group 2: Bob, Cid, Fay, Gil" in [
            line.replace(REALM, "") for line in client.chat.lines], client.name
    assert lines[:2] == [
        "round 1, group 1: Ann, Dee, Eve, Hal", "round 1, group 2: Bob, Cid, Fay, Gil"]
    # The ledger's banks, as Python keeps them for the side books.
    ledger = Ledger(rules, [*PLAYERS, *FANS])
    rng = random.Random("cup")
    hands = 0
    while t.stage == "playing":
        group = next(g for g, each in enumerate(t.groups) if len(each.games) < 3)
        running = [p for g in range(len(t.groups)) for p in t.seats(g)[0]]
        book = SideBook(ledger, t.groups[group].entrants, running)
        # The spectators (and, in the final, the players gone out) back someone.
        backers = FANS + [p for p in PLAYERS if p not in running]
        for fan in backers:
            runner = rng.choice(t.groups[group].entrants)
            chips = rng.randint(1, 30)
            play(realm, clients[fan], f"/vitaji sidebet {runner} {chips}")
            book.place(fan, runner, chips)
        hands += 1
        target = t.groups[group]
        play_game(realm, clients, table, t, group, hands, rng)
        paid = book.settle(target.games[-1]["winner"])
        everyone_shows(realm, clients, t)
        for client in clients.values():
            for name in [*PLAYERS, *FANS]:
                assert bank_at(client, name) == ledger.seat(name).bank, (client.name, name)
        said = [line.replace(REALM, "") for line in clients["Sam"].chat.lines]
        assert paid and all(event.text in said for event in paid)
        if hands == 3:  # a spectator and a player log out and back in: all is kept
            for name in ("Tia", "Ann"):
                realm.logout(clients[name])
                realm.login(name)
                realm.run_until_quiet()
            everyone_shows(realm, clients, t)
        if hands == 6:  # a spectator joins the raid: he takes the tournament and every book
            zed = realm.login("Zed", addons=[table.addon])
            realm.invite(org, zed)
            realm.run_until_quiet()
            clients["Zed"] = zed
            everyone_shows(realm, clients, t)
            for name in [*PLAYERS, *FANS]:
                assert bank_at(zed, name) == ledger.seat(name).bank, name
    assert "Zed" in clients
    assert t.tier == 2 and hands == 9 and t.champion
    for client in clients.values():  # (the addon shows a name of the player's own realm short)
        assert f"{t.champion} wins the tournament" in client.chat.lines, client.name
    assert sum(ledger.banks.values()) == len(ledger.banks) * rules.table.starting_bank
    assert realm.errors() == []


def cheat(client: Client, op: str, **fields) -> None:
    """A hostile client sends a CUP of its own making, past its commands' checks."""
    def lua(value) -> str:
        return "{" + ", ".join(map(lua, value)) + "}" if isinstance(value, list) else repr(value)

    values = ", ".join(f"{key} = {lua(value)}" for key, value in {"op": op, **fields}.items())
    lua_of(client, f"function(ns) ns.Comm.send('CUP', {{ {values} }}) end")


def banks_everywhere(clients) -> set[tuple]:
    """Each honest client's ledger of every player and spectator (one entry if all agree);
    the cheater's own client, which never applied what it sent, is left out."""
    return {tuple(bank_at(client, name) for name in [*PLAYERS, *FANS])
            for client in clients.values() if client.name != "Tia"}


def test_a_cheater_cannot_register_bet_for_another_bet_late_or_settle(realm, cup_table):
    clients, table = cup_table
    org, sam, tia, ann = clients["Org"], clients["Sam"], clients["Tia"], clients["Ann"]
    t = Tournament(table.ruleset, "Org")
    help_lines = shown(realm, sam, "/vhelp")
    assert "/vitaji cup - the tournament: its groups' standings after every game, or its " \
        "champion" in help_lines
    assert any(line.startswith("/vitaji sidebet NAME N - ") for line in help_lines)
    assert shown(realm, sam, "/vitaji cup") == ["No tournament: /vitaji cup new organises one."]
    play(realm, org, "/vitaji cup new")
    # Bad words get one line and change nothing.
    assert shown(realm, org, "/vitaji cup frob") == [
        "/vitaji cup [new | add NAME [MEMBERS...] | start]: frob is not one of these."]
    assert shown(realm, org, "/vitaji cup add") == [
        "/vitaji cup [new | add NAME [MEMBERS...] | start]: add is not one of these."]
    assert shown(realm, org, "/vitaji cup add Ann Bob") == [
        "/vitaji cup [new | add NAME [MEMBERS...] | start]: add Ann Bob is not one of these."]
    # Only the organiser registers, starts, or starts another tournament.
    assert shown(realm, tia, "/vitaji cup add Tia") == [
        "Tia cannot register entrants: only the organiser, Org, can"]
    cheat(tia, "add", entrant=f"Sam{REALM}")
    cheat(tia, "new")
    realm.run_until_quiet()
    for name in PLAYERS:
        play(realm, org, f"/vitaji cup add {name}")
        t.register("Org", name)
    assert shown(realm, tia, "/vitaji cup start") == [
        "Tia cannot start the tournament: only the organiser, Org, can"]
    play(realm, org, "/vitaji cup start")
    t.start("Org")
    everyone_shows(realm, clients, t)
    before = banks_everywhere(clients)
    assert len(before) == 1
    # A player of the tournament, a bet beyond the bank, a runner of no game, no amount.
    # (The addon shows names of the player's own realm short.)
    assert shown(realm, ann, "/vitaji sidebet Dee 5") == ["Ann cannot bet on a game Ann plays in"]
    assert shown(realm, tia, "/vitaji sidebet Ann 500") == [
        "Tia cannot bet 500: only 100 in the bank"]
    assert shown(realm, tia, "/vitaji sidebet Sam 5") == [
        "Tia cannot bet: Sam plays no game of this round now."]
    assert shown(realm, tia, "/vitaji sidebet Ann 1.5") == [
        "the side bet must be a whole number, not 1.5"]
    assert shown(realm, tia, "/vitaji sidebet Ann") == [
        "/vitaji sidebet NAME N: back a player of the tournament for N tria."]
    # A bet is its sender's own: whatever the message says, Tia's chips move, nobody else's.
    cheat(tia, "bet", entrant=f"Ann{REALM}", amount=10, book="1:1:1", members=[f"Sam{REALM}"])
    realm.run_until_quiet()
    (after,) = banks_everywhere(clients)
    tia_at = len(PLAYERS) + FANS.index("Tia")
    expected = list(next(iter(before)))
    expected[tia_at] -= 10
    assert list(after) == expected
    # Game 1 of group 1 in play: its book is closed to a bet.
    play(realm, org, "/vitaji start")
    assert shown(realm, sam, "/vitaji sidebet Ann 5") == ["Sam cannot bet: side bets are closed"]
    cheat(tia, "bet", entrant=f"Dee{REALM}", amount=5, book="1:1:1")
    realm.run_until_quiet()
    assert banks_everywhere(clients) == {after}
    players, _ = t.seats(0)
    seated = Seated([c for c in table if c.name in players])
    seated.table_id, seated.ruleset = table.table_id, table.ruleset
    first = [c.name for c in seated].index(first_player(org).replace(REALM, ""))
    mirror = Mirror(realm, seated, 1, {c.name: 100 for c in seated}, first)
    mirror.play_out(random.Random("cheat"))
    t.record(0, mirror.engine)
    winner = t.groups[0].games[0]["winner"]
    (settled,) = banks_everywhere(clients)
    # Tia's was the only bet: back to her if Ann won (the whole pool), or if nobody backed the
    # winner (her stake back): 10 either way, and all others as they were.
    assert winner in players
    assert settled[tia_at] == after[tia_at] + 10
    assert [b for i, b in enumerate(settled) if i != tia_at] == \
        [b for i, b in enumerate(after) if i != tia_at]
    # After the result: the book of game 1 is settled; a bet on it, or a settling, changes
    # nothing (there is no message that settles: only each client's own game does).
    cheat(tia, "bet", entrant=f"Ann{REALM}", amount=5, book="1:1:1")
    cheat(tia, "settle", entrant=f"Ann{REALM}", book="1:1:1")
    realm.run_until_quiet()
    assert banks_everywhere(clients) == {settled}
    # Nor does a spectator's client, logging in again and catching up, pay twice.
    realm.logout(sam)
    realm.login("Sam")
    realm.run_until_quiet()
    assert banks_everywhere(clients) == {settled}
    everyone_shows(realm, clients, t)
    # The organiser starts anew with stakes held on game 2: they go back, at every client.
    sam_at = len(PLAYERS) + FANS.index("Sam")
    play(realm, sam, "/vitaji sidebet Dee 7")
    (held,) = banks_everywhere(clients)
    assert held[sam_at] == settled[sam_at] - 7
    play(realm, org, "/vitaji cup new")
    assert f"Sam{REALM} gets back 7 (the side bets are void)" in sam.chat.lines
    assert banks_everywhere(clients) == {settled}
    assert realm.errors() == []


def test_a_spectator_who_joins_the_raid_late_is_caught_up_by_the_host(realm, cup_table):
    """Zed was not in the raid as the tournament was registered, started and its first game
    played: he takes it from the table's host as he catches up with the table, then records
    the next game himself, as everyone does."""
    clients, table = cup_table
    org = clients["Org"]
    t = Tournament(table.ruleset, "Org")
    play(realm, org, "/vitaji cup new")
    for name in PLAYERS:
        play(realm, org, f"/vitaji cup add {name}")
        t.register("Org", name)
    play(realm, org, "/vitaji cup start")
    t.start("Org")
    rng = random.Random("late")
    play_game(realm, clients, table, t, 0, 1, rng)
    zed = realm.login("Zed", addons=[table.addon])
    realm.invite(org, zed)
    realm.run_until_quiet()
    # (From the host and a seat that agree: Zed knew no organiser to take it from.)
    (caught,) = [line for line in zed.chat.lines if line.startswith("Caught up with the tour")]
    assert caught.startswith("Caught up with the tournament of Org from Org and ")
    assert caught.endswith(" (its results so far are their word).")
    assert caught.split()[10] in PLAYERS
    clients["Zed"] = zed
    everyone_shows(realm, clients, t)
    play_game(realm, clients, table, t, 0, 2, rng)
    everyone_shows(realm, clients, t)
    assert realm.errors() == []


def test_a_team_tournament_deals_its_registered_teams_at_the_table(realm, tmp_path):
    """Four teams of two (a group of eight players, as the source's team tournaments): the
    organiser registers the teams, the host's start deals them with no /vteam word from anyone,
    every client plays the same team games, and the standings and champion agree with
    Python's."""
    path = write_variant(tmp_path, "vitaji", {
        "rounds = 5": "rounds = 3", "rerolls = 2": "rerolls = 1", "team_size = 1": "team_size = 2",
        "group_size = 4": "group_size = 8", "advance = 2": "advance = 4",
        'stakes = "chips"': 'stakes = "points"\npoints = 100'}, "teamcup")
    rules = load_ruleset(path)
    addon = tmp_path / "teamcup" / rules.addon.name
    write(build(rules), addon)
    clients = {name: realm.login(name, addons=[addon]) for name in ["Org", *PLAYERS]}
    realm.raid(*clients.values())
    table_id = f"{clients['Org'].full_name}:{realm.epoch()}"
    play(realm, clients["Org"], "/vitaji open")
    for name in PLAYERS:
        play(realm, clients[name], "/vitaji join")
    table = Seated([clients["Org"]] + [clients[name] for name in PLAYERS])
    table.table_id, table.ruleset = table_id, rules
    teams = {"Red": ["Ann", "Bob"], "Blue": ["Cid", "Dee"], "Gold": ["Eve", "Fay"],
             "Jade": ["Gil", "Hal"]}
    t = Tournament(rules, "Org")
    play(realm, clients["Org"], "/vitaji cup new")
    for team, members in teams.items():
        play(realm, clients["Org"], f"/vitaji cup add {team} {' '.join(members)}")
        t.register("Org", team, members)
    play(realm, clients["Org"], "/vitaji cup start")
    assert t.start("Org") == ["the final, group 1: Red, Blue, Gold, Jade"]
    rng = random.Random("teams")
    for hands in range(1, 4):
        play(realm, clients["Org"], "/vitaji start")
        players, team_of = t.seats(0)
        assert sorted(players) == sorted(PLAYERS) and team_of
        seated = Seated([c for c in table if c.name in players])
        seated.table_id, seated.ruleset = table_id, rules
        first = [c.name for c in seated].index(first_player(clients["Org"]).replace(REALM, ""))
        mirror = Mirror(realm, seated, hands, {c.name: rules.table.points for c in seated}, first,
                        teams=team_of)
        mirror.play_out(rng)
        t.record(0, mirror.engine)
        everyone_shows(realm, {"Org": clients["Org"], **clients}, t)
    assert t.stage == "over" and t.champion in teams
    for client in clients.values():
        assert f"{t.champion} wins the tournament" in client.chat.lines, client.name
    assert realm.errors() == []
