"""Vitaji in Lua against Python: the game (vitaji/Vitaji.lua and the files it loads against
pyhost.engine.vitaji.VitajiGame), played in lockstep under random play.

Both engines take the same actions in the same order; after each one both must accept or
refuse it alike, with the same message, the same events and the same state (seats and purses,
the round and step, whose turn and what he may do, the betting and rolling under way, every
round's record, rerolls, bonuses, roll-offs, winners, payouts, pots, scores). Random rulesets
cover bonuses (each triple choice, the sweep), teams (of two by stake, of three equally, with
team roll-offs), points and the maximum.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from lupa import lua51

from conftest import write_variant
from lua_addon import SORTED_PAIRS, py, to_lua
from pyhost.codegen import CONTEXTS, _environment
from pyhost.engine import IllegalAction, Seat
from pyhost.engine.vitaji import VitajiGame
from pyhost.engine.vitaji.game import Step
from pyhost.rules import Ruleset, load_ruleset

EXAMPLES = int(os.environ.get("VITAJI_EXAMPLES", "200"))
SLOW = [HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
FILES = ("core/Lists.lua", "vitaji/VitajiWords.lua", "vitaji/VitajiScore.lua",
         "vitaji/VitajiBetting.lua", "vitaji/VitajiRolling.lua", "vitaji/Vitaji.lua",
         "vitaji/VitajiEnd.lua")

HELPERS = SORTED_PAIRS + b"""

local function record(r)
	local rolls = {}
	for name, list in pairs(r.rolls) do rolls[name] = list end
	return { r.number, r.bet, sorted_pairs(r.put), sorted_pairs(rolls), sorted_pairs(r.dropped),
		sorted_pairs(r.bonus), r.doubled }
end

