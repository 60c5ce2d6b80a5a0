"""The Lua Poker Dice engine (pyhost/codegen/lua/pokerdice/, with holdem/Hands.lua ranking the
hands) against the Python one (pyhost.engine.pokerdice).

Both engines play the same table in lockstep: every action, legal or not, goes to both, and
both must accept or refuse it alike, with the same message, the same events and the same
state after it (banks, what is committed, statuses, the phase, who answers what, the turn
and its dice, each hand, the pot, whose turn it is and what each player may do), round after
round, the winner starting the next. The Lua engine loads from the Rules.lua rendered from
the ruleset (templates/poker-dice/, codegen.context.draw_context), so a variant ruleset
plays by its own data in both. Dice are given by face name in both engines (a whole number
is the face of that name), so they cross unchanged.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from lupa import lua51

from conftest import write_variant
from lua_addon import SORTED_PAIRS, py
from pyhost.codegen import SOURCES, rendered
from pyhost.codegen.context import lowest_hand
from pyhost.engine import IllegalAction, Seat
from pyhost.engine.pokerdice import Phase, PokerDiceRound, PokerDiceTable
from pyhost.rules import Ruleset, load_ruleset
from pyhost.rules.categories import expand, multisets

ENGINE = ("pokerdice/PokerDice.lua", "pokerdice/PokerDiceRound.lua",
          "pokerdice/PokerDiceTurn.lua", "pokerdice/PokerDiceTable.lua",
          "pokerdice/PokerDiceDraw.lua")
SHARED = ("core/Lists.lua", "holdem/Hands.lua", "holdem/Pots.lua", "holdem/Betting.lua",
          "core/Banks.lua")
RULES = load_ruleset("poker-dice")

# Test-only Lua: the engine's state as plain arrays, 0-based where Python counts from 0.
HELPERS = b"""
local ns = ...
local names = ns.PokerDice.names
""" + SORTED_PAIRS + b"""
local function copy(list)
	local out = {}
	for i, value in ipairs(list) do out[i] = value end
	return out
end

local function snapshot(t)
	local seats = {}
	for i, s in ipairs(t.seats) do seats[i] = { s.name, s.bank, s.committed, s.status } end
	local snap = { seats, t.button - 1, #t.events, t.hands_played, false }
	local h = t.hand
	if not h then return snap end
	local dealt, hands, pots, legal = {}, {}, {}, {}
	for i, s in ipairs(h.seats) do dealt[i] = s.name end
	for name, hand in pairs(h.hands) do hands[name] = { hand.name, names(hand.dice) } end
	for i, p in ipairs(h:pots()) do pots[i] = { p.amount, copy(p.eligible), p.floor, p.top } end
	for i, s in ipairs(t.seats) do legal[i] = h:legal_actions(s.name) end
	local turn = false
	if h.turn then
		local u = h.turn
		turn = { u.name, u.size, u.rolls_allowed, names(u.dice), u.rolls,
			u.kept and names(u.kept) or false }
	end
	snap[5] = { dealt, h.dealer - 1, h.phase, #h.events, copy(h.order), copy(h.waiting), h.ante,
		h.raise_by, turn, copy(h.had_turn), sorted_pairs(hands), h.best or false,
		h.winner or false, h.next_starter, h:pot(), pots, sorted_pairs(h.payouts),
		sorted_pairs(h.contributions), h:to_act() or false, legal }
	-- What the draw table asks of a round.
	local wanted, count = h:wanted()
	local rolls = {}
	for i, s in ipairs(t.seats) do
		local lying = h:lying(s.name)
		rolls[i] = { h:rolled(s.name), lying and names(lying) or false }
	end
	snap[6] = { wanted or false, count or false, rolls }
	return snap
end

local function rows(events)
	local out = {}
	for i, e in ipairs(events) do
		out[i] = { e.kind, e.text, e.player or false, e.chips, copy(e.dice),
			sorted_pairs(e.details) }
	end
	return out
end

-- The best hand of each roll (lists of face names): its category and dice, by name.
local function best_of(rolls)
	local out = {}
	for i, roll in ipairs(rolls) do
		local faces = ns.PokerDice.parse_faces(roll, "roll")
		local hand = ns.Hands.best(faces)
		out[i] = { hand.name, names(hand.dice) }
	end
	return out
end

-- How many ordered pairs of rolls ns.Hands.compare orders otherwise than `places` (each
-- roll's place among Python's hands, equal hands sharing one).
local function misordered(rolls, places)
	local hands = {}
	for i, roll in ipairs(rolls) do
		hands[i] = ns.Hands.best(ns.PokerDice.parse_faces(roll, "roll"))
	end
	local wrong = 0
	for i = 1, #hands do
		for j = 1, #hands do
			local want = places[i] < places[j] and -1 or (places[i] > places[j] and 1 or 0)
			if ns.Hands.compare(hands[i], hands[j]) ~= want then wrong = wrong + 1 end
		end
	end
	return wrong
end

-- A round's state, for a round played without a table (the draw table's).
local function round_state(h)
	local seats = {}
	for i, s in ipairs(h.seats) do seats[i] = { s.name, s.bank, s.committed, s.status } end
	local wanted, count = h:wanted()
	return { seats, h.phase, h:to_act() or false, h:pot(), h.winner or false,
		h.turn and names(h.turn.dice) or false, wanted or false, count or false }
