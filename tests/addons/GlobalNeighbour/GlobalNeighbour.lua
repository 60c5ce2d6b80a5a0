-- A careless neighbour: the names a dice addon might leave in the global table.
Dice = { owner = "GlobalNeighbour", roll = function() return 4 end }
Game, L, Comm, Fair, Sync, Rules, Hands, Pots = "GlobalNeighbour", {}, {}, {}, {}, {}, {}, {}
Holdem, Betting, Sha256, db, session = {}, {}, {}, {}, {}
