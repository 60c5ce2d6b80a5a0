-- A guided table's fair deal, seen from one client: the commitments and the closed set, the
-- seed's roll, the streets' rolls and who makes them, the table's own orders for them (start,
-- commit, close, dealer, void), and the commands that set them off (/tdeal, the streets,
-- start). Game.lua (loaded after it) receives it and hands back, through ns.Game, what the
-- table keeps: the session, the hand, its sequencing.
local _, ns = ...

local Phase = ns.Holdem.Phase

local L, Dice, Fair, Text = ns.L, ns.Dice, ns.Fair, ns.Text
local HandLog, Ledger, Rolls = ns.HandLog, ns.Ledger, ns.Rolls
local Comm = ns.Comm
local RULES = ns.Rules

local FairDeal = {}
ns.FairDeal = FairDeal

-- The table (Game.lua), loaded after this file: read when a function runs.
local function game() return ns.Game end
local function session() return ns.Game.session() end
local function hand() return ns.Game.hand() end
local function short(name) return ns.Game.short(name) end
local function say(line) return ns.Game.say(line) end

------------------------------------------------------------------------------
-- The commitments and the closed set.

-- The host closes the set once everyone still in the hand has committed.
-- With `anyway` (the commit time is up), it closes with the commitments it has: whoever has
-- none will have no dice, and their hand is dead at the showdown.
function FairDeal.maybe_close(anyway)
	local s, current = session(), hand()
	if s.host ~= Comm.me() or not current or current.phase == Phase.OVER then return end
	local fair = s.fair
	if fair.set_hash then return end
	local list, flags = {}, { "s" } -- flags: which seats' commitments the set holds
	for i, seat in ipairs(current.seats) do
		if game().in_hand(current, seat.name) and not fair.commits[seat.name] and not anyway then return end
		if fair.commits[seat.name] then list[#list + 1] = fair.commits[seat.name] end
		flags[i + 1] = fair.commits[seat.name] and "1" or "0"
	end
	if #list == 0 then return end
	game().accept(s.host, "close", table.concat(flags), Fair.set_hash(list))
end

-- A hand's fair-play state: commitments, the seed and the reveals' verdicts; who dealt before
-- the dealer now (their seed roll still counts: its line can come after the order naming the
-- next dealer); roll lines by others, kept in case the order naming their roller as the next
-- dealer comes after them.
function FairDeal.new_fair()
	return { commits = {}, dead = {}, verdicts = {}, checking = {}, seed_lines = {}, dealt = {},
		others = {}, lines = {} }
end

-- The seed is the dealer's first roll of the range the set's hash gives (Fair.seed_range),
-- less its low end. The roll line and the close may come in either order, so the dealer's
-- rolls of that width wait in `seed_lines` until the hash is known; a roll made before the
-- close (a dice addon's, the dealer's own /roll) could not know the range. Failing a line,
-- the seed the host attests in a snapshot. Then this player's dice are known, to them alone.
function FairDeal.bind_seed()
	local s = session()
	local fair = s.fair
	if fair.seed or not fair.set_hash then return end
	local low, high = Fair.seed_range(fair.set_hash)
	for _, line in ipairs(fair.seed_lines) do
		if line[2] == low and line[3] == high then
			fair.seed, fair.seen = line[1] - low, true -- seen rolled, not taken on trust
			HandLog.seed(s, line)
			break
		end
	end
	if not fair.seed and fair.attested_seed then -- the host's word, marked so here and in the log
		HandLog.seed(s, nil, fair.attested_seed)
		ns.CatchUp.note(L.AWAY_SEED:format(s.hands, short(s.host)))
	end
	fair.seed = fair.seed or fair.attested_seed
	if not fair.seed then return end
	fair.seed_lines = {}
	s.log[#s.log + 1] = { "SEED", { table = s.id, hand = s.hands, seed = fair.seed } }
	-- The seed's roll ends its deadline: the next one (a bet's) counts from here, everywhere.
	ns.Takeover.moved()
	ns.Takeover.arm_timeout()
	game().my_dice()
	if hand() and hand().phase == Phase.SHOWDOWN then game().after({}) end -- a reveal waiting on it
end

-- The dealer's seed roll, once the set is closed, of the range its hash gives: a moment's
-- wait first, so the message that closed it is everywhere before the roll line (a client
-- that has the line first keeps it until the close comes).
function FairDeal.roll_seed_soon()
	-- (A client replaying a snapshot does not: it rolls, if still due, once caught up.)
	if session().catching_up or not (hand() and hand():dealer_name() == Comm.me()) then return end
	local this_hand = game().hand_id()
	C_Timer.After(0.5, function()
		local s = session()
		local fair = s and game().hand_id() == this_hand and s.fair
		local db = game().db()
		-- Once a hand, even across a /reload (the first roll binds), and only by the dealer.
		if fair and fair.set_hash and not fair.seed and hand():dealer_name() == Comm.me()
			and db.seed_rolled[Comm.me()] ~= this_hand then
			db.seed_rolled[Comm.me()] = this_hand
			RandomRoll(Fair.seed_range(fair.set_hash))
		end
	end)
end

-- A dealer named to deal on while a street waits rolls it by itself (the table moves on even
-- if nobody types), a moment after the order, as the seed.
function FairDeal.roll_street_soon()
	local current = hand()
	if session().catching_up or not current or current.phase ~= Phase.ROLL
		or current:dealer_name() ~= Comm.me() or not current:next_street() then return end
	local this_hand, street = game().hand_id(), current:next_street()
	C_Timer.After(0.5, function()
		local now = session() and game().hand_id() == this_hand and hand()
		if now and now.phase == Phase.ROLL and now:next_street() == street
			and now:dealer_name() == Comm.me() then game().street(street) end
	end)
end

-- Why this player may not commit now, or nil.
function FairDeal.commit_refusal(player)
	local current = hand()
	if not current or current.phase == Phase.OVER then return "no hand is being played" end
	if not game().in_hand(current, player) then return short(player) .. " is not in this hand" end
	if session().fair.commits[player] then return short(player) .. " has already rolled" end
	if session().fair.set_hash then
		return "too late: the set closed without your roll, so you have no dice this hand"
	end
end

------------------------------------------------------------------------------
-- The table's own orders for the deal (Game.lua's ORDERS takes them).

