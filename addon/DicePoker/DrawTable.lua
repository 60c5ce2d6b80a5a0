-- A draw game's table flow (the one every draw game plays on): what it answers the table core
-- (core/Session.lua, Record.lua, Heartbeat.lua, Takeover.lua, CatchUp.lua; the interface is
-- docs/addon.md's "The table core and a game flow"). The host's orders are seat, unseat and
-- start (a round; its starting seat moves one place each round); a player's own actions go
-- as TURNs (a keep, with its dice); every die is the player's own open /roll, bound as
-- OpenRolls.lua says, and applied by every client as a step of its own, in order. Nothing here
-- knows one game from another: the game's file hands its engine and its words in (use).
local _, ns = ...

local L, Dice, Comm, Text, Session, Record = ns.L, ns.Dice, ns.Comm, ns.Text, ns.Session, ns.Record
local Ledger, OpenRolls, Rolls, Restricted = ns.Ledger, ns.OpenRolls, ns.Rolls, ns.Restricted
local RULES = ns.Rules

local DrawTable = {}
ns.DrawTable = DrawTable
-- What another file of the game hangs on the table's rounds (a tournament's, say), each if it
-- likes: `deal(seats, at, trial)` (the seats a round is dealt, its starter, and a target of its
-- own, which the host's start then does not name; `trial`: the host's, before its order) and
-- `over(round)` (a round just ended, once).
local hooks = {}
DrawTable.hooks = hooks

-- A draw game's TURN: the core's fields, then the dice a keep names (Record.lua hands them on).
ns.Messages.declare("TURN", { "table", "hand:n", "step:n", "op", "player", "amount:n", "streets:n",
	"nonce", "by", "dice" })

