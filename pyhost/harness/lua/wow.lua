-- The WoW client API, as one simulated client's Lua 5.1 sees it.
--
-- This chunk runs first in every client runtime, with `host` (the Python
-- bridge) and `config` as its arguments. It defines the WoW globals as Lua
-- closures over `host`, then removes what WoW does not have (io, os,
-- require, debug, ...). `host` stays a local of this chunk: addon code can
-- reach Python only through the API defined here. It returns `api`, the
-- entry points the Python client calls: events, timers, frame updates, the
-- chat box, running an addon's files.

local host, config = ...

local type, pairs, ipairs, next, select, tostring, tonumber, error, pcall, xpcall =
	type, pairs, ipairs, next, select, tostring, tonumber, error, pcall, xpcall
local setmetatable, getmetatable, rawget, rawset, unpack = setmetatable, getmetatable, rawget, rawset, unpack
local strfind, strsub, strlower, strupper, strformat, strgsub, strbyte, strrep =
	string.find, string.sub, string.lower, string.upper, string.format, string.gsub, string.byte, string.rep
local tinsert, tremove, tconcat, tsort = table.insert, table.remove, table.concat, table.sort
local floor = math.floor
local strmatch = string.match
local sethook, getinfo, traceback = debug.sethook, debug.getinfo, debug.traceback
local loadstring_raw, setfenv = loadstring, setfenv

local api = {}

-- Results with their count, so trailing nils survive: unpack(t, 1, t.n).
local function pack(...) return { n = select("#", ...), ... } end

------------------------------------------------------------------------------
-- Running addon code: every handler under an instruction limit, errors caught.

local LIMIT = config.instruction_limit
local depth, tripped = 0, false
local guard, finish, on_error

-- The count hook fires every LIMIT instructions. Once tripped it fires on every
-- instruction, so a runaway loop that catches the error with its own pcall
-- still cannot go on: the next instruction outside that pcall fails too.
local function trip()
	if tripped then
		local running = getinfo(2, "f").func
		if running == guard or running == finish or running == on_error then return end
	else
		tripped = true
		sethook(trip, "", 1)
	end
	error("script ran too long (more than " .. LIMIT .. " instructions)", 2)
end

local error_handler -- geterrorhandler(): the default reports to the client's error list

on_error = function(message)
	return traceback(tostring(message), 2)
end

local function report(message)
	local handler = error_handler
	if handler then
		local ok = pcall(handler, message)
		if ok then return end
	end
	host.report_error(message)
end

-- Call fn(...) protected; returns true and fn's results, or false after reporting.
-- Nothing but `call` and `finish` runs between the end of the protected call and the
-- clearing of the hook: a tripped hook spares only them and the error handler.
-- What each level of nested calls runs sits in these stacks, read by one `run` made once (a
-- call makes no closure of its own: handlers run on every message): its arguments and their count.
local fns, argss, sizes = {}, {}, {}
-- (Not a tail call to fn: a traceback names fn's own frame, as the game's does.)
local function pass(...) return ... end
local function run()
	local level = depth
	return pass(fns[level](unpack(argss[level], 1, sizes[level])))
end
local function call(fn, ...)
	local level = depth + 1
	fns[level], argss[level], sizes[level] = fn, { ... }, select("#", ...)
	depth = level
	if level == 1 then
		tripped = false
		sethook(trip, "", LIMIT)
	end
	return finish(level, xpcall(run, on_error))
end
-- The protected call's outcome, its results passed straight on (no table for them).
finish = function(level, ok, ...)
	if level == 1 then sethook() end
	depth = level - 1
	fns[level], argss[level] = nil, nil
	if not ok then report((...), level == 1) return false end
	return true, ...
end
guard = call
api.call = call

