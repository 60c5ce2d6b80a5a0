"""Side bets ordered by the table's host, and taken by a client that missed them: the generated
addon in the realm (the tournament's table: test_vitaji_tournament_addon.py).

A bet that crosses its game's start on the network counts at every client or at none, as the
host's list says; a hostile host cannot put in a bet nobody placed, and one it leaves out goes
back everywhere; a bettor who whispers different bets to different clients moves nothing; a
spectator who joins late, or logs out while bets are placed and a game played, takes the books
from the host; and every honest client's ledger ends the same, as Python's does."""

from __future__ import annotations

import random

from test_vitaji_addon import Mirror
from test_vitaji_tournament_addon import (
    FANS,
    PLAYERS,
    REALM,
    bank_at,
    cup_table,
    first_player,
    lua_of,
    play_game,
    realm,
)

from addon_table import Seated, play
from pyhost.engine.core import Ledger
from pyhost.engine.vitaji.sidebets import SideBook
from pyhost.engine.vitaji.tournament import Tournament
from pyhost.harness import Client

__all__ = ["cup_table", "realm"]  # (the fixtures, used by name)


def started(realm, clients, table, organiser: str = "Org") -> Tournament:
    """The organiser's tournament of the eight players, started: group 1 is Ann, Dee, Eve,
    Hal."""
    t = Tournament(table.ruleset, organiser)
    play(realm, clients[organiser], "/vitaji cup new")
    for name in PLAYERS:
        play(realm, clients[organiser], f"/vitaji cup add {name}")
        t.register(organiser, name)
    play(realm, clients[organiser], "/vitaji cup start")
    t.start(organiser)
    return t


def hold_bets(client: Client, bettor: str):
    """The first CUP bet from `bettor` reaches this client late: when the returned function
    hands it on."""
    deliver, held = client.fire, []

    def slow(event, *args):
        if event == "CHAT_MSG_ADDON" and not held and b"\tCUP\tbet\t" in args[1] \
                and args[3] == f"{bettor}{REALM}".encode():
            held.append(args)
            return None
        return deliver(event, *args)

    client.fire = slow

    def release() -> int:
        client.fire = deliver
        for args in held:
            deliver("CHAT_MSG_ADDON", *args)
        return len(held)

    return release


def ledgers(clients, leave_out=()) -> set[tuple]:
    """Each client's ledger of every player and spectator (one entry if all agree)."""
    return {tuple(bank_at(client, name) for name in [*PLAYERS, *FANS])
            for client in clients.values() if client.name not in leave_out}


def python_ledger(rules) -> Ledger:
    return Ledger(rules, [*PLAYERS, *FANS])


def expected(ledger: Ledger) -> tuple:
    return tuple(ledger.seat(name).bank for name in [*PLAYERS, *FANS])


def first_book(t: Tournament, ledger: Ledger) -> SideBook:
    """Python's book on the first group's first game, its runners and the players running."""
    return SideBook(ledger, t.groups[0].entrants, [p for g in range(2) for p in t.seats(g)[0]])


def place_many(realm, clients, book: SideBook, rounds: int) -> None:
    """Sam backs Ann and Dee in turn, Tia Eve and Hal, 1 to 3 tria each: 2 bets a round, at
    the table and in Python's book."""
    for i in range(rounds):
        for bettor, runner in (("Sam", ("Ann", "Dee")[i % 2]), ("Tia", ("Eve", "Hal")[i % 2])):
            play(realm, clients[bettor], f"/vitaji sidebet {runner} {1 + i % 3}")
            book.place(bettor, runner, 1 + i % 3)


