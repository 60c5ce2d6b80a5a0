"""SavedVariables files: what dump_saved writes loads back the same into a fresh client,
and load_saved keeps a broken or hostile file away from the client it runs in."""

from __future__ import annotations

import math
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st
from lupa.lua51 import LuaRuntime, lua_type

from pyhost.harness.savedvars import dump_saved, load_saved


def new_runtime() -> LuaRuntime:
    return LuaRuntime(encoding=None, unpack_returned_tuples=True, register_eval=False,
                      register_builtins=False)


@pytest.fixture
def runtime() -> LuaRuntime:
    return new_runtime()


def to_py(value: object) -> object:
    """Lua tables as dicts, all the way down; NaN as a string so that it compares equal."""
    if lua_type(value) == "table":
        return {key: to_py(val) for key, val in value.items()}
    if isinstance(value, float) and math.isnan(value):
        return "nan"
    return value


def round_trip(runtime: LuaRuntime, names: list[str]) -> dict[str, object]:
    """Dump `names` from `runtime`, load the file into a new client, and return what it set."""
    loaded = load_saved(new_runtime(), dump_saved(runtime, names), names, chunkname="=SV.lua")
    assert isinstance(loaded, dict), loaded
    return {name: to_py(value) for name, value in loaded.items()}


def globals_of(runtime: LuaRuntime, names: list[str]) -> dict[str, object]:
    env = runtime.globals()
    return {name: to_py(env[name.encode()]) for name in names}


def load(text: bytes, names: list[str]) -> dict[str, object] | str:
    return load_saved(new_runtime(), text, names, chunkname="=SV.lua")


# Every byte, plus the sequences a long-bracket or naive quoting would trip over.
AWKWARD = bytes(range(256)) + b']] [[ "quoted" \\\\ \r\n \\0 \0009'


def test_nested_tables_with_every_kind_of_key_round_trip(runtime):
    runtime.execute(b"""
        DB = {
            profile = {name = "Skoll", seats = {1, 2, {deep = {deeper = {true}}}}, empty = {}},
            [1.5] = "one and a half", [-3] = "minus three", [0] = "zero", [-0.25] = "quarter",
            [1e300] = "far", [true] = "yes", [false] = "no", [""] = "empty key",
        }
        Other = {"a", "b"}
    """)
    assert round_trip(runtime, ["DB", "Other"]) == globals_of(runtime, ["DB", "Other"])


def test_every_byte_of_a_string_round_trips_as_value_and_key(runtime):
    runtime.globals()[b"S"] = AWKWARD
    runtime.execute(b"T = {[S] = S, [S .. '2'] = {S}}")
    text = dump_saved(runtime, ["S", "T"])
    assert all(32 <= b < 127 or b in b"\t\n" for b in text)  # plain, printable ASCII
    assert round_trip(runtime, ["S", "T"]) == globals_of(runtime, ["S", "T"])


@given(st.binary(max_size=64))
def test_any_string_round_trips(value):
    runtime = new_runtime()
    runtime.globals()[b"S"] = value
    assert round_trip(runtime, ["S"]) == {"S": value}


@given(st.floats(allow_nan=False) | st.integers(-(2**53), 2**53))
def test_any_number_round_trips(value):
    runtime = new_runtime()
    runtime.globals()[b"N"] = value
    runtime.execute(b"T = {[N] = N}")
    assert round_trip(runtime, ["N", "T"]) == {"N": value, "T": {value: value}}


def test_numbers_and_booleans_round_trip(runtime):
    runtime.execute(b"""
        T = {1, -7, 2^53, -2^53, 2^53 + 2, 2^60, 0.1, -2.5, 1e300, 1e-300, 5e-324, -0.0,
             math.huge, -math.huge, 0/0, true, false}
    """)
    assert round_trip(runtime, ["T"]) == globals_of(runtime, ["T"])
    text = dump_saved(runtime, ["T"])
    for literal in (b"= 9007199254740992,", b"= 9007199254740994.0,", b"= 0.1,", b"= 1e+300,",
                    b"= math.huge,", b"= -math.huge,", b"= 0/0,"):
        assert literal in text
    assert b".0," not in text.replace(b"9007199254740994.0,", b"")  # integers have no ".0"


def test_negative_zero_stays_a_number(runtime):
    runtime.execute(b"Z = -0.0")
    assert round_trip(runtime, ["Z"]) == {"Z": 0}


def test_nil_names_are_written_as_nil_and_load_as_absent(runtime):
    runtime.execute(b"Set = 1")
    text = dump_saved(runtime, ["Unset", "Set"])
    assert text == b"Unset = nil\nSet = 1\n"
    assert load(text, ["Unset", "Set"]) == {"Set": 1}


def test_functions_userdata_and_python_objects_are_skipped_with_their_keys(runtime):
    runtime.execute(b"""
        T = {keep = 1, fn = print, ud = newproxy(), co = coroutine.create(function() end),
             [print] = "function key", [{}] = "table key", list = {print, 2}}
        F = print
    """)
    runtime.globals()[b"T"][b"py"] = object()
    assert round_trip(runtime, ["T", "F"]) == {"T": {b"keep": 1, b"list": {2: 2}}}
    assert b"F = nil\n" in dump_saved(runtime, ["T", "F"])


