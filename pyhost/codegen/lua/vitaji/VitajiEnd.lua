-- The end of a game of Vitaji (the twin of the end of pyhost/engine/vitaji/game.py): after the
-- last round a sweep wins at once, else the highest score (a team's: the sum of its players
-- still in) wins the pot; a tie is rolled off, again and again, until one is higher. The pot
-- goes to the winners: equal shares, or a winning team's by stake (Rules.teams.share).
local _, ns = ...

local RULES, Score, Game = ns.Rules, ns.VitajiScore, ns.Vitaji.Game
local copy_map = ns.VitajiWords.copy_map

local function say(self, kind, text, fields)
	fields = fields or {}
	self.events[#self.events + 1] = { kind = kind, text = text, player = fields.player, chips = fields.chips or 0,
		dice = fields.dice or {}, details = fields.details or {} }
end

function Game:members(teams)
	local wanted, out = {}, {}
	for _, team in ipairs(teams) do wanted[team] = true end
	for _, name in ipairs(self:players()) do if wanted[self.team_of[name]] then out[#out + 1] = name end end
	return out
end

function Game:after_last_round()
	local contenders = self:teams()
	if RULES.bonuses.sweep then
		local swept, players = {}, self:players()
		for _, name in ipairs(players) do
			if Score.sweeps(self:faces(name)) then swept[#swept + 1] = name end
		end
		if #swept > 0 and #players > 1 and RULES.deal.rounds > 1 then
			self.swept = swept
			local teams = {}
			for _, name in ipairs(swept) do
				say(self, "sweep", ("%s sweeps: %d every round"):format(name, self:faces(name)[1]), { player = name })
				teams[self.team_of[name]] = true
			end
			local kept = {}
			for _, team in ipairs(contenders) do if teams[team] then kept[#kept + 1] = team end end
			contenders = kept
		end
	end
	local best
	for _, team in ipairs(contenders) do
		local score = self:team_score(team)
		if not best or score > best then best = score end
	end
	local top = {}
	for _, team in ipairs(contenders) do if self:team_score(team) == best then top[#top + 1] = team end end
	if #top == 1 then
		self:settle(self:members(top))
	else
		say(self, "tie", ("%s tie at %d: they roll off"):format(table.concat(top, " and "), best),
			{ details = { teams = top } })
		self:start_rolloff(top)
	end
end

function Game:start_rolloff(teams)
	self.step = ns.Vitaji.Step.ROLLOFF
	self.rolling_off = self:members(teams)
	self.rolloff, self.rolloff_count = {}, 0
end

function Game:rolled_off(name, face)
	self.rolloff[name] = face
	self.rolloff_count = self.rolloff_count + 1
	say(self, "rolloff", ("%s rolls off: %d"):format(name, face), { player = name, dice = { tostring(face) } })
	if self.rolloff_count < #self.rolling_off then return end
	self.rolloffs[#self.rolloffs + 1] = copy_map(self.rolloff)
	local sums, order = {}, {}
	for _, player in ipairs(self.rolling_off) do
		local team = self.team_of[player]
		if not sums[team] then order[#order + 1] = team end
		sums[team] = (sums[team] or 0) + self.rolloff[player]
	end
	local best
	for _, team in ipairs(order) do if not best or sums[team] > best then best = sums[team] end end
	local top = {}
	for _, team in ipairs(order) do if sums[team] == best then top[#top + 1] = team end end
	if #top == 1 then
		self:settle(self:members(top))
	else
		say(self, "tie", ("%s tie again at %d: they roll again"):format(table.concat(top, " and "), best),
			{ details = { teams = top } })
		self:start_rolloff(top)
	end
end

-- Equal shares; the odd chips one each to the first winners in the game's order.
local function split(self, pot, winners)
	local wins, ordered = {}, {}
	for _, name in ipairs(winners) do wins[name] = true end
	for _, name in ipairs(self.order) do if wins[name] then ordered[#ordered + 1] = name end end
	local share, odd = math.floor(pot / #winners), pot % #winners
	local out = {}
	for place, name in ipairs(ordered) do out[name] = share + (place <= odd and 1 or 0) end
	return out, ordered
end

function Game:shares(pot, winners)
	if #winners == 1 or RULES.teams.share == "equal" then return split(self, pot, winners) end
	-- By stake: in proportion to what each put in, the odd chips in order.
	local total = 0
	for _, name in ipairs(winners) do total = total + self.purses[name].committed end
	if total == 0 then return split(self, pot, winners) end
	local shares, given = {}, 0
	for _, name in ipairs(winners) do
		shares[name] = math.floor(pot * self.purses[name].committed / total)
		given = given + shares[name]
	end
	local _, ordered = split(self, 0, winners)
	for place, name in ipairs(ordered) do
		if place <= pot - given then shares[name] = shares[name] + 1 end
	end
	return shares, winners
end

function Game:settle(winners)
	self.winners = winners
	local pot = self:pot()
	local shares, order = self:shares(pot, winners)
	local team = self.team_of[winners[1]]
	local label = RULES.teams.team_size > 1 and team or winners[1]
	local last = self.records[#self.records]
	local with = next(last.rolls) and (" with %d"):format(self:team_score(team)) or ""
	say(self, "winner", ("%s wins the pot of %d%s"):format(label, pot, with),
		{ details = { winners = winners, pot = pot } })
	for _, name in ipairs(order) do
		local chips, purse = shares[name], self.purses[name]
		purse.bank = purse.bank + chips
		self.payouts[name] = (self.payouts[name] or 0) + chips
		if chips > 0 then say(self, "win", ("%s takes %d"):format(name, chips), { player = name, chips = chips }) end
	end
	self.final_pots = pot > 0 and { { amount = pot, eligible = winners } } or {}
	for name, purse in pairs(self.purses) do
		self.contributions[name] = purse.committed
		purse.committed = 0
	end
	self.step = ns.Vitaji.Step.OVER
end