def test_a_bet_that_crosses_the_start_counts_everywhere_when_the_host_took_it(realm, cup_table):
    # Sam's bet reaches the host before its start, and some clients only after it: the host's
    # list takes it, so those clients ask Sam for it again and count it too.
    clients, table = cup_table
    t = started(realm, clients, table)
    ledger = python_ledger(table.ruleset)
    book = first_book(t, ledger)
    play(realm, clients["Tia"], "/vitaji sidebet Ann 5")
    book.place("Tia", "Ann", 5)
    late = [clients[name] for name in ("Bob", "Cid", "Hal", "Tia")]
    releases = [hold_bets(client, "Sam") for client in late]
    clients["Sam"].type("/vitaji sidebet Dee 9")
    realm.advance(0.5)  # (the host and most clients have it; the late ones do not)
    assert "Sam backs Dee for 9" in [line.replace(REALM, "") for line in clients["Org"].chat.lines]
    clients["Org"].type("/vitaji start")
    realm.run_until_quiet()
    book.place("Sam", "Dee", 9)
    for client in late:  # (they asked Sam again: his word came back before the held one)
        assert "Sam backs Dee for 9" in [line.replace(REALM, "") for line in client.chat.lines]
    assert sum(release() for release in releases) == len(late)
    realm.run_until_quiet()
    assert ledgers(clients) == {expected(ledger)}
    play_game(realm, clients, table, t, 0, 1, random.Random("crossing"))
    book.settle(t.groups[0].games[-1]["winner"])
    assert ledgers(clients) == {expected(ledger)}
    assert realm.errors() == []


def test_a_bet_the_host_heard_after_its_start_counts_nowhere(realm, cup_table):
    clients, table = cup_table
    t = started(realm, clients, table)
    ledger = python_ledger(table.ruleset)
    book = first_book(t, ledger)
    late = [clients[name] for name in ("Org", "Bob")]
    releases = [hold_bets(client, "Sam") for client in late]
    clients["Sam"].type("/vitaji sidebet Dee 9")
    realm.advance(0.5)  # (placed at most clients, not at the host)
    assert bank_at(clients["Cid"], "Sam") == 91
    clients["Org"].type("/vitaji start")
    realm.run_until_quiet()
    assert sum(release() for release in releases) == len(late)
    realm.run_until_quiet()
    sam = [line.replace(REALM, "") for line in clients["Sam"].chat.lines]
    assert "Sam gets back 9 (the host did not take that bet)" in sam
    assert ledgers(clients) == {expected(ledger)}
    play_game(realm, clients, table, t, 0, 1, random.Random("after"))
    book.settle(t.groups[0].games[-1]["winner"])
    assert ledgers(clients) == {expected(ledger)}
    assert realm.errors() == []


def lua_text(value) -> str:
    """Plain data as VitajiCupBets.lua's text: strings, whole numbers, lists, tables."""
    if isinstance(value, str):
        return f"s{len(value.encode())}:{value}"
    if isinstance(value, int):
        return f"n{value};"
    if isinstance(value, dict):
        return "{" + "".join(lua_text(key) + lua_text(item) for key, item in value.items()) + "}"
    return "{" + "".join(lua_text(i + 1) + lua_text(item) for i, item in enumerate(value)) + "}"


def relay(client: Client, bettor: str, n: str, runner: str, amount: int, to: Client) -> None:
    """`client` whispers `to` a relayed word: `bettor`'s bet number `n` on group 1's game 1."""
    lua_of(client, f"""function(ns) ns.Comm.send('CUP', {{ op = 'word', book = '1:1:1',
        state = '{n}', entrant = '{runner}{REALM}', amount = {amount},
        members = {{ '{bettor}{REALM}' }} }},
        '{to.full_name}') end""")


def send_instead_of_list(host: Client, forged: str) -> None:
    """The host's client, modified, sends `forged` (as text) for each part of its list."""
    lua_of(host, """function(ns)
        local send = ns.Comm.send
        ns.Comm.send = function(kind, message, target)
            if kind == "CUP" and message.op == "list" then
                message = { op = "list", book = message.book, state = FORGED }
            end
            return send(kind, message, target)
        end
    end""".replace("FORGED", repr(forged)))


