-- One round of dice poker (after The Witcher 2): the Lua twin of pyhost/engine/dicepoker
-- (round.py and ranking.py), with the same events, the same refusals and the same state after
-- each action (tests/test_dicepoker_lua.py plays both in lockstep). From the starting player
-- round the table, each rolls all the dice, says which to keep and rolls the rest again
-- (Rules.deal.rolls rolls in a turn, the first included); when the last has rolled, the
-- highest hand wins over the lowest: for chips (each loser pays each winner the stake) or a
-- forfeit (the round only says who names one for whom). The dice come in from outside (the
-- players' open rolls: draw/OpenRolls.lua); this file never rolls one.
local _, ns = ...

local RULES, Hands = ns.Rules, ns.Hands
local FACES, ORDER, RANK = RULES.faces, RULES.hands.order, RULES.hands.rank
local DICE, ROLLS = RULES.deal.dice, RULES.deal.rolls

local DicePoker = {}
ns.DicePoker = DicePoker

local Step = { ROLL = "roll", KEEP = "keep", REROLL = "reroll", OVER = "over" }
DicePoker.Step = Step

-- The dice that make each kind of hand, in the order they count (the rest follow).
local GROUPS = {
	five_of_a_kind = { 5 }, four_of_a_kind = { 4 }, full_house = { 3, 2 },
	three_of_a_kind = { 3 }, two_pair = { 2, 2 }, one_pair = { 2 },
}
local RUNS = { straight = 5, small_straight = 4 }

local Round = {}
Round.__index = Round
DicePoker.Round = Round

------------------------------------------------------------------------------
-- Words.

local function names(faces)
	local out = {}
	for i, face in ipairs(faces) do out[i] = FACES[face].name end
	return #out > 0 and table.concat(out, " ") or "nothing"
end

local function face_names(faces)
	local out = {}
	for i, face in ipairs(faces) do out[i] = FACES[face].name end
	return out
end

-- A value as Python's repr shows it in a refusal.
local function repr(value)
	if type(value) == "string" then return "'" .. value .. "'" end
	if value == nil then return "None" end
	return tostring(value)
end

-- A face from a name (any case, as Python's Dice.face) or a 1-based index; nil otherwise.
local function face_of(token)
	if type(token) == "number" then
		if FACES[token] and token == math.floor(token) then return token end
		return nil
	end
	if type(token) ~= "string" then return nil end
	local wanted = token:match("^%s*(.-)%s*$"):lower()
	for index, face in ipairs(FACES) do
		if face.name:lower() == wanted then return index end
	end
end

local function faces_list()
	local out = {}
	for i, face in ipairs(FACES) do out[i] = face.name end
	return table.concat(out, ", ")
end

-- Face indices of `dice`, or nil and why not (Python's Dice.parse).
local function parse(dice)
	local out = {}
	for i, token in ipairs(dice) do
		out[i] = face_of(token)
		if not out[i] then
			-- (Python counts faces from 0: its message names the index it was given.)
			local shown = type(token) == "number" and repr(token - 1) or repr(token)
			return nil, ("no face %s on these dice (faces: %s)"):format(shown, faces_list())
		end
	end
	return out
end

------------------------------------------------------------------------------
-- Starting a round.

local ACTIVE = "active"

-- A round at `seats` ({ name, bank, committed, status }, changed in place as Python's Seat)
-- from `dealer` (1-based: the starting player). nil and the reason when it cannot start.
function DicePoker.new(seats, dealer)
	local count = #seats
	if count < RULES.table.min_players then
		return nil, ("%s needs at least %d players with chips, not %d"):format(RULES.name,
			RULES.table.min_players, count)
	end
	if count > RULES.table.max_players then
		return nil, ("%s seats at most %d, not %d"):format(RULES.name, RULES.table.max_players, count)
	end
	local round = setmetatable({ seats = seats, dealer = dealer, events = {}, payouts = {},
		contributions = {}, final_pots = {}, order = {}, turn = 1, step = Step.ROLL,
		lying = {}, rolls = {}, kept = {}, final = {}, hands = {}, winners = {}, losers = {},
		paid = {} }, Round)
	for step = 0, count - 1 do round.order[step + 1] = seats[(dealer - 1 + step) % count + 1].name end
	for _, seat in ipairs(seats) do seat.committed, seat.status = 0, ACTIVE end
	return round
end

------------------------------------------------------------------------------
-- The interface.

function Round:over() return self.step == Step.OVER end
function Round:starter() return self.order[1] end
function Round:stakes() return RULES.table.stakes end

function Round:to_act()
	if self:over() then return nil end
	return self.order[self.turn]
end

-- Who must roll now and how many dice; nil while a keep is awaited, or when it is over.
function Round:wanted()
	local name = self:to_act()
	if not name or self.step == Step.KEEP then return nil end
	if self.step == Step.ROLL then return name, DICE end
	return name, DICE - #self.kept[name]
end

-- The rolls `name` has made in his turn, the first included.
function Round:rolled(name) return self.rolls[name] or 0 end

function Round:legal_actions(name)
	return name == self:to_act() and { self.step } or {}
end

function Round:seat_of(name)
	for index, seat in ipairs(self.seats) do
		if seat.name == name then return index end
	end
	return nil, ("nobody named %s is in this hand"):format(repr(name))
end

------------------------------------------------------------------------------
-- Checking an action: the dice of a legal one, or nil and why not. Changes nothing.

function Round:_next_text(name)
	if self.step == Step.ROLL then return ("%s rolls all %d dice first"):format(name, DICE) end
	if self.step == Step.KEEP then return ("%s must first say which dice to keep"):format(name) end
	return ("%s rerolls %d dice"):format(name, DICE - #self.kept[name])
end

local function given_dice(dice, count, what)
	if type(dice) ~= "table" then
		return nil, ("%s must be a list of %d faces, not %s"):format(what, count, repr(dice))
	end
	if #dice ~= count then return nil, ("%s must be %d dice, not %d"):format(what, count, #dice) end
	local faces, wrong = parse(dice)
	if not faces then return nil, what .. ": " .. wrong end
	return faces
end

-- The dice `name` keeps: any of those lying, none to all; highest index first.
function Round:_kept_dice(name, dice)
	local rolled = self.lying[name]
	if dice == nil then dice = {} end
	if type(dice) ~= "table" then
		return nil, ("%s must keep a list of faces, not %s"):format(name, repr(dice))
	end
	local kept, wrong = parse(dice)
	if not kept then return nil, ("%s's keep: %s"):format(name, wrong) end
	local left = {}
	for i, face in ipairs(rolled) do left[i] = face end
	for _, face in ipairs(kept) do
		local found
		for i, lying in ipairs(left) do if lying == face and not found then found = i end end
		if not found then
			return nil, ("%s cannot keep %s: %s rolled %s"):format(name, names(kept), name, names(rolled))
		end
		table.remove(left, found)
	end
	local sorted = {}
	for i, face in ipairs(kept) do sorted[i] = face end
	table.sort(sorted, function(a, b) return a > b end)
	return sorted
end

function Round:verify(name, action, dice)
	local _, missing = self:seat_of(name)
	if missing then return nil, missing end
	if action ~= Step.ROLL and action ~= Step.KEEP and action ~= Step.REROLL then
		return nil, ("%s cannot %s: dice poker has roll, keep and reroll"):format(name, tostring(action))
	end
	if self:over() then return nil, ("%s cannot %s: the round is over"):format(name, action) end
	local waiting = self.order[self.turn]
	if name ~= waiting then
		return nil, ("%s cannot %s now: it is %s's turn"):format(name, action, waiting)
	end
	if action ~= self.step then
		return nil, ("%s cannot %s now: %s"):format(name, action, self:_next_text(name))
	end
	if action == Step.KEEP then return self:_kept_dice(name, dice) end
	local _, count = self:wanted()
	return given_dice(dice, count, ("%s's %s"):format(name, action))
end

-- One action by `name`: the events it made, or nil and why not (changing nothing).
function Round:act(name, action, dice)
	local faces, why = self:verify(name, action, dice)
	if not faces then return nil, why end
	local start = #self.events
	if action == Step.ROLL then
		self:_rolled(name, faces)
	elseif action == Step.KEEP then
		self:_keep(name, faces)
	else
		self:_reroll(name, faces)
	end
	local made = {}
	for i = start + 1, #self.events do made[#made + 1] = self.events[i] end
	return made
end

------------------------------------------------------------------------------
-- Applying it.

function Round:_say(kind, text, player, dice, chips, details)
	local event = { kind = kind, text = text, player = player, chips = chips or 0,
		dice = dice or {}, details = details or {} }
	self.events[#self.events + 1] = event
	return event
end

function Round:_rolled(name, faces)
	self:_say("roll", ("%s rolls %s"):format(name, names(faces)), name, face_names(faces))
	self:_lie(name, faces)
end

-- After a roll: the dice lie as `faces`; another roll may follow, or the turn ends.
function Round:_lie(name, faces)
	self.lying[name] = faces
	self.rolls[name] = (self.rolls[name] or 0) + 1
	if self.rolls[name] < ROLLS then
		self.step = Step.KEEP
	else
		self:_done(name, faces)
	end
end

function Round:_keep(name, kept)
	self.kept[name] = kept
	local again = DICE - #kept
	local text = ("%s keeps %s"):format(name, names(kept))
	text = text .. (again > 0 and (" and rerolls %d"):format(again) or " and stands")
	self:_say("keep", text, name, face_names(kept))
	if again > 0 then
		self.step = Step.REROLL
	else
		self:_done(name, kept)
	end
end

function Round:_reroll(name, faces)
	self:_say("reroll", ("%s rerolls %s"):format(name, names(faces)), name, face_names(faces))
	local lying = {}
	for _, face in ipairs(self.kept[name]) do lying[#lying + 1] = face end
	for _, face in ipairs(faces) do lying[#lying + 1] = face end
	self:_lie(name, lying)
end

function Round:_done(name, faces)
	local hand = Hands.best(faces)
	self.final[name] = faces
	self.hands[name] = hand
	self:_say("hand", ("%s has %s: %s"):format(name, names(hand.dice), hand.name), name,
		face_names(hand.dice))
	if self.turn < #self.order then
		self.turn = self.turn + 1
		self.step = Step.ROLL
	else
		self:_settle()
	end
end

------------------------------------------------------------------------------
-- The end of the round: who wins over whom (ranking.py).

-- The order that finds the lowest hand, as a list: the smaller is the lower hand. Within the
-- lowest category the dice that make the hand count first (a full house its triple before its
-- pair, two pairs the lower pair first), then the others, lowest first.
local function low_key(hand)
	local kind, dice = ORDER[hand.category].kind, hand.dice
	local key = { #ORDER - hand.category + 1 }
	local made = 0
	local function rest_from(first)
		local ranks = {}
		for i = first, #dice do ranks[#ranks + 1] = RANK[dice[i]] end
		table.sort(ranks)
		for _, rank in ipairs(ranks) do key[#key + 1] = rank end
	end
	if GROUPS[kind] then
		local sizes, groups = GROUPS[kind], {}
		for i, size in ipairs(sizes) do
			groups[i] = RANK[dice[made + 1]]
			made = made + size
		end
		local same = true
		for _, size in ipairs(sizes) do if size ~= sizes[1] then same = false end end
		if same then table.sort(groups) end -- groups of one size: the lower first
		for _, rank in ipairs(groups) do key[#key + 1] = rank end
		rest_from(made + 1)
	elseif RUNS[kind] then
		rest_from(RUNS[kind] + 1)
	else
		rest_from(1)
	end
	return key
end
DicePoker.low_key = low_key

local function key_compare(a, b)
	for i = 1, math.max(#a, #b) do
		local x, y = a[i], b[i]
		if x == nil then return -1 end
		if y == nil then return 1 end
		if x ~= y then return x < y and -1 or 1 end
	end
	return 0
end

-- (winners, losers) in turn order: every hand equal to the highest, then among the others
-- every hand equal to the lowest. When every hand is equal there is neither.
function Round:highest_and_lowest()
	local best
	for _, name in ipairs(self.order) do
		local hand = self.hands[name]
		if not best or Hands.compare(hand, best) > 0 then best = hand end
	end
	local winners, others = {}, {}
	for _, name in ipairs(self.order) do
		if Hands.compare(self.hands[name], best) == 0 then
			winners[#winners + 1] = name
		else
			others[#others + 1] = name
		end
	end
	if #others == 0 then return {}, {} end
	local worst
	for _, name in ipairs(others) do
		local key = low_key(self.hands[name])
		if not worst or key_compare(key, worst) < 0 then worst = key end
	end
	local losers = {}
	for _, name in ipairs(others) do
		if key_compare(low_key(self.hands[name]), worst) == 0 then losers[#losers + 1] = name end
	end
	return winners, losers
end

function Round:_settle()
	self.winners, self.losers = self:highest_and_lowest()
	if #self.winners == 0 then
		self:_say("draw", "Every hand is equal: nobody wins or loses this round")
	elseif self:stakes() == "chips" then
		self:_pay_stakes()
	else
		for _, winner in ipairs(self.winners) do
			for _, loser in ipairs(self.losers) do
				self:_say("forfeit", ("%s names a forfeit for %s"):format(winner, loser), winner, nil, 0,
					{ target = loser })
			end
		end
	end
	self:_finish()
	self.step = Step.OVER
end

-- `amount` shared among `winners` as evenly as it goes, the odd chips one each to the first
-- of them in turn order (Python's pots.split).
function Round:_split(amount, winners)
	local share, odd = math.floor(amount / #winners), amount % #winners
	local shares, place = {}, 0
	for _, name in ipairs(self.order) do
		for _, winner in ipairs(winners) do
			if winner == name then
				shares[name] = share + (place < odd and 1 or 0)
				place = place + 1
			end
		end
	end
	return shares
end

function Round:_pay_stakes()
	local stake = RULES.table.stake
	for _, loser in ipairs(self.losers) do
		local seat = self.seats[self:seat_of(loser)]
		local owed = stake * #self.winners
		-- A loser short of what he owes pays all he has, shared as evenly as it goes.
		local shares = {}
		if seat.bank >= owed then
			for _, winner in ipairs(self.winners) do shares[winner] = stake end
		else
			shares = self:_split(seat.bank, self.winners)
		end
		for _, winner in ipairs(self.winners) do
			local chips = shares[winner]
			if chips > 0 then
				seat.bank = seat.bank - chips
				seat.committed = seat.committed + chips
				self.paid[#self.paid + 1] = { loser, winner, chips }
				self:_say("pay", ("%s pays %d to %s"):format(loser, chips, winner), loser, nil, chips,
					{ target = winner })
			end
		end
	end
	for _, winner in ipairs(self.winners) do
		local chips = 0
		for _, paid in ipairs(self.paid) do
			if paid[2] == winner then chips = chips + paid[3] end
		end
		if chips > 0 then
			local seat = self.seats[self:seat_of(winner)]
			seat.bank = seat.bank + chips
			self.payouts[winner] = (self.payouts[winner] or 0) + chips
			self:_say("win", ("%s wins %d"):format(winner, chips), winner, nil, chips)
		end
	end
end

-- The books closed: what each put in is kept; the chips went from the losers to the winners,
-- one pot, theirs.
function Round:_finish()
	for _, seat in ipairs(self.seats) do
		self.contributions[seat.name] = seat.committed
		seat.committed = 0
	end
	local paid = self:pot_paid()
	self.final_pots = paid > 0 and { { amount = paid, eligible = self.winners } } or {}
end

function Round:pot_paid()
	local chips = 0
	for _, paid in ipairs(self.paid) do chips = chips + paid[3] end
	return chips
end

function Round:pot()
	local chips = 0
	for _, seat in ipairs(self.seats) do chips = chips + seat.committed end
	return chips
end
