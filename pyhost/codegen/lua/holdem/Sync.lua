-- Keeping every client's table in step.
--
-- Game.lua plays the table while messages arrive in order. This file handles the rest: a
-- client that lost a message or reloaded catches up from the host's record, the host acts
-- for a player who lets a timeout pass, and a new host takes over when the old one leaves.
local _, ns = ...

local Game, L, Dice, Comm = ns.Game, ns.L, ns.Dice, ns.Comm
local T = Game.internal -- the table's insides, shared with Game.lua

local Sync = {}
ns.Sync = Sync

-- `step()` after `seconds`, then again after each wait `factor` times the last: `times` in
-- all, or until it returns false. (The heartbeat, confirmations and repeated HELLOs.)
local function every(seconds, factor, times, step)
	if times < 1 then return end
	C_Timer.After(seconds, function()
		if step() ~= false then every(seconds * factor, factor, times - 1, step) end
	end)
end

-- Still stuck on the same step a few seconds later: something was lost on the way. Start
-- afresh from the host's snapshot, which replays the whole table quietly.
local GAP_SECONDS, ASKS = 3, 3
-- The host of the table this client last sat at, kept in SavedVariables past a dropped copy
-- or a /reload: a snapshot from anyone else is ignored while that host is still in the group.
local function known_host()
	local db = T.db()
	db.known_host = db.known_host or {}
	return db.known_host[Comm.me()]
end

function Sync.know_host(name)
	local db = T.db()
	db.known_host = db.known_host or {}
	db.known_host[Comm.me()] = name
	db.known_seats = db.known_seats or {}
	local session = T.session()
	db.known_seats[Comm.me()] = session and session.seats or nil
end