def test_a_hostile_host_cannot_list_a_bet_nobody_placed_and_one_it_leaves_out_goes_back(
        realm, cup_table):
    clients, table = cup_table
    org = clients["Org"]
    t = started(realm, clients, table)
    ledger = python_ledger(table.ruleset)
    book = first_book(t, ledger)
    play(realm, clients["Tia"], "/vitaji sidebet Ann 5")
    book.place("Tia", "Ann", 5)
    play(realm, clients["Sam"], "/vitaji sidebet Dee 9")
    # The host's client sends a list of its own making: Tia's bet, and one of 40 for Sam
    # (number 7) that Sam never placed; Sam's real bet (number 1) left out.
    forged = lua_text({"first": 1, "total": 2, "bets": [[f"Tia{REALM}", "1", f"Ann{REALM}", 5],
                                                       [f"Sam{REALM}", "7", f"Hal{REALM}", 40]]})
    send_instead_of_list(org, forged)
    play(realm, org, "/vitaji start")
    # Nor does a relayed word put it in: the host's own relay is not taken, and another
    # client's relay of a bet the list does not hold (Sam's real one) is not either.
    for client in clients.values():
        if client.name not in ("Org", "Sam"):
            relay(org, "Sam", "7", "Hal", 40, to=client)
            relayer = clients["Tia" if client.name != "Tia" else "Ann"]
            relay(relayer, "Sam", "1", "Dee", 9, to=client)
    realm.run_until_quiet()
    # Everywhere but at the host: Sam's 9 back, nothing of the invented 40 taken from him.
    assert ledgers(clients, leave_out=("Org",)) == {expected(ledger)}
    for client in clients.values():
        if client.name != "Org":
            assert "Sam backs Hal for 40" not in [
                line.replace(REALM, "") for line in client.chat.lines], client.name
    play_game(realm, clients, table, t, 0, 1, random.Random("forged"))
    book.settle(t.groups[0].games[-1]["winner"])
    assert ledgers(clients, leave_out=("Org",)) == {expected(ledger)}
    assert realm.errors() == []


def test_a_bettor_who_whispers_different_bets_to_different_clients_moves_nothing(
        realm, cup_table):
    clients, table = cup_table
    t = started(realm, clients, table)
    ledger = python_ledger(table.ruleset)
    before = ledgers(clients)
    assert before == {expected(ledger)}
    # Tia's client whispers a bet on Ann to half the raid and another, with the same number,
    # on Dee to the other half (the host among them).
    half = ["Org", "Ann", "Bob", "Cid", "Dee"]
    for name, client in clients.items():
        if name == "Tia":
            continue
        runner = "Ann" if name in half else "Dee"
        lua_of(clients["Tia"], f"""function(ns) ns.Comm.send('CUP', {{ op = 'bet',
            entrant = '{runner}{REALM}', amount = 10, book = '1:1:1', state = '1' }},
            '{client.full_name}') end""")
    realm.run_until_quiet()
    assert ledgers(clients, leave_out=("Tia",)) == before
    for client in clients.values():
        assert not [line for line in client.chat.lines if "Tia-Thunderhorn backs" in line]
    play(realm, clients["Org"], "/vitaji start")
    play_game_started(realm, clients, table, t, 0)
    assert ledgers(clients, leave_out=("Tia",)) == before
    assert realm.errors() == []


def play_game_started(realm, clients, table, t, group):
    """The game /vitaji start began, played out (play_game starts its own)."""
    players, _ = t.seats(group)
    seated = Seated([c for c in table if c.name in players])
    seated.table_id, seated.ruleset = table.table_id, table.ruleset
    first = [c.name for c in seated].index(first_player(clients["Org"]).replace(REALM, ""))
    mirror = Mirror(realm, seated, 1, {c.name: table.ruleset.table.points for c in seated}, first)
    mirror.play_out(random.Random("whispers"))
    t.record(group, mirror.engine)


