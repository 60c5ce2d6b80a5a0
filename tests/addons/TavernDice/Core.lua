-- Tavern Dice: the host starts a round for a stake, the others answer a popup and roll, the
-- host ends the round and everyone's window shows the winner.
local addonName, ns = ...

local PREFIX = "TavernDice"
local Dice = LibStub("LibDiceComm-1.0"):Embed({})
ns.Dice = Dice

local DEFAULTS = { announce = false, maxRoll = 100, channel = "PARTY", minimapAngle = 225 }

local function me() return (UnitName("player")) end

-- "Skoll rolls 42 (1-100)" in the client's own words, from RANDOM_ROLL_RESULT.
local function roll_pattern()
	local pattern = RANDOM_ROLL_RESULT:gsub("[%(%)%.%-]", "%%%0")
	pattern = pattern:gsub("%%%d?%$?s", "(.+)"):gsub("%%%d?%$?d", "(%%d+)")
	return "^" .. pattern .. "$"
end

function Dice:Channel() return TavernDiceDB.channel end

function Dice:StartRound(stake)
	stake = tonumber(stake)
	if not stake or stake < 1 then
		UIErrorsFrame:AddMessage("Tavern Dice: the stake is a number of gold", 1, 0.1, 0.1)
		return
	end
	self:SendDiceComm(PREFIX, "START", stake .. ":" .. TavernDiceDB.maxRoll, self:Channel())
end

function Dice:FinishRound()
	local round = self.round
	if not round or round.host ~= me() then return end
	local best
	for _, entry in ipairs(round.order) do
		if not best or entry.roll > best.roll then best = entry end
	end
	if not best then
		self:SendDiceComm(PREFIX, "VOID", "", self:Channel())
		return
	end
	self:SendDiceComm(PREFIX, "WIN", best.name .. ":" .. best.roll .. ":" .. round.stake, self:Channel())
	if TavernDiceDB.announce then
		C_ChatInfo.SendChatMessage(("Tavern Dice: %s wins %d gold with %d"):format(best.name, round.stake, best.roll),
			self:Channel())
	end
end

Dice.commands = {
	START = function(self, payload, sender)
		local stake, max = strsplit(":", payload)
		self.round = { host = sender, stake = tonumber(stake), max = tonumber(max), order = {}, rolled = {} }
		ns.window:ShowRound(self.round)
		if sender ~= me() then
			StaticPopup_Show("TAVERNDICE_JOIN", sender, GetCoinTextureString(self.round.stake * 10000), self.round)
		end
	end,
	WIN = function(self, payload)
		local name, roll, stake = strsplit(":", payload)
		self.round = nil
		StaticPopup_Hide("TAVERNDICE_JOIN")
		ns.window:ShowWinner(name, tonumber(roll), tonumber(stake))
		PlaySound(SOUNDKIT and SOUNDKIT.IG_QUEST_LIST_COMPLETE or 878)
	end,
	VOID = function(self)
		self.round = nil
		StaticPopup_Hide("TAVERNDICE_JOIN")
		ns.window:ShowWinner(nil)
	end,
}

function Dice:OnComm(command, payload, sender)
	local handler = self.commands[command]
	if handler then handler(self, payload, sender) end
end

function Dice:Roll()
	if self.round then RandomRoll(1, self.round.max) end
end

-- The host counts each player's first roll of the round's range.
function Dice:OnRollLine(text)
	local round = self.round
	if not round or round.host ~= me() then return end
	local name, roll, low, high = text:match(roll_pattern())
	roll, low, high = tonumber(roll), tonumber(low), tonumber(high)
	if not name or low ~= 1 or high ~= round.max or round.rolled[name] then return end
	round.rolled[name] = true
	round.order[#round.order + 1] = { name = name, roll = roll }
	ns.window:ShowRolls(round)
end

StaticPopupDialogs.TAVERNDICE_JOIN = {
	text = "%s starts a round of Tavern Dice for %s. Roll?",
	button1 = ROLL or "Roll",
	button2 = PASS or "Pass",
	OnAccept = function() Dice:Roll() end,
	timeout = 30,
	hideOnEscape = true,
	whileDead = true,
}
StaticPopupDialogs.TAVERNDICE_FINISH = {
	text = "End the round and pay the winner %s?",
	button1 = YES or "Yes",
	button2 = NO or "No",
	OnAccept = function() Dice:FinishRound() end,
	hideOnEscape = true,
}

local events = CreateFrame("Frame")
events:RegisterEvent("ADDON_LOADED")
events:RegisterEvent("VARIABLES_LOADED")
events:RegisterEvent("CHAT_MSG_SYSTEM")
events:SetScript("OnEvent", function(self, event, arg1)
	if event == "ADDON_LOADED" and arg1 == addonName then
		TavernDiceDB = TavernDiceDB or {}
		for key, value in pairs(DEFAULTS) do
			if TavernDiceDB[key] == nil then TavernDiceDB[key] = value end
		end
		Dice:RegisterDiceComm(PREFIX, "OnComm")
	elseif event == "VARIABLES_LOADED" then
		-- Every addon's saved variables are in: the options panel and the minimap button.
		ns.RegisterOptions()
		ns.PlaceMinimapButton()
	elseif event == "CHAT_MSG_SYSTEM" then
		Dice:OnRollLine(arg1)
	end
end)

SLASH_TAVERNDICE1, SLASH_TAVERNDICE2 = "/tavern", "/tdice"
SlashCmdList.TAVERNDICE = function(msg)
	if msg == "options" then
		Settings.OpenToCategory(ns.category:GetID())
	else
		ns.window:SetShown(not ns.window:IsShown())
	end
end
