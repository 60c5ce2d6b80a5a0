-- Widgets: every frame and region type of the flavour, as data.
--
-- Runs after wow.lua with `host`, `config` and wow.lua's `api`. Which types exist, what each
-- inherits, its fields (with their first values), method names and script names come from
-- pyhost/harness/data/widgets/<flavour>.json (written by tools/wow_widgets.py from wowless),
-- asked of Python once per type and method. A method resolves, once per type, to:
-- - the realm's own implementation (this file and widget_methods.lua), by the nearest
--   ancestor type that has one;
-- - else, for a method the data says only reads or writes fields, a getter or setter of
--   those fields, so getters return what setters stored;
-- - else a function that fails with its name; a method the type lacks is nil.
-- Objects are tables (addons add their own keys); their state lives in `S`, apart.

local host, _, api = ...

local type, pairs, ipairs, select, tostring, error, unpack = type, pairs, ipairs, select, tostring,
	error, unpack
local setmetatable, rawget, rawset = setmetatable, rawget, rawset
local strlower, strfind, strgsub, strsub = string.lower, string.find, string.gsub, string.sub
local tremove = table.remove
local call = api.call

local W = {} -- shared with widget_methods.lua and uixml.lua
api.widgets = W
local S = {} -- object -> its state; frames live as long as the UI, as in the game
W.S = S
local made = {} -- every object, in the order made (for tests' searches and the layout)
W.made = made
local impl = {} -- ancestor type -> { Method = function }
W.impl = impl
for _, kind in ipairs({ "UIObject", "ParentedObjectBase", "ParentedObject", "RegionBase", "Region",
	"ScriptObject", "Frame", "Button", "CheckButton", "EditBox", "FontInstance", "FontString",
	"LayeredRegion", "TextureBase", "Texture", "Slider", "StatusBar", "ScrollFrame", "MessageFrame",
	"GameTooltip", "Font", "AnimationGroup", "Animation", "Line", "Cooldown" }) do
	impl[kind] = {}
end

local function pack(...) return { n = select("#", ...), ... } end

------------------------------------------------------------------------------
-- Types and their method tables.

local infos = {} -- lower-case type name -> info from the data (false: no such type)

local function info_of(kind)
	if type(kind) ~= "string" then return nil end
	local key = strlower(kind)
	local found = infos[key]
	if found == nil then
		found = host.widget_type(kind) or false
		infos[key] = found
	end
	return found or nil
end
W.info_of = info_of

local function unimplemented(kind, method)
	return function()
		error("the WoW widget method " .. kind .. ":" .. method .. " is not implemented in the pyhost realm", 2)
	end
end

local function state(self)
	local s = type(self) == "table" and S[self]
	if not s then error("Attempt to find 'this' in non-table object (used '.' instead of ':' ?)", 3) end
	return s
end
W.state = state

-- Field accessors for methods the data gives as `getter`/`setter` of fields.
local function getter(fields)
	return function(self)
		local f = state(self).f
		local out = {}
		for i = 1, #fields do out[i] = f[fields[i]] end
		return unpack(out, 1, #fields)
	end
end
local function setter(fields)
	return function(self, ...)
		local f = state(self).f
		for i = 1, #fields do f[fields[i]] = (select(i, ...)) end
	end
end

local classes = {} -- canonical type name -> its method table
local function class_of(info)
	local class = classes[info.name]
	if class then return class end
	class = {}
	setmetatable(class, { __index = function(t, method)
		if type(method) ~= "string" then return nil end
		local kind, spec = host.widget_method(info.name, method)
		if not kind then return nil end
		local fn
		for _, ancestor in ipairs(info.isa) do
			fn = impl[ancestor] and impl[ancestor][method]
			if fn then break end
		end
		if not fn and kind == "get" then fn = getter(spec) end
		if not fn and kind == "set" then fn = setter(spec) end
		fn = fn or unimplemented(info.name, method)
		rawset(t, method, fn)
		return fn
	end })
	classes[info.name] = class
	return class
end

-- One metatable per type, shared by its objects as in the game (libraries hook methods
-- through getmetatable(frame).__index).
local metas = {}
local function meta_of(info)
	local meta = metas[info.name]
	if not meta then meta = { __index = class_of(info) } metas[info.name] = meta end
	return meta
end

------------------------------------------------------------------------------
-- Creating objects.

local UIParent -- set below, the default parent of nothing: frames without one stay parentless

-- "$parent" (and "$Parent") in a name: the nearest named ancestor's name.
local function resolve_name(name, parent)
	if type(name) ~= "string" or not strfind(strlower(name), "$parent", 1, true) then return name end
	local p = parent
	while p and not (S[p] and S[p].name) do p = S[p] and S[p].parent end
	local pname = p and S[p].name or ""
	return (strgsub(name, "%$[Pp]arent", function() return pname end))
end
W.resolve_name = resolve_name

-- Where a parent keeps an object: child frames, regions, or neither (animations).
function W.list_of(info, parent)
	local ps = S[parent]
	if info.frame then return ps.children end
	if info.isa_lower.region then return ps.regions end
end

local field_metas = {} -- type -> its objects' fields' metatable: its first values

local function new_object(info, name, parent, object)
	object = setmetatable(object or {}, meta_of(info))
	field_metas[info.name] = field_metas[info.name] or { __index = info.fields }
	local fields = setmetatable({}, field_metas[info.name])
	local s = { info = info, f = fields, scripts = {}, points = {}, children = {}, regions = {},
		events = {} }
	S[object] = s
	made[#made + 1] = object
	s.index = #made
	name = resolve_name(name, parent)
	if name == "" then name = nil end
	fields.name = name
	s.name = name
	if parent then
		s.parent = parent
		local list = W.list_of(info, parent)
		if list then list[#list + 1] = object end
	end
	if name then _G[name] = object end
	return object
end
W.new_object = new_object

------------------------------------------------------------------------------
-- Scripts.

local function check_script(self, script, method)
	local s = state(self)
	if type(script) ~= "string" or not s.info.scripts[script] then
		error(s.info.object_type .. ":" .. method .. "(): " .. s.info.object_type .. " doesn't have a \""
			.. tostring(script) .. "\" script", 3)
	end
	return s
end

-- Run a script as the game does: protected, an error reported (realm.errors()) and not raised.
local function fire(object, script, ...)
	local fn = S[object].scripts[script]
	if fn then return call(fn, object, ...) end
end
W.fire = fire

local updating = {} -- frames with an OnUpdate script, in the order they got it
-- A list's copy, to go through while scripts change the list: made once per change, not per read.
local snapshots = setmetatable({}, { __mode = "k" })
local function snapshot(list)
	local copy = snapshots[list] or { unpack(list) }
	snapshots[list] = copy
	return copy
end
local function changed(list) if list then snapshots[list] = nil end end
local function remove(list, item)
	for i = #list, 1, -1 do
		if list[i] == item then tremove(list, i) end
	end
end
W.remove = remove

local ScriptObject = impl.ScriptObject
function ScriptObject:SetScript(script, fn)
	local s = check_script(self, script, "SetScript")
	if fn ~= nil and type(fn) ~= "function" then
		error(s.info.object_type .. ":SetScript(): handler must be a function", 2)
	end
	s.scripts[script] = fn
	if script == "OnUpdate" then
		remove(updating, self)
		if fn then updating[#updating + 1] = self end
		changed(updating)
		host.set_updating(#updating > 0)
	end
end
function ScriptObject:GetScript(script) return check_script(self, script, "GetScript").scripts[script] end
function ScriptObject:HasScript(script)
	return type(script) == "string" and state(self).info.scripts[script] == true
end
function ScriptObject:HookScript(script, fn)
	local s = check_script(self, script, "HookScript")
	local before = s.scripts[script]
	if not before then return self:SetScript(script, fn) end
	return self:SetScript(script, function(...)
		before(...)
		return fn(...)
	end)
end

------------------------------------------------------------------------------
-- Names, parents, visibility.

local UIObject = impl.UIObject
function UIObject:GetName() return state(self).name end
-- An XML intrinsic's frame (a ScrollingMessageFrame) answers the intrinsic's name, as in the
-- game, and is also of its base type.
local function object_type(object)
	local s = S[object]
	return s.intrinsic or s.info.object_type
end
W.object_type = object_type
function UIObject:GetObjectType() state(self) return object_type(self) end
function UIObject:IsObjectType(kind)
	if type(kind) ~= "string" then return false end
	local s = state(self)
	kind = strlower(kind)
	return s.info.isa_lower[kind] == true or (s.intrinsic ~= nil and strlower(s.intrinsic) == kind)
end
function UIObject:IsForbidden() return false end

local Parented = impl.ParentedObjectBase
function Parented:GetParent() return state(self).parent end
-- A name for any object: its own, else its parent's and its key there (its parentKey, or its
-- type and place among its parent's children or regions), the same in every run.
function Parented:GetDebugName()
	local s = state(self)
	if s.name then return s.name end
	local parent = s.parent
	if not parent then return s.info.object_type end
	local key = s.f.parentKey
	if not key then
		local list = s.info.frame and S[parent].children or S[parent].regions
		for i, sibling in ipairs(list) do
			if sibling == self then key = s.info.object_type .. i end
		end
	end
	return parent:GetDebugName() .. "." .. tostring(key)
end

local function visible(object)
	local s = S[object]
	while s do
		if not s.f.shown then return false end
		if not s.parent then return true end
		s = S[s.parent]
	end
	return true
end
W.visible = visible

-- OnShow / OnHide for `object` and each of its descendants whose visibility followed it.
local function cascade(object, script)
	local s = S[object]
	if not s.f.shown then return end
	fire(object, script)
	for _, region in ipairs({ unpack(s.regions) }) do
		if S[region].f.shown then fire(region, script) end
	end
	for _, child in ipairs({ unpack(s.children) }) do cascade(child, script) end
end

local function set_shown(self, shown)
	local s = state(self)
	shown = shown and true or false
	if s.f.shown == shown then return end
	local parent_visible = not s.parent or visible(s.parent)
	if not shown then
		if parent_visible then cascade(self, "OnHide") end
		s.f.shown = false
	else
		s.f.shown = true
		if parent_visible then cascade(self, "OnShow") end
	end
end

function impl.ParentedObject:SetParent(parent)
	local s = state(self)
	if type(parent) == "string" then parent = _G[parent] end
	if parent ~= nil and not S[parent] then error("SetParent(): bad parent", 2) end
	if s.parent == parent then return end
	local was = visible(self)
	local old_list = s.parent and W.list_of(s.info, s.parent)
	if old_list then remove(old_list, self) end
	s.parent = parent
	local list = parent and W.list_of(s.info, parent)
	if list then list[#list + 1] = self end
	local now = visible(self)
	if was ~= now then cascade(self, now and "OnShow" or "OnHide") end
end

local RegionBase = impl.RegionBase
function RegionBase:Show() set_shown(self, true) end
function RegionBase:Hide() set_shown(self, false) end
function RegionBase:SetShown(shown) set_shown(self, shown) end
function RegionBase:IsShown() return state(self).f.shown end
function RegionBase:IsVisible() state(self) return visible(self) end
function RegionBase:GetAlpha() return state(self).f.alpha end
function RegionBase:SetAlpha(alpha)
	if type(alpha) ~= "number" then error("Usage: SetAlpha(alpha)", 2) end
	state(self).f.alpha = alpha < 0 and 0 or alpha > 1 and 1 or alpha
end
function RegionBase:SetScale(scale)
	if type(scale) ~= "number" or scale <= 0 then error("Usage: SetScale(scale)", 2) end
	state(self).f.scale = scale
end

------------------------------------------------------------------------------
-- Frames: children, regions, attributes, events.

local Frame = impl.Frame
function Frame:GetChildren() return unpack(state(self).children) end
function Frame:GetNumChildren() return #state(self).children end
function Frame:GetRegions() return unpack(state(self).regions) end
function Frame:GetNumRegions() return #state(self).regions end
function Frame:SetAttribute(key, value)
	local s = state(self)
	s.attributes = s.attributes or {}
	s.attributes[key] = value
	if s.scripts.OnAttributeChanged then fire(self, "OnAttributeChanged", key, value) end
end
function Frame:SetAttributeNoHandler(key, value)
	local s = state(self)
	s.attributes = s.attributes or {}
	s.attributes[key] = value
end
function Frame:GetAttribute(key)
	local attributes = state(self).attributes
	return attributes and attributes[key]
end
function Frame:GetEffectiveAlpha()
	local alpha, object = 1, self
	while object do alpha = alpha * S[object].f.alpha object = S[object].parent end
	return alpha
end

local event_frames = {} -- event -> frames, in the order they registered
local all_event_frames = {}

function Frame:RegisterEvent(event)
	local s = state(self)
	if type(event) ~= "string" or not strfind(event, "^[A-Z][A-Z0-9_]*$") then
		error("Attempt to register unknown event \"" .. tostring(event) .. "\"", 2)
	end
	if s.events[event] then s.events[event] = true return true end
	s.events[event] = true
	local list = event_frames[event]
	if not list then list = {} event_frames[event] = list end
	list[#list + 1] = self
	changed(list)
	return true
end
function Frame:RegisterUnitEvent(event, ...)
	self:RegisterEvent(event)
	if select("#", ...) > 0 then state(self).events[event] = { ... } end
	return true
end
function Frame:UnregisterEvent(event)
	local s = state(self)
	if not s.events[event] then return end
	s.events[event] = nil
	remove(event_frames[event], self) changed(event_frames[event])
end
function Frame:RegisterAllEvents()
	local s = state(self)
	if not s.all then s.all = true all_event_frames[#all_event_frames + 1] = self changed(all_event_frames) end
end
function Frame:UnregisterAllEvents()
	local s = state(self)
	for event in pairs(s.events) do self:UnregisterEvent(event) end
	if s.all then s.all = nil remove(all_event_frames, self) changed(all_event_frames) end
end
function Frame:IsEventRegistered(event)
	local s = state(self)
	local units = s.events[event]
	if type(units) == "table" then return true, unpack(units) end
	return units == true or s.all == true
end

-- Whether a frame registered for an event with units (RegisterUnitEvent) wants this one's.
local function wants(units, unit)
	if type(units) ~= "table" then return false end
	for _, wanted in ipairs(units) do if wanted == unit then return true end end
	return false
end

-- Hidden frames get events too, as in the game; a frame unregistered on the way is skipped.
local function deliver(frames, event, ...)
	local copy = snapshots[frames] or snapshot(frames)
	local unit = ...
	for i = 1, #copy do
		local frame = copy[i]
		local s = S[frame]
		local script, units = s.scripts.OnEvent, s.events[event]
		if script and (units == true or s.all or wants(units, unit)) then call(script, frame, event, ...) end
	end
end

function api.deliver_event(event, ...)
	local frames = event_frames[event]
	if frames then deliver(frames, event, ...) end
	if #all_event_frames > 0 then deliver(all_event_frames, event, ...) end
end

-- OnUpdate, each frame the realm runs, for the visible frames that have one.
function api.update(elapsed)
	local copy = snapshot(updating)
	for i = 1, #copy do
		local frame = copy[i]
		local script = S[frame].scripts.OnUpdate
		if script and visible(frame) then call(script, frame, elapsed) end
	end
end

------------------------------------------------------------------------------
-- CreateFrame and the regions frames create.

local templates -- uixml.lua's: apply(object, "Template1, Template2")
function W.set_templates(fn) templates = fn end

local function create_frame(frame_type, name, parent, template, id)
	local info = info_of(frame_type)
	local intrinsic -- an XML intrinsic such as ScrollingMessageFrame: its base type, then its own
	if not info and W.intrinsic_kind and type(frame_type) == "string" then
		local base = W.intrinsic_kind(frame_type)
		if base then info, intrinsic = info_of(base), frame_type end
	end
	if not info or not info.frame or info.virtual then
		error("CreateFrame: Unknown frame type '" .. tostring(frame_type) .. "'", 3)
	end
	if type(parent) == "string" then parent = _G[parent] end
	if parent ~= nil and not S[parent] then error("CreateFrame: parent is not a frame", 3) end
	if name ~= nil and type(name) ~= "string" then error("CreateFrame: name must be a string", 3) end
	local frame = new_object(info, name, parent)
	S[frame].intrinsic = intrinsic
	if id then S[frame].f.id = id end
	if template ~= nil and type(template) ~= "string" then error("CreateFrame: template must be a string", 3) end
	if (template ~= nil or intrinsic) and templates then templates(frame, template, 4, intrinsic) end
	return frame
end
W.create_frame = create_frame

function CreateFrame(frame_type, name, parent, template, id)
	if type(frame_type) ~= "string" then error("CreateFrame: frameType must be a string", 2) end
	return (create_frame(frame_type, name, parent, template, id))
end

local function create_region(self, kind, name, layer, inherits, sublevel)
	local info = info_of(kind)
	state(self)
	local region = new_object(info, name, self)
	local f = S[region].f
	if layer then f.layer = layer end
	if sublevel then f.sublevel = sublevel end
	if inherits ~= nil and templates then
		templates(region, inherits, 4)
	end
	return region
end
W.create_region = create_region

function Frame:CreateTexture(name, layer, inherits, sublevel)
	return create_region(self, "Texture", name, layer, inherits, sublevel)
end
function Frame:CreateMaskTexture(name, layer, inherits, sublevel)
	return create_region(self, "MaskTexture", name, layer, inherits, sublevel)
end
function Frame:CreateLine(name, layer, inherits, sublevel)
	return create_region(self, "Line", name, layer, inherits, sublevel)
end
function Frame:CreateFontString(name, layer, inherits)
	local region = create_region(self, "FontString", name, layer, nil)
	if inherits ~= nil then region:SetFontObject(inherits) end
	return region
end

function W.objects() return S end

UIParent = create_frame("Frame", "UIParent")
W.UIParent = UIParent
WorldFrame = create_frame("Frame", "WorldFrame")
-- wow.lua's chat frame, as the MessageFrame it is in the game (its AddMessage is its own).
new_object(info_of("MessageFrame"), "ChatFrame1", UIParent, api.chat_frame)

-- A helper for tests (client.py): the named or keyed object, or nil.
function api.widget(name)
	local object = api.global(name)
	if S[object] then return object end
end

W.pack = pack
W.strsub = strsub
