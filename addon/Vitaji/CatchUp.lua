-- Catching up: a client with no table (after a /reload, a relog, coming late, or a copy
-- dropped out of step) asks with HELLO; the host whispers its record as one paced copy; the
-- client replays it quietly through the same handlers as live play. Also who this client
-- takes a snapshot from, what a host saves across a /reload, and the group changing.
local _, ns = ...

local L, Comm, Ledger, Witness = ns.L, ns.Comm, ns.Ledger, ns.Witness
local Session, Record, Fingerprint = ns.Session, ns.Record, ns.Fingerprint
local flow -- the game's flow (Session.use)
local Heartbeat, Takeover = ns.Heartbeat, ns.Takeover
local every, from_host, note_host = Heartbeat.every, Heartbeat.from_host, Heartbeat.note_host
local BEAT_SECONDS = Heartbeat.BEAT_SECONDS
local connected, succeed, anyone_gone = Takeover.connected, Takeover.succeed, Takeover.anyone_gone
local next_connected = Takeover.next_connected
local SnapCheck = ns.SnapCheck
local Kept = ns.Kept -- (a game kept across logouts: only where the addon has Kept.lua)

local CatchUp = {}
ns.CatchUp = CatchUp

-- The host of the table this client last sat at, kept in SavedVariables past a dropped copy
-- or a /reload: a snapshot from anyone else is ignored while that host is still in the group.
local function known_host()
	local db = Session.db()
	db.known_host = db.known_host or {}
	return db.known_host[Comm.me()]
end

function CatchUp.know_host(name)
	local db = Session.db()
	db.known_host = db.known_host or {}
	db.known_host[Comm.me()] = name
	db.known_seats = db.known_seats or {}
	local session = Session.current()
	db.known_seats[Comm.me()] = session and session.seats or nil
end

-- Who may hand this client a snapshot: the known host while it is here; once it is gone, only
-- the seat every client finds as its successor (the next connected seat after it: Takeover's
-- succession), and past that one only if it is gone too or has said itself that it holds no
-- table (its HELLO: the table passed on again while this client was away). A watcher, or any
-- other seat, never. (This client itself holds no table: it is never here.)
local without_table = {} -- players whose own HELLO said they hold no table
-- Only since this client's table last changed (taken, opened, dropped): a HELLO heard before
-- it sat down (everyone asks as a group forms) says nothing of who runs the table now.
Session.bind(function() without_table = {} end)

local function awaited()
	local known = known_host()
	local function here(name)
		return connected(name) and name ~= Comm.me() and not without_table[name]
	end
	if not known or here(known) then return known end
	local seats = Session.db().known_seats and Session.db().known_seats[Comm.me()] or {}
	local successor = next_connected(seats, known)
	for _ = 1, #seats do
		if not successor or here(successor) then break end
		successor = next_connected(seats, successor)
	end
	return successor
end

local function may_snapshot(sender)
	if SnapCheck.refused(sender) then return false end -- (its table contradicted by its seats)
	local known = known_host()
	return not known or sender == known or sender == awaited()
end

-- A line for this player about the snapshot it replays (said once it is in: the replay is
-- quiet), or at once when it is not replaying one.
function CatchUp.note(line)
	local session = Session.current()
	if not (session and session.catching_up) then return Session.say(line) end
	session.notes = session.notes or {}
	for _, noted in ipairs(session.notes) do if noted == line then return end end
	session.notes[#session.notes + 1] = line
end

-- A snapshot's bank for `player` (at the start of hand `hand`, or as they sat down: `hand`
-- nil): never above this client's own record of them (Ledger.own), which is then used and named.
-- With no record of them at all, the host's word.
function CatchUp.confirmed(player, figure, hand)
	local session = Session.current()
	local own = Ledger.own(session.id, player, hand)
	if not own then
		session.unconfirmed = true
		return figure
	end
	if figure > own then
		CatchUp.note(L.BANK_NOT_CONFIRMED:format(Session.short(player), figure, own))
		figure = own
	end
	session.confirmed_any = true
	return figure
