-- A game kept across logouts: each seat's client saves the table's record (the snapshot it
-- would send) in SavedVariables at PLAYER_LOGOUT while a game is in play, for a flow that can
-- say what has been played (flow.summary, flow.extends: a game that lasts for days). When
-- the players log back in and nobody holds the table, the first one back reopens it from its
-- copy, as its host; a later arrival takes the table's snapshot only from a seat of it, and
-- keeps it only if it extends its own copy: the same game, at least as far, and what was
-- played by then the same (docs/protocol.md, "Long games"). A copy that contradicts its own
-- is dropped, its sender refused, and this client reopens the table from its own copy. A copy
-- refused because it has this client's own player play on past his copy is also said to the
-- others (DISOWN): only this client can vouch for his steps.
local _, ns = ...

local L, Comm, Session = ns.L, ns.Comm, ns.Session
local connected = ns.Takeover.connected
local SnapCheck = ns.SnapCheck
local flow, CatchUp -- (Session.use)

local Kept = {}
ns.Kept = Kept

local DECIDE_SECONDS, DECIDES = 3, 6 -- who reopens, once the others back have had their say
local claims = {} -- seats back with no table, by name: { id, at = progress } (their HELLO)
local holding = {} -- seats that sent a snapshot of the kept table (it runs there)
local passed = {} -- seats chosen to reopen that did not (gone again, or slow): passed over

-- A seat's word on its own steps: the table `host` runs as `table` has it play past the copy it
-- kept (hands, steps, applied: how far that table went), which only it could (Kept.refusal).
ns.Messages.declare("DISOWN", { "table", "host", "hands:n", "steps:n", "applied:n" })
-- What is disowned lives in the kept copy, so a /reload or a logout forgets none of it:
-- `disowned`, the tables a seat of them disowned, by "id host": that seat; `disowning`, this
-- client's own DISOWN of that game (said again to a seat back).
local told = {} -- when it was last said again to each seat

local function mine()
	local db = Session.db()
	db.kept = db.kept or {}
	return db.kept[Comm.me()]
end

local function progress(hands, steps, applied)
	return { tonumber(hands) or 0, tonumber(steps) or 0, tonumber(applied) or 0 }
end

-- Whether `a` is further on than `b` (the same game: more turns or more rolls).
local function further(a, b)
	if a[1] ~= b[1] then return a[1] > b[1] end
	return a[2] + a[3] > b[2] + b[3]
end

-- Whether every seat of the kept table is in this client's group (online or not): only there
-- is the game reopened (a copy kept from a group left since stays unused).
local function its_group(kept)
	for _, seat in ipairs(kept.seats) do
		if seat ~= Comm.me() and UnitInParty(seat, Comm.group()) ~= true then return false end
	end
	return true
end

local function seat_of(kept, name)
	return ns.Lists.index(kept.seats, name) ~= nil
end

-- At PLAYER_LOGOUT: a seat's copy of the game in play (`entries`: the snapshot it would send),
-- or nothing once its table has no game in play. With no table at all (it never got it back),
-- the copy it had stays.
function Kept.save(session, entries)
	local db = Session.db()
	db.kept = db.kept or {}
	if not session or session.catching_up then return end -- (a copy half replayed: the last one stays)
	local summary = flow.summary and flow.summary()
	if not (summary and entries and Session.seated(Comm.me())) then
		db.kept[Comm.me()] = nil
		return
	end
	local was = db.kept[Comm.me()]
	local same = was and was.id == session.id
	db.kept[Comm.me()] = { id = session.id, host = session.host, seats = session.seats,
		hands = session.hands, steps = session.steps, applied = session.applied or 0,
		summary = summary, entries = entries,
		disowned = same and was.disowned or nil, disowning = same and was.disowning or nil }
end

-- What this client's HELLO says of its copy: "hands.steps.applied id".
function Kept.announce()
	local kept = mine()
	if not kept or Session.current() then return nil end
	return kept.hands .. "." .. kept.steps .. "." .. kept.applied .. " " .. kept.id
end