end

return snapshot, rows, best_of, misordered, round_state
"""


class LuaEngine:
    """One bare Lua 5.1 runtime: the Rules.lua rendered from the ruleset, then the sources
    the engine reads, as the addon's .toc would load them."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.lua = lua51.LuaRuntime(encoding=None, unpack_returned_tuples=True)
        self.before = set(self.lua.globals().keys())
        self.ns = self.lua.table()
        loadstring = self.lua.globals()[b"loadstring"]
        files = {"Rules.lua": rendered(ruleset)["Rules.lua"]}
        for source in (*SHARED, *ENGINE):
            files[source.rsplit("/", 1)[-1]] = (SOURCES / source).read_text(encoding="utf-8")
        for name, code in files.items():
            chunk = loadstring(code.encode("utf-8"), f"@{name}".encode())
            assert not isinstance(chunk, tuple), chunk  # (nil, message): it did not compile
            chunk(ruleset.addon.name.encode(), self.ns)
        self.snapshot, self.rows, self.best_of, self.misordered, self.round_state = \
            self.lua.execute(HELPERS, self.ns)

    def to_lua(self, value: Any) -> Any:
        if isinstance(value, str):
            return value.encode("utf-8")
        if isinstance(value, (list, tuple)):
            return self.lua.table_from([self.to_lua(item) for item in value])
        return value

    def result(self, value: Any, convert=None) -> tuple[str, Any]:
        """("refused", message) for `nil, message`, else ("ok", converted)."""
        if isinstance(value, tuple):
            assert value[0] is None and len(value) == 2, value
            return "refused", py(value[1])
        return "ok", convert(value) if convert else None


def py_rows(events) -> list:
    return [[e.kind, e.text, e.player or False, e.chips, list(e.dice),
             sorted([k, v] for k, v in e.details.items())] for e in events]


def py_snapshot(t: PokerDiceTable) -> list:
    seats = [[s.name, s.bank, s.committed, str(s.status)] for s in t.seats]
    snap: list = [seats, t.button, len(t.events), t.hands_played, False]
    h = t.hand
    if h is None:
        return snap
    names = h.ruleset.dice.names
    turn: Any = False
    if h.turn is not None:
        u = h.turn
        turn = [u.name, u.size, u.rolls_allowed, names(u.dice), u.rolls,
                False if u.kept is None else names(u.kept)]
    snap[4] = [[s.name for s in h.seats], h.dealer, str(h.phase), len(h.events), list(h.order),
               list(h.waiting), h.ante, h.raise_by, turn, list(h.rolled),
               sorted([name, [hand.category.name, names(hand.dice)]]
                      for name, hand in h.hands.items()),
               h.best or False, h.winner or False, h.next_starter, h.pot,
               [[p.amount, list(p.eligible), p.floor, p.top] for p in h.pots()],
               sorted([k, v] for k, v in h.payouts.items()),
               sorted([k, v] for k, v in h.contributions.items()), h.to_act() or False,
               [list(h.legal_actions(s.name)) for s in t.seats]]
    snap.append(draw_questions(t))
    return snap


