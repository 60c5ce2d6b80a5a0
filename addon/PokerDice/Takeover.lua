-- Who acts when someone does not: timeouts, a host's claim that a player's time ran out, and
-- a new host (or dealer) when the old one is gone.
local _, ns = ...

local L, Comm, Heartbeat, Session, Record = ns.L, ns.Comm, ns.Heartbeat, ns.Session, ns.Record
-- The game's flow, and CatchUp.lua, which loads after this: handed on by Session.use.
local flow, CatchUp

local Takeover = {}
ns.Takeover = Takeover

-- The open table, as Session.current() answers (kept here: asked on every turn applied).
local open_table
Session.bind(function(new) open_table = new end)

------------------------------------------------------------------------------
-- Timeouts. The host acts for whoever the hand waits on: a player who does not commit gets no
-- dice (the set closes without them), one who does not bet checks or folds (their chips stay
-- in the pot), one who does not reveal is dead. At a table opened with `timeout N` it waits N
-- seconds for anyone; at any table, DROP_GRACE seconds for a player who has disconnected or
-- left the group.
local DROP_GRACE = 30

-- (In the table's group: UnitInParty is true for any member of a raid too.)
-- (`connected_in`: the group asked once for a loop over the seats.)
local function connected_in(name, group)
	return ns.Restricted.connected(name) and UnitInParty(name, group) == true
end
local function connected(name) return connected_in(name, Comm.group()) end

-- The first seat after `name` whose player is still connected (every client finds the same).
local function next_connected(seats, name)
	local at, count, group = 1, #seats, Comm.group()
	for i = 1, count do if seats[i] == name then at = i end end
	for step = 1, count - 1 do
		local candidate = seats[(at - 1 + step) % count + 1]
		if connected_in(candidate, group) then return candidate end
	end
end

-- A host's word that a player's time ran out (its turn for them, a dead show, a close without
-- their commitment) is taken only if it was due by this client's own clock, give or take
-- CLAIM_TOLERANCE seconds (messages take a moment): a host cannot claim a timeout at any
-- moment. An early claim is named once and held, not applied, until it is due (a timer looks
-- again then) or the player acts. Not while replaying a record, nor for a client that was
-- behind this hand (its clock started late).
local CLAIM_TOLERANCE = 5

-- How long the table waits, at the stage the hand in play waits at (flow.stage), for a player
-- still connected: a table opened with `timeout N` waits N seconds for anyone; one with
-- deadlines (a guided table not opened `notimeout`, or any opened with `timeout` alone) waits
-- the ruleset's deadline for the stage (RULES.table: deal_timeout while the players' own
-- commitments are awaited, roll_timeout for a shared roll, acting_timeout for a turn,
-- showdown_timeout for a reveal); otherwise nil: it waits, however long.
local DEADLINES = { deal = "deal_timeout", roll = "roll_timeout", turn = "acting_timeout",
	showdown = "showdown_timeout" }
local function deadline(session)
	if session.timeout then return session.timeout end
	local stage = session.deadlines and flow.stage()
	return stage and ns.Rules.table[DEADLINES[stage]] or nil
end

Takeover.connected, Takeover.next_connected = connected, next_connected
Takeover.deadline, Takeover.CLAIM_TOLERANCE = deadline, CLAIM_TOLERANCE

-- The table moved: a timeout counts from here, and the flow's own watches start (hold'em's:
-- the deputy's on the host's own reveal, holdem/Deputy.lua).
function Takeover.moved()
	local session = open_table
	session.moved_at, session.holding = GetTime(), nil
	flow.moved(session)
end

function Takeover.claim_refused(name)
	local session = Session.current()
	if session.catching_up or session.host == Comm.me() or session.late == session.hands then
		return false
	end
	local wait = deadline(session)
	if not connected(name) then wait = math.min(wait or DROP_GRACE, DROP_GRACE) end
	local waited = GetTime() - (session.moved_at or 0)
	if wait and waited >= wait - CLAIM_TOLERANCE then return false end
	local key = session.hands .. ":" .. session.steps .. ":" .. name
	if session.holding ~= key then
		session.holding = key
		flow.say(L.EARLY_CLAIM:format(flow.short(session.host), flow.short(name), flow.short(name),
			math.floor(waited)))
		if wait then
			C_Timer.After(wait - CLAIM_TOLERANCE - waited + 0.1, function()
				if Session.current() ~= session or session.holding ~= key then return end
				session.holding = nil
				Record.drain()
			end)
		end
	end
	return true
end

-- The host names who deals on for a roller gone (or late): the next connected player dealt in
-- after them, never the sender of what is due's moment (the flow's roller and next_roller).
local function deal_on()
	local session = Session.current()
	local successor = flow.next_roller()
	if successor and successor ~= flow.roller() then
		flow.accept(session.host, "dealer", nil, successor)
	end
end

-- A seat gone gets DROP_GRACE seconds; at a table that says it waits for its seats until
-- `session.wait_until` (a game reopened from a saved copy: Kept.lua), until then if later
-- (a second past it: its timer finds the wait over). While it waits for a seat, nobody is
-- stood (nobody plays: Kept.held).
local function grace(session)
	return math.max(DROP_GRACE, (session.wait_until or 0) - GetTime() + 1)
