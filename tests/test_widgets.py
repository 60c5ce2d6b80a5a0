"""The widget layer: every frame and region type of the flavour's data, with state, scripts and
the events the game fires (lua/widgets.lua, widget_layout.lua, widget_methods.lua)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyhost.flavours import FLAVOURS
from pyhost.harness import LuaError, Realm
from pyhost.harness.widgets import widgets


@pytest.fixture(params=list(FLAVOURS))
def flavour(request) -> str:
    return request.param


@pytest.fixture
def realm(tmp_path):
    return Realm(wtf=tmp_path / "WTF")


@pytest.fixture
def client(realm):
    return realm.login("Skoll")


def test_each_widget_data_file_names_its_source(flavour):
    game = widgets(flavour)
    assert game.source["repository"] == "github:wowless/wowless"
    assert len(game.source["commit"]) == 40
    assert game.source["paths"][0].endswith("/uiobjects.yaml")
    for kind in ("Frame", "Button", "CheckButton", "EditBox", "ScrollFrame", "Slider",
                 "StatusBar", "FontString", "Texture", "GameTooltip", "MessageFrame"):
        assert kind in game.types
    assert game.types["CheckButton"].isa[:3] == ("CheckButton", "Button", "Frame")


def test_every_frame_type_of_the_data_is_made_by_create_frame(tmp_path, flavour):
    client = Realm(wtf=tmp_path / "WTF", flavour=flavour).login("Skoll")
    game = widgets(flavour)
    kinds = [t for t in game.types.values() if t.frame and not t.virtual]
    assert len(kinds) > 15
    for kind in kinds:
        made = client.run_lua(f"local f = CreateFrame('{kind.name}') "
                              "return f:GetObjectType(), f:IsObjectType('Frame'), "
                              "f:IsObjectType('Region'), f:IsShown()")
        assert made == (kind.object_type, True, True, True), kind.name
    with pytest.raises(LuaError, match="Unknown frame type 'Texture'"):
        client.run_lua("CreateFrame('Texture')")


def test_every_method_the_realm_implements_is_the_datas(tmp_path, flavour):
    client = Realm(wtf=tmp_path / "WTF", flavour=flavour).login("Skoll")
    names = client._api.implemented()
    every = {flavour: widgets(flavour) for flavour in FLAVOURS}
    missing = []
    for entry in names.values():
        kind, method = entry.decode().split(":")
        if not any(kind in game.types and method in game.types[kind].methods
                   for game in every.values()):
            missing.append(entry.decode())
    assert missing == []
    assert len(list(names.values())) > 150


def test_a_method_not_modelled_fails_with_its_name_and_one_the_type_lacks_is_nil(client):
    with pytest.raises(LuaError, match="the WoW widget method Frame:SetClipsChildren is not "
                                       "implemented in the pyhost realm"):
        client.run_lua("CreateFrame('Frame'):SetClipsChildren(true)")
    assert client.run_lua("return CreateFrame('Frame').SetChecked == nil, "
                          "type(CreateFrame('CheckButton').SetChecked)") == (True, "function")


def test_getters_return_what_the_setters_stored(client):
    assert client.run_lua("""
        local b = CreateFrame('CheckButton', 'MyCheck', UIParent)
        b:SetText('Go'); b:SetChecked(true); b:Disable(); b:SetSize(40, 22); b:SetAlpha(0.5)
        b:SetScale(2); b:SetID(7); b:SetMovable(true); b:SetFrameStrata('dialog')
        b:SetPoint('TOPLEFT', UIParent, 'TOPLEFT', 10, -20)
        local point, rel, relPoint, x, y = b:GetPoint(1)
        return b:GetText(), b:GetChecked(), b:IsEnabled(), b:GetWidth(), b:GetHeight(),
            b:GetAlpha(), b:GetScale(), b:GetID(), b:IsMovable(), b:GetFrameStrata(),
            point, rel == UIParent, relPoint, x, y, b:GetNumPoints(), MyCheck == b, b:GetName()
    """) == ("Go", True, False, 40, 22, 0.5, 2, 7, True, "DIALOG", "TOPLEFT", True, "TOPLEFT",
             10, -20, 1, True, "MyCheck")
    assert client.run_lua("""
        local e = CreateFrame('EditBox'); e:SetText('abc'); e:SetMaxLetters(2)
        local s = CreateFrame('Slider'); s:SetMinMaxValues(0, 10); s:SetValue(20)
        local t = CreateFrame('Frame'):CreateTexture(); t:SetColorTexture(1, 0, 0, 0.5)
        local f = CreateFrame('Frame'):CreateFontString(nil, 'OVERLAY', 'GameFontNormal')
        f:SetText('hi')
        return e:GetText(), e:GetMaxLetters(), s:GetValue(), t:GetDrawLayer(), f:GetText(),
            f:GetDrawLayer(), f:GetFontObject() == GameFontNormal
    """) == ("abc", 2, 10, "ARTWORK", "hi", "OVERLAY", True)


def test_set_point_forms_and_the_rectangle_they_give(client):
    # UIParent is the 1024x768 screen; points, relative points, offsets, two opposite
    # anchors giving a size, SetAllPoints, and scale, by the game's rules.
    rects = client.run_lua("""
        local f = CreateFrame('Frame', nil, UIParent); f:SetSize(200, 100); f:SetPoint('CENTER')
        local a = CreateFrame('Frame', nil, f); a:SetSize(20, 10)
        a:SetPoint('TOPLEFT', f, 'BOTTOMRIGHT', 5, -5)
        local b = CreateFrame('Frame', nil, f); b:SetHeight(10)
        b:SetPoint('LEFT', 10, 0); b:SetPoint('RIGHT', -30, 0)
        local c = CreateFrame('Frame', nil, f); c:SetAllPoints()
        local d = CreateFrame('Frame', nil, f); d:SetSize(10, 10); d:SetScale(2)
        d:SetPoint('BOTTOMLEFT')
        local e = CreateFrame('Frame', nil, f); e:SetSize(10, 10)
        return {f:GetRect()}, {a:GetRect()}, {b:GetRect()}, {c:GetRect()}, {d:GetRect()},
            {d:GetScaledRect()}, e:GetRect(), b:GetWidth()
    """)
    assert rects == ([412, 334, 200, 100], [617, 319, 20, 10], [422, 379, 160, 10],
                     [412, 334, 200, 100], [206, 167, 10, 10], [412, 334, 20, 20], None, 160)


def test_scripts_any_name_the_type_allows(client):
    scripts = sorted(widgets("retail").types["Button"].scripts)
    assert "OnClick" in scripts and "OnLoad" in scripts and "OnEnter" in scripts
    names = ", ".join(f"'{s}'" for s in scripts)
    assert client.run_lua(f"""
        local b, fn = CreateFrame('Button'), function() end
        for _, name in ipairs({{{names}}}) do
            b:SetScript(name, fn)
            if b:GetScript(name) ~= fn or not b:HasScript(name) then return name end
        end
        return 'all'
    """) == "all"
    with pytest.raises(LuaError, match="Frame doesn't have a \"OnClick\" script"):
        client.run_lua("CreateFrame('Frame'):SetScript('OnClick', print)")


def test_hook_script_runs_after_the_script(client):
    assert client.run_lua("""
        local log, f = {}, CreateFrame('Button')
        f:HookScript('OnClick', function(_, b) log[#log + 1] = 'hook1 ' .. b end)
        f:SetScript('OnClick', function() log[#log + 1] = 'set' end)
        f:HookScript('OnClick', function() log[#log + 1] = 'hook2' end)
        f:Click('RightButton')
        return log
    """) == ["set", "hook2"]


def test_on_show_and_on_hide_follow_visibility_through_parents(client):
    assert client.run_lua("""
        local log = {}
        local function track(f, name)
            f:SetScript('OnShow', function() log[#log + 1] = 'show ' .. name end)
            f:SetScript('OnHide', function() log[#log + 1] = 'hide ' .. name end)
        end
        local p = CreateFrame('Frame', 'P', UIParent); local c = CreateFrame('Frame', 'C', p)
        local h = CreateFrame('Frame', 'H', p); h:Hide()
        track(p, 'P'); track(c, 'C'); track(h, 'H')
        p:Hide(); p:Hide()
        log[#log + 1] = tostring(c:IsShown()) .. ' ' .. tostring(c:IsVisible())
        h:Show()
        p:Show(); c:SetShown(false)
        return log
    """) == ["hide P", "hide C", "true false", "show P", "show C", "show H", "hide C"]


def test_click_fires_pre_on_and_post_click_unless_disabled_and_toggles_a_check(client):
    assert client.run_lua("""
        local log, b = {}, CreateFrame('CheckButton')
        for _, s in ipairs({'PreClick', 'OnClick', 'PostClick'}) do
            b:SetScript(s, function(self, button, down)
                log[#log + 1] = s .. ' ' .. button .. ' ' .. tostring(down) .. ' '
                    .. tostring(self:GetChecked())
            end)
        end
        b:Click(); b:Disable(); b:Click(); b:Enable(); b:Click('RightButton')
        return log, b:GetChecked()
    """) == (["PreClick LeftButton false true", "OnClick LeftButton false true",
              "PostClick LeftButton false true", "PreClick RightButton false false",
              "OnClick RightButton false false", "PostClick RightButton false false"], False)


def test_edit_box_text_changed_from_code_and_from_typing(client):
    client.run_lua("""
        Box = CreateFrame('EditBox', 'Box', UIParent); Box:SetSize(100, 20); Box:SetPoint('CENTER')
        Log = {}
        Box:SetScript('OnTextChanged', function(self, user)
            Log[#Log + 1] = self:GetText() .. ' ' .. tostring(user)
        end)
        Box:SetScript('OnEnterPressed', function(self)
            Log[#Log + 1] = 'enter' self:ClearFocus()
        end)
        Box:SetText('a')
    """)
    box = client.widget("Box")
    box.type("bc\n")
    assert client.run_lua("return Log, Box:HasFocus()") == (
        ["a false", "ab true", "abc true", "enter"], False)
    box.type("d")
    client.press_key("BACKSPACE")
    client.press_key("ENTER")
    assert client.run_lua("return Log") [-3:] == ["abcd true", "abc true", "enter"]


def test_on_update_runs_each_frame_for_visible_frames(realm, client):
    client.run_lua("""
        Ticks, Hidden = 0, 0
        local f = CreateFrame('Frame')
        f:SetScript('OnUpdate', function() Ticks = Ticks + 1 end)
        local h = CreateFrame('Frame'); h:Hide()
        h:SetScript('OnUpdate', function() Hidden = Hidden + 1 end)
    """)
    realm.advance(1.0)
    ticks, hidden = client.run_lua("return Ticks, Hidden")
    assert 29 <= ticks <= 31 and hidden == 0


def test_on_event_through_register_event_and_unit_events(client):
    client.run_lua("""
        Seen = {}
        local f = CreateFrame('Frame')
        f:RegisterEvent('PLAYER_TARGET_CHANGED')
        f:RegisterUnitEvent('UNIT_HEALTH', 'player')
        f:SetScript('OnEvent', function(_, event, unit)
            Seen[#Seen + 1] = event .. ' ' .. tostring(unit)
        end)
    """)
    client.fire("PLAYER_TARGET_CHANGED")
    client.fire("UNIT_HEALTH", "target")
    client.fire("UNIT_HEALTH", "player")
    assert client.run_lua("return Seen") == ["PLAYER_TARGET_CHANGED nil", "UNIT_HEALTH player"]


def test_an_error_in_a_script_is_recorded_not_raised(realm, client):
    assert client.run_lua("""
        local b = CreateFrame('Button')
        b:SetScript('OnClick', function() error('boom') end)
        b:Click()
        return 'went on'
    """) == "went on"
    assert len(client.errors) == 1 and "boom" in client.errors[0].message
    assert realm.errors()[0][0] == client.full_name


def test_named_frames_dollar_parent_children_and_regions(client):
    assert client.run_lua("""
        local p = CreateFrame('Frame', 'Outer', UIParent)
        local c = CreateFrame('Button', '$parentInner', p)
        local t = p:CreateTexture('$parentArt')
        local kids, regions = { p:GetChildren() }, { p:GetRegions() }
        return OuterInner == c, c:GetName(), OuterArt == t, #kids, #regions, c:GetParent() == p,
            p:GetNumChildren(), t:GetDebugName(), p:CreateFontString():GetDebugName()
    """) == (True, "OuterInner", True, 1, 1, True, 1, "OuterArt", "Outer.FontString2")


def test_the_chat_frame_is_a_message_frame(client):
    assert client.run_lua("return DEFAULT_CHAT_FRAME:GetObjectType(), ChatFrame1:GetName()") == (
        "MessageFrame", "ChatFrame1")
    client.run_lua("DEFAULT_CHAT_FRAME:AddMessage('hello')")
    assert client.chat.lines[-1] == "hello"


def test_the_other_scripts_the_game_fires(client):
    assert client.run_lua("""
        local log = {}
        local function note(f, script)
            f:SetScript(script, function(_, a, b)
                log[#log + 1] = script .. ' ' .. tostring(a) .. ' ' .. tostring(b)
            end)
        end
        local s = CreateFrame('Slider')
        note(s, 'OnMinMaxChanged'); note(s, 'OnValueChanged')
        s:SetMinMaxValues(0, 10); s:SetValue(4); s:SetValue(4)
        local f = CreateFrame('Frame'); note(f, 'OnSizeChanged'); note(f, 'OnAttributeChanged')
        f:SetSize(30, 20); f:SetAttribute('unit', 'player')
        local b = CreateFrame('Button'); note(b, 'OnDisable'); note(b, 'OnEnable')
        b:Disable(); b:Enable()
        local e, g = CreateFrame('EditBox'), CreateFrame('EditBox')
        note(e, 'OnEditFocusGained'); note(e, 'OnEditFocusLost')
        e:SetFocus(); g:SetFocus()
        return log
    """) == ["OnMinMaxChanged 0 10", "OnValueChanged 4 false", "OnSizeChanged 30 20",
             "OnAttributeChanged unit player", "OnDisable nil nil", "OnEnable nil nil",
             "OnEditFocusGained nil nil", "OnEditFocusLost nil nil"]


def test_typing_respects_letters_and_numeric(client):
    client.run_lua("""
        local e = CreateFrame('EditBox', 'Short', UIParent); e:SetSize(50, 20); e:SetPoint('CENTER')
        e:SetMaxLetters(3)
        local n = CreateFrame('EditBox', 'Digits', UIParent); n:SetSize(50, 20); n:SetPoint('TOP')
        n:SetNumeric(true)
    """)
    client.widget("Short").type("héllo")
    client.widget("Digits").type("a1b2")
    assert client.run_lua("return Short:GetText(), Digits:GetText(), Digits:GetNumber()") == (
        "hél", "12", 12)


def test_screen_size_and_mixins(client):
    assert client.run_lua("""
        local A, B = { a = 1 }, { b = 2 }
        local o = CreateFromMixins(A, B)
        local f = Mixin(CreateFrame('Frame'), A)
        return GetScreenWidth(), GetScreenHeight(), o.a, o.b, f.a, UIParent:GetWidth()
    """) == (1024, 768, 1, 2, 1, 1024)


def test_a_scroll_child_sits_at_the_top_left_moved_by_the_scroll(client):
    assert client.run_lua("""
        local s = CreateFrame('ScrollFrame', nil, UIParent); s:SetSize(100, 50)
        s:SetPoint('BOTTOMLEFT', 10, 10)
        local c = CreateFrame('Frame'); c:SetSize(100, 200); s:SetScrollChild(c)
        local before = { c:GetRect() }
        s:SetVerticalScroll(30)
        return before, { c:GetRect() }, s:GetVerticalScrollRange(), c:GetParent() == s
    """) == ([10, -140, 100, 200], [10, -110, 100, 200], 150, True)


def test_set_parent_moves_the_frame_and_its_visibility(client):
    assert client.run_lua("""
        local log = {}
        local shown = CreateFrame('Frame', nil, UIParent)
        local hidden = CreateFrame('Frame', nil, UIParent); hidden:Hide()
        local f = CreateFrame('Frame', nil, shown)
        f:SetScript('OnHide', function() log[#log + 1] = 'hide' end)
        f:SetScript('OnShow', function() log[#log + 1] = 'show' end)
        f:SetParent(hidden); local a = f:IsVisible()
        f:SetParent(shown)
        return log, a, f:IsVisible(), shown:GetNumChildren(), hidden:GetNumChildren()
    """) == (["hide", "show"], False, True, 1, 0)


def test_parentless_points_are_on_the_screen_and_text_sizes_a_font_string(client):
    assert client.run_lua("""
        local f = CreateFrame('Frame'); f:SetSize(100, 50); f:SetPoint('CENTER')
        local s = f:CreateFontString(nil, 'ARTWORK', 'GameFontNormal'); s:SetPoint('LEFT')
        s:SetText('Hello')
        return {f:GetRect()}, s:GetWidth(), s:GetHeight(), s:GetStringWidth()
    """) == ([462, 359, 100, 50], 33, 12, 33)


def test_hidden_frames_get_events(client):
    client.run_lua("""
        Got = 0
        local f = CreateFrame('Frame'); f:Hide(); f:RegisterEvent('PLAYER_TARGET_CHANGED')
        f:SetScript('OnEvent', function() Got = Got + 1 end)
    """)
    client.fire("PLAYER_TARGET_CHANGED")
    assert client.run_lua("return Got") == 1


def test_create_and_init_from_mixin(client):
    assert client.run_lua("""
        local M = {}
        function M:Init(a, b) self.sum = a + b end
        return CreateAndInitFromMixin(M, 2, 3).sum
    """) == 5


def test_the_widget_lua_files_stay_under_the_line_limit():
    from test_codegen import MAX_LINES

    folder = Path(__file__).parent.parent / "pyhost" / "harness" / "lua"
    files = [*folder.glob("widget*.lua"), *folder.glob("uixml*.lua")]
    assert len(files) == 7
    assert {f.name: n for f in files if (n := len(f.read_text().splitlines())) > MAX_LINES} == {}