end

local last_hello -- when this client last asked
local refused -- the table whose snapshot this client refused (its rules differ): not asked again

-- A beat from a table this client has no copy of: a client whose catching up was lost on
-- the way asks again (not every beat).
function CatchUp.beat_heard(at, sender)
	if Fingerprint.is_foreign(at.table) then return end -- a table of other rules: never sits
	if Session.unreachable(sender) then return end -- (its snapshot could not reach this client)
	refused = nil -- another table's beat: ask it
	if not last_hello or GetTime() - last_hello >= BEAT_SECONDS then CatchUp.hello() end
end

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
		deadlines = session.deadlines or nil, waits = Takeover.waiting(session)
			and math.ceil(session.wait_until - GetTime()) or nil } } }
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
	entries[#entries + 1] = { "SNAPEND", { table = session.id, seq = session.seq,
		hands = session.hands, steps = session.steps, over = not flow.live() and "over" or nil } }
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

Comm.on("HELLO", function(sender, hello)
	local session = Session.current()
	-- A HELLO says its sender has no table: a host's has passed on (whoever knew it as the
	-- host takes the table from its successor). One naming a table is the answer of a seat
	-- that is not its host (below): never answered in turn.
	if not session or hello.table then without_table[sender] = true end
	if hello.table then return end
	if Kept then
		Kept.heard(sender, hello.kept) -- (what it kept of a game, if anything)
		if Kept.give_way(sender, hello.kept) then return end
	end
	if session and sender == session.host and sender ~= Comm.me() then
		succeed(sender) -- the host has lost its table: the next seat runs it, and answers
		session = Session.current()
	end
	if not session or not Comm.reaches(sender) then return end -- (a copy would go nowhere)
	if answered[sender] and GetTime() - answered[sender] < HELLO_SECONDS then return end
	if session.host ~= Comm.me() then
		-- Named as the one the asker would take a snapshot from (it knew this player as the
		-- host, or as its successor), but no host: says so, by a HELLO of its own, whispered.
		if hello.host == Comm.me() then
			answered[sender] = GetTime()
			Comm.send("HELLO", { table = session.id }, sender)
		end
		return
	end
	answered[sender] = GetTime()
	-- One copy at a time: a HELLO while one is on its way (asked again before it came) is
	-- answered by it. (A client that lost it whole asks again after.)
	if Comm.sending_copy(sender) then return end
	Comm.send_copy(sender, record(session))
end)

