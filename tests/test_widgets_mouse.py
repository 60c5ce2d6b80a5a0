"""The mouse: hovering (OnEnter/OnLeave, GetMouseFoci, IsMouseOver, a tooltip on the screen),
the mouse wheel and scroll frames (screen.py's Widget.hover and Widget.scroll)."""

from __future__ import annotations

import pytest

from pyhost.flavours import FLAVOURS
from pyhost.harness import Realm


@pytest.fixture(params=list(FLAVOURS))
def flavour(request) -> str:
    return request.param


@pytest.fixture
def client(tmp_path):
    return Realm(wtf=tmp_path / "WTF").login("Skoll")


WINDOW = """
Seen = {}
local win = CreateFrame("Frame", "HoverWin", UIParent)
win:SetSize(300, 200) win:SetPoint("CENTER")
win:EnableMouse(true)
local a = CreateFrame("Button", "HoverA", win)
a:SetSize(80, 20) a:SetPoint("TOPLEFT", 10, -10)
local b = CreateFrame("Button", "HoverB", win)
b:SetSize(80, 20) b:SetPoint("TOPLEFT", 10, -40)
local label = win:CreateFontString(nil, "ARTWORK", "GameFontNormal")
label:SetPoint("BOTTOM", 0, 10) label:SetText("just words")
win.Label = label
for _, f in ipairs({ win, a, b }) do
	f:SetScript("OnEnter", function(self, motion)
		Seen[#Seen + 1] = "enter " .. self:GetName() .. " " .. tostring(motion)
	end)
	f:SetScript("OnLeave", function(self, motion)
		Seen[#Seen + 1] = "leave " .. self:GetName() .. " " .. tostring(motion)
	end)
end
"""


def seen(client):
    joined = client.run_lua("local out = table.concat(Seen, '|') wipe(Seen) return out")
    return joined.split("|") if joined else []


def test_hover_fires_leave_on_what_the_mouse_left_and_enter_on_what_it_enters(client):
    client.run_lua(WINDOW)
    client.widget("HoverA").hover()
    assert seen(client) == ["enter HoverA true"]
    client.widget("HoverA").hover()  # still there: nothing new
    assert seen(client) == []
    client.widget("HoverB").hover()
    assert seen(client) == ["leave HoverA true", "enter HoverB true"]
    # A font string takes no mouse: the focus is its mouse-enabled frame, the window.
    client.widget("HoverWin.Label").hover()
    assert seen(client) == ["leave HoverB true", "enter HoverWin true"]
    client.hover(None)
    assert seen(client) == ["leave HoverWin true"]


def test_a_frame_without_mouse_gets_no_enter(client):
    client.run_lua(WINDOW + "HoverWin:EnableMouse(false)")
    client.widget("HoverWin.Label").hover()
    assert seen(client) == []
    assert client.run_lua("return GetMouseFoci()[1] == WorldFrame") is True


def test_mouse_focus_and_is_mouse_over_follow_the_hover(client, tmp_path, flavour):
    client = Realm(wtf=tmp_path / "W2", flavour=flavour).login("Skoll")
    client.run_lua(WINDOW)
    ask = ("local f = GetMouseFoci()[1] return f and f:GetName(), HoverWin:IsMouseOver(), "
           "HoverA:IsMouseOver(), HoverB:IsMouseOver(), HoverB:IsMouseOver(30, 0, 0, 0)")
    assert client.run_lua("return GetMouseFoci ~= nil, GetMouseFocus == nil") == (True, True)
    assert client.run_lua(ask) == ("WorldFrame", False, False, False, False)
    client.widget("HoverA").hover()
    assert client.run_lua(ask) == ("HoverA", True, True, False, True)
    client.hover(None)
    assert client.run_lua(ask) == ("WorldFrame", False, False, False, False)


def test_hovering_a_hidden_widget_is_refused(client):
    from pyhost.harness.screen import WidgetError

    client.run_lua(WINDOW + "HoverWin:Hide()")
    with pytest.raises(WidgetError, match="not on the screen"):
        client.widget("HoverA").hover()
    assert seen(client) == []


TOOLTIP = """
HoverA:SetScript("OnEnter", function(self)
	GameTooltip:SetOwner(self, "ANCHOR_RIGHT")
	GameTooltip:SetText("Deal the dice")
	GameTooltip:Show()
end)
HoverA:SetScript("OnLeave", function() GameTooltip:Hide() end)
"""


