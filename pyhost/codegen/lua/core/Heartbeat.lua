-- The host's heartbeat, and a client's watch on what it has not heard.
--
-- A client stuck on a step it cannot apply (a later message came, or the host's beat says it
-- is further on) asks for what is missing, then starts afresh from the host's snapshot
-- (CatchUp.lua). The host beats while its table is quiet; a player's own messages the host
-- must hear go again until it shows it has them.
local _, ns = ...

local Comm, Session, Record = ns.Comm, ns.Session, ns.Record
local flow, CatchUp -- the game's flow, and CatchUp.lua (loaded after this): Session.use

local Heartbeat = {}
ns.Heartbeat = Heartbeat

-- The open table, as Session.current() answers (kept here: asked after every step applied).
local open_table
Session.bind(function(new) open_table = new end)

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
	local session = Session.current()
	if session.watching then return end
	session.watching = true
	local function progress(now) return now.seq .. ":" .. now.hands .. ":" .. now.steps end
	local stuck_at, table_id = progress(session), session.id
	C_Timer.After(GAP_SECONDS, function()
		session = Session.current()
		if not session or session.id ~= table_id then return end
		session.watching = false
		if session.catching_up then return Heartbeat.watch_gap() end -- a copy still on its way
		if ns.Restricted.paused then return Heartbeat.watch_gap() end -- it catches up once out
		if not Record.pending() then return end -- caught up in the meantime
		if progress(session) ~= stuck_at then return Heartbeat.watch_gap() end -- moving, if slowly
		session.late = session.hands -- stuck: its clock for timeouts started late this hand
		-- A turn missing: first ask its player to send it again (a few times: the asking or
		-- the answer may be lost too), then start afresh. (The host, which never does, keeps
		-- the asking.)
		if session.asked ~= stuck_at then session.asked, session.asks = stuck_at, 0 end
		local host = session.host == Comm.me()
		if (host or session.asks < ASKS) and Record.ask_again() then
			session.asks = session.asks + 1
			if not host or session.asks < 3 * ASKS then return Heartbeat.watch_gap() end
			return
		end
		Record.resync()
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

-- Where the host stands: its counts, and the flow's own (flow.where: hold'em's streets, the
-- commitments or reveals it has, the hand over, the seed, the banks' digest).
local function beat()
	local session = Session.current()
	local at = flow.where()
	at.table, at.seq, at.hands, at.steps = session.id, session.seq, session.hands, session.steps
	Comm.send("AT", at)
end

function Heartbeat.arm_beat()
	local session = open_table
	if not session or session.host ~= Comm.me() then return end
	session.beat = (session.beat or 0) + 1
	local armed = session.beat
	every(BEAT_SECONDS, 2, BEATS, function()
		session = Session.current()
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
	local session = Session.current()
	if not session or session.host == Comm.me() then return end
	local sent_at = GetTime()
	every(CONFIRM_SECONDS, 1, BEATS, function()
		if Session.current() ~= session or arrived(session) then return false end
		if (session.beat_heard or sent_at) > sent_at then return false end
		Comm.send(kind, message)
	end)
end
Heartbeat.BEAT_SECONDS = BEAT_SECONDS

local function from_host(sender, message)
	local session = Session.current()
	return session and sender == session.host and message.table == session.id
end

-- What the host last said of where it stands (its heartbeat, a snapshot's end): a client
-- short of it is behind, and watches for what is missing.
local function note_host(session, seq, hands, steps, over, streets)
	session.behind = { seq = seq, hands = hands, steps = steps, over = over, streets = streets }
	if Record.pending() then Heartbeat.watch_gap() end
end
Heartbeat.from_host, Heartbeat.note_host = from_host, note_host

Comm.on("AT", function(sender, at)
	local session = Session.current()
	if not session then return CatchUp.beat_heard(at, sender) end
	if not from_host(sender, at) then return end
	local seq, hands, steps = at.seq, at.hands, at.steps
	if not (seq and hands and steps) then return end
	session.beat_heard = GetTime()
	if session.catching_up then return end -- (see SNAP below)
	if seq < session.seq or hands < session.hands then return Record.resync() end -- the host's rules
	-- What the flow reads in the beat (hold'em: a seed that differs, other banks with no hand
	-- in play): true if it dropped this copy for the host's record.
	if flow.host_beat(sender, at) then return end
	-- (The host's flags are there only while its hand waits on commitments or reveals.)
	if hands == session.hands and flow.hand() then
		-- Sent again, and again after that if the host still shows no sign of it (it beats
		-- only when its table moves, and a lost resend would leave it stuck).
		local function again(kind, resent)
			Comm.send(kind, resent)
			Heartbeat.confirm(kind, resent, function(now) return now.hands ~= hands end)
		end
		local turn = steps < session.steps and Record.turn_sent(hands, steps + 1)
		if turn then again("TURN", turn) end
		flow.send_again(at, again) -- the flow's own (hold'em: this player's commitment, reveal)
	end
	note_host(session, seq, hands, steps, at.over == "over", at.streets)
end)

Session.provide("Heartbeat", Heartbeat)
Session.on_use(function(game_flow, core) flow, CatchUp = game_flow, core.CatchUp end)
