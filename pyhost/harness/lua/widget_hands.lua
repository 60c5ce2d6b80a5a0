-- A test's hands and eyes (client.py's Widget, layout and screenshot): finding widgets,
-- clicking, typing, pressing keys, and what the screen shows. Runs last of the widget files,
-- with `host`, `config` and `api`. Scripts run as the game runs them: an error in one is
-- reported (realm.errors()) and does not reach the test.

local _, _, api = ...
local W = api.widgets
local S, fire, made, visible, rect = W.S, W.fire, W.made, W.visible, W.rect

local type, pairs, ipairs, tonumber, tostring, rawget = type, pairs, ipairs, tonumber, tostring, rawget
local strlower, strupper, strgmatch, strmatch, strsub = string.lower, string.upper, string.gmatch,
	string.match, string.sub

local function attempt(fn) return api.attempt(fn) end

-- "Name", "Name.Key.Key", "Name.ChildName" ($parent names may drop the parent's part) and
-- "Name.#2" (the second child frame).
function api.find_widget(path, from)
	local object = from
	for part in strgmatch(path, "[^.]+") do
		if not object then
			object = api.global(part)
		else
			local s = S[object]
			local found = rawget(object, part)
			if not S[found] then
				found = nil
				local index = tonumber(strmatch(part, "^#(%d+)$"))
				if index then found = s.children[index] end
				for _, list in ipairs({ s.children, s.regions }) do
					for _, child in ipairs(list) do
						local name = S[child].name
						if not found and name and (name == part or name == (s.name or "") .. part) then found = child end
					end
				end
			end
			object = found
		end
		if not S[object] then return nil end
	end
	return object
end

function api.widget_info(object)
	local s = S[object]
	local text
	if object.GetText then text = object:GetText() end
	return {
		name = s.name, path = object.GetDebugName and object:GetDebugName() or s.name or "?",
		type = W.object_type(object), text = text,
		shown = s.f.shown, visible = visible(object), index = s.index,
	}
end

function api.widget_lists(object)
	local s = S[object]
	return s.children, s.regions, s.parent
end

-- Every widget, in the order made; the test filters.
function api.all_widgets() return made end

function api.invoke(object, method, args, n)
	return attempt(function()
		local fn = object[method]
		if type(fn) ~= "function" then error("widget has no method " .. tostring(method), 0) end
		return fn(object, unpack(args, 1, n))
	end)
end

-- A player's mouse wheel over a widget: OnMouseWheel(frame, delta) on it or its nearest
-- ancestor with the mouse wheel enabled; false when none takes it.
function api.user_scroll(object, delta)
	while object and not S[object].f.mouseWheelEnabled do object = S[object].parent end
	if not object then return false end
	fire(object, "OnMouseWheel", delta)
	return true
end

-- A player's click: mouse down, the button's click if it takes that button, mouse up.
function api.user_click(object, button)
	local s = S[object]
	fire(object, "OnMouseDown", button)
	if s.info.isa_lower.button and s.f.enabled ~= false then
		local clicks = s.f.registeredClicks or {}
		if clicks[strlower(button) .. "up"] or clicks.anyup then object:Click(button, false) end
	end
	fire(object, "OnMouseUp", button, true)
	if s.info.isa_lower.editbox and s.f.enabled ~= false then object:SetFocus() end
end

local function utf8_chars(text)
	local out = {}
	for char in strgmatch(text, "[%z\1-\127\192-\253][\128-\191]*") do out[#out + 1] = char end
	return out
end

local function type_char(box, char)
	local s = S[box]
	local f = s.f
	if char == "\n" and not f.isMultiLine then return fire(box, "OnEnterPressed") end
	if char == "\t" then return fire(box, "OnTabPressed") end
	if s.numeric and not strmatch(char, "^%d$") then return end
	if f.maxLetters > 0 and box:GetNumLetters() >= f.maxLetters then return end
	if char == " " then fire(box, "OnSpacePressed") end
	local old, at = f.editboxText, f.cursorPosition
	f.editboxText = strsub(old, 1, at) .. char .. strsub(old, at + 1)
	f.cursorPosition = at + #char
	fire(box, "OnChar", char)
	fire(box, "OnTextChanged", true)
end

-- Typing into the focused edit box, letter by letter.
function api.type_text(box, text)
	box:SetFocus()
	for _, char in ipairs(utf8_chars(text)) do
		if W.focus() ~= box then return end
		type_char(box, char)
	end
end

local BOX_KEYS = {
	ENTER = "OnEnterPressed", ESCAPE = "OnEscapePressed", TAB = "OnTabPressed",
	UP = "OnArrowPressed", DOWN = "OnArrowPressed", LEFT = "OnArrowPressed", RIGHT = "OnArrowPressed",
}

-- A key press: to the focused edit box, else to the visible frames that take the keyboard,
-- newest first, each passing it on only when it propagates keyboard input.
function api.press_key(key)
	key = strupper(key)
	local box = W.focus()
	if box then
		local script = BOX_KEYS[key]
		if script then
			fire(box, script, script == "OnArrowPressed" and key or nil)
		elseif key == "BACKSPACE" then
			local f = S[box].f
			local at = f.cursorPosition
			if at > 0 then
				local old = f.editboxText
				local start = at
				repeat start = start - 1 until start == 0 or not strmatch(strsub(old, start + 1, start + 1), "[\128-\191]")
				f.editboxText = strsub(old, 1, start) .. strsub(old, at + 1)
				f.cursorPosition = start
				fire(box, "OnTextChanged", true)
			end
		elseif key == "SPACE" then
			type_char(box, " ")
		end
		return true
	end
	for i = #made, 1, -1 do
		local frame = made[i]
		local s = S[frame]
		if s.keyboard and visible(frame) then
			fire(frame, "OnKeyDown", key)
			fire(frame, "OnKeyUp", key)
			if not s.f.propagateKeyboardInput then return true end
		end
	end
	return W.escape(key) -- (blizzard_api.lua: a popup, then UISpecialFrames)
end

------------------------------------------------------------------------------
-- What the screen shows.

local STRATA = { WORLD = 0, BACKGROUND = 1, LOW = 2, MEDIUM = 3, HIGH = 4, DIALOG = 5, FULLSCREEN = 6,
	FULLSCREEN_DIALOG = 7, TOOLTIP = 8 }
local LAYERS = { BACKGROUND = 1, BORDER = 2, ARTWORK = 3, OVERLAY = 4, HIGHLIGHT = 5 }

local function frame_order(frame)
	local s = S[frame]
	local strata, level = s.f.frameStrata, s.f.frameLevel
	if s.parent and s.parent ~= W.UIParent then
		local ps, pl = frame_order(s.parent)
		if s.f.frameStrata == "MEDIUM" then strata = ps end
		if level == 0 then level = pl + 1 end
	end
	return strata, level
end

-- A button's own art: (is it the button's art, does it show now). The screenshot draws the
-- button for its art; the layout lists what shows.
local function button_art(region, s)
	local parent = s.parent
	local ps = parent and S[parent]
	if not ps or not ps.info.isa_lower.button then return false, true end
	local f = ps.f
	local enabled = f.enabled ~= false
	if region == f.pushedTexture or region == f.highlightTexture then return true, false end
	if region == f.checkedTexture then return true, f.checked == true and enabled end
	if region == f.disabledCheckedTexture then return true, f.checked == true and not enabled end
	if region == f.disabledTexture then return true, not enabled end
	if region == f.normalTexture then return true, enabled or not f.disabledTexture end
	return s.f.texture ~= nil or s.f.atlas ~= nil, true
end

local function colour(r, g, b, a) return { r or 1, g or 1, b or 1, a or 1 } end

-- The part of the screen a widget may draw on: a scroll frame clips its scroll child and what
-- is in it (not its other children, such as its bar). left, bottom, right, top, or nil.
local function clip_of(object)
	local l, b, r, t
	local from, walk = object, S[object].parent
	while walk do
		local ws = S[walk]
		if ws.info.isa_lower.scrollframe and ws.f.scrollChild == from then
			local cl, cb, cw, ch = rect(walk)
			if cl then
				l, b = math.max(l or cl, cl), math.max(b or cb, cb)
				r, t = math.min(r or cl + cw, cl + cw), math.min(t or cb + ch, cb + ch)
			end
		end
		from, walk = walk, ws.parent
	end
	return l, b, r, t
end

-- Each visible widget with a rectangle, in drawing order, with what a picture needs.
function api.layout()
	local out = {}
	for _, object in ipairs(made) do
		local s = S[object]
		if s.parent ~= nil or s.info.frame then
			local left, bottom, width, height = rect(object)
			local shows = left and visible(object) and object ~= W.UIParent and object ~= WorldFrame
			local art = false
			if shows and not s.info.frame then
				local show
				art, show = button_art(object, s)
				shows = show and s.f.layer ~= "HIGHLIGHT"
			end
			if shows then
				local entry = { object = object, path = object:GetDebugName(), type = W.object_type(object),
					left = left, bottom = bottom, width = width, height = height, index = s.index,
					alpha = 1, art = art }
				local frame = s.info.frame and object or s.parent
				entry.strata, entry.level = frame_order(frame)
				entry.strata_order = STRATA[entry.strata] or 3
				entry.layer = s.info.frame and 0 or LAYERS[s.f.layer] or 3
				entry.sublevel = s.f.sublevel or 0
				local a, walk = 1, object
				while walk do a = a * S[walk].f.alpha walk = S[walk].parent end
				entry.alpha = a
				local isa = s.info.isa_lower
				if isa.fontstring then
					entry.text = s.f.text
					entry.color = colour(object:GetTextColor())
					entry.justify = object:GetJustifyH()
				elseif isa.editbox then
					entry.text = object:GetDisplayText()
					entry.color = colour(object:GetTextColor())
				elseif isa.texturebase then
					entry.texture = s.f.atlas or s.f.texture
					if s.f.colorTextureR then
						entry.fill = colour(s.f.colorTextureR, s.f.colorTextureG, s.f.colorTextureB, s.f.colorTextureA)
					end
					entry.tint = colour(object:GetVertexColor())
					local bar = s.parent and S[s.parent]
					if bar and bar.info.isa_lower.statusbar and bar.f.statusBarTexture == object then
						local low, high = bar.f.min, bar.f.max
						local share = high > low and (bar.f.value - low) / (high - low) or 0
						entry.width = width * share
						entry.fill = entry.fill or colour(s.parent:GetStatusBarColor())
					end
				end
				local lines = rawget(object, "pyhostLines") -- a ScrollingMessageFrame's
				if type(lines) == "table" then
					local shown, last = {}, #lines - (rawget(object, "pyhostOffset") or 0)
					for i = last, 1, -1 do
						if (last - i + 1) * 14 > height then break end
						table.insert(shown, 1, lines[i][1])
					end
					entry.lines = shown
				end
				if isa.checkbutton then entry.checked = object:GetChecked() end
				if isa.button or isa.editbox or isa.slider then entry.enabled = object:IsEnabled() end
				if s.info.frame and object.backdropInfo then
					entry.backdrop = colour(object:GetBackdropColor())
					if object.backdropInfo.edgeFile then entry.border = colour(object:GetBackdropBorderColor()) end
				end
				local cl, cb, cr, ct = clip_of(object)
				if cl then
					local l, b = math.max(entry.left, cl), math.max(entry.bottom, cb)
					local r, t = math.min(entry.left + entry.width, cr), math.min(entry.bottom + entry.height, ct)
					if r - l < entry.width or t - b < entry.height then entry.clipped = true end
					-- Wholly outside (or only touching its edge): not drawn.
					if r - l < math.min(entry.width, 0.001) or t - b < math.min(entry.height, 0.001) then
						shows = false
					end
					entry.left, entry.bottom, entry.width, entry.height = l, b, r - l, t - b
				end
				if shows then out[#out + 1] = entry end
			end
		end
	end
	table.sort(out, function(x, y)
		if x.strata_order ~= y.strata_order then return x.strata_order < y.strata_order end
		if x.level ~= y.level then return x.level < y.level end
		if x.layer ~= y.layer then return x.layer < y.layer end
		if x.sublevel ~= y.sublevel then return x.sublevel < y.sublevel end
		return x.index < y.index
	end)
	return out
end

-- "Type:Method" for every method the realm implements itself (a test holds them to the data).
function api.implemented()
	local out = {}
	for kind, methods in pairs(W.impl) do
		for method in pairs(methods) do out[#out + 1] = kind .. ":" .. method end
	end
	table.sort(out)
	return out
end
