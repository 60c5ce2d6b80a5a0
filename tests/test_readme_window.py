"""Two players in a party, each with an addon whose window rolls dice and lists the rolls."""

TOC = """\
## Interface: 120100
## Title: Dice Window
window.xml
"""

XML = """\
<Ui xmlns="http://www.blizzard.com/wow/ui/">
  <Script file="window.lua"/>
  <Frame name="DiceWindow" parent="UIParent" inherits="BasicFrameTemplateWithInset"
         mixin="DiceWindowMixin">
    <Size x="260" y="160"/>
    <Anchors><Anchor point="CENTER"/></Anchors>
    <Layers>
      <Layer level="ARTWORK">
        <FontString parentKey="Rolls" inherits="GameFontHighlight" text="No rolls yet">
          <Anchors><Anchor point="TOP" y="-40"/></Anchors>
        </FontString>
      </Layer>
    </Layers>
    <Frames>
      <EditBox parentKey="Sides" inherits="InputBoxTemplate" numeric="true" autoFocus="false">
        <Size x="60" y="20"/>
        <Anchors><Anchor point="BOTTOMLEFT" x="24" y="16"/></Anchors>
      </EditBox>
      <Button parentKey="RollButton" inherits="UIPanelButtonTemplate" text="Roll">
        <Size x="90" y="22"/>
        <Anchors><Anchor point="BOTTOMRIGHT" x="-16" y="14"/></Anchors>
        <Scripts><OnClick>RandomRoll(1, self:GetParent().Sides:GetNumber())</OnClick></Scripts>
      </Button>
    </Frames>
    <Scripts>
      <OnLoad method="OnLoad"/>
      <OnEvent method="OnEvent"/>
    </Scripts>
  </Frame>
</Ui>
"""

LUA = """\
DiceWindowMixin = {}

function DiceWindowMixin:OnLoad()
    self.TitleText:SetText("Dice Window")
    self.lines = {}
    self:RegisterEvent("CHAT_MSG_SYSTEM")
end

function DiceWindowMixin:OnEvent(event, text)
    if text:find("rolls") then
        table.insert(self.lines, text)
        self.Rolls:SetText(table.concat(self.lines, "\\n"))
    end
end
"""


def write_addon(folder):
    folder.mkdir()
    (folder / "DiceWindow.toc").write_text(TOC, encoding="utf-8")
    (folder / "window.xml").write_text(XML, encoding="utf-8")
    (folder / "window.lua").write_text(LUA, encoding="utf-8")
    return folder


def test_a_roll_from_the_window_shows_in_both_windows(realm, tmp_path):
    addon = write_addon(tmp_path / "DiceWindow")
    skoll = realm.login("Skoll", addons=[addon])
    riggs = realm.login("Riggs", addons=[addon])
    realm.party(skoll, riggs)

    window = skoll.widget("DiceWindow")
    window["Sides"].type("20")
    realm.script_rolls(17)
    skoll.button("Roll").click()
    realm.run_until_quiet()

    for player in (skoll, riggs):
        assert player.widget("DiceWindow.Rolls").text == "Skoll rolls 17 (1-20)"
    boxes = skoll.screenshot(tmp_path / "window.png")  # what Skoll sees, as a PNG
    assert any(box.text == "Dice Window" for box in boxes)
    assert riggs.widget("DiceWindow").visible
