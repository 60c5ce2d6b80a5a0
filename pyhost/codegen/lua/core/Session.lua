-- The table session every game shares, seen from one player's client: the saved state, who
-- hosts and who sits, the owners' word for their chips, and the host's answers to players'
-- requests. It knows no game: a game's flow plugs in through Session.use(flow) (the interface
-- is in docs/protocol.md, "The table core and its flows"); the ordered record that keeps
-- every copy in step is Record.lua.
local _, ns = ...

local L, Comm, Text, Ledger, Fingerprint, Witness = ns.L, ns.Comm, ns.Text, ns.Ledger, ns.Fingerprint,
	ns.Witness
local RULES = ns.Rules
local find, sub = string.find, string.sub

local Session = {}
ns.Session = Session

local db -- the SavedVariables table: banks and settings, keyed by "Name-Realm"
local own_settings -- this player's settings in it (asked for every line shown: found once a load)
local session -- the open table, if any
local flow -- the game's flow (Session.use)

------------------------------------------------------------------------------
-- The open table, and who keeps a reference to it.

local bound = {} -- called with the open table (or nil) whenever it changes

-- `keep(table)` is called each time the open table changes (opened, dropped).
function Session.bind(keep) bound[#bound + 1] = keep end

local function set(new)
	session = new
	for _, keep in ipairs(bound) do keep(new) end
end

function Session.current() return session end

-- This client's copy of the table goes (and what the flow kept of this player's own hand).
function Session.drop()
	set(nil)
	flow.dropped()
end

-- The game's flow: what the core asks of it (docs/protocol.md, "The table core and its flows").
-- Its host's orders are the host's decisions, never a player's request (REQUESTS, below).
local REQUESTS = {}
local function host_decides() end
local uses = {} -- core modules told of the flow once it plugs in
local core = {} -- the core's modules, by name, as each offered itself (Session.provide)
local CatchUp -- (loaded after this: Session.use)

-- A core module offers itself to the others: each loads after the ones it calls as it loads,
-- and is handed the ones loaded after it (and the flow) when the flow plugs in, once every
-- module has loaded. No module looks another up by name while the table is played.
function Session.provide(name, module) core[name] = module end

