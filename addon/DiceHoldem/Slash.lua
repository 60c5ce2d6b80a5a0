-- Slash commands, and the one event frame.
local _, ns = ...

local Game, L, Dice, Comm = ns.Game, ns.L, ns.Dice, ns.Comm
local RULES = ns.Rules
local COMMANDS = RULES.addon.commands
local KEY = RULES.addon.key -- SlashCmdList's key for the long form; short ones add "_DEAL" etc.
local function words(message)
	local out = {}
	for word in (message or ""):gmatch("%S+") do out[#out + 1] = word end
	return out
end

-- What a player typed, to quote back as the chat frame shows other clients' text: every '|'
-- doubled, so it shows as typed instead of reading a colour, a link or a line break from it.
local typed = ns.Text.safe

-- A whole number of chips, 1 or more, or nil after saying what was wrong. Past nine digits
-- no bank holds it (and past fifteen a Lua number no longer holds it exactly).
local function chips(command, text)
	local digits = text and text:match("^0*(%d+)$")
	if digits and #digits > 9 then
		Game.say(L.AMOUNT_TOO_BIG:format(command, typed(text), RULES.table.currency))
		return
	end
	if digits and tonumber(digits) >= 1 then return tonumber(digits) end
	Game.say(L.BAD_AMOUNT:format(command, typed(text or ""), RULES.table.currency))
end

local function full_name(name, realm)
	if not name then return nil end
	return name .. "-" .. (realm or GetNormalizedRealmName())
end

-- NAME as typed, or the player's target.
local function target_of(named)
	if named then
		if named:find("-", 1, true) then return named end
		local name, realm = UnitFullName(named)
		return full_name(name, realm) or full_name(named)
	end
	if not UnitExists("target") then return nil end
	return full_name(UnitFullName("target"))
end

local actions = {}

function actions.deal() Game.deal() end
function actions.show() Game.show() end
for _, street in ipairs(RULES.deal.streets) do
	actions[street:gsub(" ", "_")] = function() Game.street(street) end
end
function actions.hand()
	Game.say(L.HAND_ORDER)
	for i, category in ipairs(RULES.hands.order) do
		Game.say(("%d. %s  %s"):format(i, category.name, Dice.faces(category.example)))
	end
end

function actions.bones()
	Game.say(L.FACES)
	for _, face in ipairs(RULES.faces_by_rank) do
		local info = RULES.faces[face]
		Game.say(("%s  %s (%d)"):format(info.glyph, info.name, info.value))
	end
end

function actions.bet(args)
	local amount = chips(COMMANDS.bet, args[1])
	if not amount then return end
	Game.request(Game.mode() == "manual" and "bet" or "put", amount)
end

function actions.pot()
	local target = target_of(nil)
	if not target then
		Game.say(L.POT_NEEDS_TARGET:format(COMMANDS.pot))
		return
	end
	Game.request("pot", nil, target)
end

function actions.give(args)
	local amount = chips(COMMANDS.give, args[1])
	if not amount then return end
	local target = target_of(args[2]) -- a refusal quoting the name goes through Text.safe
	if not target then
		Game.say(L.NEEDS_TARGET:format(COMMANDS.give, COMMANDS.give, typed(args[1])))
		return
	end
	Game.request("give", amount, target)
end

function actions.reset() Game.request("reset") end

function actions.help()
	Game.say(L.HELP_TITLE)
	for _, entry in ipairs(ns.HELP) do
		local command = "/" .. entry[1] .. (entry[2] ~= "" and (" " .. entry[2]) or "")
		Game.say(command .. " - " .. entry[3])
	end
end

-- The table's own commands, reached through the long form (/tholdem).
function actions.open(args)
	Game.open(args) -- which quotes back a word it does not know through Text.safe
end
function actions.join() Game.join() end
function actions.leave() Game.leave() end
function actions.start() Game.start() end
function actions.status() Game.status() end
function actions.check() Game.request("check") end
function actions.call() Game.request("call") end
function actions.fold() Game.request("fold") end
function actions.allin() Game.request("allin") end
function actions.raise(args)
	local amount = chips(RULES.addon.long .. " raise", args[1])
	if amount then Game.request("raise", amount) end
end
function actions.ascii(args)
	local choice = (args[1] or ""):lower()
	if choice ~= "on" and choice ~= "off" then
		Game.say(L.ASCII_USAGE)
		return
	end
	Game.set_ascii(choice == "on")
end

local function run(action, message)
	local handler = actions[action]
	if handler then handler(words(message)) end
end

-- The short commands, one each, as the original addon had them. Their SLASH_ names are the
-- ruleset's, so they are set through _G (the .luacheckrc built with the addon lists them).
local SHORT = {}
for action, command in pairs(COMMANDS) do
	SHORT[action] = "/" .. command
	_G["SLASH_" .. KEY .. "_" .. action:upper() .. "1"] = SHORT[action]
	SlashCmdList[KEY .. "_" .. action:upper()] = function(message) run(action, message) end
end

-- A short command another addon claims too may reach that addon instead: say so once, at
-- login (when every addon has set its commands); the long form always works.

local function owner_of(command)
	for key in pairs(SlashCmdList) do
		if key ~= KEY and key:sub(1, #KEY + 1) ~= KEY .. "_" then
			local i = 1
			while type(_G["SLASH_" .. key .. i]) == "string" do
				if _G["SLASH_" .. key .. i]:lower() == command then return key end
				i = i + 1
			end
		end
	end
end

local function name_taken_commands()
	for action, command in pairs(SHORT) do
		local owner = owner_of(command)
		if owner then
			Game.say(L.TAKEN:format(command, owner, "/" .. RULES.addon.long .. " " .. action))
		end
	end
end

-- The long form: /tholdem ACTION [ARGS].
_G["SLASH_" .. KEY .. "1"] = "/" .. RULES.addon.long
SlashCmdList[KEY] = function(message)
	local action, rest = (message or ""):match("^%s*(%S*)%s*(.-)%s*$")
	action = (action or ""):lower()
	if action == "" then action = "help" end
	if not actions[action] then
		Game.say(L.UNKNOWN:format(typed(action)))
		return
	end
	run(action, rest)
end

-- The one event frame.
local frame = CreateFrame("Frame")
frame:RegisterEvent("ADDON_LOADED")
frame:RegisterEvent("PLAYER_LOGIN")
frame:RegisterEvent("PLAYER_ENTERING_WORLD")
frame:RegisterEvent("PLAYER_LOGOUT")
frame:RegisterEvent("CHAT_MSG_ADDON")
frame:RegisterEvent("CHAT_MSG_SYSTEM")
frame:RegisterEvent("GROUP_ROSTER_UPDATE")
if C_RestrictedActions then frame:RegisterEvent("ADDON_RESTRICTION_STATE_CHANGED") end
frame:SetScript("OnEvent", function(_, event, ...)
	if event == "CHAT_MSG_ADDON" then -- (first: a table's every message is one)
		if ns.Restricted.any_secret(...) then return end -- (never so far: read nothing secret)
		Comm.receive(...)
	elseif event == "ADDON_LOADED" and ... == RULES.addon.name then
		Game.load_saved()
	elseif event == "PLAYER_LOGIN" then
		name_taken_commands()
		Comm.init()
		ns.Restricted.look() -- (a /reload mid-encounter)
	elseif event == "PLAYER_ENTERING_WORLD" then
		local _, reloading = ...
		ns.CatchUp.enter(reloading)
	elseif event == "PLAYER_LOGOUT" then
		ns.CatchUp.save()
	elseif event == "CHAT_MSG_SYSTEM" then
		Game.roll_line((...))
	elseif event == "ADDON_RESTRICTION_STATE_CHANGED" then
		ns.Restricted.changed(...)
	elseif event == "GROUP_ROSTER_UPDATE" then
		ns.CatchUp.roster_changed()
	end
end)
