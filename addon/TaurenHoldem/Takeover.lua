-- Who acts when someone does not: timeouts, a host's claim that a player's time ran out, and
-- a new host (or dealer) when the old one is gone.
local _, ns = ...

local L, Comm, Heartbeat, Session, Record = ns.L, ns.Comm, ns.Heartbeat, ns.Session, ns.Record
-- The game's flow and its phases (which what follows still compares), and CatchUp.lua, which
-- loads after this: handed on by Session.use.
local Game, Phase, CatchUp

local Takeover = {}
ns.Takeover = Takeover

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
-- `timeout N` waits N seconds for anyone; one with deadlines (a guided table not opened
-- `notimeout`, or any opened with `timeout` alone: Game.open) waits the ruleset's deadline for
-- the phase (RULES.table: deal_timeout while the commitment set is open,
-- roll_timeout for the seed and each street, acting_timeout for a bet, showdown_timeout for a
-- reveal); otherwise nil: it waits, however long.
local function deadline(session, current)
	if session.timeout then return session.timeout end
	if not session.deadlines or not current or current.phase == Phase.OVER then return nil end
	local rules = ns.Rules.table
	if not session.fair.set_hash then return rules.deal_timeout end
	if not session.fair.seed or current.phase == Phase.ROLL then return rules.roll_timeout end
	if current.phase == Phase.SHOWDOWN then return rules.showdown_timeout end
	return rules.acting_timeout
end

Takeover.connected, Takeover.next_connected = connected, next_connected
Takeover.deadline, Takeover.CLAIM_TOLERANCE = deadline, CLAIM_TOLERANCE

-- The table moved: a timeout counts from here, and the flow's own watches start (hold'em's:
-- the deputy's on the host's own reveal, holdem/Deputy.lua).
function Takeover.moved()
	local session = Session.current()
	session.moved_at, session.holding = GetTime(), nil
	Game.moved(session)
end

function Takeover.claim_refused(name)
	local session = Session.current()
	if session.catching_up or session.host == Comm.me() or session.late == session.hands then
		return false
	end
	local wait = deadline(session, Game.hand())
	if not connected(name) then wait = math.min(wait or DROP_GRACE, DROP_GRACE) end
	local waited = GetTime() - (session.moved_at or 0)
	if wait and waited >= wait - CLAIM_TOLERANCE then return false end
	local key = session.hands .. ":" .. session.steps .. ":" .. name
	if session.holding ~= key then
		session.holding = key
		Game.say(L.EARLY_CLAIM:format(Game.short(session.host), Game.short(name), Game.short(name),
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
local function deal_on(current)
	local session = Game.session()
	local successor = Game.next_roller()
	if successor and successor ~= Game.roller() then
		Game.accept(session.host, "dealer", nil, successor)
	end
end

local function on_timeout(only_gone)
	local session = Game.session()
	local current = Game.hand()
	if not current or current.phase == Phase.OVER then return end
	-- A roller gone with rolls to make: the next connected player dealt in deals on.
	local roller = Game.roller()
	local function due(name) return not only_gone or not connected(name) end
	if roller ~= session.host and not connected(roller) then
		deal_on(current)
	elseif due(roller) and session.fair.set_hash
		and (not session.fair.seed or current.phase == Phase.ROLL) then
		-- A roller who did not roll the seed or a street in time: the next player deals on.
		Game.say(L.TIMED_OUT:format(Game.short(roller)))
		return deal_on(current)
	end
	local line = only_gone and L.DROPPED or L.TIMED_OUT
	if not session.fair.set_hash then
		local everyone_due = true
		for _, seat in ipairs(current.seats) do
			if Game.in_hand(current, seat.name) and not session.fair.commits[seat.name]
				and not due(seat.name) then everyone_due = false end
		end
		if everyone_due then Game.maybe_close(true) end
		if everyone_due and not session.fair.set_hash then
			-- Nobody committed: no dice for anyone, so nothing to play for. Void, bets back.
			return Game.accept(session.host, "void")
		end
		-- The deal's own deadline closes the set and no more: a bet has its own deadline.
		if everyone_due and session.deadlines then return end
	end
	if current.phase == Phase.BETTING then
		local actor = current:to_act()
		if not due(actor) then return end
		Game.say(line:format(Game.short(actor)))
		Record.turn(actor, Game.timeout_op())
	elseif current.phase == Phase.SHOWDOWN then
		for _, seat in ipairs(current.seats) do
			if Game.in_hand(current, seat.name) and not current.shown[seat.name] and due(seat.name) then
				Game.say(line:format(Game.short(seat.name)))
				Game.accept(seat.name, "show", session.hands, Game.DEAD, { 1, 1 }) -- no secret: dead
				return
			end
		end
	end
end

local function anyone_gone(current)
	if not connected(Game.roller()) then return true end
	for _, seat in ipairs(current.seats) do
		if Game.in_hand(current, seat.name) and not connected(seat.name) then return true end
	end
	return false
end

function Takeover.arm_timeout()
	local session = Session.current()
	if not session or session.host ~= Comm.me() then return end
	Heartbeat.arm_beat()
	session.timer = (session.timer or 0) + 1
	local armed, current = session.timer, Game.live()
	if not current then return end
	local function after(seconds, only_gone)
		C_Timer.After(seconds, function()
			session = Session.current()
			if session and session.timer == armed then on_timeout(only_gone) end
		end)
	end
	-- A player gone gets DROP_GRACE seconds, however long the phase's deadline for the others.
	local wait = deadline(session, current)
	if anyone_gone(current) and (not wait or wait > DROP_GRACE) then after(DROP_GRACE, true) end
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
		Game.say(L.NOBODY_LEFT:format(Game.short(gone)))
		return Game.void()
	end
	session.host, session.behind, session.succeeded_from = name, nil, gone
	CatchUp.know_host(name)
	Game.say(L.NEW_HOST:format(Game.short(gone), Game.short(name)))
	if name ~= Comm.me() then return end
	-- If the old host was the hand's dealer, the new host names who deals on: an order, so
	-- that it is in the record a catching-up player replays. Waiting resumes.
	local current = Game.hand()
	if current and current.phase ~= Phase.OVER and Game.roller() == gone then
		deal_on(current)
	end
	Game.maybe_close()
	Takeover.arm_timeout()
end
Takeover.succeed = succeed

Session.provide("Takeover", Takeover)
Session.on_use(function(flow, core) Game, Phase, CatchUp = flow, flow.Phase, core.CatchUp end)
