"""Vitaji tournaments and side bets in Lua against Python: vitaji/VitajiTournament.lua and
vitaji/VitajiSideBets.lua against pyhost.engine.vitaji.tournament and .sidebets, in lockstep
under random input.

Both take the same registrations (by the organiser or not, names good, bad and taken, teams of
the right and wrong size), the same start, the same game results (games played out at random
by the Python engine, others unfinished or of the wrong players, groups that do not exist) and
the same side bets (strangers, runners, wrong amounts, too much, after closing, settled twice):
after each both answer alike (the same lines or the same refusal) and hold the same state (the
saved tournament; the banks, the book's bets and events)."""

from __future__ import annotations

import os
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lupa import lua51
from vitaji_play import play_out, vitaji

from lua_addon import SORTED_PAIRS, py, to_lua
from pyhost.codegen import CONTEXTS, SOURCES, _environment
from pyhost.engine.core import IllegalAction, Ledger
from pyhost.engine.vitaji import VitajiGame
from pyhost.engine.vitaji.sidebets import SideBook
from pyhost.engine.vitaji.tournament import Tournament
from pyhost.rules import VitajiRules

EXAMPLES = int(os.environ.get("VITAJI_EXAMPLES", "60"))
FILES = ("core/Lists.lua", "vitaji/VitajiWords.lua", "vitaji/VitajiTournament.lua",
         "vitaji/VitajiSideBets.lua")
POINTS = {"stakes": "points", "points": 1000, "ante": 100, "interval": 10, "maximum": 100}

HELPERS = SORTED_PAIRS + b"""
local function cup_state(c)
	local members, groups = sorted_pairs(c.members), {}
	for i, g in ipairs(c.groups) do
		local games = {}
		for j, game in ipairs(g.games) do games[j] = { sorted_pairs(game.scores), game.winner } end
		groups[i] = { g.entrants, games }
	end
	return { c.organiser, c.entrants, members, c.stage, c.tier, c.champion or false, c.history,
		groups }
end
local function rows(events)
	local out = {}
	for i, e in ipairs(events) do
		out[i] = { e.kind, e.text, e.player or false, e.chips, e.details.runner or false }
	end
	return out
end
local function book_state(b)
	return { b.bets, b.open, b.settled, b:held(), rows(b.events) }
end
local function call(object, method, ...) return object[method](object, ...) end
return cup_state, book_state, rows, call
"""


class Lua:
    def __init__(self, ruleset: VitajiRules) -> None:
        self.lua = lua51.LuaRuntime(encoding=None, unpack_returned_tuples=True)
        ns = self.lua.table()
        rules = _environment().get_template("vitaji/Rules.lua.j2").render(
            CONTEXTS["vitaji"](ruleset))
        for name, code in [("Rules.lua", rules.encode())] + [
                (path, (SOURCES / path).read_bytes()) for path in FILES]:
            chunk = self.lua.globals()[b"loadstring"](code, f"@{name}".encode())
            assert not isinstance(chunk, tuple), chunk
            chunk(ruleset.addon.name.encode(), ns)
        self.ns = ns
        self.cup_state, self.book_state, self.rows, self.call = self.lua.execute(HELPERS)

    def to_lua(self, value: Any) -> Any:
        return to_lua(self.lua, value)


def answer(lua_result: Any) -> tuple[str, Any]:
    """A Lua call's result as ("ok", lines) or ("no", why)."""
    if isinstance(lua_result, tuple) and lua_result[0] is None:
        return "no", py(lua_result[1])
    value = lua_result[0] if isinstance(lua_result, tuple) else lua_result
    return "ok", py(value)


def py_answer(call, *args) -> tuple[str, Any]:
    try:
        return "ok", call(*args)
    except IllegalAction as refused:
        return "no", str(refused)


def py_cup_state(t: Tournament) -> list:
    return [t.organiser, list(t.entrants), sorted([k, list(v)] for k, v in t.members.items()),
            t.stage, t.tier, t.champion or False, [list(h) for h in t.history],
            [[list(g.entrants), [[sorted(x["scores"].items()), x["winner"]] for x in g.games]]
             for g in t.groups]]


def lua_cup_state(lua: Lua, cup) -> list:
    state = py(lua.cup_state(cup))
    state[2] = [[k, v] for k, v in state[2]]
    state[7] = [[g[0], [[[tuple(p) for p in s], w] for s, w in g[1]]] for g in state[7]]
    return state


def result_of(lua: Lua, game: VitajiGame):
    return lua.to_lua({"over": game.over, "order": list(game.order), "players": game.players,
                       "scores": {name: game.score(name) for name in game.players},
                       "winner": game.winners[0] if game.winners else ""})


SINGLES = vitaji(table=POINTS, deal={"rounds": 2, "rerolls": 0})
TEAMS = vitaji(table=POINTS, teams={"team_size": 2}, deal={"rounds": 2, "rerolls": 0},
               tournament={"group_size": 8, "advance": 4})