end
-- The seats of the game in play it waits for (a list), or nil.
local function waiting(session)
	if not (session.wait_until and GetTime() < session.wait_until) then return nil end
	local current, absent = flow.live(), {}
	for _, seat in ipairs(current and current.seats or {}) do
		if flow.in_hand(current, seat.name) and not connected(seat.name) then absent[#absent + 1] = seat.name end
	end
	return #absent > 0 and absent or nil
end
Takeover.waiting = waiting

local function on_timeout(only_gone)
	local session = Session.current()
	local stage = flow.stage()
	if not stage then return end
	-- A roller gone with rolls to make: the next connected player dealt in deals on.
	local roller = flow.roller()
	local function due(name) -- (never a seat in restricted content, within its grace)
		return not ns.Restricted.away(name) and (not only_gone or not connected(name))
	end
	if waiting(session) then return Takeover.arm_timeout() end -- (looked at again later)
	-- (No roller: a game whose every roll is its own player's, the draw games; the player to
	-- act below is the one the roll waits on.)
	if roller and roller ~= session.host and not connected(roller) then
		deal_on()
	elseif roller and due(roller) and stage == "roll" then
		-- A roller who did not roll the seed or a street in time: the next player deals on.
		flow.say(L.TIMED_OUT:format(flow.short(roller)))
		return deal_on()
	end
	local line = only_gone and L.DROPPED or L.TIMED_OUT
	if stage == "deal" then
		local everyone_due = true -- (everyone the deal waits on)
		for _, name in ipairs(flow.awaited()) do
			if not due(name) then everyone_due = false end
		end
		if everyone_due then flow.maybe_close(true) end
		if everyone_due and flow.stage() == "deal" then
			-- Nobody committed: no dice for anyone, so nothing to play for. Void, bets back.
			return flow.accept(session.host, "void")
		end
		-- The deal's own deadline closes the set and no more: a bet has its own deadline.
		if everyone_due and session.deadlines then return end
	end
	if stage == "showdown" then
		for _, name in ipairs(flow.awaited()) do -- (whose reveal the showdown waits on)
			if due(name) then
				flow.say(line:format(flow.short(name)))
				flow.accept(name, "show", session.hands, flow.DEAD, { 1, 1 }) -- no secret: dead
				return
			end
		end
		return
	end
	local actor = flow.to_act() -- (a turn awaited: hold'em's betting)
	if actor and due(actor) then
		flow.say(line:format(flow.short(actor)))
		Record.turn(actor, flow.timeout_op())
	end
end

local function anyone_gone(current)
	local roller = flow.roller()
	if roller and not connected(roller) then return true end
	-- (Run by the host at every turn: the connection, cheaper to ask, is asked first; both
	-- are questions without side effects, so the order changes no answer.)
	local group, seats, in_hand = Comm.group(), current.seats, flow.in_hand
	for i = 1, #seats do
		local name = seats[i].name
		if not connected_in(name, group) and in_hand(current, name) then return true end
	end
	return false
end

function Takeover.arm_timeout()
	local session = open_table
	if not session or session.host ~= Comm.me() then return end
	Heartbeat.arm_beat()
	session.timer = (session.timer or 0) + 1
	local armed, current = session.timer, flow.live()
	if not current then return end
	local function after(seconds, only_gone)
		C_Timer.After(seconds, function()
			session = Session.current()
			-- (Paused in restricted content, it saw nobody act: it re-arms once out.)
			if session and session.timer == armed and not ns.Restricted.paused then
				on_timeout(only_gone)
			end
		end)
	end
	-- A player gone gets his grace, however long the phase's deadline for the others.
	local wait, gone_wait = deadline(session), grace(session)
	if (not wait or wait > gone_wait or gone_wait > DROP_GRACE) and anyone_gone(current) then
		after(gone_wait, true)
	end
	if wait then after(wait, false) end
end
Takeover.anyone_gone = anyone_gone

------------------------------------------------------------------------------
-- The host gone: every client picks the same successor from the public record (the first
-- seat after the host whose player is still connected), who carries on from the same state.
-- The hand's dealer, if that was the host, passes to them too. With no seat left connected
-- (a watcher's client sees this), the table closes and a hand in play is void.

-- The host gone, or back without its table (its HELLO says so): every client picks the same
-- successor, the first seat after it whose player is still connected.
local function succeed(gone)
	local session = Session.current()
	local name = next_connected(session.seats, gone)
	if not name then
		flow.say(L.NOBODY_LEFT:format(flow.short(gone)))
		return flow.void()
	end
	session.host, session.behind, session.succeeded_from = name, nil, gone
	CatchUp.know_host(name)
	flow.say(L.NEW_HOST:format(flow.short(gone), flow.short(name)))
	if name ~= Comm.me() then return end
	-- If the old host was the hand's dealer, the new host names who deals on: an order, so
	-- that it is in the record a catching-up player replays. Waiting resumes.
	if flow.live() and flow.roller() == gone then deal_on() end
	flow.maybe_close()
	Takeover.arm_timeout()
end
Takeover.succeed = succeed

Session.provide("Takeover", Takeover)
Session.on_use(function(game_flow, core) flow, CatchUp = game_flow, core.CatchUp end)
