-- A whole game of Vitaji: the Lua twin of pyhost/engine/vitaji/game.py, with the same events,
-- the same refusals and the same state after each action (tests/test_vitaji_lua.py plays both
-- in lockstep). The first seat bets and rolls first every round; each round is a betting phase
-- (not in round one, which the ante stands for: VitajiBetting.lua), then a rolling phase
-- (VitajiRolling.lua); triples are settled after each round's rolls; after the last round a
-- sweep wins at once, else the highest score (a team's) wins the pot, ties rolled off until one
-- is higher. The dice come in from outside (one face, 1 up, with each roll): this file never
-- rolls one.
local _, ns = ...

local RULES, Words, Betting, Rolling = ns.Rules, ns.VitajiWords, ns.VitajiBetting, ns.VitajiRolling
local VitajiScore = ns.VitajiScore
local repr, copy, copy_map, index, remove = Words.repr, Words.copy, Words.copy_map, Words.index, Words.remove
local T = RULES.table

local Vitaji = {}
ns.Vitaji = Vitaji

local Step = { BET = "bet", ROLL = "roll", BONUS = "bonus", ROLLOFF = "rolloff", OVER = "over" }
Vitaji.Step = Step
Vitaji.BONUS_CHOICES = { "add", "double", "reroll" }
local CHOICE = { add = true, double = true, reroll = true }
local DOING = { bet = "bet", roll = "roll", bonus = "choose a bonus", rolloff = "roll off" }

local Game = {}
Game.__index = Game
Vitaji.Game = Game

local function say(self, kind, text, fields)
	fields = fields or {}
	local event = { kind = kind, text = text, player = fields.player, chips = fields.chips or 0,
		dice = fields.dice or {}, details = fields.details or {} }
	self.events[#self.events + 1] = event
	return event
end

------------------------------------------------------------------------------
-- Setting up.

-- Each player's team (his own name without teams), or nil and why not.
local function teams_of(names, teams)
	local size = RULES.teams.team_size
	if size == 1 then
		if teams and (type(teams) ~= "table" or next(teams) ~= nil) then
			return nil, ("%s is not played in teams"):format(RULES.name)
		end
		local out = {}
		for _, name in ipairs(names) do out[name] = name end
		return out
	end
	if type(teams) ~= "table" then
		return nil, ("%s is played in teams of %d: name each player's team"):format(RULES.name, size)
	end
	local count, seated = 0, {}
	for _, name in ipairs(names) do seated[name] = true end
	for key, team in pairs(teams) do
		count = count + 1
		if not seated[key] or type(team) ~= "string" or team == "" then count = -1 break end
	end
	if count ~= #names then return nil, "every player at the table, and nobody else, needs a team" end
	local sizes, order = {}, {}
	for _, name in ipairs(names) do
		local team = teams[name]
		if not sizes[team] then order[#order + 1] = team end
		sizes[team] = (sizes[team] or 0) + 1
	end
	local wrong = #order < 2
	for _, team in ipairs(order) do wrong = wrong or sizes[team] ~= size end
	if wrong then
		local parts = {}
		for i, team in ipairs(order) do parts[i] = ("%s (%d)"):format(team, sizes[team]) end
		return nil, ("Team Vitaji needs two or more teams of %d, not %s"):format(size, table.concat(parts, ", "))
	end
	local out = {}
	for _, name in ipairs(names) do out[name] = teams[name] end
	return out
end

-- A game among `seats` ({ name, bank, committed, status }), the first player at `first` (1 up),
-- with `teams` (name -> team) in Team Vitaji; or nil and why not (nothing changed).
function Vitaji.new(seats, first, teams)
	if #seats < T.min_players then
		return nil, ("%s needs at least %d players with chips, not %d"):format(RULES.name, T.min_players, #seats)
	end
	if #seats > T.max_players then
		return nil, ("%s seats at most %d, not %d"):format(RULES.name, T.max_players, #seats)
	end
	local self = setmetatable({ seats = seats, dealer = first, events = {}, payouts = {}, contributions = {},
		final_pots = {}, order = {} }, Game)
	for step = 0, #seats - 1 do self.order[#self.order + 1] = seats[(first - 1 + step) % #seats + 1].name end
	local names = {}
	for i, seat in ipairs(seats) do names[i] = seat.name end
	local team_of, why = teams_of(names, teams)
	if not team_of then return nil, why end
	self.team_of = team_of
	self.points = T.stakes == "points"
	if not self.points then
		local short = {}
		for _, seat in ipairs(seats) do if seat.bank < T.ante then short[#short + 1] = seat.name end end
		if #short > 0 then
			return nil, ("%s cannot pay the ante of %d"):format(table.concat(short, ", "), T.ante)
		end
	end
	-- What bets are made from: the banks, or points handed out for this game.
	self.purses = {}
	for _, seat in ipairs(seats) do
		seat.committed, seat.status = 0, "active"
		self.purses[seat.name] = self.points and { name = seat.name, bank = T.points, committed = 0 } or seat
	end
	self.round, self.step = 1, Step.ROLL
	self.out, self.dropped_in, self.rerolls, self.records = {}, {}, {}, {}
	for _, name in ipairs(self.order) do self.rerolls[name] = RULES.deal.rerolls end
	self.choosing, self.doubles, self.rolloffs, self.rolloff, self.rolling_off = {}, {}, {}, {}, {}
	self.rolloff_count = 0
	self.winners, self.swept = {}, {}
	self:start()
	return self
end

function Game:start()
	for _, name in ipairs(self.order) do
		local purse = self.purses[name]
		purse.committed = 0
		if T.ante > 0 then
			purse.bank = purse.bank - T.ante
			purse.committed = purse.committed + T.ante
			say(self, "ante", ("%s antes %d"):format(name, T.ante), { player = name, chips = T.ante })
		end
	end
	self:begin_round()
end

------------------------------------------------------------------------------
-- The interface.

function Game:over() return self.step == Step.OVER end

-- Still in the game, in order.
function Game:players()
	local out, gone = {}, {}
	for _, name in ipairs(self.out) do gone[name] = true end
	for _, name in ipairs(self.order) do if not gone[name] then out[#out + 1] = name end end
	return out
end

function Game:is_out(name) return index(self.out, name) ~= nil end

function Game:pot()
	local sum = 0
	for _, purse in pairs(self.purses) do sum = sum + purse.committed end
	return sum
end

-- One pot, the players still in contesting it (there are no side pots).
function Game:pots()
	if self:over() then return self.final_pots end
	local pot = self:pot()
	return pot > 0 and { { amount = pot, eligible = self:players() } } or {}
end

function Game:to_act()
	if self.step == Step.BET then return self.betting and self.betting:to_act() end
	if self.step == Step.ROLL then return self.rolling and self.rolling:to_act() end
	if self.step == Step.BONUS then return self.choosing[1] end
	if self.step == Step.ROLLOFF then return self.rolling_off[self.rolloff_count + 1] end
end

function Game:legal(name)
	if name ~= self:to_act() then return {} end
	if self.step == Step.BET then return self.betting:legal(name) end
	if self.step == Step.ROLL then return self.rolling:legal(name) end
	if self.step == Step.BONUS then return { "bonus" } end
	return { "roll" }
end

-- Who must roll the die now, and for what ("roll" or "rolloff"); nil when nobody must.
function Game:wanted()
	local name = self:to_act()
	if not name or not index(self:legal(name), "roll") then return nil end
	return name, self.step == Step.ROLLOFF and "rolloff" or "roll"
end

-- The one die of a roll: a face 1 to the die's size, as a number or its text; or nil and why.
local function face_of(dice, what)
	local sides = RULES.sides
	if type(dice) ~= "table" or #dice ~= 1 then
		return nil, ("%s must be one die, a list of one face 1 to %d, not %s"):format(what, sides, repr(dice))
	end
	local face = dice[1]
	if type(face) == "string" and face:match("^%s*%d+%s*$") then face = tonumber(face:match("%d+")) end
	if not Words.is_int(face) or face < 1 or face > sides then
		return nil, ("%s must be a face 1 to %d, not %s"):format(what, sides, repr(dice[1]))
	end
	return face
end

-- What a legal action will do (a function), or nil and why not. Changes nothing.
function Game:verify(name, action, amount, dice, target)
	if type(name) ~= "string" or not self.purses[name] then
		return nil, ("nobody named %s is in this game"):format(repr(name))
	end
	action = tostring(action)
	if self:over() then return nil, ("%s cannot %s: the game is over"):format(name, action) end
	if self:is_out(name) then return nil, ("%s cannot %s: %s has dropped out"):format(name, action, name) end
	local waiting = self:to_act()
	if name ~= waiting then
		return nil, ("%s cannot %s now: it is %s's turn to %s"):format(name, action, tostring(waiting),
			DOING[self.step] or "act")
	end
	if self.step == Step.BET then
		local move, why = self.betting:verify(name, action, amount)
		if not move then return nil, why end
		return function() self:bet(move) end
	end
	if self.step == Step.BONUS then
		if action ~= "bonus" then
			return nil, ("%s cannot %s now: %s chooses a triple's bonus (add, double or reroll)")
				:format(name, action, name)
		end
		if not CHOICE[target] then
			return nil, ("%s's triple bonus is add, double or reroll, not %s"):format(name, repr(target))
		end
		return function() self:bonus(name, target, true) end
	end
	local legal = self:legal(name)
	if not index(legal, action) then
		return nil, ("%s cannot %s now: %s may %s"):format(name, action, name, table.concat(legal, " or "))
	end
	if action == "pass" then return function() self:passed(name) end end
	local face, why = face_of(dice, ("%s's %s"):format(name, action))
	if not face then return nil, why end
	if self.step == Step.ROLLOFF then return function() self:rolled_off(name, face) end end
	return function() self:rolled(name, action, face) end
end

-- One action by `name`: the events it made, or nil and why not (nothing changed).
function Game:act(name, action, amount, dice, target)
	local plan, why = self:verify(name, action, amount, dice, target)
	if not plan then return nil, why end
	local start = #self.events
	plan()
	local made = {}
	for i = start + 1, #self.events do made[#made + 1] = self.events[i] end
	return made
end

------------------------------------------------------------------------------
-- Rounds.

function Game:record() return self.records[#self.records] end

function Game:begin_round()
	local record = { number = self.round, bet = 0, put = {}, rolls = {}, dropped = {}, bonus = {}, doubled = {} }
	self.records[#self.records + 1] = record
	if self.round == 1 then
		record.bet = T.ante
		for _, name in ipairs(self.order) do record.put[name] = T.ante end
		self:begin_rolling()
		return
	end
	local cap = T.maximum > 0 and T.maximum * (self.round - 1) or nil
	self.betting = Betting.new(self:players(), self.purses, T.interval, cap, T.raises_per_round)
	self.step = Step.BET
	say(self, "round", ("Round %d: %s bets first"):format(self.round, self:players()[1])
		.. (cap and (" (at most %d)"):format(cap) or ""), { details = { round = self.round, cap = cap or false } })
end

function Game:begin_rolling()
	self.step = Step.ROLL
	self.rolling = Rolling.new(self:players(), self.rerolls)
	say(self, "rolling", ("Round %d: %s rolls first"):format(self.round, self:players()[1]),
		{ details = { round = self.round } })
end

-- How many teams are still in.
local function teams_left(self)
	local seen, count = {}, 0
	for _, name in ipairs(self:players()) do
		if not seen[self.team_of[name]] then seen[self.team_of[name]], count = true, count + 1 end
	end
	return count
end

function Game:bet(move)
	local betting, record, name = self.betting, self:record(), move.name
	local put_before = betting.put[name]
	betting:apply(move)
	record.put = copy_map(betting.put)
	record.bet = betting.level or 0
	if move.action == "drop" then
		local forfeit = self.purses[name].committed
		self.out[#self.out + 1] = name
		self.dropped_in[name] = self.round
		record.dropped[name] = put_before
		say(self, "drop", ("%s drops out, forfeiting %d"):format(name, forfeit),
			{ player = name, details = { forfeit = forfeit, this_round = put_before } })
		if teams_left(self) == 1 then
			betting:finish()
			say(self, "decided", "Everyone else has dropped out")
			self:settle(self:players())
			return
		end
	else
		local words = ({ bet = "bets", meet = "meets", raise = "raises to" })[move.action]
		local shown = move.action ~= "meet" and tostring(move.level) or ("%d (%d more)"):format(move.level, move.chips)
		say(self, move.action, ("%s %s %s"):format(name, words, shown),
			{ player = name, chips = move.chips, details = { level = move.level } })
	end
	if betting:closed() then self:begin_rolling() end
end

function Game:rolled(name, action, face)
	local rolling = self.rolling
	if action == "roll" then
		rolling:roll(name, face)
		say(self, "roll", ("%s rolls %d"):format(name, face), { player = name, dice = { tostring(face) } })
	else
		rolling:reroll(name, face)
		say(self, "reroll", ("%s rerolls: %d (%d rerolls left)"):format(name, face, self.rerolls[name]),
			{ player = name, dice = { tostring(face) } })
	end
	if rolling:closed() then self:end_round(rolling) end
end

function Game:passed(name)
	local rolling = self.rolling
	rolling:pass()
	say(self, "pass", ("%s passes"):format(name), { player = name })
	if rolling:closed() then self:end_round(rolling) end
end

function Game:end_round(rolling)
	local record = self:record()
	for name, rolls in pairs(rolling.rolls) do record.rolls[name] = copy(rolls) end
	for _, name in ipairs(rolling.order) do
		if self.doubles[name] then record.doubled[#record.doubled + 1] = name end
	end
	for _, name in ipairs(record.doubled) do self.doubles[name] = nil end
	local last, bonus = self.round == RULES.deal.rounds, RULES.bonuses.triple
	for _, name in ipairs(rolling.order) do
		local face = rolling:result(name)
		local doubled = index(record.doubled, name) and (", doubled: %d"):format(2 * face) or ""
		say(self, "result", ("%s's round %d: %d%s; score %d"):format(name, self.round, face, doubled, self:score(name)),
			{ player = name, dice = { tostring(face) } })
		if bonus ~= "off" and VitajiScore.triple_now(self:faces(name)) then
			say(self, "triple", ("%s has a triple: %d three rounds running"):format(name, face),
				{ player = name, dice = { tostring(face) } })
			-- In the last round only adding can still count.
			if last or bonus == "add" then
				self:bonus(name, "add", false)
			elseif bonus == "choose" then
				self.choosing[#self.choosing + 1] = name
			else
				self:bonus(name, bonus, false)
			end
		end
	end
	if #self.choosing > 0 then self.step = Step.BONUS else self:next_round() end
end

function Game:bonus(name, choice, go_on)
	local faces = self:faces(name)
	local face = faces[#faces]
	self:record().bonus[name] = choice
	local text
	if choice == "double" then
		self.doubles[name] = true
		text = ("%s will count the next round double"):format(name)
	elseif choice == "reroll" then
		self.rerolls[name] = self.rerolls[name] + 1
		text = ("%s gains a reroll (%d left)"):format(name, self.rerolls[name])
	else
		text = ("%s adds %d as a bonus (score %d)"):format(name, face, self:score(name))
	end
	say(self, "bonus", text, { player = name, details = { bonus = choice } })
	if go_on then
		remove(self.choosing, name)
		if #self.choosing == 0 then self:next_round() end
	end
end

function Game:next_round()
	if self.round < RULES.deal.rounds then
		self.round = self.round + 1
		self:begin_round()
	else
		self:after_last_round()
	end
end

------------------------------------------------------------------------------
-- Scores.

-- The result that stood in each finished round, for `name`.
function Game:faces(name)
	local out = {}
	for _, record in ipairs(self.records) do
		local rolls = record.rolls[name]
		if rolls and #rolls > 0 then out[#out + 1] = rolls[#rolls] end
	end
	return out
end

function Game:score(name) return VitajiScore.score_of(name, self.records) end

function Game:team_score(team)
	local sum = 0
	for _, name in ipairs(self:players()) do
		if self.team_of[name] == team then sum = sum + self:score(name) end
	end
	return sum
end

-- The teams still in, in order of their first player (players without teams).
function Game:teams()
	local seen = {}
	for _, name in ipairs(self:players()) do
		if not index(seen, self.team_of[name]) then seen[#seen + 1] = self.team_of[name] end
	end
	return seen
end
