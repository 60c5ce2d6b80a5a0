local _, ns = ...

TavernDiceWindowMixin = {}

function TavernDiceWindowMixin.Dice() return ns.Dice end

function TavernDiceWindowMixin:OnLoad()
	ns.window = self
	self.TitleText:SetText("Tavern Dice")
	tinsert(UISpecialFrames, self:GetName()) -- Escape closes it
	self.RollButton:Disable()
	self.FinishButton:Disable()
end

function TavernDiceWindowMixin:Start() ns.Dice:StartRound(self.Stake:GetNumber()) end

function TavernDiceWindowMixin:Finish()
	local round = ns.Dice.round
	if round then StaticPopup_Show("TAVERNDICE_FINISH", GetCoinTextureString(round.stake * 10000)) end
end

function TavernDiceWindowMixin:ShowRound(round)
	self:Show()
	self.Status:SetText(("%s's round: %d gold, roll 1-%d"):format(round.host, round.stake, round.max))
	self.Rolls:SetText("")
	self.Winner:SetText("")
	self.RollButton:Enable()
	self.FinishButton:SetEnabled(round.host == UnitName("player"))
end

function TavernDiceWindowMixin:ShowRolls(round)
	local parts = {}
	for _, entry in ipairs(round.order) do parts[#parts + 1] = entry.name .. " " .. entry.roll end
	self.Rolls:SetText(table.concat(parts, ", "))
end

function TavernDiceWindowMixin:ShowWinner(name, roll, stake)
	self.RollButton:Disable()
	self.FinishButton:Disable()
	if name then
		self.Winner:SetText(("%s wins %d gold with %d"):format(name, stake, roll))
	else
		self.Winner:SetText("Nobody rolled")
	end
end