Comm.on("SNAP", function(sender, snap)
	-- Only a client with no table takes a snapshot, and only in a group (one that comes after
	-- it left is for a table it no longer sits at).
	-- A client that kept the game takes it from a seat of it, and checks it at its end.
	local on_copy = Kept and Kept.takes(sender, snap.table or "")
	if Session.current() or not IsInGroup() then return end
	local known = known_host()
	if not on_copy and not may_snapshot(sender) then return end
	-- Nor from a table whose rules differ from this addon's (its fingerprint): it never sits.
	-- (An empty id or mode stays empty, as in OPEN.)
	snap.table, snap.mode = snap.table or "", snap.mode or ""
	if Session.other_rules(snap.table, sender, snap.fingerprint, snap.sections) then
		refused = snap.table
		return
	end
	-- The record starts from the table as its opener opened it, whoever runs it now.
	local opener = snap.opener or sender
	-- (The opener's bank as this client's own record confirms it, as at an OPEN heard live.)
	SnapCheck.taking() -- (the ledger as it stands, should its seats contradict the snapshot)
	if not Session.open_session(snap.table, opener, snap.mode, snap.minimum,
		snap.blinds == true, Ledger.confirmed(opener, snap.bank), true) then return end
	local session = Session.current()
	session.host, session.timeout = sender, snap.timeout
	session.deadlines = snap.deadlines == true
	-- (A game reopened from a saved copy, still waiting for seats not back: Kept.lua. Never
	-- longer than the ruleset's reopen_wait: none where the rules have no such wait.)
	local waits = math.min(snap.waits or 0, ns.Rules.table.reopen_wait or 0)
	session.wait_until = waits > 0 and GetTime() + waits or nil
	session.unchecked = not known and not on_copy -- nothing here to check this host's word against yet
	session.on_copy = on_copy
	CatchUp.know_host(sender)
	-- What this client heard from the players themselves before it dropped its copy: the
	-- record's entries are compared with it, and never replace it.
	for number, own in pairs(Witness.heard(session.id)) do
		for player, commitment in pairs(own.heard) do flow.heard(number)[player] = commitment end
		for player, reveal in pairs(own.revealed) do
			flow.revealed(number)[player] = { reveal[1], reveal[2] }
		end
	end
	-- A copy given up on the way (its chunks lost, asked for in vain) leaves it unfinished:
	-- start it again. (Still arriving, at its pace: wait on.)
	local function unfinished()
		if Session.current() ~= session or not session.catching_up then return end
		if Comm.receiving(sender) then return C_Timer.After(BEAT_SECONDS, unfinished) end
		Record.resync()
	end
	C_Timer.After(BEAT_SECONDS, unfinished)
end)

-- Where the table stood before this hand: the seats, their banks and the counts so far.
Comm.on("BASE", function(sender, base)
	local session = Session.current()
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
			session.banks[name] = CatchUp.confirmed(name, tonumber(bank), session.hands + 1)
		end
	end
	Session.seats_changed()
	flow.rebuild()
end)

-- A record's entry, from the host, while this client replays it: the host's word, taken only
-- where this client has none of its own.
local function replayed(sender, entry)
	local session = Session.current()
	return from_host(sender, entry) and session.catching_up
end

-- "What the record says of X differs from what X told you": the client's own stays.
local function differs(player, what)
	CatchUp.note(L.RECORD_DIFFERS:format(Session.short(Session.current().host), what, Session.short(player),
		Session.short(player)))
end

-- The owner's own word for a move the host ordered, as the record carries it: the player's
-- n-th move of the hand must be the n-th this client heard from them, if it heard one.
Comm.on("MOVE", function(sender, move)
	if not (replayed(sender, move) and move.player and move.op) then return end
	local session = Session.current()
	session.moves_replayed = session.moves_replayed or {}
	local n = (session.moves_replayed[move.player] or 0) + 1
	session.moves_replayed[move.player] = n
	local own = Witness.heard(session.id)[session.hands]
	own = own and own.moves[move.player] and own.moves[move.player][n]
	if own and own ~= Witness.move_key(move.op, move.amount, move.target) then
		return differs(move.player, "move") -- (the host's order for it then has no owner's word)
	end
	Session.heard_move(move.player, move.op, move.amount, move.target)
end)

Comm.on("HEARD", function(sender, heard)
	if not (replayed(sender, heard) and heard.hand and heard.player) then return end
	local own = flow.heard(heard.hand)[heard.player] -- (what this client heard itself, if any)
	if own and own ~= (heard.commitment or "") then return differs(heard.player, "commitment") end
	flow.heard(heard.hand)[heard.player] = heard.commitment or ""
end)

Comm.on("REVEALED", function(sender, reveal)
	if not (replayed(sender, reveal) and reveal.hand and reveal.player) then return end
	local own = flow.revealed(reveal.hand)[reveal.player]
	-- (A dead one is the host's timeout, its order: no reveal of the player's.)
	if own and reveal.secret ~= flow.DEAD
		and (own[1] ~= (reveal.secret or "") or own[2] ~= (reveal.dice or "")) then
		return differs(reveal.player, "reveal")
	end
	flow.revealed(reveal.hand)[reveal.player] = { reveal.secret or "", reveal.dice or "" }
end)

-- Before the record's seed or a street is taken as the host's word: the roll lines this
-- client read itself (kept past a /reload, and since it dropped its copy), which bind first.
local function own_lines(session)
	if session.lines_read then return end
	session.lines_read = true
	for _, text in ipairs(Witness.lines(session)) do flow.roll_line(text) end
	flow.read_unread_rolls()
end

Comm.on("ROLLED", function(sender, rolled)
	local session = Session.current()
	if not (replayed(sender, rolled) and rolled.hand == session.hands) then return end
	own_lines(session)
	-- Only a shared roll the rules have, with as many dice as it takes (flow.shared_dice); never
	-- over one this client read from its own roll line.
	local dice = flow.shared_dice(rolled.street, rolled.dice)
	if not dice or session.rolls[rolled.street] then return end
	session.rolls[rolled.street] = dice -- the host's word, marked so here and in the log
	-- (A game with too many rolls to name each, Vitaji's, names them by number.)
	local streets = ns.Rules.deal.streets or {}
	CatchUp.note(L.AWAY_STREET:format(streets[rolled.street] or ("roll " .. rolled.street), session.hands,
		Session.short(session.host)))
	flow.apply_rolls()
end)

Comm.on("SEED", function(sender, seed)
	local session = Session.current()
	if replayed(sender, seed) and seed.hand == session.hands then
		own_lines(session)
		-- Taken if this client read no roll line of the seed's range itself (bind_seed).
		session.fair.attested_seed = session.fair.attested_seed or seed.seed
		flow.bind_seed()
	end
end)

Comm.on("SNAPEND", function(sender, ending)
	local session = Session.current()
	if not session and Fingerprint.is_foreign(ending.table) then return end -- a table of other rules
	-- The snapshot's start was lost: again (not when it was refused: its seats contradicted it).
	if not session then return not SnapCheck.refused(sender) and CatchUp.hello(1) end
	if not from_host(sender, ending) or not session.catching_up then return end
	local refusal = session.on_copy and Kept.refusal(session, sender) -- (against the game it kept)
	if refusal then return Kept.refuse(sender, refusal) end
	flow.restore_secret() -- this player's own secret survived the reload in SavedVariables
	session.catching_up = false
	session.late = session.hands -- (its clock for this hand's timeouts starts only now)
	CatchUp.know_host(session.host) -- (and the seats the record gave)
	flow.read_unread_rolls()
	if Session.current() ~= session then return end
	Session.say(L.CAUGHT_UP:format(Session.short(session.host)))
	-- Nothing here to check it against: its seats are asked what they say of themselves.
	local unchecked = session.unchecked or session.unconfirmed and not session.confirmed_any
	if unchecked then Session.say(L.TOOK_TABLE:format(Session.short(session.host))) end
	for _, line in ipairs(session.notes or {}) do Session.say(line) end
	flow.my_dice()
	Session.say(flow.status_line())
	Record.drain() -- a turn of this player's the record lacks goes again
	if Session.current() ~= session then return end
	flow.after({}) -- whose turn it is, or this player's reveal if the showdown is on
	flow.roll_seed_soon() -- a dealer whose seed roll is still due
	local seq, hands, steps = ending.seq, ending.hands, ending.steps
	if seq and hands and steps then note_host(session, seq, hands, steps, ending.over == "over") end
	if unchecked and Session.current() == session then SnapCheck.start(session) end
end)

-- The table's group (Comm.group: home or instance) at the last roster update: a client that
-- just joined a group asks.
local was_in
local KNOWN_RETRIES = 5 -- HELLOs from a client that knows a table is there (CatchUp.hello)
CatchUp.KNOWN_RETRIES = KNOWN_RETRIES
local left_table = false -- this client left the group, and a table in it

function CatchUp.roster_changed()
	-- Moving from one group to the other (a finder's instance group forms, or ends while the
	-- player is in a home group) is leaving the table's group and joining another: the
	-- addon's messages go to the new group only.
	local now_in = Comm.group()
	local left, joined = was_in and now_in ~= was_in, now_in and now_in ~= was_in
	was_in = now_in
	local session = Session.current()
	if left and session then
		-- This player left: the table plays on in the group, without this client, which
		-- catches up again if it rejoins (nothing is void or refunded here).
		Session.say(L.LEFT_GROUP:format(Session.short(session.host)))
		left_table = true
		Session.drop()
	end
	if joined then
		-- Joining a group: a copy of someone else's table from outside it is stale. (A host's
		-- own table, opened alone, goes on.)
		session = Session.current()
		if session and session.host ~= Comm.me() then Session.drop() end
		-- Asked more times by a player who knows a table is there (it left one).
		CatchUp.hello(left_table and KNOWN_RETRIES or 2)
		left_table = false
	end
	session = Session.current()
	if not session or left then return end
	if connected(session.host) then
		-- A player gone from the hand: the host gives them DROP_GRACE seconds to come back.
		local current = flow.live()
		if not session.timeout and current and anyone_gone(current) then
			Takeover.arm_timeout()
		end
		return
	end
	succeed(session.host)
end

-- A host who reloads keeps the table: its record is saved on the way out and replayed on
-- the way back in, as a snapshot from itself. Anyone else asks the host (HELLO), and so does
-- a host back from logging out, whose table passed to the next seat meanwhile.
function CatchUp.save()
	local session, hosting = Session.current(), Session.db().hosting
	if session then CatchUp.know_host(session.host) end -- (and who sits there now)
	hosting[Comm.me()] = session and session.host == Comm.me() and record(session) or nil
	if Kept then Kept.save(session, session and record(session)) end
end

-- A game kept across logouts reopened here from this client's copy (Kept.lua): replayed as a
-- snapshot from itself, as a host's after a /reload; this client hosts it.
function CatchUp.reopen(entries)
	was_in = Comm.group()
	CatchUp.know_host(Comm.me())
	for _, entry in ipairs(entries) do Comm.deliver(Comm.me(), entry[1], entry[2]) end
	local session = Session.current()
	if not session or session.host ~= Comm.me() then return nil end
	session.reopened = { session.hands, session.steps, session.applied or 0 }
	Takeover.arm_timeout()
	return session
end

-- A copy of this host's table for a seat that asked before it was reopened.
function CatchUp.copy_to(name)
	if not Comm.reaches(name) or Comm.sending_copy(name) then return end
	answered[name] = GetTime()
	Comm.send_copy(name, record(Session.current()))
end

function CatchUp.enter(reloading)
	SnapCheck.resume() -- (a check of a snapshot's seats that a /reload cut short)
	local hosting, me = Session.db().hosting, Comm.me()
	local entries = hosting[me]
	hosting[me] = nil
	-- (Asked more times by a player who has sat at a table: one may well be running.)
	if not (entries and reloading and IsInGroup()) then
		if Kept and Kept.enter() then return end -- (reopened from its own copy: alone here)
		return CatchUp.hello((Session.db().secrets[me] or Kept and Kept.announce()) and KNOWN_RETRIES or 2)
	end
	was_in = Comm.group()
	for _, entry in ipairs(entries) do Comm.deliver(me, entry[1], entry[2]) end
	Takeover.arm_timeout() -- the heartbeat and any timeout, as before the reload
end

-- After a login in a group or joining one: ask whether a table is running.
-- `retries`: a client that knows a table is running (it dropped its copy to start afresh)
-- asks again while no snapshot comes, a few seconds further apart each time. (A snapshot is
-- many whispers, and one lost costs a new one: on a bad connection it takes a few.)
local function ask()
	was_in = Comm.group()
	-- (Not once a table of other rules answered: its snapshot would be refused again.)
	if Session.current() or not was_in or (refused and Fingerprint.is_foreign(refused)) then
		return false
	end
	if Comm.receiving() then return end -- a copy is on its way: ask later if it comes to nothing
	local host = awaited()
	-- (A copy from a host it cannot whisper with could never come.)
	if Session.unreachable(host or Session.cannot_sit_at) then return false end
	last_hello = GetTime()
	-- (Whom it would take a snapshot from, and what it kept of a game.)
	Comm.send("HELLO", { host = host, kept = Kept and Kept.announce() or nil })
end

function CatchUp.hello(retries)
	if ask() ~= false and retries then every(5, 2, retries, ask) end
end

Session.provide("CatchUp", CatchUp)
Session.on_use(function(game_flow) flow = game_flow end)
