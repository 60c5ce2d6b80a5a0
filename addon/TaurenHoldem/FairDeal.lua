-- A guided table's fair deal, seen from one client: the commitments and the closed set, the
-- seed's roll, the streets' rolls and who makes them, the table's own orders for them (start,
-- commit, close, dealer, void), and the commands that set them off (/tdeal, the streets,
-- start). Actions.lua and Game.lua (loaded after it) receive it and hand back, through ns.Game,
-- what the table keeps: the session, the hand, its sequencing.
local _, ns = ...

local Phase = ns.Holdem.Phase

local L, Dice, Fair, Text = ns.L, ns.Dice, ns.Fair, ns.Text
local HandLog, Ledger, Rolls, Rollers = ns.HandLog, ns.Ledger, ns.Rolls, ns.Rollers
local Comm, Restricted = ns.Comm, ns.Restricted
local RULES = ns.Rules

local FairDeal = {}
ns.FairDeal = FairDeal

-- The table (Game.lua, Actions.lua), loaded after this file: read when a function runs. The
-- open table itself is bound here (core/Session.lua), as Game has it.
local function game() return ns.Game end
-- (Read as `bound` itself, not through a function: maybe_close alone is asked at every action.)
local bound -- the open table, if any
ns.Session.bind(function(new) bound = new end)
local function hand() return bound and bound.engine and bound.engine.hand end
local function short(name) return ns.Game.short(name) end
local function say(line) return ns.Game.say(line) end

------------------------------------------------------------------------------
-- The commitments and the closed set.

