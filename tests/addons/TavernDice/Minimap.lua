-- A minimap button: click toggles the window; drag moves it around the minimap's edge (the
-- angle is saved); the tooltip names the addon.
local _, ns = ...

local RADIUS = 80
local button = CreateFrame("Button", "TavernDiceMinimapButton", Minimap)
button:SetSize(31, 31)
button:SetFrameStrata("MEDIUM")
button:SetFrameLevel(8)
button:RegisterForClicks("AnyUp")
button:RegisterForDrag("LeftButton")
button.icon = button:CreateTexture(nil, "ARTWORK")
button.icon:SetTexture("Interface\\Icons\\INV_Misc_Dice_02")
button.icon:SetSize(20, 20)
button.icon:SetPoint("CENTER")

local function place(angle)
	button:ClearAllPoints()
	button:SetPoint("CENTER", Minimap, "CENTER", RADIUS * cos(angle), RADIUS * sin(angle))
end

function ns.PlaceMinimapButton() place(TavernDiceDB.minimapAngle) end

local function follow_cursor()
	local mx, my = Minimap:GetCenter()
	local x, y = GetCursorPosition()
	local scale = Minimap:GetEffectiveScale()
	local angle = atan2(y / scale - my, x / scale - mx) % 360
	TavernDiceDB.minimapAngle = angle
	place(angle)
end

button:SetScript("OnDragStart", function(self) self:SetScript("OnUpdate", follow_cursor) end)
button:SetScript("OnDragStop", function(self) self:SetScript("OnUpdate", nil) end)
button:SetScript("OnClick", function() SlashCmdList.TAVERNDICE("") end)
button:SetScript("OnEnter", function(self)
	GameTooltip:SetOwner(self, "ANCHOR_LEFT")
	GameTooltip:SetText("Tavern Dice")
	GameTooltip:AddLine("Click: the window. Drag: move this button.", 1, 1, 1)
	GameTooltip:Show()
end)
button:SetScript("OnLeave", function() GameTooltip:Hide() end)
