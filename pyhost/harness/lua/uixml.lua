-- UI XML: frames, regions, fonts and templates made from the elements uixml.py reads.
--
-- Runs after widget_methods.lua with `host`, `config` and `api`. api.load_xml(node) takes one
-- element under <Ui> as a table (tag, a = attributes with lower-case names, text, line, chunk,
-- children 1..n). A `virtual` element is kept as a template by name; any other is made. The
-- order of making follows the game: the object, its parentKey / parentArray, the mixins of its
-- templates and its own, KeyValues, then each template (its own templates first) and the
-- element itself (attributes, size, anchors, layers, child frames, scripts), then OnLoad, so
-- children are made before their parent's OnLoad. An unknown element or attribute is passed
-- over with a warning (client.ui_warnings), as the game logs and goes on; an error in a
-- frame's script is reported (realm.errors()) and the rest of the file loads.

local host, _, api = ...
local W = api.widgets
local S, info_of = W.S, W.info_of

local type, pairs, ipairs, tostring, tonumber, error = type, pairs, ipairs, tostring, tonumber, error
local strlower, strgsub, strgmatch = string.lower, string.gsub, string.gmatch

-- Template name -> its element; a template under <Ui> is kept as its source (uixml.py's
-- `return {...}`) and made into tables each time it is used: the tables of every template a
-- client never uses would otherwise take a share of its memory.
local templates = {}
local intrinsics = {} -- an intrinsic element's tag -> its element (a tag of its own)

local function warn(node, message)
	host.ui_warning((node.chunk and strgsub(node.chunk, "^@Interface/AddOns/", "") or "?") .. ":"
		.. tostring(node.line) .. ": " .. message)
end