def test_a_spectator_who_missed_bets_takes_the_books_from_the_host(realm, cup_table):
    """Zed joins the raid after a game was bet on and played and bets were placed on the
    next; Tia logs out before the first game's bets and comes back after its end. Both take
    the books from the host's state, so every ledger agrees after the next game, as Python's."""
    clients, table = cup_table
    t = started(realm, clients, table)
    ledger = python_ledger(table.ruleset)
    running = [p for g in range(2) for p in t.seats(g)[0]]
    tia = clients["Tia"]
    realm.logout(tia)
    realm.run_until_quiet()
    first = SideBook(ledger, t.groups[0].entrants, running)
    play(realm, clients["Sam"], "/vitaji sidebet Ann 12")
    first.place("Sam", "Ann", 12)
    play(realm, clients["Sam"], "/vitaji sidebet Hal 4")
    first.place("Sam", "Hal", 4)
    rng = random.Random("missed")
    play_game(realm, clients, table, t, 0, 1, rng)
    first.settle(t.groups[0].games[-1]["winner"])
    realm.login("Tia")
    realm.run_until_quiet()
    assert ledgers(clients) == {expected(ledger)}
    second = SideBook(ledger, t.groups[0].entrants, running)
    play(realm, clients["Sam"], "/vitaji sidebet Dee 20")
    second.place("Sam", "Dee", 20)
    zed = realm.login("Zed", addons=[table.addon])
    realm.invite(clients["Org"], zed)
    realm.run_until_quiet()
    clients["Zed"] = zed
    assert ledgers(clients) == {expected(ledger)}
    play(realm, tia, "/vitaji sidebet Eve 6")
    second.place("Tia", "Eve", 6)
    play_game(realm, clients, table, t, 0, 2, rng)
    second.settle(t.groups[0].games[-1]["winner"])
    assert ledgers(clients) == {expected(ledger)}
    assert realm.errors() == []


def test_a_late_joiner_does_not_take_a_lying_hosts_tournament(realm, cup_table):
    """Sam organises the tournament at Org's table; Org's client answers a newcomer with a
    false one (group 1's first game won by another). Zed, who knows no tournament, takes one
    only when two players agree on it: Sam's and the seats' answers, not the host's."""
    clients, table = cup_table
    t = started(realm, clients, table, organiser="Sam")
    rng = random.Random("lying")
    play_game(realm, clients, table, t, 0, 1, rng)
    lua_of(clients["Org"], """function(ns)
        local Cup, Tournament = ns.VitajiTournamentTable, ns.VitajiTournament
        local ask = Cup.OPS.ask
        Cup.OPS.ask = function(sender)
            local real = Cup.S.cup
            local fake = Tournament.restore(real:saved())
            local game = fake.groups[1].games[1]
            for name in pairs(game.scores) do
                if name ~= game.winner then game.winner = name break end
            end
            game.scores[game.winner] = 99
            Cup.S.cup = fake
            ask(sender)
            Cup.S.cup = real
        end
    end""")
    zed = realm.login("Zed", addons=[table.addon])
    realm.invite(clients["Org"], zed)
    realm.run_until_quiet()
    (caught,) = [line for line in zed.chat.lines if line.startswith("Caught up with the tour")]
    assert caught.startswith("Caught up with the tournament of Sam from ") and "Org" not in caught
    expected_lines = [line for g in range(len(t.groups)) for line in t.standings(g)]
    since = len(zed.chat.lines)
    play(realm, zed, "/vitaji cup")
    assert [line.replace(REALM, "") for line in zed.chat.lines[since:]] == expected_lines
    play_game(realm, {**clients, "Zed": zed}, table, t, 0, 2, rng)
    since = len(zed.chat.lines)
    play(realm, zed, "/vitaji cup")
    assert [line.replace(REALM, "") for line in zed.chat.lines[since:]] == [
        line for g in range(len(t.groups)) for line in t.standings(g)]
    assert realm.errors() == []


def drop_bets(client: Client, bettor: str) -> None:
    """Every CUP bet from `bettor` is lost on its way to this client (and asked again)."""
    deliver = client.fire

    def lossy(event, *args):
        if event == "CHAT_MSG_ADDON" and b"\tCUP\tbet\t" in args[1] \
                and args[3] == f"{bettor}{REALM}".encode():
            return None
        return deliver(event, *args)

    client.fire = lossy