LUAS: dict[str, Lua] = {}


def lua_for(name: str, rules: VitajiRules) -> Lua:
    if name not in LUAS:
        LUAS[name] = Lua(rules)
    return LUAS[name]


def a_game(t: Tournament, group: int, rng: random.Random, rules: VitajiRules, kind: str):
    """A game for group `group`: played out, left unfinished, or of other players."""
    players, teams = t.seats(group)
    if kind == "strangers":
        players = [f"X{n}" for n in range(len(players))]
        teams = {p: f"XT{n // 2}" for n, p in enumerate(players)} if teams else {}
    ledger = Ledger(rules, players)
    game = VitajiGame(rules, ledger.seats, 0, **({"teams": teams} if teams else {}))
    if kind != "unfinished":
        play_out(game, rng)
    return game


def run_tournament(seed: int, teams: bool) -> str:
    rules = TEAMS if teams else SINGLES
    lua = lua_for("teams" if teams else "singles", rules)
    rng = random.Random(seed)
    organiser = "Org"
    t, cup = Tournament(rules, organiser), lua.ns.VitajiTournament.new(b"Org")
    pool = [f"P{n}" for n in range(12)] + ["", "  ", "Org"]
    steps = 0

    def both(py_call, py_args: tuple, method: bytes, *lua_args) -> tuple[str, Any]:
        """The Python call and the Lua method called alike: the same answer, the same state."""
        nonlocal steps
        steps += 1
        expected = py_answer(py_call, *py_args)
        got = answer(lua.call(cup, method, *lua_args))
        assert got == expected
        assert lua_cup_state(lua, cup) == py_cup_state(t)
        return expected

    # Registration: mostly the organiser's, some by others, bad names and teams.
    for _ in range(rng.randint(0, 20)):
        by = organiser if rng.random() < 0.85 else rng.choice(["Bob", "P1"])
        name = rng.choice(pool)
        size = 2 if teams else 1
        if rng.random() < 0.1:
            size = rng.choice([0, 1, 2, 3])
        members = [rng.choice(pool[:12]) if rng.random() < 0.1 else f"{name}{c}"
                   for c in "abc"[:size]] if teams or rng.random() < 0.2 else None
        if members is None:
            both(t.register, (by, name), b"register", by.encode(), name.encode())
        else:
            both(t.register, (by, name, members), b"register", by.encode(), name.encode(),
                 lua.to_lua(members))
        if rng.random() < 0.05:
            both(t.start, (organiser,), b"start", b"Org")
    both(t.start, ("Bob",), b"start", b"Bob")
    both(t.start, (organiser,), b"start", b"Org")
    both(t.start, (organiser,), b"start", b"Org")  # started already
    # Games: most played out, some refused (unfinished, strangers, no such group, too many).
    for _ in range(200):
        if t.stage != "playing":
            break
        group = rng.randrange(len(t.groups))
        kind = rng.choices(["played", "unfinished", "strangers", "nogroup"], [20, 1, 1, 1])[0]
        if kind == "nogroup":
            group = rng.choice([-1, len(t.groups)])
            game = a_game(t, 0, rng, rules, "played")
        else:
            game = a_game(t, group, rng, rules, kind)
        both(t.record, (group, game), b"record", group + 1, result_of(lua, game))
        if rng.random() < 0.3 and t.stage == "playing":
            for g in range(len(t.groups)):
                assert py(lua.call(cup, b"standings", g + 1)) == t.standings(g)
    # Over: more results are refused, and a saved tournament comes back the same.
    if t.stage == "over":
        both(t.record, (0, game), b"record", 1, result_of(lua, game))
    back = lua.ns.VitajiTournament.restore(lua.call(cup, b"saved"))
    assert lua_cup_state(lua, back) == py_cup_state(Tournament.restore(rules, t.saved()))
    return t.stage


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2 ** 32), st.booleans())
def test_tournaments_agree_with_python(seed, teams):
    run_tournament(seed, teams)


def test_a_whole_tournament_of_eight_reaches_a_final_alike():
    lua = lua_for("singles", SINGLES)
    rng = random.Random(3)
    t, cup = Tournament(SINGLES, "Org"), lua.ns.VitajiTournament.new(b"Org")
    for n in range(8):
        name = f"P{n}"
        assert py(lua.call(cup, b"register", b"Org", name.encode())) == t.register("Org", name)
    assert py(lua.call(cup, b"start", b"Org")) == t.start("Org") == [
        "round 1, group 1: P0, P3, P4, P7", "round 1, group 2: P1, P2, P5, P6"]
    while t.stage == "playing":
        group = 0 if len(t.groups[0].games) < 3 else 1
        game = a_game(t, group, rng, SINGLES, "played")
        lines = py(lua.call(cup, b"record", group + 1, result_of(lua, game)))
        assert lines == t.record(group, game)
    assert t.tier == 2 and t.champion and py(cup.champion) == t.champion
    assert lua_cup_state(lua, cup) == py_cup_state(t)