def draw_questions(t: PokerDiceTable) -> list:
    """What the draw table asks of a round, as the Python round answers it: whose roll is
    awaited (at a turn's start and after a keep, while a roll is left) and of how many dice;
    each player's rolls this round and the dice of his last one, from the round's events."""
    h = t.hand
    turn = h.turn
    awaited = h.phase is Phase.ROLL and turn is not None and turn.rolls_left > 0 and \
        (turn.rolls == 0 or turn.kept is not None)
    rolls = []
    for seat in t.seats:
        mine = [e for e in h.events if e.kind == "roll" and e.player == seat.name]
        rolls.append([len(mine), " ".join(mine[-1].dice) if mine else False])
    return [turn.name if awaited else False, turn.need() if awaited else False, rolls]


class Lockstep:
    """One table in both engines; each call goes to both and must come back alike."""

    def __init__(self, engine: LuaEngine, ruleset: Ruleset, players: list,
                 starter: str | None = None) -> None:
        self.engine = engine
        self.py = PokerDiceTable(ruleset, players, dealer=starter)
        lua_players = [engine.to_lua(list(p) if isinstance(p, tuple) else p) for p in players]
        self.lt = engine.ns[b"PokerDice"][b"Table"][b"new"](
            engine.lua.table_from(lua_players), engine.to_lua(starter))
        assert lua51.lua_type(self.lt) == "table", self.lt
        self.check()

    def check(self) -> None:
        assert py(self.engine.snapshot(self.lt)) == py_snapshot(self.py)

    def new_hand(self) -> tuple[str, Any]:
        try:
            self.py.new_hand()
        except IllegalAction as exc:
            expected: tuple[str, Any] = ("refused", str(exc))
        else:
            expected = ("ok", None)
        got = self.engine.result(self.lt[b"new_hand"](self.lt))
        assert got == expected
        self.check()
        return got

    def act(self, name: Any, action: Any, amount: Any = None, *, dice: Any = None,
            target: Any = None) -> tuple[str, Any]:
        try:
            events = self.py.act(name, action, amount, dice=dice, target=target)
        except IllegalAction as exc:
            expected: tuple[str, Any] = ("refused", str(exc))
        else:
            expected = ("ok", py_rows(events))
        e = self.engine
        got = e.result(self.lt[b"act"](self.lt, e.to_lua(name), e.to_lua(action),
                                       e.to_lua(amount), e.to_lua(dice), e.to_lua(target)),
                       lambda events: py(e.rows(events)))
        assert got == expected, (name, action, amount, dice, target)
        self.check()
        return got

    def ok(self, *args: Any, **kwargs: Any) -> list[str]:
        status, rows = self.act(*args, **kwargs)
        assert status == "ok", rows
        return [row[1] for row in rows]

    def refused(self, *args: Any, **kwargs: Any) -> str:
        status, message = self.act(*args, **kwargs)
        assert status == "refused", message
        return message


# -- the rulesets: the shipped one and variants whose data differs ---------------------------

EDITS = {
    "ante-3-two-rolls": {"minimum_ante = 1": "minimum_ante = 3", "rolls = 3": "rolls = 2"},
    "no-small-straight": {'  { kind = "small_straight", name = "Small straight" },\n': ""},
    "by-rarity": {'ranking = "as_written"': 'ranking = "by_rarity"'},
}


@pytest.fixture(scope="module")
def setups(tmp_path_factory) -> list[tuple[str, Ruleset, LuaEngine]]:
    folder = tmp_path_factory.mktemp("pokerdice-variants")
    out = [("poker-dice", RULES, LuaEngine(RULES))]
    for label, edits in EDITS.items():
        ruleset = load_ruleset(write_variant(folder, "poker-dice", edits, label))
        out.append((label, ruleset, LuaEngine(ruleset)))
    return out


# -- Hands.lua ranks five dice as pyhost.rules does ---------------------------------------------


