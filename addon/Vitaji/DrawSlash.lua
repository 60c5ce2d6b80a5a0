-- A draw game's slash commands and its one event frame. The short commands are the ruleset's
-- ([addon.commands]: each action's own), the long form (/LONG ACTION ...) reaches every
-- action; the table's actions are here, the game's own are added by its file (actions).
local _, ns = ...

local L, Dice, Text, DrawTable = ns.L, ns.Dice, ns.Text, ns.DrawTable
local RULES = ns.Rules
local say = ns.Session.say

local DrawSlash = {}
ns.DrawSlash = DrawSlash

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

-- The short commands, one each, and the long form (/LONG ACTION [ARGS]); then the one event
-- frame. (A game's own actions, added to `actions` by its file, are reached the same way.)
local name_taken_commands = ns.SlashCommands.register(actions, say)
ns.EventFrame.listen({
	load_saved = function() ns.Session.load_saved() end,
	roll_line = function(line) DrawTable.flow.roll_line(line) end,
	login = name_taken_commands,
})
