local addonName, ns = ...

GoldRollMixin = {}

function GoldRollMixin:OnLoad()
	GoldRollLog[#GoldRollLog + 1] = "window loaded with " .. #self.Buttons .. " buttons"
	self:SetTitle("GoldRoll")
	self:RegisterEvent("CHAT_MSG_SYSTEM")
	self.rolls = {}
end

function GoldRollMixin:OnShow()
	GoldRollLog[#GoldRollLog + 1] = "show"
	self.Amount:SetText(GoldRollDB and GoldRollDB.last or "")
end

function GoldRollMixin:OnAmountChanged(box, userInput)
	self.RollButton:SetEnabled(box:GetNumber() > 0)
	GoldRollLog[#GoldRollLog + 1] = "amount " .. box:GetText() .. (userInput and " typed" or " set")
end

function GoldRollMixin:Roll()
	local amount = self.Amount:GetNumber()
	if amount <= 0 or amount > self.maxAmount then
		self.Status:SetText("GoldRoll: bet 1 to " .. self.maxAmount)
		return
	end
	GoldRollDB = GoldRollDB or {}
	GoldRollDB.last = tostring(amount)
	if self.Announce:GetChecked() then
		C_ChatInfo.SendChatMessage("GoldRoll: rolling for " .. amount .. " gold", self.channel)
	end
	self.Status:SetText("GoldRoll: rolling 1-" .. amount)
	RandomRoll(1, amount)
end

function GoldRollMixin:OnEvent(event, text)
	local who, roll, low, high = text:match("^(%S+) rolls (%d+) %((%d+)%-(%d+)%)$")
	if who then
		self.rolls[#self.rolls + 1] = who .. "=" .. roll
		self.Status:SetText(who .. " rolled " .. roll)
	end
end

SLASH_GOLDROLL1 = "/goldroll"
SlashCmdList.GOLDROLL = function()
	GoldRollFrame:SetShown(not GoldRollFrame:IsShown())
end
ns.loaded = addonName
