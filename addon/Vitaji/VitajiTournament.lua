-- A Vitaji tournament: the Lua twin of pyhost/engine/vitaji/tournament.py, with the same lines
-- and the same refusals (tests/test_vitaji_tournament_lua.py keeps them in lockstep). The
-- organiser registers the entrants in seed order (players, or whole teams in Team Vitaji);
-- starting deals the seeds out into groups like a snake; each group plays its games; the top
-- of each group go on until the entrants left fit one group: the final, whose top entrant wins.
-- Standings: games won, then the total of the scores, then the seed. Plain data (saved,
-- restore): it outlives a logout. Groups are counted from 1 here (Python: from 0).
local _, ns = ...

local RULES, Words = ns.Rules, ns.VitajiWords
local repr = Words.repr

local Tournament = {}
ns.VitajiTournament = Tournament

local Cup = {}
Cup.__index = Cup
Tournament.Cup = Cup

function Tournament.new(organiser)
	local size, rules = RULES.teams.team_size, RULES.tournament
	return setmetatable({ organiser = organiser, team_size = size,
		-- Groups and advancing are counted in players; a team tournament places whole teams.
		group_entrants = math.max(2, math.floor(rules.group_size / size)),
		advancing = math.max(1, math.floor(rules.advance / size)),
		games_per_group = rules.games_per_round,
		entrants = {}, members = {}, stage = "registration", tier = 0, groups = {}, champion = nil,
		history = {} }, Cup)
end

------------------------------------------------------------------------------
-- Registration.

function Cup:seeds()
	local out = {}
	for seed, name in ipairs(self.entrants) do out[name] = seed end
	return out
end

local function organiser(self, by, doing)
	if by ~= self.organiser then
		return ("%s cannot %s: only the organiser, %s, can"):format(tostring(by), doing, self.organiser)
	end
end

