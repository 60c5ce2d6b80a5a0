"""Dice Poker in Lua against Python: the open rolls' ranges (draw/OpenRolls.lua against
pyhost.fairplay.draw_range) and the round (dicepoker/DicePoker.lua against
pyhost.engine.dicepoker.DicePokerRound), played in lockstep under random play.

Both engines take the same actions in the same order; after each one both must accept or
refuse it alike, with the same message, the same events and the same state (seats, whose
turn, the step, the dice lying and kept, the hands, winners, losers, payments, pots). Faces
are 1-based in Lua: dice given as indices are shifted on the way in; names go as they are.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from lupa import lua51

from conftest import write_variant
from lua_addon import SORTED_PAIRS, py, render
from pyhost import fairplay
from pyhost.engine import IllegalAction, Seat
from pyhost.engine.dicepoker import DicePokerRound
from pyhost.harness.bitlib import library
from pyhost.rules import Ruleset, load_ruleset

FORFEIT = load_ruleset("dice-poker")
SLOW = [HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
FILES = ("Rules.lua", "Sha256.lua", "OpenRolls.lua", "Hands.lua", "DicePoker.lua")

HELPERS = SORTED_PAIRS + b"""

local function shifted(list)
	local out = {}
	for i, value in ipairs(list) do out[i] = value - 1 end
	return out
end

local function by_name(map, convert)
	local out = {}
	for name, value in pairs(map) do out[name] = convert(value) end
	return sorted_pairs(out)
end

