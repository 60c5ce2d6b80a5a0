"""What a client of the realm holds: the realm's own Lua without its debug information."""

from __future__ import annotations

import pytest
from lupa import lua51

from pyhost.harness import LuaError, bytecode
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
    stripped = bytecode.stripped(CODE, b"=[pyhost example.lua]")
    lua = lua51.LuaRuntime(encoding=None, register_eval=False, register_builtins=False)
    dumped = lua.eval(b"function(code, name) return string.dump(loadstring(code, name)) end")(
        CODE, b"=[pyhost example.lua]")
    assert len(stripped) < len(dumped) and bytecode.strip(stripped) == stripped
    assert run(dumped) == (False, b"[pyhost example.lua]:3: boom 42")
    assert run(stripped) == (False, b"boom 42")  # no line to name: no position
    with pytest.raises(ValueError):
        bytecode.strip(CODE)


def test_a_client_holds_the_realms_lua_without_its_debug_information(tmp_path, monkeypatch):
    realm = make_realm(tmp_path)
    heap = 'collectgarbage("collect") return collectgarbage("count")'
    lean = login(realm, "Skoll").run_lua(heap)
    dump = lua51.LuaRuntime(encoding=None).eval(
        b"function(code, name) return string.dump(loadstring(code, name)) end")
    monkeypatch.setattr(bytecode, "stripped", dump)  # compiled as it is, debug information kept
    full = login(realm, "Riggs").run_lua(heap)
    # Lua 5.1 keeps a line number for each instruction, and every local's and upvalue's name.
    assert full - lean > 60, (full, lean)


def test_message_frames_keep_as_many_lines_as_blizzards(tmp_path):
    skoll = login(make_realm(tmp_path), "Skoll")
    kept = skoll.run_lua("""local f = CreateFrame("ScrollingMessageFrame")
        for i = 1, 130 do f:AddMessage("line " .. i) end
        return f:GetMaxLines(), f:GetNumMessages(), (f:GetMessageInfo(1))""")
    assert kept == (120, 120, "line 11")


TEMPLATE = """<Frame name="Unused{i}Template" virtual="true">
    <Size x="10" y="10"/>
    <Layers><Layer level="ARTWORK">
        <FontString parentKey="Label" inherits="GameFontNormal" text="label {i}"/>
        <Texture parentKey="Art"><Color r="0.5" g="0.5" b="0.5" a="1"/></Texture>
    </Layer></Layers>
    <Scripts><OnLoad>self.made = {i}</OnLoad></Scripts>
</Frame>"""
CYCLE = """<Frame name="CycleATemplate" virtual="true" inherits="CycleBTemplate">
    <KeyValues><KeyValue key="a" value="1" type="number"/></KeyValues>
</Frame>
<Frame name="CycleBTemplate" virtual="true" inherits="CycleATemplate">
    <KeyValues><KeyValue key="b" value="2" type="number"/></KeyValues>
</Frame>"""


def xml_addon(folder, name, body):
    folder.mkdir(parents=True)
    (folder / f"{name}.toc").write_text(f"## Interface: 120100, 50504, 20506, 11509\n{name}.xml\n")
    (folder / f"{name}.xml").write_text(
        f'<Ui xmlns="http://www.blizzard.com/wow/ui/">\n{body}\n</Ui>\n')
    return folder


def test_a_template_is_kept_as_its_source_and_made_each_time_it_is_used(tmp_path):
    many = xml_addon(tmp_path / "Many", "Many", "\n".join(TEMPLATE.format(i=i) for i in range(200)))
    none = xml_addon(tmp_path / "None", "None", CYCLE)
    realm = make_realm(tmp_path)
    heap = 'collectgarbage("collect") return collectgarbage("count")'
    lean = realm.login("Riggs", addons=[none]).run_lua(heap)
    skoll = realm.login("Skoll", addons=[many, none])
    # 200 unused templates take about their source (~140 KiB), not their elements as tables
    # (~700 KiB).
    assert skoll.run_lua(heap) - lean < 200
    assert skoll.run_lua("""
        local a = CreateFrame("Frame", nil, UIParent, "Unused7Template")
        local b = CreateFrame("Frame", nil, UIParent, "Unused7Template")
        return a.made, a.Label:GetText(), b.made, a.Label ~= b.Label""") == (7, "label 7", 7, True)
    # Templates that inherit each other apply each once.
    assert skoll.run_lua("""local f = CreateFrame("Frame", nil, UIParent, "CycleATemplate")
        return f.a, f.b""") == (1, 2)
    assert skoll.errors == [] and skoll.ui_warnings == []


HEAP = 'collectgarbage("collect") return collectgarbage("count")'


def test_blizzards_interface_files_run_when_first_used_and_every_client_starts_the_same(tmp_path):
    realm = make_realm(tmp_path)
    first, second = realm.login("Skoll"), realm.login("Riggs")
    assert abs(first.run_lua(HEAP) - second.run_lua(HEAP)) < 1
    assert second.run_lua("return rawget(_G, 'SettingsPanel'), rawget(_G, 'StaticPopup_Show')") \
        == (None, None)
    before = second.run_lua(HEAP)
    assert second.run_lua("return SettingsPanel:GetObjectType(), type(Settings.OpenToCategory)") \
        == ("Frame", "function")
    assert second.run_lua(HEAP) - before > 20  # the settings panel, its frames and functions
    # Found by a test as by addon code; hooked by name before anything used it.
    assert second.widget("GameTooltip").call("GetObjectType") == "GameTooltip"
    assert second.run_lua("""hooksecurefunc("StaticPopup_Show", function(which) seen = which end)
        StaticPopupDialogs.PICK = { text = "Pick", button1 = OKAY }
        StaticPopup_Show("PICK") return seen""") == "PICK"
    assert second.errors == []


def test_an_addons_own_global_stays_when_the_file_that_defines_it_runs_later(tmp_path):
    skoll = make_realm(tmp_path).login("Skoll")
    assert skoll.run_lua("""StaticPopup_Visible = "mine"
        StaticPopupDialogs.PICK = { text = "Pick" }
        return StaticPopup_Visible, type(StaticPopup_Show)""") == ("mine", "function")


def test_a_file_run_on_first_use_does_not_count_against_the_handlers_instructions(tmp_path):
    skoll = make_realm(tmp_path, instruction_limit=2_000).login("Skoll")
    assert skoll.run_lua("return SettingsPanel:GetName()") == "SettingsPanel"
    with pytest.raises(LuaError, match="script ran too long"):
        skoll.run_lua("for i = 1, 10000 do end")
    assert skoll.errors == []


def test_a_clients_runtime_collects_before_its_heap_doubles(tmp_path):
    # (Many clients' heaps share one process: each collecting at Lua's default pause, 200%,
    # the allocator keeps the pages of every heap's doubled peak.)
    client = login(make_realm(tmp_path), "Skoll")
    peak_over_live = client.lua.execute(b"""
        collectgarbage("collect")
        local live = collectgarbage("count")
        local peak = live
        for i = 1, 200000 do
            local garbage = { i }
            local now = collectgarbage("count")
            if now > peak then peak = now end
        end
        return peak / live
    """)
    assert peak_over_live < 2