def test_hands_lua_ranks_every_five_dice_as_best_hand_does(setups):
    for label, ruleset, engine in setups:
        rolls = [[ruleset.dice.faces[f].name for f in expand(counts)]
                 for counts in multisets(ruleset.dice.count, ruleset.hands.size)]
        hands = [ruleset.best_hand(roll) for roll in rolls]
        names = ruleset.dice.names
        assert py(engine.best_of(engine.to_lua(rolls))) == \
            [[hand.category.name, names(hand.dice)] for hand in hands], label
        keys = sorted({hand.sort_key for hand in hands})
        places = [keys.index(hand.sort_key) for hand in hands]
        assert engine.misordered(engine.to_lua(rolls), engine.lua.table_from(places)) == 0, label
    shipped = setups[0][2]
    # Small straights count, and rank as the ruleset writes them: above three of a kind.
    assert py(shipped.best_of(shipped.to_lua([["1", "2", "3", "4", "6"]]))) == \
        [["Small straight", "1 2 3 4 6"]]
    plain = dict((label, engine) for label, _, engine in setups)["no-small-straight"]
    assert py(plain.best_of(plain.to_lua([["1", "2", "3", "4", "6"]]))) == [["Bust", "6 4 3 2 1"]]


# -- scripted rounds ------------------------------------------------------------------------------


def test_the_pages_example_round_in_both_engines(setups):
    _, ruleset, engine = setups[0]
    pair = Lockstep(engine, ruleset, ["Ann", "Bo", "Cid", "Dag"])
    pair.new_hand()
    assert pair.ok("Ann", "ante", 2) == ["Ann sets the ante at 2"]
    for name in ("Bo", "Cid", "Dag"):
        pair.ok(name, "ante")
    pair.ok("Ann", "roll", dice=[1, 2, 3, 4, 6])
    pair.ok("Ann", "raise", 1)
    for name in ("Bo", "Cid", "Dag"):
        pair.ok(name, "call")
    assert pair.ok("Bo", "roll", dice=["6", "6", "6", "2", "2"]) == [
        "Bo rolls 6 6 6 2 2: 6 6 6 2 2 (Full house) (roll 1 of 3)"]
    assert pair.ok("Bo", "raise", 1) == [
        "Bo raises 1 with 6 6 6 2 2 (Full house) (pot 13)",
        "Ann is beaten by Bo's 6 6 6 2 2 (Full house) and is out"]
    pair.ok("Cid", "call")
    pair.ok("Dag", "call")
    pair.ok("Cid", "roll", dice=[3, 3, 1, 2, 5])
    pair.ok("Cid", "check")
    assert pair.ok("Dag", "roll", dice=[5, 5, 5, 5, 1])[-1] == \
        "Dag takes the pot of 15 with 5 5 5 5 1 (Four of a kind)"
    assert pair.new_hand() == ("ok", None)
    assert pair.py.hand.dealer_name == "Dag"


def test_keeps_rerolls_and_refusals_in_both_engines(setups):
    _, ruleset, engine = setups[0]
    pair = Lockstep(engine, ruleset, [("Ann", 5), ("Bo", 1), ("Cid", 0)], starter="Bo")
    pair.refused("Ann", "roll", dice=[1, 2, 3, 4, 5])  # no hand dealt yet
    pair.new_hand()
    pair.refused("Cid", "ante", 1)  # not dealt in: no chips for the ante
    pair.refused("Bo", "ante", 2)
    pair.ok("Bo", "ante", 1)
    pair.refused("Ann", "ante", 2)
    pair.ok("Ann", "ante", True)  # Python's True is 1, the ante
    pair.refused("Bo", "keep", dice=[6])
    pair.ok("Bo", "roll", dice=["1", "1", "2", "3", "5"])
    pair.refused("Bo", "roll", dice=[1, 2, 3, 4, 5])
    for dice in ([1, 1, 1], [1, 1, 2, 3, 5], [7], "11", None, [1.5], [True], [" 1 "]):
        pair.act("Bo", "keep", dice=dice)
    pair.refused("Bo", "check")
    pair.ok("Bo", "roll", dice=[4, 4, 4, 4])
    pair.refused("Bo", "raise", 2)  # Ann has nothing left to match more
    pair.ok("Bo", "check")
    pair.ok("Ann", "roll", dice=[6, 6, 6, 6, 6])
    assert pair.py.hand.winner == "Ann"


