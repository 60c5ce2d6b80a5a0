"""A test's hands and eyes: widgets found by name and path, clicked, typed into, checked;
keys pressed; the visible layout and its picture (pyhost/harness/screen.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from pyhost.harness import Realm
from pyhost.harness.screen import WidgetError

GOLDROLL = Path(__file__).parent / "addons" / "GoldRoll"


@pytest.fixture
def realm(tmp_path):
    return Realm(wtf=tmp_path / "WTF")


@pytest.fixture
def table(realm):
    """Two players in a party, both with GoldRoll; the first opens its window."""
    skoll = realm.login("Skoll", addons=[GOLDROLL])
    hati = realm.login("Hati", addons=[GOLDROLL])
    realm.party(skoll, hati)
    realm.run_until_quiet()
    skoll.type("/goldroll")
    return skoll, hati


def test_widgets_by_name_by_path_and_through_the_tree(table):
    skoll, _ = table
    window = skoll.widget("GoldRollFrame")
    assert window.visible and window.object_type == "Frame"
    assert skoll.widget("GoldRollFrame.Amount") == skoll.widget("GoldRollFrameAmount")
    assert skoll.widget("GoldRollFrame.RollButton").text == "Roll"
    assert window["Inset"].name == "GoldRollFrameInset"
    assert window.call("GetWidth") == 320 and window.call("GetPoint", 1)[0] == "CENTER"
    assert [b.name for b in skoll.widgets("Button", "Roll")] == ["GoldRollFrameRollButton"]
    kids = [kid.name for kid in window.children()]
    assert kids[-4:] == ["GoldRollFrameAmount", "GoldRollFrameAnnounce",
                         "GoldRollFrameRollButton", "GoldRollFrameResetButton"]
    assert "GoldRollFrameStatus" in [region.name for region in window.regions()]
    assert skoll.widget("GoldRollFrame.#5").name == "GoldRollFrameAmount"
    assert skoll.widget("GoldRollFrame.Amount").parent == window
    with pytest.raises(KeyError):
        skoll.widget("GoldRollFrame.Nothing")


def test_a_player_types_checks_and_clicks_and_the_party_sees_the_roll(realm, table):
    skoll, hati = table
    realm.script_rolls(77)
    roll = skoll.button("Roll")
    skoll.widget("GoldRollFrame.Amount").type("12x5")  # numeric: the x is refused
    assert skoll.widget("GoldRollFrame.Amount").text == "125"
    assert roll.enabled
    skoll.widget("GoldRollFrame.Announce").check(True)  # already checked: no click
    assert skoll.widget("GoldRollFrame.Announce").checked
    roll.click()
    realm.run_until_quiet()
    assert "[Party Leader] [Skoll]: GoldRoll: rolling for 125 gold" in hati.chat
    assert "Skoll rolls 77 (1-125)" in hati.chat
    assert skoll.widget("GoldRollFrame.Status").text == "Skoll rolled 77"
    assert skoll.run_lua("return GoldRollLog")[-2:] == ["amount 125 typed", "roll clicked"]
    assert skoll.errors == [] and hati.errors == []


def test_unchecked_announce_keeps_the_roll_quiet_and_enter_rolls(realm, table):
    skoll, hati = table
    skoll.widget("GoldRollFrame.Announce").check(False)
    skoll.widget("GoldRollFrame.Amount").type("40")
    assert skoll.press_key("ENTER")
    realm.run_until_quiet()
    assert not hati.chat.matching("GoldRoll: rolling") and hati.chat.matching("Skoll rolls")


def test_clicks_on_what_a_player_cannot_reach(table):
    skoll, hati = table
    with pytest.raises(WidgetError, match="not on the screen"):
        hati.widget("GoldRollFrame.RollButton").click()  # the window is closed for Hati
    skoll.widget("GoldRollFrame.Amount").type("0")
    skoll.button("Roll").click()  # disabled: nothing happens, as in the game
    assert skoll.run_lua("return GoldRollLog")[-1] == "amount 0 typed"


def test_press_key_reaches_frames_that_take_the_keyboard(table):
    skoll, _ = table
    skoll.run_lua("""
        Keys = {}
        local f = CreateFrame('Frame', nil, UIParent); f:EnableKeyboard(true)
        f:SetScript('OnKeyDown', function(_, key) Keys[#Keys + 1] = key end)
    """)
    assert skoll.press_key("Escape") and skoll.run_lua("return Keys") == ["ESCAPE"]
    skoll.run_lua("Keys = nil")


def test_layout_is_each_visible_widgets_rectangle_by_the_games_rules(table):
    skoll, hati = table
    boxes = {box.path: box for box in skoll.layout()}
    window = boxes["GoldRollFrame"]
    # 320x240 at CENTER +40 on the 1024x768 screen.
    assert window.rect == (352, 304, 320, 240)
    roll = boxes["GoldRollFrameRollButton"]
    assert roll.rect == skoll.widget("GoldRollFrame.RollButton").rect == (366, 340, 90, 22)
    assert boxes["GoldRollFrameRollButtonText"].text == "Roll"
    assert "GoldRollFrame" not in {box.path for box in hati.layout()}  # hidden for Hati
    # A check button's checked art shows only while checked; pushed and highlight art never.
    checked = [box for box in skoll.layout() if box.texture and "CheckBox-Check" in box.texture]
    assert [box.texture for box in checked] == ["Interface\\Buttons\\UI-CheckBox-Check"]
    assert not [box for box in skoll.layout() if box.texture and "Highlight" in box.texture]
    skoll.widget("GoldRollFrame.Announce").check(False)
    assert not [box for box in skoll.layout() if box.texture and "CheckBox-Check" in box.texture]
    skoll.widget("GoldRollFrame.Announce").check(True)
    hati.type("/goldroll")
    assert [box.rect for box in hati.layout()] == [box.rect for box in skoll.layout()]


def test_screenshot_draws_the_window(tmp_path, table):
    skoll, _ = table
    path = tmp_path / "shots" / "goldroll.png"
    boxes = skoll.screenshot(path)
    image = Image.open(path)
    assert image.size == (1024, 768) and boxes == skoll.layout()
    # The Roll button's middle is the button's red; the empty screen is the background.
    left, bottom, _, height = skoll.widget("GoldRollFrame.ResetButton").rect
    red = image.getpixel((int(left + 4), int(768 - bottom - height / 2)))
    assert red[0] > 100 and red[1] < 60
    assert image.getpixel((5, 5)) == (24, 26, 32)
    skoll.type("/goldroll")
    skoll.screenshot(path)
    middle = (int(left + 4), int(768 - bottom - height / 2))
    assert Image.open(path).getpixel(middle) == (24, 26, 32)


def test_backdrops_colour_textures_and_text_are_drawn(tmp_path, realm):
    client = realm.login("Skoll")
    client.run_lua("""
        local f = CreateFrame('Frame', 'Panel', UIParent, 'BackdropTemplate')
        f:SetPoint('TOPLEFT', 100, -100); f:SetPoint('BOTTOMRIGHT', UIParent, 'TOPLEFT', 300, -200)
        f:SetBackdrop({ bgFile = 'Interface\\\\Tooltips\\\\UI-Tooltip-Background',
                        edgeFile = 'Interface\\\\Tooltips\\\\UI-Tooltip-Border' })
        f:SetBackdropColor(0, 0, 1, 1); f:SetBackdropBorderColor(0, 1, 0, 1)
        local t = f:CreateTexture(nil, 'ARTWORK'); t:SetColorTexture(1, 0, 0, 1)
        t:SetSize(20, 20); t:SetPoint('BOTTOMRIGHT', -10, 10)
        local s = f:CreateFontString(nil, 'OVERLAY', 'GameFontNormal')
        s:SetPoint('TOPLEFT', 10, -10)
        s:SetText('Hello')
    """)
    path = tmp_path / "panel.png"
    boxes = {box.path: box for box in client.screenshot(path)}
    assert boxes["Panel"].rect == (100, 568, 200, 100)
    assert boxes["Panel.Texture1"].rect == (270, 578, 20, 20)
    assert boxes["Panel.FontString2"].text == "Hello"
    image = Image.open(path)
    assert image.getpixel((150, 150)) == (0, 0, 76)  # the backdrop colour, darkened
    assert image.getpixel((100, 150))[1] == 255  # the border's colour
    assert image.getpixel((280, 180)) == (255, 0, 0)  # the colour texture
    text = [image.getpixel((x, y)) for x in range(110, 140) for y in range(110, 122)]
    assert any(r > 200 and g > 150 and b < 60 for r, g, b in text)  # GameFontNormal's gold
