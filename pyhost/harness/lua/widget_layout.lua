-- Widget layout: points, sizes, and the rectangle they give, by the game's rules. Runs after
-- widgets.lua with `host`, `config` and `api` (api.widgets is widgets.lua's table).

local host, config, api = ...
local W = api.widgets
local S, impl, state, fire = W.S, W.impl, W.state, W.fire

local type, ipairs, tostring, error, unpack = type, ipairs, tostring, error, unpack
local strupper = string.upper

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
	local parent = s.parent and S[s.parent]
	if #points == 0 and parent and parent.f.scrollChild == object then
		-- A scroll child without points sits at its scroll frame's top left, moved by the scroll.
		points = { { "TOPLEFT", s.parent, "TOPLEFT", -parent.f.horizontalScroll, parent.f.verticalScroll } }
	end
	if #points == 0 and parent and parent.info.isa_lower.slider and parent.f.thumbTexture == object then
		return W.thumb_rect(object, s, parent, seen)
	end
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

-- A slider's thumb without points of its own sits where its value says: from the left (the
-- minimum) to the right, or, upright, from the top down, as the game draws it.
function W.thumb_rect(object, s, bar, seen)
	local bl, bb, bw, bh = rect(s.parent, seen)
	if not bl then return nil end
	local scale = effective_scale(object)
	local w, h = natural_width(s) * scale, natural_height(s) * scale
	local low, high, value = bar.f.min, bar.f.max, bar.f.value
	local share = high > low and (value - low) / (high - low) or 0
	if bar.f.orientation == "HORIZONTAL" then
		return bl + share * (bw - w), bb + (bh - h) / 2, w, h
	end
	return bl + (bw - w) / 2, bb + bh - h - share * (bh - h), w, h
end

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
-- Whether the mouse (a test's hover) is within the rectangle, widened by the offsets.
function Region:IsMouseOver(top, bottom, left, right)
	if not W.pointer then return false end
	local x, y = W.pointer()
	local l, b, w, h = rect(self)
	if not x or not l then return false end
	return x >= l + (left or 0) and x <= l + w + (right or 0) and y >= b + (bottom or 0) and y <= b + h + (top or 0)
end
function Region:IsProtected() return false, false end

-- UIParent is the screen.
S[W.UIParent].f.width, S[W.UIParent].f.height = SCREEN_W, SCREEN_H

if host.has("GetScreenWidth") then
	function GetScreenWidth() return SCREEN_W end
	function GetScreenHeight() return SCREEN_H end
end
