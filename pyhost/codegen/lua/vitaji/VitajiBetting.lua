-- One round's betting phase in Vitaji: the twin of pyhost/engine/vitaji/betting.py. The first
-- bettor bets any multiple of the interval, zero included; everyone else meets the bet, raises
-- it (each at most Rules.table.raises_per_round times a round) or drops out; betting is over
-- when everyone still in has met the bet since the last raise. Amounts are levels: a raise to
-- 150 makes the round's bet 150. Every action is checked first (verify), then applied (apply).
local _, ns = ...

local Words = ns.VitajiWords
local repr, copy, index, remove = Words.repr, Words.copy, Words.index, Words.remove

local Betting = {}
Betting.__index = Betting
ns.VitajiBetting = Betting

local ACTIONS = { bet = true, meet = true, raise = true, drop = true }

-- Betting among `order` (the players still in, the first bettor first); purses by name; cap:
-- the most the round's bet may be (nil: no maximum).
function Betting.new(order, purses, interval, cap, raises)
	local self = setmetatable({ order = copy(order), purses = purses, interval = interval,
		cap = cap, raises_allowed = raises, level = nil, put = {}, raised = {}, dropped = {},
		pending = { order[1] } }, Betting)
	for _, name in ipairs(order) do self.put[name], self.raised[name] = 0, 0 end
	return self
end

function Betting:closed() return #self.pending == 0 end
function Betting:to_act() return self.pending[1] end
function Betting:owed(name) return (self.level or 0) - self.put[name] end

-- The highest level `name` could bet or raise to (cap and purse).
function Betting:most(name)
	local most = self.put[name] + self.purses[name].bank
	if self.cap and self.cap < most then most = self.cap end
	return most - most % self.interval
end

function Betting:legal(name)
	if name ~= self:to_act() then return {} end
	if self.level == nil then return { "bet", "drop" } end
	local actions = {}
	if self.purses[name].bank >= self:owed(name) then actions[#actions + 1] = "meet" end
	if self.raised[name] < self.raises_allowed and self:most(name) > self.level then
		actions[#actions + 1] = "raise"
	end
	actions[#actions + 1] = "drop"
	return actions
end

-- A chip amount, or nil and why not (Python's whole_amount).
local function whole(amount, what)
	if not Words.is_int(amount) then
		return nil, ("the %s must be a whole number, not %s"):format(what, repr(amount))
	end
	if amount < 0 then return nil, ("the %s must not be negative, not %d"):format(what, amount) end
	return amount
end

-- The move an action makes ({ name, action, chips, level }), or nil and why not.
function Betting:verify(name, action, amount)
	if not ACTIONS[action] then
		return nil, ("%s cannot %s while betting: bet, meet, raise or drop"):format(name, tostring(action))
	end
	if self:closed() then return nil, ("%s cannot %s: the betting is over"):format(name, action) end
	if name ~= self:to_act() then
		return nil, ("%s cannot %s now: it is %s's turn to bet"):format(name, action, self:to_act())
	end
	if action == "drop" then return { name = name, action = "drop", chips = 0, level = self.level or 0 } end
	if self.level == nil and action ~= "bet" then
		return nil, ("%s cannot %s: %s bets first (any multiple of %d, zero included), or drops out")
			:format(name, action, name, self.interval)
	end
	if self.level ~= nil and action == "bet" then
		return nil, ("%s cannot bet: the bet is %d; meet it, raise it or drop out"):format(name, self.level)
	end
	local purse = self.purses[name]
	if action == "meet" then
		local owed = self:owed(name)
		if owed > purse.bank then
			return nil, ("%s cannot meet %d: %d more is needed and %s holds %d; drop out instead")
				:format(name, self.level, owed, name, purse.bank)
		end
		return { name = name, action = "meet", chips = owed, level = self.level or 0 }
	end
	local level, why = whole(amount, action .. " amount")
	if not level then return nil, why end
	if action == "raise" then
		if self.raised[name] >= self.raises_allowed then
			return nil, ("%s cannot raise: %s has raised %d time(s) this round, the most allowed is %d")
				:format(name, name, self.raised[name], self.raises_allowed)
		end
		if level <= self.level then
			return nil, ("%s cannot raise to %d: a raise must be more than the bet, %d")
				:format(name, level, self.level)
		end
	end
	if level % self.interval ~= 0 then
		return nil, ("%s cannot %s %d: bets go in multiples of %d"):format(name, action, level, self.interval)
	end
	if self.cap and level > self.cap then
		return nil, ("%s cannot %s %d: the maximum this round is %d"):format(name, action, level, self.cap)
	end
	local chips = level - self.put[name]
	if chips > purse.bank then
		return nil, ("%s cannot %s %d: %s holds %d"):format(name, action, level, name, purse.bank)
	end
	return { name = name, action = action, chips = chips, level = level }
end

function Betting:apply(move)
	local name = move.name
	remove(self.pending, name)
	if move.action == "drop" then
		self.dropped[#self.dropped + 1] = name
		local at = index(self.order, name)
		table.remove(self.order, at)
		if self.level == nil and #self.order > 1 then
			-- The first bettor dropped before betting: the next one bets first.
			self.pending = { self.order[(at - 1) % #self.order + 1] }
		end
		return
	end
	local purse = self.purses[name]
	purse.bank = purse.bank - move.chips
	purse.committed = purse.committed + move.chips
	self.put[name] = self.put[name] + move.chips
	if move.action == "bet" or move.action == "raise" then
		if move.action == "raise" then self.raised[name] = self.raised[name] + 1 end
		self.level = move.level
		-- Everyone else acts again, in order from the one after the bettor.
		local at, pending = index(self.order, name), {}
		for i = at + 1, #self.order do pending[#pending + 1] = self.order[i] end
		for i = 1, at - 1 do pending[#pending + 1] = self.order[i] end
		self.pending = pending
	end
end

-- Nobody is left to bet against (the game was decided by drops).
function Betting:finish() self.pending = {} end
