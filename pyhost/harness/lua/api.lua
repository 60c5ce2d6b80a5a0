-- The flavour's WoW API as data, on top of what wow.lua defines.
--
-- Runs after wow.lua with `host`, `config` and wow.lua's `api`. What the realm does not
-- define is looked up by name, once, when addon code first reaches for it (pyhost/harness/
-- wowapi.py holds the flavour's data, read once per Python process):
-- - a function the flavour has fails with its name when called; one it lacks is nil, so
--   `if SendAddonMessage then` goes as in the game;
-- - the same for the functions of a C_ namespace, the realm's own (C_ChatInfo) included;
-- - Enum and the LE_* / NUM_LE_* constants come from the data;
-- - Blizzard's deprecation fallbacks (GetAddOnMetadata = C_AddOns.GetAddOnMetadata on the
--   Classic flavours) exist when config.fallbacks lists them;
-- - on a flavour whose chat events end with a discordInfo table, the realm's chat events
--   get one.

local host, config, api = ...

local type, pairs, select, error, unpack = type, pairs, select, error, unpack
local rawget, rawset, getmetatable, setmetatable = rawget, rawset, getmetatable, setmetatable
local strmatch, strsub = string.match, string.sub

local kind_of, member_of, enum = host.api_kind, host.api_member, host.enum

local function unimplemented(name)
	return function()
		error("the WoW API " .. name .. " is not implemented in the pyhost realm", 2)
	end
end

-- Looks up a namespace's functions the realm does not define; each answer is kept.
local function namespace_index(space)
	local known = {}
	return function(_, member)
		if type(member) ~= "string" then return nil end
		local found = known[member]
		if found == nil then
			found = member_of(space, member) and unimplemented(space .. "." .. member) or false
			known[member] = found
		end
		return found or nil
	end
end

-- The realm's namespaces and Lua's libraries (WoW's have more: table.wipe, string.split).
local libraries = { string = true, table = true, math = true, bit = true, coroutine = true }
for name, value in pairs(_G) do
	if type(value) == "table" and (strsub(name, 1, 2) == "C_" or libraries[name])
		and not getmetatable(value) then
		setmetatable(value, { __index = namespace_index(name) })
	end
end

-- Blizzard's fallbacks: aliases of functions the realm implements are those functions;
-- the others fail by name through the lookup below.
if config.fallbacks then
	for name, target in pairs(config.fallbacks) do
		local space, member = strmatch(target, "^([^.]+)%.(.+)$")
		local namespace = rawget(_G, space)
		local fn = type(namespace) == "table" and rawget(namespace, member)
		if fn then rawset(_G, name, fn) end
	end
	config.fallbacks = nil -- (done with)
end

Enum = setmetatable({}, {
	__index = function(t, name)
		local values = enum(name)
		if values ~= nil then rawset(t, name, values) end
		return values
	end,
})

-- Blizzard's interface a client has not used yet (pyhost/harness/ui: each font of Fonts.xml,
-- Templates.lua, BlizzardUI.lua, StaticPopup.lua, Settings.lua): each file runs when addon code
-- (or a test) first reaches for a global it defines (Python knows which: host.lazy_file), so a
-- client that never opens a popup does not hold one. A global an addon set before that keeps
-- the addon's value, as if the file had run first.
local lazy_file, lazy_names, load_ui = host.lazy_file, host.lazy_names, host.load_ui
local function load_file(file)
	local names, kept = lazy_names(file), {} -- (the file is no longer pending)
	for i = 1, #names do kept[names[i]] = rawget(_G, names[i]) end
	api.untimed(load_ui, file)
	for name, value in pairs(kept) do rawset(_G, name, value) end
end
-- Every such file not run yet, run now (client.load_interface).
function api.load_interface()
	local file = lazy_file()
	while file do load_file(file) file = lazy_file() end
end
-- rawget(_G, name), with the file that defines `name` run first if it has not been.
function api.global(name)
	local value = rawget(_G, name)
	if value == nil and type(name) == "string" then
		local file = lazy_file(name)
		if file then load_file(file) value = rawget(_G, name) end
	end
	return value
end

local missing = {} -- names the flavour does not have, asked about before
setmetatable(_G, {
	__index = function(_, name)
		if missing[name] or type(name) ~= "string" then return nil end
		local file = lazy_file(name)
		if file then
			load_file(file)
			local value = rawget(_G, name)
			if value ~= nil then return value end
		end
		local kind, value = kind_of(name)
		if kind == "function" then
			value = unimplemented(name)
		elseif kind == "namespace" then
			value = setmetatable({}, { __index = namespace_index(name) })
		elseif kind ~= "constant" then
			missing[name] = true
			return nil
		end
		rawset(_G, name, value)
		return value
	end,
})

local chat_info = config.chat_info -- discordInfo's fields for a message not from Discord
if chat_info then
	-- A chat event given its 17 arguments gets an 18th, a fresh table each time.
	local with_info = { count = 17, add = function(...)
		local args, info = { ... }, {}
		for field, value in pairs(chat_info) do info[field] = value end
		args[18] = info
		return unpack(args, 1, 18)
	end }
	-- (wow.lua's api.event asks by name: decided once a name, as its chat frame does.)
	setmetatable(api.event_args, { __index = function(known, name)
		local adds = type(name) == "string" and strsub(name, 1, 9) == "CHAT_MSG_" and with_info
		if type(name) == "string" then known[name] = adds end
		return adds
	end })
end
