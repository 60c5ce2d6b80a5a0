-- The addon's one event frame: each event the table core answers, through its handler. What
-- differs by game, the game hands in: loading its saved variables, a /roll line in system
-- chat, and what it does at login.
local _, ns = ...

local RULES, Comm = ns.Rules, ns.Comm

local EventFrame = {}
ns.EventFrame = EventFrame
EventFrame.heard_on = nil -- the channel of the addon message being handled now ("WHISPER", ...)

local EVENTS = { "ADDON_LOADED", "PLAYER_LOGIN", "PLAYER_ENTERING_WORLD", "PLAYER_LOGOUT",
	"CHAT_MSG_ADDON", "CHAT_MSG_SYSTEM", "GROUP_ROSTER_UPDATE" }

-- Listen for the events; `game` = { load_saved = fn(), roll_line = fn(line), login = fn() }.
function EventFrame.listen(game)
	local handlers = {
		ADDON_LOADED = function(name) if name == RULES.addon.name then game.load_saved() end end,
		PLAYER_LOGIN = function()
			game.login()
			Comm.init()
			ns.Restricted.look() -- (a /reload mid-encounter)
		end,
		PLAYER_ENTERING_WORLD = function(_, reloading) ns.CatchUp.enter(reloading) end,
		PLAYER_LOGOUT = function() ns.CatchUp.save() end,
		CHAT_MSG_ADDON = function(prefix, message, channel, sender)
			-- (Never so far: read nothing secret. Only the four read are asked of.)
			if ns.Restricted.any_secret(prefix, message, channel, sender) then return end
			EventFrame.heard_on = channel -- (what its handlers hear now came on it)
			Comm.receive(prefix, message, channel, sender)
			EventFrame.heard_on = nil
		end,
		CHAT_MSG_SYSTEM = function(line) game.roll_line(line) end,
		ADDON_RESTRICTION_STATE_CHANGED = function(...) ns.Restricted.changed(...) end,
		GROUP_ROSTER_UPDATE = function() ns.CatchUp.roster_changed() end,
	}
	local frame = CreateFrame("Frame")
	for _, event in ipairs(EVENTS) do frame:RegisterEvent(event) end
	if C_RestrictedActions then frame:RegisterEvent("ADDON_RESTRICTION_STATE_CHANGED") end
	frame:SetScript("OnEvent", function(_, event, ...)
		local handler = handlers[event]
		if handler then handler(...) end
	end)
	return frame
end