def test_a_tooltip_shows_while_the_mouse_is_over_its_owner(client, tmp_path):
    client.run_lua(WINDOW + TOOLTIP)
    texts = lambda: [box.text for box in client.layout() if box.text]  # noqa: E731
    assert "Deal the dice" not in texts()
    client.widget("HoverA").hover()
    boxes = client.screenshot(tmp_path / "tip.png")
    tip = [box for box in boxes if box.path == "GameTooltip"]
    line = [box for box in boxes if box.text == "Deal the dice"]
    assert tip and line and tip[0].strata == "TOOLTIP"
    owned = client.run_lua("return GameTooltip:GetOwner() == HoverA, GameTooltip:IsShown()")
    assert owned == (True, True)
    assert (tmp_path / "tip.png").stat().st_size > 0
    client.widget("HoverB").hover()
    assert "Deal the dice" not in texts()
    assert client.run_lua("return GameTooltip:IsShown()") is False


WHEEL = """
Wheel = {}
local win = CreateFrame("Frame", "WheelWin", UIParent)
win:SetSize(200, 100) win:SetPoint("CENTER")
local inner = CreateFrame("Button", "WheelButton", win)
inner:SetSize(50, 20) inner:SetPoint("CENTER")
win:SetScript("OnMouseWheel", function(self, delta)
	Wheel[#Wheel + 1] = self:GetName() .. " " .. delta
end)
"""


def test_the_mouse_wheel_goes_to_the_nearest_frame_that_enables_it(client):
    client.run_lua(WHEEL)
    assert client.widget("WheelWin").scroll(1) is False  # the wheel is not enabled
    assert client.run_lua("return #Wheel") == 0
    client.run_lua("WheelWin:EnableMouseWheel(true)")
    assert client.widget("WheelButton").scroll(-1) is True  # the button passes it up
    assert client.widget("WheelWin").scroll(1) is True
    assert client.run_lua("return table.concat(Wheel, '|')") == "WheelWin -1|WheelWin 1"


SCROLLER = """
local box = CreateFrame("ScrollFrame", "Scroller", UIParent, "UIPanelScrollFrameTemplate")
box:SetSize(200, 100) box:SetPoint("CENTER")
local child = CreateFrame("Frame", "ScrollerChild", box)
child:SetSize(200, 400)
for i = 1, 20 do
	local line = child:CreateFontString("ScrollerLine" .. i, "ARTWORK", "GameFontNormal")
	line:SetPoint("TOPLEFT", 0, -(i - 1) * 20) line:SetSize(200, 20)
	line:SetText("Line " .. i)
end
box:SetScrollChild(child)
box:UpdateScrollChildRect()
"""


def shown_lines(boxes):
    return [box.text for box in boxes if box.text and box.text.startswith("Line ")]


def test_a_scroll_frame_scrolls_with_the_wheel_and_clips_its_child(client, tmp_path):
    client.run_lua(SCROLLER)
    frame = client.widget("Scroller")
    _, bottom, _, height = frame.rect
    boxes = client.layout()
    assert shown_lines(boxes) == [f"Line {i}" for i in range(1, 6)]
    for box in boxes:
        if box.path.startswith("ScrollerChild") or box.path.startswith("ScrollerLine"):
            assert box.bottom >= bottom - 0.01 and box.bottom + box.height <= bottom + height + 0.01
    child = next(box for box in boxes if box.path == "ScrollerChild")
    assert child.rect == frame.rect and child.extra["clipped"] is True
    assert frame.scroll(-1) is True  # a notch down: half the frame's height
    at = client.run_lua("return Scroller:GetVerticalScroll(), Scroller.ScrollBar:GetValue()")
    assert at == (50, 50)
    boxes = client.screenshot(tmp_path / "scrolled.png")
    # Lines 3 and 8 show in part: cut at the frame's top and bottom edges.
    assert shown_lines(boxes) == [f"Line {i}" for i in range(3, 9)]
    cut = {box.text: box for box in boxes if box.text in ("Line 3", "Line 8")}
    assert cut["Line 3"].extra["clipped"] and cut["Line 8"].extra["clipped"]
    assert round(cut["Line 3"].height, 2) == 10 and round(cut["Line 8"].height, 2) == 10
    assert round(cut["Line 3"].bottom + 10, 2) == round(bottom + height, 2)
    for _ in range(20):
        frame.scroll(-1)
    assert client.run_lua("return Scroller:GetVerticalScroll()") == 300  # the range's end
    assert shown_lines(client.layout()) == [f"Line {i}" for i in range(16, 21)]
    frame.scroll(1)
    assert client.run_lua("return Scroller:GetVerticalScroll()") == 250


