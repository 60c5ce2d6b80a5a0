-- A game's slash commands: a short one for each action the ruleset names ([addon.commands]),
-- and the long form (/LONG ACTION [ARGS]) that reaches every action. Each action's handler
-- gets the words typed after it; the game hands in its actions and how it says a line.
local _, ns = ...

local RULES, Text, L = ns.Rules, ns.Text, ns.L
local KEY = RULES.addon.key -- SlashCmdList's key for the long form; short ones add "_ROLL" etc.

local SlashCommands = {}
ns.SlashCommands = SlashCommands

-- The words of what a player typed after the command.
function SlashCommands.words(message)
	local out = {}
	for word in (message or ""):gmatch("%S+") do out[#out + 1] = word end
	return out
end
local words = SlashCommands.words

-- A short command another addon claims too may reach that addon instead: said once, at login
-- (when every addon has set its commands); the long form always works.
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

-- Set the short commands and the long form to run `actions` (action -> handler(words)); `say`
-- says one line to the player. Returns what to call at login: it says which short commands
-- another addon claims too. The SLASH_ names are the ruleset's, so they are set through _G
-- (the .luacheckrc built with the addon lists them).
function SlashCommands.register(actions, say)
	local function run(action, message)
		local handler = actions[action]
		if handler then handler(words(message)) end
	end

	local short = {}
	for action, command in pairs(RULES.addon.commands) do
		short[action] = "/" .. command
		_G["SLASH_" .. KEY .. "_" .. action:upper() .. "1"] = short[action]
		SlashCmdList[KEY .. "_" .. action:upper()] = function(message) run(action, message) end
	end

	_G["SLASH_" .. KEY .. "1"] = "/" .. RULES.addon.long
	SlashCmdList[KEY] = function(message)
		local action, rest = (message or ""):match("^%s*(%S*)%s*(.-)%s*$")
		action = (action or ""):lower()
		if action == "" then action = "help" end
		if not actions[action] then say(L.UNKNOWN:format(Text.safe(action))) return end
		run(action, rest)
	end

	return function()
		for action, command in pairs(short) do
			local owner = owner_of(command)
			if owner then say(L.TAKEN:format(command, owner, "/" .. RULES.addon.long .. " " .. action)) end
		end
	end
end
