-- Records what any player in the group can read: Tauren Hold'em's addon messages (its prefix
-- registered here too) and every chat and system line, in arrival order.
SnifferLog = {}
local frame = CreateFrame("Frame")
frame:RegisterEvent("PLAYER_LOGIN")
frame:RegisterAllEvents()
frame:SetScript("OnEvent", function(_, event, text, second, third, fourth)
	if event == "PLAYER_LOGIN" then
		C_ChatInfo.RegisterAddonMessagePrefix("TaurenHoldem")
	elseif event == "CHAT_MSG_ADDON" then
		if text == "TaurenHoldem" then
			SnifferLog[#SnifferLog + 1] = "addon " .. fourth .. " " .. second
		end
	elseif event:sub(1, 9) == "CHAT_MSG_" then
		SnifferLog[#SnifferLog + 1] = event .. " " .. tostring(text)
	end
end)
