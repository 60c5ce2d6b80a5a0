"""Blizzard's interface pieces that addons use without making them (pyhost/harness/ui and
lua/blizzard_api.lua): static popups answered by clicking their buttons, UISpecialFrames and
the Escape key, GameTooltip, UIErrorsFrame, message(), the chat frames and the globals."""

from __future__ import annotations

import pytest

from pyhost.flavours import FLAVOURS
from pyhost.harness import LuaError, Realm
from pyhost.harness.wowapi import api

POPUP = """
StaticPopupDialogs.BET = {
    text = "Bet %s gold on %s?", button1 = "Bet", button2 = "Cancel", hasEditBox = true,
    maxLetters = 4, hideOnEscape = true, timeout = 20,
    OnShow = function(self, data) LOG[#LOG + 1] = "show " .. data.id end,
    OnAccept = function(self, data)
        LOG[#LOG + 1] = "accept " .. data.id .. " " .. self.editBox:GetText()
    end,
    OnCancel = function(self, data, reason)
        LOG[#LOG + 1] = "cancel " .. data.id .. " " .. reason
    end,
    OnHide = function(self, data) LOG[#LOG + 1] = "hide " .. data.id end,
}
LOG = {}
"""


@pytest.fixture(params=list(FLAVOURS))
def flavour(request) -> str:
    return request.param


@pytest.fixture
def skoll(tmp_path, flavour):
    client = Realm(wtf=tmp_path / "WTF", flavour=flavour).login("Skoll")
    client.run_lua(POPUP)
    return client


def log(client) -> list[str]:
    return client.run_lua("return LOG") or []


def test_a_popup_is_a_real_frame_with_the_dialogs_text_and_buttons(skoll):
    name = skoll.run_lua("local d = StaticPopup_Show('BET', '50', 'Riggs', { id = 7 }) "
                         "return d:GetName()")
    assert name == "StaticPopup1"
    popup = skoll.widget("StaticPopup1")
    assert popup.visible and popup.object_type == "Frame"
    assert popup["text"].text == "Bet 50 gold on Riggs?"
    assert (popup["button1"].text, popup["button2"].text) == ("Bet", "Cancel")
    assert not popup["button3"].shown and popup["editBox"].visible
    assert log(skoll) == ["show 7"]
    assert skoll.run_lua("return (StaticPopup_Visible('BET'))") == "StaticPopup1"


def test_clicking_the_first_button_accepts_with_the_data_and_the_typed_text(skoll):
    skoll.run_lua("StaticPopup_Show('BET', '50', 'Riggs', { id = 7 })")
    skoll.widget("StaticPopup1.editBox").type("12345")  # maxLetters 4
    skoll.button("Bet").click()
    assert log(skoll) == ["show 7", "accept 7 1234", "hide 7"]
    assert not skoll.widget("StaticPopup1").shown
    assert skoll.run_lua("return StaticPopup_Visible('BET')") is None


def test_the_second_button_cancels_and_a_handler_returning_true_keeps_it(skoll):
    skoll.run_lua("StaticPopup_Show('BET', '1', 'x', { id = 1 })")
    skoll.button("Cancel").click()
    skoll.run_lua("StaticPopupDialogs.BET.OnAccept = function() "
                  "LOG[#LOG + 1] = 'kept' return true end "
                  "StaticPopup_Show('BET', '1', 'x', { id = 2 })")
    skoll.button("Bet").click()
    assert log(skoll) == ["show 1", "cancel 1 clicked", "hide 1", "show 2", "kept"]
    assert skoll.widget("StaticPopup1").shown


def test_escape_hides_a_popup_with_hide_on_escape_and_a_timeout_cancels(skoll):
    skoll.run_lua("StaticPopup_Show('BET', '1', 'x', { id = 1 })")
    skoll.press_key("ESCAPE")  # first the edit box: it has the focus
    assert not skoll.widget("StaticPopup1").shown
    skoll.run_lua("StaticPopupDialogs.BET.hasEditBox = false "
                  "StaticPopup_Show('BET', '1', 'x', { id = 2 })")
    assert skoll.press_key("ESCAPE") is True
    assert log(skoll)[-2:] == ["cancel 2 clicked", "hide 2"]
    skoll.run_lua("StaticPopup_Show('BET', '1', 'x', { id = 3 })")
    skoll.realm.run_for(19)
    assert skoll.widget("StaticPopup1").shown
    skoll.realm.run_for(2)
    assert log(skoll)[-2:] == ["cancel 3 timeout", "hide 3"]
    assert skoll.press_key("ESCAPE") is False  # nothing left to close