-- The host closes the set once everyone still in the hand has committed.
-- With `anyway` (the commit time is up), it closes with the commitments it has: whoever has
-- none will have no dice, and their hand is dead at the showdown.
function FairDeal.maybe_close(anyway)
	local s = bound
	local fair = s.fair
	if fair.set_hash then return end -- (closed: the common case, looked at first)
	local current = hand()
	if s.host ~= Comm.me() or not current or current.phase == Phase.OVER then return end
	local list, flags = {}, { "s" } -- flags: which seats' commitments the set holds
	local commits, in_hand = fair.commits, game().in_hand
	for i, seat in ipairs(current.seats) do
		local commitment = commits[seat.name]
		-- (Whether the seat is in the hand asked only of one without a commitment.)
		if not commitment and not anyway and in_hand(current, seat.name) then return end
		if commitment then list[#list + 1] = commitment end
		flags[i + 1] = commitment and "1" or "0"
	end
	if #list == 0 then return end
	-- Its nonce makes the seed's range (Rollers.lua): the host does not roll it.
	game().accept(s.host, "close", table.concat(flags), Fair.set_hash(list), nil, Fair.new_nonce())
end

-- A hand's fair-play state: commitments, the seed, the reveals shown (`shows`) and the verdicts
-- of those checked (`found`: checked as the last show settled, for the log); the roll lines
-- of a seed's or street's width by seated players (`pending`, in the order they came, until
-- the roll they could be for is due: Rollers.find); who rolls each roll (`rollers`), who the
-- host named to deal on (`named`), and who rolled before them for what is due (`dealt`: their
-- line still counts, as it can come after the order naming the next); the street lines bound.
function FairDeal.new_fair()
	return { commits = {}, dead = {}, verdicts = {}, shows = {}, found = {}, pending = {}, dealt = {},
		rollers = {}, ranges = {}, lines = {}, kept_by = {} }
end

-- Who rolls what is due now, and where: Rollers.lua.
function FairDeal.roller()
	local s = bound
	return s and Rollers.roller(s, hand())
end

-- Who stands in for that roller (the host names them when the roll is late or its roller gone).
function FairDeal.next_roller()
	local s = bound
	return s and Rollers.next_roller(s, hand())
end

-- The seed is its roller's first roll of the range the set's hash, the hand and the close's
-- nonce give (Rollers.range), less its low end. The roll line and the close may come in
-- either order, so roll lines wait in `pending` until the range is known; a roll made before
-- the close (a dice addon's, anyone's own /roll) could not know it. Failing a line, the seed
-- the host attests in a snapshot. Then this player's dice are known, to them alone.
function FairDeal.bind_seed()
	local s = bound
	local fair = s.fair
	if fair.seed or not fair.set_hash then return end
	local roller = Rollers.roller(s, hand())
	local line, low = Rollers.find(s, "seed", roller)
	if line then
		fair.seed, fair.seen, fair.dealt = line[1] - low, true, {} -- seen rolled, not on trust
		local nonce, closer = Rollers.moment(s, "seed")
		HandLog.seed(s, line, nil, { nonce = nonce, closer = closer, by = roller })
	end
	if not fair.seed and fair.attested_seed then -- the host's word, marked so here and in the log
		HandLog.seed(s, nil, fair.attested_seed)
		ns.CatchUp.note(L.AWAY_SEED:format(s.hands, short(s.host)))
	end
	fair.seed = fair.seed or fair.attested_seed
	if not fair.seed then return end
	s.log[#s.log + 1] = { "SEED", { table = s.id, hand = s.hands, seed = fair.seed } }
	-- The seed's roll ends its deadline: the next one (a bet's) counts from here, everywhere.
	ns.Takeover.moved()
	ns.Takeover.arm_timeout()
	game().my_dice()
	if hand() and hand().phase == Phase.SHOWDOWN then game().after({}) end -- a reveal waiting on it
	FairDeal.deal_in()
end

-- The roller's roll of what is due (the seed, a street), by itself: a moment after the message
-- that made it due, so that message is everywhere before the roll line (a client that has the
-- line first keeps it until the range is known). Once a roll, even across a /reload (the
-- first line binds), so a table nobody types at still moves on. (A client replaying a
-- snapshot does not: it rolls, if still due, once caught up.)
function FairDeal.roll_soon()
	local s, current = bound, hand()
	if not s or s.catching_up or not current then return end
	local key = Rollers.due(s, current)
	if key == nil or (key ~= "seed" and s.mode ~= "guided") then return end
	if Rollers.roller(s, current) ~= Comm.me() then return end
	local mark, db = game().hand_id() .. "/" .. key, game().db()
	if db.rolled[Comm.me()] == mark or s.fair.rolling == mark then return end
	s.fair.rolling = mark
	C_Timer.After(0.5, function()
		local now = bound
		if not (now and hand() and game().hand_id() .. "/" .. tostring((Rollers.due(now, hand()))) == mark)
			or now.fair.rolling ~= mark then return end
		now.fair.rolling = nil
		-- (Rolled once out, if still due, or once the host is: on_resume.)
		if Restricted.paused or Restricted.away(now.host) then return end
		if Rollers.roller(now, hand()) == Comm.me() and db.rolled[Comm.me()] ~= mark then
			db.rolled[Comm.me()] = mark
			RandomRoll(Rollers.range(now, key))
		end
	end)
end

-- Why this player may not commit now, or nil.
function FairDeal.commit_refusal(player)
	local current = hand()
	if not current or current.phase == Phase.OVER then return "no hand is being played" end
	if bound.fair.commits[player] then return short(player) .. " has already rolled" end
	-- (A seat of this hand: the deal may have sat it out already.)
	local dealt = ns.Pots.find(current.seats, player) ~= nil
	if bound.fair.set_hash and dealt then return L.LATE_DEAL end
	if not game().in_hand(current, player) then return short(player) .. " is not in this hand" end
end

-- Why a betting command is refused now (the deal not done: the set open, or its seed not
-- rolled yet), or nil.
function FairDeal.betting_refusal()
	local s, current = bound, hand()
	if not (current and current.phase == Phase.DEAL) then return nil end
	if not s.fair.set_hash then return L.DEAL_NOT_CLOSED end
	return L.SEED_NOT_ROLLED:format(short(Rollers.roller(s, current)))
end

-- What a guided hand waits for while it is dealt (the status line), and who rolls next.
function FairDeal.waiting()
	local s, current = bound, hand()
	if not current then return nil end
	if current.phase == Phase.DEAL and not s.fair.set_hash then
		local missing = {}
		for _, seat in ipairs(current.seats) do
			if not s.fair.commits[seat.name] then missing[#missing + 1] = short(seat.name) end
		end
		return { where = L.WAITING_DEAL:format(table.concat(missing, ", ")) }
	elseif current.phase == Phase.DEAL then
		return { where = L.WAITING_SEED:format(short(Rollers.roller(s, current))) }
	end
	return { roller = Rollers.roller(s, current) }
end

-- The set is closed and its seed bound (or it holds fewer than two: no seed needed): the
-- players whose commitments it holds are dealt in, every client alike, and the betting opens
-- (antes and blinds among them); the others sit the hand out, posting nothing. Fewer than two:
-- the hand is void, nothing lost. Both are in the record (the close, the seed), so a client
-- catching up deals the same.
function FairDeal.deal_in()
	local s, current = bound, hand()
	if not (current and current.phase == Phase.DEAL and s.fair.held) then return end
	if #s.fair.held >= 2 and not s.fair.seed then return end
	local events, reason = current:deal_in(s.fair.held)
	if not events then say(Text.safe(reason, Text.LINE)) return end
	HandLog.action(s, current:dealer_name(), "deal", nil, table.concat(s.fair.held, ","))
	ns.Takeover.moved()
	ns.Takeover.arm_timeout()
	game().after(events)
	if bound then game().drain() end -- turns that came before the deal
	if bound then FairDeal.roll_soon() end -- (everyone all-in from the blinds: the flop)
end

------------------------------------------------------------------------------
-- The table's own orders for the deal (Actions.lua's ORDERS takes them).

local ORDERS = {}
FairDeal.ORDERS = ORDERS

ORDERS.commit = function(player, amount, target, dice)
	-- The commitment came in the player's own request.
	local s = bound
	s.fair.commits[player] = target or game().heard(s.hands)[player]
	HandLog.commit(s, player, s.fair.commits[player])
	say(L.ROLLS_UNDER_BOX:format(short(player), game().pronoun(player)))
	FairDeal.maybe_close()
end

ORDERS.close = function(player, amount, target, dice)
	-- The set holds exactly the commitments the host names, heard from their players.
	local s = bound
	local flags = type(amount) == "string" and amount or ""
	local holds = {} -- whose commitments, in seat order, for the hand log
	local heard = game().heard(s.hands) -- (looked up once, not once a seat)
	for i, seat in ipairs(hand().seats) do
		local held = flags:sub(i + 1, i + 1) == "1"
		s.fair.commits[seat.name] = held and heard[seat.name] or nil
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
	-- (The close's sender, the host then, as the order names it, never rolls the seed.)
	s.fair.set_hash, s.fair.closer = target, player ~= "" and player or s.host
	s.fair.held = holds
	HandLog.close(s, target, holds, s.fair.commits, Rollers.moment(s, "seed"))
	if #holds < 2 then return FairDeal.deal_in() end -- no hand to play: void, no seed
	FairDeal.roll_soon()
	FairDeal.bind_seed()
end

-- The roller is gone, or did not roll in time: the host names who deals on (rolls what is due,
-- and the rest of the hand, unless they sent a roll's moment). The button stays.
ORDERS.dealer = function(player, amount, target, dice)
	local s, current = bound, hand()
	local gone, seat = Rollers.roller(s, current), false
	for _, each in ipairs(current.seats) do seat = seat or each.name == target end
	if not seat or target == gone then return end -- not a player in this hand
	s.fair.named, s.fair.rollers = target, {}
	HandLog.action(s, target, "dealer")
	s.fair.dealt[Ambiguate(gone, "short")] = true
	say(L.DEALS_ON:format(short(gone), short(target)))
	FairDeal.bind_seed() -- a roll by the new roller heard before this order: read it now
	FairDeal.roll_soon()
	game().after({})
	FairDeal.apply_rolls()
end

ORDERS.void = function(player, amount, target, dice)
	-- Nobody committed in time: nobody has dice, so the hand is void, every bet back.
	local s = bound
	Ledger.void(s)
	HandLog.void(s, s.before_hand)
	say(L.VOID:format(s.hands))
	game().rebuild()
end

ORDERS.start = function(player, amount, target, dice)
	-- The record a catching-up player replays restarts with each hand: where the table
	-- stood before it (BASE), then this hand's own messages, from the start on.
	local s = bound
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
	-- A guided hand opens in its deal phase: nothing posted, no bet taken until the set closes
	-- and its seed binds (deal_in).
	local started, reason = s.engine:new_hand(nil, s.mode == "guided", s.hands)
	if not started then say(Text.safe(reason, Text.LINE)) return end
	HandLog.start(s, started, s.before_hand)
	say(L.NEW_HAND:format(s.hands, short(player)))
	game().after(started.events)
end

------------------------------------------------------------------------------
-- Community dice come from the server's /roll: the street's roller rolls its range, exactly
-- faces^k wide (Rollers.lua); every client reads the dice from the first roll line by the
-- roller with that range, and applies the street when its engine is ready.

local street_index = Rollers.street_index

-- A guided table's street now due, from the lines kept, once its range is known.
local function bind_street(s, current, index)
	if s.rolls[index] or Rollers.due(s, current) ~= index then return end
	local roller = Rollers.roller(s, current)
	local line, low = Rollers.find(s, index, roller)
	if not line then return end
	s.rolls[index] = Dice.from_roll(line[1], low, RULES.deal.community[index])
	local nonce, closer = Rollers.moment(s, index)
	s.fair.lines[index] = { line[1], line[2], line[3], line[4], nonce = nonce, closer = closer,
		by = roller } -- for the hand log
	s.fair.dealt = {}
end

function FairDeal.apply_rolls()
	local s, current = bound, hand()
	-- (A guided hand takes a street only in its roll phase: while betting, nothing to look at.)
	local rolling = current and (s.mode ~= "guided" or current.phase == Phase.ROLL)
	while rolling and current.phase ~= Phase.OVER and current:next_street() do
		local index = street_index(current:next_street())
		if s.mode == "guided" then bind_street(s, current, index) end
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
		if not bound then return end
	end
	game().drain()
	FairDeal.roll_soon() -- the roller of a street now due rolls it, a moment on
end

local namesakes = Rolls.namesakes -- (two group members a roll line could be from)

-- Which street's fixed range this is, if any (a manual table's).
local function street_of(low, high)
	local s = bound
	for index in ipairs(RULES.deal.community) do
		local first, last = Dice.street_range(s.id, s.hands, index, RULES.deal.community[index])
		if low == first and high == last then return index end
	end
end

-- Whether a roll line's name is a seated player's (only theirs can be anyone's roll here).
-- (The seats' short names made again only when the seats have changed: every line asks.)
local shorts_of, shorts = {}, {}
local function seated_short(s, name)
	local count, same = 0, true
	for i, seat in ipairs(s.seats) do
		count = i
		if shorts_of[i] ~= seat then same = false break end
	end
	if not same or count ~= #shorts_of then
		shorts_of, shorts = {}, {}
		for i, seat in ipairs(s.seats) do
			local alone = Ambiguate(seat, "short")
			shorts_of[i] = seat
			if alone ~= nil then shorts[alone] = true end
		end
	end
	return shorts[name] == true
end

local KEPT = 100

function FairDeal.roll_line(text)
	-- In restricted content the line is secret: not read (the catching up once out reads it).
	if Restricted.secret(text) then return Restricted.missed() end
	local s = bound
	if not s then -- the last few, for when the snapshot is in
		Rolls.keep_unread(text)
	end
	if not s or not hand() then return end
	local name, value, low, high = Dice.parse_roll(text)
	if not name then return end
	-- A line another group member of that name could have made is nobody's roll.
	local one, other = namesakes(name)
	if one then
		if not s.warned[name] then
			s.warned[name] = true
			say(L.NAMESAKES:format(Text.safe(one), Text.safe(other)))
		end
		return
	end
	local fair, seedlike = s.fair, high - low + 1 == Fair.SEED_WIDTH
	local index = s.mode ~= "guided" and not seedlike and street_of(low, high)
	if not (index or Rollers.rolls_width(low, high) and (seedlike or s.mode == "guided"))
		or not seated_short(s, name) then return end -- anyone's roll of some other range
	ns.Witness.line(s, text) -- (read again after a /reload or a dropped copy)
	HandLog.heard(s, { value, low, high, name }, index or nil)
	if index then -- a manual table's street: the dealer's first line of its range binds
		if name == Ambiguate(Rollers.roller(s, hand()), "short") and not s.rolls[index] then
			s.rolls[index] = Dice.from_roll(value, low, RULES.deal.community[index])
			fair.lines[index] = { value, low, high, name }
			FairDeal.apply_rolls()
		end
		return
	end
	-- Kept until the roll it could be for is due (at most KEPT a player a hand: a flood of
	-- rolls, a dice addon's, costs only its own player's later lines).
	local kept = fair.kept_by[name] or 0
	if kept >= KEPT then return end
	fair.kept_by[name] = kept + 1
	local line = { value, low, high, name }
	fair.pending[#fair.pending + 1] = line
	-- Due here already, with its range known: the roller's line of its width in another range
	-- came before the roller's roll of it (the server's lines keep their order), so it was made
	-- before its moment or in a wrong range. It never binds, and is no retry: named once.
	local key = Rollers.due(s, hand())
	local due = key and (key == "seed" or s.mode == "guided") and Rollers.width(key) == high - low + 1
		and name == Ambiguate(Rollers.roller(s, hand()), "short")
	if seedlike then FairDeal.bind_seed() else FairDeal.apply_rolls() end
	if due and not line.used and bound == s then
		local first, last = Rollers.range(s, key)
		say(L.WRONG_RANGE:format(short(name), low, high, key == "seed" and "seed" or
			RULES.deal.streets[key], first, last))
	end
end

------------------------------------------------------------------------------
-- What the slash commands call.

function FairDeal.start()
	local s = bound
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

-- A street's command (/tflop, ...): at a guided table, the street's roller rolls its range
-- now (if the automatic roll has not gone yet); anyone else is told who rolls it. At a manual
-- table, the dealer's roll, checked like any action.
function FairDeal.street(name)
	local s = bound
	if not s then say(L.NO_TABLE) return end
	local index, current = street_index(name), hand()
	local placeholder = {}
	for i = 1, RULES.deal.community[index] do placeholder[i] = 1 end
	local live = current and current.phase ~= Phase.OVER
	if s.mode ~= "guided" or not live then
		local reason = game().refusal(Comm.me(), name, nil, placeholder)
		if reason then say(Text.safe(reason, Text.LINE)) return end
		RandomRoll(Rollers.range(s, index))
		return
	end
	if index <= #current.community then say(L.STREET_OUT:format(name)) return end
	if Rollers.due(s, current) ~= index then -- (the engine's words for what the hand waits on)
		return say(Text.safe(L.NOT_DUE:format(Comm.me(), name, current:_waiting_for()), Text.LINE))
	end
	local roller, mark, db = Rollers.roller(s, current), game().hand_id() .. "/" .. index, game().db()
	if roller ~= Comm.me() then
		local _, closer = Rollers.moment(s, index)
		return say((closer == Comm.me() and L.ROLLER_NOT_YOU or L.ROLLER_IS):format(short(roller), name))
	end
	if db.rolled[Comm.me()] == mark then return say(L.ROLLED_ALREADY:format(name)) end
	db.rolled[Comm.me()] = mark
	RandomRoll(Rollers.range(s, index))
end

-- Out of restricted content: a roll it owes and did not make while paused, if still due.
Restricted.on_resume(function() FairDeal.roll_soon() end)