def test_a_listed_bet_whose_word_a_client_lost_is_relayed_by_another(realm, cup_table):
    """Bob never hears Sam's bet, and Sam logs out before the game begins, so Bob cannot ask
    Sam again: another client relays Sam's word (the host listed it), and every ledger ends the
    same, as Python's."""
    clients, table = cup_table
    t = started(realm, clients, table)
    ledger = python_ledger(table.ruleset)
    book = first_book(t, ledger)
    drop_bets(clients["Bob"], "Sam")
    play(realm, clients["Sam"], "/vitaji sidebet Dee 9")
    book.place("Sam", "Dee", 9)
    play(realm, clients["Tia"], "/vitaji sidebet Ann 5")
    book.place("Tia", "Ann", 5)
    assert bank_at(clients["Bob"], "Sam") == 100
    realm.logout(clients["Sam"])
    realm.run_until_quiet()
    clients["Org"].type("/vitaji start")
    realm.run_until_quiet()
    assert "Sam backs Dee for 9" in [line.replace(REALM, "") for line in clients["Bob"].chat.lines]
    assert ledgers(clients, leave_out=("Sam",)) == {expected(ledger)}
    play_game(realm, clients, table, t, 0, 1, random.Random("relayed"))
    book.settle(t.groups[0].games[-1]["winner"])
    assert ledgers(clients, leave_out=("Sam",)) == {expected(ledger)}
    assert realm.errors() == []


def test_a_book_larger_than_one_message_is_listed_in_parts(realm, cup_table):
    """Sam backs Ann and Dee, Tia Eve and Hal, 64 bets in all (the list of them is over the
    4,096 bytes a message may be): the host lists them in parts, and every ledger settles the
    book as Python's does."""
    clients, table = cup_table
    t = started(realm, clients, table)
    ledger = python_ledger(table.ruleset)
    book = first_book(t, ledger)
    place_many(realm, clients, book, 32)
    assert ledgers(clients) == {expected(ledger)}
    play_game(realm, clients, table, t, 0, 1, random.Random("parts"))
    book.settle(t.groups[0].games[-1]["winner"])
    assert ledgers(clients) == {expected(ledger)}
    assert "void" not in " ".join(clients["Ann"].chat.lines)
    assert realm.errors() == []


def test_a_list_whose_part_a_client_lost_is_asked_of_the_host_again(realm, cup_table):
    """The first part of the host's list of 24 bets is lost on its way to Bob: Bob asks the
    host for the list again, and settles the book as everyone else and Python do (no void)."""
    clients, table = cup_table
    t = started(realm, clients, table)
    ledger = python_ledger(table.ruleset)
    book = first_book(t, ledger)
    place_many(realm, clients, book, 12)
    bob, lost = clients["Bob"], []
    deliver = bob.fire

    def lossy(event, *args):
        if event == "CHAT_MSG_ADDON" and not lost and b"\tCUP\tlist\t" in args[1]:
            lost.append(args)
            return None
        return deliver(event, *args)

    bob.fire = lossy
    play(realm, clients["Org"], "/vitaji start")
    realm.advance(12)
    realm.run_until_quiet()
    assert lost
    assert ledgers(clients) == {expected(ledger)}
    play_game(realm, clients, table, t, 0, 1, random.Random("relisted"))
    book.settle(t.groups[0].games[-1]["winner"])
    assert ledgers(clients) == {expected(ledger)}
    assert "void" not in " ".join(bob.chat.lines)
    assert realm.errors() == []


def test_a_colluding_host_and_relayer_bet_for_another_everywhere_but_at_his_own_client(
        realm, cup_table):
    """What a pair can still do (docs/protocol.md): Org lists a bet Sam never placed and Cid
    relays it; every other client takes it, Sam's own refuses it (it knows Sam's bets)."""
    clients, table = cup_table
    org = clients["Org"]
    started(realm, clients, table)
    forged = lua_text({"first": 1, "total": 1, "bets": [[f"Sam{REALM}", "7", f"Hal{REALM}", 40]]})
    send_instead_of_list(org, forged)
    play(realm, org, "/vitaji start")
    for client in clients.values():
        if client.name not in ("Org", "Cid"):
            relay(clients["Cid"], "Sam", "7", "Hal", 40, to=client)
    realm.run_until_quiet()
    others = [c for c in clients.values() if c.name not in ("Org", "Cid", "Sam")]
    assert {bank_at(c, "Sam") for c in others} == {60}
    assert bank_at(clients["Sam"], "Sam") == 100
    assert realm.errors() == []
