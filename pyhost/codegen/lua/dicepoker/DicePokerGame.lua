-- Dice Poker at the table: its engine (DicePoker.lua) handed to the draw table's flow
-- (draw/DrawTable.lua), what a timeout does, and its own commands. Loads last but for nothing.
local _, ns = ...

local L, DicePoker, DrawTable, DrawSlash = ns.L, ns.DicePoker, ns.DrawTable, ns.DrawSlash
local RULES = ns.Rules
local Step = DicePoker.Step
local COMMANDS = RULES.addon.commands

local Game = {}
ns.DicePokerGame = Game

Game.TURN_OPS = { keep = true } -- a player's turn: the dice he keeps
function Game.new_round(seats, starter) return DicePoker.new(seats, starter) end
function Game.roll_op(round) return round.step end -- "roll", or "reroll" after a keep
function Game.keep_prompt() return L.YOUR_KEEP end
function Game.lying(round, player) return round.lying[player] end

-- What a timeout does (docs/games.md): the player stands on the dice lying: a keep of all of
-- them, or, with a reroll awaited, the dice set aside again as they lay. A player with none
-- lying stands on the lowest hand there is (Rules.deal.lowest): he loses the round, unless
-- another has that very hand. True if it applied.
function Game.stand(round, player)
	if round:to_act() ~= player then return false end
	if round.step == Step.ROLL then
		ns.Session.say(L.STANDS_LOWEST:format(ns.Session.short(player), ns.Session.short(player)))
		if not round:act(player, Step.ROLL, RULES.deal.lowest) then return false end
		if round:over() or round:to_act() ~= player or round.step ~= Step.KEEP then return true end
	end
	local lying = round.lying[player]
	if round.step == Step.KEEP then return round:act(player, Step.KEEP, lying) ~= nil end
	local aside = {}
	for _, face in ipairs(lying) do aside[#aside + 1] = face end
	for _, face in ipairs(round.kept[player]) do
		for i, left in ipairs(aside) do
			if left == face then table.remove(aside, i) break end
		end
	end
	return round:act(player, Step.REROLL, aside) ~= nil
end

------------------------------------------------------------------------------
-- The commands: /dpreroll FACES keeps those faces and rolls the rest (all five: he stands);
-- /dicepoker keep FACES announces the keep alone; /dicepoker stand keeps all five.

local actions = DrawSlash.actions

local function keep(command, args, then_roll)
	local faces = DrawSlash.faces(command, args)
	if not faces then return end
	local round = DrawTable.live()
	if not (round and round:to_act() == ns.Comm.me() and round.step == Step.KEEP) and then_roll
		and #args == 0 then
		ns.Session.say(L.REROLL_NOTHING)
		return
	end
	if DrawTable.turn("keep", faces) and then_roll and round and round:wanted() == ns.Comm.me() then
		DrawTable.roll()
	end
end

function actions.reroll(args) keep(COMMANDS.reroll, args, true) end
function actions.keep(args) keep(RULES.addon.long .. " keep", args, false) end
function actions.stand()
	local round = DrawTable.live()
	local lying = round and round.lying[ns.Comm.me()]
	if not (round and lying and round.step == Step.KEEP) then
		DrawTable.turn("keep", {}) -- (refused, and says why)
		return
	end
	DrawTable.turn("keep", lying)
end

DrawTable.use(Game)
