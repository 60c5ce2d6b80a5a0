-- Vitaji at the table: its engine (Vitaji.lua) handed to the draw table's flow
-- (draw/DrawTable.lua), what a timeout does, and its own commands. A table's round is one game
-- of Vitaji. Betting, a reroll's call, a pass and a triple's bonus are the players' TURNs (a
-- bet's level in the TURN's amount); every die is the player's own open /roll (op "die"),
-- awaited as OpenRolls.lua binds it: the range is the die's size wide, at an offset unique to
-- the table, the game, the player and his roll in the game (docs/protocol.md says why not
-- the plain /roll N). Loads after the draw table; Team Vitaji's teams (VitajiTeams.lua) after it.
local _, ns = ...

local L, Vitaji, DrawTable, DrawSlash, Sheet = ns.L, ns.Vitaji, ns.DrawTable, ns.DrawSlash, ns.VitajiSheet
local RULES = ns.Rules
local Step = Vitaji.Step
local index = ns.VitajiWords.index

local Game = {}
ns.VitajiGame = Game

-- A game as the draw table sees it: the engine's state, the rolls each has bound (his next
-- roll's number) and a reroll called but not yet rolled.
local Round = {}
local Methods = {}
Round.__index = function(round, key)
	local method = Methods[key]
	if method ~= nil then return method end
	return rawget(round, "game")[key]
end

local BONUS = { bonus_add = "add", bonus_double = "double", bonus_reroll = "reroll" }
Game.TURN_OPS = { bet = true, meet = true, raise = true, drop = true, reroll = true, pass = true,
	bonus_add = true, bonus_double = true, bonus_reroll = true }