local ORDERS = {}
FairDeal.ORDERS = ORDERS

ORDERS.commit = function(player, amount, target, dice)
	-- The commitment came in the player's own request.
	local s = session()
	s.fair.commits[player] = target or game().heard(s.hands)[player]
	HandLog.commit(s, player, s.fair.commits[player])
	say(L.ROLLS_UNDER_BOX:format(short(player), game().pronoun(player)))
	FairDeal.maybe_close()
end

ORDERS.close = function(player, amount, target, dice)
	-- The set holds exactly the commitments the host names, heard from their players.
	local s = session()
	local flags = type(amount) == "string" and amount or ""
	local holds = {} -- whose commitments, in seat order, for the hand log
	for i, seat in ipairs(hand().seats) do
		local held = flags:sub(i + 1, i + 1) == "1"
		s.fair.commits[seat.name] = held and game().heard(s.hands)[seat.name] or nil
		if held then holds[#holds + 1] = seat.name end
	end
	-- The set hash is this client's own, of the commitments it heard: never the host's
	-- as sent (a mismatch is named).
	local list = {}
	for _, name in ipairs(holds) do list[#list + 1] = s.fair.commits[name] end
	local own = #list > 0 and Fair.set_hash(list) or target
	if own ~= target and not s.catching_up then
		say(L.SET_HASH_DIFFERS:format(short(s.host)))
	end
	target = own
	s.fair.set_hash = target
	HandLog.close(s, target, holds, s.fair.commits)
	FairDeal.roll_seed_soon()
	FairDeal.bind_seed()
end

-- The dealer is gone: the host names who deals on.
ORDERS.dealer = function(player, amount, target, dice)
	local s, current = session(), hand()
	local gone = current:dealer_name()
	for index, seat in ipairs(current.seats) do
		if seat.name == target then current.dealer = index end
	end
	if current:dealer_name() == gone then return end -- not a player in this hand
	HandLog.action(s, target, "dealer")
	s.fair.dealt[Ambiguate(gone, "short")] = true
	-- A roll by the new dealer heard before this order: read it now.
	local others = s.fair.others
	s.fair.others = {}
	for _, line in ipairs(others) do FairDeal.roll_line(line) end
	say(L.DEALS_ON:format(short(gone), short(target)))
	if s.fair.set_hash and not s.fair.seed then FairDeal.roll_seed_soon() end
	FairDeal.roll_street_soon()
	game().after({})
end

ORDERS.void = function(player, amount, target, dice)
	-- Nobody committed in time: nobody has dice, so the hand is void, every bet back.
	local s = session()
	Ledger.void(s)
	say(L.VOID:format(s.hands))
	game().rebuild()
end

ORDERS.start = function(player, amount, target, dice)
	-- The record a catching-up player replays restarts with each hand: where the table
	-- stood before it (BASE), then this hand's own messages, from the start on.
	local s = session()
	local stood = { table = s.id, seq = s.seq - 1, hands = s.hands, dealer = s.dealer, seats = {} }
	for _, name in ipairs(s.seats) do
		stood.seats[#stood.seats + 1] = name .. "=" .. (s.banks[name] or 0)
	end
	s.log = { { "BASE", stood }, s.log[#s.log] }
	s.heard[s.hands - 1], s.revealed[s.hands - 1] = nil, nil
	s.dealer = player
	s.hands = s.hands + 1
	s.showing = nil
	s.rolls = {}
	s.fair = FairDeal.new_fair()
	game().forget_dice()
	s.steps = 0
	s.did[s.hands - 2], s.turns[s.hands - 1] = nil, nil -- long past
	Ledger.hand_starts(s) -- (what a void hand gives back)
	game().rebuild()
	local started, reason = s.engine:new_hand()
	if not started then say(Text.safe(reason, Text.LINE)) return end
	HandLog.start(s, started, s.before_hand)
	say(L.NEW_HAND:format(s.hands, short(player)))
	game().after(started.events)
end

------------------------------------------------------------------------------
-- Community dice come from the server's /roll: the dealer rolls a range unique to the table,
-- the hand and the street, exactly faces^k wide; every client reads the dice from the first
-- roll line by the dealer with that range, and applies the street when its engine is ready.

local function street_index(name)
	for i, street in ipairs(RULES.deal.streets) do
		if street == name then return i end
	end
end

local function street_range(index)
	local s = session()
	return Dice.street_range(s.id, s.hands, index, RULES.deal.community[index])
end

function FairDeal.apply_rolls()
	local s, current = session(), hand()
	while current and current.phase ~= Phase.OVER and current:next_street() do
		local index = street_index(current:next_street())
		local dice = s.rolls[index]
		if not dice or (s.mode == "guided" and current.phase ~= Phase.ROLL) then break end
		local street = current:next_street() -- (its name, for the hand log)
		local events, reason = current:act(current:dealer_name(), current:next_street(), nil, dice)
		if not events then say(Text.safe(reason, Text.LINE)) break end
		HandLog.street(s, index, current:dealer_name(), street, dice, s.fair.lines[index])
		-- Every client keeps the table's record: whoever becomes host can hand it on.
		s.log[#s.log + 1] = { "ROLLED", { table = s.id, hand = s.hands,
			street = index, dice = Dice.encode(dice) } }
		ns.Takeover.arm_timeout()
		game().after(events)
		if not session() then return end
	end
	game().drain()
end

local namesakes = Rolls.namesakes -- (two group members a roll line could be from)

-- Which street's range this is, if any.
local function street_of(low, high)
	for index in ipairs(RULES.deal.community) do
		local first, last = street_range(index)
		if low == first and high == last then return index end
	end
end

function FairDeal.roll_line(text)
	local s = session()
	if not s then -- the last few, for when the snapshot is in
		Rolls.keep_unread(text)
	end
	if not s or not hand() then return end
	local name, value, low, high = Dice.parse_roll(text)
	if not name then return end
	-- A line another group member of that name could have made is nobody's roll.
	if namesakes(name) then
		local one, other = namesakes(name)
		if not s.warned[name] then
			s.warned[name] = true
			say(L.NAMESAKES:format(Text.safe(one), Text.safe(other)))
		end
		return
	end
	local fair, seedlike = s.fair, high - low + 1 == Fair.SEED_WIDTH
	local index = not seedlike and street_of(low, high)
	if not (seedlike or index) then return end -- anyone's roll of some other range
	ns.Witness.line(s, text) -- (read again after a /reload or a dropped copy)
	if name ~= Ambiguate(hand():dealer_name(), "short") and not (seedlike and fair.dealt[name]) then
		if #fair.others < 40 then fair.others[#fair.others + 1] = text end
		return
	end
	HandLog.heard(s, { value, low, high, name }, index or nil)
	if seedlike then
		-- Perhaps the seed: kept until the set's hash gives the seed's range (bind_seed).
		if not fair.seed then fair.seed_lines[#fair.seed_lines + 1] = { value, low, high, name } end
		FairDeal.bind_seed()
	elseif not s.rolls[index] then -- the first one binds
		s.rolls[index] = Dice.from_roll(value, low, RULES.deal.community[index])
		fair.lines[index] = { value, low, high, name } -- for the hand log
		FairDeal.apply_rolls()
	end
end

------------------------------------------------------------------------------
-- What the slash commands call.

function FairDeal.start()
	local s = session()
	if not s then say(L.NO_TABLE) return end
	local one, other = namesakes()
	if one then say(L.NAMESAKES:format(Text.safe(one), Text.safe(other))) return end
	local me = Comm.me()
	if s.host ~= me then say(L.ONLY_HOST:format(short(s.host))) return end
	local current = hand()
	if current and current.phase ~= Phase.OVER then say("The hand is not over yet.") return end
	-- The deal moves one seat left each hand, past players with nothing left.
	local dealer = s.dealer
	if s.hands > 0 then
		local index = 1
		for i, name in ipairs(s.seats) do if name == dealer then index = i end end
		for step = 1, #s.seats do
			local name = s.seats[(index - 1 + step) % #s.seats + 1]
			if s.banks[name] > 0 then dealer = name break end
		end
	end
	game().accept(dealer, "start")
end

-- The dealer's street: checked like any action, then rolled by the server.
function FairDeal.street(name)
	if not session() then say(L.NO_TABLE) return end
	local index = street_index(name)
	local placeholder = {}
	for i = 1, RULES.deal.community[index] do placeholder[i] = 1 end
	local reason = game().refusal(Comm.me(), name, nil, placeholder)
	if reason then say(Text.safe(reason, Text.LINE)) return end
	RandomRoll(street_range(index))
end
