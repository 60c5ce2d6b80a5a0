-- The host's heartbeat, and a client's watch on what it has not heard.
--
-- A client stuck on a step it cannot apply (a later message came, or the host's beat says it
-- is further on) asks for what is missing, then starts afresh from the host's snapshot
-- (CatchUp.lua). The host beats while its table is quiet; a player's own messages the host
-- must hear go again until it shows it has them.
local _, ns = ...

local Phase = ns.Holdem.Phase -- a hand's phases, by name

local Game, Comm = ns.Game, ns.Comm

local Heartbeat = {}
ns.Heartbeat = Heartbeat

-- `step()` after `seconds`, then again after each wait `factor` times the last: `times` in
-- all, or until it returns false. (The heartbeat, confirmations and repeated HELLOs.)
local function every(seconds, factor, times, step)
	if times < 1 then return end
	C_Timer.After(seconds, function()
		if step() ~= false then every(seconds * factor, factor, times - 1, step) end
	end)
end
Heartbeat.every = every

-- Still stuck on the same step a few seconds later: something was lost on the way. Start
-- afresh from the host's snapshot, which replays the whole table quietly.
local GAP_SECONDS, ASKS = 3, 3
Heartbeat.GAP_SECONDS = GAP_SECONDS

function Heartbeat.watch_gap()
	local session = Game.session()
	if session.watching then return end
	session.watching = true
	local function progress(now) return now.seq .. ":" .. now.hands .. ":" .. now.steps end
	local stuck_at, table_id = progress(session), session.id
	C_Timer.After(GAP_SECONDS, function()
		session = Game.session()
		if not session or session.id ~= table_id then return end
		session.watching = false
		if session.catching_up then return Heartbeat.watch_gap() end -- a copy still on its way
		if not Game.pending() then return end -- caught up in the meantime
		if progress(session) ~= stuck_at then return Heartbeat.watch_gap() end -- moving, if slowly
		session.late = session.hands -- stuck: its clock for timeouts started late this hand
		-- A turn missing: first ask its player to send it again (a few times: the asking or
		-- the answer may be lost too), then start afresh. (The host, which never does, keeps
		-- the asking.)
		if session.asked ~= stuck_at then session.asked, session.asks = stuck_at, 0 end
		local host = session.host == Comm.me()
		if (host or session.asks < ASKS) and Game.ask_again() then
			session.asks = session.asks + 1
			if not host or session.asks < 3 * ASKS then return Heartbeat.watch_gap() end
			return
		end
		Game.resync()
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

-- "s" and a flag per seat of the hand: whose commitments (or reveals) the host has.
local function seat_flags(current, has)
	local flags = { "s" }
	for i, seat in ipairs(current.seats) do flags[i + 1] = has(seat.name) and "1" or "0" end
	return table.concat(flags)
end

local function beat()
	local session, current = Game.session(), Game.hand()
	local live = current and current.phase ~= Phase.OVER
	local commits, shown = "", ""
	if live and not session.fair.set_hash then
		commits = seat_flags(current, function(name) return Game.heard(session.hands)[name] end)
	elseif live and current.phase == Phase.SHOWDOWN then
		shown = seat_flags(current, function(name) return current.shown[name] ~= nil end)
	end
	Comm.send("AT", { table = session.id, seq = session.seq, hands = session.hands,
		steps = session.steps, streets = live and #current.community or 0, commits = commits,
		shown = shown, over = not live and "over" or nil, seed = session.fair.seed,
		banks = Game.banks_digest() })
end

function Heartbeat.arm_beat()
	local session = Game.session()
	if not session or session.host ~= Comm.me() then return end
	session.beat = (session.beat or 0) + 1
	local armed = session.beat
	every(BEAT_SECONDS, 2, BEATS, function()
		session = Game.session()
		if not session or session.beat ~= armed or session.host ~= Comm.me() then return false end
		beat()
	end)
end

-- This player's own message that the host must hear (a turn, a commitment, a reveal): the
-- host's next heartbeat says whether it has it (and the handler below sends it again if not),
-- or the table moves past it (`arrived`). With neither, the host never heard it and has had
-- nothing to beat about: it goes again, at most BEATS times.
local CONFIRM_SECONDS = BEAT_SECONDS + 2
function Heartbeat.confirm(kind, message, arrived)
	local session = Game.session()
	if not session or session.host == Comm.me() then return end
	local sent_at = GetTime()
	every(CONFIRM_SECONDS, 1, BEATS, function()
		if Game.session() ~= session or arrived(session) then return false end
		if (session.beat_heard or sent_at) > sent_at then return false end
		Comm.send(kind, message)
	end)
end
Heartbeat.BEAT_SECONDS = BEAT_SECONDS

local function from_host(sender, message)
	local session = Game.session()
	return session and sender == session.host and message.table == session.id
end

-- What the host last said of where it stands (its heartbeat, a snapshot's end): a client
-- short of it is behind, and watches for what is missing.
local function note_host(session, seq, hands, steps, over, streets)
	session.behind = { seq = seq, hands = hands, steps = steps, over = over, streets = streets }
	if Game.pending() then Heartbeat.watch_gap() end
end
Heartbeat.from_host, Heartbeat.note_host = from_host, note_host

Comm.on("AT", function(sender, at)
	local session = Game.session()
	if not session then return ns.CatchUp.beat_heard(at) end -- (CatchUp loads after this)
	if not from_host(sender, at) then return end
	local seq, hands, steps = at.seq, at.hands, at.steps
	if not (seq and hands and steps) then return end
	session.beat_heard = GetTime()
	if session.catching_up then return end -- (see SNAP below)
	if seq < session.seq or hands < session.hands then return Game.resync() end -- the host's rules
	-- The seed this client saw rolled binds here, whatever the host's is: no word (nor
	-- a vote) replaces it. A differing one is named, once a hand.
	local seed = session.fair.seed
	if hands == session.hands and seed and at.seed and tostring(seed) ~= at.seed
		and session.seed_named ~= hands then
		session.seed_named = hands
		Game.say(ns.L.SEED_DIFFERS:format(Game.short(sender), hands))
	end
	-- No hand in play on either side (the same one over, or none yet), but other banks: the
	-- host's record rules.
	local current = Game.hand()
	if hands == session.hands and at.over == "over" and (not current or current.phase == Phase.OVER)
		and at.banks and at.banks ~= Game.banks_digest() then
		return Game.resync()
	end
	-- (The host's flags are there only while its hand waits on commitments or reveals.)
	if hands == session.hands and current then
		local me = Comm.me()
		-- Sent again, and again after that if the host still shows no sign of it (it beats
		-- only when its table moves, and a lost resend would leave it stuck).
		local function again(kind, resent)
			Comm.send(kind, resent)
			Heartbeat.confirm(kind, resent, function(now) return now.hands ~= hands end)
		end
		local turn = steps < session.steps and Game.turn_sent(hands, steps + 1)
		if turn then again("TURN", turn) end
		local flag -- this player's flag in the host's (its hand may be over here already)
		for i, seat in ipairs(current.seats) do
			if seat.name == me then flag = i + 1 end
		end
		local mine = Game.heard(hands)[me]
		if flag and mine and (at.commits or ""):sub(flag, flag) == "0" then
			again("ACT", { table = session.id, op = "commit", amount = hands, target = mine })
		end
		local reveal = Game.revealed(hands)[me]
		if flag and reveal and session.mode == "guided" and (at.shown or ""):sub(flag, flag) == "0" then
			again("ACT", { table = session.id, op = "show", amount = hands, target = reveal[1],
				dice = reveal[2] })
		end
	end
	note_host(session, seq, hands, steps, at.over == "over", at.streets)
end)