def test_show_again_replaces_hide_by_data_and_unknown_dialogs(skoll):
    skoll.run_lua("StaticPopup_Show('BET', '1', 'x', { id = 1 })")
    skoll.run_lua("StaticPopup_Show('BET', '2', 'y', { id = 2 })")
    assert log(skoll) == ["show 1", "cancel 1 override", "hide 1", "show 2"]
    assert skoll.run_lua("return StaticPopup_Show('NO_SUCH_DIALOG')") is None
    skoll.run_lua("StaticPopupDialogs.BET.multiple = true "
                  "A = { id = 3 } StaticPopup_Show('BET', '3', 'z', A)")
    assert skoll.widget("StaticPopup2").shown
    skoll.run_lua("StaticPopup_Hide('BET', A)")
    assert not skoll.widget("StaticPopup2").shown and skoll.widget("StaticPopup1").shown
    skoll.run_lua("StaticPopup_Hide('BET')")
    assert not skoll.widget("StaticPopup1").shown


def test_enter_in_the_edit_box_runs_its_handler_or_clicks_the_first_button(skoll):
    skoll.run_lua("StaticPopupDialogs.BET.enterClicksFirstButton = true "
                  "StaticPopup_Show('BET', '1', 'x', { id = 4 })")
    skoll.widget("StaticPopup1.editBox").type("77\n")
    assert log(skoll)[-2:] == ["accept 4 77", "hide 4"]
    skoll.run_lua("StaticPopupDialogs.BET.EditBoxOnEnterPressed = function(box, data) "
                  "LOG[#LOG + 1] = 'enter ' .. data.id .. ' ' .. box:GetText() end "
                  "StaticPopup_Show('BET', '1', 'x', { id = 5 })")
    skoll.widget("StaticPopup1.editBox").type("9\n")
    assert log(skoll)[-1] == "enter 5 9" and skoll.widget("StaticPopup1").shown


def test_escape_closes_the_ui_special_frames_that_are_shown(skoll):
    skoll.run_lua("local f = CreateFrame('Frame', 'MyWindow', UIParent) f:SetSize(50, 50) "
                  "f:SetPoint('CENTER') tinsert(UISpecialFrames, 'MyWindow') "
                  "CreateFrame('Frame', 'Other', UIParent)")
    assert skoll.press_key("ESCAPE") is True
    assert skoll.run_lua("return MyWindow:IsShown(), Other:IsShown()") == (False, True)


def test_game_tooltip_lines_are_font_strings(skoll):
    lines = skoll.run_lua("""
        GameTooltip:SetOwner(UIParent, "ANCHOR_CURSOR")
        GameTooltip:SetText("Tavern Dice")
        GameTooltip:AddLine("Click to open", 1, 1, 1)
        GameTooltip:AddDoubleLine("Rounds", "3")
        GameTooltip:Show()
        return GameTooltip:NumLines(), GameTooltipTextLeft1:GetText(),
            GameTooltipTextLeft2:GetText(), GameTooltipTextLeft3:GetText(),
            GameTooltip:IsOwned(UIParent)""")
    assert lines == (3, "Tavern Dice", "Click to open", "Rounds  3", True)
    assert skoll.widget("GameTooltip").visible
    skoll.run_lua("GameTooltip:Hide()")
    assert skoll.run_lua("return GameTooltip:GetOwner()") is None
    skoll.run_lua("GameTooltip:SetOwner(UIParent) GameTooltip:AddLine('one') GameTooltip:Show()")
    assert skoll.run_lua("return GameTooltip:NumLines(), GameTooltipTextLeft2:IsShown()") == (
        1, False)


def test_message_errors_and_chat_frames(skoll):
    skoll.run_lua("message('The dice are loaded!')")
    assert skoll.messages == ["The dice are loaded!"]
    assert skoll.widget("BasicMessageDialog.Text").text == "The dice are loaded!"
    skoll.button("Okay").click()
    assert not skoll.widget("BasicMessageDialog").shown
    skoll.run_lua("UIErrorsFrame:AddMessage('Not enough gold', 1, 0.1, 0.1)")
    assert skoll.ui_errors == ["Not enough gold"]
    assert skoll.run_lua("return DEFAULT_CHAT_FRAME == ChatFrame1, NUM_CHAT_WINDOWS, "
                         "ChatFrame3:GetObjectType(), ChatFrame1:GetID()") == (
        True, 10, "MessageFrame", 1)
    skoll.run_lua("ChatFrame1:AddMessage('|cffff0000red|r line', 1, 0, 0) "
                  "DEFAULT_CHAT_FRAME:AddMessage('plain')")
    assert skoll.chat.lines[-2:] == ["|cffff0000red|r line", "plain"]
    assert skoll.chat.colours[-2:] == [(1, 0, 0), None]
    skoll.run_lua("ChatFrame3:AddMessage('combat', 1, 1, 0)")
    assert "combat" not in skoll.chat


