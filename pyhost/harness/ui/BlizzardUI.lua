-- Blizzard's interface pieces that addons use without making them: the table and global
-- helpers, message(), UISpecialFrames, the chat frames, GameTooltip and UIErrorsFrame (the
-- Minimap is Minimap.lua's). Written for the realm from what Blizzard's interface code and
-- the Warcraft Wiki say they do, not copied. A global function is defined only where the
-- flavour's data has it (StaticPopup.lua holds the popups, Settings.lua the options panels).

local function define(name, fn) rawset(_G, name, fn) end
-- Only names the flavour has: api.lua answers those with a stub that fails by name.
local function has(name) return type(_G[name]) == "function" end

------------------------------------------------------------------------------
-- Tables and globals.

local function copy_table(source, shallow)
	local copy = {}
	for key, value in pairs(source) do
		if type(value) == "table" and not shallow then value = copy_table(value) end
		copy[key] = value
	end
	return copy
end
if has("CopyTable") then define("CopyTable", copy_table) end
if has("setglobal") then define("setglobal", function(name, value) _G[name] = value end) end
if has("getglobal") then define("getglobal", function(name) return _G[name] end) end

------------------------------------------------------------------------------
-- message(): a box with the text and an Okay button (client.messages lists each text).

local box = CreateFrame("Frame", "BasicMessageDialog", UIParent, "BackdropTemplate")
box:SetSize(320, 96)
box:SetPoint("CENTER", 0, 120)
box:SetFrameStrata("DIALOG")
box:Hide()
box.Text = box:CreateFontString("$parentText", "ARTWORK", "GameFontHighlight")
box.Text:SetPoint("TOP", 0, -16)
box.Text:SetWidth(290)
local okay = CreateFrame("Button", "$parentButton", box, "UIPanelButtonTemplate")
okay:SetSize(100, 22)
okay:SetPoint("BOTTOM", 0, 14)
okay:SetText(OKAY or "Okay")
okay:SetScript("OnClick", function() box:Hide() end)
if has("message") then
	define("message", function(text)
		PYHOST_UI.message_box(tostring(text))
		box.Text:SetText(tostring(text))
		box:Show()
	end)
end

------------------------------------------------------------------------------
-- UISpecialFrames: the names of frames the Escape key closes (lua/blizzard_api.lua sends
-- it here when no edit box or keyboard frame takes it).

UISpecialFrames = { "BasicMessageDialog" }
local function close_special_windows()
	local closed = false
	for _, name in ipairs(UISpecialFrames) do
		local frame = _G[name]
		if type(frame) == "table" and frame.IsShown and frame:IsShown() then
			frame:Hide()
			closed = true
		end
	end
	return closed
end
if has("CloseSpecialWindows") then define("CloseSpecialWindows", close_special_windows) end

------------------------------------------------------------------------------
-- Chat frames: ChatFrame1 is DEFAULT_CHAT_FRAME (client.chat); the others keep their lines.

NUM_CHAT_WINDOWS = 10
for i = 2, NUM_CHAT_WINDOWS do
	local frame = CreateFrame("MessageFrame", "ChatFrame" .. i, UIParent)
	frame:Hide()
	frame:SetID(i)
end

------------------------------------------------------------------------------
-- GameTooltip: its lines are font strings GameTooltipTextLeft1..n, as addons read them.

local TooltipLines = {}
local function line_string(self, i)
	local name = self:GetName() .. "TextLeft" .. i
	local text = _G[name]
	if not text then
		text = self:CreateFontString(name, "ARTWORK", i == 1 and "GameFontHighlight" or "GameFontNormal")
		text:SetPoint("TOPLEFT", 10, -10 - (i - 1) * 16)
	end
	return text
end
local function refresh(self)
	local lines = self.pyhostLines
	local width = 40
	for i, line in ipairs(lines) do
		local text = line_string(self, i)
		text:SetText(line.text)
		text:SetTextColor(line.r, line.g, line.b)
		text:Show()
		width = math.max(width, (text:GetStringWidth() or 0) + 20)
	end
	local i = #lines + 1
	while _G[self:GetName() .. "TextLeft" .. i] do
		_G[self:GetName() .. "TextLeft" .. i]:Hide()
		i = i + 1
	end
	self:SetSize(width, 20 + 16 * #lines)
end
function TooltipLines:SetOwner(owner, anchor, x, y)
	self.pyhostOwner, self.pyhostLines = owner, {}
	self:ClearAllPoints()
	if owner and anchor ~= "ANCHOR_NONE" then
		self:SetPoint("BOTTOMLEFT", owner, "TOPRIGHT", x or 0, y or 0)
	end
	refresh(self)
end
function TooltipLines:GetOwner() return self.pyhostOwner end
function TooltipLines:IsOwned(owner) return self.pyhostOwner == owner end
function TooltipLines:ClearLines() self.pyhostLines = {} refresh(self) end
function TooltipLines:AddLine(text, r, g, b)
	local lines = self.pyhostLines
	lines[#lines + 1] = { text = tostring(text), r = r or 1, g = g or 0.82, b = b or 0 }
	refresh(self)
end
function TooltipLines:AddDoubleLine(left, right, lr, lg, lb)
	self:AddLine(tostring(left) .. "  " .. tostring(right), lr, lg, lb)
end
function TooltipLines:SetText(text, r, g, b)
	self.pyhostLines = { { text = tostring(text), r = r or 1, g = g or 1, b = b or 1 } }
	refresh(self)
	self:Show()
end
function TooltipLines:NumLines() return #self.pyhostLines end

local function make_tooltip(name)
	local tip = CreateFrame("GameTooltip", name, UIParent)
	for key, fn in pairs(TooltipLines) do tip[key] = fn end
	tip.pyhostLines = {}
	tip:SetFrameStrata("TOOLTIP")
	tip:Hide()
	tip:SetScript("OnHide", function(self) self.pyhostOwner = nil end)
	return tip
end
make_tooltip("GameTooltip")
make_tooltip("ItemRefTooltip")
if has("GameTooltip_SetDefaultAnchor") then
	define("GameTooltip_SetDefaultAnchor", function(tooltip, parent)
		tooltip:SetOwner(parent, "ANCHOR_NONE")
		tooltip:SetPoint("BOTTOMRIGHT", UIParent, "BOTTOMRIGHT", -100, 100)
	end)
end
if has("GameTooltip_Hide") then define("GameTooltip_Hide", function() GameTooltip:Hide() end) end

------------------------------------------------------------------------------
-- UIErrorsFrame: the red lines at the top of the screen (client.ui_errors lists them).

-- It shows while a line is fresh: hidden until one comes, and for 5 seconds after the last.
local errors = CreateFrame("MessageFrame", "UIErrorsFrame", UIParent)
errors:SetSize(512, 60)
errors:SetPoint("TOP", 0, -122)
errors:SetFrameStrata("DIALOG")
errors:Hide()
local add_message = errors.AddMessage
function errors:AddMessage(text, r, g, b, ...)
	PYHOST_UI.error_line(tostring(text))
	self.pyhostShownFor = 5
	self:Show()
	return add_message(self, text, r, g, b, ...)
end
errors:SetScript("OnUpdate", function(self, elapsed)
	self.pyhostShownFor = (self.pyhostShownFor or 0) - elapsed
	if self.pyhostShownFor <= 0 then self:Hide() end
end)
function errors:AddExternalErrorMessage(text) self:AddMessage(text, 1, 0.1, 0.1) end
function errors:AddExternalWarningMessage(text) self:AddMessage(text, 1, 1, 0) end