# -- random play ----------------------------------------------------------------------------------

ODD_ACTIONS = ["ante", "roll", "keep", "check", "raise", "call", "fold", "give", "reset", "bet",
               "show", None]
ODD_AMOUNTS = [-3, 0, 1, 2, 2.5, 10**9, "x", "2", None, True, False, 1e-7]
ODD_DICE = [None, [], ["2", "3"], "6", ["6"] * 5, [1.5, 2], [0, 7], ["seven"], [" 6 ", "1"],
            [True], [6, 6, 6, 6, 6, 6], [[1]], [1, 2, 3, 4, 5], [6, 6]]


def try_something_odd(pair: Lockstep, data) -> None:
    """Any action by anyone, drawn at random, legal or not."""
    names = [seat.name for seat in pair.py.seats] + ["Nobody", None]
    pair.act(data.draw(st.sampled_from(names), label="odd player"),
             data.draw(st.sampled_from(ODD_ACTIONS), label="odd action"),
             data.draw(st.sampled_from(ODD_AMOUNTS), label="odd amount"),
             dice=data.draw(st.sampled_from(ODD_DICE), label="odd dice"),
             target=data.draw(st.sampled_from([*names, 5]), label="odd target"))


def a_roll(data, ruleset: Ruleset, count: int) -> list:
    """`count` dice, each as a face name or the whole number it prints as."""
    faces = ruleset.dice.faces
    return [data.draw(st.sampled_from([face.name, face.value]), label="die")
            for face in data.draw(st.lists(st.sampled_from(faces), min_size=count,
                                           max_size=count), label="roll")]


def play_round(pair: Lockstep, ruleset: Ruleset, data) -> None:
    """One round by random play: the player to act takes one of his legal actions, and now
    and then anyone tries anything."""
    hand = pair.py.hand
    odd = 0
    for _ in range(500):
        if hand.over:
            return
        # Odd tries are not the simplest choice, and a few dozen a round at most, so that
        # shrinking (which makes every choice the simplest) still ends the round.
        if odd < 40 and data.draw(st.integers(0, 5), label="odd?") == 5:
            odd += 1
            try_something_odd(pair, data)
            continue
        name = hand.to_act()
        action = data.draw(st.sampled_from(hand.legal_actions(name)), label="action")
        amount = dice = None
        if action == "ante" and hand.phase is Phase.SET_ANTE:
            amount = data.draw(st.integers(ruleset.table.minimum_ante, hand.seat(name).bank),
                               label="ante")
        elif action == "ante":
            amount = data.draw(st.sampled_from([None, hand.ante]), label="ante")
        elif action == "raise":
            amount = data.draw(st.integers(1, hand.raise_cap(name)), label="raise")
        elif action == "roll":
            dice = a_roll(data, ruleset, hand.turn.need())
        elif action == "keep":
            lying = [ruleset.dice.faces[f].name for f in hand.turn.dice]
            picks = data.draw(st.lists(st.booleans(), min_size=len(lying), max_size=len(lying)),
                              label="keeps")
            dice = [face for face, pick in zip(lying, picks, strict=True) if pick]
            if len(dice) == len(lying):
                dice.pop()
        pair.ok(name, action, amount, dice=dice)
    raise AssertionError("the round did not end")


@pytest.mark.slow  # a long case: .ci/run runs it apart (pytest -m slow)
@settings(max_examples=200, deadline=None,
          suppress_health_check=[HealthCheck.large_base_example, HealthCheck.too_slow])
