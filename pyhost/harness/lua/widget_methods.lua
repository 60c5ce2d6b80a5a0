-- Widget methods with more than fields behind them: layout, text, buttons, edit boxes,
-- sliders, bars, scroll frames, textures, fonts. Runs after widgets.lua with `host`, `config`
-- and `api` (api.widgets is widgets.lua's table). Each method is filed under the type that
-- has it in the data; a type that lacks it never sees it.

local _, _, api = ...
local W = api.widgets
local S, impl, state, fire, info_of = W.S, W.impl, W.state, W.fire, W.info_of

local type, ipairs, select, tostring, tonumber, error, unpack = type, ipairs, select, tostring,
	tonumber, error, unpack
local strupper, strformat, strgsub, strlen = string.upper, string.format, string.gsub, string.len
local floor = math.floor
local tremove = table.remove

------------------------------------------------------------------------------
-- Fonts and text.

local FONT_SIZE = 12
function W.font_of(s)
	local object = s.f.fontObject
	local font = s.font
	while not font and object and S[object] do
		font = S[object].font
		object = S[object].f.fontObject
	end
	if font then return font[1], font[2] or FONT_SIZE, font[3] end
	return "Fonts\\FRIZQT__.TTF", FONT_SIZE, ""
end
function W.text_width(text, size)
	local _, letters = strgsub(tostring(text), "[^\128-\191]", "")
	return floor(letters * size * 0.55 + 0.5)
end

local function font_object(value)
	if type(value) == "string" then value = _G[value] end
	return value
end

local FontInstance = impl.FontInstance
function FontInstance:SetFont(path, size, flags)
	state(self).font = { path, size, flags or "" }
	return true
end
function FontInstance:GetFont() return W.font_of(state(self)) end
function FontInstance:SetFontObject(object)
	local s = state(self)
	local found = font_object(object)
	if object ~= nil and not S[found] then error("SetFontObject(): Couldn't find font object " .. tostring(object), 2) end
	s.f.fontObject = found
	s.font = nil
end
function FontInstance:GetFontObject() return state(self).f.fontObject end
function FontInstance:SetTextColor(r, g, b, a) state(self).color = { r, g, b, a or 1 } end
function FontInstance:GetTextColor()
	local s = state(self)
	local object = s.f.fontObject
	local color = s.color
	while not color and object and S[object] do color = S[object].color object = S[object].f.fontObject end
	if color then return unpack(color, 1, 4) end
	return 1, 1, 1, 1
end
function FontInstance:SetShadowColor(r, g, b, a) state(self).shadow_color = { r, g, b, a or 1 } end
function FontInstance:GetShadowColor() return unpack(state(self).shadow_color or { 0, 0, 0, 0 }, 1, 4) end
function FontInstance:SetShadowOffset(x, y) state(self).shadow = { x, y } end
function FontInstance:GetShadowOffset() return unpack(state(self).shadow or { 0, 0 }, 1, 2) end

function impl.Font:CopyFontObject(source)
	local s, from = state(self), S[font_object(source)]
	if not from then error("CopyFontObject(): not a font object", 2) end
	s.font, s.color, s.f.fontObject = from.font, from.color, from.f.fontObject
end

-- CreateFont(name): a named font object, the global of that name.
function CreateFont(name)
	return W.new_object(info_of("Font"), name, nil)
end

local function as_text(value)
	if value == nil then return nil end
	if type(value) == "number" then return tostring(value) end
	if type(value) ~= "string" then error("SetText(): text must be a string", 3) end
	return value
end

local FontString = impl.FontString
function FontString:SetText(text) state(self).f.text = as_text(text) end
function FontString:GetText() return state(self).f.text end
function FontString:SetFormattedText(form, ...) state(self).f.text = strformat(form, ...) end
function FontString:GetStringWidth()
	local s = state(self)
	local _, size = W.font_of(s)
	return s.f.text and W.text_width(s.f.text, size) or 0
end
FontString.GetUnboundedStringWidth = FontString.GetStringWidth
function FontString:GetStringHeight()
	local _, size = W.font_of(state(self))
	return size
end
function FontString:SetWordWrap(wrap) state(self).wrap = wrap and true or false end
function FontString:CanWordWrap() return state(self).wrap ~= false end
function FontString:SetNonSpaceWrap(wrap) state(self).nonspace = wrap and true or false end
function FontString:CanNonSpaceWrap() return state(self).nonspace == true end
function FontString:SetTextHeight(size)
	local s = state(self)
	local path, _, flags = W.font_of(s)
	s.font = { path, size, flags }
end
function FontString:GetNumLines() return state(self).f.text and 1 or 0 end
function FontString:IsTruncated() return false end

------------------------------------------------------------------------------
-- Buttons and check buttons.

local Button = impl.Button
-- The button's label: its font string, made on first use as the game's Button does.
local function label(self, s)
	local text = s.f.fontstring
	if not text then
		text = W.create_region(self, "FontString", nil, "ARTWORK")
		text:SetPoint("CENTER")
		s.f.fontstring = text
	end
	return text
end
function Button:SetText(text)
	local s = state(self)
	if text == nil and not s.f.fontstring then return end
	label(self, s):SetText(text)
end
function Button:GetText()
	local text = state(self).f.fontstring
	return text and text:GetText()
end
function Button:SetFormattedText(form, ...) self:SetText(strformat(form, ...)) end
function Button:GetFontString() return state(self).f.fontstring end
function Button:SetFontString(text) state(self).f.fontstring = text end
function Button:GetTextWidth()
	local text = state(self).f.fontstring
	return text and text:GetStringWidth() or 0
end
function Button:GetTextHeight()
	local text = state(self).f.fontstring
	return text and text:GetStringHeight() or 0
end
local function set_enabled(self, enabled)
	local s = state(self)
	enabled = enabled and true or false
	if s.f.enabled == enabled then return end
	s.f.enabled = enabled
	fire(self, enabled and "OnEnable" or "OnDisable")
end
W.set_enabled = set_enabled
for _, kind in ipairs({ "Button", "EditBox", "Slider" }) do
	impl[kind].Enable = function(self) set_enabled(self, true) end
	impl[kind].Disable = function(self) set_enabled(self, false) end
	impl[kind].SetEnabled = function(self, enabled) set_enabled(self, enabled) end
	impl[kind].IsEnabled = function(self) return state(self).f.enabled ~= false end
end
function Button:RegisterForClicks(...)
	local clicks = {}
	for i = 1, select("#", ...) do clicks[string.lower(tostring((select(i, ...))))] = true end
	state(self).f.registeredClicks = clicks
end
function Button:Click(button, down)
	local s = state(self)
	if s.f.enabled == false or s.clicking then return end
	s.clicking = true
	button = button or "LeftButton"
	down = down and true or false
	if s.info.isa_lower.checkbutton then s.f.checked = not s.f.checked end
	fire(self, "PreClick", button, down)
	fire(self, "OnClick", button, down)
	fire(self, "PostClick", button, down)
	s.clicking = false
end

-- A button's textures: a texture, or a file path for a new one that fills the button.
local function button_texture(field, layer)
	return function(self, value)
		local s = state(self)
		if type(value) ~= "table" then
			local texture = s.f[field]
			if not texture then
				texture = W.create_region(self, "Texture", nil, layer)
				texture:SetAllPoints(self)
			end
			if value ~= nil then texture:SetTexture(value) end
			value = texture
		end
		s.f[field] = value
	end
end
for _, entry in ipairs({ { "Button", "Normal", "normalTexture", "ARTWORK" },
	{ "Button", "Pushed", "pushedTexture", "ARTWORK" }, { "Button", "Disabled", "disabledTexture", "ARTWORK" },
	{ "Button", "Highlight", "highlightTexture", "HIGHLIGHT" },
	{ "CheckButton", "Checked", "checkedTexture", "OVERLAY" },
	{ "CheckButton", "DisabledChecked", "disabledCheckedTexture", "OVERLAY" } }) do
	local kind, name, field, layer = entry[1], entry[2], entry[3], entry[4]
	impl[kind]["Set" .. name .. "Texture"] = button_texture(field, layer)
	impl[kind]["Get" .. name .. "Texture"] = function(self) return state(self).f[field] end
	if kind == "Button" then
		impl[kind]["Set" .. name .. "Atlas"] = function(self, atlas)
			button_texture(field, layer)(self, nil)
			state(self).f[field]:SetAtlas(atlas)
		end
	end
end
for _, name in ipairs({ "Normal", "Highlight", "Disabled" }) do
	local field = string.lower(name) .. "FontObject"
	Button["Set" .. name .. "FontObject"] = function(self, object)
		state(self).f[field] = font_object(object)
		local text = state(self).f.fontstring
		if name == "Normal" and text and font_object(object) then text:SetFontObject(object) end
	end
end

function impl.CheckButton:SetChecked(checked) state(self).f.checked = checked and true or false end
function impl.CheckButton:GetChecked() return state(self).f.checked == true end

------------------------------------------------------------------------------
-- Edit boxes: text, focus, typing (client.py types through api.type_text).

local EditBox = impl.EditBox
local focus -- the edit box with the keyboard focus
function EditBox:SetText(text)
	local s = state(self)
	text = as_text(text) or ""
	if s.f.maxLetters > 0 then text = W.utf8_sub(text, s.f.maxLetters) end
	s.f.editboxText = text
	s.f.cursorPosition = strlen(text)
	fire(self, "OnTextSet")
	fire(self, "OnTextChanged", false)
end
function EditBox:GetText() return state(self).f.editboxText end
function EditBox:Insert(text)
	local s = state(self)
	local old, at = s.f.editboxText, s.f.cursorPosition
	text = as_text(text) or ""
	s.f.editboxText = old:sub(1, at) .. text .. old:sub(at + 1)
	s.f.cursorPosition = at + strlen(text)
	fire(self, "OnTextChanged", false)
end
function EditBox:GetNumber() return tonumber(state(self).f.editboxText) or 0 end
function EditBox:SetNumber(n) self:SetText(tostring(n)) end
function EditBox:GetNumLetters()
	local _, letters = strgsub(state(self).f.editboxText, "[^\128-\191]", "")
	return letters
end
function EditBox:HasText() return state(self).f.editboxText ~= "" end
function EditBox:SetNumeric(on) state(self).numeric = on and true or false end
function EditBox:IsNumeric() return state(self).numeric == true end
function EditBox:SetPassword(on) state(self).password = on and true or false end
function EditBox:IsPassword() return state(self).password == true end
function EditBox:SetFocus()
	if focus == self then return end
	local before = focus
	focus = self
	if before then fire(before, "OnEditFocusLost") end
	fire(self, "OnEditFocusGained")
end
function EditBox:ClearFocus()
	if focus ~= self then return end
	focus = nil
	fire(self, "OnEditFocusLost")
end
function EditBox:HasFocus() return focus == self end
function EditBox:HighlightText() state(self).highlighted = true end
function EditBox:ClearHighlightText() state(self).highlighted = nil end
function EditBox:SetTextInsets(l, r, t, b) state(self).insets = { l, r, t, b } end
function EditBox:GetTextInsets() return unpack(state(self).insets or { 0, 0, 0, 0 }, 1, 4) end
function EditBox:AddHistoryLine(line) local s = state(self) s.history = s.history or {} s.history[#s.history + 1] = line end
function EditBox:ClearHistory() state(self).history = nil end
function EditBox:GetDisplayText()
	local s = state(self)
	return s.password and string.rep("*", self:GetNumLetters()) or s.f.editboxText
end
function GetCurrentKeyBoardFocus() return focus end
W.focus = function() return focus end

function W.utf8_sub(text, letters)
	local count, at = 0, 0
	for position in text:gmatch("()[^\128-\191]") do
		count = count + 1
		if count > letters then return text:sub(1, position - 1) end
		at = position
	end
	return text, at
end

------------------------------------------------------------------------------
-- Sliders, status bars, scroll frames.

local function minmax(kind)
	impl[kind].SetMinMaxValues = function(self, low, high)
		local s = state(self)
		if type(low) ~= "number" or type(high) ~= "number" or low > high then
			error(kind .. ":SetMinMaxValues(): Min value must be less than or equal to max value", 2)
		end
		if s.f.min == low and s.f.max == high then return end
		s.f.min, s.f.max = low, high
		fire(self, "OnMinMaxChanged", low, high)
		if s.f.value < low or s.f.value > high then self:SetValue(s.f.value) end
	end
	impl[kind].GetMinMaxValues = function(self) local f = state(self).f return f.min, f.max end
	impl[kind].GetValue = function(self) return state(self).f.value end
	impl[kind].SetValue = function(self, value, user_input)
		local s = state(self)
		if type(value) ~= "number" then error(kind .. ":SetValue(): value must be a number", 2) end
		value = value < s.f.min and s.f.min or value > s.f.max and s.f.max or value
		if s.f.value == value then return end
		s.f.value = value
		fire(self, "OnValueChanged", value, user_input and true or false)
	end
end
minmax("Slider")
minmax("StatusBar")
function impl.StatusBar:SetStatusBarColor(r, g, b, a) state(self).bar_color = { r, g, b, a or 1 } end
function impl.StatusBar:GetStatusBarColor() return unpack(state(self).bar_color or { 1, 1, 1, 1 }, 1, 4) end
function impl.StatusBar:SetStatusBarTexture(value)
	local s = state(self)
	if type(value) ~= "table" then
		local texture = s.f.statusBarTexture or W.create_region(self, "Texture", nil, "ARTWORK")
		texture:SetAllPoints(self)
		if value ~= nil then texture:SetTexture(value) end
		value = texture
	end
	s.f.statusBarTexture = value
	return true
end
function impl.Slider:SetThumbTexture(value)
	local s = state(self)
	if type(value) ~= "table" then
		local texture = s.f.thumbTexture or W.create_region(self, "Texture", nil, "ARTWORK")
		if value ~= nil then texture:SetTexture(value) end
		value = texture
	end
	s.f.thumbTexture = value
end

local ScrollFrame = impl.ScrollFrame
function ScrollFrame:SetScrollChild(child)
	local s = state(self)
	if type(child) == "string" then child = _G[child] end
	s.f.scrollChild = child
	if child and S[child].parent ~= self then child:SetParent(self) end
end
local function scroll_range(self, across)
	local s = state(self)
	local child = s.f.scrollChild
	if not child then return 0 end
	local size = across and child:GetWidth() or child:GetHeight()
	local own = across and self:GetWidth() or self:GetHeight()
	return size > own and size - own or 0
end
function ScrollFrame:GetVerticalScrollRange() return scroll_range(self, false) end
function ScrollFrame:GetHorizontalScrollRange() return scroll_range(self, true) end
function ScrollFrame:SetVerticalScroll(offset)
	state(self).f.verticalScroll = offset
	fire(self, "OnVerticalScroll", offset)
end
function ScrollFrame:SetHorizontalScroll(offset)
	state(self).f.horizontalScroll = offset
	fire(self, "OnHorizontalScroll", offset)
end
function ScrollFrame:UpdateScrollChildRect()
	fire(self, "OnScrollRangeChanged", scroll_range(self, true), scroll_range(self, false))
end

------------------------------------------------------------------------------
-- Textures.

local TextureBase = impl.TextureBase
function TextureBase:SetTexture(file)
	local f = state(self).f
	f.texture, f.atlas, f.colorTextureR = file, nil, nil
	return true
end
function TextureBase:GetTexture() return state(self).f.texture end
function TextureBase:SetColorTexture(r, g, b, a)
	local f = state(self).f
	f.texture, f.atlas = nil, nil
	f.colorTextureR, f.colorTextureG, f.colorTextureB, f.colorTextureA = r, g, b, a or 1
end
function TextureBase:SetAtlas(atlas, use_size)
	local f = state(self).f
	f.atlas, f.texture = atlas, nil
	return true
end
function TextureBase:SetTexCoord(...)
	local n, c = select("#", ...), { ... }
	local f = state(self).f
	if n == 4 then
		f.tlx, f.tly, f.blx, f.bly, f.trx, f.try, f.brx, f.bry = c[1], c[3], c[1], c[4], c[2], c[3], c[2], c[4]
	elseif n == 8 then
		f.tlx, f.tly, f.blx, f.bly, f.trx, f.try, f.brx, f.bry = unpack(c, 1, 8)
	else
		error("SetTexCoord(): takes 4 or 8 numbers", 2)
	end
end
function TextureBase:GetTexCoord()
	local f = state(self).f
	return f.tlx, f.tly, f.blx, f.bly, f.trx, f.try, f.brx, f.bry
end
function TextureBase:SetGradient() end -- drawn plain in screenshots
function TextureBase:SetDesaturated(on) state(self).f.desaturation = on and 1 or 0 end
function TextureBase:IsDesaturated() return state(self).f.desaturation > 0 end
function TextureBase:SetMask(mask) state(self).f.maskName = mask end

impl.LayeredRegion.SetVertexColor = function(self, r, g, b, a)
	local s = state(self)
	s.f.vertexColorR, s.f.vertexColorG, s.f.vertexColorB = r, g, b
	s.vertex_alpha = a
end
impl.LayeredRegion.GetVertexColor = function(self)
	local s = state(self)
	return s.f.vertexColorR, s.f.vertexColorG, s.f.vertexColorB, s.vertex_alpha or 1
end

------------------------------------------------------------------------------
-- Message frames, tooltips, frame levels.

-- A message frame keeps its last 128 lines, as Blizzard's ChatFrame_OnLoad sets its chat
-- frames (SetMaxLines(128)); the oldest goes first.
local MAX_MESSAGES = 128
function impl.MessageFrame:AddMessage(text, r, g, b)
	local s = state(self)
	local messages = s.messages or {}
	s.messages = messages
	messages[#messages + 1] = tostring(text)
	if #messages > MAX_MESSAGES then tremove(messages, 1) end
end
function impl.MessageFrame:Clear() state(self).messages = nil end

local GameTooltip = impl.GameTooltip
function GameTooltip:SetOwner(owner, anchor) local s = state(self) s.owner, s.lines = owner, {} self:Show() end
function GameTooltip:GetOwner() return state(self).owner end
function GameTooltip:IsOwned(owner) return state(self).owner == owner end
function GameTooltip:ClearLines() state(self).lines = {} end
function GameTooltip:AddLine(text) local s = state(self) s.lines = s.lines or {} s.lines[#s.lines + 1] = tostring(text) end
function GameTooltip:AddDoubleLine(left, right) self:AddLine(tostring(left) .. "  " .. tostring(right)) end
function GameTooltip:SetText(text) state(self).lines = { tostring(text) } end
function GameTooltip:NumLines() return #(state(self).lines or {}) end

local Frame = impl.Frame
function Frame:SetFrameLevel(level) state(self).f.frameLevel = level end
function Frame:SetFrameStrata(strata) state(self).f.frameStrata = strupper(tostring(strata)) end
function Frame:EnableKeyboard(on) state(self).keyboard = on and true or false end
function Frame:IsKeyboardEnabled() return state(self).keyboard == true end
function Frame:RegisterForDrag(...) state(self).drag = { ... } end
-- No pointer moves frames in a headless client: these keep no state to get wrong.
function Frame:StartMoving() end
function Frame:StartSizing() end
function Frame:StopMovingOrSizing() end
function Frame:Raise() end
function Frame:Lower() end
function Frame:SetResizeBounds(min_w, min_h, max_w, max_h)
	local f = state(self).f
	f.minResizeWidth, f.minResizeHeight = min_w, min_h
	f.maxResizeWidth, f.maxResizeHeight = max_w or 0, max_h or 0
end