local function list(text)
	local out = {}
	if type(text) ~= "string" then return out end
	for item in strgmatch(text, "[^,%s]+") do out[#out + 1] = item end
	return out
end

local function truth(value) return value == "true" or value == "1" end

-- Arguments of script handler bodies, as the game names them (the data gives OnClick's,
-- OnEvent's, OnUpdate's, OnEnter's, OnLeave's and OnAttributeChanged's; the rest follow
-- Blizzard's own handlers).
local ARGS = {
	OnClick = "self, button, down", PreClick = "self, button, down", PostClick = "self, button, down",
	OnDoubleClick = "self, button", OnEvent = "self, event, ...", OnUpdate = "self, elapsed",
	OnEnter = "self, motion", OnLeave = "self, motion", OnAttributeChanged = "self, name, value",
	OnTextChanged = "self, userInput", OnValueChanged = "self, value, userInput",
	OnKeyDown = "self, key", OnKeyUp = "self, key", OnChar = "self, text", OnMouseDown = "self, button",
	OnMouseUp = "self, button, upInside", OnMouseWheel = "self, delta", OnDragStart = "self, button",
	OnSizeChanged = "self, width, height", OnVerticalScroll = "self, offset",
	OnHorizontalScroll = "self, offset", OnScrollRangeChanged = "self, xrange, yrange",
	OnMinMaxChanged = "self, min, max", OnHyperlinkClick = "self, link, text, button",
	OnHyperlinkEnter = "self, link, text", OnHyperlinkLeave = "self, link, text",
}
api.script_args = ARGS

------------------------------------------------------------------------------
-- Templates and the order they apply in.

local function find_template(name)
	local key = templates[name] and name or strlower(name)
	local found = templates[key]
	if type(found) == "string" then found = loadstring(found, "=" .. key)() end
	if type(found) == "number" then found = host.ui_template(found)() end -- the realm's own
	return found, key
end

-- Every element that applies to an object made from `node`: its templates, depth first and
-- in the order named, then `node` itself.
local function chain(node, out, seen)
	out, seen = out or {}, seen or {}
	for _, name in ipairs(list(node.a.inherits)) do
		local template, key = find_template(name)
		if template and not seen[key] then
			seen[key] = true
			chain(template, out, seen)
		elseif not template and not _G[name] then
			warn(node, "inherits '" .. name .. "', which is no template")
		end
	end
	out[#out + 1] = node
	return out
end

------------------------------------------------------------------------------
-- Attributes and child elements.

local function parent_of(object) return S[object] and S[object].parent end

-- "$parent.$parent.Key" and the like, from `object`.
local function relative_key(object, key)
	local target = object
	for part in strgmatch(key, "[^.]+") do
		if part == "$parent" or part == "$Parent" then target = parent_of(target) else target = target and target[part] end
		if not target then return nil end
	end
	return target
end

local function global_text(text)
	local found = _G[text]
	return type(found) == "string" and found or text
end

local function dimensions(node)
	local x, y = tonumber(node.a.x), tonumber(node.a.y)
	for _, child in ipairs(node) do
		if child.tag == "AbsDimension" then x, y = tonumber(child.a.x), tonumber(child.a.y) end
	end
	return x, y
end

local function anchor(object, node)
	local a = node.a
	local relative
	if a.relativekey then
		relative = relative_key(object, a.relativekey)
		if not relative then warn(node, "relativeKey '" .. a.relativekey .. "' finds nothing") return end
	elseif a.relativeto then
		relative = _G[W.resolve_name(a.relativeto, parent_of(object))]
		if not relative then warn(node, "relativeTo '" .. a.relativeto .. "' finds nothing") return end
	end
	local x, y = tonumber(a.x) or 0, tonumber(a.y) or 0
	for _, child in ipairs(node) do
		if child.tag == "Offset" then
			local ox, oy = dimensions(child)
			x, y = ox or x, oy or y
		end
	end
	object:SetPoint(a.point or "CENTER", relative or parent_of(object), a.relativepoint or a.point or "CENTER", x, y)
end

local function color(node)
	local a = node.a
	if a.color and _G[a.color] and type(_G[a.color]) == "table" then
		local c = _G[a.color]
		return c.r, c.g, c.b, c.a or 1
	end
	return tonumber(a.r) or 0, tonumber(a.g) or 0, tonumber(a.b) or 0, tonumber(a.a) or 1
end

local function key_value(node)
	local a = node.a
	local kind, value = a.type or "string", a.value
	if kind == "number" then return tonumber(value)
	elseif kind == "boolean" then return value == "true"
	elseif kind == "global" then return _G[value]
	elseif kind == "nil" then return nil end
	return value
end

-- Attributes every layout element takes; then those of frames and regions by type.
local function apply_attributes(object, a, node)
	local s = S[object]
	if a.hidden then if truth(a.hidden) then object:Hide() else object:Show() end end
	if a.setallpoints and truth(a.setallpoints) then object:SetAllPoints() end
	if a.alpha then object:SetAlpha(tonumber(a.alpha)) end
	if a.scale and object.SetScale then object:SetScale(tonumber(a.scale)) end
	local isa = s.info.isa_lower
	if isa.frame then
		if a.id then object:SetID(tonumber(a.id)) end
		if a.framestrata then object:SetFrameStrata(a.framestrata) end
		if a.framelevel then object:SetFrameLevel(tonumber(a.framelevel)) end
		if a.enablemouse then object:EnableMouse(truth(a.enablemouse)) end
		if a.enablemousewheel then object:EnableMouseWheel(truth(a.enablemousewheel)) end
		if a.enablekeyboard then object:EnableKeyboard(truth(a.enablekeyboard)) end
		if a.movable then object:SetMovable(truth(a.movable)) end
		if a.toplevel then object:SetToplevel(truth(a.toplevel)) end
	end
	if a.text and isa.fontstring then object:SetText(global_text(a.text)) end
	if isa.checkbutton and a.checked then object:SetChecked(truth(a.checked)) end
	if isa.editbox then
		if a.numeric then object:SetNumeric(truth(a.numeric)) end
		if a.letters then object:SetMaxLetters(tonumber(a.letters)) end
		if a.autofocus then object:SetAutoFocus(truth(a.autofocus)) end
		if a.multiline then object:SetMultiLine(truth(a.multiline)) end
	end
	if isa.slider or isa.statusbar then
		if a.minvalue or a.maxvalue then
			object:SetMinMaxValues(tonumber(a.minvalue) or 0, tonumber(a.maxvalue) or 0)
		end
		if a.defaultvalue then object:SetValue(tonumber(a.defaultvalue)) end
		if a.valuestep and isa.slider then object:SetValueStep(tonumber(a.valuestep)) end
		if a.orientation then object:SetOrientation(a.orientation) end
	end
	if isa.texturebase then
		if a.file then object:SetTexture(a.file) end
		if a.atlas then object:SetAtlas(a.atlas) end
	end
	if isa.fontinstance and not isa.frame then
		if a.justifyh then object:SetJustifyH(a.justifyh) end
		if a.justifyv then object:SetJustifyV(a.justifyv) end
	end
	if isa.fontstring and a.wordwrap then object:SetWordWrap(truth(a.wordwrap)) end
end

local make -- make(node, parent, layer): the object an element makes

local SPECIAL = {} -- child elements that are not made into objects by `make`

-- The phases of an object's child elements, as the game runs them: its own settings first,
-- then its scripts, then what it contains (kids made after the scripts are set).
local SCRIPTS, KIDS = { Scripts = true }, { Layers = true, Frames = true, ScrollChild = true, Animations = true }
local function phase_of(tag)
	if SCRIPTS[tag] then return 2 end
	if KIDS[tag] or host.xml_call(tag) then return 3 end
	return 1
end

local function apply_children(object, node, handlers, phase)
	for _, child in ipairs(node) do
		local tag = child.tag
		if phase_of(tag) ~= phase then -- another phase's
		elseif SPECIAL[tag] then
			SPECIAL[tag](object, child, handlers)
		elseif host.xml_call(tag) then
			local method, kind = host.xml_call(tag)
			if not object[method] then
				warn(child, "<" .. tag .. "> does not belong in <" .. node.tag .. ">")
			elseif kind == "Font" then
				object[method](object, child.a.style or child.a.inherits)
			else
				local made = make(child, object, tag == "HighlightTexture" and "HIGHLIGHT" or "ARTWORK", kind)
				if made then
					-- A texture fills its frame, but a slider's thumb sits where the value says.
					local thumb = method == "SetThumbTexture"
					if kind == "Texture" and #S[made].points == 0 and not thumb then made:SetAllPoints(object) end
					if kind == "FontString" and #S[made].points == 0 then made:SetPoint("CENTER") end
					object[method](object, made)
				end
			end
		elseif tag ~= "KeyValues" and tag ~= "Mixins" then
			warn(child, "unknown element <" .. tag .. "> in <" .. node.tag .. "> is ignored")
		end
	end
end

SPECIAL.Size = function(object, node)
	local x, y = dimensions(node)
	if x then object:SetWidth(x) end
	if y then object:SetHeight(y) end
end
SPECIAL.Anchors = function(object, node)
	for _, child in ipairs(node) do if child.tag == "Anchor" then anchor(object, child) end end
end
SPECIAL.Layers = function(object, node)
	for _, layer in ipairs(node) do
		for _, child in ipairs(layer) do
			make(child, object, layer.a.level or "ARTWORK", nil, tonumber(layer.a.texturesublevel))
		end
	end
end
SPECIAL.Frames = function(object, node)
	for _, child in ipairs(node) do make(child, object) end
end
SPECIAL.ScrollChild = function(object, node)
	for _, child in ipairs(node) do
		local made = make(child, object)
		if made then object:SetScrollChild(made) end
	end
end
SPECIAL.Scripts = function(object, node, handlers)
	for _, script in ipairs(node) do
		local name, a, fn = script.tag, script.a, nil
		if not S[object].info.scripts[name] then
			warn(script, S[object].info.object_type .. " has no script " .. name)
		elseif a["function"] then
			fn = _G[a["function"]]
			if type(fn) ~= "function" then warn(script, "function '" .. a["function"] .. "' is not defined") fn = nil end
		elseif a.method then
			local method = a.method
			fn = function(self, ...)
				local target = self[method]
				if type(target) ~= "function" then error("script method '" .. method .. "' is not defined", 2) end
				return target(self, ...)
			end
		elseif script.text then
			local code = "return function(" .. (ARGS[name] or "self, ...") .. ") " .. script.text .. "\nend"
			local chunk, message = loadstring(code, script.chunk .. ":" .. tostring(script.line))
			if chunk then fn = chunk() else host.report_error(message) end
		end
		local order = a.intrinsicorder -- an intrinsic's own: before or after whatever else is set
		if fn and (order == "precall" or order == "postcall") then
			handlers[order .. ":" .. name] = fn
		elseif fn then
			local before = handlers[name]
			if a.inherit == "prepend" and before then
				local first, second = fn, before
				fn = function(...) first(...) return second(...) end
			elseif a.inherit == "append" and before then
				local first, second = before, fn
				fn = function(...) first(...) return second(...) end
			end
			handlers[name] = fn
		end
	end
end
SPECIAL.Color = function(object, node)
	if object.SetColorTexture then object:SetColorTexture(color(node))
	elseif object.SetTextColor then object:SetTextColor(color(node)) end
end
-- An edit box's or message frame's <FontString>: the font its text takes.
SPECIAL.FontString = function(object, node)
	local name = list(node.a.inherits)[1] or node.a.font
	if name and S[_G[name]] then object:SetFontObject(name) end
end
SPECIAL.BarColor = function(object, node) object:SetStatusBarColor(color(node)) end
SPECIAL.Attributes = function(object, node)
	for _, child in ipairs(node) do object:SetAttribute(child.a.name, key_value(child)) end
end
SPECIAL.FontHeight = function(object, node)
	local height = tonumber(node.a.val)
	for _, child in ipairs(node) do height = tonumber(child.a.val) or height end
	if height then object:SetTextHeight(height) end
end
SPECIAL.TextInsets = function(object, node)
	local a = node.a
	object:SetTextInsets(tonumber(a.left) or 0, tonumber(a.right) or 0, tonumber(a.top) or 0, tonumber(a.bottom) or 0)
end
SPECIAL.HitRectInsets = function(object, node)
	local a = node.a
	object:SetHitRectInsets(tonumber(a.left) or 0, tonumber(a.right) or 0, tonumber(a.top) or 0, tonumber(a.bottom) or 0)
end
SPECIAL.TexCoords = function(object, node)
	local a = node.a
	object:SetTexCoord(tonumber(a.left) or 0, tonumber(a.right) or 1, tonumber(a.top) or 0, tonumber(a.bottom) or 1)
end
-- Drawn plainly or not at all in a headless client: read and passed over.
for _, tag in ipairs({ "Shadow", "ResizeBounds", "Gradient", "HighlightColor",
	"PushedTextOffset", "ForbiddenAspects", "MaskedTextures" }) do
	SPECIAL[tag] = function() end
end

------------------------------------------------------------------------------
-- Making objects.

-- Apply `nodes` (a template chain) to `object`, then run its OnLoad.
local function build(object, nodes)
	local mixins = {}
	for _, node in ipairs(nodes) do
		for _, name in ipairs(list(node.a.mixin)) do mixins[#mixins + 1] = name end
		for _, name in ipairs(list(node.a.securemixin)) do mixins[#mixins + 1] = name end
	end
	for _, name in ipairs(mixins) do
		local mixin = _G[name]
		if type(mixin) ~= "table" then error("mixin '" .. name .. "' is not a table", 0) end
		for key, value in pairs(mixin) do object[key] = value end
	end
	for _, node in ipairs(nodes) do
		for _, child in ipairs(node) do
			if child.tag == "KeyValues" then
				for _, kv in ipairs(child) do
					if kv.a.key then object[tonumber(kv.a.key) or kv.a.key] = key_value(kv) end
				end
			end
		end
	end
	local handlers = {}
	for _, node in ipairs(nodes) do
		apply_attributes(object, node.a, node)
		apply_children(object, node, handlers, 1)
	end
	for _, node in ipairs(nodes) do apply_children(object, node, handlers, 2) end
	local s = S[object]
	for name in pairs(s.info.scripts) do
		local pre, main, post = handlers["precall:" .. name], handlers[name], handlers["postcall:" .. name]
		local fn = main
		if pre or post then
			fn = function(...)
				if pre then pre(...) end
				if main then main(...) end
				if post then return post(...) end
			end
		end
		if fn then object:SetScript(name, fn) end
	end
	for _, node in ipairs(nodes) do apply_children(object, node, handlers, 3) end
	-- A button's text goes to its label, which its <ButtonText> (a kid) may have made.
	if s.info.isa_lower.button then
		local text
		for _, node in ipairs(nodes) do text = node.a.text or text end
		if text then object:SetText(global_text(text)) end
	end
	-- Then OnLoad, and OnShow when the new object is visible (as wowless's loader does).
	if s.scripts.OnLoad then W.fire(object, "OnLoad") end
	if s.scripts.OnShow and W.visible(object) then W.fire(object, "OnShow") end
end

-- parentKey and parentArray, the element's own or its templates'.
local function place(object, nodes, parent)
	if not parent then return end
	local key, array_key
	for _, node in ipairs(nodes) do
		key = node.a.parentkey or key
		array_key = node.a.parentarray or array_key
	end
	if key then parent[key] = object S[object].f.parentKey = key end
	if array_key then
		local array = parent[array_key]
		if type(array) ~= "table" then array = {} parent[array_key] = array end
		array[#array + 1] = object
	end
end

-- The widget type an element makes: its own tag, an intrinsic's, or a template's.
local function kind_of(node)
	local tag = node.tag
	local intrinsic = intrinsics[tag]
	if intrinsic then return kind_of(intrinsic), intrinsic end
	local kind = host.xml_type(tag)
	return kind
end

local function make_font(node)
	local a = node.a
	local font = CreateFont(a.name)
	if a.inherits then font:SetFontObject(a.inherits) end
	if a.font then font:SetFont(a.font, tonumber(a.height) or 12, a.outline or "") end
	for _, child in ipairs(node) do
		if child.tag == "Color" then font:SetTextColor(color(child)) end
	end
	return font
end

make = function(node, parent, layer, kind, sublevel)
	local a = node.a
	if node.tag == "Font" then return make_font(node) end -- virtual or not, a font object
	if truth(a.virtual) then
		if a.name then templates[a.name] = node end
		if a.intrinsic and truth(a.intrinsic) and a.name then intrinsics[a.name] = node end
		return nil
	end
	local intrinsic
	if not kind then kind, intrinsic = kind_of(node) end
	if truth(a.intrinsic) and a.name then intrinsics[a.name] = node return nil end
	local info = kind and info_of(kind)
	if not info then warn(node, "unknown element <" .. node.tag .. "> is ignored") return nil end
	if a.parent then parent = _G[a.parent] or parent end
	local object
	if info.frame then
		object = W.new_object(info, a.name, parent)
	else
		if not parent then warn(node, "a region needs a frame to belong to") return nil end
		object = W.create_region(parent, info.name, a.name, layer, nil, sublevel)
	end
	local nodes = {}
	if intrinsic then S[object].intrinsic = intrinsic.a.name end
	if intrinsic then for _, n in ipairs(chain(intrinsic)) do nodes[#nodes + 1] = n end end
	for _, n in ipairs(chain(node)) do nodes[#nodes + 1] = n end
	place(object, nodes, parent)
	-- A font string inheriting a font object takes it, as <FontString inherits="GameFontNormal">.
	if info.isa_lower.fontinstance and not info.frame then
		for _, name in ipairs(list(a.inherits)) do
			if not (templates[name] or templates[strlower(name)]) and S[_G[name]] then
				object:SetFontObject(name)
			end
		end
		if a.font and S[_G[a.font]] then object:SetFontObject(a.font) end
	end
	build(object, nodes)
	return object
end

-- CreateFrame(type, name, parent, "A, B") and CreateTexture(..., inherits): the templates
-- named, applied in order, then OnLoad.
local function apply_templates(object, names, level, intrinsic)
	local nodes = {}
	if intrinsic then for _, n in ipairs(chain(intrinsics[intrinsic])) do nodes[#nodes + 1] = n end end
	for _, name in ipairs(list(names)) do
		local template = find_template(name)
		if not template then
			if S[_G[name]] and S[object].info.isa_lower.fontinstance then
				object:SetFontObject(name)
			else
				error("Couldn't find inherited node \"" .. name .. "\"", level)
			end
		else
			for _, n in ipairs(chain(template)) do nodes[#nodes + 1] = n end
		end
	end
	if #nodes > 0 then
		place(object, nodes, S[object].parent)
		build(object, nodes)
	end
end
W.set_templates(apply_templates)
function W.intrinsic_kind(name)
	local node = intrinsics[name]
	if node then return (kind_of(node)) end
end
W.apply_templates = apply_templates

-- What uixml_animations.lua adds to: the child elements' handlers and the helpers they use.
W.xml = { SPECIAL = SPECIAL, place = place, warn = warn, truth = truth }

-- One element under <Ui>, as uixml.py writes it: `return { tag = ..., a = {...}, ... }`,
-- or that chunk already loaded from its bytecode (bytecode.py) and its text as `source`.
function api.load_xml(code, where, source)
	local chunk, message = code, nil
	if type(code) == "string" then chunk, message = loadstring(code, "=" .. where) end
	if not chunk then return api.call(error, message, 0) end
	local node = chunk()
	local a = node.a
	if node.tag ~= "Font" and a.name and truth(a.virtual) and not truth(a.intrinsic) then
		templates[a.name] = source or code -- (what make does with it, kept as its source)
		return true
	end
	return api.call(make, node, nil)
end

-- A template of the realm's own (ui/Templates.xml): its source stays in Python till used.
function api.ui_template(name, index) templates[name] = index end
function api.template_names()
	local out = {}
	for name in pairs(templates) do out[#out + 1] = name end
	table.sort(out)
	return out
end
