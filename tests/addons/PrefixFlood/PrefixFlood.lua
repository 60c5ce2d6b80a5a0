-- Sends on its own prefix five times a second while in a group, and counts what it hears and
-- what the server refuses it.
PrefixFloodSeen = { sent = 0, refused = 0, heard = 0 }
C_ChatInfo.RegisterAddonMessagePrefix("PrefixFlood")

local frame = CreateFrame("Frame")
frame:RegisterEvent("CHAT_MSG_ADDON")
frame:SetScript("OnEvent", function(_, _, prefix)
	if prefix == "PrefixFlood" then PrefixFloodSeen.heard = PrefixFloodSeen.heard + 1 end
end)

local ticks = 0
C_Timer.NewTicker(0.2, function(ticker)
	ticks = ticks + 1
	if ticks > 300 then ticker:Cancel() return end -- a minute, then quiet (tests end)
	if not IsInGroup() then return end
	local result = C_ChatInfo.SendAddonMessage("PrefixFlood", ("x"):rep(200), "PARTY")
	if result == 0 or result == true then
		PrefixFloodSeen.sent = PrefixFloodSeen.sent + 1
	else
		PrefixFloodSeen.refused = PrefixFloodSeen.refused + 1
	end
end)