-- (`target`: the teams the host's start deals, in Team Vitaji: VitajiTeams.lua.)
-- (A table instead: a tournament's game, its teams the ones registered: VitajiTournamentTable.)
function Game.new_round(seats, starter, target)
	local teams, refused = target, nil
	if type(target) ~= "table" then teams, refused = ns.VitajiTeams.dealt(seats, target) end
	if refused then return nil, refused end
	local game, why = Vitaji.new(seats, starter, teams)
	if not game then return nil, why end
	ns.VitajiTeams.started(game)
	return setmetatable({ game = game, counts = {} }, Round)
end
function Game.roll_op() return "die" end
Game.after = ns.VitajiResume.after
-- (A game kept across logouts: core/Kept.lua.)
Game.summary, Game.extends = ns.VitajiResume.summary, ns.VitajiResume.extends
Game.own_steps = ns.VitajiResume.own_steps

function Methods:over() return self.game:over() end
function Methods:to_act() return self.game:to_act() end
function Methods:legal_actions(name) return self.game:legal(name) end
function Methods:rolled(name) return self.counts[name] or 0 end
-- Who must roll now, and how many dice (one): the round's roll, a roll-off, a called reroll.
function Methods:wanted()
	local game = self.game
	if self.calling and game:to_act() == self.calling then return self.calling, 1 end
	local name = game:wanted()
	if name then return name, 1 end
end

local function event(text, player) return { kind = "call", text = text, player = player, chips = 0, dice = {},
	details = {} } end

-- A game over is kept: its scoresheet goes in the SavedVariables once (a replay of the same
-- game, catching up, finds it there).
local function keep_sheet(round)
	local session = DrawTable.session()
	if not round.game:over() or round.kept or not session then return end
	round.kept = true
	local db = _G[RULES.addon.saved_variables]
	if type(db) ~= "table" then return end
	db.scoresheets, db.sheets_of = db.scoresheets or {}, db.sheets_of or {}
	local key = session.id .. "#" .. session.hands
	if db.sheets_of[key] then return end
	db.scoresheets[#db.scoresheets + 1] = Sheet.of_game(round.game)
	db.sheets_of[key] = #db.scoresheets
end

-- One action: a die ("die", its face in `dice`), or a turn (op, the amount of a bet).
function Methods:act(player, op, dice, amount)
	local events, why = self:apply(player, op, dice, amount)
	if events then keep_sheet(self) end
	return events, why
end

function Methods:apply(player, op, dice, amount)
	local game = self.game
	if op == "die" then
		local name = self:wanted()
		if player ~= name then return nil, ("%s has no roll awaited"):format(tostring(player)) end
		local action = self.calling == player and "reroll" or "roll"
		local events, why = game:act(player, action, nil, dice)
		if not events then return nil, why end
		self.calling = nil
		self.counts[player] = (self.counts[player] or 0) + 1
		return events
	end
	if dice and #dice > 0 then return nil, ("%s: a %s names no dice"):format(tostring(player), tostring(op)) end
	if op == "reroll" then
		if self.calling then return nil, ("%s's reroll is called: the die is awaited"):format(self.calling) end
		local plan, why = game:verify(player, "reroll", nil, { 1 })
		if not plan then return nil, why end
		self.calling = player
		return { event(L.REROLL_CALLED:format(player), player) }
	end
	if self.calling then return nil, ("%s's reroll is called: the die is awaited"):format(self.calling) end
	if BONUS[op] then return game:act(player, "bonus", nil, nil, BONUS[op]) end
	return game:act(player, op, amount)
end

-- Why a turn would be refused (nil: it would not), checked without changing anything (the
-- engine's verify), so a long game's round is never copied for it.
function Game.refusal(round, player, op, dice, amount)
	local game = round.game
	local _, why
	if dice and #dice > 0 then return ("%s: a %s names no dice"):format(tostring(player), tostring(op)) end
	if round.calling then return ("%s's reroll is called: the die is awaited"):format(round.calling) end
	if op == "reroll" then
		_, why = game:verify(player, "reroll", nil, { 1 })
	elseif BONUS[op] then
		_, why = game:verify(player, "bonus", nil, nil, BONUS[op])
	elseif Game.TURN_OPS[op] then
		_, why = game:verify(player, op, amount)
	else
		return ("%s cannot %s"):format(tostring(player), tostring(op))
	end
	return why
end

-- What a timeout does (docs/games.md): a bettor meets the bet if he can (the first bettor bets
-- nothing), else drops out; a roll never made counts 1; a called reroll never rolled, or a
-- reroll never called, is a pass; a triple's bonus is added. True if it applied.
function Game.stand(round, player)
	local stood = Game.stand_in(round, player)
	keep_sheet(round)
	return stood
end

function Game.stand_in(round, player)
	local game = round.game
	if game:to_act() ~= player then return false end
	local short, say = ns.Session.short, ns.Session.say
	if game.step == Step.BET then
		local legal = game:legal(player)
		local op, amount = "drop", nil
		if index(legal, "bet") then op, amount = "bet", 0 elseif index(legal, "meet") then op = "meet" end
		say(L.STANDS_BET:format(short(player), op == "bet" and "he bets 0" or op == "meet" and "he meets it"
			or "he drops out"))
		return game:act(player, op, amount) ~= nil
	end
	if game.step == Step.BONUS then return game:act(player, "bonus", nil, nil, "add") ~= nil end
	if round.calling == player or (game.step == Step.ROLL and index(game:legal(player), "pass")) then
		round.calling = nil
		say(L.STANDS_PASS:format(short(player)))
		return game:act(player, "pass") ~= nil
	end
	say(L.STANDS_ROLL:format(short(player)))
	if not round:act(player, "die", { 1 }) then return false end
	return true
end

function Game.keep_prompt()
	local round = DrawTable.live()
	local game = round and round.game
	if game and game.step == Step.BET then return L.YOUR_BET end
	if game and game.step == Step.BONUS then return L.YOUR_BONUS end
	return L.YOUR_REROLL
end
-- A player's die as it lies this round (/LONG dice).
function Game.lying(round, player)
	local rolling = round.game.rolling
	local rolls = rolling and rolling.rolls[player]
	if rolls and #rolls > 0 then return { rolls[#rolls] } end
end

------------------------------------------------------------------------------
-- The commands: /vreroll calls a reroll and rolls it; /vpass; /vbet [N]; /vdrop;
-- /vitaji meet | raise N | bet N | bonus CHOICE; /vscore (VitajiSheet.lua).

local actions = DrawSlash.actions

local function amount_of(args)
	local text = args[1]
	local amount = text and tonumber(text)
	if text and not (amount and amount == math.floor(amount) and amount >= 0 and #args == 1) then
		ns.Session.say(L.BET_USAGE:format(ns.Text.safe(table.concat(args, " "))))
		return false
	end
	return true, amount
end

function actions.reroll()
	if DrawTable.turn("reroll") then DrawTable.roll() end
end
function actions.pass() DrawTable.turn("pass") end
function actions.drop() DrawTable.turn("drop") end
function actions.meet() DrawTable.turn("meet") end
function actions.bet(args)
	local ok, amount = amount_of(args)
	if not ok then return end
	if amount == nil then return DrawTable.turn("meet") end
	local round = DrawTable.live()
	local level = round and round.game.betting and round.game.betting.level
	DrawTable.turn(level == nil and "bet" or "raise", nil, amount)
end
function actions.raise(args)
	local ok, amount = amount_of(args)
	if ok then DrawTable.turn("raise", nil, amount) end
end
function actions.bonus(args)
	local choice = (args[1] or ""):lower()
	if not BONUS["bonus_" .. choice] then
		ns.Session.say(L.BONUS_USAGE:format(ns.Text.safe(args[1] or "")))
		return
	end
	DrawTable.turn("bonus_" .. choice)
end

-- The scoresheet of the game in play, or of the last one kept.
function actions.score()
	local round, say = DrawTable.round(), ns.Session.say
	local sheet = round and Sheet.of_game(round.game)
	if not sheet then
		local db = _G[RULES.addon.saved_variables]
		local sheets = type(db) == "table" and db.scoresheets or {}
		sheet = sheets[#sheets]
	end
	if not sheet then say(L.NO_SHEET) return end
	for _, line in ipairs(Sheet.lines(Sheet.renamed(sheet, ns.Session.short))) do
		for _, piece in ipairs(Sheet.wrapped(line, ns.Text.LINE)) do say(ns.Text.safe(piece, ns.Text.LINE)) end
	end
end

DrawTable.use(Game)
