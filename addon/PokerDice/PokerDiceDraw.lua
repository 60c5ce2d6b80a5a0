-- Poker Dice's round as the draw table (draw/DrawTable.lua) takes a game: its engine behind
-- the interface DrawTable.use names (new_round, roll_op, TURN_OPS, lying, stand), and what a
-- timeout does. No WoW API and no table here: the game's file plugs this into the draw table.
--
-- The draw table names dice by 1-based face index (a roll's dice, a keep's) and a TURN's
-- chips come last: a round it plays takes act(name, op, faces, amount). (The engine itself
-- takes dice by face name, as the Python round does.)
local _, ns = ...

local Rules, PokerDice = ns.Rules, ns.PokerDice
local Phase, Round, name_list = PokerDice.Phase, PokerDice.Round, PokerDice.name_list

local Draw = {}
ns.PokerDiceDraw = Draw

local Seated = setmetatable({}, { __index = Round }) -- a round at the draw table
Seated.__index = Seated

function Seated:act(name, op, faces, amount)
	return Round.act(self, name, op, amount, type(faces) == "table" and name_list(faces) or faces)
end

-- A round of the seats the draw table deals in ({ name, bank, committed, status }, in seat
-- order), started by the seat at `starter`; or nil and why not.
function Draw.new_round(seats, starter)
	local round, err = Round.new(Rules.table, seats, starter)
	if not round then return nil, err end
	return setmetatable(round, Seated)
end

-- A player's own actions, as TURNs: every one but his rolls, which are open /rolls.
Draw.TURN_OPS = { ante = true, keep = true, check = true, raise = true, call = true, fold = true }
function Draw.roll_op() return "roll" end
function Draw.lying(round, player) return round:lying(player) end

-- The dice of `dice` less those of `kept` (a multiset difference), in their order.
local function aside(dice, kept)
	local left = {}
	for _, face in ipairs(kept) do left[face] = (left[face] or 0) + 1 end
	local out = {}
	for _, face in ipairs(dice) do
		if (left[face] or 0) > 0 then left[face] = left[face] - 1 else out[#out + 1] = face end
	end
	return out
end

local function leaves(round, player) return round:act(player, "fold") ~= nil end

-- What a timeout does to the player to act (docs/games.md): the starter antes the least
-- ante; a player asked to match the ante or a raise sits the round out or leaves it; a
-- player whose roll is awaited rolls, for his first, the lowest hand there is
-- (Rules.deal.lowest), after a keep, the dice he set aside as they lay; then, if the turn is
-- still his, he checks. True if it applied.
local STAND = {
	[Phase.SET_ANTE] = function(round, player)
		return round:act(player, "ante", nil, Rules.table.minimum_ante) ~= nil
	end,
	[Phase.ANTE] = leaves,
	[Phase.MATCH] = leaves,
	[Phase.ROLL] = function(round, player)
		local turn = round.turn
		if round:wanted() then
			local dice = turn.rolls == 0 and Rules.deal.lowest or aside(turn.dice, turn.kept)
			if not round:act(player, "roll", dice) then return false end
			if round.turn ~= turn then return true end
		end
		return round:act(player, "check") ~= nil
	end,
}

function Draw.stand(round, player)
	local stand = STAND[round.phase]
	if not stand or round:to_act() ~= player then return false end
	return stand(round, player)
end