def test_a_cycle_is_written_once_but_a_shared_table_is_written_at_each_place(runtime):
    runtime.execute(b"""
        shared = {1}
        T = {a = shared, b = shared, child = {}}
        T.self = T
        T.child.parent = T
        T.child.me = T.child
    """)
    assert round_trip(runtime, ["T"]) == {"T": {b"a": {1: 1}, b"b": {1: 1}, b"child": {}}}


def test_the_file_format_is_wows(runtime):
    runtime.execute(b"""
        Dice = {2, "x", name = "Skoll", opts = {sound = false, [2.5] = {}}, [true] = 0.5}
        Count = 3
    """)
    assert dump_saved(runtime, ["Dice", "Count"]) == (
        b'Dice = {\n'
        b'\t[1] = 2,\n'
        b'\t[2] = "x",\n'
        b'\t["name"] = "Skoll",\n'
        b'\t["opts"] = {\n'
        b'\t\t[2.5] = {\n'
        b'\t\t},\n'
        b'\t\t["sound"] = false,\n'
        b'\t},\n'
        b'\t[true] = 0.5,\n'
        b'}\n'
        b'Count = 3\n'
    )


def test_output_does_not_depend_on_insertion_order():
    keys = [f"[{k}] = {i}" for i, k in enumerate(
        ['"b"', '"a"', "3", "-1", "1.5", "true", "false", '"A"', '"\\200"', "1", "2"])]
    texts = set()
    for order in (keys, keys[::-1], keys[1::2] + keys[::2]):
        runtime = new_runtime()
        # Churn first so the hash parts are laid out differently too.
        runtime.execute(("T = {} for i = 1, 100 do T['junk' .. i] = i end "
                         "for i = 1, 100 do T['junk' .. i] = nil end "
                         + " ".join(f"T{entry}" for entry in order)).encode())
        texts.add(dump_saved(runtime, ["T"]))
    assert len(texts) == 1


def test_a_few_thousand_entries_round_trip(runtime):
    runtime.execute(b"""
        Big = {}
        for i = 1, 3000 do Big[i] = {name = "player" .. i, bank = i * 1.5, seen = i % 2 == 0} end
        for i = 1, 3000 do Big["k" .. i] = i end
    """)
    assert round_trip(runtime, ["Big"]) == globals_of(runtime, ["Big"])


def test_a_file_that_does_not_compile_gives_its_message():
    message = load(b"DB = {\n[1] = 2,,\n}", ["DB"])
    assert isinstance(message, str)
    assert message.startswith("SV.lua:2:")


def test_a_file_that_raises_gives_its_message():
    message = load(b"X = nil + 1", ["X"])
    assert isinstance(message, str)
    assert "arithmetic on a nil value" in message


@pytest.mark.parametrize("text", [b"while true do end", b"local function f() return f() end f()",
                                  b"X = {} for i = 1, 1e12 do X[1] = i end"])
def test_a_runaway_file_is_stopped(runtime, text):
    started = time.monotonic()
    message = load_saved(runtime, text, ["X"], chunkname="=SV.lua")
    assert isinstance(message, str)
    assert "instructions" in message
    assert time.monotonic() - started < 10
    assert runtime.eval(b"debug.gethook()") == (None, b"", 0)  # the client is not left hooked


def test_without_a_debug_library_files_still_load(runtime):
    runtime.execute(b"debug = nil")
    loaded = load_saved(runtime, b"X = {1}", ["X"], chunkname="=SV.lua")
    assert isinstance(loaded, dict)
    assert to_py(loaded["X"]) == {1: 1}


def test_a_file_cannot_reach_the_clients_globals(runtime):
    runtime.execute(b"Secret = 'hidden'")
    text = b"A = print B = _G C = Secret D = math.floor E = string print = 1 Secret = 2"
    names = ["A", "B", "C", "D", "E", "print", "Secret"]
    assert load_saved(runtime, text, names, chunkname="=SV.lua") == {"print": 1, "Secret": 2}
    assert runtime.eval(b"Secret") == b"hidden"
    assert lua_type(runtime.eval(b"print")) == "function"
    for hostile in (b"os.exit()", b'X = ("x"):rep(3)', b"X = getmetatable('')"):
        message = load_saved(runtime, hostile, ["X"], chunkname="=SV.lua")
        assert isinstance(message, str)
    assert runtime.eval(b'("x"):rep(3)') == b"xxx"  # string methods are back afterwards


def test_other_names_in_the_file_are_ignored():
    loaded = load(b"Mine = 1 Theirs = 2 local L = 3", ["Mine", "Missing"])
    assert loaded == {"Mine": 1}


def test_names_must_be_lua_globals(runtime):
    for bad in ("1x", "end", "a.b", ""):
        with pytest.raises(ValueError):
            dump_saved(runtime, [bad])