-- A seat's HELLO: what it kept (or nothing) and that it holds no table. A seat back with a copy
-- of a table this client disowned hears that again (it may take that table before it hears us).
function Kept.heard(sender, text)
	local hands, steps, applied, id = (text or ""):match("^(%d+)%.(%d+)%.(%d+) (.+)$")
	claims[sender] = hands and { id = id, at = progress(hands, steps, applied) } or nil
	holding[sender] = nil
	local kept = mine()
	local own = id and kept and kept.id == id and kept.disowning
	if own and sender ~= own.host and (told[sender] or -10) < GetTime() - 4 then
		told[sender] = GetTime()
		Comm.send("DISOWN", own, sender)
	end
end

-- Whether this client takes a snapshot of table `id` from `sender` on its copy's terms: it kept
-- that table, and `sender` sits at it (the copy is then checked, at its end, against its own).
-- (Any snapshot of it from a seat says the table runs there, even one this client ignores.)
function Kept.takes(sender, id)
	local kept = mine()
	if not (kept and kept.id == id and seat_of(kept, sender)) then return false end
	holding[sender], claims[sender] = true, nil
	return not SnapCheck.refused(sender)
end

-- The seat that reopens: of those back with a copy of this table and no table (this client
-- among them), the one whose copy goes furthest; among equals the first from the host it kept,
-- in seat order (every client finds the same). nil while a seat of it holds the table.
local function chosen(kept)
	local me, at = Comm.me(), 1
	for i, seat in ipairs(kept.seats) do if seat == kept.host then at = i end end
	local best, best_at
	for step = 0, #kept.seats - 1 do
		local seat = kept.seats[(at - 1 + step) % #kept.seats + 1]
		local here = seat == me or (connected(seat) and not SnapCheck.refused(seat) and not passed[seat])
		if here and seat ~= me and holding[seat] then return nil end
		local claim = seat == me and { id = kept.id, at = progress(kept.hands, kept.steps, kept.applied) }
			or claims[seat]
		if here and claim and claim.id == kept.id and (not best or further(claim.at, best_at)) then
			best, best_at = seat, claim.at
		end
	end
	return best
end

local function reopen(kept)
	local session = CatchUp.reopen(kept.entries)
	if not session then return end
	-- Its seats not back yet are waited for longer than a seat gone (the ruleset's reopen_wait).
	session.wait_until = GetTime() + (ns.Rules.table.reopen_wait or 0)
	ns.Takeover.arm_timeout()
	Session.say(L.REOPENED:format(session.hands))
	for _, seat in ipairs(session.seats) do
		if seat ~= Comm.me() and connected(seat) and claims[seat] then CatchUp.copy_to(seat) end
	end
end

local function decide(tries)
	local kept = mine()
	if Session.current() or not kept or not IsInGroup() or not its_group(kept) then return end
	local again = function() C_Timer.After(DECIDE_SECONDS, function() decide(tries + 1) end) end
	if Comm.receiving() then return again() end -- (a copy on its way: wait for it)
	local first = chosen(kept)
	if first == Comm.me() then return reopen(kept) end
	if tries >= DECIDES then return end
	if first and tries > 0 then passed[first] = true end -- (it was chosen last time: no table came)
	again()
end

-- Logging in (not a host's /reload) with a copy, in a group: alone among its seats, this
-- client reopens the table at once; else it asks (its HELLO says what it kept) and, if no
-- seat holds the table, the one the seats back all choose reopens it. False: nothing kept.
function Kept.enter()
	local kept = mine()
	if not kept or not IsInGroup() or Session.current() or not its_group(kept) then return false end
	for _, seat in ipairs(kept.seats) do
		if seat ~= Comm.me() and connected(seat) then
			C_Timer.After(DECIDE_SECONDS, function() decide(0) end)
			return false
		end
	end
	reopen(kept)
	return true
end

-- The line why this player may not play now, or nil: his table, a game reopened from a saved
-- copy, waits for seats not back yet (Takeover.waiting), so that nothing moves before a copy
-- further on can come back and take it over (Kept.give_way).
function Kept.held()
	local session = Session.current()
	local absent = session and ns.Takeover.waiting(session)
	if not absent then return nil end
	local names = {}
	for i, name in ipairs(absent) do names[i] = Session.short(name) end
	return L.REOPEN_WAITS:format(table.concat(names, ", "), math.ceil(session.wait_until - GetTime()))
end

-- At a snapshot's end, taken on the copy's terms from `sender`: nil if it extends this
-- client's copy, or the line why not. A later game than the one kept (it ended meanwhile)
-- ends the copy.
function Kept.refusal(session, sender)
	local kept = mine()
	if not kept or sender == Comm.me() or kept.id ~= session.id then return nil end
	if session.hands > kept.hands then
		Session.db().kept[Comm.me()] = nil
		return nil
	end
	local seat = kept.disowned and kept.disowned[session.id .. " " .. sender]
	if seat then return L.KEPT_DISOWNED:format(Session.short(seat), Session.short(sender), Session.short(sender)) end
	local got, own = progress(session.hands, session.steps, session.applied),
		progress(kept.hands, kept.steps, kept.applied)
	local short = Session.short(sender)
	if got[1] < own[1] or got[2] < own[2] or got[3] < own[3] then
		return L.KEPT_BEHIND:format(short, got[2] + got[3], own[2] + own[3], short)
	end
	local summary = flow.summary and flow.summary()
	if not (summary and flow.extends(kept.summary, summary)) then
		return L.KEPT_DIFFERS:format(short, short)
	end
	-- (His own turns and rolls past his copy: nobody else's copy holds them, and he made none.)
	if flow.own_steps and not flow.own_steps(kept.summary, summary, Comm.me()) then
		-- (Said to the group, and again to each seat back: only this client can vouch for it.)
		local word = { table = session.id, host = sender, hands = session.hands, steps = session.steps,
			applied = session.applied or 0 }
		kept.disowning = word
		Comm.send("DISOWN", word)
		return L.KEPT_NOT_YOURS:format(short, short)
	end
end

-- Another seat's DISOWN: its word bears on itself alone, and so fails closed. A client that kept
-- that table drops it if it runs here at that host, or refuses it once it has replayed it
-- (Kept.refusal); the host's own table is its host's to keep. So a hostile seat can make the
-- others refuse a table, never take one (docs/protocol.md, "Not there yet").
Comm.on("DISOWN", function(sender, own)
	local kept, id, host = mine(), own.table or "", own.host or ""
	if sender == Comm.me() or host == Comm.me() or not (kept and kept.id == id and seat_of(kept, sender)) then
		return
	end
	kept.disowned = kept.disowned or {}
	kept.disowned[id .. " " .. host] = sender
	local session = Session.current()
	if session and session.id == id and session.host == host and not session.catching_up then
		Kept.refuse(host, L.KEPT_DISOWNED:format(Session.short(sender), Session.short(host), Session.short(host)))
	end
end)

-- The snapshot refused: dropped, its sender not taken again this login, the ledger as it was
-- before it; the table is asked for again, and reopened here if no other seat holds it.
function Kept.refuse(sender, line)
	Session.drop()
	SnapCheck.refuse(sender)
	holding[sender] = nil
	Session.say(line)
	CatchUp.hello(CatchUp.KNOWN_RETRIES)
	C_Timer.After(DECIDE_SECONDS, function() decide(0) end)
end

-- A game kept since reopened here, not moved on since: a seat back with a copy further on
-- takes it over (this client drops its table, says what it kept, and takes the table from
-- that seat once it reopens it). True if it gave way.
function Kept.give_way(sender, text)
	local session, kept = Session.current(), mine()
	if not (session and kept and session.reopened and session.host == Comm.me()) then return false end
	local claim = claims[sender]
	local now = progress(session.hands, session.steps, session.applied)
	if not (claim and claim.id == session.id and seat_of(kept, sender)) or text == nil then return false end
	local at = session.reopened
	if now[1] ~= at[1] or now[2] ~= at[2] or now[3] ~= at[3] or not further(claim.at, now) then return false end
	Session.drop()
	Session.say(L.GAVE_WAY:format(Session.short(sender)))
	CatchUp.hello(CatchUp.KNOWN_RETRIES)
	return true
end

Session.provide("Kept", Kept)
Session.on_use(function(game_flow, core) flow, CatchUp = game_flow, core.CatchUp end)
