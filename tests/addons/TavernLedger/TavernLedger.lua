-- Tavern Ledger: writes down every roll it sees, in LibDiceFormat's words.
local format = LibStub("LibDiceFormat-1.0")
local names = LibStub("LibTavernNames-1.0")
TavernLedgerLines = {}

local pattern = "^" .. RANDOM_ROLL_RESULT:gsub("[%(%)%.%-]", "%%%0"):gsub("%%%d?%$?s", "(.+)")
	:gsub("%%%d?%$?d", "(%%d+)") .. "$"

local frame = CreateFrame("Frame")
frame:RegisterEvent("CHAT_MSG_SYSTEM")
frame:SetScript("OnEvent", function(_, _, text)
	local name, roll, low, high = text:match(pattern)
	if name then
		TavernLedgerLines[#TavernLedgerLines + 1] = format:Roll(names:Short(name), tonumber(roll),
			tonumber(low), tonumber(high))
	end
end)
