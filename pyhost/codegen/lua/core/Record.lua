-- The table's ordered record, as one client keeps it: the host's orders by sequence number,
-- the players' turns by step, what waits for what, and starting afresh from the host's
-- snapshot when this copy is out of step. Game-independent: what only a game knows (when one
-- of its orders may apply, what it does) is the flow's (Session.use).
local _, ns = ...

local L, Comm, Text, Session = ns.L, ns.Comm, ns.Text, ns.Session

local Record = {}
ns.Record = Record

local session -- the open table (Session.bind)
-- Whether nothing more is applied here: no table open, or the open one to be dropped (resync).
-- (One value, asked before every step: kept with the table, and set where resync marks it.)
local halted = true
local flow -- the game's flow (Session.use)
local Heartbeat, Takeover, CatchUp -- loaded after this: handed on by Session.use
local steps -- what may apply next, in this order: the host's orders, turns, then the flow's own

local short, seated, hand_id = Session.short, Session.seated, Session.hand_id
local MOVE_OPS = ns.Witness.MOVE_OPS

-- This player's saved turns by player (the SavedVariables' `sent`, Record.my_turns): read
-- after every drain, and the same table while a table is open (made when the saved variables
-- load, before any).
local saved_sent
Session.bind(function(new)
	session, halted = new, new == nil or new.dropping == true
	local db = new and Session.db()
	if db then saved_sent = db.sent end
end)

-- This player's "Name-Realm" (Comm.me), kept once asked: it never changes meanwhile. Asked
-- as `me or my_name()` where every message passes.
local me
local function my_name()
	me = Comm.me()
	return me
end

local say = Session.say

-- Orders this client refused (table id and sequence number), kept past a dropped copy.
local refused_orders = {}

local drain -- below: apply whatever can be applied now
local resume_turn, take_turn, timeout_turn, same_turn -- below

-- Out of step with the host's record (it acted for a player whose own turn crossed it on the
-- way), or stuck on something lost: start afresh from the host's snapshot. The host, whose
-- record it is, never does.
local function resync()
	if session.host == Comm.me() or session.dropping then return end
	-- Dropped a moment later, not under the feet of whatever is running on this copy now;
	-- nothing more is applied to it meanwhile (drain stops).
	CatchUp.know_host(session.host) -- (and its seats: whose snapshot it may take)
	local stale = session
	stale.dropping, halted = true, true
	C_Timer.After(0, function()
		if session ~= stale then return end
		Session.drop()
		CatchUp.hello(CatchUp.KNOWN_RETRIES)
	end)
end