def test_a_scrolling_message_frame_is_of_its_own_type(tmp_path, flavour):
    # An XML intrinsic of Blizzard's interface, not a type of the widget data: the game
    # answers its name (real addons compare GetObjectType() with "ScrollingMessageFrame").
    from pathlib import Path

    edges = Path(__file__).parent / "addons" / "XmlEdges"
    client = Realm(wtf=tmp_path / "WTF", flavour=flavour).login("Skoll", addons=[edges])
    ask = ("return {0}:GetObjectType(), {0}:IsObjectType('ScrollingMessageFrame'), "
           "{0}:IsObjectType('scrollingmessageframe'), {0}:IsObjectType('Frame'), "
           "{0}:IsObjectType('Button')")
    client.run_lua("Made = CreateFrame('ScrollingMessageFrame', nil, UIParent) "
                   "Plain = CreateFrame('Frame')")
    for name in ("Made", "EdgeMessages"):
        assert client.run_lua(ask.format(name)) == ("ScrollingMessageFrame", True, True, True,
                                                    False)
    assert client.run_lua(ask.format("Plain")) == ("Frame", False, False, True, False)
    assert client.widget("EdgeMessages").object_type == "ScrollingMessageFrame"


SLIDER = """
local s = CreateFrame("Slider", "Volume", UIParent)
s:SetOrientation("HORIZONTAL")
s:SetSize(200, 20) s:SetPoint("BOTTOMLEFT", 100, 100)
s:SetThumbTexture("Interface\\\\Buttons\\\\UI-SliderBar-Button-Horizontal")
s:GetThumbTexture():SetSize(10, 20)
s:SetMinMaxValues(0, 100)
s:SetValue(25)
"""


def test_a_sliders_thumb_sits_where_its_value_says(client, tmp_path):
    client.run_lua(SLIDER)

    def thumb():
        boxes = client.layout()
        return next(box for box in boxes if box.texture and "SliderBar" in box.texture).rect

    assert thumb() == (100 + 0.25 * 190, 100, 10, 20)
    client.run_lua("Volume:SetValue(100)")
    assert thumb() == (290, 100, 10, 20)
    client.run_lua("Volume:SetValue(0)")
    assert thumb() == (100, 100, 10, 20)
    # Upright: the minimum at the top.
    client.run_lua("Volume:SetOrientation('VERTICAL') Volume:SetSize(20, 200) Volume:SetValue(50)")
    assert thumb() == (105, 100 + 90, 10, 20)
    client.run_lua("Volume:SetValue(0)")
    assert thumb() == (105, 280, 10, 20)
    assert client.run_lua("return Volume:GetThumbTexture():GetRect()") == (105, 280, 10, 20)
    boxes = client.screenshot(tmp_path / "slider.png")
    assert any(box.texture and "SliderBar" in box.texture for box in boxes)


def test_a_scroll_bars_thumb_follows_the_scroll(client):
    client.run_lua(SCROLLER)
    bar = client.widget("Scroller.ScrollBar")
    thumb = bar["ThumbTexture"]
    top = thumb.rect
    client.widget("Scroller").scroll(-1)
    moved = thumb.rect
    assert moved[1] < top[1] and moved[0] == top[0]
    for _ in range(10):
        client.widget("Scroller").scroll(-1)
    _, bar_bottom, _, _ = bar.rect
    assert round(thumb.rect[1], 2) == round(bar_bottom, 2)  # at the end of the range: the bottom
    # The bar is the scroll frame's child but not its scroll child: it shows, unclipped,
    # beside the frame.
    boxes = {box.path: box for box in client.layout()}
    assert boxes["ScrollerScrollBarThumbTexture"].rect == tuple(round(v, 2) for v in thumb.rect)
    assert not boxes["ScrollerScrollBarThumbTexture"].extra["clipped"]
