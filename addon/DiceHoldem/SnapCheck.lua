-- Checking a snapshot this client had nothing to check against (it knew no host: a fresh
-- login, a new group member). Each seat the snapshot lists, but its sender, is asked by one
-- whisper (VOUCH; the send queue paces them) what it says of itself: the table it sits at,
-- who hosts it as it sees it, and its own bank at the start of its hand. Each answer bears
-- on its own seat alone (nothing is counted): one that contradicts the snapshot is named, and
-- the table is dropped and asked for again, never from its sender this login. A seat that
-- says nothing (no answer, not in the group) is named, and what it holds stays the sender's word.
local _, ns = ...

local L, Comm, Session = ns.L, ns.Comm, ns.Session
local connected = ns.Takeover.connected
local CatchUp -- (loaded after this: Session.use)

local SnapCheck = {}
ns.SnapCheck = SnapCheck

-- An answer is awaited WAIT_SECONDS; a seat still silent is asked once more.
local WAIT_SECONDS, ASKS = 4, 2
local ANSWER_SECONDS = 4 -- a client answers each asker at most once per this
local answered = {}
local refused = {} -- players whose snapshot this client dropped, by name: not taken again
local check -- the check under way: { id, host, seats, said = { name = answer } }
local ledger_before -- this client's ledger as the last snapshot found it (SnapCheck.taking)
local seen_before -- and what it saw of its table itself (Ledger.lua's banks_seen)

local function copy(value)
	if type(value) ~= "table" then return value end
	local out = {}
	for key, item in pairs(value) do out[key] = copy(item) end
	return out
end

function SnapCheck.refused(name) return refused[name] == true end

-- A seat's bank at the start of the hand (as it sat down, if after it, or with no hand yet).
local function start_bank(session, name)
	return (session.before_hand or {})[name] or session.banks[name]
end

-- What `name`'s own answer contradicts in the snapshot, as a short item; nil if nothing.
local function contradiction(session, name, said)
	local who = Session.short(name)
	if not said.table then return L.VOUCH_NO_TABLE:format(who) end
	local host = Session.short(said.host or "")
	if said.table ~= session.id then return L.VOUCH_OTHER_TABLE:format(who, host) end
	if said.host ~= session.host then return L.VOUCH_OTHER_HOST:format(who, host) end
	if not said.bank then return L.VOUCH_NOT_SEATED:format(who) end
	local figure = start_bank(session, name)
	if said.hands == session.hands and figure and said.bank ~= figure then
		return L.VOUCH_BANK:format(who, said.bank, figure)
	end
end

-- The check under way, in SavedVariables (db.vouching): its sender, and the ledger's figures
-- for its seats before the snapshot wrote over them, given back if the table is dropped, or
-- if the check never ended (a /reload, a logout): a dropped table's banks never stay here.
local function vouching(entry)
	local db = Session.db()
	db.vouching = db.vouching or {}
	if entry ~= nil then db.vouching[Comm.me()] = entry or nil end
	return db.vouching[Comm.me()]
end

local function give_back(entry)
	local banks = Session.db().banks
	for name, bank in pairs(entry.before) do banks[name] = bank or nil end
	vouching(false)
end

-- A snapshot is being taken (its SNAP): the ledger as it stands, in case it is checked.
function SnapCheck.taking()
	ledger_before = {}
	for name, bank in pairs(Session.db().banks) do ledger_before[name] = bank end
	seen_before = copy(Session.db().banks_seen[Comm.me()])
end

-- A snapshot this client dropped on its own evidence (its saved copy of the game, Kept.lua):
-- its sender is not taken again this login, and the ledger is as it was before it.
function SnapCheck.refuse(sender)
	refused[sender] = true
	local banks = Session.db().banks
	for name in pairs(banks) do banks[name] = nil end
	for name, bank in pairs(ledger_before or {}) do banks[name] = bank end
	Session.db().banks_seen[Comm.me()] = copy(seen_before)
end

-- Logging in or back from a /reload: a check that never ended leaves nothing behind, and its
-- host is not known (the table is asked for, and checked, again).
function SnapCheck.resume()
	local entry = vouching()
	if not entry then return end
	give_back(entry)
	CatchUp.know_host(nil)
end

-- Once a check: its seats have all answered, or its asks are spent (whichever comes first;
-- the other, and a conclusion put off by a resync, then finds it over).
local function conclude(now)
	if check ~= now then return end
	local session = Session.current()
	if not (session and session.id == now.id and session.host == now.host) then
		check = nil -- another table meanwhile (or none): this one was never confirmed
		local entry = vouching()
		if entry and entry.host == now.host then give_back(entry) end
		return
	end
	if session.catching_up then -- (a resync)
		return C_Timer.After(WAIT_SECONDS, function() conclude(now) end)
	end
	check = nil
	local wrong, silent, confirmed = {}, {}, 0
	for _, name in ipairs(now.seats) do
		local said = now.said[name]
		local item = said and contradiction(session, name, said)
		if item then
			wrong[#wrong + 1] = item
		elseif said then
			confirmed = confirmed + 1
		else
			silent[#silent + 1] = Session.short(name)
		end
	end
	local host = Session.short(now.host)
	if #wrong == 0 then
		vouching(false)
		if #now.seats == 0 then return end
		local quiet = #silent > 0 and L.VOUCH_SILENT:format(table.concat(silent, ", "), host) or ""
		return Session.say(L.VOUCHED:format(host, confirmed, #now.seats, quiet))
	end
	-- Not played on the sender's word: dropped, its sender no longer taken, asked again.
	refused[now.host] = true
	Session.say(L.NOT_VOUCHED:format(host, table.concat(wrong, "; "), host))
	Session.drop()
	give_back(vouching() or { before = {} })
	CatchUp.know_host(nil)
	CatchUp.hello(CatchUp.KNOWN_RETRIES)
end

-- After a snapshot from its host was replayed with nothing to check it against.
function SnapCheck.start(session)
	local seats = {}
	for _, name in ipairs(session.seats) do
		if name ~= session.host and name ~= Comm.me() then seats[#seats + 1] = name end
	end
	check = { id = session.id, host = session.host, seats = seats, said = {} }
	local before = {}
	for _, name in ipairs(session.seats) do before[name] = (ledger_before or {})[name] or false end
	vouching({ host = session.host, before = before })
	local mine, asks = check, 0
	local function ask()
		if check ~= mine then return end
		asks = asks + 1
		if asks > ASKS then return conclude(mine) end
		for _, name in ipairs(seats) do
			if not mine.said[name] and connected(name) then Comm.send("VOUCH", { ask = true }, name) end
		end
		C_Timer.After(WAIT_SECONDS, ask)
	end
	ask()
end

Comm.on("VOUCH", function(sender, vouch)
	if not vouch.ask then
		-- An answer: only from a seat asked, the first it gives.
		local asked = false
		for _, name in ipairs(check and check.seats or {}) do asked = asked or name == sender end
		if not asked or check.said[sender] then return end
		check.said[sender] = vouch
		for _, name in ipairs(check.seats) do if not check.said[name] then return end end
		return conclude(check) -- (every seat has answered)
	end
	if answered[sender] and GetTime() - answered[sender] < ANSWER_SECONDS then return end
	local session = Session.current()
	if session and session.catching_up then return end -- (no word of its own yet)
	answered[sender] = GetTime()
	local mine, me = {}, Comm.me()
	if session then
		mine.table, mine.host, mine.hands = session.id, session.host, session.hands
		if Session.seated(me) then mine.bank = start_bank(session, me) end
	end
	Comm.send("VOUCH", mine, sender)
end)

Session.provide("SnapCheck", SnapCheck)
Session.on_use(function(_, core) CatchUp = core.CatchUp end)