-- `told(flow, core)` once the flow plugs in.
function Session.on_use(told) uses[#uses + 1] = told end

function Session.use(game_flow)
	flow = game_flow
	for op in pairs(flow.host_orders) do REQUESTS[op] = REQUESTS[op] or host_decides end
	Session.bind(flow.bind)
	CatchUp = core.CatchUp
	for _, told in ipairs(uses) do told(flow, core) end
end

------------------------------------------------------------------------------
-- Saved state.

function Session.load_saved()
	-- The one global this addon owns: its SavedVariables table, named by the ruleset.
	local saved = RULES.addon.saved_variables
	_G[saved] = _G[saved] or {}
	db, own_settings = _G[saved], nil
	Ledger.attach(db) -- the banks
	db.settings = db.settings or {}
	db.hosting = db.hosting or {} -- a host's table record across a /reload (core/Takeover.lua)
	db.sent = db.sent or {} -- this player's turns in the current hand (Record.my_turns)
	flow.attach(db) -- the flow's own saved state
	Witness.attach(db) -- the roll lines this player read in the current hand
end

function Session.db() return db end

function Session.settings()
	if own_settings then return own_settings end
	local me = Comm.me()
	db.settings[me] = db.settings[me] or {}
	own_settings = db.settings[me]
	return own_settings
end

------------------------------------------------------------------------------
-- Names, hands, words.

-- A player's name as this client shows it; every name in a line goes through here, and may
-- have come from a message's field.
-- (A name's is the same each time: kept, for a few hundred names at most.)
local shorts, short_count = {}, 0
local function short(name)
	local shown = shorts[name]
	if shown then return shown end
	shown = Text.safe(Ambiguate(tostring(name), "none"))
	if type(name) == "string" then
		if short_count >= 300 then shorts, short_count = {}, 0 end
		shorts[name], short_count = shown, short_count + 1
	end
	return shown
end
Session.short = short

-- Names as this player's client shows them, and the game's own words as they asked to see
-- them (flow.shown: hold'em's faces). (A seat's name that Text.safe would change came from
-- a hostile host's message: it is never in a line as it is, only as Text.safe showed it.)
-- The seats' names that show differently (a realm to drop), kept until the seats change, by
-- realm: a line is searched once for each such realm (most often one) and, where one is, for
-- a seat's name before it, longest first: the same as replacing each name in turn, longest
-- first, at a cost that does not grow with the table.
-- Kept by the seats' list itself and a count of its changes in place (Session.seats_changed,
-- called wherever a seat is added or removed): a cheap exact check on every printed line.
-- (`realms`: each realm's seats, with the realm, as a list: no pairs() for every line.)
-- A line is renamed once: the same line again (a player's check on each street) is shown as
-- it was, until the seats change (`renamed_lines`, by line, a few hundred at most).
local realms, renamed_for, renamed_at = {}, nil, nil
local renamed_lines, renamed_count = {}, 0
local seats_version = 0
function Session.seats_changed() seats_version = seats_version + 1 end
local function rename_seats()
	local by_realm = {}
	realms, renamed_for, renamed_at = {}, session.seats, seats_version
	renamed_lines, renamed_count = {}, 0
	for _, name in ipairs(session.seats) do
		local shown = Ambiguate(name, "none")
		local alone, realm = name:match("^(.-)(%-.*)$")
		if shown ~= name and alone and Text.safe(name) == name then
			local seats = by_realm[realm] or { realm = realm, names = {}, lengths = {}, sized = {} }
			by_realm[realm] = seats
			if not seats.sized[#alone] then seats.lengths[#seats.lengths + 1] = #alone end
			seats.names[alone], seats.sized[#alone] = shown, true
		end
	end
	for _, seats in pairs(by_realm) do
		table.sort(seats.lengths, function(a, b) return a > b end)
		realms[#realms + 1] = seats
	end
end

local function rename(line, seats)
	local realm = seats.realm
	local first, last = find(line, realm, 1, true)
	if not first then return line end -- (most lines: no name of that realm)
	-- (The line so far is one string, not a list to join: a line has a name or two.)
	local out, done, names, lengths = nil, 1, seats.names, seats.lengths
	while first do
		local from = first + 1
		for i = 1, #lengths do
			local start = first - lengths[i]
			local shown = start >= done and names[sub(line, start, first - 1)]
			if shown then
				out = (out or "") .. sub(line, done, start - 1) .. shown
				done, from = last + 1, last + 1
				break
			end
		end
		first, last = find(line, realm, from, true)
	end
	if not out then return line end
	return out .. sub(line, done)
end

local function display(line)
	-- Only a name with its realm ("Name-Realm") can show differently.
	if session and find(line, "-", 1, true) then
		if session.seats ~= renamed_for or seats_version ~= renamed_at then rename_seats() end
		local shown = renamed_lines[line]
		if not shown then
			shown = line
			for i = 1, #realms do shown = rename(shown, realms[i]) end
			if renamed_count >= 300 then renamed_lines, renamed_count = {}, 0 end
			renamed_lines[line], renamed_count = shown, renamed_count + 1
		end
		line = shown
	end
	return flow.shown(line)
end

-- Every line the player reads.
local function say(line)
	if session and session.catching_up then return end -- a snapshot replays quietly
	print(display(line))
end
Session.say = say

-- The current hand, by table id and number (what a player's saved turns and secret are kept by).
-- (Asked on every message: made again only when the table or the hand changes.)
local hand_key, key_table, key_hands
function Session.hand_id()
	if session.id ~= key_table or session.hands ~= key_hands then
		key_table, key_hands = session.id, session.hands
		hand_key = session.id .. "#" .. session.hands
	end
	return hand_key
end

function Session.number_or_text(text)
	if text == nil or text == "" then return nil end
	return tonumber(text) or text
end

-- Whether `name` holds a seat: only a seated player's own messages bear on the table.
-- (The seats' places by name are kept, and checked on every use: the same cost at any size.)
local places, places_for = {}, nil
local function seated(name)
	local seats = session.seats
	local index = places_for == seats and places[name]
	if index and seats[index] == name then return true end
	places, places_for = {}, seats
	for i, seat in ipairs(seats) do places[seat] = places[seat] or i end
	return places[name] ~= nil
end
Session.seated = seated

-- The owner's own word for a move, as every client heard it (op, amount, target): the host's
-- order for it is applied once, against one of these.
local MOVE_OPS, move_key = Witness.MOVE_OPS, Witness.move_key

local function heard_move(player, op, amount, target)
	local moves = session.moves[player] or {}
	session.moves[player] = moves
	local key = move_key(op, amount, target)
	moves[key] = (moves[key] or 0) + 1
end
Session.heard_move = heard_move

-- Whether the owner's word for this order was heard (and it is used up by it).
function Session.take_move(player, op, amount, target)
	local moves, key = session.moves[player], move_key(op, amount, target)
	if not (moves and (moves[key] or 0) > 0) then return false end
	moves[key] = moves[key] - 1
	return true
end

------------------------------------------------------------------------------
-- One ruleset a table (Fingerprint.lua): a client whose rules differ takes nothing from it.

-- A table opened or snapshot whose rules differ from this addon's: say so (once a table),
-- and true; this client then takes nothing from it.
function Session.other_rules(id, host, fingerprint, sections)
	local other, line = Fingerprint.foreign(id, short(host), fingerprint, sections)
	if line then say(line) end
	return other
end

------------------------------------------------------------------------------
-- Opening, seating, leaving.

function Session.open_session(id, host, mode, minimum, blinds, host_bank, quietly)
	set({ id = id, host = host, mode = mode, seats = { host },
		banks = { [host] = host_bank or Ledger.bank_of(host) }, dealer = host, seq = 0,
		waiting = {}, hands = 0, warned = {}, log = {}, moves = {}, claims = {},
		steps = 0, turns = {}, did = {},
		opening_bank = host_bank or Ledger.bank_of(host), catching_up = quietly, opener = host })
	Fingerprint.forget() -- (a table of other rules heard of before is not this one)
	if not flow.setup(session, minimum, blinds) then set(nil) return end -- settings it refuses
	if not quietly then CatchUp.know_host(host) end
	say(L.OPENED:format(short(host), Text.safe(mode), RULES.name))
	return true
end

-- Table-level commands (open, join, leave) wait for the hand in play: opening anew mid-hand
-- would unseat everyone and lose the pot. True (and the one line said) if one is in play.
function Session.mid_hand(command)
	if not flow.live() then return false end
	say(L.MID_HAND:format(session.hands, "/" .. RULES.addon.long .. " " .. command))
	return true
end

-- The host seats a player (nil), or says why not.
-- The host seats a player with the bank its own ledger has for them (or the starting bank):
-- what a player's saved file claims is not taken on trust.
function Session.seat(player, claimed)
	for _, name in ipairs(session.seats) do
		if name == player then return player .. " is already seated" end
		-- The server's roll line names a player without their realm.
		if short(name) == short(player) or Ambiguate(name, "short") == Ambiguate(player, "short") then
			return "a player named " .. Ambiguate(player, "short") .. " already sits here"
		end
	end
	if flow.live() then return "wait for the hand to end" end
	if #session.seats >= flow.max_players() then return "the table is full" end
	local bank = Ledger.confirmed(player, claimed)
	if claimed and claimed ~= bank then say(L.CLAIMED:format(short(player), claimed, bank)) end
	flow.accept(player, "seat", bank)
end

function Session.unseat(player)
	if flow.live() then return "wait for the hand to end" end
	flow.accept(player, "unseat")
end

-- Whether this client cannot whisper with `host` (another realm, not connected): then it
-- cannot sit at its table (the host's answers and snapshots come whispered). Said once a host
-- unless `always` (the answer to a command).
local told_unreachable = {}
function Session.unreachable(host, always)
	if not host or Comm.reaches(host) then return false end
	Session.cannot_sit_at = host -- (whose table it asks for no more: CatchUp)
	if always or not told_unreachable[host] then
		told_unreachable[host] = true
		say(L.CANNOT_SIT:format(short(host)))
	end
	return true
end

function Session.join()
	if not session then say(Fingerprint.line() or L.NO_TABLE) return end
	if Session.unreachable(session.host, true) then return end
	local me = Comm.me()
	for _, name in ipairs(session.seats) do
		if name == me then say(L.ALREADY_SEATED) return end
	end
	if Session.mid_hand("join") then return end
	Comm.send("ACT", { table = session.id, op = "join", amount = Ledger.bank_of(me),
		fingerprint = Fingerprint.id, sections = Fingerprint.wire })
end

function Session.leave()
	if not session then say(L.NO_TABLE) return end
	local me = Comm.me()
	if session.host == me then say(L.HOST_STAYS) return end
	if Session.mid_hand("leave") then return end
	Comm.send("ACT", { table = session.id, op = "leave" })
end

------------------------------------------------------------------------------
-- The host's answer to a player's request, by op, with the reason it refuses, if it does; any
-- other op is the flow's (flow.host_request checks and applies it).

function REQUESTS.join(sender, request, number)
	-- Only a player in the table's group sits (a join whispered from outside it does not).
	if UnitInParty(sender, Comm.group()) ~= true then return "only the table's group may sit" end
	if not Comm.reaches(sender) then -- (nor would a refusal, whispered: said here instead)
		say(L.CANNOT_SEAT:format(short(sender)))
		return
	end
	local differ = Fingerprint.differ(request.fingerprint, request.sections)
	if differ then return differ == "" and L.JOIN_NO_RULES or L.JOIN_OTHER_RULES:format(differ) end
	return Session.seat(sender, number)
end

function REQUESTS.leave(sender)
	return Session.unseat(sender)
end

Comm.on("ACT", function(sender, request)
	if not session or request.table ~= session.id then return end
	local op = request.op or ""
	local number = tonumber(request.amount)
	if op == "join" then session.claims[sender] = number end
	-- A watcher's commitment, reveal or move is nobody's: it changes nothing, anywhere.
	if op ~= "join" and not seated(sender) then return end
	Witness.act(session, sender, op, request.amount, request.target, request.dice)
	if MOVE_OPS[op] then heard_move(sender, op, request.amount, request.target) end
	-- What every client keeps of a player's own word (the flow's: hold'em's commitments and
	-- reveals); true when the host has nothing more to do with it.
	if flow.own_word(sender, op, request, number) then return end
	if session.host ~= Comm.me() then return end
	local reason
	if REQUESTS[op] then
		reason = REQUESTS[op](sender, request, number)
	else
		reason = flow.host_request(sender, op, request, number)
	end
	if reason then Comm.send("NO", { table = session.id, reason = reason }, sender) end
end)

function Comm.on_other_version(sender, version)
	local shown = (version == nil or version == "") and "?" or Text.safe(version)
	say(L.OTHER_VERSION:format(short(sender), shown))
end

function Comm.on_pause(paused)
	if ns.Restricted.told(paused) then return end -- (restricted content said so already)
	say(paused and L.PAUSED or L.RESUMED)
end

function Comm.on_not_sent(reason, target)
	say(L.NOT_SENT:format(target and short(target) or L.THE_GROUP, Text.safe(reason)))
end

Comm.on("NO", function(sender, refused)
	if session and sender == session.host and refused.table == session.id then
		say(L.REFUSED_BY_HOST:format(short(sender), Text.safe(refused.reason or "?", Text.REASON)))
	end
end)

Comm.on("OPEN", function(sender, opened)
	if session and session.host ~= sender then return end
	Session.unreachable(sender) -- (it may watch; it cannot sit)
	-- (An empty id or mode stays empty: the engine refuses a table of no mode, never
	-- defaults it.)
	opened.table, opened.mode = opened.table or "", opened.mode or ""
	if Session.other_rules(opened.table, sender, opened.fingerprint, opened.sections) then return end
	local claimed = opened.bank
	local bank = Ledger.confirmed(sender, claimed)
	if not Session.open_session(opened.table, sender, opened.mode, opened.minimum,
		opened.blinds == true, bank) then
		return
	end
	if claimed ~= bank then
		say(L.BANK_NOT_CONFIRMED:format(short(sender), claimed or 0, bank))
	end
	session.timeout = opened.timeout -- any seat may become the host and need it
	session.deadlines = opened.deadlines == true
end)