-- Whether `sender` may hand this client a snapshot: the known host, or a seat of its table
-- (any seat may become its host while this client's copy is dropped); a watcher never.
local function may_snapshot(sender)
	local known = known_host()
	if not known or sender == known then return true end
	if UnitIsConnected(known) ~= true or UnitInParty(known) ~= true then return true end
	for _, seat in ipairs(T.db().known_seats and T.db().known_seats[Comm.me()] or {}) do
		if seat == sender then return true end
	end
	return false
end

function Sync.watch_gap()
	local session = T.session()
	if session.watching then return end
	session.watching = true
	local function progress(now) return now.seq .. ":" .. now.hands .. ":" .. now.steps end
	local stuck_at, table_id = progress(session), session.id
	C_Timer.After(GAP_SECONDS, function()
		session = T.session()
		if not session or session.id ~= table_id then return end
		session.watching = false
		if session.catching_up then return Sync.watch_gap() end -- a copy still on its way
		if not T.pending() then return end -- caught up in the meantime
		if progress(session) ~= stuck_at then return Sync.watch_gap() end -- moving, if slowly
		session.late = session.hands -- stuck: its clock for timeouts started late this hand
		-- A turn missing: first ask its player to send it again (a few times: the asking or
		-- the answer may be lost too), then start afresh. (The host, which never does, keeps
		-- the asking.)
		if session.asked ~= stuck_at then session.asked, session.asks = stuck_at, 0 end
		local host = session.host == Comm.me()
		if (host or session.asks < ASKS) and T.ask_again() then
			session.asks = session.asks + 1
			if not host or session.asks < 3 * ASKS then return Sync.watch_gap() end
			return
		end
		T.resync()
	end)
end

------------------------------------------------------------------------------
-- The host's heartbeat. A message lost with nothing after it leaves no gap to see: the
-- player it was for waits on a turn everyone else has moved past, while they wait on that
-- player. So once the table has been quiet a while the host says where it stands (a few
-- times, further apart each time, then nothing until the table moves again): a client behind
-- catches up, one whose turn, commitment or reveal the host lacks sends it again, one ahead
-- of the host (a new host who missed an order) takes the host's record.
local BEAT_SECONDS, BEATS = 10, 3
local succeed -- below: who runs the table when its host is gone

-- "s" and a flag per seat of the hand: whose commitments (or reveals) the host has.
local function seat_flags(current, has)
	local flags = { "s" }
	for i, seat in ipairs(current.seats) do flags[i + 1] = has(seat.name) and "1" or "0" end
	return table.concat(flags)
end

local function beat()
	local session, current = T.session(), T.hand()
	local live = current and current.phase ~= "over"
	local commits, shown = "", ""
	if live and not session.fair.set_hash then
		commits = seat_flags(current, function(name) return T.heard(session.hands)[name] end)
	elseif live and current.phase == "showdown" then
		shown = seat_flags(current, function(name) return current.shown[name] ~= nil end)
	end
	Comm.send("AT", { table = session.id, seq = session.seq, hands = session.hands,
		steps = session.steps, streets = live and #current.community or 0, commits = commits,
		shown = shown, over = not live and "over" or nil, seed = session.fair.seed,
		banks = T.banks_digest() })
end

function Sync.arm_beat()
	local session = T.session()
	if not session or session.host ~= Comm.me() then return end
	session.beat = (session.beat or 0) + 1
	local armed = session.beat
	every(BEAT_SECONDS, 2, BEATS, function()
		session = T.session()
		if not session or session.beat ~= armed or session.host ~= Comm.me() then return false end
		beat()
	end)
end

-- This player's own message that the host must hear (a turn, a commitment, a reveal): the
-- host's next heartbeat says whether it has it (and the handler below sends it again if not),
-- or the table moves past it (`arrived`). With neither, the host never heard it and has had
-- nothing to beat about: it goes again, at most BEATS times.
local CONFIRM_SECONDS = BEAT_SECONDS + 2
function Sync.confirm(kind, message, arrived)
	local session = T.session()
	if not session or session.host == Comm.me() then return end
	local sent_at = GetTime()
	every(CONFIRM_SECONDS, 1, BEATS, function()
		if T.session() ~= session or arrived(session) then return false end
		if (session.beat_heard or sent_at) > sent_at then return false end
		Comm.send(kind, message)
	end)
end

-- This client missed the seed (its roll line and the host's SEED): the host's word for it, as
-- its heartbeat or a snapshot's end gives it.
local function adopt_seed(session, value)
	if session.fair.seed or not session.fair.set_hash or not tonumber(value or "") then return end
	session.fair.attested_seed = tonumber(value)
	T.bind_seed()
	T.drain()
end

local last_hello -- when this client last asked
local refused -- the table whose snapshot this client refused (its rules differ): not asked again

local function from_host(sender, message)
	local session = T.session()
	return session and sender == session.host and message.table == session.id
end

-- What the host last said of where it stands (its heartbeat, a snapshot's end): a client
-- short of it is behind, and watches for what is missing.
local function note_host(session, seq, hands, steps, over, streets)
	session.behind = { seq = seq, hands = hands, steps = steps, over = over, streets = streets }
	if T.pending() then Sync.watch_gap() end
end

Comm.on("AT", function(sender, at)
	local session = T.session()
	if not session then
		if Game.foreign_table(at.table) then return end -- a table of other rules: never sits
		refused = nil -- another table's beat: ask it
		-- A client whose catching up was lost on the way asks again (not every beat).
		if not last_hello or GetTime() - last_hello >= BEAT_SECONDS then Sync.hello() end
		return
	end
	if not from_host(sender, at) then return end
	local seq, hands, steps = at.seq, at.hands, at.steps
	if not (seq and hands and steps) then return end
	session.beat_heard = GetTime()
	if session.catching_up then return end -- (see SNAP below)
	if seq < session.seq or hands < session.hands then return T.resync() end -- the host's rules
	-- Two seed rolls (a dealer gone as it rolled, the next one rolling too) may have bound
	-- differently here and at the host: the host's record rules.
	local seed = session.fair.seed
	if hands == session.hands and seed and at.seed and tostring(seed) ~= at.seed then
		return T.resync()
	end
	-- No hand in play on either side (the same one over, or none yet), but other banks: the
	-- host's record rules.
	local current = T.hand()
	if hands == session.hands and at.over == "over" and (not current or current.phase == "over")
		and at.banks and at.banks ~= T.banks_digest() then
		return T.resync()
	end
	if hands == session.hands and not seed then
		adopt_seed(session, at.seed)
		if T.session() ~= session then return end
		current = T.hand() -- (what it let through may have moved the table on)
	end
	-- The host missed the seed's roll line (it was away when it came): say what this client
	-- saw rolled. (Not once the hand is over, nor while the set is still open.)
	if hands == session.hands and seed and session.fair.seen and not at.seed
		and not at.commits and at.over ~= "over" then
		Comm.send("SEEN", { table = session.id, hand = hands, seed = seed }, session.host)
	end
	-- (The host's flags are there only while its hand waits on commitments or reveals.)
	if hands == session.hands and current then
		local me = Comm.me()
		-- Sent again, and again after that if the host still shows no sign of it (it beats
		-- only when its table moves, and a lost resend would leave it stuck).
		local function again(kind, resent)
			Comm.send(kind, resent)
			Sync.confirm(kind, resent, function(now) return now.hands ~= hands end)
		end
		local turn = steps < session.steps and T.turn_sent(hands, steps + 1)
		if turn then again("TURN", turn) end
		local flag -- this player's flag in the host's (its hand may be over here already)
		for i, seat in ipairs(current.seats) do
			if seat.name == me then flag = i + 1 end
		end
		local mine = T.heard(hands)[me]
		if flag and mine and (at.commits or ""):sub(flag, flag) == "0" then
			again("ACT", { table = session.id, op = "commit", amount = hands, target = mine })
		end
		local reveal = T.revealed(hands)[me]
		if flag and reveal and session.mode == "guided" and (at.shown or ""):sub(flag, flag) == "0" then
			again("ACT", { table = session.id, op = "show", amount = hands, target = reveal[1],
				dice = reveal[2] })
		end
	end
	note_host(session, seq, hands, steps, at.over == "over", at.streets)
end)

------------------------------------------------------------------------------
-- Catching up: a player who reloaded or came late asks; the host whispers the table's record
-- (its settings, where the hand started, the commitments heard, every order in sequence, then
-- the rolls of the hand so far) as one paced copy (Comm.send_copy), and the player's client
-- replays it quietly as it arrives. Rolls it did not see itself are attested by the host.

-- The table's record as a catching-up client replays it, each message as it arrives there.
local function record(session)
	local entries = { { "SNAP", { table = session.id, mode = session.mode,
		minimum = session.mode_settings[1], blinds = session.mode_settings[2] and true or false,
		bank = session.opening_bank, timeout = session.timeout, opener = session.opener,
		fingerprint = ns.Rules.fingerprint.id, sections = ns.Rules.fingerprint.wire,
		deadlines = session.deadlines or nil } } }
	-- Where the hand started first, so that what arrives live meanwhile (this hand's turns)
	-- is kept for after the copy.
	local log, from = session.log, 1
	if log[1] and log[1][1] == "BASE" then entries[2], from = { log[1][1], log[1][2] }, 2 end
	-- (This hand's and any heard for the next: the last hand's are over with it.)
	for number, players in pairs(session.heard) do
		for player, commitment in pairs(number >= session.hands and players or {}) do
			entries[#entries + 1] = { "HEARD", { table = session.id, hand = number, player = player,
				commitment = commitment } }
		end
	end
	for number, players in pairs(session.revealed) do
		for player, reveal in pairs(number >= session.hands and players or {}) do
			entries[#entries + 1] = { "REVEALED", { table = session.id, hand = number, player = player,
				secret = reveal[1], dice = reveal[2] } }
		end
	end
	for i = from, #log do entries[#entries + 1] = { log[i][1], log[i][2] } end
	-- The end says how far the record goes: a client short of it lost part of it.
	local current = T.hand()
	entries[#entries + 1] = { "SNAPEND", { table = session.id, seq = session.seq,
		hands = session.hands, steps = session.steps,
		over = not (current and current.phase ~= "over") and "over" or nil, seed = session.fair.seed } }
	-- Each as the wire would bring it (typed, empty fields nil, nothing undeclared): a host
	-- replays its own record after a /reload through the same handlers.
	for _, entry in ipairs(entries) do
		entry[2] = ns.Messages.decode(entry[1], ns.Messages.encode(entry[1], entry[2]))
	end
	return entries
end

-- When the host last answered each sender's HELLO: once per HELLO_SECONDS a sender, so that
-- nobody (a watcher least of all) can keep the host copying its table.
local HELLO_SECONDS = 4
local answered = {}

Comm.on("HELLO", function(sender)
	local session = T.session()
	if session and sender == session.host and sender ~= Comm.me() then
		succeed(sender) -- the host has lost its table: the next seat runs it, and answers
		session = T.session()
	end
	if not session or session.host ~= Comm.me() then return end
	if answered[sender] and GetTime() - answered[sender] < HELLO_SECONDS then return end
	answered[sender] = GetTime()
	-- One copy at a time: a HELLO while one is on its way (asked again before it came) is
	-- answered by it. (A client that lost it whole asks again after.)
	if Comm.sending_copy(sender) then return end
	Comm.send_copy(sender, record(session))
end)

Comm.on("SNAP", function(sender, snap)
	-- Only a client with no table takes a snapshot, and only in a group (one that comes after
	-- it left is for a table it no longer sits at).
	if T.session() or not IsInGroup() then return end
	local known = known_host()
	if not may_snapshot(sender) then return end
	-- Nor from a table whose rules differ from this addon's (its fingerprint): it never sits.
	if Game.other_rules(snap.table, sender, snap.fingerprint, snap.sections) then
		refused = snap.table
		return
	end
	-- The record starts from the table as its opener opened it, whoever runs it now.
	local opener = snap.opener or sender
	-- (The opener's bank as this client's own record confirms it, as at an OPEN heard live.)
	if not Game.open_session(snap.table, opener, snap.mode, snap.minimum, snap.blinds == true,
		Game.confirmed_bank(opener, snap.bank), true) then return end
	local session = T.session()
	session.host, session.timeout = sender, snap.timeout
	session.deadlines = snap.deadlines == true
	session.unchecked = not known -- nothing here to check this host's word against yet
	Sync.know_host(sender)
	-- A copy given up on the way (its chunks lost, asked for in vain) leaves it unfinished:
	-- start it again. (Still arriving, at its pace: wait on.)
	local function unfinished()
		if T.session() ~= session or not session.catching_up then return end
		if Comm.receiving(sender) then return C_Timer.After(BEAT_SECONDS, unfinished) end
		T.resync()
	end
	C_Timer.After(BEAT_SECONDS, unfinished)
end)

-- Where the table stood before this hand: the seats, their banks and the counts so far.
Comm.on("BASE", function(sender, base)
	local session = T.session()
	-- Once only (the network may bring it twice), before anything is replayed on top of it.
	if not from_host(sender, base) or not session.catching_up or session.based then return end
	session.based = true
	session.seq, session.hands = base.seq or 0, base.hands or 0
	session.dealer = base.dealer or session.host
	session.seats, session.banks = {}, {}
	for _, seat in ipairs(base.seats) do
		local name, bank = seat:match("^(.+)=(%d+)$")
		if name then
			session.seats[#session.seats + 1] = name
			session.banks[name] = tonumber(bank)
		end
	end
	T.rebuild()
end)

-- The owner's own word for a move the host ordered, as the record carries it.
Comm.on("MOVE", function(sender, move)
	local session = T.session()
	if from_host(sender, move) and session.catching_up and move.player and move.op then
		T.heard_move(move.player, move.op, move.amount, move.target)
	end
end)

Comm.on("HEARD", function(sender, heard)
	if from_host(sender, heard) and heard.hand and heard.player then
		T.heard(heard.hand)[heard.player] = heard.commitment or ""
	end
end)

Comm.on("REVEALED", function(sender, reveal)
	if from_host(sender, reveal) and reveal.hand and reveal.player then
		T.revealed(reveal.hand)[reveal.player] = { reveal.secret or "", reveal.dice or "" }
	end
end)

Comm.on("ROLLED", function(sender, rolled)
	local session = T.session()
	if from_host(sender, rolled) and rolled.hand == session.hands then
		session.rolls[rolled.street] = Dice.decode(rolled.dice) -- attested by the host
		T.apply_rolls()
	end
end)

-- The host, which missed the seed's roll line, takes the seed from the players who saw it:
-- it listens a few seconds after the first report, then takes the value most of them saw
-- (so one player's word does not outweigh the others').
Comm.on("SEEN", function(sender, seen)
	local session, current = T.session(), T.hand()
	if not session or session.host ~= Comm.me() or seen.table ~= session.id then return end
	local fair, seed = session.fair, seen.seed
	if seen.hand ~= session.hands or fair.seed or not fair.set_hash or not seed
		or not current then return end
	local dealt_in = false -- any of the hand's players, folded or not, saw it rolled
	for _, seat in ipairs(current.seats) do dealt_in = dealt_in or seat.name == sender end
	if not dealt_in then return end
	if fair.reports then fair.reports[sender] = seed return end
	fair.reports = { [sender] = seed }
	C_Timer.After(GAP_SECONDS, function()
		if T.session() ~= session or session.fair ~= fair or fair.seed then return end
		local votes, best = {}, nil
		for _, reported in pairs(fair.reports) do votes[reported] = (votes[reported] or 0) + 1 end
		for value, count in pairs(votes) do
			if not best or count > votes[best] or (count == votes[best] and value < best) then
				best = value
			end
		end
		fair.attested_seed = best
		T.bind_seed()
		T.drain()
	end)
end)

Comm.on("SEED", function(sender, seed)
	local session = T.session()
	if from_host(sender, seed) and seed.hand == session.hands then
		-- Taken if this client saw no roll line of the seed's range itself (bind_seed).
		session.fair.attested_seed = session.fair.attested_seed or seed.seed
		T.bind_seed()
	end
end)

Comm.on("SNAPEND", function(sender, ending)
	local session = T.session()
	if not session and Game.foreign_table(ending.table) then return end -- a table of other rules
	if not session then return Sync.hello(1) end -- the snapshot's start was lost: again
	if not from_host(sender, ending) or not session.catching_up then return end
	T.restore_secret() -- this player's own secret survived the reload in SavedVariables
	session.catching_up = false
	session.late = session.hands -- (its clock for this hand's timeouts starts only now)
	Sync.know_host(session.host) -- (and the seats the record gave)
	adopt_seed(session, ending.seed) -- (if its SEED line was lost on the way)
	if T.session() ~= session then return end
	T.read_unread_rolls()
	if T.session() ~= session then return end
	Game.say(L.CAUGHT_UP:format(T.short(session.host)))
	if session.unchecked then Game.say(L.TOOK_TABLE:format(T.short(session.host))) end
	Game.my_dice()
	Game.say(T.status_line())
	T.drain() -- a turn of this player's the record lacks goes again
	if T.session() ~= session then return end
	T.after({}) -- whose turn it is, or this player's reveal if the showdown is on
	T.roll_seed_soon() -- a dealer whose seed roll is still due
	local seq, hands, steps = ending.seq, ending.hands, ending.steps
	if seq and hands and steps then note_host(session, seq, hands, steps, ending.over == "over") end
end)

------------------------------------------------------------------------------
-- Timeouts. The host acts for whoever the hand waits on: a player who does not commit gets no
-- dice (the set closes without them), one who does not bet checks or folds (their chips stay
-- in the pot), one who does not reveal is dead. At a table opened with `timeout N` it waits N
-- seconds for anyone; at any table, DROP_GRACE seconds for a player who has disconnected or
-- left the group.
local DROP_GRACE = 30

local function connected(name)
	return UnitIsConnected(name) == true and UnitInParty(name) == true
end

-- The first seat after `name` whose player is still connected (every client finds the same).
local function next_connected(seats, name)
	local at = 1
	for i, seat in ipairs(seats) do if seat == name then at = i end end
	for step = 1, #seats - 1 do
		local candidate = seats[(at - 1 + step) % #seats + 1]
		if connected(candidate) then return candidate end
	end
end

-- A host's word that a player's time ran out (its turn for them, a dead show, a close without
-- their commitment) is taken only if it was due by this client's own clock, give or take
-- CLAIM_TOLERANCE seconds (messages take a moment): a host cannot claim a timeout at any
-- moment. An early claim is named once and held, not applied, until it is due (a timer looks
-- again then) or the player acts. Not while replaying a record, nor for a client that was
-- behind this hand (its clock started late).
local CLAIM_TOLERANCE = 5

-- How long the table waits, in this phase, for a player still connected: a table opened with
-- `timeout N` waits N seconds for anyone; one opened with `timeout` alone waits the ruleset's
-- deadline for the phase (RULES.table: deal_timeout while the commitment set is open,
-- roll_timeout for the seed and each street, acting_timeout for a bet, showdown_timeout for a
-- reveal); otherwise nil: it waits, however long.
local function deadline(session, current)
	if session.timeout then return session.timeout end
	if not session.deadlines or not current or current.phase == "over" then return nil end
	local rules = ns.Rules.table
	if not session.fair.set_hash then return rules.deal_timeout end
	if not session.fair.seed or current.phase == "roll" then return rules.roll_timeout end
	if current.phase == "showdown" then return rules.showdown_timeout end
	return rules.acting_timeout
end

Sync.connected = connected

function Sync.moved()
	local session = T.session()
	session.moved_at, session.holding = GetTime(), nil
end

function Sync.claim_refused(name)
	local session = T.session()
	if session.catching_up or session.host == Comm.me() or session.late == session.hands then
		return false
	end
	local wait = deadline(session, T.hand())
	if not connected(name) then wait = math.min(wait or DROP_GRACE, DROP_GRACE) end
	local waited = GetTime() - (session.moved_at or 0)
	if wait and waited >= wait - CLAIM_TOLERANCE then return false end
	local key = session.hands .. ":" .. session.steps .. ":" .. name
	if session.holding ~= key then
		session.holding = key
		Game.say(L.EARLY_CLAIM:format(T.short(session.host), T.short(name), T.short(name),
			math.floor(waited)))
		if wait then
			C_Timer.After(wait - CLAIM_TOLERANCE - waited + 0.1, function()
				if T.session() ~= session or session.holding ~= key then return end
				session.holding = nil
				T.drain()
			end)
		end
	end
	return true
end

-- The host names who deals on for a dealer gone: the next connected player in the hand.
local function deal_on(current)
	local names = {}
	for i, seat in ipairs(current.seats) do names[i] = seat.name end
	local successor = next_connected(names, current:dealer_name())
	if successor then T.accept(T.session().host, "dealer", nil, successor) end
end

local function on_timeout(only_gone)
	local session = T.session()
	local current = T.hand()
	if not current or current.phase == "over" then return end
	-- A dealer gone with streets to roll: the next connected player in the hand deals on.
	local dealer = current:dealer_name()
	local function due(name) return not only_gone or not connected(name) end
	if dealer ~= session.host and not connected(dealer) then
		deal_on(current)
	elseif due(dealer) and session.fair.set_hash
		and (not session.fair.seed or current.phase == "roll") then
		-- A dealer who did not roll the seed or a street in time: the next seat deals on.
		Game.say(L.TIMED_OUT:format(T.short(dealer)))
		return deal_on(current)
	end
	local line = only_gone and L.DROPPED or L.TIMED_OUT
	if not session.fair.set_hash then
		local everyone_due = true
		for _, seat in ipairs(current.seats) do
			if T.in_hand(current, seat.name) and not session.fair.commits[seat.name]
				and not due(seat.name) then everyone_due = false end
		end
		if everyone_due then T.maybe_close(true) end
		if everyone_due and not session.fair.set_hash then
			-- Nobody committed: no dice for anyone, so nothing to play for. Void, bets back.
			return T.accept(session.host, "void")
		end
		-- The deal's own deadline closes the set and no more: a bet has its own deadline.
		if everyone_due and session.deadlines then return end
	end
	if current.phase == "betting" then
		local actor = current:to_act()
		if not due(actor) then return end
		Game.say(line:format(T.short(actor)))
		T.turn(actor, current.round:options(current.round:to_act()).can_check and "check" or "fold")
	elseif current.phase == "showdown" then
		for _, seat in ipairs(current.seats) do
			if T.in_hand(current, seat.name) and not current.shown[seat.name] and due(seat.name) then
				Game.say(line:format(T.short(seat.name)))
				T.accept(seat.name, "show", session.hands, T.DEAD, { 1, 1 }) -- no secret: dead
				return
			end
		end
	end
end

local function anyone_gone(current)
	if not connected(current:dealer_name()) then return true end
	for _, seat in ipairs(current.seats) do
		if T.in_hand(current, seat.name) and not connected(seat.name) then return true end
	end
	return false
end

function Sync.arm_timeout()
	local session = T.session()
	if not session or session.host ~= Comm.me() then return end
	Sync.arm_beat()
	session.timer = (session.timer or 0) + 1
	local armed, current = session.timer, T.hand()
	if not current or current.phase == "over" then return end
	local wait = deadline(session, current)
	local only_gone = not wait
	if only_gone and not anyone_gone(current) then return end
	C_Timer.After(wait or DROP_GRACE, function()
		session = T.session()
		if session and session.timer == armed then on_timeout(only_gone) end
	end)
end

------------------------------------------------------------------------------
-- The host gone: every client picks the same successor from the public record (the first
-- seat after the host whose player is still connected), who carries on from the same state.
-- The hand's dealer, if that was the host, passes to them too. With no seat left connected
-- (a watcher's client sees this), the table closes and a hand in play is void.

local was_grouped -- at the last roster update: a client that just joined a group asks
local KNOWN_RETRIES = 5 -- HELLOs from a client that knows a table is there (Sync.hello)
Sync.KNOWN_RETRIES = KNOWN_RETRIES
local left_table = false -- this client left the group, and a table in it

-- The host gone, or back without its table (its HELLO says so): every client picks the same
-- successor, the first seat after it whose player is still connected.
succeed = function(gone)
	local session = T.session()
	local name = next_connected(session.seats, gone)
	if not name then
		Game.say(L.NOBODY_LEFT:format(T.short(gone)))
		return T.void()
	end
	session.host, session.behind, session.succeeded_from = name, nil, gone
	Sync.know_host(name)
	Game.say(L.NEW_HOST:format(T.short(gone), T.short(name)))
	if name ~= Comm.me() then return end
	-- If the old host was the hand's dealer, the new host names who deals on: an order, so
	-- that it is in the record a catching-up player replays. Waiting resumes.
	local current = T.hand()
	if current and current.phase ~= "over" and current:dealer_name() == gone then
		deal_on(current)
	end
	T.maybe_close()
	Sync.arm_timeout()
end

function Sync.roster_changed()
	if IsInGroup() and not was_grouped then
		-- Joining a group: a copy of someone else's table from outside it is stale. (A host's
		-- own table, opened alone, goes on.)
		local session = T.session()
		if session and session.host ~= Comm.me() then T.forget() end
		-- Asked more times by a player who knows a table is there (it left one).
		Sync.hello(left_table and KNOWN_RETRIES or 2)
		left_table = false
	end
	local left = was_grouped and not IsInGroup()
	was_grouped = IsInGroup()
	local session = T.session()
	if not session then return end
	if left then
		-- This player left: the table plays on in the group, without this client, which
		-- catches up again if it rejoins (nothing is void or refunded here).
		Game.say(L.LEFT_GROUP:format(T.short(session.host)))
		left_table = true
		return T.forget()
	end
	if connected(session.host) then
		-- A player gone from the hand: the host gives them DROP_GRACE seconds to come back.
		local current = T.hand()
		if not session.timeout and current and current.phase ~= "over" and anyone_gone(current) then
			Sync.arm_timeout()
		end
		return
	end
	succeed(session.host)
end

-- A host who reloads keeps the table: its record is saved on the way out and replayed on
-- the way back in, as a snapshot from itself. Anyone else asks the host (HELLO), and so does
-- a host back from logging out, whose table passed to the next seat meanwhile.
function Sync.save()
	local session, hosting = T.session(), T.db().hosting
	if session then Sync.know_host(session.host) end -- (and who sits there now)
	hosting[Comm.me()] = session and session.host == Comm.me() and record(session) or nil
end

function Sync.enter(reloading)
	local hosting, me = T.db().hosting, Comm.me()
	local entries = hosting[me]
	hosting[me] = nil
	-- (Asked more times by a player who has sat at a table: one may well be running.)
	if not (entries and reloading and IsInGroup()) then
		return Sync.hello(T.db().secrets[me] and KNOWN_RETRIES or 2)
	end
	was_grouped = true
	for _, entry in ipairs(entries) do Comm.deliver(me, entry[1], entry[2]) end
	Sync.arm_timeout() -- the heartbeat and any timeout, as before the reload
end

-- After a login in a group or joining one: ask whether a table is running.
-- `retries`: a client that knows a table is running (it dropped its copy to start afresh)
-- asks again while no snapshot comes, a few seconds further apart each time. (A snapshot is
-- many whispers, and one lost costs a new one: on a bad connection it takes a few.)
local function ask()
	was_grouped = IsInGroup()
	-- (Not once a table of other rules answered: its snapshot would be refused again.)
	if T.session() or not was_grouped or (refused and Game.foreign_table(refused)) then
		return false
	end
	if Comm.receiving() then return end -- a copy is on its way: ask later if it comes to nothing
	last_hello = GetTime()
	Comm.send("HELLO", {})
end

function Sync.hello(retries)
	if ask() ~= false and retries then every(5, 2, retries, ask) end
end