local function snapshot(g, names)
	local seats, purses, records, legal, scores, rolloffs, pots = {}, {}, {}, {}, {}, {}, {}
	for i, s in ipairs(g.seats) do seats[i] = { s.name, s.bank, s.committed, s.status } end
	for name, p in pairs(g.purses) do purses[name] = { p.bank, p.committed } end
	for i, r in ipairs(g.records) do records[i] = record(r) end
	for i, name in ipairs(names) do legal[i] = g:legal(name) end
	for i, name in ipairs(g.order) do scores[i] = g:score(name) end
	for i, r in ipairs(g.rolloffs) do rolloffs[i] = sorted_pairs(r) end
	for i, p in ipairs(g:pots()) do pots[i] = { p.amount, p.eligible } end
	local betting, rolling = false, false
	local b, r = g.betting, g.rolling
	if b then
		betting = { b.level or false, b.cap or false, sorted_pairs(b.put), sorted_pairs(b.raised),
			b.pending, b.order, b.dropped }
	end
	if r then
		rolling = { r.order, sorted_pairs(r.rolls), r.turn - 1, r.rerolling, r.passes,
			r.auto_passed }
	end
	local doubles = {}
	for name in pairs(g.doubles) do doubles[#doubles + 1] = name end
	table.sort(doubles)
	local wanted, what = g:wanted()
	return { seats, sorted_pairs(purses), g.order, g.out, sorted_pairs(g.dropped_in),
		sorted_pairs(g.rerolls), g.round, g.step, g:to_act() or false, legal,
		wanted and { wanted, what } or false, records, betting, rolling, g.choosing, doubles,
		rolloffs, sorted_pairs(g.rolloff), g.rolling_off, g.winners, g.swept,
		sorted_pairs(g.payouts), sorted_pairs(g.contributions), pots, g:pot(), scores,
		g:over(), #g.events }
end

local function rows(events)
	local out = {}
	for i, e in ipairs(events) do
		out[i] = { e.kind, e.text, e.player or false, e.chips, e.dice, sorted_pairs(e.details) }
	end
	return out
end

local function act(g, ...) return g:act(...) end

return snapshot, rows, act
"""


def pairs(mapping, convert=lambda v: v) -> list:
    return sorted([k, convert(v)] for k, v in mapping.items())


def py_snapshot(g: VitajiGame, names: list[str]) -> list:
    b, r = g.betting, g.rolling
    betting = [b.level if b.level is not None else False, b.cap if b.cap is not None else False,
               pairs(b.put), pairs(b.raised), list(b.pending), list(b.order),
               list(b.dropped)] if b else False
    rolling = [list(r.order), pairs(r.rolls, list), r.turn, r.rerolling, r.passes,
               list(r.auto_passed)] if r else False
    wanted = g.wanted()
    return [[[s.name, s.bank, s.committed, str(s.status)] for s in g.seats],
            pairs(g.purses, lambda p: [p.bank, p.committed]), list(g.order), list(g.out),
            pairs(g.dropped_in), pairs(g.rerolls), g.round, str(g.step), g.to_act() or False,
            [list(g.legal_actions(name)) for name in names], list(wanted) if wanted else False,
            [[rec.number, rec.bet, pairs(rec.put), pairs(rec.rolls, list), pairs(rec.dropped),
              pairs(rec.bonus), list(rec.doubled)] for rec in g.records],
            betting, rolling, list(g.choosing), sorted(g.doubles),
            [pairs(off) for off in g.rolloffs], pairs(g.rolloff), list(g.rolling_off),
            list(g.winners), list(g.swept), pairs(g.payouts), pairs(g.contributions),
            [[p.amount, list(p.eligible)] for p in g.pots()], g.pot,
            [g.score(name) for name in g.order], g.over, len(g.events)]


def py_rows(events) -> list:
    def value(v):
        return False if v is None else list(v) if isinstance(v, (list, tuple)) else v

    return [[e.kind, e.text, e.player or False, e.chips, list(e.dice),
             sorted([k, value(v)] for k, v in e.details.items())] for e in events]


class LuaVitaji:
    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.lua = lua51.LuaRuntime(encoding=None, unpack_returned_tuples=True)
        self.ns = self.lua.table()
        rules = _environment().get_template("vitaji/Rules.lua.j2").render(
            CONTEXTS["vitaji"](ruleset))
        sources = [("Rules.lua", rules.encode())] + [
            (path, (_sources() / path).read_bytes()) for path in FILES]
        for name, code in sources:
            chunk = self.lua.globals()[b"loadstring"](code, f"@{name}".encode())
            assert not isinstance(chunk, tuple), chunk
            chunk(ruleset.addon.name.encode(), self.ns)
        self.snapshot, self.rows, self.act = self.lua.execute(HELPERS)

    def to_lua(self, value: Any) -> Any:
        return to_lua(self.lua, value)


def _sources():
    from pyhost.codegen import SOURCES
    return SOURCES


def variant(folder, name: str, edits: dict[str, str]) -> Ruleset:
    return load_ruleset(write_variant(folder, "vitaji", edits, name))


@pytest.fixture(scope="module")
def engines(tmp_path_factory) -> dict[str, LuaVitaji]:
    folder = tmp_path_factory.mktemp("variants")
    bonus = variant(folder, "bonus", {
        "sides = 6": "sides = 3", "rounds = 5": "rounds = 6", "rerolls = 2": "rerolls = 3",
        'triple = "off"': 'triple = "choose"', "sweep = false": "sweep = true",
        "interval = 1": "interval = 5", "maximum = 0": "maximum = 20"})
    teams = variant(folder, "teams", {
        "sides = 6": "sides = 3", "rounds = 5": "rounds = 4", "team_size = 1": "team_size = 2",
        'share = "equal"': 'share = "stake"', 'triple = "off"': 'triple = "double"',
        "sweep = false": "sweep = true", "raises_per_round = 1": "raises_per_round = 2"})
    # Teams of three sharing equally, on a d2 over three rounds: team ties and roll-offs.
    trios = variant(folder, "trios", {
        "sides = 6": "sides = 2", "rounds = 5": "rounds = 3", "team_size = 1": "team_size = 3",
        "ante = 10": "ante = 5", "maximum = 0": "maximum = 5"})
    points = variant(folder, "points", {
        "sides = 6": "sides = 2", "rounds = 5": "rounds = 4", 'stakes = "chips"':
        'stakes = "points"\npoints = 50', 'triple = "off"': 'triple = "reroll"',
        "interval = 1": "interval = 2"})
    adding = variant(folder, "adding", {
        "sides = 6": "sides = 2", "rounds = 5": "rounds = 7", 'triple = "off"': 'triple = "add"',
        "ante = 10": "ante = 0", "maximum = 0": "maximum = 7"})
    return {name: LuaVitaji(rules) for name, rules in (
        ("stock", load_ruleset("vitaji")), ("bonus", bonus), ("teams", teams), ("trios", trios),
        ("points", points), ("adding", adding))}


NAMES = ["Skoll", "Riggs", "Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"]


class Lockstep:
    def __init__(self, engine: LuaVitaji, banks: list[int], first: int,
                 teams: dict[str, str] | None) -> None:
        self.engine = engine
        self.names = NAMES[:len(banks)]
        self.py_error = None
        deal = {"teams": teams} if teams is not None else {}
        try:
            self.py = VitajiGame(engine.ruleset, [Seat(name=n, bank=b) for n, b in
                                                  zip(self.names, banks, strict=True)], first,
                                 **deal)
        except IllegalAction as exc:
            self.py, self.py_error = None, str(exc)
        lua = engine.lua
        seats = lua.table_from([lua.table_from({b"name": n.encode(), b"bank": b, b"committed": 0,
                                                b"status": b"active"})
                                for n, b in zip(self.names, banks, strict=True)])
        made = engine.ns[b"Vitaji"][b"new"](seats, first + 1, engine.to_lua(teams))
        if isinstance(made, tuple):
            assert self.py is None, py(made[1])
            assert py(made[1]) == self.py_error
            self.lua = None
            return
        assert self.py is not None, self.py_error
        self.lua = made
        self.check()

    def check(self) -> None:
        names = [*self.names, "Nobody"]
        lua_names = self.engine.to_lua(names)
        assert py(self.engine.snapshot(self.lua, lua_names)) == py_snapshot(self.py, names)
        assert py(self.engine.rows(self.lua[b"events"])) == py_rows(self.py.events)

    def act(self, name: str, action: str, amount: Any = None, dice: Any = None,
            target: Any = None) -> str:
        try:
            made = self.py.act(name, action, amount=amount, dice=dice, target=target)
            outcome = "ok"
        except IllegalAction as exc:
            made, outcome = str(exc), "refused"
        to_lua = self.engine.to_lua
        lua_made = self.engine.act(self.lua, to_lua(name), to_lua(action), to_lua(amount),
                                   to_lua(dice), to_lua(target))
        if outcome == "refused":
            assert isinstance(lua_made, tuple) and lua_made[0] is None, lua_made
            assert py(lua_made[1]) == made
        else:
            assert not isinstance(lua_made, tuple), (lua_made, made)
            assert py(self.engine.rows(lua_made)) == py_rows(made)
        self.check()
        return outcome


def random_action(draw, game: VitajiGame, names: list[str], refusals: bool) -> tuple:
    """(name, action, amount, dice, target): mostly a legal action, sometimes (`refusals`) one
    the game must refuse."""
    sides = game.ruleset.dice.count
    interval = game.ruleset.table.interval
    actor = game.to_act() or names[0]
    face = st.integers(1, sides)
    if refusals and draw(st.integers(0, 7)) == 0:
        return draw(st.sampled_from([
            (draw(st.sampled_from(names)), "roll", None, [1], None),
            ("Nobody", "roll", None, [1], None),
            (actor, draw(st.sampled_from(["bet", "meet", "raise", "drop", "roll", "reroll",
                                          "pass", "bonus", "fold"])),
             draw(st.one_of(st.none(), st.integers(-3, 30).map(lambda n: n * interval),
                            st.integers(-5, 200), st.sampled_from(["10", "x"]))),
             draw(st.one_of(st.none(), st.lists(face, max_size=2),
                            st.sampled_from([[0], [sides + 1], ["3"], [" 2 "], ["x"], "4",
                                             5]))),
             draw(st.sampled_from([None, "add", "double", "reroll", "triple", 3]))),
        ]))
    legal = game.legal_actions(actor)
    if game.step is Step.BONUS:
        return actor, "bonus", None, None, draw(st.sampled_from(["add", "double", "reroll"]))
    if game.step is Step.BET:
        betting = game.betting
        weights = [a for a in legal if a != "drop"] * 12 + ["drop"]
        action = draw(st.sampled_from(weights))
        if action in ("bet", "raise"):
            low = 0 if action == "bet" else (betting.level or 0) + interval
            high = max(low, betting.most(actor))
            level = draw(st.integers(low // interval, high // interval)) * interval
            return actor, action, level, None, None
        return actor, action, None, None, None
    # (Passes twice as often as rerolls, so that a round ends soon.)
    action = draw(st.sampled_from([*legal, "pass"] if "pass" in legal else list(legal)))
    if action == "pass":
        return actor, "pass", None, None, None
    dice = [draw(face)]
    if game.step is Step.ROLLOFF and len(game.rolloffs) >= 2:
        # (After two ties the first to roll off wins, so that every game ends.)
        dice = [sides if actor == game.rolling_off[0] else 1]
    if draw(st.integers(0, 5)) == 0:
        dice = [str(dice[0])]  # a face as its text
    return actor, action, None, dice, None


@pytest.mark.slow  # a long case: .ci/run runs it apart (pytest -m slow)
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=SLOW)
@given(mode=st.sampled_from(["stock", "bonus", "teams", "trios", "points", "adding"]),
       data=st.data())
def test_python_and_lua_play_the_same_game(engines, mode, data):
    engine = engines[mode]
    size = engine.ruleset.teams.team_size
    # (Now and then a table too small to start: refused alike.)
    tables = data.draw(st.sampled_from([1, *[2] * 5, *[3] * 4]))
    count = tables * size if size > 1 else data.draw(st.sampled_from([1, *list(range(2, 7)) * 3]))
    # (Mostly banks that pay the ante and last a while; now and then a short one.)
    bank = st.one_of(*[st.integers(10, 300)] * 8,
                     st.integers(0, 30))
    banks = data.draw(st.lists(bank, min_size=count, max_size=count))
    first = data.draw(st.integers(0, count - 1))
    teams = None
    if size > 1:
        labels = data.draw(st.permutations(["Red", "Blue", "Gold"][:count // size] * size))
        teams = dict(zip(NAMES[:count], labels, strict=True))
        if data.draw(st.integers(0, 9)) == 0:
            teams[NAMES[0]] = "Lone"  # a team of one: refused
    both = Lockstep(engine, banks, first, teams)
    if both.lua is None:
        event("refused at the start")
        return
    for step in range(2000):
        if both.py.over:
            break
        # (Refusals among the first steps only, so that every game ends.)
        if both.act(*random_action(data.draw, both.py, both.names, step < 80)) == "refused":
            event("a refusal")
    assert both.py.over
    event(f"{mode}: {'roll-off' if both.py.rolloffs else 'no roll-off'}, "
          f"{'swept' if both.py.swept else 'no sweep'}, {len(both.py.out)} dropped")
    if any(r.bonus for r in both.py.records):
        event(f"{mode}: a triple's bonus")
    both.act(both.names[0], "roll", dice=[1])  # nothing more once it is over


def test_a_tie_rolled_off_twice_and_a_bonus_chosen(engines):
    both = Lockstep(engines["bonus"], [100, 100], 0, None)
    for _round in range(1, 7):
        if _round > 1:
            assert both.act("Skoll", "bet", amount=0) == "ok"
            assert both.act("Riggs", "meet") == "ok"
        both.act("Skoll", "roll", dice=[2])
        both.act("Riggs", "roll", dice=[2 if _round % 2 else 1])
        both.act("Skoll", "pass")
        both.act("Riggs", "reroll", dice=[2])
        both.act("Riggs", "pass")
        both.act("Skoll", "pass")
        while both.py.step is Step.BONUS:
            both.act(both.py.to_act(), "bonus", target="double")
    assert both.py.over or both.py.step is Step.ROLLOFF


def test_a_sweep_wins_at_once(engines):
    both = Lockstep(engines["bonus"], [100, 100, 100], 1, None)
    for number in range(1, 7):
        if number > 1:
            assert both.act("Riggs", "bet", amount=5) == "ok"
            assert both.act("Ada", "meet") == "ok"
            assert both.act("Skoll", "meet") == "ok"
        both.act("Riggs", "roll", dice=[1])
        both.act("Ada", "roll", dice=[3])
        both.act("Skoll", "roll", dice=["3"] if number % 2 else [2])
        for name in ("Riggs", "Ada", "Skoll"):
            both.act(name, "pass")
        while both.py.step is Step.BONUS:
            both.act(both.py.to_act(), "bonus", target=["add", "reroll"][number % 2])
    assert both.py.over and both.py.swept == ["Riggs", "Ada"]
