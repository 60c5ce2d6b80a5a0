"""The Settings API (pyhost/harness/ui/Settings.lua) as each flavour's Blizzard_Settings.lua has
it: canvas and vertical categories, settings and their callbacks, InterfaceOptions on mists."""

from __future__ import annotations

import pytest

from pyhost.flavours import FLAVOURS
from pyhost.harness import LuaError, Realm


@pytest.fixture(params=list(FLAVOURS))
def skoll(request, tmp_path):
    return Realm(wtf=tmp_path / "WTF", flavour=request.param).login("Skoll")


def test_a_canvas_category_shows_the_addons_own_frame(skoll):
    skoll.run_lua("""
        Panel = CreateFrame("Frame", "MyOptions", UIParent)
        local check = CreateFrame("CheckButton", "$parentSound", Panel, "UICheckButtonTemplate")
        check:SetPoint("TOPLEFT", 16, -16)
        check.Text:SetText("Play sounds")
        Category = Settings.RegisterCanvasLayoutCategory(Panel, "My Addon")
        Settings.RegisterAddOnCategory(Category)""")
    assert not skoll.widget("MyOptions").visible
    assert skoll.run_lua("return Category:GetName(), Settings.GetCategory('My Addon') == Category, "
                         "Settings.GetCategory(Category:GetID()) == Category") == (
        "My Addon", True, True)
    assert skoll.run_lua("return Settings.OpenToCategory(Category:GetID())") is True
    assert skoll.widget("SettingsPanel").visible and skoll.widget("MyOptions").visible
    skoll.widget("MyOptionsSound").check(True)
    assert skoll.widget("MyOptionsSound").checked
    skoll.widget("SettingsPanel.CloseButton").click()
    assert not skoll.widget("SettingsPanel").shown
    skoll.run_lua("MyOptions:Hide() SettingsPanel:Show()")
    skoll.button("My Addon").click()  # the panel's list of categories
    assert skoll.widget("MyOptions").visible
    assert skoll.run_lua("return Settings.OpenToCategory('No Such Category')") is False


def test_callbacks_with_and_without_an_owner_and_proxy_settings(skoll):
    modern = skoll.run_lua("return Settings.CreateCheckbox ~= nil")
    skoll.run_lua("""
        DB, LOG, Owner = { size = 3 }, {}, { name = "owner" }
        local category = Settings.RegisterVerticalLayoutCategory("Sizes")
        local size = SIZE_SETTING
        size:SetValueChangedCallback(function(setting, value)
            LOG[#LOG + 1] = setting:GetVariable() .. "=" .. value end)
        Settings.SetOnValueChangedCallback("MY_SIZE", function(owner, setting, value)
            LOG[#LOG + 1] = owner.name .. ":" .. value end, Owner)
        PROXIED = 1
        Proxy = Settings.RegisterProxySetting(category, "MY_PROXY", PROXY_ARGS
            function() return PROXIED end, function(value) PROXIED = value end)
        Settings.SetValue("MY_SIZE", 5)
        Settings.SetValue("MY_PROXY", 9)""".replace("SIZE_SETTING", (
        'Settings.RegisterAddOnSetting(category, "MY_SIZE", "size", DB, "number", "Size", 3)'
        if modern else
        'Settings.RegisterAddOnSetting(category, "Size", "MY_SIZE", "number", 3)')).replace(
        "PROXY_ARGS", '"number", "Proxy", 1,' if modern else 'nil, "number", "Proxy", 1,'))
    assert skoll.run_lua("return LOG") == ["MY_SIZE=5", "owner:5"]
    assert skoll.run_lua("return Settings.GetValue('MY_SIZE'), PROXIED, "
                         "Proxy:GetValue(), Proxy:GetName()") == (5, 9, 9, "Proxy")
    if modern:
        assert skoll.run_lua("return DB.size") == 5
    with pytest.raises(LuaError, match="Setting for variable 'NOPE' did not exist"):
        skoll.run_lua("Settings.SetValue('NOPE', 1)")


def test_interface_options_where_the_flavour_has_them(skoll):
    if skoll.realm.flavour != "mists":
        assert skoll.run_lua("return InterfaceOptions_AddCategory, "
                             "InterfaceOptionsFrame_OpenToCategory") == (None, None)
        return
    skoll.run_lua("""
        Panel = CreateFrame("Frame", "OldOptions")
        Panel.name = "Old Addon"
        InterfaceOptions_AddCategory(Panel)
        Child = CreateFrame("Frame", "OldOptionsChild")
        Child.name, Child.parent = "Details", "Old Addon"
        InterfaceOptions_AddCategory(Child)""")
    assert skoll.run_lua("return Settings.GetCategory('Details'):GetParentCategory():GetName()") \
        == "Old Addon"
    skoll.run_lua("InterfaceOptionsFrame_OpenToCategory(Child)")
    assert skoll.widget("OldOptionsChild").visible and not skoll.widget("OldOptions").shown
