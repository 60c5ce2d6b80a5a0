-- A draw game's slash commands and its one event frame. The short commands are the ruleset's
-- ([addon.commands]: each action's own), the long form (/LONG ACTION ...) reaches every
-- action; the table's actions are here, the game's own are added by its file (actions).
local _, ns = ...

local L, Dice, Comm, Text, DrawTable = ns.L, ns.Dice, ns.Comm, ns.Text, ns.DrawTable
local RULES = ns.Rules
local COMMANDS = RULES.addon.commands
local KEY = RULES.addon.key -- SlashCmdList's key for the long form; short ones add "_ROLL" etc.
local say = ns.Session.say

local DrawSlash = {}
ns.DrawSlash = DrawSlash

local function words(message)
	local out = {}
	for word in (message or ""):gmatch("%S+") do out[#out + 1] = word end
	return out
end

-- Faces named by the player (names, any case), or nil after one line saying what was wrong.
function DrawSlash.faces(command, args)
	local faces = {}
	for i, word in ipairs(args) do
		local face
		for index, info in ipairs(RULES.faces) do
			if info.name:lower() == word:lower() then face = index end
		end
		if not face then
			local names = {}
			for j, info in ipairs(RULES.faces) do names[j] = info.name end
			say(L.BAD_FACES:format(command, Text.safe(table.concat(args, " ")), table.concat(names, ", ")))
			return nil
		end
		faces[i] = face
	end
	return faces
end

local actions = {}
DrawSlash.actions = actions

function actions.hand()
	say(L.HAND_ORDER)
	for i, category in ipairs(RULES.hands.order) do
		say(("%d. %s  %s"):format(i, category.name, Dice.faces(category.example)))
	end
end
function actions.bones()
	say(L.FACES)
	for _, face in ipairs(RULES.faces_by_rank) do
		local info = RULES.faces[face]
		say(("%s  %s (%d)"):format(info.glyph, info.name, info.value))
	end
end
function actions.help()
	say(L.HELP_TITLE)
	for _, entry in ipairs(ns.HELP) do
		say("/" .. entry[1] .. (entry[2] ~= "" and (" " .. entry[2]) or "") .. " - " .. entry[3])
	end
end
function actions.open(args) DrawTable.open(args) end
function actions.join() ns.Session.join() end
function actions.leave() ns.Session.leave() end
function actions.start() DrawTable.start() end
function actions.status() DrawTable.status() end
function actions.roll() DrawTable.roll() end
function actions.dice() DrawTable.my_dice() end
function actions.ascii(args)
	local choice = (args[1] or ""):lower()
	if choice ~= "on" and choice ~= "off" then say(L.ASCII_USAGE) return end
	DrawTable.set_ascii(choice == "on")
end

local function run(action, message)
	local handler = actions[action]
	if handler then handler(words(message)) end
end

-- The short commands, one each. Their SLASH_ names are the ruleset's, so they are set through
-- _G (the .luacheckrc built with the addon lists them).
local SHORT = {}
for action, command in pairs(COMMANDS) do
	SHORT[action] = "/" .. command
	_G["SLASH_" .. KEY .. "_" .. action:upper() .. "1"] = SHORT[action]
	SlashCmdList[KEY .. "_" .. action:upper()] = function(message) run(action, message) end
end

-- A short command another addon claims too may reach that addon instead: said once, at login.
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
		if owner then say(L.TAKEN:format(command, owner, "/" .. RULES.addon.long .. " " .. action)) end
	end
end

-- The long form: /LONG ACTION [ARGS] (the ruleset's long command).
_G["SLASH_" .. KEY .. "1"] = "/" .. RULES.addon.long
SlashCmdList[KEY] = function(message)
	local action, rest = (message or ""):match("^%s*(%S*)%s*(.-)%s*$")
	action = (action or ""):lower()
	if action == "" then action = "help" end
	if not actions[action] then say(L.UNKNOWN:format(Text.safe(action))) return end
	run(action, rest)
end

-- The one event frame.
local frame = CreateFrame("Frame")
for _, event in ipairs({ "ADDON_LOADED", "PLAYER_LOGIN", "PLAYER_ENTERING_WORLD", "PLAYER_LOGOUT",
	"CHAT_MSG_ADDON", "CHAT_MSG_SYSTEM", "GROUP_ROSTER_UPDATE" }) do
	frame:RegisterEvent(event)
end
if C_RestrictedActions then frame:RegisterEvent("ADDON_RESTRICTION_STATE_CHANGED") end
frame:SetScript("OnEvent", function(_, event, ...)
	if event == "ADDON_LOADED" and ... == RULES.addon.name then
		ns.Session.load_saved()
	elseif event == "PLAYER_LOGIN" then
		name_taken_commands()
		Comm.init()
		ns.Restricted.look() -- (a /reload mid-encounter)
	elseif event == "PLAYER_ENTERING_WORLD" then
		local _, reloading = ...
		ns.CatchUp.enter(reloading)
	elseif event == "PLAYER_LOGOUT" then
		ns.CatchUp.save()
	elseif event == "CHAT_MSG_ADDON" then
		if ns.Restricted.any_secret(...) then return end
		local _, _, channel = ...
		DrawSlash.heard_on = channel -- (what its handlers hear now came on it)
		Comm.receive(...)
		DrawSlash.heard_on = nil
	elseif event == "CHAT_MSG_SYSTEM" then
		DrawTable.flow.roll_line((...))
	elseif event == "ADDON_RESTRICTION_STATE_CHANGED" then
		ns.Restricted.changed(...)
	elseif event == "GROUP_ROSTER_UPDATE" then
		ns.CatchUp.roster_changed()
	end
end)
