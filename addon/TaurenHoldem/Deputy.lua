-- The host's deputy, at a hold'em showdown (the table core's Takeover.lua calls Game.moved,
-- below, each time the table moves).
--
-- A host that does not reveal its own dice at a guided showdown: nobody's timeout mucks it, so
-- its deputy does (the first seat after it that is connected, which every client finds alike
-- from the public record). The deputy's MUCK names the host once the showdown's deadline is up
-- by its own clock; every client, the host's included, takes it only from that deputy, only
-- for the host, only while the host's reveal is missing, and only once the deadline is due by
-- its own clock (CLAIM_TOLERANCE, as for the host's claims). The host's hand is then dead: its
-- chips stay in the pot. A reveal heard first wins.
local _, ns = ...

local Phase = ns.Holdem.Phase -- a hand's phases, by name

local L, Comm, Heartbeat, Session, Takeover, Game = ns.L, ns.Comm, ns.Heartbeat, ns.Session,
	ns.Takeover, ns.Game
local next_connected, deadline = Takeover.next_connected, Takeover.deadline
local CLAIM_TOLERANCE = Takeover.CLAIM_TOLERANCE

local function deputy(session) return next_connected(session.seats, session.host) end
local MUCK_AGAIN = 2 -- how many more times the deputy sends its MUCK

-- Why a MUCK for `player` from `sender` is not taken here, or nil (it is).
local function muck_refusal(session, sender, player)
	local current = Game.hand()
	if session.mode ~= "guided" or not current or current.phase ~= Phase.SHOWDOWN then
		return "no showdown is waiting"
	end
	if sender ~= deputy(session) then return "not the host's deputy" end
	if player ~= session.host then return "only the host is mucked so" end
	if not Game.in_hand(current, player) or current.shown[player] ~= nil
		or Game.revealed(session.hands)[player] then return "the host's reveal is not missing" end
	local wait = deadline(session)
	if not wait or session.late == session.hands
		or GetTime() - (session.moved_at or 0) < wait - CLAIM_TOLERANCE then
		return "the showdown's time is not up here"
	end
end

-- The host's hand is dead here: its chips stay in the pot (Game's dead show, as a timeout's).
-- The MUCK goes in the table's record, so a client catching up replays it.
local function muck_host(session)
	local host = session.host
	if host == Comm.me() then Game.say(L.TIMED_OUT:format(Game.short(host))) end
	Game.revealed(session.hands)[host] = { Game.DEAD, "1,1", mucked = true }
	session.log[#session.log + 1] = { "MUCK", { table = session.id, hand = session.hands,
		player = host } }
	-- (Replaying a record, the showdown may not have come yet: Game's next_show applies it then.)
	if Game.hand().phase == Phase.SHOWDOWN then Game.apply_dead(host) end
end

-- A MUCK heard again (the deputy sends it more than once, in case one is lost): the host's
-- hand is shown (dead) here already, or the hand over.
local function muck_again(session, player)
	local current = Game.hand()
	return player == session.host
		and (not current or current.phase == Phase.OVER or current.shown[player] ~= nil)
end

local function arm_deputy(session)
	local current = session.engine and session.engine.hand -- (Game.hand, read in place)
	-- (A host that has shown is never mucked so (muck_refusal): no deputy to find, at the
	-- showdown's every move after it.)
	if session.mode ~= "guided" or not current or current.phase ~= Phase.SHOWDOWN
		or current.shown[session.host] ~= nil or deputy(session) ~= Comm.me() then return end
	local wait = deadline(session)
	if not wait then return end
	local moved_at, hands = session.moved_at, session.hands
	C_Timer.After(wait + 1, function()
		if Session.current() ~= session or session.moved_at ~= moved_at or session.hands ~= hands
			or muck_refusal(session, Comm.me(), session.host) then return end
		local muck = { table = session.id, hand = hands, player = session.host }
		Comm.send("MUCK", muck)
		muck_host(session) -- (a client hears no message of its own)
		-- Nobody answers a MUCK, so a lost one would leave that client at the showdown: it goes
		-- again with the host's beats, while no next hand has started here.
		Heartbeat.every(Heartbeat.BEAT_SECONDS, 1, MUCK_AGAIN, function()
			if Session.current() ~= session or session.hands ~= hands then return false end
			Comm.send("MUCK", muck)
		end)
	end)
end

Comm.on("MUCK", function(sender, muck)
	local session = Session.current()
	if not session or muck.table ~= session.id or muck.hand ~= session.hands then return end
	if muck_again(session, muck.player) then return end
	-- Replaying the record, the host's copy of its deputy's MUCK: what the deputy did, once
	-- due (a host has no reason to confess a muck of its own hand that never happened).
	local why
	if session.catching_up then
		why = sender ~= session.host and "not the host's record"
			or muck.player ~= session.host and "only the host is mucked so" or nil
	else
		why = muck_refusal(session, sender, muck.player)
	end
	if why then
		local key = session.hands .. ":" .. sender .. ":" .. (muck.player or "?")
		session.mucks_named = session.mucks_named or {}
		if session.mucks_named[key] then return end
		session.mucks_named[key] = true
		return Game.say(L.MUCK_REFUSED:format(Game.short(sender), Game.short(muck.player or "?"), why))
	end
	muck_host(session)
end)

Game.moved = arm_deputy
