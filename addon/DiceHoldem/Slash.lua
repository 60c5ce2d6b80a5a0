-- Slash commands, and the one event frame.
local _, ns = ...

local Game, L, Dice = ns.Game, ns.L, ns.Dice
local RULES = ns.Rules
local COMMANDS = RULES.addon.commands

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

-- The short commands, one each, as the original addon had them, and the long form (/tholdem
-- ACTION [ARGS]); then the one event frame.
local name_taken_commands = ns.SlashCommands.register(actions, Game.say)
ns.EventFrame.listen({
	load_saved = function() Game.load_saved() end,
	roll_line = function(line) Game.roll_line(line) end,
	login = name_taken_commands,
})
