-- A careless neighbour: the names a dice addon might leave in the global table, its own /dice
-- and a /tdeal of its own too, and hooks on Blizzard's /roll, RandomRoll and SendChatMessage.
Dice = { owner = "GlobalNeighbour", roll = function() return 4 end }
Game, L, Comm, Fair, Sync, Rules, Hands, Pots = "GlobalNeighbour", {}, {}, {}, {}, {}, {}, {}
Holdem, Betting, Sha256, db, session = {}, {}, {}, {}, {}

SLASH_GLOBALNEIGHBOUR1, SLASH_GLOBALNEIGHBOUR2 = "/dice", "/tdeal"
SlashCmdList.GLOBALNEIGHBOUR = function(message)
	print("GlobalNeighbour deals: " .. (message or ""))
end

-- What its hooks saw: /roll typed, RandomRoll called (by anyone), chat sent.
GlobalNeighbourSeen = { slash_rolls = 0, rolls = 0, chats = 0 }
hooksecurefunc(SlashCmdList, "RANDOM", function()
	GlobalNeighbourSeen.slash_rolls = GlobalNeighbourSeen.slash_rolls + 1
end)
hooksecurefunc("RandomRoll", function() GlobalNeighbourSeen.rolls = GlobalNeighbourSeen.rolls + 1 end)
-- SendChatMessage is C_ChatInfo's where the flavour has it there, else a global.
local chat = C_ChatInfo and C_ChatInfo.SendChatMessage and C_ChatInfo or _G
if chat.SendChatMessage then
	hooksecurefunc(chat, "SendChatMessage", function()
		GlobalNeighbourSeen.chats = GlobalNeighbourSeen.chats + 1
	end)
end

-- What it set, to check later that nobody replaced any of it.
GlobalNeighbourSet = {}
for _, name in ipairs({ "Dice", "Game", "L", "Comm", "Fair", "Sync", "Rules", "Hands", "Pots",
	"Holdem", "Betting", "Sha256", "db", "session", "SLASH_GLOBALNEIGHBOUR1",
	"SLASH_GLOBALNEIGHBOUR2" }) do
	GlobalNeighbourSet[name] = _G[name]
end
