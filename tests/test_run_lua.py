"""`client.run_lua` gives Python values: str, lists and dicts; `raw=True` the live Lua objects."""

from __future__ import annotations

from pathlib import Path

import pytest
from lupa import lua51

from pyhost.harness import LuaError, Realm

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def client(tmp_path):
    return Realm(wtf=tmp_path / "WTF").login("Skoll")


def test_strings_are_str_and_a_string_that_is_not_utf8_stays_bytes(client):
    assert client.run_lua("return 'Skoll würfelt'") == "Skoll würfelt"
    assert client.run_lua("return ''") == ""
    assert client.run_lua("return 'a\\255b'") == b"a\xffb"
    assert client.run_lua("return {'ok', 'a\\255b'}") == ["ok", b"a\xffb"]


def test_numbers_booleans_and_nil_come_as_python_ones(client):
    assert client.run_lua("return 3, 2.5, 2^53, true, false") == (3, 2.5, 2**53, True, False)
    assert type(client.run_lua("return 4 / 2")) is int  # a whole number is an int


def test_no_result_one_result_and_several(client):
    assert client.run_lua("local x = 1") is None
    assert client.run_lua("return nil") is None
    assert client.run_lua("return 'one'") == "one"
    assert client.run_lua("return 1, 'two', {3}") == (1, "two", [3])
    assert client.run_lua("return nil, nil") == (None, None)
    assert client.run_lua("return 1, nil") == (1, None)


def test_a_table_with_keys_1_to_n_is_a_list_and_any_other_a_dict(client):
    assert client.run_lua("return {'a', 'b', 'c'}") == ["a", "b", "c"]
    assert client.run_lua("local t = {} t[2] = 'b' t[1] = 'a' return t") == ["a", "b"]
    assert client.run_lua("return {'a', 'b', [4] = 'd'}") == {1: "a", 2: "b", 4: "d"}  # a hole
    assert client.run_lua("return {[0] = 'zero', 'one'}") == {0: "zero", 1: "one"}
    assert client.run_lua("return {'a', x = 1}") == {1: "a", "x": 1}
    assert client.run_lua("return {[1.5] = 'half', [-1] = true, [true] = 'yes'}") == {
        1.5: "half", -1: True, True: "yes"}
    assert client.run_lua("return {}") == {}  # the empty table is a dict


def test_tables_convert_all_the_way_down(client):
    assert client.run_lua("""return {banks = {['Skoll-Thunderhorn'] = 20},
        log = {{'bet', 2}, {'fold'}}}""") == {
        "banks": {"Skoll-Thunderhorn": 20}, "log": [["bet", 2], ["fold"]]}


def test_a_table_reached_twice_is_one_python_object(client):
    first, second = client.run_lua("local shared = {1} return {shared, shared}")
    assert first == [1] and first is second
    one, other = client.run_lua("local shared = {x = 1} return shared, {shared}")
    assert one is other[0]


def test_a_table_inside_itself_raises_and_raw_returns_it(client):
    with pytest.raises(ValueError, match=r"contains itself; run_lua\(code, raw=True\)"):
        client.run_lua("local t = {} t.me = t return t")
    with pytest.raises(ValueError, match="contains itself"):
        client.run_lua("local a, b = {}, {} a[1] = b b[1] = a return a")
    live = client.run_lua("local t = {name = 'loop'} t.me = t Loop = t return t", raw=True)
    assert lua51.lua_type(live) == "table"
    assert live[b"name"] == b"loop" and lua51.lua_type(live[b"me"]) == "table"


def test_functions_coroutines_and_userdata_stay_lupa_objects(client):
    function, thread, userdata = client.run_lua(
        "return function(x) return x * 2 end, coroutine.create(print), newproxy()")
    assert all(type(value).__module__ == "lupa.lua51" for value in (function, thread, userdata))
    assert lua51.lua_type(function) == "function" and function(21) == 42
    assert lua51.lua_type(userdata) == "userdata"
    inside = client.run_lua("return {f = print}")
    assert lua51.lua_type(inside["f"]) == "function"


def test_a_table_used_as_a_key_stays_a_lua_table(client):
    [(key, value)] = client.run_lua("return {[{}] = 'table key'}").items()
    assert lua51.lua_type(key) == "table" and value == "table key"


def test_tables_are_read_raw_whatever_the_addon_changed(client):
    client.run_lua("next, pairs, ipairs, tostring, rawget = nil, nil, nil, nil, nil")
    assert client.run_lua("""return setmetatable({x = 1}, {
        __index = function() error('no __index') end,
        __newindex = function() error('no __newindex') end,
        __len = function() error('no __len') end})""") == {"x": 1}
    proxy = client.run_lua("return setmetatable({}, {__index = {hidden = 1}})")
    assert proxy == {}  # what the table holds, not what its metatable would answer


def test_raw_keeps_bytes_and_live_tables(client):
    assert client.run_lua("return 'Skoll', 3", raw=True) == (b"Skoll", 3)
    table = client.run_lua("Kept = {count = 1} return Kept", raw=True)
    table[b"count"] = 2  # the live table: a change is seen inside the client
    assert client.run_lua("return Kept.count") == 2


def test_a_lua_error_still_raises_lua_error(client):
    with pytest.raises(LuaError, match="boom"):
        client.run_lua("error('boom')")
    with pytest.raises(LuaError, match="boom"):
        client.run_lua("error('boom')", raw=True)


def test_code_runs_as_addon_code_under_the_instruction_limit(tmp_path):
    client = Realm(wtf=tmp_path / "WTF", instruction_limit=100_000).login("Skoll")
    with pytest.raises(LuaError, match="script ran too long"):
        client.run_lua("while true do end")
    assert client.run_lua("return 1 + 1") == 2


def test_the_readmes_example(client):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    example = readme.split("`client.run_lua(code, raw=True)` returns everything", 1)[1]
    code = example.split("```python\n", 1)[1].split("```", 1)[0]
    assert "skoll.run_lua" in code
    exec(code, {"skoll": client})
