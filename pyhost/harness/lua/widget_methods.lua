-- Widget methods with more than fields behind them: layout, text, buttons, edit boxes,
-- sliders, bars, scroll frames, textures, fonts. Runs after widgets.lua with `host`, `config`
-- and `api` (api.widgets is widgets.lua's table). Each method is filed under the type that
-- has it in the data; a type that lacks it never sees it.

local host, config, api = ...
local W = api.widgets
local S, impl, state, fire, info_of = W.S, W.impl, W.state, W.fire, W.info_of

local type, ipairs, select, tostring, tonumber, error, unpack = type, ipairs, select, tostring,
	tonumber, error, unpack
local strupper, strformat, strgsub, strlen = string.upper, string.format, string.gsub, string.len
local floor = math.floor

local SCREEN_W, SCREEN_H = config.screen[1], config.screen[2]

------------------------------------------------------------------------------
-- Layout: points, sizes, and the rectangle they give (the game's rules).

-- Where each point sits across (0 left, 0.5 centre, 1 right) and up (0 bottom, 1 top).
local ACROSS = { TOPLEFT = 0, LEFT = 0, BOTTOMLEFT = 0, TOP = 0.5, CENTER = 0.5, BOTTOM = 0.5,
	TOPRIGHT = 1, RIGHT = 1, BOTTOMRIGHT = 1 }
local UP = { BOTTOMLEFT = 0, BOTTOM = 0, BOTTOMRIGHT = 0, LEFT = 0.5, CENTER = 0.5, RIGHT = 0.5,
	TOPLEFT = 1, TOP = 1, TOPRIGHT = 1 }

local function effective_scale(object)
	local scale = 1
	while object do
		local s = S[object]
		scale = scale * s.f.scale
		object = s.parent
	end
	return scale
end
W.effective_scale = effective_scale

local function point_name(point, method)
	local name = type(point) == "string" and strupper(point)
	if not name or not ACROSS[name] then error(method .. "(): Invalid region point " .. tostring(point), 3) end
	return name
end

local function as_region(value)
	if type(value) == "string" then value = _G[value] end
	return value
end

local Region = impl.Region
function Region:SetPoint(point, a, b, c, d)
	local s = state(self)
	point = point_name(point, "SetPoint")
	local rel, rel_point, x, y
	if type(a) == "number" then
		x, y = a, b
	else
		rel = as_region(a)
		if rel ~= nil and not S[rel] then error("SetPoint(): Couldn't find region named '" .. tostring(a) .. "'", 2) end
		if rel == self then error("SetPoint(): Cannot anchor to itself", 2) end
		if type(b) == "number" then x, y = b, c else rel_point, x, y = b, c, d end
	end
	rel_point = rel_point and point_name(rel_point, "SetPoint") or point
	local entry = { point, rel, rel_point, x or 0, y or 0 }
	for i, existing in ipairs(s.points) do
		if existing[1] == point then s.points[i] = entry return end
	end
	s.points[#s.points + 1] = entry
end
function Region:ClearAllPoints() state(self).points = {} end
function Region:ClearPoint(point)
	local points = state(self).points
	for i = #points, 1, -1 do if points[i][1] == point then table.remove(points, i) end end
end
function Region:SetAllPoints(rel)
	local s = state(self)
	rel = as_region(rel) or s.parent
	s.points = { { "TOPLEFT", rel, "TOPLEFT", 0, 0 }, { "BOTTOMRIGHT", rel, "BOTTOMRIGHT", 0, 0 } }
end
function Region:GetNumPoints() return #state(self).points end
function Region:GetPoint(which)
	local points = state(self).points
	local entry
	if type(which) == "string" then
		for _, p in ipairs(points) do if p[1] == strupper(which) then entry = p end end
	else
		entry = points[which or 1]
	end
	if entry then return unpack(entry, 1, 5) end
end
function Region:GetPointByName(name) return self:GetPoint(name) end

local function size_changed(self, s)
	if s.scripts.OnSizeChanged then fire(self, "OnSizeChanged", s.f.width, s.f.height) end
end
function Region:SetWidth(width)
	local s = state(self)
	s.sized_w = true
	if s.f.width ~= width then s.f.width = width size_changed(self, s) end
end
function Region:SetHeight(height)
	local s = state(self)
	s.sized_h = true
	if s.f.height ~= height then s.f.height = height size_changed(self, s) end
end
function Region:SetSize(width, height)
	local s = state(self)
	s.sized_w, s.sized_h = true, true
	if s.f.width ~= width or s.f.height ~= height then
		s.f.width, s.f.height = width, height
		size_changed(self, s)
	end
end

-- A font string not given a size is as wide as its text and as tall as its font (an
-- estimate: there are no font files here).
local function natural_width(s)
	if s.info.name == "FontString" and not s.sized_w then
		local _, size = W.font_of(s)
		return s.f.text and W.text_width(s.f.text, size) or 0
	end
	return s.f.width
end
local function natural_height(s)
	if s.info.name == "FontString" and not s.sized_h then
		local _, size = W.font_of(s)
		return size
	end
	return s.f.height
end

-- The rectangle in screen units: left, bottom, width, height; nil while not resolvable.
local function rect(object, seen)
	if object == W.UIParent then return 0, 0, SCREEN_W, SCREEN_H end
	local s = S[object]
	local points = s.points
	if #points == 0 then return nil end
	seen = seen or {}
	if seen[object] then return nil end
	seen[object] = true
	local scale = effective_scale(object)
	local across, up = {}, {}
	for _, p in ipairs(points) do
		local target = p[2] or s.parent or W.UIParent
		local tl, tb, tw, th = rect(target, seen)
		if tl then
			local x = tl + tw * ACROSS[p[3]] + p[4] * scale
			local y = tb + th * UP[p[3]] + p[5] * scale
			across[ACROSS[p[1]]] = x
			up[UP[p[1]]] = y
		end
	end
	seen[object] = nil
	local function solve(side, size)
		local low, mid, high = side[0], side[0.5], side[1]
		if low and high then return low, high - low end
		if low and mid then return low, 2 * (mid - low) end
		if mid and high then return 2 * mid - high, 2 * (high - mid) end
		if low then return low, size end
		if high then return high - size, size end
		if mid then return mid - size / 2, size end
	end
	local left, w = solve(across, natural_width(s) * scale)
	local bottom, h = solve(up, natural_height(s) * scale)
	if not left or not bottom then return nil end
	return left, bottom, w, h
end
W.rect = rect

local function own_units(self)
	local l, b, w, h = rect(self)
	if not l then return nil end
	local scale = effective_scale(self)
	return l / scale, b / scale, w / scale, h / scale
end
function Region:GetRect() return own_units(self) end
function Region:GetScaledRect() return rect(self) end
function Region:GetLeft() local l = own_units(self) return l end
function Region:GetBottom() local _, b = own_units(self) return b end
function Region:GetRight() local l, _, w = own_units(self) return l and l + w end
function Region:GetTop() local _, b, _, h = own_units(self) return b and b + h end
function Region:GetCenter()
	local l, b, w, h = own_units(self)
	if l then return l + w / 2, b + h / 2 end
end
function Region:GetWidth()
	local s = state(self)
	if #s.points > 1 then
		local _, _, w = own_units(self)
		if w then return w end
	end
	return natural_width(s)
end
function Region:GetHeight()
	local s = state(self)
	if #s.points > 1 then
		local _, _, _, h = own_units(self)
		if h then return h end
	end
	return natural_height(s)
end
function Region:GetSize() return self:GetWidth(), self:GetHeight() end
function Region:IsRectValid() return rect(self) ~= nil end
function Region:GetEffectiveScale() return effective_scale(self) end
function Region:EnableMouse(enabled)
	local f = state(self).f
	f.mouseClickEnabled, f.mouseMotionEnabled = enabled and true or false, enabled and true or false
end
function Region:IsMouseEnabled()
	local f = state(self).f
	return f.mouseClickEnabled or f.mouseMotionEnabled
end
function Region:IsMouseOver() return false end -- no pointer in a headless client
function Region:IsProtected() return false, false end

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
	impl[kind]["Set" .. name .. "Atlas"] = function(self, atlas)
		button_texture(field, layer)(self, nil)
		state(self).f[field]:SetAtlas(atlas)
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

function impl.MessageFrame:AddMessage(text, r, g, b)
	local s = state(self)
	s.messages = s.messages or {}
	s.messages[#s.messages + 1] = tostring(text)
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

if host.has("GetScreenWidth") then
	function GetScreenWidth() return SCREEN_W end
	function GetScreenHeight() return SCREEN_H end
end
