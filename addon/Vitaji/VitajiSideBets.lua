-- Spectators' side bets on a Vitaji game or tournament: the Lua twin of
-- pyhost/engine/vitaji/sidebets.py, with the same events and refusals (tests/
-- test_vitaji_tournament_lua.py). A book is opened on runners; anyone in the ledger who is not
-- running may back a runner with chips from his bank while it is open; the book holds them (the
-- banks plus the book's holding never change). Settled as a pool: the whole of it to those who
-- backed the winner, in proportion to their stakes (the odd chips to the earliest bets first);
-- if nobody backed the winner, every stake goes back. The ledger is handed in: `seat(name)`
-- (a table with `bank`, or nil and why not) and `move(name, chips)` (chips into his bank).
local _, ns = ...

local Words = ns.VitajiWords
local repr, index = Words.repr, Words.index

local SideBets = {}
ns.VitajiSideBets = SideBets

local Book = {}
Book.__index = Book
SideBets.Book = Book

-- A book on `runners`, nobody in `running` (nor a runner) betting; or nil and why not.
function SideBets.new(ledger, runners, running)
	if #runners < 2 then return nil, "side bets need two runners or more" end
	local self = setmetatable({ ledger = ledger, runners = Words.copy(runners), running = {}, bets = {},
		open = true, settled = false, events = {} }, Book)
	for _, name in ipairs(running or {}) do self.running[name] = true end
	for _, name in ipairs(runners) do self.running[name] = true end
	return self
end

local function say(self, kind, text, player, chips, runner)
	local event = { kind = kind, text = text, player = player, chips = chips, dice = {},
		details = { runner = runner } }
	self.events[#self.events + 1] = event
	return { event }
end

-- The book is done with: the events it said since `start` (a settling's, a void's).
local function settled(self, start)
	self.settled = true
	local made = {}
	for i = start + 1, #self.events do made[#made + 1] = self.events[i] end
	return made
end

function Book:held()
	if self.settled then return 0 end
	local sum = 0
	for _, bet in ipairs(self.bets) do sum = sum + bet[3] end
	return sum
end

-- The chips of a bet (at least 1), or nil and why not: Python's chips_arg.
local function chips_of(amount)
	if not Words.is_int(amount) then
		return nil, ("the side bet must be a whole number, not %s"):format(repr(amount))
	end
	if amount < 0 then return nil, ("the side bet must not be negative, not %d"):format(amount) end
	if amount == 0 then return nil, "the side bet must be at least 1" end
	return amount
end

-- `spectator` backs `runner` for `amount`: the events, or nil and why not (nothing changed).
-- The addon's own: the bet's `id` (kept with it), and `listed` (a bet the table's host took
-- before the book closed: it is placed though the book is closed).
function Book:place(spectator, runner, amount, id, listed)
	local seat, why = self.ledger.seat(spectator)
	if not seat then return nil, why end
	if not self.open and not listed then return nil, ("%s cannot bet: side bets are closed"):format(spectator) end
	if self.running[spectator] then
		return nil, ("%s cannot bet on a game %s plays in"):format(spectator, spectator)
	end
	if not index(self.runners, runner) then
		return nil, ("%s cannot back %s: the runners are %s"):format(spectator, repr(runner),
			table.concat(self.runners, ", "))
	end
	local chips
	chips, why = chips_of(amount)
	if not chips then return nil, why end
	if chips > seat.bank then
		return nil, ("%s cannot bet %d: only %d in the bank"):format(spectator, chips, seat.bank)
	end
	self.ledger.move(spectator, -chips)
	self.bets[#self.bets + 1] = { spectator, runner, chips, id }
	return say(self, "sidebet", ("%s backs %s for %d"):format(spectator, runner, chips), spectator, chips, runner)
end

-- No more bets: the game has begun.
function Book:close()
	self.open = false
	return say(self, "sidebets", ("Side bets closed: %d on %d bet(s)"):format(self:held(), #self.bets), nil, 0)
end

-- The winner is known: the events paying the pool out, or nil and why not.
function Book:settle(winner)
	if self.settled then return nil, "the side bets are settled already" end
	if not index(self.runners, winner) then
		return nil, ("%s is not a runner: %s"):format(repr(winner), table.concat(self.runners, ", "))
	end
	self.open, self.winner = false, winner
	local pool, backers, backed = self:held(), {}, 0
	for _, bet in ipairs(self.bets) do
		if bet[2] == winner then backers[#backers + 1], backed = bet, backed + bet[3] end
	end
	local start = #self.events
	if #backers == 0 then
		for _, bet in ipairs(self.bets) do
			self.ledger.move(bet[1], bet[3])
			say(self, "sidebet-back", ("%s gets back %d (nobody backed %s)"):format(bet[1], bet[3], winner),
				bet[1], bet[3], bet[2])
		end
	else
		local shares, given = {}, 0
		for i, bet in ipairs(backers) do
			shares[i] = math.floor(pool * bet[3] / backed)
			given = given + shares[i]
		end
		for i = 0, pool - given - 1 do
			local at = i % #shares + 1
			shares[at] = shares[at] + 1
		end
		for i, bet in ipairs(backers) do
			self.ledger.move(bet[1], shares[i])
			say(self, "sidebet-win", ("%s backed %s with %d and takes %d"):format(bet[1], winner, bet[3], shares[i]),
				bet[1], shares[i], winner)
		end
	end
	return settled(self, start)
end

-- The book is void (its tournament is no more): every stake goes back. The addon's own (the
-- Python book has no void); the events, or nil and why not.
function Book:void()
	if self.settled then return nil, "the side bets are settled already" end
	self.open = false
	local start = #self.events
	for _, bet in ipairs(self.bets) do
		self.ledger.move(bet[1], bet[3])
		say(self, "sidebet-back", ("%s gets back %d (the side bets are void)"):format(bet[1], bet[3]), bet[1], bet[3],
			bet[2])
	end
	return settled(self, start)
end

-- The bet `id` is not in the book after all (the host did not take it): its stake goes back.
-- The addon's own; the events, or nil and why not.
function Book:drop(id)
	if self.settled then return nil, "the side bets are settled already" end
	for i, bet in ipairs(self.bets) do
		if bet[4] == id then
			table.remove(self.bets, i)
			self.ledger.move(bet[1], bet[3])
			return say(self, "sidebet-back", ("%s gets back %d (the host did not take that bet)"):format(bet[1],
				bet[3]), bet[1], bet[3], bet[2])
		end
	end
	return nil, ("no bet %s in the book"):format(tostring(id))
end

function Book:has(id)
	for _, bet in ipairs(self.bets) do if bet[4] == id then return true end end
	return false
end

-- Plain data for the SavedVariables, and back (nil if it is not a book's).
function Book:saved()
	local bets = {}
	for i, bet in ipairs(self.bets) do bets[i] = { bet[1], bet[2], bet[3], bet[4] } end
	local running = {}
	for name in pairs(self.running) do running[#running + 1] = name end
	table.sort(running)
	return { runners = Words.copy(self.runners), running = running, bets = bets, open = self.open,
		settled = self.settled, winner = self.winner }
end

function SideBets.restore(ledger, data)
	if type(data) ~= "table" or type(data.runners) ~= "table" or type(data.bets) ~= "table" then return nil end
	local book = SideBets.new(ledger, data.runners, type(data.running) == "table" and data.running or {})
	if not book then return nil end
	for _, bet in ipairs(data.bets) do
		if type(bet) ~= "table" or type(bet[1]) ~= "string" or not index(book.runners, bet[2])
			or not Words.is_int(bet[3]) or bet[3] < 1 or (bet[4] ~= nil and type(bet[4]) ~= "string") then
			return nil
		end
		book.bets[#book.bets + 1] = { bet[1], bet[2], bet[3], bet[4] }
	end
	book.open, book.settled = data.open == true, data.settled == true
	if data.winner ~= nil and not index(book.runners, data.winner) then return nil end
	book.winner = data.winner
	return book
end
