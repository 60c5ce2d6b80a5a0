"""Three players in a party, each with a small addon that passes a greeting around."""

TOC = """\
## Interface: 120100
## Title: Hello
hello.lua
"""

LUA = """\
local name = ...
local frame = CreateFrame("Frame")
frame:RegisterEvent("ADDON_LOADED")
frame:RegisterEvent("CHAT_MSG_ADDON")
frame:SetScript("OnEvent", function(self, event, ...)
    if event == "ADDON_LOADED" and ... == name then
        C_ChatInfo.RegisterAddonMessagePrefix("Hello")
    elseif event == "CHAT_MSG_ADDON" then
        local prefix, message, channel, sender = ...
        if prefix == "Hello" then
            print(Ambiguate(sender, "short") .. " says " .. message .. " in " .. channel)
        end
    end
end)

SLASH_HELLO1 = "/hello"
SlashCmdList.HELLO = function(message)
    C_ChatInfo.SendAddonMessage("Hello", message, "PARTY")
end
"""


def test_a_party_hears_hello(realm, tmp_path):
    addon = tmp_path / "Hello"
    addon.mkdir()
    (addon / "Hello.toc").write_text(TOC, encoding="utf-8")
    (addon / "hello.lua").write_text(LUA, encoding="utf-8")

    skoll = realm.login("Skoll", addons=[addon])
    riggs = realm.login("Riggs", addons=[addon], locale="deDE")
    mara = realm.login("Mara", addons=[addon], locale="frFR")
    realm.party(skoll, riggs, mara)

    skoll.type("/hello hi")
    realm.run_until_quiet()
    for player in (skoll, riggs, mara):  # the sender hears its own message too
        assert "Skoll says hi in PARTY" in player.chat

    realm.script_rolls(6)  # the server's next /roll
    mara.type("/roll 8")
    realm.run_until_quiet()
    assert "Mara rolls 6 (1-8)" in skoll.chat  # each client in its own locale
    assert "Mara würfelt. Ergebnis: 6 (1-8)" in riggs.chat
    assert "Mara obtient un 6 (1-8)." in mara.chat
