"""The generated Lua table engine (Pots.lua, Betting.lua, Holdem.lua and its hands and table)
against the Python one.

Both engines run the same table in lockstep: every action goes to both, and both must
accept or refuse it alike, with the same message, the same events and the same state after
it (banks, what is committed, statuses, the betting round, pots, whose turn it is). Faces
are 1-based in Lua, so dice given as indices are shifted on the way in and out; everything
else is compared as it is.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from lupa import lua51

from conftest import write_variant
from engine_moves import SidePots, legal_moves, play_to_showdown, replay_steps, showdown
from lua_addon import SORTED_PAIRS, load, py, render, to_lua
from pyhost.engine import BettingRound, BettingRules, IllegalAction, Phase, Seat, Status, Table
from pyhost.engine.core.betting import Kind
from pyhost.engine.history import HandRecord, Replay, load_history, replay
from pyhost.engine.holdem import street_names
from pyhost.rules import Ruleset, load_ruleset

ENGINE = ("Pots.lua", "Betting.lua", "Holdem.lua", "HoldemHand.lua", "GuidedHand.lua",
          "ManualHand.lua", "Banks.lua", "HoldemTable.lua")
FILES = ("Rules.lua", "Hands.lua", *ENGINE)
TAUREN_RULES = load_ruleset("tauren-holdem")

# Test-only Lua: the engine's state as plain arrays, 0-based where Python counts from 0, so
# one call per step brings all of it across.
HELPERS = SORTED_PAIRS + b"""

local function shifted(list)
	local out = {}
	for i, value in ipairs(list) do out[i] = value - 1 end
	return out
end

