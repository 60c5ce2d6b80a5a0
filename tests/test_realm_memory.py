"""What a client of the realm holds: the realm's own Lua without its debug information."""

from __future__ import annotations

import pytest
from lupa import lua51

from pyhost.harness import luacode
from realm_helpers import login, make_realm

CODE = b"""local function fail(x)
    local y = x + 1
    error("boom " .. y)
end
return function(x) return pcall(fail, x) end
"""


def run(chunk: bytes):
    lua = lua51.LuaRuntime(encoding=None, register_eval=False, register_builtins=False)
    return lua.globals()[b"loadstring"](chunk)()(41)


def test_a_stripped_chunk_runs_the_same_and_names_its_file_without_a_line():
    stripped = luacode.compiled(CODE, b"=[pyhost example.lua]")
    lua = lua51.LuaRuntime(encoding=None, register_eval=False, register_builtins=False)
    dumped = lua.eval(b"function(code, name) return string.dump(loadstring(code, name)) end")(
        CODE, b"=[pyhost example.lua]")
    assert len(stripped) < len(dumped) and luacode.strip(stripped) == stripped
    assert run(dumped) == (False, b"[pyhost example.lua]:3: boom 42")
    assert run(stripped) == (False, b"boom 42")  # no line to name: no position
    with pytest.raises(ValueError):
        luacode.strip(CODE)


def test_a_client_holds_the_realms_lua_without_its_debug_information(tmp_path, monkeypatch):
    realm = make_realm(tmp_path)
    heap = 'collectgarbage("collect") return collectgarbage("count")'
    lean = login(realm, "Skoll").run_lua(heap)
    dump = lua51.LuaRuntime(encoding=None).eval(
        b"function(code, name) return string.dump(loadstring(code, name)) end")
    monkeypatch.setattr(luacode, "compiled", dump)  # compiled as it is, debug information kept
    full = login(realm, "Riggs").run_lua(heap)
    # Lua 5.1 keeps a line number for each instruction, and every local's and upvalue's name.
    assert full - lean > 60, (full, lean)


def test_message_frames_keep_as_many_lines_as_blizzards(tmp_path):
    skoll = login(make_realm(tmp_path), "Skoll")
    kept = skoll.run_lua("""local f = CreateFrame("ScrollingMessageFrame")
        for i = 1, 130 do f:AddMessage("line " .. i) end
        return f:GetMaxLines(), f:GetNumMessages(), (f:GetMessageInfo(1))""")
    assert kept == (120, 120, "line 11")
