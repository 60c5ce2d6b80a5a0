-- The mixins and helper functions behind the realm's Blizzard templates (Templates.xml),
-- written for the realm: the names, children and behaviour addons rely on, not Blizzard's
-- code. A global function is defined only where the flavour's data has it.

local function define(name, fn) rawset(_G, name, fn) end

-- Only names the flavour has: api.lua answers those with a stub that fails by name, which
-- define() replaces.
local function has(name) return type(_G[name]) == "function" end

local function mixin(object, ...)
	for i = 1, select("#", ...) do
		local source = select(i, ...)
		if type(source) == "table" then
			for key, value in pairs(source) do object[key] = value end
		end
	end
	return object
end
if has("Mixin") then define("Mixin", mixin) end
if has("CreateFromMixins") then define("CreateFromMixins", function(...) return mixin({}, ...) end) end
if has("CreateAndInitFromMixin") then
	define("CreateAndInitFromMixin", function(source, ...)
		local object = mixin({}, source)
		object:Init(...)
		return object
	end)
end

-- Edit boxes (InputBoxTemplate's handlers).
if has("EditBox_ClearFocus") then define("EditBox_ClearFocus", function(self) self:ClearFocus() end) end
if has("EditBox_HighlightText") then define("EditBox_HighlightText", function(self) self:HighlightText() end) end
if has("EditBox_ClearHighlight") then
	define("EditBox_ClearHighlight", function(self) self:ClearHighlightText() end)
end
if has("EditBox_OnTabPressed") then
	define("EditBox_OnTabPressed", function(self)
		if self.nextEditBox then self.nextEditBox:SetFocus() end
	end)
end

-- Backdrops: BackdropTemplateMixin, on any flavour (Frame has no SetBackdrop of its own now).
BackdropTemplateMixin = {}
function BackdropTemplateMixin:OnBackdropLoaded()
	if self.backdropInfo then self:SetBackdrop(self.backdropInfo) end
	if self.backdropColor then
		local c = self.backdropColor
		self:SetBackdropColor(c.r, c.g, c.b, self.backdropColorAlpha or c.a or 1)
	end
	if self.backdropBorderColor then
		local c = self.backdropBorderColor
		self:SetBackdropBorderColor(c.r, c.g, c.b, self.backdropBorderColorAlpha or c.a or 1)
	end
end
function BackdropTemplateMixin:OnBackdropSizeChanged() end
function BackdropTemplateMixin:SetBackdrop(info)
	self.backdropInfo = info
	self.pyhostBackdropColor = info and { 1, 1, 1, 1 } or nil
	self.pyhostBorderColor = info and info.edgeFile and { 1, 1, 1, 1 } or nil
end
function BackdropTemplateMixin:GetBackdrop() return self.backdropInfo end
function BackdropTemplateMixin:ApplyBackdrop() self:SetBackdrop(self.backdropInfo) end
function BackdropTemplateMixin:ClearBackdrop() self:SetBackdrop(nil) end
function BackdropTemplateMixin:HasBackdropInfo(info) return self.backdropInfo == info end
function BackdropTemplateMixin:SetBackdropColor(r, g, b, a)
	if self.backdropInfo then self.pyhostBackdropColor = { r, g, b, a or 1 } end
end
function BackdropTemplateMixin:GetBackdropColor()
	if self.pyhostBackdropColor then return unpack(self.pyhostBackdropColor, 1, 4) end
end
function BackdropTemplateMixin:SetBackdropBorderColor(r, g, b, a)
	if self.backdropInfo then self.pyhostBorderColor = { r, g, b, a or 1 } end
end
function BackdropTemplateMixin:GetBackdropBorderColor()
	if self.pyhostBorderColor then return unpack(self.pyhostBorderColor, 1, 4) end
end

-- Portrait frames (ButtonFrameTemplate, PortraitFrameTemplate): the title and portrait.
PortraitFrameMixin = {}
function PortraitFrameMixin:SetTitle(text) self:GetTitleText():SetText(text) end
function PortraitFrameMixin:SetTitleFormatted(form, ...) self:SetTitle(string.format(form, ...)) end
function PortraitFrameMixin:GetTitleText() return self.TitleContainer.TitleText end
function PortraitFrameMixin:SetPortraitToAsset(texture) self.PortraitContainer.portrait:SetTexture(texture) end
function PortraitFrameMixin:SetPortraitTextureRaw(texture) self.PortraitContainer.portrait:SetTexture(texture) end
function PortraitFrameMixin:GetPortrait() return self.PortraitContainer.portrait end
function PortraitFrameMixin:SetBorder() end
function PortraitFrameMixin:SetPortraitShown(shown) self.PortraitContainer:SetShown(shown) end

if has("ButtonFrameTemplate_HidePortrait") then
	define("ButtonFrameTemplate_HidePortrait", function(self) self.PortraitContainer:Hide() end)
end
if has("ButtonFrameTemplate_ShowPortrait") then
	define("ButtonFrameTemplate_ShowPortrait", function(self) self.PortraitContainer:Show() end)
end
if has("ButtonFrameTemplate_HideButtonBar") then
	define("ButtonFrameTemplate_HideButtonBar", function() end)
end
if has("ButtonFrameTemplate_ShowButtonBar") then
	define("ButtonFrameTemplate_ShowButtonBar", function() end)
end

-- Scroll frames with a bar (UIPanelScrollFrameTemplate): the bar follows the frame's range
-- and offset, and moving the bar scrolls the frame.
PyhostScrollFrameMixin = {}
function PyhostScrollFrameMixin:OnScrollRangeChanged(_, yrange)
	local bar = self.ScrollBar
	yrange = yrange or self:GetVerticalScrollRange()
	bar:SetMinMaxValues(0, yrange)
	if bar:GetValue() > yrange then bar:SetValue(yrange) end
	if yrange <= 0 and not self.scrollBarHideable then bar:Show() end
end
function PyhostScrollFrameMixin:OnVerticalScroll(offset) self.ScrollBar:SetValue(offset) end
-- A notch of the wheel moves the bar a step: up (delta > 0) towards the top.
function PyhostScrollFrameMixin:OnMouseWheel(delta) self.ScrollBar:Step(delta > 0 and -1 or 1) end
PyhostScrollBarMixin = {}
function PyhostScrollBarMixin:OnValueChanged(value)
	local frame = self:GetParent()
	if frame:GetVerticalScroll() ~= value then frame:SetVerticalScroll(value) end
end
function PyhostScrollBarMixin:Step(direction)
	local step = self.scrollStep or (self:GetParent():GetHeight() / 2)
	self:SetValue(self:GetValue() + direction * step)
end

-- ScrollingMessageFrame (an intrinsic in Templates.xml): lines kept, newest last, up to its
-- maximum; scrolling moves which lines show (client.layout() gives the lines that show).
ScrollingMessageFrameMixin = {}
function ScrollingMessageFrameMixin:OnLoad()
	self.pyhostLines, self.pyhostMaxLines, self.pyhostOffset = {}, 120, 0
end
function ScrollingMessageFrameMixin:AddMessage(text, r, g, b)
	if not self.pyhostLines then self:OnLoad() end
	local lines = self.pyhostLines
	lines[#lines + 1] = { tostring(text), r or 1, g or 1, b or 1 }
	while #lines > self.pyhostMaxLines do table.remove(lines, 1) end
end
function ScrollingMessageFrameMixin:BackFillMessage(text, r, g, b)
	table.insert(self.pyhostLines, 1, { tostring(text), r or 1, g or 1, b or 1 })
end
function ScrollingMessageFrameMixin:Clear() self.pyhostLines, self.pyhostOffset = {}, 0 end
function ScrollingMessageFrameMixin:GetNumMessages() return #self.pyhostLines end
function ScrollingMessageFrameMixin:GetMessageInfo(index)
	local line = self.pyhostLines[index]
	if line then return line[1], line[2], line[3], line[4] end
end
function ScrollingMessageFrameMixin:SetMaxLines(count) self.pyhostMaxLines = count end
function ScrollingMessageFrameMixin:GetMaxLines() return self.pyhostMaxLines end
function ScrollingMessageFrameMixin:SetScrollOffset(offset)
	self.pyhostOffset = math.max(0, math.min(offset, #self.pyhostLines - 1))
end
function ScrollingMessageFrameMixin:GetScrollOffset() return self.pyhostOffset end
function ScrollingMessageFrameMixin:ScrollUp() self:SetScrollOffset(self.pyhostOffset + 1) end
function ScrollingMessageFrameMixin:ScrollDown() self:SetScrollOffset(self.pyhostOffset - 1) end
function ScrollingMessageFrameMixin:ScrollToBottom() self.pyhostOffset = 0 end
function ScrollingMessageFrameMixin:ScrollToTop() self:SetScrollOffset(#self.pyhostLines) end
function ScrollingMessageFrameMixin:PageUp() self:SetScrollOffset(self.pyhostOffset + 10) end
function ScrollingMessageFrameMixin:PageDown() self:SetScrollOffset(self.pyhostOffset - 10) end
function ScrollingMessageFrameMixin:AtBottom() return self.pyhostOffset == 0 end
function ScrollingMessageFrameMixin:AtTop() return self.pyhostOffset >= #self.pyhostLines - 1 end
-- Settings kept for the addon to read back; a headless client neither fades nor wraps.
for _, setting in ipairs({ "Fading", "TimeVisible", "FadeDuration", "InsertMode", "JustifyH",
	"Spacing", "IndentedWordWrap", "FontObject", "TextCopyable" }) do
	local key = "pyhost" .. setting
	ScrollingMessageFrameMixin["Set" .. setting] = function(self, value) self[key] = value end
	ScrollingMessageFrameMixin["Get" .. setting] = function(self) return self[key] end
end