-- The host's next order, if it can be applied now. An order waits until this client has
-- applied as many turns as the host had when it gave it, and whatever else the flow says
-- it waits for (flow.order_waits).
local function next_order()
	local item = session.waiting[session.seq + 1]
	if not item then return false end
	local live = flow.live()
	if live and session.steps < (item.steps or 0) then return false end
	if flow.order_waits(item) then return false end
	-- Someone else's chips move only on their own word (their ACT, heard here or, catching
	-- up, in the record): the order waits for it (ask_again refuses it if it never comes).
	if refused_orders[session.id .. ":" .. tostring(item.seq)] then return false end
	if item.player ~= session.host and MOVE_OPS[item.op] and not item.owned then
		if not Session.take_move(item.player, item.op, item.amount, item.target) then return false end
		item.owned = true
	end
	session.waiting[session.seq + 1] = nil
	session.seq = session.seq + 1
	if item.owned then -- the owner's word goes in the record too, for whoever hosts next
		session.log[#session.log + 1] = { "MOVE", { table = session.id, player = item.player,
			op = item.op, amount = item.amount, target = item.target } }
	end
	session.log[#session.log + 1] = { "DO", item }
	flow.apply_order(item)
	return true
end

-- The next turn of the hand, if it has come: the host's word for it if there is one, else the
-- player to act's own. A turn waits for the streets its player had seen.
local function next_turn()
	local turns = session.turns[session.hands]
	local slot = turns and turns[session.steps + 1]
	if not slot or not flow.live() then return false end
	local actor = flow.to_act() -- none while a street waits to be rolled
	-- (A snapshot's record replays every turn as the host's: those are its word for the
	-- players' own, and pass.)
	if not session.catching_up and slot.attested and actor and slot.attested.player ~= session.host
		and not timeout_turn(slot.attested, actor) then
		-- The host may act for a player only as a timeout does (a check, else a fold), and
		-- only for the player to act: anything else is named and not applied.
		local entry = slot.attested
		slot.attested = nil
		say(L.NOT_THEIR_WORD:format(short(session.host), short(entry.player), Text.safe(entry.op)))
	end
	local entry = slot.attested
	-- The host acting for another player claims their time ran out: taken only once it has
	-- by this client's clock too (else the player's own turn, if it comes, is taken).
	if entry and entry.player ~= session.host and Takeover.claim_refused(entry.player) then
		entry = nil
	end
	local attested = entry ~= nil
	entry = entry or (actor and slot[actor])
	if not entry or flow.streets() < (entry.streets or 0) then return false end
	turns[session.steps + 1] = nil
	local events = flow.act(entry.player, entry.op, entry.amount, entry.dice)
	if not events then -- a player's turn their engine should have refused: ignored
		if attested then resync() end
		return true
	end
	session.steps = session.steps + 1
	local did = session.did[session.hands]
	if not did then did = {} session.did[session.hands] = did end
	did[session.steps] = entry
	session.log[#session.log + 1] = { "TURN", entry, attested = attested }
	flow.turn_taken(events)
	if session.host == (me or my_name()) then Takeover.arm_timeout() end -- (only the host times out)
	flow.settle()
	return true
end

-- Whether a turn the host sent for a player is what a timeout does for them (the flow's
-- timeout_op), and only for the player to act.
timeout_turn = function(entry, actor)
	if entry.player ~= actor then return false end
	return entry.op == flow.timeout_op()
end

-- The host's heartbeat (core/Takeover.lua) said it is further on than this client.
local function behind_host()
	local at = session.behind
	return at ~= nil and (at.seq > session.seq or at.hands > session.hands
		or (at.hands == session.hands and (at.steps > session.steps or flow.behind(at))))
end

-- Something this client has heard but cannot apply yet: an order after a missing one, or a
-- turn for the next step (the host's, the player to act's, or anyone's while a roll is due).
local function pending()
	-- Holding a timeout claimed early (Takeover.claim_refused) is no gap: a snapshot would take it.
	if session.holding then return false end
	if next(session.waiting) or (session.behind and behind_host()) then return true end
	local turns = session.turns[session.hands]
	if not flow.live() then return false end
	if flow.gap() then return true end -- the flow's own (hold'em: a reveal while still betting)
	if not turns or next(turns) == nil then return false end -- (most often: none heard ahead)
	for step, slot in pairs(turns) do
		if step > session.steps + 1 and next(slot) then return true end -- one came after a gap
	end
	local slot = turns[session.steps + 1]
	if not slot then return false end
	local actor = flow.to_act()
	if actor then return (slot.attested or slot[actor]) ~= nil end
	return next(slot) ~= nil
end

-- Stuck on a turn this client never heard, with later ones here: the player to act is asked
-- to send theirs again (the host too, in case it sent it for them). True if it asked.
local function ask_again()
	local item = session.waiting[session.seq + 1]
	local refused = item and refused_orders[session.id .. ":" .. tostring(item.seq)]
	if item and (refused or item.player ~= session.host and MOVE_OPS[item.op] and not item.owned) then
		-- The host moved a player's chips without that player's word: not applied here.
		if not refused then
			say(L.NOT_THEIR_WORD:format(short(session.host), short(item.player), Text.safe(item.op)))
		end
		-- Remembered past a dropped copy: the host's snapshot does not bring it back.
		refused_orders[session.id .. ":" .. tostring(item.seq)] = true
		session.waiting[session.seq + 1] = nil
		session.seq = session.seq + 1
		drain()
		return true
	end
	-- What the flow's own orders wait on (hold'em: commitments, reveals): nil if nothing.
	local asked = flow.ask_for(item)
	if asked ~= nil then return asked end
	local actor = flow.live() and flow.to_act()
	if not actor or next(session.waiting) then return false end
	local at = session.behind -- behind on the host's orders, not just a turn: no one to ask
	if at and (at.seq > session.seq or at.hands > session.hands) then return false end
	Comm.send("AGAIN", { table = session.id, hand = session.hands, step = session.steps + 1, player = actor })
	return true
end

-- This player's own turns this hand, kept in SavedVariables: a /reload or a snapshot that
-- drops the table's copy must not lose one the host may never have heard.
local function my_turns()
	local db = Session.db()
	local sent = db.sent[Comm.me()]
	if not sent or sent.hand ~= hand_id() then
		sent = { hand = hand_id() }
		db.sent[Comm.me()] = sent
	end
	return sent
end

-- The turn this client took at that step of that hand, to send again: only its own, or (the
-- host) one it sent for a player.
local function turn_sent(number, step)
	local mine = tostring(number) == tostring(session.hands) and my_turns()[tonumber(step)]
	if mine then return mine end
	if session.host ~= Comm.me() then return nil end
	for i = #session.log, 1, -1 do
		local entry = session.log[i]
		if entry[1] == "TURN" and entry.attested and tostring(entry[2].hand) == tostring(number)
			and tostring(entry[2].step) == tostring(step) then
			return entry[2]
		end
	end
end

Comm.on("AGAIN", function(_, asked)
	if not session or asked.table ~= session.id then return end
	-- The flow's own steps (hold'em: this player's commitment or reveal) go again by the flow.
	if flow.asked_again(asked) then return end
	if asked.player ~= Comm.me() and session.host ~= Comm.me() then return end
	local sent = turn_sent(asked.hand, asked.step)
	if sent then Comm.send("TURN", sent) end
end)

-- A turn of this player's that this copy of the table has not taken yet, though it was sent
-- (the copy was dropped and rebuilt from a record without it): sent again and taken now.
-- (Asked after every drain that finds a saved turn for the next step in `sent`, this player's
-- saved turns: most often there is none, and drain looks no further. They are read in place,
-- not made for this hand as my_turns makes them: a list of another hand's is never read, and
-- is replaced when this player next takes a turn.)
resume_turn = function(sent)
	local mine = sent[session.steps + 1]
	if sent.hand ~= hand_id() or session.catching_up then return false end
	local turns = session.turns[session.hands]
	local slot = turns and turns[session.steps + 1]
	if slot and slot[me] then return false end
	Comm.send("TURN", mine)
	take_turn(Comm.me(), mine)
	return true
end

-- Not re-entered: what it applies may call it again (a street's roll lets turns through), and
-- the loop already running goes on with those; an inner one could drop the table (resync)
-- under the outer one's feet.
local draining = false
-- Everything that can be applied now: the steps in order, from the first again after any one
-- applies (what it applied may let an earlier one through). Each may resync (drop the
-- table): stop there.
local function apply_all()
	local moved, i = false, 1
	while not halted do
		local step = steps[i]
		if not step then break end -- none can apply
		if step() then moved, i = true, 1 else i = i + 1 end
	end
	return moved
end

drain = function()
	if draining then return end
	draining = true
	local ok, moved = pcall(apply_all)
	draining = false
	if not ok then error(moved, 0) end
	if halted then return end
	if moved and session.host == (me or my_name()) then Heartbeat.arm_beat() end -- (only the host beats)
	local sent = saved_sent[me or my_name()]
	if sent and sent[session.steps + 1] and resume_turn(sent) then return end
	if pending() then Heartbeat.watch_gap() end -- something came before one missing
end

-- Only the host orders the table or acts for another player: anyone else's such message is
-- ignored, and the local player told once per sender.
local function forged(sender)
	if session.warned[sender] then return end
	session.warned[sender] = true
	say(L.FORGED:format(short(sender), short(session.host)))
end

-- Whether two turns for one step are the same turn: the same player, op and amount (and dice,
-- in a draw game's keep). (Asked only of a turn heard again after it applied.)
same_turn = function(one, other)
	return one.player == other.player and (one.op or "") == (other.op or "")
		and tostring(one.amount or "") == tostring(other.amount or "") and one.dice == other.dice
end

-- A turn: a betting action in a guided hand. Nobody orders turns (the engine knows whose turn
-- it is), so the player sends it to everyone, who apply it when its step comes; the host sends
-- one only for a player it acts for. The host's messages then do not grow with the table.
take_turn = function(sender, sent)
	local number, step, player = sent.hand, sent.step, sent.player
	if not (number and step and player) then return end
	local attested = sender == session.host
	if sender ~= player and not attested then return forged(sender) end
	-- Who sent it (its nonce, flow.nonce, is theirs: the flow may keep them from rolling
	-- what it closes); in a snapshot's record, as the host's record says.
	if sender ~= session.host or not session.catching_up or not sent.by then sent.by = sender end
	if not attested and not seated(player) then return end -- a watcher's: nobody's turn
	-- Only this hand's and the next one's, not far ahead: nobody honest is so far ahead.
	if number > session.hands + 1 or step > session.steps + 100 then return end
	if number < session.hands or (number == session.hands and step <= session.steps) then
		-- Applied already: the host's word for that turn must be what this client did.
		local did = session.did[number] and session.did[number][step]
		if attested and did and not same_turn(did, sent) then resync() end
		return
	end
	session.turns[number] = session.turns[number] or {}
	local slot = session.turns[number][step] or {}
	session.turns[number][step] = slot
	-- The message itself waits in its step's slot (the host's word as slot.attested).
	if attested then slot.attested = sent else slot[player] = slot[player] or sent end
	drain()
end

-- Send a turn (this player's own, or the host's for a player it acts for) and take it here.
-- `dice` (encoded) only in a game whose TURN has them (a draw game's keep).
local function turn(player, op, amount, dice)
	local sent = { table = session.id, hand = session.hands, step = session.steps + 1, op = op,
		player = player, amount = amount, streets = flow.streets(), nonce = flow.nonce(), dice = dice }
	if player == Comm.me() then my_turns()[sent.step] = sent end
	Comm.send("TURN", sent)
	take_turn(Comm.me(), sent)
	local number, step = sent.hand, sent.step
	Heartbeat.confirm("TURN", sent, function(now)
		return now.hands ~= number or now.steps > step -- someone acted after it
	end)
end

-- (An empty op or player is the empty name, as it always was: never a default.)
Comm.on("TURN", function(sender, sent)
	if not (session and sent.table == session.id) then return end
	sent.op, sent.player = sent.op or "", sent.player or ""
	take_turn(sender, sent)
end)

Comm.on("DO", function(sender, order)
	if not session then return Session.unreachable(sender) end -- (a table it cannot join)
	if order.table ~= session.id then return end
	if sender ~= session.host then return forged(sender) end
	local seq = order.seq
	if not seq or seq <= session.seq then return end -- applied already (a duplicate)
	order.op, order.player = order.op or "", order.player or ""
	session.waiting[seq] = order
	drain()
end)

Session.on_use(function(game_flow, core)
	flow = game_flow
	Heartbeat, Takeover, CatchUp = core.Heartbeat, core.Takeover, core.CatchUp
	steps = { next_order, next_turn }
	for _, step in ipairs(flow.steps) do steps[#steps + 1] = step end
end)

Record.resync, Record.pending, Record.ask_again, Record.my_turns, Record.turn_sent = resync, pending,
	ask_again, my_turns, turn_sent
Record.drain, Record.turn, Record.take_turn = drain, turn, take_turn
