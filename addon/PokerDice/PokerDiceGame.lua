-- Poker Dice at the table: its round (PokerDiceDraw.lua) handed to the draw table's flow
-- (draw/DrawTable.lua) with what the table asks of the game (who is dealt in, who starts
-- next, what the player to act decides), and its own commands. Loads last but for nothing.
local _, ns = ...

local L, PokerDice, Draw, DrawTable, DrawSlash = ns.L, ns.PokerDice, ns.PokerDiceDraw, ns.DrawTable,
	ns.DrawSlash
local RULES = ns.Rules
local Phase = PokerDice.Phase
local COMMANDS = RULES.addon.commands
local say = ns.Session.say

local Game = setmetatable({}, { __index = Draw }) -- new_round, TURN_OPS, roll_op, lying, stand
ns.PokerDiceGame = Game

-- Only a seat with at least the minimum ante could match an ante: no other is dealt in.
function Game.least_bank() return RULES.table.minimum_ante end
-- The last round's winner starts the next (the same starter again after a void round).
function Game.next_starter(last) return last.next_starter end

-- What the player to act decides now, by the phase (no roll awaited): for the status line
-- (`short` names him) and, to him, the prompt.
local WAITING = {
	[Phase.SET_ANTE] = function(_, name) return L.TO_SET_ANTE:format(name) end,
	[Phase.ANTE] = function(round, name) return L.TO_ANTE:format(name, round.ante) end,
	[Phase.MATCH] = function(round, name) return L.TO_MATCH:format(name, round.raise_by) end,
	[Phase.ROLL] = function(round, name)
		return (round.turn:rolls_left() > 0 and L.TO_KEEP_OR_END or L.TO_END):format(name)
	end,
}
function Game.waiting(round, short)
	local text = WAITING[round.phase]
	return text and text(round, short(round:to_act())) or L.ROUND_OVER
end

local PROMPT = {
	[Phase.SET_ANTE] = function(round, me)
		return L.SET_ANTE:format(RULES.table.minimum_ante, round:seat(me).bank)
	end,
	[Phase.ANTE] = function(round) return L.MATCH_ANTE:format(round.ante) end,
	[Phase.MATCH] = function(round)
		return L.MATCH_RAISE:format(ns.Session.short(round.best), round.raise_by) -- (the raiser)
	end,
	[Phase.ROLL] = function(round) return round.turn:rolls_left() > 0 and L.KEEP_OR_END or L.END_TURN end,
}
function Game.keep_prompt(round)
	local prompt = PROMPT[round.phase]
	return prompt and prompt(round, ns.Comm.me()) or L.ROUND_OVER
end

------------------------------------------------------------------------------
-- The commands (the table's and /pdroll are draw/DrawSlash.lua's): each action its own short
-- command and the long form's word. A command's bad arguments get one line; nothing is sent.

local actions = DrawSlash.actions

-- The chips a command names: nil for none (when `optional`), a number, or false after one
-- line saying what was wrong. (A word that is no number goes to the rules, which say why.)
local function chips(action, args, optional)
	if #args > 1 or (#args == 0 and not optional) then
		say(L.AMOUNT_USAGE:format(COMMANDS[action], RULES.table.currency,
			ns.Text.safe(table.concat(args, " "))))
		return false
	end
	if #args == 0 then return nil end
	return tonumber(args[1]) or args[1]
end

local function no_arguments(action, args)
	if #args == 0 then return true end
	say(L.NO_ARGUMENTS:format(COMMANDS[action], ns.Text.safe(table.concat(args, " "))))
	return false
end

function actions.ante(args)
	local amount = chips("ante", args, true)
	if amount ~= false then DrawTable.turn("ante", nil, amount) end
end
function actions.raise(args)
	local amount = chips("raise", args, false)
	if amount ~= false then DrawTable.turn("raise", nil, amount) end
end
function actions.check(args)
	if no_arguments("check", args) then DrawTable.turn("check") end
end
function actions.fold(args)
	if no_arguments("fold", args) then DrawTable.turn("fold") end
end
-- Matching what is asked: the raise, or at the ante, the ante.
function actions.call(args)
	if not no_arguments("call", args) then return end
	local round = DrawTable.live()
	DrawTable.turn(round and round.phase == Phase.ANTE and "ante" or "call")
end
-- Keep the faces named and roll the rest (none named: roll all five again).
function actions.keep(args)
	local faces = DrawSlash.faces(COMMANDS.keep, args)
	if not faces then return end
	local round = DrawTable.live()
	if DrawTable.turn("keep", faces) and round and round:wanted() == ns.Comm.me() then
		DrawTable.roll()
	end
end

DrawTable.use(Game)
