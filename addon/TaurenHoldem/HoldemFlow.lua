-- What the hold'em flow brings to the table core: its own message kinds, its turns' ops, what
-- a timeout does in a betting turn, and the table's status in words. (The rest of the flow
-- is in Actions.lua, Game.lua and HoldemSession.lua; the engine is Holdem.lua.)
local _, ns = ...

local L, Phase = ns.L, ns.Holdem.Phase

local HoldemFlow = {}
ns.HoldemFlow = HoldemFlow

-- Hold'em's own message kinds (the table core's are declared in Protocol.lua): a betting
-- turn, and a private roll shown or made away from a table.
ns.Messages.declare("TURN", { "table", "hand:n", "step:n", "op", "player", "amount:n", "streets:n",
	"nonce", "by" })
ns.Messages.declare("DEAL", {})
ns.Messages.declare("SHOW", { "dice", "secret", "hand" })

-- A guided hand's betting actions: turns, which every client applies in turn order.
HoldemFlow.TURN_OPS = { put = true, check = true, call = true, fold = true, allin = true, raise = true }

-- What a timeout does for the player to act: check if they may, else fold.
function HoldemFlow.timeout_op(current)
	return current.round:options(current.round:to_act()).can_check and "check" or "fold"
end

-- What the player to act may do, in a few words.
function HoldemFlow.choices(current)
	local options = current.round:options(current.round:to_act())
	if options.to_call > 0 then return L.TO_CALL:format(options.to_call) end
	if options.can_check then return L.NOTHING_TO_CALL end
	return L.MUST_BET:format(options.least)
end

-- The table in one line: the pot, where the hand stands, each seat's bank (in seat order,
-- `held` by name); `name` shows a player's name. `deal` (FairDeal.waiting): who rolls the
-- seed or a street next, and what the deal phase waits for.
-- Each seat's "name bank", kept while that seat's player and bank stay the same (the line is
-- asked for often, a bank moves seldom): only a changed one is made, and its name shown, again.
local kept = { name = nil, seats = {}, banks = {}, parts = {}, text = "" }
local function banks_text(seats, held, name)
	if kept.name ~= name then kept = { name = name, seats = {}, banks = {}, parts = {}, text = "" } end
	local changed = #kept.parts ~= #seats
	for i = 1, #seats do
		local seat, bank = seats[i], held[seats[i]] or 0
		if kept.seats[i] ~= seat or kept.banks[i] ~= bank then
			kept.seats[i], kept.banks[i], changed = seat, bank, true
			kept.parts[i] = name(seat) .. " " .. bank
		end
	end
	if changed then
		for i = #kept.parts, #seats + 1, -1 do
			kept.seats[i], kept.banks[i], kept.parts[i] = nil, nil, nil
		end
		kept.text = table.concat(kept.parts, ", ")
	end
	return kept.text
end

function HoldemFlow.status_line(current, seats, held, name, deal)
	local banks = banks_text(seats, held, name)
	local where
	if not current then
		return L.STATUS:format(0, L.NO_HAND, banks)
	elseif current.phase == Phase.BETTING then
		where = L.TO_ACT:format(name(current:to_act()), HoldemFlow.choices(current))
	elseif current.phase == Phase.DEAL then
		where = deal and deal.where or L.WAITING_DEAL:format("everyone")
	elseif current.phase == Phase.ROLL and current:next_street() then
		where = L.WAITING_ROLL:format(name(deal and deal.roller or current:dealer_name()),
			current:next_street())
	elseif current.phase == Phase.ROLL then
		where = L.WAITING_POT:format(name(current:dealer_name()))
	elseif current.phase == Phase.SHOWDOWN then
		where = L.SHOWDOWN
	else
		where = L.HAND_OVER
	end
	return L.STATUS:format(current:pot(), where, banks)
end