local function round_state(r)
	local may = {}
	for index in pairs(r.may_raise) do may[#may + 1] = index - 1 end
	table.sort(may)
	return { r.bets, r.current, r.last_raise, shifted(r.pending), may, r.raises }
end

local function seat_rows(seats)
	local rows = {}
	for i, s in ipairs(seats) do rows[i] = { s.name, s.bank, s.committed, s.status } end
	return rows
end

local function snapshot(t)
	local snap = { seat_rows(t.seats), t.button - 1, #t.events, t.hands_played, false }
	local h = t.hand
	if not h then return snap end
	local names, community, shown, pots, hidden = {}, {}, {}, {}, {}
	for i, s in ipairs(h.seats) do names[i] = s.name end
	for name, faces in pairs(h.hidden) do hidden[name] = shifted(faces) end
	for i, street in ipairs(h.community) do community[i] = shifted(street) end
	for name in pairs(h.shown) do shown[#shown + 1] = name end
	table.sort(shown)
	for i, p in ipairs(h:pots()) do pots[i] = { p.amount, p.eligible, p.floor, p.top } end
	snap[5] = { names, h.dealer - 1, h.phase, #h.events, community, shown, h:pot(), pots,
		sorted_pairs(h.payouts), sorted_pairs(h.contributions), h:to_act() or false,
		h:next_street() or false, h.round and round_state(h.round) or false,
		sorted_pairs(hidden) }
	return snap
end

local function rows(events)
	local out = {}
	for i, e in ipairs(events) do
		out[i] = { e.kind, e.text, e.player or false, e.chips, e.dice, sorted_pairs(e.details) }
	end
	return out
end

local function move_row(m)
	return { m.seat - 1, m.kind, m.chips, m.all_in, m.reopens }
end

local function options_row(o)
	return { o.to_call, o.can_check, o.can_raise, o.least, o.most }
end

return snapshot, rows, round_state, seat_rows, move_row, options_row
"""


class LuaEngine:
    """One bare Lua 5.1 runtime holding the generated engine for one ruleset."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.lua, self.ns = load(ruleset, *FILES)
        (self.snapshot, self.rows, self.round_state, self.seat_rows, self.move_row,
         self.options_row) = self.lua.execute(HELPERS)

    def to_lua(self, value: Any) -> Any:
        return to_lua(self.lua, value)

    def dice(self, dice: Any) -> Any:
        """Dice for Lua: face indices one up, names as they are."""
        if isinstance(dice, (list, tuple)):
            return self.to_lua([d + 1 if isinstance(d, int) and not isinstance(d, bool) else d
                                for d in dice])
        return self.to_lua(dice)

    def table(self, players: list, mode: Any = "guided", dealer: Any = None,
              config: dict | None = None) -> Any:
        lua_players = [self.to_lua(list(p) if isinstance(p, tuple) else p) for p in players]
        return self.ns[b"Holdem"][b"Table"][b"new"](
            self.lua.table_from(lua_players), self.to_lua(mode), self.to_lua(dealer),
            self.to_lua(config) if config else None)

    def result(self, value: Any, convert=None) -> tuple[str, Any]:
        """("refused", message) for `nil, message`, else ("ok", converted)."""
        if isinstance(value, tuple):
            assert value[0] is None and len(value) == 2, value
            return "refused", py(value[1])
        return "ok", convert(value) if convert else None


def py_rows(events) -> list:
    return [[e.kind, e.text, e.player or False, e.chips, list(e.dice),
             sorted([k, v + 1 if k == "pot" else v] for k, v in e.details.items())]
            for e in events]


def py_round_state(round_: BettingRound) -> list:
    return [list(round_.bets), round_.current, round_.last_raise, list(round_.pending),
            sorted(round_.may_raise), list(round_.raises)]


def py_seat_rows(seats) -> list:
    return [[s.name, s.bank, s.committed, str(s.status)] for s in seats]


def py_snapshot(t: Table) -> list:
    snap: list = [py_seat_rows(t.seats), t.button, len(t.events), t.hands_played, False]
    hand = t.hand
    if hand is None:
        return snap
    round_ = getattr(hand, "round", None)
    to_act = hand.to_act() if hand.mode == "guided" else None  # type: ignore[attr-defined]
    snap[4] = [[s.name for s in hand.seats], hand.dealer, str(hand.phase), len(hand.events),
               [list(street) for street in hand.community], sorted(hand.shown), hand.pot,
               [[p.amount, list(p.eligible), p.floor, p.top] for p in hand.pots()],
               sorted([k, v] for k, v in hand.payouts.items()),
               sorted([k, v] for k, v in hand.contributions.items()),
               to_act or False, hand.next_street() or False,
               False if round_ is None else py_round_state(round_),
               sorted([k, list(v)] for k, v in hand.hidden.items())]
    return snap


class Lockstep:
    """One table in both engines; each call goes to both and must come back alike."""

    def __init__(self, engine: LuaEngine, ruleset: Ruleset, players: list, *,
                 mode: str = "guided", dealer: str | None = None,
                 config: dict | None = None) -> None:
        self.engine = engine
        self.py = Table(ruleset, players, mode=mode, dealer=dealer)
        self.lt = engine.table(players, mode, dealer, config)
        assert lua51.lua_type(self.lt) == "table", self.lt
        self.told: dict[str, int] = {}  # the banks as moved_banks told them, step by step
        self.check()

    def check(self) -> None:
        assert py(self.engine.snapshot(self.lt)) == py_snapshot(self.py)
        # Every move of a bank is in the table's book: what a client's ledger takes after each
        # step (only the banks that moved) keeps it equal to every bank.
        moved = self.lt[b"moved_banks"](self.lt)
        self.told.update({py(name): bank for name, bank in moved.items()})
        assert self.told == self.py.banks

    def hand_events(self) -> tuple[list, list]:
        lua_hand = self.lt[b"hand"]
        return py(self.engine.rows(lua_hand[b"events"])), py_rows(self.py.hand.events)

    def new_hand(self, hidden: dict | None = None, deal_first: bool = False
                 ) -> tuple[str, Any]:
        deal = {"deal_first": True} if deal_first else {}
        try:
            self.py.new_hand(hidden=hidden, **deal)
        except IllegalAction as exc:
            expected: tuple[str, Any] = ("refused", str(exc))
        else:
            expected = ("ok", None)
        lua_hidden = None if hidden is None else self.engine.lua.table_from(
            {name.encode(): self.engine.dice(dice) for name, dice in hidden.items()})
        got = self.engine.result(self.lt[b"new_hand"](self.lt, lua_hidden, deal_first))
        assert got == expected
        self.check()
        if got[0] == "ok":
            lua_events, py_events = self.hand_events()
            assert lua_events == py_events
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
        got = e.result(
            self.lt[b"act"](self.lt, e.to_lua(name), e.to_lua(action), e.to_lua(amount),
                            e.dice(dice), e.to_lua(target)),
            lambda events: py(e.rows(events)))
        assert got == expected, (name, action, amount, dice, target)
        self.check()
        return got

    def deal_in(self, names: list[str]) -> tuple[str, Any]:
        """The closed set's players dealt in, in both engines."""
        try:
            events = self.py.hand.deal_in(names)
        except IllegalAction as exc:
            expected: tuple[str, Any] = ("refused", str(exc))
        else:
            expected = ("ok", py_rows(events))
        e = self.engine
        hand = self.lt[b"hand"]
        got = e.result(hand[b"deal_in"](hand, e.to_lua(names)),
                       lambda events: py(e.rows(events)))
        assert got == expected, names
        self.check()
        return got

    def ok(self, *args: Any, **kwargs: Any) -> list[str]:
        """An action both must accept: the texts of its events."""
        status, rows = self.act(*args, **kwargs)
        assert status == "ok", rows
        return [row[1] for row in rows]

    def refused(self, *args: Any, **kwargs: Any) -> str:
        status, message = self.act(*args, **kwargs)
        assert status == "refused", message
        return message

    def lua_banks(self) -> dict[str, int]:
        banks = self.lt[b"banks"](self.lt)
        return {py(k): v for k, v in banks.items()}


# -- fixtures ---------------------------------------------------------------------------------

VARIANTS = {"blinds": {"blinds": True}, "blinds-ante": {"blinds": True, "ante": 1},
            "limit": {"maximum_raise": 6, "raise_cap": 2},
            "growing-ante": {"ante": 1, "ante_growth": 1, "ante_every": 2}}
EDITS = {"blinds": {"blinds = false": "blinds = true"},
         "blinds-ante": {"blinds = false": "blinds = true", "ante = 0": "ante = 1"},
         "limit": {"maximum_raise = 0": "maximum_raise = 6\nraise_cap = 2"},
         "growing-ante": {"ante = 0": "ante = 1\nante_growth = 1\nante_every = 2"}}


@pytest.fixture(scope="module")
def tauren() -> LuaEngine:
    return LuaEngine(load_ruleset("tauren-holdem"))


@pytest.fixture(scope="module")
def setups(tmp_path_factory, tauren) -> list[tuple[str, Ruleset, LuaEngine, dict | None]]:
    """(label, Python ruleset, Lua engine, Lua config overrides): the variants reach Lua as
    Table.new's config, so that path is tested too."""
    folder = tmp_path_factory.mktemp("variants")
    dice_holdem = load_ruleset("dice-holdem")
    out = [("tauren", load_ruleset("tauren-holdem"), tauren, None),
           ("dice-holdem", dice_holdem, LuaEngine(dice_holdem), None)]
    for label, edits in EDITS.items():
        ruleset = load_ruleset(write_variant(folder, "tauren-holdem", edits, label))
        out.append((label, ruleset, tauren, VARIANTS[label]))
    return out


def variant(setups, label: str) -> tuple[Ruleset, LuaEngine, dict | None]:
    for name, ruleset, engine, config in setups:
        if name == label:
            return ruleset, engine, config
    raise KeyError(label)


NAMES = ["Skoll", "Riggs", "Gray", "Dakx"]


# -- the source's example hand ----------------------------------------------------------------


def replay_in_lockstep(engine: LuaEngine, record: HandRecord) -> tuple[Lockstep, Replay]:
    """A shipped hand history played in Python (pyhost replay) and, step by step, in Lua:
    each step's lines the same in both."""
    python = replay(record)
    pair = Lockstep(engine, record.ruleset, list(record.seats), mode=record.mode,
                    dealer=record.dealer)
    pair.new_hand(hidden={name: list(dice) for name, dice in record.hidden.items()})
    for step in python.steps:
        action = step.action
        dice = None
        if action.action in ("roll", "flop", "turn", "river"):
            dice = list(record.community[len(pair.py.hand.community)])
        texts = pair.ok(action.player, action.action, action.amount, dice=dice,
                        target=action.target)
        assert texts == [e.text for e in step.events]
    return pair, python


def test_the_example_hand_gives_the_same_events_and_banks(tauren):
    pair, python = replay_in_lockstep(tauren, load_history("tauren-holdem-example"))
    expected = {"Skoll": 14, "Riggs": 28, "Gray": 20, "Dakx": 18}
    assert pair.lua_banks() == expected == python.table.banks
    lua_events, py_events = pair.hand_events()
    assert lua_events == py_events
    texts = [row[1] for row in lua_events]
    assert "Dealer Skoll rolls the Flop: 1-[:· : ] 2-[.· '] 3-[::: ]" in texts
    assert texts[-3:] == ["Skoll shows 1-[ ¥ ] 2-[::: ]: Three of a kind",
                          "Riggs shows 1-[ ╣ ] 2-[: : ]: Straight",
                          "Riggs wins the pot: 14 with Straight"]


def test_the_dice_holdem_example_gives_the_same_events_and_banks_in_lua():
    record = load_history("dice-holdem-example")
    pair, python = replay_in_lockstep(LuaEngine(record.ruleset), record)
    assert pair.lua_banks() == {"Skoll": 50, "Riggs": 30, "Gray": 130} == python.table.banks
    lua_events, py_events = pair.hand_events()
    assert lua_events == py_events
    texts = [row[1] for row in lua_events]
    assert texts[-2:] == ["Riggs wins the main pot: 30 with HOLDEM",
                          "Gray wins side pot 1: 80 with Four of a kind"]


def test_the_example_hand_at_a_manual_table(tauren):
    pair = Lockstep(tauren, TAUREN_RULES, NAMES, mode="manual", dealer="Skoll")
    pair.new_hand(hidden={"Skoll": ["Shaman", "6"], "Riggs": ["Chieftain", "4"]})
    for name in ("Riggs", "Dakx", "Skoll"):
        pair.ok(name, "bet", 2)
    assert "before the river is rolled" in pair.refused("Skoll", "pot", target="Riggs")
    pair.ok("Skoll", "flop", dice=["5", "3", "6"])
    pair.ok("Skoll", "turn", dice=["6"])
    pair.ok("Riggs", "bet", 2)
    pair.ok("Skoll", "put", 2)
    pair.ok("Skoll", "river", dice=["Warrior"])
    pair.ok("Skoll", "bet", 2)
    pair.ok("Riggs", "bet", 2)
    assert pair.ok("Skoll", "show") == ["Skoll shows 1-[ ¥ ] 2-[::: ]: Three of a kind"]
    pair.ok("Riggs", "show", dice=["chieftain", " 4 "])
    assert pair.refused("Riggs", "pot", target="Riggs") == \
        "Riggs cannot give the pot: only the dealer, Skoll, does"
    assert pair.refused("Skoll", "pot", target="Thrall") == \
        "nobody named 'Thrall' is in this hand"
    pair.refused("Skoll", "pot")
    for action in ("check", "call", "raise", "fold", "allin", "muck"):
        pair.refused("Riggs", action, 2)
    assert pair.ok("Skoll", "pot", target="Riggs") == ["Dealer Skoll gives the pot of 14 to Riggs"]
    assert pair.lua_banks() == {"Skoll": 14, "Riggs": 28, "Gray": 20, "Dakx": 18}
    assert pair.refused("Riggs", "bet", 2) == "Riggs cannot bet: the pot has been given out"
    pair.refused("Skoll", "pot", target="Riggs")


# -- hand-made cases --------------------------------------------------------------------------


def test_blinds_heads_up_and_three_handed(setups):
    ruleset, engine, config = variant(setups, "blinds")
    pair = Lockstep(engine, ruleset, ["A", "B"], dealer="A", config=config)
    pair.new_hand()
    lua_events, _ = pair.hand_events()
    assert [row[1] for row in lua_events] == ["A posts the small blind 1",
                                             "B posts the big blind 2"]
    pair.refused("B", "check")
    pair.refused("A", "check")
    pair.ok("A", "call")
    assert pair.ok("B", "check") == ["B checks"]  # the big blind's option
    pair.ok("A", "flop", dice=[0, 1, 2])
    pair.refused("A", "check")  # after the flop the player left of the dealer acts first
    pair.ok("B", "bet", 4)
    assert pair.ok("A", "raise", 4) == ["A raises by 4 to 8"]
    pair.refused("B", "raise", 3)  # less than the last raise
    pair.ok("B", "allin")
    pair.ok("A", "fold")

    pair = Lockstep(engine, ruleset, [("A", 1), ("B", 20), ("C", 1)], dealer="A",
                    config=config)
    pair.new_hand()
    lua_events, _ = pair.hand_events()
    assert [row[1] for row in lua_events] == ["B posts the small blind 1",
                                             "C posts the big blind 1"]
    # A calls all-in; B, matched and the only one left with chips, has nobody to bet against.
    assert pair.ok("A", "allin") == ["A calls 1 and is all-in"]
    for street in ([0, 1, 2], [3], [4]):
        pair.ok("A", "roll", dice=street)
    assert pair.py.hand.phase is Phase.SHOWDOWN


def test_limit_play_caps_the_size_and_the_number_of_raises_in_a_round(setups):
    ruleset, engine, config = variant(setups, "limit")
    assert (ruleset.table.maximum_raise, ruleset.table.raise_cap) == (6, 2)
    pair = Lockstep(engine, ruleset, [("A", 50), ("B", 50), ("C", 50)], dealer="A",
                    config=config)
    pair.new_hand()
    assert pair.refused("B", "bet", 7) == "B cannot bet 7: the limit is 6"
    pair.ok("B", "bet", 6)
    assert pair.ok("C", "raise", 6) == ["C raises by 6 to 12"]
    pair.ok("A", "raise", 6)  # the second raise: the cap
    capped = "B may only call or fold: the betting is capped at 2 raise(s) this round"
    assert pair.refused("B", "raise", 6) == capped
    assert pair.refused("B", "allin").startswith("B may only call or fold")
    assert pair.ok("B", "call") == ["B calls 12"]
    pair.ok("C", "call")
    pair.ok("A", "flop", dice=[0, 1, 2])  # a new round: raises again, up to the cap
    pair.ok("B", "bet", 2)
    assert pair.ok("C", "raise", 2) == ["C raises by 2 to 4"]


def test_the_ante_grows_between_hands(setups):
    ruleset, engine, config = variant(setups, "growing-ante")
    assert [ruleset.table.ante_of(n) for n in range(1, 7)] == [1, 1, 2, 2, 3, 3]
    pair = Lockstep(engine, ruleset, ["A", "B", "C"], dealer="A", config=config)
    antes = []
    for _ in range(5):
        pair.new_hand()
        lua_events, py_events = pair.hand_events()
        assert lua_events == py_events
        antes.append([row[1] for row in lua_events if " antes " in row[1]])
        for _ in range(2):  # everyone but the last folds: the hand is over
            pair.ok(pair.py.hand.seats[pair.py.hand.round.to_act].name, "fold")
        assert pair.py.hand.over
    assert [len(lines) for lines in antes] == [3] * 5
    assert [lines[0].split()[-1] for lines in antes] == ["1", "1", "2", "2", "3"]


def test_the_deal_comes_first_and_a_player_without_dice_sits_out(setups):
    ruleset, engine, config = variant(setups, "blinds")
    players = [("A", 20), ("B", 20), ("C", 20), ("D", 20)]
    pair = Lockstep(engine, ruleset, players, dealer="A", config=config)
    pair.new_hand(deal_first=True)
    assert pair.hand_events()[0] == []  # nothing posted before the deal
    assert pair.refused("B", "call") == \
        "B cannot call: the deal is not closed yet (every player types /tdeal)"
    pair.refused("A", "roll", dice=[0, 1, 2])
    assert pair.lua_banks() == dict(players)
    # B never rolled under the box: C and D post the blinds, A acts first.
    status, rows = pair.deal_in(["A", "C", "D"])
    assert status == "ok"
    assert [row[1] for row in rows] == ["B sits this hand out (no roll under the box)",
                                        "C posts the small blind 1",
                                        "D posts the big blind 2"]
    assert pair.deal_in(["A", "B", "C", "D"])[0] == "refused"
    assert pair.refused("B", "call") == "B cannot call: B is folded"
    pair.ok("A", "call")
    pair.ok("C", "call")
    pair.ok("D", "check")
    for street in ([0, 1, 2], [3], [4]):
        pair.ok("A", "roll", dice=street)
        for name in ("C", "D", "A"):
            pair.ok(name, "check")
    for name in ("C", "D", "A"):
        pair.ok(name, "show", dice=[0, 1])
    assert pair.py.hand.over
    assert pair.lua_banks()["B"] == 20
    assert sum(pair.lua_banks().values()) == 80

    # Heads-up with the dealer sitting out: the next player posts the small blind and acts.
    pair = Lockstep(engine, ruleset, players[:3], dealer="A", config=config)
    pair.new_hand(deal_first=True)
    rows = pair.deal_in(["B", "C"])[1]
    assert [row[1] for row in rows][1:] == ["B posts the small blind 1",
                                            "C posts the big blind 2"]
    pair.ok("B", "fold")
    assert pair.lua_banks() == {"A": 20, "B": 19, "C": 21}


def test_a_player_sitting_out_may_give_and_reset_while_the_hand_plays(setups):
    """The case hypothesis found against the random test's own claim that a bank sitting out
    stays as it was: B, with nothing in the live pot, gives and resets mid-hand, alike in both
    engines; the hand itself takes nothing from B and pays B nothing."""
    ruleset, engine, config = variant(setups, "blinds")
    players = [("A", 20), ("B", 7), ("C", 20)]
    pair = Lockstep(engine, ruleset, players, dealer="A", config=config)
    pair.new_hand(deal_first=True)
    pair.deal_in(["A", "C"])
    pair.ok("A", "call")
    assert pair.refused("A", "give", 1, target="B") == \
        "A cannot give chips while A has chips in the live pot"
    assert pair.ok("B", "give", 3, target="A") == ["B gives 3 to A"]
    assert pair.ok("B", "reset") == ["B's bank is reset to 20 (was 4)"]
    pair.ok("C", "raise", 2)
    pair.ok("A", "fold")
    hand = pair.py.hand
    assert hand.over and "B" not in hand.payouts and hand.contributions["B"] == 0
    assert pair.lua_banks() == pair.py.banks == {"A": 21, "B": 20, "C": 22}


def test_a_deal_with_fewer_than_two_players_is_void(setups):
    ruleset, engine, config = variant(setups, "blinds")
    players = [("A", 20), ("B", 20), ("C", 20)]
    pair = Lockstep(engine, ruleset, players, dealer="A", config=config)
    pair.new_hand(deal_first=True)
    rows = pair.deal_in(["C"])[1]
    assert rows[-1][1] == "The hand is void: fewer than two players rolled under the box"
    assert pair.py.hand.over
    assert pair.lua_banks() == dict(players)
    pair.new_hand(deal_first=True)  # the next hand deals as ever
    pair.deal_in([])
    assert pair.lua_banks() == dict(players)


def test_antes_and_blinds_with_short_stacks(setups):
    ruleset, engine, config = variant(setups, "blinds-ante")
    pair = Lockstep(engine, ruleset, [("A", 5), ("B", 1), ("C", 2), ("D", 9)], dealer="A",
                    config=config)
    pair.new_hand()
    texts = [row[1] for row in pair.hand_events()[0]]
    # B is all-in from the ante, so C's big blind is the only post: still the big blind.
    assert texts == ["A antes 1", "B antes 1", "C antes 1", "D antes 1",
                     "C posts the big blind 1"]
    pair.refused("A", "call")
    pair.ok("D", "call")
    pair.ok("A", "raise", 2)


def test_a_short_all_in_does_not_reopen_the_betting(tauren):
    pair = Lockstep(tauren, TAUREN_RULES, [("A", 20), ("B", 20), ("C", 5)], dealer="C")
    pair.new_hand()
    pair.ok("A", "bet", 4)
    pair.ok("B", "call")
    assert pair.ok("C", "allin") == ["C raises by 1 to 5 and is all-in"]
    assert pair.refused("A", "raise", 4) == \
        "A may only call or fold: the short all-in did not reopen the betting"
    pair.refused("A", "put", 3)
    assert pair.refused("A", "put", 0) == "A cannot check: 1 to call (call, raise or fold)"
    pair.ok("A", "call")
    pair.ok("B", "call")
    assert pair.refused("A", "check") == "A cannot check: the dealer, C, rolls the flop next"
    pair.ok("C", "flop", dice=["2", "3", "4"])
    pair.ok("A", "bet", 6)
    assert pair.refused("B", "raise", 2) == "B cannot raise by 2: the least is 6"
    assert pair.ok("B", "raise", 9) == ["B raises by 9 to 15 and is all-in"]
    assert pair.ok("A", "call") == ["A calls 9 and is all-in"]


def test_side_pots_with_ties_and_the_odd_chip(tauren):
    players = [("A", 3), ("B", 8), ("C", 8), ("D", 13), ("E", 20)]
    hidden = {"A": ["Shaman", "Shaman"], "B": ["2", "3"], "C": ["2", "3"],
              "D": ["4", "4"], "E": ["5", "5"]}
    pair = Lockstep(tauren, TAUREN_RULES, players, dealer="E")
    pair.new_hand(hidden=hidden)
    pair.ok("A", "allin")
    pair.ok("B", "allin")
    pair.ok("C", "allin")
    pair.ok("D", "allin")
    pair.ok("E", "call")
    texts = []
    for street in (["6", "6", "6"], ["Warrior"], ["Warrior"]):
        texts += pair.ok("E", "roll", dice=street)
    assert texts == ["Dealer E rolls the Flop: 1-[::: ] 2-[::: ] 3-[::: ]",
                     "Dealer E rolls the Turn: 1-[::: ] 2-[::: ] 3-[::: ] 4-[ Φ ]",
                     "Dealer E rolls the River: 1-[::: ] 2-[::: ] 3-[::: ] 4-[ Φ ] 5-[ Φ ]"]
    pair.ok("A", "show")
    pair.ok("B", "show")
    pair.ok("C", "show")
    assert pair.refused("C", "show") == "C has already shown"
    assert pair.refused("C", "muck") == "C cannot muck: C has shown"
    assert pair.refused("D", "show", dice=["4", "5"]) == "those are not the dice D rolled"
    pair.ok("D", "muck")
    assert pair.refused("D", "muck") == "D cannot muck: D has mucked"
    texts = pair.ok("E", "show")
    assert texts == [
        "E shows 1-[:· : ] 2-[:· : ]: Full house",
        "A wins the main pot: 15 with Full house",
        # 20 among three: the odd chips to B and C, the first left of the dealer, E.
        "B splits side pot 1: 7 with Full house",
        "C splits side pot 1: 7 with Full house",
        "E splits side pot 1: 6 with Full house",
        "E wins side pot 2: 10 with Full house"]
    assert pair.lua_banks() == pair.py.banks


def test_a_pot_nobody_claims_goes_back(tauren):
    pair = Lockstep(tauren, TAUREN_RULES, [("A", 4), ("B", 10), ("C", 10)], dealer="C")
    pair.new_hand(hidden={"A": ["2", "3"], "B": ["4", "5"], "C": ["6", "6"]})
    pair.ok("A", "allin")
    pair.ok("B", "raise", 4)
    pair.ok("C", "call")
    for street in (["2", "2", "3"], ["3"], ["4"]):
        pair.ok("C", "roll", dice=street)
        while pair.py.hand.phase is Phase.BETTING:
            pair.ok(pair.py.hand.to_act(), "check")
    pair.ok("B", "muck")
    pair.ok("A", "show")
    texts = pair.ok("C", "muck")
    assert texts[-3:] == ["A wins the main pot: 12 with Full house",
                          "B takes back 4 from side pot 1: nobody claimed it",
                          "C takes back 4 from side pot 1: nobody claimed it"]


def side_pot_showdown(tauren, mucks: tuple[str, ...]) -> Lockstep:
    """engine_moves' side-pot case in both engines; then `mucks` muck, the others show."""
    pair = Lockstep(tauren, TAUREN_RULES, SidePots.players, dealer=SidePots.dealer)
    pair.new_hand(hidden=SidePots.hidden)
    replay_steps(pair.ok, SidePots.steps)
    for name in SidePots.at_showdown:
        pair.ok(name, "muck" if name in mucks else "show")
    return pair


@pytest.mark.parametrize("mucks", [("B",), ("L",), ("B", "L")])
def test_a_loser_who_mucks_does_not_change_how_the_winners_split(tauren, mucks):
    shown, mucked = side_pot_showdown(tauren, ()), side_pot_showdown(tauren, mucks)
    wins = [[row[1] for row in pair.hand_events()[0] if row[0] == "win"]
            for pair in (shown, mucked)]
    assert wins[0] == wins[1] == list(SidePots.wins)
    assert shown.lua_banks() == mucked.lua_banks() == \
        {"A": 17, "B": 0, "C": 29, "W": 27, "L": 12}
    pots = [py(tauren.snapshot(pair.lt))[4][7] for pair in (shown, mucked)]
    assert pots[0] == pots[1] == [[23, ["B", "C", "W", "L"], 0, 5], [9, ["C", "W", "L"], 5, 8]]


def test_odd_chips_in_a_split_pot(setups):
    ruleset, engine, config = variant(setups, "blinds-ante")
    players = [("A", 6), ("B", 6), ("C", 6)]
    hidden = {"A": ["2", "3"], "B": ["2", "3"], "C": ["2", "3"]}
    pair = Lockstep(engine, ruleset, players, dealer="C", config=config)
    pair.new_hand(hidden=hidden)
    pair.ok("C", "fold")
    pair.ok("A", "call")
    pair.ok("B", "check")
    for street in (["6", "6", "6"], ["Shaman"], ["Shaman"]):
        pair.ok("C", "roll", dice=street)
        while pair.py.hand.phase is Phase.BETTING:
            pair.ok(pair.py.hand.to_act(), "check")
    pair.ok("A", "show")
    texts = pair.ok("B", "show")
    # 1 + 1 + 1 antes and 2 + 2 bets: 7 between two, the odd chip to A, left of the dealer.
    assert texts == ["B shows 1-[. ' ] 2-[.· ']: Full house",
                     "A splits the pot: 4 with Full house", "B splits the pot: 3 with Full house"]


def test_refusals_quote_values_as_python_does(tauren):
    pair = Lockstep(tauren, TAUREN_RULES, [*NAMES, "O'Neil"], dealer="Skoll")
    assert pair.refused("Riggs", "bet", 2) == "Riggs cannot bet: no hand has been dealt"
    pair.new_hand(hidden={"Riggs": [7, 6]})
    amounts = [2.5, "2", None, True, False, -3, 0, 1e-7, 123456.75, -0.5, [1, 2], "it's",
               'say "x"', "a'b\"c\\", "tab\there", "a\nb", "bell\x07", "Zoë", 10**9, 10**18,
               0.1 + 0.2, 1 / 3, -2.5e-9, float("inf")]
    for amount in amounts:
        for action in ("bet", "raise", "put"):
            pair.refused("Riggs", action, amount)
    assert pair.refused("Riggs", "bet", 2.5) == "the bet amount must be a whole number, not 2.5"
    assert pair.refused("Riggs", "bet", "2") == "the bet amount must be a whole number, not '2'"
    assert pair.refused("Riggs", "put", None) == "the put amount must be a whole number, not None"
    assert pair.refused("Riggs", "raise", True) == \
        "the raise amount must be a whole number, not True"
    assert pair.refused("Riggs", "bet", -3) == "the bet amount must not be negative, not -3"
    assert pair.refused("Riggs", "bet", 1e-7) == \
        "the bet amount must be a whole number, not 1e-07"
    assert pair.refused("Riggs", "bet", "a'b\"c\\") == \
        "the bet amount must be a whole number, not 'a\\'b\"c\\\\'"
    for name in ("Thrall", "O'Neil's", "", 'Say "hi"', "Thräll", "two\nlines"):
        pair.refused(name, "bet", 2)
        pair.refused(name, "give", 2, target="Riggs")
        pair.refused("Riggs", "give", 2, target=name)
    assert pair.refused("Thrall", "call") == "nobody named 'Thrall' sits at this table"
    assert pair.refused("O'Neil's", "call") == \
        "nobody named \"O'Neil's\" sits at this table"
    assert pair.refused("Riggs", "bogus") == "unknown action 'bogus'"
    assert pair.refused("Riggs", None) == "unknown action None"
    assert pair.refused("Riggs", "show", dice="Shaman") == \
        "Riggs cannot show yet: it is Riggs's turn to bet"
    pair.ok("Riggs", "bet", 2)
    for name in ("Gray", "Dakx", "O'Neil", "Skoll"):
        pair.ok(name, "call")
    # A face index past the last face: each engine names the index it was given.
    hand = pair.lt[b"hand"]
    got = tauren.result(hand[b"act"](hand, b"Skoll", b"roll", None, tauren.dice([0, 8, 1]), None))
    faces = "(faces: 2, 3, 4, 5, 6, Warrior, Chieftain, Shaman)"
    assert got == ("refused", f"the flop: no face 9 on these dice {faces}")
    with pytest.raises(IllegalAction, match="the flop: no face 8 on these dice"):
        pair.py.act("Skoll", "roll", dice=[0, 8, 1])
    pair.check()
    for dice in (None, "6", ["2", "3"], ["2", "3", "Druid"], [1.5, 2, 3], [True, 1, 2],
                 [" shaman ", "SHAMAN", "Warrior"]):
        for action in ("turn", "show", "muck", "flop"):
            pair.act("Skoll", action, dice=dice)
    assert pair.lt[b"hand"][b"community"][1][1] == 8  # the Shaman, 1-based
    assert pair.refused("Skoll", "flop", dice=["2", "3", "4"]) == \
        "Skoll cannot roll the flop: the next street is the turn"


def test_a_guided_hand_takes_a_betting_kind_as_a_bet_never_as_a_street(tauren):
    # GuidedHand:act sends a betting kind straight to bet, before HoldemHand:act would look for
    # a street: no street is named as a betting kind, and a name that is no string is still
    # refused as HoldemHand:act refuses it.
    kinds = {kind.value for kind in Kind}
    for community in ((3, 1, 1), (1,), (2, 2), (1, 1, 1, 1, 1)):
        assert not kinds & set(street_names(community))
    pair = Lockstep(tauren, TAUREN_RULES, NAMES, dealer="Skoll")
    pair.new_hand(hidden={"Riggs": [7, 6]})
    hand = pair.lt[b"hand"]
    for name in (None, 5, True):
        for kind in sorted(kinds):
            got = tauren.result(hand[b"act"](hand, name, kind.encode(), 2, None, None))
            assert got == ("refused", f"nobody named {name!r} is in this hand")
    got = tauren.result(hand[b"act"](hand, b"Thrall", b"bet", 2, None, None))
    assert got == ("refused", "nobody named 'Thrall' is in this hand")
    pair.check()


def test_parse_takes_a_face_index_as_face_does(tauren):
    # Holdem.parse looks a face index up without calling Holdem.face: every token must come
    # out as face gives it, the refusal's words included.
    check = tauren.lua.eval(b"""function(Holdem)
        local tokens = { 1, 2, 8, 0, 9, -1, 1.5, 1e300, math.huge, -math.huge, 0 / 0, "1", " 3 ",
            "shaman", "Druid", true, false }
        for i = 1, #tokens do
            local token = tokens[i]
            local parsed, err = Holdem.parse({ token })
            local face, why = Holdem.face(token)
            local got = parsed and parsed[1]
            if got ~= face or err ~= why then
                return tostring(token) .. ": " .. tostring(got) .. " " .. tostring(err)
            end
        end
        return "same"
    end""")
    assert check(tauren.ns[b"Holdem"]) == b"same"


def test_a_moves_line_writes_its_chips_as_str_does(tauren):
    # GuidedHand:_move_text writes a verified move's chips with "%.0f", not str: for every
    # whole number of chips a move can hold, the line must read as str would write it.
    check = tauren.lua.eval(b"""function(Holdem, Betting)
        local hand = setmetatable({ round = { current = 0 } }, Holdem.GuidedHand)
        local counts = { 1, 2, 9, 10, 99, 1000, 123456789, 2 ^ 31, 2 ^ 32 + 1, 1e15, 2 ^ 53 }
        for i = 1, #counts do
            local chips, str = counts[i], Betting.str
            hand.round.current = chips + 5
            local lines = {
                { hand:_move_text("A", { kind = "call", chips = chips, all_in = true }, 0),
                  "A calls " .. str(chips) .. " and is all-in" },
                { hand:_move_text("A", { kind = "bet", chips = chips }, 0),
                  "A bets " .. str(chips) },
                { hand:_move_text("A", { kind = "raise", chips = chips + 3 }, 3),
                  "A raises by " .. str(chips) .. " to " .. str(chips + 5) },
            }
            for _, pair in ipairs(lines) do
                if pair[1] ~= pair[2] then return pair[1] .. " ~= " .. pair[2] end
            end
        end
        return "same"
    end""")
    assert check(tauren.ns[b"Holdem"], tauren.ns[b"Betting"]) == b"same"


def test_decode_reads_a_written_face_as_face_does():
    # Dice.decode looks a face written as its index ("1" ... "8") up without calling
    # Dice.face: any token must decode as face reads it.
    lua, ns = load(TAUREN_RULES, "Rules.lua", "Dice.lua")
    check = lua.eval(b"""function(Dice)
        local tokens = { "1", "2", "8", "0", "9", "-1", "01", " 3", "3 ", "1.0", "1.5", "0x2",
            "1e0", "inf", "nan", "shaman", "SHAMAN", "Druid" }
        for _, token in ipairs(tokens) do
            local dice = Dice.decode(token)
            if (dice and dice[1]) ~= Dice.face(token) then return token end
        end
        local dice = Dice.decode("8,1,2")
        return dice[1] == 8 and dice[2] == 1 and dice[3] == 2 and #dice == 3 and "same" or "list"
    end""")
    assert check(ns[b"Dice"]) == b"same"


def test_holding_answers_as_find_and_in_hand_even_after_the_seats_change():
    # Pots.holding reads find's map of names in place: a seat array changed since it was
    # mapped (a seat replaced, one taken off, a status moved) must be answered as it is now.
    lua, ns = load(TAUREN_RULES, "Rules.lua", "Pots.lua")
    check = lua.eval(b"""function(Pots)
        local hand = { seats = { Pots.Seat("A", 5), Pots.Seat("B", 5), Pots.Seat("C", 5) } }
        local function agrees(name)
            local answer = Pots.holding(hand, name) -- (first: find would map the seats afresh)
            local index = Pots.find(hand.seats, name)
            return answer == (index ~= nil and Pots.in_hand(hand.seats[index]))
        end
        local out = {}
        local function ask(label, names)
            for _, name in ipairs(names) do
                if not agrees(name) then out[#out + 1] = label .. ":" .. name end
            end
        end
        ask("new", { "A", "B", "C", "D" })
        hand.seats[2].status = Pots.Status.FOLDED
        hand.seats[3].status = Pots.Status.ALL_IN
        ask("status", { "A", "B", "C" })
        hand.seats[1] = Pots.Seat("D", 5) -- (A's place, mapped, now someone else's)
        ask("replaced", { "A", "D", "B" })
        hand.seats[3] = nil
        ask("removed", { "C", "D" })
        out[#out + 1] = tostring(Pots.holding(hand, "D")) .. tostring(Pots.holding(hand, "A"))
        return table.concat(out, " ")
    end""")
    assert check(ns[b"Pots"]) == b"truefalse"


def test_a_manual_hand_dealt_first_opens_at_once_in_both_engines(tauren):
    # Python's manual hand once refused `deal_first` with a TypeError; Lua's took it.
    pair = Lockstep(tauren, TAUREN_RULES, NAMES, mode="manual", dealer="Skoll")
    assert pair.new_hand(hidden={"Riggs": ["2", "3"]}, deal_first=True) == ("ok", None)
    assert pair.py.hand.phase is Phase.ROLL and pair.hand_events()[0] == []
    assert pair.ok("Riggs", "bet", 2) == ["Riggs puts 2 in the pot (pot 2)"]


def test_give_and_reset_go_through_act_with_the_same_refusals(tauren):
    pair = Lockstep(tauren, TAUREN_RULES, NAMES, mode="manual", dealer="Skoll")
    pair.refused("Riggs", "give", 30, target="Gray")
    pair.refused("Riggs", "give", 0, target="Gray")
    pair.refused("Riggs", "give", "lots", target="Gray")
    pair.refused("Riggs", "give", 3, target="Riggs")
    pair.refused("Riggs", "give", 3, target="Thrall")
    pair.refused("Riggs", "give", 3)
    pair.refused("Riggs", "give", 3, target=7)
    pair.refused("Thrall", "reset")
    assert pair.ok("Riggs", "give", 3, target="Gray") == ["Riggs gives 3 to Gray"]
    pair.new_hand()
    pair.ok("Riggs", "bet", 5)
    assert pair.refused("Riggs", "give", 3, target="Gray") == \
        "Riggs cannot give chips while Riggs has chips in the live pot"
    assert pair.refused("Riggs", "reset") == \
        "Riggs cannot reset their bank while Riggs has chips in the live pot"
    pair.ok("Gray", "give", 3, target="Riggs")
    assert pair.ok("Gray", "reset") == ["Gray's bank is reset to 20 (was 20)"]
    for street in (["2", "3", "4"], ["5"], ["6"]):
        pair.ok("Skoll", "roll", dice=street)
    pair.ok("Skoll", "pot", target="Gray")
    assert pair.ok("Riggs", "reset") == ["Riggs's bank is reset to 20 (was 15)"]
    assert pair.lua_banks() == {"Skoll": 20, "Riggs": 20, "Gray": 25, "Dakx": 20}


def test_tables_refused_alike(tauren):
    cases = [(["A", "B"], "casual", None), (["A", "B"], None, None),
             (["A", "B", "A"], "guided", None), (["A", "  "], "guided", None),
             ([("A", -1), "B"], "guided", None), ([("A", 2.5), "B"], "guided", None),
             ([("A", "x"), "B"], "guided", None), ([("A", True), "B"], "guided", None),
             (["A", "B"], "guided", "C")]
    for players, mode, dealer in cases:
        with pytest.raises(IllegalAction) as refused:
            Table(TAUREN_RULES, players, mode=mode, dealer=dealer)
        got = tauren.result(tauren.table(players, mode, dealer))
        if mode is None:  # Lua's nil mode is the default, guided; only Python's None is wrong
            assert got == ("ok", None)
            continue
        assert got == ("refused", str(refused.value))
    got = tauren.result(tauren.table(["A", "B", "C"], "guided", None, {"max_players": 2}))
    assert got == ("refused", "Tauren Hold'em seats at most 2, not 3")


def test_new_hand_refusals_and_the_button(tauren):
    pair = Lockstep(tauren, TAUREN_RULES, [("A", 20), ("B", 0), ("C", 20), ("D", 0)],
                    dealer="B")
    assert pair.new_hand(hidden={"A": ["2"]}) == \
        ("refused", "A's hidden dice must be 2 dice, not 1")
    pair.new_hand(hidden={"A": "22"})
    pair.new_hand(hidden={"A": ["2", "Druid"]})
    pair.new_hand()
    assert pair.new_hand() == ("refused", "the current hand is not over yet")
    for _ in range(4):
        pair.ok(pair.py.hand.to_act(), "fold")
        if pair.py.seat("D").bank == 0:
            pair.ok("C", "give", 5, target="D")
        pair.new_hand()
    pair.ok(pair.py.hand.to_act(), "fold")
    pair.ok("A", "give", pair.py.seat("A").bank, target="C")
    pair.ok("D", "give", pair.py.seat("D").bank, target="C")
    assert pair.new_hand() == ("refused", "Tauren Hold'em needs at least 2 players with chips, "
                                          "not 1")


def test_the_pot_and_its_pots_read_alike(tauren):
    pair = Lockstep(tauren, TAUREN_RULES, [("A", 4), ("B", 10), ("C", 10)], dealer="C")
    pair.new_hand()
    pair.ok("A", "allin")
    pair.ok("B", "raise", 4)
    pair.ok("C", "call")
    hand = pair.lt[b"hand"]
    assert hand[b"pot"](hand) == 20
    pots = [(p[b"amount"], py(p[b"eligible"])) for p in hand[b"pots"](hand).values()]
    assert pots == [(12, ["A", "B", "C"]), (8, ["B", "C"])]
    assert py(hand[b"board"](hand)) == []
    assert hand[b"next_street"](hand) == b"flop"
    assert hand[b"to_act"](hand) is None and hand[b"phase"] == b"roll"


# -- random tables in lockstep ----------------------------------------------------------------

ACTIONS = ["check", "bet", "call", "raise", "fold", "allin", "put", "show", "muck", "roll",
           "flop", "turn", "river", "pot", "give", "reset", "dance"]
ODD_AMOUNTS = [-3, 0, 1, 2, 2.5, 10**9, "x", "2", None, True, 1e-7]
ODD_DICE = [None, ["2", "3"], "Shaman", ["Shaman", "6", "2"], [1.5, 2], ["Druid", "2"],
            [0, 1, 2], [5], [" warrior ", "CHIEFTAIN"]]


def try_something_odd(pair: Lockstep, data) -> set[str]:
    """An action drawn at random, legal or not; the names whose banks it moved outside the hand
    (an accepted give or reset)."""
    names = [seat.name for seat in pair.py.seats] + ["Nobody"]
    name = data.draw(st.sampled_from(names), label="odd player")
    action = data.draw(st.sampled_from(ACTIONS), label="odd action")
    amount = data.draw(st.sampled_from(ODD_AMOUNTS), label="odd amount")
    dice = data.draw(st.sampled_from(ODD_DICE), label="odd dice")
    target = data.draw(st.sampled_from([*names, None, 5]), label="odd target")
    status, _ = pair.act(name, action, amount, dice=dice, target=target)
    if status != "ok" or action not in ("give", "reset"):
        return set()
    return {name, target} if action == "give" else {name}


def lockstep_moves(pair: Lockstep, data) -> tuple[str, list]:
    """Every betting action the player to act may take now; the options must agree too."""
    round_ = pair.py.hand.round
    index = round_.to_act
    options = round_.options(index)
    lua_round = pair.lt[b"hand"][b"round"]
    lua_options = py(pair.engine.options_row(lua_round[b"options"](lua_round, index + 1)))
    assert lua_options == [options.to_call, options.can_check, options.can_raise,
                           options.least, options.most]
    return legal_moves(pair.py.hand, data)


def play_guided(pair: Lockstep, ruleset: Ruleset, data) -> set[str]:
    """One hand played out; the names whose banks a give or reset moved meanwhile."""
    faces = ruleset.dice.count
    hidden_count = ruleset.deal.hidden
    moved: set[str] = set()
    for _ in range(1000):
        hand = pair.py.hand
        if hand.over:
            break
        if data.draw(st.integers(0, 6), label="odd?") == 0:
            moved |= try_something_odd(pair, data)
            continue
        if hand.phase is Phase.BETTING:
            name, moves = lockstep_moves(pair, data)
            kind, amount = data.draw(st.sampled_from(moves), label="move")
            pair.ok(name, kind, amount)
        elif hand.phase is Phase.ROLL:
            count = ruleset.deal.community[len(hand.community)]
            dice = data.draw(st.lists(st.integers(0, faces - 1), min_size=count,
                                      max_size=count), label="street")
            action = data.draw(st.sampled_from(["roll", hand.next_street()]), label="roll")
            pair.ok(hand.dealer_name, action, dice=dice)
        else:
            waiting = [s.name for s in hand.seats if s.in_hand and s.name not in hand.shown]
            name = data.draw(st.sampled_from(waiting), label="shows")
            others = len([s for s in hand.seats if s.in_hand]) > 1
            if others and data.draw(st.booleans(), label="muck?"):
                pair.ok(name, "muck")
            elif name in hand.hidden:
                pair.ok(name, "show")
            else:
                dice = data.draw(st.lists(st.integers(0, faces - 1), min_size=hidden_count,
                                          max_size=hidden_count), label="shown dice")
                pair.ok(name, "show", dice=dice)
    assert pair.py.hand.over, "the hand did not end"
    return moved


@pytest.mark.slow  # a long case: .ci/run runs it apart (pytest -m slow)
@settings(max_examples=250, suppress_health_check=[HealthCheck.large_base_example,
                                                   HealthCheck.too_slow])
@given(data=st.data())
def test_random_guided_tables_agree_step_by_step(setups, data):
    label, ruleset, engine, config = data.draw(st.sampled_from(setups), label="ruleset")
    count = data.draw(st.integers(2, 10), label="players")
    banks = data.draw(st.lists(st.integers(1, 40), min_size=count, max_size=count))
    names = [f"P{i}" for i in range(count)]
    dealer = data.draw(st.sampled_from(names), label="dealer")
    pair = Lockstep(engine, ruleset, list(zip(names, banks, strict=True)), dealer=dealer,
                    config=config)
    faces = ruleset.dice.count
    for _ in range(data.draw(st.integers(1, 3), label="hands")):
        hidden = {name: data.draw(st.lists(st.integers(0, faces - 1), min_size=ruleset.deal.hidden,
                                            max_size=ruleset.deal.hidden))
                  for name in names if data.draw(st.booleans(), label="hidden?")}
        deal_first = data.draw(st.booleans(), label="deal first?")
        if pair.new_hand(hidden=hidden, deal_first=deal_first)[0] == "refused":
            break
        if deal_first:
            # Some of the players dealt in have no commitment in the closed set: they sit out.
            seated = [seat.name for seat in pair.py.hand.seats]
            out = set(data.draw(st.lists(st.sampled_from(seated), unique=True), label="out"))
            banks_before = dict(pair.py.banks)
            pair.deal_in([name for name in seated if name not in out])
        moved = play_guided(pair, ruleset, data)
        hand = pair.py.hand
        if deal_first:
            # The hand takes nothing from those who sat out and pays them nothing; only a give
            # or a reset of their own (legal: they have no chips in the live pot) moves a bank.
            assert not any(hand.contributions.get(name) or hand.payouts.get(name)
                           for name in out)
            assert all(pair.py.banks[name] == banks_before[name] for name in out - moved)
        lua_events, py_events = pair.hand_events()
        assert lua_events == py_events
        event(f"{label}: {len(hand.final_pots)} pot(s), "
              f"{'showdown' if hand.shown else 'all but one folded'}")
        if data.draw(st.integers(0, 2), label="odd between hands?") == 0:
            try_something_odd(pair, data)
    assert pair.lua_banks() == pair.py.banks


@pytest.mark.slow  # a long case: .ci/run runs it apart (pytest -m slow)
@settings(max_examples=120, suppress_health_check=[HealthCheck.large_base_example,
                                                   HealthCheck.too_slow])
@given(data=st.data())
def test_whether_losers_show_or_muck_both_engines_pay_the_same(setups, data):
    """One hand played twice to its showdown in both engines: once everyone shows, once some
    who won nothing muck. Each step agrees across the engines, and the awards and the pots
    are the same both times."""
    label, ruleset, engine, config = data.draw(st.sampled_from(setups), label="ruleset")
    count = data.draw(st.integers(3, 10), label="players")
    seats = list(zip([f"P{i}" for i in range(count)],
                     data.draw(st.lists(st.integers(1, 40), min_size=count, max_size=count)),
                     strict=True))
    dealer = data.draw(st.sampled_from(seats), label="dealer")[0]
    faces, size = ruleset.dice.count, ruleset.deal.hidden
    hidden = {name: data.draw(st.lists(st.integers(0, faces - 1), min_size=size, max_size=size))
              for name, _ in seats}
    shown, mucked = (Lockstep(engine, ruleset, seats, dealer=dealer, config=config)
                     for _ in range(2))
    for pair in (shown, mucked):
        pair.new_hand(hidden=hidden)
    steps = play_to_showdown(shown.ok, shown.py.hand, ruleset, data,
                             lambda data: lockstep_moves(shown, data))
    if shown.py.hand.over:
        event(f"{label}: all but one folded")
        return
    showdown(shown.ok, shown.py.hand, data)
    losers = sorted(name for name in shown.py.hand.shown if not shown.py.hand.payouts.get(name))
    mucks = data.draw(st.lists(st.sampled_from(losers), unique=True), label="mucks") \
        if losers else []
    replay_steps(mucked.ok, steps)
    showdown(mucked.ok, mucked.py.hand, data, mucks)
    event(f"{label}: {len(shown.py.hand.final_pots)} pot(s), {len(mucks)} muck(s)")
    wins = [[row for row in pair.hand_events()[0] if row[0] == "win"] for pair in (shown, mucked)]
    assert wins[0] == wins[1]
    pots = [py(engine.snapshot(pair.lt))[4][7] for pair in (shown, mucked)]
    assert pots[0] == pots[1]
    assert shown.lua_banks() == mucked.lua_banks()


@pytest.mark.slow  # a long case: .ci/run runs it apart (pytest -m slow)
@settings(max_examples=80, suppress_health_check=[HealthCheck.large_base_example,
                                                  HealthCheck.too_slow])
@given(data=st.data())
def test_random_manual_tables_agree_step_by_step(tauren, data):
    count = data.draw(st.integers(2, 10), label="players")
    names = [f"P{i}" for i in range(count)]
    pair = Lockstep(tauren, TAUREN_RULES, names, mode="manual", dealer=names[0])
    hidden = {name: data.draw(st.lists(st.integers(0, 7), min_size=2, max_size=2))
              for name in names if data.draw(st.booleans(), label="hidden?")}
    pair.new_hand(hidden=hidden)
    hand = pair.py.hand
    dealer = hand.dealer_name
    for _ in range(300):
        if hand.over:
            break
        choice = data.draw(st.integers(0, 6), label="step")
        if choice == 0:
            try_something_odd(pair, data)
        elif choice == 1 and hand.next_street():
            size = TAUREN_RULES.deal.community[len(hand.community)]
            pair.ok(dealer, "roll", dice=data.draw(st.lists(st.integers(0, 7), min_size=size,
                                                            max_size=size)))
        elif choice == 2 and hand.next_street() is None and hand.pot:
            pair.ok(dealer, "pot", target=data.draw(st.sampled_from(names)))
        elif choice == 3:
            name = data.draw(st.sampled_from(names), label="shows")
            pair.act(name, "show", dice=hand.hidden.get(name) and list(hand.hidden[name]))
        else:
            name = data.draw(st.sampled_from(names), label="bets")
            bank = pair.py.seat(name).bank
            if bank:
                pair.ok(name, data.draw(st.sampled_from(["bet", "put"])),
                        data.draw(st.integers(1, bank), label="chips"))
    lua_events, py_events = pair.hand_events()
    assert lua_events == py_events
    assert pair.lua_banks() == pair.py.banks


# -- one betting round, with the rules Holdem does not use (Vitaji's) ------------------------


@pytest.mark.slow  # a long case: .ci/run runs it apart (pytest -m slow)
@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_betting_rounds_agree_under_any_rules(tauren, data):
    lua, ns = tauren.lua, tauren.ns
    fields = {
        "minimum_bet": data.draw(st.integers(0, 4), label="minimum_bet"),
        "minimum_raise": data.draw(st.integers(1, 4), label="minimum_raise"),
        "maximum_raise": data.draw(st.sampled_from([0, 0, 3, 6, 10]), label="maximum_raise"),
        "interval": data.draw(st.sampled_from([1, 1, 2, 3]), label="interval"),
        "round_cap": data.draw(st.sampled_from([0, 0, 6, 12, 30]), label="round_cap"),
        "raises_per_player": data.draw(st.sampled_from([0, 0, 1, 2]), label="raises"),
        "raise_at_least_last": data.draw(st.booleans(), label="at least last"),
    }
    rules = BettingRules(**fields)
    count = data.draw(st.integers(2, 8), label="seats")
    py_seats, lua_seats = [], lua.table()
    for i in range(count):
        bank = data.draw(st.integers(0, 30), label="bank")
        status = Status.ALL_IN if bank == 0 else data.draw(
            st.sampled_from([Status.ACTIVE, Status.ACTIVE, Status.ACTIVE, Status.FOLDED]))
        committed = data.draw(st.integers(0, 3), label="committed")
        py_seats.append(Seat(name=f"S{i}", bank=bank, committed=committed, status=status))
        seat = ns[b"Pots"][b"Seat"](f"S{i}".encode(), bank)
        seat[b"committed"], seat[b"status"] = committed, str(status).encode()
        lua_seats[i + 1] = seat
    first = data.draw(st.integers(0, count - 1), label="first")
    may_check = data.draw(st.booleans(), label="may check")
    able = [i for i, s in enumerate(py_seats) if s.can_bet]
    forced = data.draw(st.lists(st.tuples(st.sampled_from(able), st.integers(1, 6)),
                                max_size=2, unique_by=lambda f: f[0]), label="forced") \
        if able else []
    option = data.draw(st.none() | st.integers(0, count - 1), label="option")
    py_round = BettingRound(rules, py_seats, first, may_check=may_check, forced=forced,
                            option=option)
    Betting = ns[b"Betting"]
    lua_round = Betting[b"Round"][b"new"](
        Betting[b"Rules"](tauren.to_lua(fields)), lua_seats, first + 1, tauren.to_lua(
            {"may_check": may_check, "forced": [[i + 1, c] for i, c in forced],
             **({} if option is None else {"option": option + 1})}))

    def same_state() -> None:
        assert py(tauren.round_state(lua_round)) == py_round_state(py_round)
        assert py(tauren.seat_rows(lua_seats)) == py_seat_rows(py_seats)
        for index in range(count):
            o = py_round.options(index)
            assert py(tauren.options_row(lua_round[b"options"](lua_round, index + 1))) == \
                [o.to_call, o.can_check, o.can_raise, o.least, o.most]

    same_state()
    kinds = ["check", "bet", "call", "raise", "fold", "allin", "put"]
    for _ in range(60):
        if py_round.closed:
            break
        index = py_round.to_act if data.draw(st.integers(0, 4), label="who") else \
            data.draw(st.integers(0, count - 1), label="anyone")
        kind = data.draw(st.sampled_from(kinds), label="kind")
        amount = data.draw(st.integers(-1, 35) | st.sampled_from([None, 2.5, "3"]),
                           label="amount")
        try:
            move = py_round.act(index, kind, amount)
        except IllegalAction as exc:
            expected: tuple = ("refused", str(exc))
        else:
            expected = ("ok", [move.seat, str(move.kind), move.chips, move.all_in,
                               move.reopens])
        got = tauren.result(lua_round[b"act"](lua_round, index + 1, kind.encode(),
                                              tauren.to_lua(amount)),
                            lambda m: py(tauren.move_row(m)))
        assert got == expected, (index, kind, amount)
        same_state()
    assert lua_round[b"closed"](lua_round) == py_round.closed


# -- the engine runs bare ---------------------------------------------------------------------


def test_the_engine_files_define_no_globals_and_start_alike():
    lua = lua51.LuaRuntime(encoding=None, unpack_returned_tuples=True)
    before = set(lua.globals().keys())
    ns = lua.table()
    for name, code in render(TAUREN_RULES, *FILES).items():
        if name in ENGINE:
            assert code.startswith(b"-- ") and b"\nlocal addonName, ns = ... " in code
        lua.globals()[b"loadstring"](code, f"@{name}".encode())(b"TaurenHoldem", ns)
    assert set(lua.globals().keys()) == before
    assert {py(k) for k in ns} == {"Rules", "Hands", "Pots", "Betting", "Holdem", "Banks"}