-- A roll is made this long after its client began awaiting it: the announcement it follows
-- (a keep, a round's start) travels as an addon message, slower than the server's roll line,
-- and a line that comes before a client awaits it never counts there.
local ROLL_GRACE = 1.5
DrawTable.ROLL_GRACE = ROLL_GRACE

local session -- the open table (flow.bind)
local db -- the SavedVariables table (flow.attach)
local game -- the game: its engine, its keep and stand, its words (DrawTable.use)
local Flow = {} -- what Session.use is given

local say, short, number_or_text = Session.say, Session.short, Session.number_or_text

------------------------------------------------------------------------------
-- The round.

local function round() return session and session.round end
local function live()
	local current = round()
	return current and not current:over() and current or nil
end

local function seat_index(name)
	return ns.Lists.index(session.seats, name)
end

-- The banks as they stand: the session's, and the round's seats while it is in play. (The
-- ledger reads them: Ledger.remember.)
local Banks = {}
function Banks.banks()
	local out = {}
	for name, bank in pairs(session.banks) do out[name] = bank end
	local current = live()
	for _, seat in ipairs(current and current.seats or {}) do out[seat.name] = seat.bank end
	return out
end

local function banks_digest()
	local sum, banks = 0, Banks.banks()
	for i, name in ipairs(session.seats) do
		sum = (sum + i * 7919 * ((banks[name] or 0) + 1)) % 1000000007
	end
	return tostring(sum)
end

-- What the engine would answer, on a copy: nil, or the reason it refuses.
local function copy(value, seen)
	if type(value) ~= "table" then return value end
	if seen[value] then return seen[value] end
	local out = {}
	seen[value] = out
	for key, item in pairs(value) do out[copy(key, seen)] = copy(item, seen) end
	return setmetatable(out, getmetatable(value))
end

local function refusal(player, op, dice, amount)
	local current = live()
	if not current then return L.ROUND_OVER end
	if game.refusal then return game.refusal(current, player, op, dice, amount) end -- (no copy)
	local kept = { [ns.Rules] = ns.Rules } -- (the game's data, not copied)
	if ns.Hands then kept[ns.Hands] = ns.Hands end
	local trial = copy(current, kept)
	local events, reason = trial:act(player, op, dice, amount)
	if not events then return reason end
end

-- The full name a roll line's name stands for: a seat of the round's, unless another group
-- member shares that name (then the line could be theirs: nobody's here, and named once).
local function whose(name)
	for _, seat in ipairs(session.seats) do
		if Ambiguate(seat, "short") == name then
			local one, other = Rolls.namesakes(name)
			if one then
				if not session.warned[name] then
					session.warned[name] = true
					say(L.NAMESAKES:format(Text.safe(one), Text.safe(other)))
				end
				return nil
			end
			return seat
		end
	end
end

-- The roll the round wants now, awaited from here on (a line before this never counts).
local function await()
	local current = live()
	if not current or not session.watch then return end
	local name, count = current:wanted()
	if not name then return end
	local roll = current:rolled(name) + 1
	local awaited = session.watch.awaited
	if awaited and awaited.player == name and awaited.roll == roll then return end
	session.watch:await(name, roll, count)
	session.awaiting_since = GetTime()
end

------------------------------------------------------------------------------
-- After every step: the lines, whose roll or keep it is, the banks.

local function where()
	local current = round()
	if not current then return L.NO_ROUND end
	if current:over() then return L.ROUND_OVER end
	local name, count = current:wanted()
	if name then
		local low, high = session.watch:range()
		return L.TO_ROLL:format(short(name), count, low or 0, high or 0)
	end
	-- (What the player to act decides now is the game's to word: a keep, an ante, a raise...)
	return game.waiting and game.waiting(current, short) or L.TO_KEEP:format(short(current:to_act()))
end

local function status_line()
	local banks, held = {}, Banks.banks()
	for i, name in ipairs(session.seats) do banks[i] = short(name) .. " " .. (held[name] or 0) end
	return L.STATUS:format(session.hands, where(), table.concat(banks, ", "))
end

local function after(events)
	ns.Takeover.moved() -- a timeout counts from here
	for _, event in ipairs(events) do say(Text.safe(event.text, Text.LINE)) end
	local current = round()
	if current and current:over() and not current.banked then
		current.banked = true -- the round's banks are the table's now
		for _, seat in ipairs(current.seats) do session.banks[seat.name] = seat.bank end
		if hooks.over then hooks.over(current) end
	end
	await()
	Ledger.remember(session)
	if game.after and live() then game.after(live(), session) end -- (a long game's checkpoint)
	current = live()
	if not current or session.catching_up or current:to_act() ~= Comm.me() then return end
	if current:wanted() then
		local low, high = session.watch:range()
		say(L.YOUR_ROLL:format(low, high))
	else
		say(game.keep_prompt(current))
	end
end

------------------------------------------------------------------------------
-- Rolls: each client applies the round's bound rolls in order, as a step of its own (no
-- order needed: every client read the same server line). Each goes in the record as ROLLED,
-- so a client catching up takes the host's word for the rolls it did not see.

local function next_roll()
	local current = live()
	if not current then return false end
	local name, count = current:wanted()
	if not name then return false end
	local number, awaited = session.applied + 1, session.watch.awaited
	local dice = session.rolls[number]
	local this_roll = awaited and awaited.player == name and awaited.roll == current:rolled(name) + 1
	if not dice and this_roll and not session.catching_up then
		dice = session.watch:take()
		session.rolls[number] = dice
	elseif dice and this_roll then
		session.watch:forget() -- (the record's word: its line, if it comes, is a repeat)
	end
	if not dice then return false end
	if #dice ~= count then -- (the host's word for a roll that does not fit: out of step)
		Record.resync()
		return false
	end
	local events, reason = current:act(name, game.roll_op(current), dice)
	if not events then
		say(Text.safe(reason, Text.LINE))
		Record.resync()
		return false
	end
	session.applied = number
	session.log[#session.log + 1] = { "ROLLED", { table = session.id, hand = session.hands,
		street = number, dice = Dice.encode(dice) } }
	after(events)
	ns.Takeover.arm_timeout()
	return true
end

-- A server line: a roll, if it is the awaited one's (then applied by the record's drain).
-- Lines heard with no table, or while a snapshot replays, are read once it is in.
local function roll_line(text, quietly)
	if Restricted.secret(text) then return Restricted.missed() end
	if not session or session.catching_up then return Rolls.keep_unread(text) end
	if not live() or not session.watch then return end
	local name, value, low, high = Dice.parse_roll(text)
	if not name then return end
	local said = session.watch:line(name, value, low, high)
	if said == "bound" then
		ns.Witness.line(session, text) -- (read again after a /reload or a dropped copy)
		Record.drain()
	elseif said == "wrong" and not quietly then
		local first, last = session.watch:range()
		say(L.WRONG_RANGE:format(short(whose(name) or name), low, high, first, last))
	elseif said == "repeat" and not quietly then
		say(L.REPEATED:format(short(whose(name) or name)))
	end
end

------------------------------------------------------------------------------
-- The host's orders: seat, unseat, start. Each applies alike at every client, in sequence.

local ORDERS = {}

ORDERS.seat = function(player, amount)
	session.seats[#session.seats + 1] = player
	Session.seats_changed()
	-- The joiner's own claim (its ACT join, heard here), checked against this client's record.
	local bank = Ledger.confirmed(player, session.claims[player] or amount)
	if session.catching_up then bank = ns.CatchUp.confirmed(player, tonumber(amount) or bank) end
	if not session.catching_up and tonumber(amount) ~= bank then
		say(L.BANK_NOT_CONFIRMED:format(short(player), tonumber(amount) or 0, bank))
	end
	session.banks[player] = bank
	Ledger.seated(session, player, bank)
	if not session.catching_up then ns.CatchUp.know_host(session.host) end
	say(L.SEATED:format(short(player), bank, RULES.table.currency))
end

ORDERS.unseat = function(player)
	local index = seat_index(player)
	if index then table.remove(session.seats, index) Session.seats_changed() end
	if session.dealer == player then session.dealer = session.host end
	say(L.LEFT:format(short(player)))
end

-- The least bank a seat is dealt in with: the game's (game.least_bank), else any chips.
local function least_bank()
	return game.least_bank and game.least_bank() or 1
end

-- The round's seats: every seat with at least the least bank, in seat order (as the Python
-- table deals them), and the starter's place among them (and a target, if hooks.deal deals).
local function dealt_in(starter, trial)
	local seats, at, least = {}, nil, least_bank()
	for _, name in ipairs(session.seats) do
		local bank = session.banks[name] or 0
		if bank >= least then
			seats[#seats + 1] = { name = name, bank = bank, committed = 0, status = "active" }
			if name == starter then at = #seats end
		end
	end
	if hooks.deal then return hooks.deal(seats, at or 1, trial) end
	return seats, at or 1
end

ORDERS.start = function(player, _, target)
	-- The record a catching-up player replays restarts with each round: where the table stood
	-- before it (BASE), then this round's own messages.
	local stood = { table = session.id, seq = session.seq - 1, hands = session.hands,
		dealer = session.dealer, seats = {} }
	for _, name in ipairs(session.seats) do
		stood.seats[#stood.seats + 1] = name .. "=" .. (session.banks[name] or 0)
	end
	session.log = { { "BASE", stood }, session.log[#session.log] }
	session.dealer, session.hands, session.steps = player, session.hands + 1, 0
	session.rolls, session.applied = {}, 0
	session.did[session.hands - 2], session.turns[session.hands - 1] = nil, nil -- long past
	Ledger.hand_starts(session)
	local seats, at, own = dealt_in(player)
	local started, reason = game.new_round(seats, at, own or target) -- (target: what the game deals)
	session.round = started
	if not started then return say(Text.safe(reason, Text.LINE)) end
	session.watch = OpenRolls.watch(session.id, session.hands, whose)
	say(L.NEW_ROUND:format(session.hands, short(player)))
	after(started.events)
end

-- The host: apply and broadcast (a draw table's orders are all its own: the engine's actions
-- are the players' turns and rolls).
local function accept(player, op, amount, target, dice)
	if not ORDERS[op] then return L.NO_REQUEST end
	session.seq = session.seq + 1
	local order = { table = session.id, seq = session.seq, op = op, player = player, amount = amount,
		target = target, dice = dice, streets = live() and session.applied or 0, steps = session.steps }
	Comm.send("DO", order)
	session.log[#session.log + 1] = { "DO", order } -- for a player who has to catch up
	ORDERS[op](player, amount, target, dice)
	ns.Takeover.arm_timeout()
end

local host_orders = { seat = true, unseat = true, start = true }

------------------------------------------------------------------------------
-- A player's turn (Record.lua applies it in step order): a keep with its dice, or the host's
-- stand for a player whose time ran out (amount: the rolls the host had bound; a roll bound
-- here that the host never had makes its record the one that counts).

local function act(player, op, amount, dice)
	local current = live()
	if not current then return nil end
	if op == "stand" then
		if tonumber(amount) ~= session.applied then return nil end
		local before = #current.events
		local ok = game.stand(current, player)
		if not ok then return nil end
		local made = {}
		for i = before + 1, #current.events do made[#made + 1] = current.events[i] end
		return made
	end
	if not game.TURN_OPS[op] then return nil end
	local faces = {}
	if dice then
		faces = Dice.decode(dice)
		if not faces then return nil end
	end
	return current:act(player, op, faces, tonumber(amount)) -- (a game that bets reads the amount)
end

------------------------------------------------------------------------------
-- The flow, as the table core asks for it (docs/addon.md): the hold'em-only parts (its
-- commitments, reveals, seed and shared rolls' roller) answer empty here.

local function heard(number)
	session.heard[number] = session.heard[number] or {}
	return session.heard[number]
end
local function revealed(number)
	session.revealed[number] = session.revealed[number] or {}
	return session.revealed[number]
end
local function nothing() end
local function no() return false end

Flow.host_orders, Flow.steps = host_orders, { next_roll }
function Flow.bind(new) session = new end
function Flow.dropped() end
function Flow.attach(saved)
	db = saved
	db.secrets = db.secrets or {} -- (the core asks; a draw game keeps no secret)
end
function Flow.setup(opened)
	opened.mode_settings, opened.heard, opened.revealed = {}, {}, {}
	opened.rolls, opened.applied, opened.engine = {}, 0, Banks
	return true
end
function Flow.shown(line)
	return Session.settings().ascii and Dice.ascii(line) or line
end
Flow.live, Flow.hand = live, round
function Flow.to_act()
	local current = live()
	return current and current:to_act()
end
-- "roll" while a roll is awaited, "turn" while a keep is; nil with no round in play.
function Flow.stage()
	local current = live()
	if not current then return nil end
	return current:wanted() and "roll" or "turn"
end
function Flow.awaited() return { Flow.to_act() } end
function Flow.streets() return live() and session.applied or 0 end
function Flow.nonce() return nil end
function Flow.max_players() return RULES.table.max_players end
Flow.accept, Flow.act = accept, act
function Flow.turn_taken(events) after(events) end
Flow.settle, Flow.moved, Flow.maybe_close = nothing, nothing, nothing
-- What a timeout does: the player stands (the amount: the rolls this host had bound then).
function Flow.timeout_op() return "stand", session.applied end
function Flow.legal(player)
	local current = live()
	return current and current:legal_actions(player) or {}
end
function Flow.result()
	local current = round()
	if not current or not current:over() then return nil end
	return { payouts = copy(current.payouts, {}), contributions = copy(current.contributions, {}),
		pots = copy(current.final_pots, {}) }
end
function Flow.start() DrawTable.start() end
-- This player's action: a roll is the open /roll; anything else a turn.
function Flow.request(op, amount, _, dice)
	if op == game.roll_op(live() or {}) and live() and live():wanted() == Comm.me() then
		return DrawTable.roll()
	end
	DrawTable.turn(op, dice, amount)
end
-- Ordering: a round starts only once this client's last one is over too.
function Flow.order_waits(item)
	if item.op == "start" and live() then return true end
	return live() ~= nil and session.applied < (item.streets or 0)
end
function Flow.apply_order(item)
	local apply = ORDERS[item.op]
	if apply then apply(item.player, number_or_text(item.amount), item.target, item.dice) end
end
-- The host's beat (as Heartbeat.lua keeps it: `over` a flag) is further on in this round.
function Flow.behind(at)
	local current = live()
	return current ~= nil and (at.over and true or (at.streets or 0) > session.applied)
end
Flow.gap, Flow.asked_again = no, no
function Flow.ask_for() return nil end
-- A player's own word the game keeps (a team, say), else none.
function Flow.own_word(sender, op, request)
	return game.own_word ~= nil and game.own_word(sender, op, request) or false
end
function Flow.host_request() return L.NO_REQUEST end
function Flow.where()
	local current = live()
	return { streets = current and session.applied or 0, over = not current and "over" or nil,
		banks = banks_digest() }
end
-- A client's, of the host's beat: no round in play on either side but other banks: the host's
-- record rules.
function Flow.host_beat(_, at)
	if at.hands == session.hands and at.over == "over" and not live() and at.banks
		and at.banks ~= banks_digest() then
		Record.resync()
		return true
	end
	return false
end
Flow.send_again = nothing
Flow.heard, Flow.revealed, Flow.DEAD = heard, revealed, "-"
function Flow.in_hand(current, name)
	for _, seat in ipairs(current.seats) do if seat.name == name then return true end end
	return false
end
Flow.bind_seed, Flow.roll_seed_soon, Flow.restore_secret = nothing, nothing, nothing
function Flow.apply_rolls() Record.drain() end
-- A replayed roll's dice (the record's ROLLED): as many as a roll may have.
function Flow.shared_dice(_, text)
	local dice = text and Dice.decode(text)
	if dice and #dice >= 1 and #dice <= RULES.deal.dice then return dice end
end
Flow.roll_line = roll_line
function Flow.read_unread_rolls()
	for _, text in ipairs(Rolls.take_unread()) do roll_line(text, true) end
end
function Flow.roller() return nil end
Flow.next_roller = Flow.roller
Flow.my_dice, Flow.after, Flow.status_line, Flow.short, Flow.say = nothing, after, status_line, short, say
function Flow.rebuild() session.round, session.watch = nil, nil end
-- Nobody is left to run the table: a round in play is void (nothing was paid yet: the stakes
-- move only when it ends).
function Flow.void()
	if live() then say(L.VOID:format(session.hands)) end
	Session.drop()
end

-- A game kept across logouts (core/Kept.lua), for a game that says what has been played
-- (game.summary(round), game.extends(saved, now)): the seats and their banks as the round
-- started, then the game's own summary; nil with no round in play.
function Flow.summary()
	local current = live()
	if not (current and game.summary) then return nil end
	local seats = {}
	local start = session.before_hand or session.banks
	for i, name in ipairs(session.seats) do seats[i] = name .. "=" .. (start[name] or 0) end
	return session.hands .. "\n" .. table.concat(seats, ",") .. "\n" .. game.summary(current)
end
-- Whether the summary `now` goes on from `saved`: the same round and seats, and the game's
-- own summary of it goes on from the saved one.
function Flow.extends(saved, now)
	local number, seats, rest = saved:match("^(.-)\n(.-)\n(.*)$")
	local round_now, seats_now, rest_now = now:match("^(.-)\n(.-)\n(.*)$")
	return number ~= nil and number == round_now and seats == seats_now and game.extends(rest, rest_now)
end

-- Whether, past the summary `saved`, `now` has `player` do only what a stand does for him
-- (game.own_steps): his own turns and rolls past the copy he kept are his to vouch for.
function Flow.own_steps(saved, now, player)
	local rest, rest_now = saved:match("^.-\n.-\n(.*)$"), now:match("^.-\n.-\n(.*)$")
	if not game.own_steps then return true end
	return rest ~= nil and rest_now ~= nil and game.own_steps(rest, rest_now, player)
end

-- The game plugs in: `new_round(seats, starter)` (its engine: a round with `seats`, `events`,
-- `payouts`, `contributions`, `final_pots`, `over()`, `to_act()`, `wanted()` (who must roll
-- how many dice now), `rolled(player)` (his rolls this turn), `legal_actions(player)` and
-- `act(player, op, dice, amount)`: events, or nil and why not), `roll_op(round)`, `TURN_OPS`
-- (the ops a player sends as turns), `stand(round, player)` (what a timeout does; true if it
-- did), `lying(round, player)`, `keep_prompt(round)`; and if it likes, `least_bank()` (who is
-- dealt in: any chips else), `next_starter(last_round)` (who starts next: the next seat with
-- chips else), `waiting(round, short)` (the status's "who does what", when no roll is
-- awaited: "X to keep" else), `after(round, session)` (after each step: a long game may
-- shorten its record there) and `refusal(round, player, op, dice, amount)` (why the engine
-- would refuse a turn, checked without a copy of the round), `start_target(seats)` (what the
-- host's start deals besides the seats, its DO's target, or nil and why not; new_round gets it
-- as its third argument) and `own_word(sender, op, request)` (a seated player's own ACT the
-- game keeps: true if it took it). Then the flow plugs into the table core.
function DrawTable.use(the_game)
	game = the_game
	Session.use(Flow)
end

-- What the commands (DrawCommands.lua) use of it.
DrawTable.flow, DrawTable.live, DrawTable.round, DrawTable.status_line = Flow, live, round, status_line
DrawTable.where, DrawTable.refusal, DrawTable.accept, DrawTable.seat_index = where, refusal, accept,
	seat_index
DrawTable.dealt_in, DrawTable.least_bank = dealt_in, least_bank
function DrawTable.session() return session end
function DrawTable.game() return game end