def test_the_globals(skoll, flavour):
    assert skoll.run_lua("""
        local t = { a = { b = 1 }, 2 }
        local deep, shallow = CopyTable(t), CopyTable(t, true)
        return deep.a ~= t.a and deep.a.b == 1, shallow.a == t.a, deep[1]""") == (True, True, 2)
    assert skoll.run_lua("setglobal('TavernX', 5) return getglobal('TavernX'), TavernX") == (5, 5)
    assert skoll.run_lua("return GetDefaultLanguage()") == ("Common", 7)
    assert skoll.run_lua("return C_CurrencyInfo.GetCoinTextureString(1234567)") == (
        "123|TInterface\\MoneyFrame\\UI-GoldIcon:0:0:2:0|t "
        "45|TInterface\\MoneyFrame\\UI-SilverIcon:0:0:2:0|t "
        "67|TInterface\\MoneyFrame\\UI-CopperIcon:0:0:2:0|t")
    assert skoll.run_lua("return GetCoinTextureString(10005, 12)") == (
        "1|TInterface\\MoneyFrame\\UI-GoldIcon:12:12:2:0|t "
        "5|TInterface\\MoneyFrame\\UI-CopperIcon:12:12:2:0|t")
    assert skoll.run_lua("return GetCoinTextureString(0)").startswith("0|T")
    assert skoll.run_lua("return C_CurrencyInfo.GetCoinText(20301)") == "2 Gold, 3 Silver, 1 Copper"
    assert skoll.run_lua("local a = PlaySound(8959, 'Master') "
                         "return a, PlaySoundFile('Sound\\\\x.ogg')") == (True, True, 2)
    assert skoll.sounds == [(8959, "Master"), ("Sound\\x.ogg", None)]


def test_the_coin_fallbacks_follow_the_deprecation_setting(tmp_path):
    client = Realm(wtf=tmp_path, deprecated_globals=False).login("Skoll")
    assert client.run_lua("return GetCoinTextureString") is None
    assert client.run_lua("return type(C_CurrencyInfo.GetCoinTextureString)") == "function"


def test_each_piece_exists_where_the_flavours_data_has_it(skoll, flavour):
    game = api(flavour)
    for name in ("StaticPopup_Show", "StaticPopup_Hide", "CopyTable", "setglobal", "getglobal",
                 "message", "GetDefaultLanguage", "GetChannelName", "PlaySound", "PlaySoundFile",
                 "JoinChannelByName", "IsInGuild", "GetGuildInfo",
                 "InterfaceOptions_AddCategory"):
        kind = skoll.run_lua(f"return type({name})")
        assert kind == ("function" if game.has(name) else "nil"), name
    assert skoll.run_lua("return type(InterfaceOptions_AddCategory)") == (
        "function" if flavour == "mists" else "nil")
    with pytest.raises(LuaError, match="the WoW API GetChannelDisplayInfo is not implemented"):
        skoll.run_lua("return GetChannelDisplayInfo(1)")


def test_find_visible_c_sound_and_the_error_frame_fading(skoll, flavour):
    skoll.run_lua("A = { id = 1 } StaticPopup_Show('BET', '1', 'x', A)")
    assert skoll.run_lua("return StaticPopup_FindVisible('BET', A) == StaticPopup1, "
                         "StaticPopup_FindVisible('BET', {}) == nil") == (True, True)
    if api(flavour).has("C_Sound.PlaySound"):
        assert skoll.run_lua("return C_Sound.PlaySound(12)") == (True, 1)
        assert skoll.sounds[-1] == (12, None)
    skoll.run_lua("UIErrorsFrame:AddMessage('Too far away')")
    assert skoll.widget("UIErrorsFrame").visible
    skoll.realm.run_for(4)
    assert skoll.widget("UIErrorsFrame").visible
    skoll.realm.run_for(2)
    assert not skoll.widget("UIErrorsFrame").shown