-- `entrant` (with its `members` in a team tournament) as the next seed: a line, or nil and why.
function Cup:register(by, entrant, members)
	local why = organiser(self, by, "register entrants")
	if why then return nil, why end
	if self.stage ~= "registration" then
		return nil, ("%s cannot be registered: the tournament has started"):format(tostring(entrant))
	end
	if type(entrant) ~= "string" or not entrant:find("%S") then
		return nil, ("an entrant needs a name, not %s"):format(repr(entrant))
	end
	local players = Words.copy(members or { entrant })
	if #players ~= self.team_size then
		local what = self.team_size > 1 and ("a team of %d"):format(self.team_size) or "one player"
		return nil, ("%s must be %s, not %d"):format(entrant, what, #players)
	end
	local taken, seen, twice = {}, {}, false
	for _, name in ipairs(self.entrants) do
		taken[name] = true
		for _, player in ipairs(self.members[name]) do taken[player] = true end
	end
	for _, player in ipairs(players) do twice, seen[player] = twice or seen[player] == true, true end
	local clash
	for _, name in ipairs({ entrant, unpack(players) }) do
		if not clash and taken[name] then clash = name end
	end
	if clash or twice then
		return nil, ("%s cannot be registered: %s is registered already"):format(entrant, clash or players[1])
	end
	self.entrants[#self.entrants + 1] = entrant
	self.members[entrant] = players
	return ("%s registered, seed %d"):format(entrant, #self.entrants)
end

------------------------------------------------------------------------------
-- The groups.

function Cup:final() return #self.groups == 1 end

local function seed(self, entrants)
	self.tier = self.tier + 1
	local count = math.ceil(#entrants / self.group_entrants) -- groups needed
	-- Groups no smaller than needed to advance someone and leave someone behind.
	while count > 1 and math.floor(#entrants / count) <= self.advancing do count = count - 1 end
	local seeds, sorted = self:seeds(), Words.copy(entrants)
	table.sort(sorted, function(a, b) return seeds[a] < seeds[b] end)
	self.groups = {}
	for i = 1, count do self.groups[i] = { entrants = {}, games = {} } end
	for place, name in ipairs(sorted) do
		local lap, at = math.floor((place - 1) / count), (place - 1) % count
		local group = self.groups[lap % 2 == 0 and at + 1 or count - at]
		group.entrants[#group.entrants + 1] = name
	end
	local label = self:final() and "the final" or ("round %d"):format(self.tier)
	local lines = {}
	for n, group in ipairs(self.groups) do
		lines[n] = ("%s, group %d: %s"):format(label, n, table.concat(group.entrants, ", "))
	end
	return lines
end

-- The groups of round 1, as lines; or nil and why not.
function Cup:start(by)
	local why = organiser(self, by, "start the tournament")
	if why then return nil, why end
	if self.stage ~= "registration" then return nil, "the tournament has started already" end
	if #self.entrants < 2 then
		return nil, ("a tournament needs two entrants or more, not %d"):format(#self.entrants)
	end
	self.stage = "playing"
	return seed(self, self.entrants)
end

-- The group (its number) of `entrant` this round, or nil.
function Cup:group_of(entrant)
	for n, group in ipairs(self.groups) do
		if Words.index(group.entrants, entrant) then return n end
	end
end

-- The players of a group's next game in seat order, and their teams (a team tournament's).
function Cup:seats(group)
	local players, teams = {}, {}
	for _, name in ipairs(self.groups[group].entrants) do
		for _, player in ipairs(self.members[name]) do
			players[#players + 1], teams[player] = player, name
		end
	end
	return players, self.team_size > 1 and teams or nil
end

-- (entrant, games won, total score) of a group, best first.
function Cup:standing(group)
	local seeds, rows = self:seeds(), {}
	for _, name in ipairs(self.groups[group].entrants) do
		local won, total = 0, 0
		for _, game in ipairs(self.groups[group].games) do
			if game.winner == name then won = won + 1 end
			total = total + (game.scores[name] or 0)
		end
		rows[#rows + 1] = { name, won, total }
	end
	table.sort(rows, function(a, b)
		if a[2] ~= b[2] then return a[2] > b[2] end
		if a[3] ~= b[3] then return a[3] > b[3] end
		return seeds[a[1]] < seeds[b[1]]
	end)
	return rows
end

function Cup:standings(group)
	local target = self.groups[group]
	local lines = { ("%s, group %d, after %d of %d games:"):format(self:final() and "The final"
		or ("Round %d"):format(self.tier), group, #target.games, self.games_per_group) }
	for place, row in ipairs(self:standing(group)) do
		lines[#lines + 1] = ("  %d. %s: %d won, %d points"):format(place, row[1], row[2], row[3])
	end
	return lines
end

------------------------------------------------------------------------------
-- Results.

-- What a finished Vitaji game (vitaji/Vitaji.lua) gives a tournament: { over, order,
-- players (still in), scores (by player), winner }.
function Tournament.result_of(game)
	local scores = {}
	for _, name in ipairs(game:players()) do scores[name] = game:score(name) end
	return { over = game:over(), order = Words.copy(game.order), players = game:players(), scores = scores,
		winner = game.winners[1] }
end

local function same_players(a, b)
	if #a ~= #b then return false end
	local one, other = Words.copy(a), Words.copy(b)
	table.sort(one)
	table.sort(other)
	for i = 1, #one do if one[i] ~= other[i] then return false end end
	return true
end

local function advance(self)
	if self:final() then
		self.champion = self:standing(1)[1][1]
		self.stage = "over"
		return { ("%s wins the tournament"):format(self.champion) }
	end
	local going = {}
	for n in ipairs(self.groups) do
		for place, row in ipairs(self:standing(n)) do
			if place <= self.advancing then going[#going + 1] = row[1] end
		end
	end
	self.history[#self.history + 1] = going
	local lines = { ("Going on: %s"):format(table.concat(going, ", ")) }
	for _, line in ipairs(seed(self, going)) do lines[#lines + 1] = line end
	return lines
end

-- A finished game of group `group` (`result`: Tournament.result_of): the standings after it,
-- and the next round's groups or the champion when it ends a round; or nil and why not.
function Cup:record(group, result)
	if self.stage ~= "playing" then return nil, "the tournament is not under way" end
	local target = type(group) == "number" and self.groups[group]
	if not target then return nil, ("there is no group %s in this round"):format(tostring(group)) end
	if #target.games >= self.games_per_group then
		return nil, ("group %d has played its %d games"):format(group, self.games_per_group)
	end
	local players = self:seats(group)
	if not (result.over and same_players(result.order, players)) then
		return nil, ("that is not a finished game of group %d (%s)"):format(group, table.concat(players, ", "))
	end
	local entrant_of, scores = {}, {}
	for name, team in pairs(self.members) do
		for _, player in ipairs(team) do entrant_of[player] = name end
	end
	for _, name in ipairs(result.players) do
		local entrant = entrant_of[name]
		scores[entrant] = (scores[entrant] or 0) + (result.scores[name] or 0)
	end
	target.games[#target.games + 1] = { scores = scores, winner = entrant_of[result.winner] }
	local lines = self:standings(group)
	local done = true
	for _, each in ipairs(self.groups) do done = done and #each.games >= self.games_per_group end
	if done then
		for _, line in ipairs(advance(self)) do lines[#lines + 1] = line end
	end
	return lines
end

------------------------------------------------------------------------------
-- Kept across logouts: the SavedVariables hold `saved()`; `restore` takes it back (checked, as
-- a saved file is anyone's to edit: nil if it is not a tournament's).

local function copy_deep(value)
	if type(value) ~= "table" then return value end
	local out = {}
	for key, item in pairs(value) do out[key] = copy_deep(item) end
	return out
end

function Cup:saved()
	return copy_deep({ organiser = self.organiser, entrants = self.entrants, members = self.members,
		stage = self.stage, tier = self.tier, champion = self.champion or false, history = self.history,
		groups = self.groups })
end

local STAGES = { registration = true, playing = true, over = true }

function Tournament.restore(data)
	if type(data) ~= "table" or type(data.organiser) ~= "string" or not STAGES[data.stage]
		or type(data.entrants) ~= "table" or type(data.members) ~= "table" or type(data.groups) ~= "table"
		or type(data.tier) ~= "number" then
		return nil
	end
	local cup = Tournament.new(data.organiser)
	data = copy_deep(data)
	cup.entrants, cup.members, cup.stage, cup.tier = data.entrants, data.members, data.stage, data.tier
	cup.champion, cup.history, cup.groups = data.champion or nil, data.history or {}, data.groups
	local function names(list)
		if type(list) ~= "table" then return false end
		for _, name in ipairs(list) do if type(name) ~= "string" then return false end end
		return true
	end
	local ok = names(cup.entrants) and type(cup.history) == "table"
	for _, name in ipairs(cup.entrants) do ok = ok and names(cup.members[name]) end
	for _, going in ipairs(ok and cup.history or {}) do ok = ok and names(going) end
	for _, group in ipairs(ok and cup.groups or {}) do
		ok = ok and names(group.entrants) and type(group.games) == "table"
		for _, name in ipairs(ok and group.entrants or {}) do ok = ok and cup.members[name] ~= nil end
		for _, game in ipairs(ok and group.games or {}) do
			ok = ok and type(game) == "table" and type(game.scores) == "table" and type(game.winner) == "string"
			for _, score in pairs(ok and game.scores or {}) do ok = ok and type(score) == "number" end
		end
	end
	if not ok or (cup.stage == "playing" and #cup.groups == 0) then return nil end
	return cup
end