-- For tests: run fn under the same limit, but hand its failure back instead of reporting it.
-- A script fn sets off that fails (a frame's OnClick) is reported as the game reports it.
function api.attempt(fn)
	local saved = report
	local failure
	report = function(message, outermost)
		if outermost then failure = message else saved(message) end
	end
	local results = pack(call(fn))
	report = saved
	if failure then return false, failure end
	return unpack(results, 1, results.n) -- true, then fn's results
end

------------------------------------------------------------------------------
-- Lua extras WoW adds: strings, tables, math aliases, bit.

local classes = {} -- delimiter -> its pattern (a one-character delimiter is found plainly)
local function strsplit(delimiter, text, pieces)
	-- Every character of `delimiter` separates; at most `pieces` results.
	local class = classes[delimiter]
	if not class then
		class = "[" .. strgsub(delimiter, "[%]%^%-%%]", "%%%0") .. "]"
		if type(delimiter) == "string" and #delimiter <= 8 then
			if #delimiter == 1 then class = delimiter end
			classes[delimiter] = class
		end
	end
	local plain = #class == 1
	local out, count, start = {}, 0, 1
	local last_piece = pieces and pieces - 1
	while count ~= last_piece do
		local first, last = strfind(text, class, start, plain)
		if not first then break end
		count = count + 1
		out[count] = strsub(text, start, first - 1)
		start = last + 1
	end
	out[count + 1] = strsub(text, start)
	return unpack(out, 1, count + 1)
end

local function strjoin(delimiter, ...)
	return tconcat({ ... }, delimiter)
end

local function strtrim(text, chars)
	local class = chars and ("[" .. strgsub(chars, "[%]%^%-%%]", "%%%0") .. "]") or "[%s]"
	text = strgsub(text, "^" .. class .. "+", "")
	return (strgsub(text, class .. "+$", ""))
end

local function wipe(t)
	for key in next, t do t[key] = nil end
	return t
end

-- WoW's format also takes numbered items, "%2$d" being argument 2 (up to 99), as its
-- translations use them (deDE's RANDOM_ROLL_RESULT). A plain item takes the argument after
-- the one before it, numbered or not (assumed). Without a "$" the format goes straight through.
local function format(form, ...)
	if type(form) ~= "string" or not strfind(form, "$", 1, true) then return strformat(form, ...) end
	local args, picked, count, after = { ... }, {}, 0, 0
	form = strgsub(form, "%%(%%?)(%d*)(%$?)", function(percent, digits, dollar)
		if percent ~= "" then return nil end -- "%%", a percent sign
		if dollar == "" then
			after = after + 1
		elseif #digits > 2 or digits == "" then
			error("invalid format (width or precision too long)", 0)
		else
			after = tonumber(digits)
		end
		count = count + 1
		picked[count] = args[after]
		if dollar ~= "" then return "%" end
	end)
	return strformat(form, unpack(picked, 1, count))
end

string.format = format
string.split, string.join, string.trim = strsplit, strjoin, strtrim
_G.strsplit, _G.strjoin, _G.strtrim = strsplit, strjoin, strtrim
function strsplittable(delimiter, text, pieces) return { strsplit(delimiter, text, pieces) } end
function strlenutf8(text) local _, count = strgsub(text, "[^\128-\191]", "") return count end
function strcmputf8i(a, b)
	a, b = strlower(a), strlower(b)
	return a == b and 0 or (a < b and -1 or 1)
end
table.wipe, _G.wipe = wipe, wipe
function table.count(t) local n = 0 for _ in pairs(t) do n = n + 1 end return n end
-- Blizzard's Lua-4 style aliases (several share names with this chunk's locals, so they are
-- set through _G).
for name, fn in pairs({
	tinsert = table.insert, tremove = table.remove, sort = table.sort, getn = table.getn,
	foreach = table.foreach, foreachi = table.foreachi,
	format = string.format, gsub = string.gsub, gmatch = string.gmatch, strsub = string.sub,
	strlen = string.len, strlower = string.lower, strupper = string.upper,
	strfind = string.find, strmatch = string.match, strrep = string.rep,
	strrev = string.reverse, strbyte = string.byte, strchar = string.char,
	abs = math.abs, ceil = math.ceil, floor = math.floor, max = math.max, min = math.min,
	sqrt = math.sqrt, exp = math.exp, log = math.log, log10 = math.log10, frexp = math.frexp,
	ldexp = math.ldexp, mod = math.fmod, PI = math.pi,
}) do
	_G[name] = fn
end
-- WoW's trigonometric aliases work in degrees.
local rad, deg = math.rad, math.deg
function sin(x) return math.sin(rad(x)) end
function cos(x) return math.cos(rad(x)) end
function tan(x) return math.tan(rad(x)) end
function asin(x) return deg(math.asin(x)) end
function acos(x) return deg(math.acos(x)) end
function atan(x) return deg(math.atan(x)) end
function atan2(y, x) return deg(math.atan2(y, x)) end

-- math.random comes from the client's own seeded generator (scriptable from Python);
-- there is no math.randomseed in WoW.
local host_random = host.random
function math.random(m, n)
	if m ~= nil and type(m) ~= "number" then error("bad argument #1 to 'random' (number expected)", 2) end
	if n ~= nil and type(n) ~= "number" then error("bad argument #2 to 'random' (number expected)", 2) end
	if m and n and floor(m) > floor(n) then error("bad argument #2 to 'random' (interval is empty)", 2) end
	if m and not n and m < 1 then error("bad argument #1 to 'random' (interval is empty)", 2) end
	return host_random(m, n)
end
math.randomseed = nil
random = math.random
function fastrandom(m, n) return math.random(m, n) end

bit = config.bit
-- lupa's metatable for Python objects stays private.
local python_meta = getmetatable(host.report_error) -- (bit may be C functions: bitlib.c)
if type(python_meta) == "table" then python_meta.__metatable = false end

local host_time, host_date = host.time, host.date
function time(t) return host_time(t) end
function date(fmt, t) return host_date(fmt, t) end
function difftime(a, b) return a - (b or 0) end
-- The clock moves only between the realm's deliveries: the realm hands GetTime's value to the
-- events, timers and frame updates it runs (api.at); other code (a test's) asks Python.
local host_now, clock = host.now, nil
local function now() return clock or host_now() end
function debugprofilestop() return now() * 1000 end
function debugstack() return traceback("", 2) end
function GetTime() return clock or host_now() end
function GetTimePreciseSec() return clock or host_now() end
-- Run fn(...) with GetTime() at `time` (a nested entry keeps the clock it found).
local function at_time(time, fn, ...)
	local saved = clock
	clock = time
	local ok, message = pcall(fn, ...)
	clock = saved
	if not ok then error(message, 0) end
end
-- Run api[entry](...) so.
function api.at(time, entry, ...) return at_time(time, api[entry], ...) end
function GetServerTime() return host_time() end

-- loadstring: text only. Lua 5.1 bytecode can break out of any sandbox.
function loadstring(code, chunkname)
	if type(code) == "string" and strbyte(code, 1) == 27 then
		return nil, "binary chunks are not allowed"
	end
	return loadstring_raw(code, chunkname)
end
string.dump = nil

------------------------------------------------------------------------------
-- Errors and secure calls.

local function default_error_handler(message) host.report_error(message) end
function geterrorhandler() return error_handler or default_error_handler end
function seterrorhandler(fn)
	if type(fn) ~= "function" then error("Usage: seterrorhandler(errfunc)", 2) end
	error_handler = fn
end

function securecallfunction(fn, ...)
	return select(2, call(fn, ...))
end
function securecall(fn, ...)
	if type(fn) == "string" then fn = _G[fn] end
	return select(2, call(fn, ...))
end
function issecure() return false end
function issecurevariable() return true, nil end
function scrub(...) return ... end

function hooksecurefunc(target, name, hook)
	if type(target) ~= "table" then
		target, name, hook = _G, target, name
	end
	local original = target[name]
	if type(original) ~= "function" or type(hook) ~= "function" then
		error("Usage: hooksecurefunc([table,] \"functionName\", hookfunc)", 2)
	end
	target[name] = function(...)
		local results = pack(original(...))
		call(hook, ...)
		return unpack(results, 1, results.n)
	end
end

------------------------------------------------------------------------------
-- The chat frame: print, AddMessage, message event filters, chat lines.

-- What the chat frame shows of a secret value (secrets.lua sets it): Blizzard's own code may
-- show what addon code may not read.
local reveal = function(value) return value end
function api.set_reveal(fn) reveal = fn end

-- widgets.lua makes it a MessageFrame widget; its own AddMessage stays.
local ChatFrame = {}
api.chat_frame = ChatFrame
-- Its lines wait here till Python reads the chat (client.chat: api.take_chat) or 128 wait, then
-- cross at once: their texts end to end in one string and their lengths in another ("5,0,12"),
-- then (index, r, g, b, value) for each line with a colour or whose text is not a string (a
-- __tostring's odd result, as Python shows it). A few long strings cross fastest: lupa gathers
-- a call's arguments one tuple at a time, in time that grows as their square.
local host_chat_lines = host.chat_lines
local texts, lengths, extras, waiting, extra = {}, {}, {}, 0, 0 -- (reused: counts say what is live)
-- Each length as the text it crosses as, made once (table.concat would format each number anew).
local length_text = setmetatable({}, { __index = function(known, length)
	local digits = tostring(length)
	known[length] = digits
	return digits
end })
local function take_chat()
	if waiting == 0 then return nil end
	local count, odd = waiting, extra
	waiting, extra = 0, 0
	return tconcat(texts, "", 1, count), tconcat(lengths, ",", 1, count), unpack(extras, 1, odd)
end
api.take_chat = take_chat
-- A line (a string, revealed already) in the frame's own colour.
local function add_plain(text)
	local n = waiting + 1
	waiting = n
	texts[n], lengths[n] = text, length_text[#text]
	if n >= 128 then host_chat_lines(take_chat()) end
end
local function add_message(_, text, r, g, b) -- (ChatFrame:AddMessage)
	text = tostring(reveal(text))
	if r == nil and type(text) == "string" then return add_plain(text) end
	local n = waiting + 1
	waiting = n
	if type(text) == "string" then
		texts[n], lengths[n] = text, length_text[#text]
		text = nil
	else
		texts[n], lengths[n] = "", "0"
	end
	local e = extra
	extras[e + 1], extras[e + 2], extras[e + 3], extras[e + 4], extras[e + 5] = n, r, g, b, text
	extra = e + 5
	if n >= 128 or extra >= 160 then host_chat_lines(take_chat()) end
end
ChatFrame.AddMessage = add_message
DEFAULT_CHAT_FRAME, ChatFrame1 = ChatFrame, ChatFrame
SELECTED_CHAT_FRAME = ChatFrame

function print(...)
	if select("#", ...) == 1 then -- (most do: no table to join)
		local line = tostring(reveal((...)))
		if type(line) == "string" then
			local frame = DEFAULT_CHAT_FRAME
			-- (The line as AddMessage would add it, unless an addon replaced the frame or its
			-- AddMessage, or hooked it: each line printed, at once.)
			if frame == ChatFrame and frame.AddMessage == add_message then return add_plain(line) end
			frame:AddMessage(line)
			return
		end
	end
	local parts = {}
	for i = 1, select("#", ...) do parts[i] = tostring(reveal((select(i, ...)))) end
	DEFAULT_CHAT_FRAME:AddMessage(tconcat(parts, " "))
end

local function remove(list, item)
	for i = #list, 1, -1 do
		if list[i] == item then tremove(list, i) end
	end
end

local filters = {} -- event -> list of filter functions, in the order they were added
function ChatFrame_AddMessageEventFilter(event, fn)
	if type(fn) ~= "function" then error("Usage: ChatFrame_AddMessageEventFilter(event, func)", 2) end
	local list = filters[event] or {}
	filters[event] = list
	for _, f in ipairs(list) do if f == fn then return end end
	list[#list + 1] = fn
end
function ChatFrame_RemoveMessageEventFilter(event, fn)
	if filters[event] then remove(filters[event], fn) end
end
function ChatFrame_GetMessageEventFilters(event) return filters[event] end

local CHAT_FORMATS = config.chat_formats -- event suffix -> format of (name, text)

-- A character's realm never changes while it is logged in: asked once, not on every call.
local MY_REALM = host.realm()
local function ambiguate(name, context)
	if type(name) ~= "string" then return name end
	local dash = strfind(name, "-", 1, true) -- (the name, then its realm)
	if not dash or context == "mail" then return name end
	if context == "short" or strsub(name, dash + 1) == MY_REALM then return strsub(name, 1, dash - 1) end
	return name
end
-- The answers for the contexts addons ask on every message, kept by name (2048 names at most,
-- then forgotten and kept afresh: the names are players').
local ambiguated, ambiguated_count = { short = {}, none = {} }, { short = 0, none = 0 }
function Ambiguate(name, context)
	local known = ambiguated[context]
	local answer = known and known[name]
	if answer then return answer end
	answer = ambiguate(name, context)
	if known and type(name) == "string" then
		if ambiguated_count[context] >= 2048 then
			known = {}
			ambiguated[context], ambiguated_count[context] = known, 0
		end
		known[name], ambiguated_count[context] = answer, ambiguated_count[context] + 1
	end
	return answer
end

local function show_chat(event, text, author, ...)
	local list = filters[event]
	local args = { text, author, ... }
	local n = select("#", ...) + 2
	if list then
		for _, filter in ipairs({ unpack(list) }) do
			local results = pack(call(filter, ChatFrame, event, unpack(args, 1, n)))
			if results[1] then
				if results[2] then return end -- the first filter that answers true hides the line
				if results[3] ~= nil then
					for i = 3, results.n do args[i - 2] = results[i] end
				end
			end
		end
	end
	local suffix = strsub(event, 10)
	local form = CHAT_FORMATS[suffix]
	if not form then return end
	local text, sender = reveal(args[1]), reveal(args[2])
	ChatFrame:AddMessage(strformat(form, Ambiguate(sender or "", "none"), text or ""))
end

------------------------------------------------------------------------------
-- Timers.

local timers, next_timer = {}, 0

local function schedule(seconds, fn, ticker)
	if type(seconds) ~= "number" then error("Usage: C_Timer.After(seconds, callback)", 3) end
	if type(fn) ~= "function" then error("Usage: C_Timer.After(seconds, callback)", 3) end
	next_timer = next_timer + 1
	timers[next_timer] = ticker or fn
	host.schedule(next_timer, seconds < 0 and 0 or seconds)
	return next_timer
end

local Timer = {}
Timer.__index = Timer
function Timer:Cancel()
	self._cancelled = true
	if self._id then timers[self._id] = nil host.cancel(self._id) end
end
function Timer:IsCancelled() return self._cancelled == true end

C_Timer = {}
function C_Timer.After(seconds, fn) schedule(seconds, fn) end
function C_Timer.NewTimer(seconds, fn)
	local timer = setmetatable({}, Timer)
	timer._id = schedule(seconds, function() timer._cancelled = true fn(timer) end)
	return timer
end
function C_Timer.NewTicker(seconds, fn, iterations)
	local ticker = setmetatable({ _left = iterations }, Timer)
	local function tick()
		if ticker._cancelled then return end
		if ticker._left then ticker._left = ticker._left - 1 end
		if not ticker._left or ticker._left > 0 then
			ticker._id = schedule(seconds, tick)
		else
			ticker._cancelled = true
		end
		fn(ticker)
	end
	ticker._id = schedule(seconds, tick)
	return ticker
end

function api.timer(id)
	local fn = timers[id]
	timers[id] = nil
	if fn then call(fn) end
end


------------------------------------------------------------------------------
-- The player, units and the group.

-- The player's own name and realm are constants (addons ask for them on every message).
local MY_NAME = (host.unit("player", "name"))
-- What the player's groups are, who is online in them and where: the realm calls
-- api.group_news whenever any of that changes (realm.py: groups_changed), so each answer is
-- asked of it once till then (addons ask on every message). A target is asked every time.
local known, NONE = {}, {}
-- (And, for what addons ask most, the answers to hand at once: of a group, by question and
-- category; whether a unit is connected; a roster line's results, by index; the whole roster,
-- asked at once.)
local plain, connected, rosters, roster = {}, {}, {}, nil
-- (IsInGroup and IsInRaid by category, and UnitInParty by category then unit, NONE for none:
-- asked on every message, closer still.)
local in_group, in_raid, in_party = {}, {}, {}
function api.group_news()
	known, plain, connected, rosters, roster = {}, {}, {}, {}, nil
	in_group, in_raid, in_party = {}, {}, {}
end
-- Whether an answer about a unit (or none) in a category (or none) is kept: not a target's.
local function keepable(unit, category)
	local kind = type(unit)
	return (kind == "string" and strlower(unit) ~= "target" or kind == "number" and unit == unit
		or unit == nil) and (category == nil or type(category) == "number" and category == category)
end
local function remembered(ask, what, unit, category)
	local units = known[what]
	local categories = units and units[unit == nil and NONE or unit]
	local answer = categories and categories[category == nil and NONE or category]
	if answer then return unpack(answer, 1, answer.n) end
	answer = pack(ask(what, unit, category))
	if keepable(unit, category) then
		units = known[what] or {} -- (ask may have kept others: sex_ask)
		known[what] = units
		categories = units[unit == nil and NONE or unit] or {}
		units[unit == nil and NONE or unit] = categories
		categories[category == nil and NONE or category] = answer
	end
	return unpack(answer, 1, answer.n)
end
local function unit_ask(what, unit, category) return host.unit(unit, what, category) end
local function group_ask(what, _, category) return host.group(what, category) end
-- A roster line: from the whole roster, asked of Python once (12 values a line).
local function roster_ask(_, index)
	if not roster then roster = pack(host.roster_all()) end
	if index == true then index = 1 end -- (as Python reads it: True is 1)
	if type(index) ~= "number" or index ~= floor(index) or index < 1 or index * 12 > roster.n then
		return nil
	end
	return unpack(roster, index * 12 - 11, index * 12)
end
function UnitName(unit)
	if unit == "player" then return MY_NAME, nil end
	local name, realm = remembered(unit_ask, "name", unit)
	return name, realm
end
function UnitFullName(unit)
	if unit == "player" then return MY_NAME, MY_REALM end
	local name, realm = remembered(unit_ask, "full", unit)
	return name, realm
end
function UnitGUID(unit) return (remembered(unit_ask, "guid", unit)) end
-- UnitSex of a player by full name, the first time: every member of the player's groups is asked
-- of Python at once, by full name (an addon asks it of each player at a table).
local function sex_ask(what, unit, category)
	if not known.sex and type(unit) == "string" and strfind(unit, "-", 1, true) then
		local units, answers = {}, pack(host.group_sexes())
		for i = 1, answers.n, 2 do units[answers[i]] = { [NONE] = pack(answers[i + 1]) } end
		known.sex = units
		local kept = units[unit]
		if kept then return unpack(kept[NONE], 1, kept[NONE].n) end
	end
	return unit_ask(what, unit, category)
end
function UnitSex(unit) return (remembered(sex_ask, "sex", unit)) end
function UnitExists(unit) return (remembered(unit_ask, "exists", unit)) == true end
function UnitIsConnected(unit)
	local answer = connected[unit]
	if answer == nil then
		answer = (remembered(unit_ask, "connected", unit)) == true
		if type(unit) == "string" and strlower(unit) ~= "target" then connected[unit] = answer end
	end
	return answer
end
-- A category (LE_PARTY_CATEGORY_HOME or _INSTANCE) names one of the player's two groups; without
-- one, these ask of the active group: the instance group if the player is in one.
function UnitIsGroupLeader(unit, category) return (remembered(unit_ask, "leader", unit, category)) == true end
function UnitIsGroupAssistant(unit) return (remembered(unit_ask, "assistant", unit)) == true end
function UnitIsUnit(a, b)
	local x, y = UnitGUID(a), UnitGUID(b)
	return x ~= nil and x == y
end
function UnitInParty(unit, category)
	local units = in_party[category == nil and NONE or category]
	local answer = units and units[unit == nil and NONE or unit]
	if answer == nil then
		answer = (remembered(unit_ask, "party", unit, category)) == true
		if keepable(unit, category) then
			units = units or {}
			in_party[category == nil and NONE or category], units[unit == nil and NONE or unit] = units, answer
		end
	end
	return answer
end
function UnitInRaid(unit, category) return (remembered(unit_ask, "raid", unit, category)) end
-- 1 same realm, 2 another realm not connected (whispers do not reach it), 3 a connected realm
-- (LE_REALM_RELATION_*, from the flavour's data).
function UnitRealmRelationship(unit)
	if type(unit) ~= "string" then error("Usage: UnitRealmRelationship(unit)", 2) end
	return (remembered(unit_ask, "relation", unit))
end
function GetRealmName() return host.realm_display() end
function GetNormalizedRealmName() return MY_REALM end
function GetLocale() return config.locale end
function GetBuildInfo() return unpack(config.build) end
function IsLoggedIn() return host.logged_in() end
-- The first answer to `what` asked of a group (the active one without a category), or false.
local function of_group(what, category)
	local answers = plain[what]
	if not answers then answers = {} plain[what] = answers end
	local answer = answers[category == nil and NONE or category]
	if answer == nil then
		answer = (remembered(group_ask, what, nil, category)) or false
		if category == nil or type(category) == "number" and category == category then
			answers[category == nil and NONE or category] = answer
		end
	end
	return answer
end
-- of_group's answer to `what` as true or false, kept in `kept` by category where it keeps it.
local function of_group_kept(kept, what, category)
	local answer = of_group(what, category) == true
	if keepable(nil, category) then kept[category == nil and NONE or category] = answer end
	return answer
end
function IsInGroup(category)
	local answer = in_group[category == nil and NONE or category]
	if answer == nil then answer = of_group_kept(in_group, "in_group", category) end
	return answer
end
function IsInRaid(category)
	local answer = in_raid[category == nil and NONE or category]
	if answer == nil then answer = of_group_kept(in_raid, "in_raid", category) end
	return answer
end
function GetNumGroupMembers(category) return of_group("count", category) or nil end
function GetNumSubgroupMembers(category)
	return (remembered(group_ask, "subgroup_count", nil, category))
end
function GetRaidRosterInfo(index)
	local answer = rosters[index]
	if answer then return unpack(answer, 1, answer.n) end
	answer = pack(remembered(roster_ask, "roster", index))
	if type(index) == "number" and index == index then rosters[index] = answer end
	return unpack(answer, 1, answer.n)
end
function IsInInstance() return false, "none" end

------------------------------------------------------------------------------
-- Chat, addon messages, rolls.

local function send_chat(text, chat_type, language, target)
	if type(text) ~= "string" and type(text) ~= "number" then
		error("Usage: SendChatMessage(text [, chatType [, languageID [, target]]])", 3)
	end
	return host.send_chat(tostring(text), chat_type and strupper(chat_type) or "SAY", target)
end

-- Where the flavour has them (lua/api.lua: the rest of the API comes from the data).
C_ChatInfo = {}
if host.has("C_ChatInfo.SendChatMessage") then
	function C_ChatInfo.SendChatMessage(...) return send_chat(...) end
end

function C_ChatInfo.RegisterAddonMessagePrefix(prefix)
	if type(prefix) ~= "string" then error("Usage: C_ChatInfo.RegisterAddonMessagePrefix(prefix)", 2) end
	return host.register_prefix(prefix)
end
function C_ChatInfo.IsAddonMessagePrefixRegistered(prefix) return host.prefix_registered(prefix) end
function C_ChatInfo.GetRegisteredAddonMessagePrefixes() return host.prefixes() end
function C_ChatInfo.InChatMessagingLockdown() return host.lockdown(), nil end
function C_ChatInfo.SendAddonMessage(prefix, message, chat_type, target)
	if type(prefix) ~= "string" or type(message) ~= "string" then
		error("Usage: C_ChatInfo.SendAddonMessage(prefix, message [, chatType [, target]])", 2)
	end
	-- An Enum.SendAddonMessageResult, in every flavour.
	return host.send_addon(prefix, message, chat_type and strupper(chat_type) or "PARTY", target)
end

function RandomRoll(low, high)
	host.roll(low, high)
end

-- The game's global strings in this client's locale (RANDOM_ROLL_RESULT, ERR_...).
for key, text in pairs(config.global_strings) do _G[key] = text end
config.global_strings = nil -- (in _G now: not kept twice)

------------------------------------------------------------------------------
-- Addons' metadata.

C_AddOns = {}
function C_AddOns.GetAddOnMetadata(addon, field) return host.metadata(addon, field) end
function C_AddOns.IsAddOnLoaded(addon) return host.addon_loaded(addon) end
function C_AddOns.GetNumAddOns() return host.addon_count() end

------------------------------------------------------------------------------
-- Slash commands and the chat box.

SlashCmdList = {}
local slash_keys = {} -- SlashCmdList keys in the order they were first set
setmetatable(SlashCmdList, {
	__newindex = function(t, key, value)
		slash_keys[#slash_keys + 1] = key
		rawset(t, key, value)
	end,
})

-- Blizzard's own /roll, which addons may hook. It reads its text as Blizzard's ChatFrame.lua
-- does, quirks and all: "/roll 10" is 1-10, "/roll 5 10" and "/roll 5-10" are 5-10, and the
-- text goes to the server as strings (text without a number is sent as it is, and refused).
SLASH_RANDOM1, SLASH_RANDOM2, SLASH_RANDOM3, SLASH_RANDOM4 = "/random", "/roll", "/rand", "/rnd"
SlashCmdList.RANDOM = function(msg)
	msg = msg or ""
	local low = strgsub(msg, "(%s*)(%d+)(.*)", "%2", 1)
	local rest = strgsub(msg, "(%s*)(%d+)(.*)", "%3", 1)
	local high = ""
	if rest ~= "" then
		local found
		high, found = strgsub(msg, "(%s*)(%d+)([-%s]+)(%d+)(.*)", "%4", 1)
		if found == 0 then high = "" end
	end
	if low == "" and high == "" then
		RandomRoll("1", "100")
	elseif high == "" then
		RandomRoll("1", low)
	else
		RandomRoll(low, high)
	end
end
SLASH_RELOADUI1, SLASH_RELOADUI2 = "/reload", "/reloadui"
SlashCmdList.RELOADUI = function() host.reload() end

local CHAT_COMMANDS = config.chat_commands -- "/p" -> "PARTY", ...

-- The global names SLASH_<key>1, SLASH_<key>2, ... of each key and the commands they hold in
-- lower case, made once rather than on every typed line.
local slash_names, lowered = {}, {}
local function slash_name(key, i)
	local names = slash_names[key]
	if not names then names = {} slash_names[key] = names end
	local name = names[i]
	if not name then name = "SLASH_" .. key .. i names[i] = name end
	return name
end
local function lower(command)
	local low = lowered[command]
	if not low then
		low = strlower(command)
		if type(command) == "string" then lowered[command] = low end
	end
	return low
end

local function find_slash(command)
	for _, key in ipairs(slash_keys) do
		local handler = rawget(SlashCmdList, key)
		if handler then
			local names, i = slash_names[key], 1
			while true do
				local name = _G[names and names[i] or slash_name(key, i)]
				if not name then break end
				if (lowered[name] or lower(name)) == command then return handler end
				i = i + 1
				names = names or slash_names[key]
			end
		end
	end
end

function api.chat_box(line)
	if strsub(line, 1, 1) ~= "/" then
		return send_chat(line, "SAY")
	end
	local command, rest = strmatch(line, "^(%S+)%s*(.-)%s*$")
	command = strlower(command)
	local chat_type = CHAT_COMMANDS[command]
	if chat_type == "WHISPER" then
		local target, text = strmatch(rest, "^(%S+)%s*(.*)$")
		if target then return call(send_chat, text, "WHISPER", nil, target) end
		return
	elseif chat_type == "TARGET" then
		return host.set_target(rest)
	elseif chat_type then
		return call(send_chat, rest, chat_type)
	end
	local handler = find_slash(command)
	if handler then return call(handler, rest, ChatFrame) end
	host.system_line(config.unknown_command)
end

------------------------------------------------------------------------------
-- Events from the realm, and the client's own chat frame.

-- Whether the chat frame shows an event's line, by name: decided once a name.
local shows = setmetatable({}, { __index = function(seen, event)
	local shown = strsub(event, 1, 9) == "CHAT_MSG_" and event ~= "CHAT_MSG_ADDON"
	if type(event) == "string" then seen[event] = shown end
	return shown
end })
-- What the realm's later files add to an event, by name, so that each event is one call here
-- rather than a wrapper per file: event_args[name] = { count = n, add = fn } where fn(...)
-- gives the arguments everyone gets when the realm gives n (api.lua: retail chat's
-- discordInfo); event_after[name](...) runs after the frames and the chat frame
-- (blizzard_api.lua: channel lines). A name with neither answers false or nil.
local event_args, event_after = {}, {}
api.event_args, api.event_after = event_args, event_after
local function dispatch(event, ...)
	api.deliver_event(event, ...) -- widgets.lua: the frames registered for it
	if shows[event] then show_chat(event, ...) end
	local after = event_after[event]
	if after then after(...) end
end
local function event(name, ...)
	local args = event_args[name]
	if args and select("#", ...) == args.count then return dispatch(name, args.add(...)) end
	return dispatch(name, ...)
end
api.event = event
-- api.at(time, "event", ...), as the realm delivers every message: one argument across and
-- one look-up fewer.
function api.event_at(time, ...) return at_time(time, event, ...) end

-- Run one file of an addon: the chunk gets (addonName, namespace) as `...`.
function api.run_file(code, chunkname, addon_name, namespace)
	local chunk, message = loadstring(code, chunkname)
	if not chunk then report(message) return false end
	return (call(chunk, addon_name, namespace))
end

function api.rawget(name) return api.global(name) end

-- Run the realm's own fn(...) (an interface file loaded on first use) outside the running
-- handler's instruction count, as the game's own interface is loaded before any addon runs.
local untimed = false -- (one file may use another: the outermost sets the hook back)
function api.untimed(fn, ...)
	if depth == 0 or tripped or untimed then return fn(...) end
	sethook()
	untimed = true
	local results = pack(pcall(fn, ...))
	untimed = false
	sethook(trip, "", LIMIT)
	if not results[1] then error(results[2], 0) end
	return unpack(results, 2, results.n)
end
function api.rawset(name, value) rawset(_G, name, value) end

------------------------------------------------------------------------------
-- What WoW does not have (lua/api.lua then adds the flavour's API from the data).

-- (And out of the registry's table of loaded libraries, where they would stay in memory.)
local loaded = debug.getregistry()._LOADED
for _, name in ipairs({ "io", "os", "debug", "package", "python" }) do loaded[name] = nil end
io, os, require, dofile, loadfile, package, module, load, debug, python = nil
math.mod = nil -- Lua 5.1's old name for math.fmod; WoW's Lua has no math.mod

return api
