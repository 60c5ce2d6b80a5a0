-- A careless neighbour: the names a dice addon might leave in the global table.
Dice = { owner = "GlobalNeighbour", roll = function() return 4 end }
Game, L, Comm, Fair, Sync, Rules, Hands, Pots = "GlobalNeighbour", {}, {}, {}, {}, {}, {}, {}
Holdem, Betting, Sha256, db, session = {}, {}, {}, {}, {}

-- What it set, to check later that nobody replaced any of it.
GlobalNeighbourSet = {}
for _, name in ipairs({ "Dice", "Game", "L", "Comm", "Fair", "Sync", "Rules", "Hands", "Pots",
	"Holdem", "Betting", "Sha256", "db", "session" }) do
	GlobalNeighbourSet[name] = _G[name]
end