local function snapshot(r)
	local seats, pots, paid = {}, {}, {}
	for i, s in ipairs(r.seats) do seats[i] = { s.name, s.bank, s.committed, s.status } end
	for i, p in ipairs(r.final_pots) do pots[i] = { p.amount, p.eligible } end
	for i, p in ipairs(r.paid) do paid[i] = { p[1], p[2], p[3] } end
	local wanted, count = r:wanted()
	return { seats, r.order, r.turn - 1, r.step, r:to_act() or false,
		wanted and { wanted, count } or false,
		by_name(r.lying, shifted), sorted_pairs(r.rolls), by_name(r.kept, shifted),
		by_name(r.final, shifted),
		by_name(r.hands, function(h) return { h.name, shifted(h.dice) } end),
		r.winners, r.losers, paid, sorted_pairs(r.payouts), sorted_pairs(r.contributions), pots,
		#r.events }
end

local function rows(events)
	local out = {}
	for i, e in ipairs(events) do
		out[i] = { e.kind, e.text, e.player or false, e.chips, e.dice, sorted_pairs(e.details) }
	end
	return out
end

return snapshot, rows
"""


def py_snapshot(r: DicePokerRound) -> list:
    def pairs(mapping, convert=lambda v: v):
        return sorted([k, convert(v)] for k, v in mapping.items())

    wanted = r.wanted()
    return [[[s.name, s.bank, s.committed, str(s.status)] for s in r.seats], list(r.order),
            r.turn, str(r.step), r.to_act() or False, list(wanted) if wanted else False,
            pairs(r.lying, list), pairs(r.rolls), pairs(r.kept, list), pairs(r.final, list),
            pairs(r.hands, lambda h: [h.category.name, list(h.dice)]),
            list(r.winners), list(r.losers), [list(p) for p in r.paid],
            pairs(r.payouts), pairs(r.contributions),
            [[p.amount, list(p.eligible)] for p in r.final_pots], len(r.events)]


def py_rows(events) -> list:
    return [[e.kind, e.text, e.player or False, e.chips, list(e.dice),
             sorted([k, v] for k, v in e.details.items())] for e in events]


class LuaDicePoker:
    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.lua = lua51.LuaRuntime(encoding=None, unpack_returned_tuples=True)
        self.lua.globals()[b"bit"] = self.lua.table_from(  # WoW's, as the realm has it
            {name.encode(): fn for name, fn in library(False).items()})
        self.ns = self.lua.table()
        for name, code in render(ruleset, *FILES).items():
            chunk = self.lua.globals()[b"loadstring"](code, f"@{name}".encode())
            assert not isinstance(chunk, tuple), chunk
            chunk(ruleset.addon.name.encode(), self.ns)
        self.snapshot, self.rows = self.lua.execute(HELPERS)

    def to_lua(self, value: Any) -> Any:
        if isinstance(value, str):
            return value.encode("utf-8")
        if isinstance(value, (list, tuple)):
            return self.lua.table_from([self.to_lua(item) for item in value])
        return value

    def dice(self, dice: Any) -> Any:
        if isinstance(dice, (list, tuple)):
            return self.to_lua([d + 1 if isinstance(d, int) and not isinstance(d, bool) else d
                                for d in dice])
        return self.to_lua(dice)


@pytest.fixture(scope="module")
def engines(tmp_path_factory) -> dict[str, LuaDicePoker]:
    folder = tmp_path_factory.mktemp("variants")
    chips = load_ruleset(write_variant(folder, "dice-poker", {'stakes = "forfeit"':
                                                             'stakes = "chips"'}, "chips"))
    three = load_ruleset(write_variant(folder, "dice-poker", {"rolls = 2": "rolls = 3"},
                                       "three"))
    return {"forfeit": LuaDicePoker(FORFEIT), "chips": LuaDicePoker(chips),
            "three": LuaDicePoker(three)}


# -- the open rolls' ranges ----------------------------------------------------------------


@settings(max_examples=150, deadline=None, suppress_health_check=SLOW)
@given(table_id=st.text(st.characters(min_codepoint=33, max_codepoint=126), min_size=1,
                        max_size=30),
       round_number=st.integers(1, 5000), player=st.sampled_from(
           ["Skoll-Thunderhorn", "Riggs-Thunderhorn", "Ädda-Blackrock", "Nim-Argent Dawn"]),
       roll=st.integers(1, 10), count=st.integers(1, 5))
def test_open_roll_ranges_are_fairplays_draw_range(engines, table_id, round_number, player,
                                                   roll, count):
    engine = engines["forfeit"]
    low, high = fairplay.draw_range(table_id, round_number, player, roll, 6, count)
    assert high - low + 1 == 6 ** count and low >= 1 and high <= fairplay.MAX_ROLL
    lua_range = engine.ns[b"OpenRolls"][b"range"](table_id.encode(), round_number,
                                                   player.encode(), roll, count)
    assert tuple(lua_range) == (low, high)


def test_a_range_is_unique_to_the_table_round_player_and_roll():
    base = fairplay.draw_range("Skoll-Thunderhorn:1", 1, "Skoll-Thunderhorn", 1, 6, 5)
    for other in (("Skoll-Thunderhorn:2", 1, "Skoll-Thunderhorn", 1),
                  ("Skoll-Thunderhorn:1", 2, "Skoll-Thunderhorn", 1),
                  ("Skoll-Thunderhorn:1", 1, "Riggs-Thunderhorn", 1),
                  ("Skoll-Thunderhorn:1", 1, "Skoll-Thunderhorn", 2)):
        assert fairplay.draw_range(*other, 6, 5) != base


@settings(max_examples=100, deadline=None, suppress_health_check=SLOW)
@given(count=st.integers(1, 5), data=st.data())
def test_a_rolls_dice_are_its_base_six_digits_in_both(engines, count, data):
    low = data.draw(st.integers(1, 1000))
    value = data.draw(st.integers(low, low + 6 ** count - 1))
    lua_dice = py(engines["forfeit"].ns[b"OpenRolls"][b"dice"](value, low, count))
    assert lua_dice == fairplay.street_dice(value, low, 6, count)


def test_a_watch_binds_the_first_line_in_the_awaited_range_only(engines):
    engine = engines["forfeit"]
    whose = engine.lua.eval("""function(name)
        local seats = { Skoll = "Skoll-Thunderhorn", Riggs = "Riggs-Thunderhorn" }
        return seats[name] end""")
    watch = engine.ns[b"OpenRolls"][b"watch"](b"T:1", 1, whose)
    low, high = fairplay.draw_range("T:1", 1, "Skoll-Thunderhorn", 1, 6, 5)
    line = engine.lua.eval("function(w, ...) return w:line(...) end")
    # Early: nothing awaited yet.
    assert line(watch, b"Skoll", low + 5, low, high) is None
    assert tuple(engine.lua.eval("function(w, ...) return w:await(...) end")(
        watch, b"Skoll-Thunderhorn", 1, 5)) == (low, high)
    assert line(watch, b"Riggs", low + 3, low, high) is None  # another player's, in his range
    assert line(watch, b"Stranger", low + 3, low, high) is None  # nobody seated
    assert line(watch, b"Skoll", 20, 1, 100) == b"wrong"  # his, another range
    assert line(watch, b"Skoll", low + 7, low, high) == b"bound"
    assert line(watch, b"Skoll", low + 9, low, high) == b"repeat"  # the first bound
    dice, _ = engine.lua.eval("function(w) return w:take() end")(watch)
    assert py(dice) == fairplay.street_dice(low + 7, low, 6, 5)
    assert line(watch, b"Skoll", low + 9, low, high) == b"repeat"  # and after it is taken
    assert engine.lua.eval("function(w) return w:take() end")(watch) is None


# -- the round in lockstep -----------------------------------------------------------------

NAMES = ["Skoll", "Riggs", "Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy"]


class Lockstep:
    def __init__(self, engine: LuaDicePoker, banks: list[int], dealer: int) -> None:
        self.engine = engine
        self.names = NAMES[:len(banks)]
        self.py_error = None
        try:
            self.py = DicePokerRound(engine.ruleset, [Seat(name=n, bank=b) for n, b in
                                                      zip(self.names, banks, strict=True)], dealer)
        except IllegalAction as exc:
            self.py, self.py_error = None, str(exc)
        seats = engine.lua.table_from([engine.lua.table_from({b"name": n.encode(), b"bank": b,
                                                              b"committed": 0,
                                                              b"status": b"active"})
                                       for n, b in zip(self.names, banks, strict=True)])
        made = engine.ns[b"DicePoker"][b"new"](seats, dealer + 1)
        if isinstance(made, tuple):
            assert self.py is None and py(made[1]) == self.py_error
            self.lua = None
            return
        assert self.py is not None, self.py_error
        self.lua = made
        self.check()

    def check(self) -> None:
        assert py(self.engine.snapshot(self.lua)) == py_snapshot(self.py)
        assert py(self.engine.rows(self.lua[b"events"])) == py_rows(self.py.events)

    def act(self, name: str, action: Any, dice: Any) -> str:
        try:
            made = self.py.act(name, action, dice=dice)
            outcome = "ok"
        except IllegalAction as exc:
            made, outcome = str(exc), "refused"
        act = self.engine.lua.eval("function(r, ...) return r:act(...) end")
        lua_made = act(self.lua, self.engine.to_lua(name), self.engine.to_lua(action),
                       self.engine.dice(dice))
        if outcome == "refused":
            assert isinstance(lua_made, tuple) and lua_made[0] is None, lua_made
            assert py(lua_made[1]) == made
        else:
            assert not isinstance(lua_made, tuple), lua_made
            assert py(self.engine.rows(lua_made)) == py_rows(made)
        self.check()
        return outcome


def random_action(draw, round_: DicePokerRound, names: list[str],
                  refusals: bool) -> tuple[str, Any, Any]:
    """Mostly a legal action with random dice; sometimes (`refusals`) one the round must
    refuse."""
    faces = st.integers(0, 5)
    actor = round_.to_act() or names[0]
    step = str(round_.step)
    if refusals and draw(st.integers(0, 9)) == 0:
        return draw(st.sampled_from([
            (draw(st.sampled_from(names)), "roll", [0] * 5),
            (actor, draw(st.sampled_from(["keep", "roll", "reroll", "fold", "stand"])),
             draw(st.lists(faces, max_size=6))),
            (actor, step, draw(st.lists(st.sampled_from(["1", "6", "7", "x", " 3 "]),
                                        max_size=5))),
            (actor, step, "6 6 3"),
            (actor, step, None),
            ("Nobody", step, [0]),
        ]))
    if step == "keep":
        lying = list(round_.lying[actor])
        kept = draw(st.lists(st.sampled_from(range(len(lying))), unique=True, max_size=5))
        dice: list[Any] = [lying[i] for i in kept]
        if draw(st.booleans()):
            dice = [round_.ruleset.dice.faces[d].name for d in dice]  # by name
        return actor, "keep", dice
    wanted = round_.wanted()
    count = wanted[1] if wanted else 5
    return actor, step, draw(st.lists(faces, min_size=count, max_size=count))


@pytest.mark.slow  # a long case: .ci/run runs it apart (pytest -m slow)
@settings(max_examples=300, deadline=None, suppress_health_check=SLOW)
@given(mode=st.sampled_from(["forfeit", "chips", "three"]),
       banks=st.lists(st.integers(0, 12), min_size=1, max_size=11), data=st.data())
def test_python_and_lua_play_the_same_round(engines, mode, banks, data):
    dealer = data.draw(st.integers(0, len(banks) - 1))
    both = Lockstep(engines[mode], banks, dealer)
    if both.lua is None:
        return
    for step in range(400):
        if both.py.over:
            break
        # (Refusals among the first steps only, so that every round ends.)
        name, action, dice = random_action(data.draw, both.py, both.names, step < 60)
        if both.act(name, action, dice) == "refused":
            event("a refusal")
    assert both.py.over
    event(f"{mode}: {len(both.py.winners)} winners, {len(both.py.losers)} losers, "
          f"{'paid' if both.py.paid else 'nothing paid'}")
    # Nothing more once it is over.
    both.act(both.names[0], "roll", [0] * 5)
    if mode == "chips":
        assert sum(s.bank for s in both.py.seats) == sum(banks)


def test_every_hand_equal_and_a_short_loser(engines):
    both = Lockstep(engines["chips"], [5, 5, 1], 0)
    for name in ("Skoll", "Riggs"):
        both.act(name, "roll", [5, 5, 5, 5, 5])
        both.act(name, "keep", [5, 5, 5, 5, 5])
    both.act("Ada", "roll", [0, 1, 2, 3, 5])
    both.act("Ada", "keep", [])
    assert both.act("Ada", "reroll", [0, 1, 2, 3, 5]) == "ok"
    assert both.py.paid == [("Ada", "Skoll", 1)]
    draw = Lockstep(engines["forfeit"], [5, 5], 1)
    for name in ("Riggs", "Skoll"):
        draw.act(name, "roll", [2, 2, 3, 3, 4])
        draw.act(name, "keep", ["3", "3", "4", "4", "5"])
    assert draw.py.events[-1].kind == "draw"