@given(data=st.data())
def test_random_tables_agree_step_by_step_round_after_round(setups, data):
    label, ruleset, engine = data.draw(st.sampled_from(setups), label="ruleset")
    count = data.draw(st.integers(2, 8), label="players")
    banks = data.draw(st.lists(st.integers(0, 15), min_size=count, max_size=count),
                      label="banks")
    names = [f"P{i}" for i in range(count)]
    starter = data.draw(st.sampled_from([None, *names]), label="starter")
    pair = Lockstep(engine, ruleset, list(zip(names, banks, strict=True)), starter)
    rounds = 0
    for _ in range(data.draw(st.integers(1, 5), label="rounds")):
        if pair.new_hand()[0] == "refused":
            break
        play_round(pair, ruleset, data)
        rounds += 1
        if data.draw(st.integers(0, 2), label="odd between rounds?") == 0:
            try_something_odd(pair, data)
    hand = pair.py.hand
    last = "none" if hand is None else "void" if hand.winner is None else "won"
    event(f"{label}: {rounds} round(s), the last {last}")
    lua_events = py(engine.rows(pair.lt[b"events"]))
    assert lua_events == py_rows(pair.py.events)
    if hand is not None:
        assert py(engine.rows(pair.lt[b"hand"][b"events"])) == py_rows(hand.events)


def test_the_engine_files_define_no_globals(setups):
    _, _, engine = setups[0]
    assert set(engine.lua.globals().keys()) == engine.before
    assert {py(k) for k in engine.ns} == {"Rules", "Hands", "Pots", "Betting", "PokerDice",
                                          "PokerDiceDraw", "Banks", "Lists"}


def test_every_action_of_the_lua_round_has_a_short_command(setups):
    _, ruleset, engine = setups[0]
    actions = py(engine.ns[b"PokerDice"][b"Round"][b"ACTIONS"])
    assert actions == ["ante", "roll", "keep", "check", "raise", "call", "fold"]
    assert set(actions) <= set(ruleset.addon.commands)
    assert ruleset.addon.commands["call"] == "pdcall" and ruleset.addon.commands["fold"] == "pdfold"
    rules = engine.ns[b"Rules"]
    assert py(rules[b"addon"][b"commands"][b"fold"]) == "pdfold"


@pytest.mark.parametrize("players, starter", [
    (["Ann", "Ann"], None), ([("Ann", -1), "Bo"], None), ([("Ann", 2.5), "Bo"], None),
    ([" ", "Bo"], None), (["Ann", "Bo"], "Cid"), ([f"P{i}" for i in range(41)], None),
    ([("Ann", 0), ("Bo", 0)], None), ([("Ann", 5), ("Bo", 0)], None)])
def test_a_table_or_round_refused_at_the_start_is_refused_alike(setups, players, starter):
    _, ruleset, engine = setups[0]
    try:
        PokerDiceTable(ruleset, players, dealer=starter)
    except IllegalAction as exc:
        lua_players = [engine.to_lua(list(p) if isinstance(p, tuple) else p) for p in players]
        got = engine.result(engine.ns[b"PokerDice"][b"Table"][b"new"](
            engine.lua.table_from(lua_players), engine.to_lua(starter)))
        assert got == ("refused", str(exc))
    else:
        pair = Lockstep(engine, ruleset, players, starter)
        assert pair.new_hand()[0] == "refused"


# -- at the draw table: faces by index, chips last, and what a timeout does ---------------------


def py_round_state(h: PokerDiceRound) -> list:
    turn = h.turn
    awaited = h.phase is Phase.ROLL and turn is not None and turn.rolls_left > 0 and \
        (turn.rolls == 0 or turn.kept is not None)
    return [[[s.name, s.bank, s.committed, str(s.status)] for s in h.seats], str(h.phase),
            h.to_act() or False, h.pot, h.winner or False,
            h.ruleset.dice.names(turn.dice) if turn else False,
            turn.name if awaited else False, turn.need() if awaited else False]


def py_stand(h: PokerDiceRound, name: str, lowest: list[str]) -> list:
    """docs/games.md's timeout, in the Python round's own actions."""
    if h.phase is Phase.SET_ANTE:
        return h.act(name, "ante", h.ruleset.table.minimum_ante)
    if h.phase in (Phase.ANTE, Phase.MATCH):
        return h.act(name, "fold")
    turn, events = h.turn, []
    if turn.rolls_left > 0 and (turn.rolls == 0 or turn.kept is not None):
        if turn.rolls == 0:
            dice = lowest
        else:  # the dice set aside, as they lay
            left = Counter(turn.kept)
            aside = []
            for face in turn.dice:
                if left[face]:
                    left[face] -= 1
                else:
                    aside.append(face)
            dice = [h.ruleset.dice.faces[face].name for face in aside]
        events += h.act(name, "roll", dice=dice)
        if h.turn is not turn:
            return events
    return events + h.act(name, "check")


