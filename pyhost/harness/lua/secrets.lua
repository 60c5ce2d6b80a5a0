-- Secret values and addon restrictions (WoW 12.x), as addon code sees them.
--
-- Runs after wow.lua in every client runtime, with its own bridge `host` (restriction state
-- lives in Python, so it survives a /reload), `config`, wow.lua's `api` and Lua's `newproxy`.
-- A secret is a userdata standing for a string, number or boolean the game hides from addon
-- code: type() names what it stands for, as the game's does, and every operation Lua 5.1 lets
-- a metatable catch raises as the game does for tainted code (all addon code is tainted here).
-- The realm's own chat frame reveals them: Blizzard's code may show what addons may not read.
local host, config, api, newproxy = ...

local rawtype, select, error, unpack, pairs, tonumber, next = type, select, error, unpack, pairs,
	tonumber, next
local gmatch = string.gmatch
local setmetatable, getmetatable = setmetatable, getmetatable

local kinds = setmetatable({}, { __mode = "k" }) -- secret -> "string", "number", "boolean"
local hidden = setmetatable({}, { __mode = "k" }) -- secret -> the value it stands for

local template = newproxy(true)
local meta = getmetatable(template)
meta.__metatable = false

-- Level 2: the addon code whose operation hit the secret, as Lua names its own type errors.
local function refuse(what, value)
	error("attempt to " .. what .. " a secret " .. kinds[value] .. " value", 3)
end
local function either(a, b) if kinds[a] then return a end return b end

meta.__index = function(s) refuse("index", s) end
meta.__newindex = function(s) refuse("index", s) end
meta.__call = function(s) refuse("call", s) end
meta.__len = function(s) refuse("get length of", s) end
meta.__concat = function(a, b) refuse("concatenate", either(a, b)) end
meta.__eq = function(a, b) refuse("compare", either(a, b)) end
meta.__lt = function(a, b) refuse("compare", either(a, b)) end
meta.__le = function(a, b) refuse("compare", either(a, b)) end
for _, event in pairs({ "__add", "__sub", "__mul", "__div", "__mod", "__pow", "__unm" }) do
	meta[event] = function(a, b) refuse("perform arithmetic on", either(a, b)) end
end
-- tostring() of a secret string is that secret string: storing or passing it on is allowed.
meta.__tostring = function(s) return s end

local WRAPPED = { string = true, number = true, boolean = true }
local function wrap(value)
	if not WRAPPED[rawtype(value)] then return value end
	local secret = newproxy(template)
	kinds[secret], hidden[secret] = rawtype(value), value
	return secret
end
local function reveal(value)
	if kinds[value] then return hidden[value] end
	return value
end

-- type() answers for a secret what it stands for, so `type(x) == "string"` guards nothing.
-- (bitlib.c's C version where it builds, given as `c_type`: addon code calls it often.)
if config.c_type then
	type = config.c_type(kinds)
else
	function type(value)
		local kind = rawtype(value)
		if kind == "userdata" and kinds[value] then return kinds[value] end
		return kind
	end
end

local function any_secret(...)
	if next(kinds) == nil then return false end -- (no secret exists: most of the time)
	for i = 1, select("#", ...) do
		if kinds[(select(i, ...))] then return true end
	end
	return false
end

function issecretvalue(value) return kinds[value] ~= nil end
function issecrettable(value) return kinds[value] ~= nil end -- the realm makes no secret tables
function hasanysecretvalues(...) return any_secret(...) end
function canaccessvalue(value) return kinds[value] == nil end
function canaccessallvalues(...) return not any_secret(...) end
function canaccesssecrets() return false end -- addon code never may
function dropsecretaccess() end
function secretwrap(...)
	local out, n = { ... }, select("#", ...)
	for i = 1, n do out[i] = wrap(out[i]) end
	return unpack(out, 1, n)
end
function scrubsecretvalues(...)
	local out, n = { ... }, select("#", ...)
	for i = 1, n do if kinds[out[i]] then out[i] = nil end end
	return unpack(out, 1, n)
end

------------------------------------------------------------------------------
-- Restrictions: encounters, Mythic+, PvP matches, restricted maps, as the realm switches them.

local TYPES, STATES = config.restriction_types, config.restriction_states
C_RestrictedActions = C_RestrictedActions or {}
function C_RestrictedActions.GetAddOnRestrictionState(kind)
	return host.state(kind) or STATES.Inactive
end
function C_RestrictedActions.IsAddOnRestrictionActive(kind)
	return host.state(kind) == STATES.Active
end
function C_RestrictedActions.CheckAllowProtectedFunctions() return false end -- addon code is tainted
function C_ChatInfo.InChatMessagingLockdown()
	local locked, reason = host.lockdown()
	return locked, reason
end
function C_ChatInfo.AreOutgoingAddonChatMessagesRestricted() return host.outgoing_refused() end
-- (Documented with C_RestrictedActions, in no namespace.)
function InCombatLockdown() return host.state(TYPES.Combat) == STATES.Active end
Enum.AddOnRestrictionType, Enum.AddOnRestrictionState = TYPES, STATES

-- An event whose arguments at `positions` ("1,2,5") are secret for this client (chat in
-- messaging lockdown). Only a restricted client comes here.
local parsed = {} -- positions -> { position = true }
function api.secret_event(positions, event, ...)
	local set = parsed[positions]
	if not set then
		set = {}
		for position in gmatch(positions, "%d+") do set[tonumber(position)] = true end
		parsed[positions] = set
	end
	positions = set
	local n, args = select("#", ...), { ... }
	for i = 1, n do if positions[i] then args[i] = wrap(args[i]) end end
	return api.event(event, unpack(args, 1, n))
end
api.set_reveal(reveal)
