"""UI XML: an addon's frames, templates and scripts made as the game makes them
(pyhost/harness/uixml.py reads the files, lua/uixml.lua makes the objects)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyhost.flavours import FLAVOURS
from pyhost.harness import LuaError, Realm
from pyhost.harness.toc import read_toc
from pyhost.harness.uixml import UiElement, load_steps

ADDONS = Path(__file__).parent / "addons"
EDGES, GOLDROLL = ADDONS / "XmlEdges", ADDONS / "GoldRoll"


@pytest.fixture
def realm(tmp_path):
    return Realm(wtf=tmp_path / "WTF")


@pytest.fixture
def edges(realm):
    return realm.login("Skoll", addons=[EDGES])


def test_load_steps_follow_includes_and_scripts_in_order_ignoring_file_name_case():
    steps = load_steps(read_toc(EDGES))
    shown = [step.where if isinstance(step, UiElement) else step.chunkname for step in steps]
    assert shown == ["@Interface/AddOns/XmlEdges/sub/mixins.lua", "XmlEdges/sub/inner.xml:3",
                     "XmlEdges/sub/inner.xml:25", "XmlEdges/Edges.xml:3", "XmlEdges/Edges.xml:36",
                     "XmlEdges/Edges.xml:39", "XmlEdges/Edges.xml:42",
                     "XmlEdges/Edges.xml:49"]


def test_a_bom_and_inline_scripts_load_in_document_order(realm):
    assert (GOLDROLL / "GoldRoll.xml").read_bytes().startswith(b"\xef\xbb\xbf")
    client = realm.login("Skoll", addons=[GOLDROLL])
    assert client.errors == []
    assert client.run_lua("return GoldRollLoadOrder[1], GoldRollFrame:GetObjectType()") == (
        "inline script", "Frame")


def test_children_are_made_before_the_parents_on_load_and_scripts_combine(edges):
    # EdgeFrame inherits "EdgeBaseTemplate, EdgeSecondTemplate": the base's OnLoad, the second's
    # appended after it, the frame's own prepended before both; the child first of all.
    assert edges.run_lua("return EdgeLog")[:4] == ["child of EdgeFrame", "own", "base 3", "second"]


def test_key_values_mixins_parent_keys_and_parent_arrays(edges):
    assert edges.run_lua("""
        local f = EdgeFrame
        return f.count, f.flag, f.word, f.globalValue.answer, f:Greet(), #f.Items,
            f.Items[2]:GetText(), f.Child == EdgeFrameChild,
            f.Scroll:GetScrollChild() == f.Scroll.Content,
            f.Scroll.ScrollBar == EdgeFrameScrollScrollBar, f.Bg:GetObjectType()
    """) == (3, True, "hello", 42, "hi from EdgeFrame", 2, "Two", True, True, True, "Texture")


def test_sizes_and_anchors_from_xml_lay_out(edges):
    assert edges.run_lua("return {EdgeFrame:GetRect()}, {EdgeFrame.Child:GetRect()}, "
                         "{EdgeFrame.Bg:GetRect()}") == (
        [100, 618, 200, 100], [175, 680, 50, 20], [100, 618, 200, 100])


def test_unknown_elements_and_missing_functions_are_warned_and_passed_over(edges):
    assert edges.ui_warnings == [
        "XmlEdges/Edges.xml:21: unknown element <Blink> in <Frame> is ignored",
        "XmlEdges/Edges.xml:33: function 'EdgeNoSuchFunction' is not defined",
        "XmlEdges/Edges.xml:45: Frame has no script OnValueChanged"]


def test_an_error_in_one_frames_script_is_recorded_and_the_rest_loads(realm, edges):
    assert [e.message for e in edges.errors] == [
        "Interface/AddOns/XmlEdges/Edges.xml:37:1: broken on purpose",
        "Interface/AddOns/XmlEdges/Edges.xml:40:1: '=' expected near 'is'"]
    assert edges.run_lua("return EdgeLog[5], EdgeLog[6], AfterBroken:GetName()") == (
        "broken", "after", "AfterBroken")
    assert len(realm.errors()) == 2


def test_a_visible_new_frame_gets_on_show_after_on_load(edges):
    assert edges.run_lua("return EdgeLog[6], EdgeLog[7], #EdgeLog") == ("after", "after shown", 7)


def test_create_frame_applies_xml_templates_in_order(edges):
    assert edges.run_lua("""
        local n = #EdgeLog
        local f = CreateFrame('Frame', 'Made', UIParent, 'EdgeBaseTemplate, EdgeSecondTemplate')
        return EdgeLog[n + 1], EdgeLog[n + 2], f.count, f.Label:GetText(), f:GetWidth()
    """) == ("base 3", "second", 3, "OKAY", 200)
    with pytest.raises(LuaError, match='Couldn\'t find inherited node "NoSuchTemplate"'):
        edges.run_lua("CreateFrame('Frame', nil, UIParent, 'NoSuchTemplate')")


@pytest.mark.parametrize("flavour", list(FLAVOURS))
def test_blizzard_templates_have_their_children_and_behaviour(tmp_path, flavour):
    client = Realm(wtf=tmp_path / "WTF", flavour=flavour).login("Skoll")
    assert client.run_lua("""
        local w = CreateFrame('Frame', 'Win', UIParent, 'ButtonFrameTemplate')
        w:SetTitle('Title')
        local b = CreateFrame('Button', '$parentOk', w, 'UIPanelButtonTemplate'); b:SetText('OK')
        local c = CreateFrame('CheckButton', '$parentCheck', w, 'UICheckButtonTemplate')
        c.Text:SetText('Check me'); c:Click()
        local e = CreateFrame('EditBox', nil, w, 'InputBoxTemplate'); e:SetFocus()
        local s = CreateFrame('ScrollFrame', nil, w, 'UIPanelScrollFrameTemplate')
        local child = CreateFrame('Frame'); child:SetSize(10, 300); s:SetSize(100, 100)
        s:SetScrollChild(child); s:UpdateScrollChildRect(); s.ScrollBar:SetValue(50)
        local d = CreateFrame('Frame', nil, w, 'BackdropTemplate')
        d:SetBackdrop({ bgFile = 'x', edgeFile = 'y' }); d:SetBackdropColor(0, 0, 0, 0.5)
        local sl = CreateFrame('Slider', 'Opt', w, 'OptionsSliderTemplate')
        WinCloseButton:Click()
        e:GetScript('OnEscapePressed')(e)
        return WinTitleText:GetText(), WinOkText == b.Text, b:GetText(), c:GetChecked(),
            CheckTextWin, WinCheckText:GetText(), s:GetVerticalScroll(),
            select(2, s.ScrollBar:GetMinMaxValues()),
            select(4, d:GetBackdropColor()), OptLow:GetObjectType(), w:IsShown(), e:HasFocus(),
            w.Inset:GetName(), w.CloseButton == WinCloseButton
    """) == ("Title", True, "OK", True, None, "Check me", 50, 200, 0.5, "FontString", False,
             False, "WinInset", True)


@pytest.mark.parametrize("flavour", list(FLAVOURS))
def test_the_fixture_addons_load_alike_on_every_flavour(tmp_path, flavour):
    client = Realm(wtf=tmp_path / "WTF", flavour=flavour).login(
        "Skoll", addons=[GOLDROLL, EDGES])
    assert len(client.errors) == 2  # XmlEdges' two broken frames, on purpose
    assert client.ui_warnings == [
        "GoldRoll/GoldRoll.xml:18: unknown element <Frobnicate> in <Frame> is ignored",
        "XmlEdges/Edges.xml:21: unknown element <Blink> in <Frame> is ignored",
        "XmlEdges/Edges.xml:33: function 'EdgeNoSuchFunction' is not defined",
        "XmlEdges/Edges.xml:45: Frame has no script OnValueChanged"]
    client.type("/goldroll")
    assert client.widget("GoldRollFrame.RollButton").rect == (366, 340, 90, 22)


def test_animation_groups_play_on_the_realms_clock(realm, edges):
    assert edges.run_lua("""
        local flash = EdgeFrame.Flash
        flash:Play()
        return flash:GetDuration(), flash:IsPlaying(), flash.FadeIn:GetToAlpha(),
            select('#', flash:GetAnimations()), flash:IsSetToFinalAlpha()
    """) == (2, True, 1, 2, True)
    realm.advance(1.9)
    assert edges.run_lua("return EdgeFrame.Flash:IsPlaying()") is True
    realm.advance(0.2)
    assert edges.run_lua("return EdgeFrame.Flash:IsPlaying(), EdgeLog[#EdgeLog]") == (
        False, "flash finished EdgeFrame")


def test_basic_frame_templates(realm):
    client = realm.login("Skoll")
    assert client.run_lua("""
        local f = CreateFrame('Frame', 'Basic', UIParent, 'BasicFrameTemplateWithInset')
        f:SetSize(300, 200); f:SetPoint('CENTER'); f.TitleText:SetText('My addon')
        f.CloseButton:Click()
        return BasicTitleText:GetText(), f.InsetBg:GetObjectType(), f.TitleBg ~= nil,
            BasicCloseButton == f.CloseButton, f:IsShown()
    """) == ("My addon", "Texture", True, True, False)


def test_scrolling_message_frames_from_xml_and_create_frame(edges):
    # An intrinsic: its own OnLoad runs before the element's (intrinsicOrder="precall").
    assert edges.run_lua("""
        local f = CreateFrame('ScrollingMessageFrame', 'Made', UIParent)
        f:SetSize(100, 30); f:SetPoint('TOP')
        for i = 1, 4 do f:AddMessage('line ' .. i, 1, 0, 0) end
        f:SetMaxLines(3); f:AddMessage('line 5')
        return EdgeMessages:GetMessageInfo(1), EdgeMessages:GetNumMessages(), f:GetNumMessages(),
            (f:GetMessageInfo(1))
    """) == ("first line", 1, 3, "line 3")
    lines = {box.path: box.extra["lines"] for box in edges.layout() if box.extra["lines"]}
    assert lines == {"EdgeMessages": ["first line"], "Made": ["line 4", "line 5"]}