# -- side bets -------------------------------------------------------------------------------

def lua_ledger(lua: Lua, banks: dict[str, int]):
    """The book's ledger in Lua: seats by name (a stranger refused as Python's ledger does)."""
    return lua.lua.execute(b"""
		local banks = ...
		local ledger = {}
		function ledger.seat(name)
			if banks[name] == nil then
				return nil, ("nobody named '%s' sits at this table"):format(tostring(name))
			end
			return { bank = banks[name] }
		end
		function ledger.move(name, chips) banks[name] = banks[name] + chips end
		return ledger, banks
	""", lua.to_lua(banks))


def book_rows(book: SideBook) -> list:
    return [[e.kind, e.text, e.player or False, e.chips, e.details.get("runner", False)]
            for e in book.events]


def run_book(seed: int) -> set[str]:
    lua = lua_for("singles", SINGLES)
    rng = random.Random(seed)
    runners = ["A", "B", "C"][:rng.randint(2, 3)]
    fans = [f"F{n}" for n in range(rng.randint(1, 5))]
    ledger = Ledger(SINGLES, [(name, rng.choice([0, 5, 50, 1000])) for name in runners + fans])
    lua_book_ledger, banks = lua_ledger(lua, ledger.banks)
    book = SideBook(ledger, runners)
    lbook = lua.ns.VitajiSideBets.new(lua_book_ledger, lua.to_lua(runners))

    def agree() -> None:
        assert {k.decode(): v for k, v in banks.items()} == ledger.banks
        state = py(lua.book_state(lbook))
        assert state[0] == [[b[0], b[1], b[2]] for b in book.bets]
        assert state[1:4] == [book.open, book.settled, book.held]
        assert state[4] == book_rows(book)
        # The chips are only ever moved: banks plus the book's holding stay the same.
        assert sum(ledger.banks.values()) + book.held == total

    total = sum(ledger.banks.values())
    amounts: list[Any] = [1, 2, 3, 7, 10, 40, 0, -1, 2000, 1.5, "5", True]
    for _ in range(rng.randint(0, 15)):
        who = rng.choice(fans + runners + ["Stranger"])
        runner = rng.choice([*runners, "Z", ""])
        amount = rng.choice(amounts)
        expected = py_answer(book.place, who, runner, amount)
        if expected[0] == "ok":
            expected = ("ok", book_rows_of(expected[1]))
        got = lua_events(lua, lua.call(lbook, b"place", who.encode(), runner.encode(),
                                       lua.to_lua(amount)))
        assert got == expected
        agree()
    if rng.random() < 0.5:
        book.close()
        lua.call(lbook, b"close")
        agree()
        who = rng.choice(fans)
        assert answer(lua.call(lbook, b"place", who.encode(), b"A", 1)) == py_answer(
            book.place, who, "A", 1)
    for winner in (rng.choice([*runners, "Z"]), rng.choice(runners), rng.choice(runners)):
        expected = py_answer(book.settle, winner)
        if expected[0] == "ok":
            expected = ("ok", book_rows_of(expected[1]))
        got = lua_events(lua, lua.call(lbook, b"settle", winner.encode()))
        assert got == expected  # the second settling is refused alike
        agree()
    back = lua.ns.VitajiSideBets.restore(lua_book_ledger, lua.call(lbook, b"saved"))
    assert py(lua.book_state(back))[:4] == py(lua.book_state(lbook))[:4]
    return {event.kind for event in book.events}


def lua_events(lua: Lua, result: Any) -> tuple[str, Any]:
    """A Lua book's answer as ("ok", its events' rows) or ("no", why)."""
    if isinstance(result, tuple) and result[0] is None:
        return "no", py(result[1])
    return "ok", py(lua.rows(result[0] if isinstance(result, tuple) else result))


def book_rows_of(events) -> list:
    return [[e.kind, e.text, e.player or False, e.chips, e.details.get("runner", False)]
            for e in events]


@settings(max_examples=EXAMPLES * 3, deadline=None)
@given(st.integers(0, 2 ** 32))
def test_side_bets_agree_with_python(seed):
    run_book(seed)


def test_the_random_runs_reach_every_end():
    """The random input above is not all refused: tournaments of both kinds reach their
    champion, and books pay winners and give stakes back."""
    for teams in (False, True):
        stages = {run_tournament(seed, teams) for seed in range(8)}
        assert {"over", "registration"} <= stages, teams
    kinds = set().union(*(run_book(seed) for seed in range(30)))
    assert {"sidebet", "sidebets", "sidebet-win", "sidebet-back"} <= kinds