def test_the_lowest_hand_a_timeout_rolls_is_the_lowest_poker_dice_hand(setups):
    for label, ruleset, engine in setups:
        rolls = [expand(counts) for counts in multisets(ruleset.dice.count, ruleset.hands.size)]
        lowest = min(ruleset.best_hand(roll) for roll in rolls)
        assert ruleset.best_hand([face - 1 for face in lowest_hand(ruleset)]) == lowest, label
        assert py(engine.ns[b"Rules"][b"deal"][b"lowest"]) == lowest_hand(ruleset)


@settings(max_examples=120, deadline=None,
          suppress_health_check=[HealthCheck.large_base_example, HealthCheck.too_slow])
@given(data=st.data())
def test_a_round_at_the_draw_table_and_its_timeouts_agree_with_python(setups, data):
    """A round as the draw table plays it in Lua (dice as 1-based face indices, a TURN's
    chips last, PokerDiceDraw.stand for a timeout) against the Python round given the same
    actions by name (a timeout as docs/games.md's actions): the same events and state after
    every step; a timeout always applies for the player to act, and never for another."""
    label, ruleset, engine = data.draw(st.sampled_from(setups), label="ruleset")
    count = data.draw(st.integers(2, 6), label="players")
    least = ruleset.table.minimum_ante
    banks = data.draw(st.lists(st.integers(least, 12), min_size=count, max_size=count))
    names = [f"P{i}" for i in range(count)]
    dealer = data.draw(st.integers(0, count - 1), label="starter")
    h = PokerDiceRound(ruleset, [Seat(name=n, bank=b) for n, b in zip(names, banks, strict=True)],
                       dealer)
    draw = engine.ns[b"PokerDiceDraw"]
    lua_seats = engine.lua.table_from([engine.lua.table_from(
        {b"name": n.encode(), b"bank": b, b"committed": 0, b"status": b"active"})
        for n, b in zip(names, banks, strict=True)])
    lr = draw[b"new_round"](lua_seats, dealer + 1)
    lowest = [ruleset.dice.faces[f - 1].name for f in lowest_hand(ruleset)]
    index = {face.name: face.index + 1 for face in ruleset.dice.faces}
    for _ in range(300):
        if h.over:
            break
        name = h.to_act()
        before = len(h.events)
        if data.draw(st.integers(0, 3), label="timeout?") == 3:
            other = data.draw(st.sampled_from([n for n in names if n != name]), label="other")
            assert draw[b"stand"](lr, other.encode()) is False
            py_stand(h, name, lowest)
            assert draw[b"stand"](lr, name.encode()) is True
        else:
            action = data.draw(st.sampled_from(h.legal_actions(name)), label="action")
            amount, dice = None, None
            if action == "ante" and h.phase is Phase.SET_ANTE:
                amount = data.draw(st.integers(least, h.seat(name).bank), label="ante")
            elif action == "raise":
                amount = data.draw(st.integers(1, h.raise_cap(name)), label="raise")
            elif action == "roll":
                dice = [face.name for face in data.draw(st.lists(
                    st.sampled_from(ruleset.dice.faces), min_size=h.turn.need(),
                    max_size=h.turn.need()), label="roll")]
            elif action == "keep":
                lying = [ruleset.dice.faces[f].name for f in h.turn.dice]
                dice = data.draw(st.lists(st.sampled_from(lying), max_size=len(lying) - 1),
                                 label="keep")
                if Counter(dice) - Counter(lying):
                    dice = lying[:len(dice)]
            h.act(name, action, amount, dice=dice)
            faces = None if dice is None else engine.lua.table_from([index[d] for d in dice])
            got = lr[b"act"](lr, name.encode(), action.encode(), faces, amount)
            assert not isinstance(got, tuple), got
        assert py(engine.rows(lr[b"events"])) == py_rows(h.events), label
        assert py(engine.round_state(lr)) == py_round_state(h), label
        assert len(h.events) > before
    assert h.over
    event(f"{label}: {'void' if h.winner is None else 'won'}")
