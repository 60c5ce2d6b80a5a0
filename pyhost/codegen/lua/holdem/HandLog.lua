-- The hand log: the public record of the last hands this client played or watched, kept in
-- the SavedVariables table (db.log) as each hand goes, so a /reload keeps it. `pyhost verify`
-- reads it back and re-derives every die and every pot from it: a player can show a guild
-- that a night's table was fair.
--
-- Each hand is plain data (strings, numbers, tables): the table id, the hand number, the host,
-- the dealer, the table's settings (mode, minimum bet and raise, blinds, the ruleset's id and
-- fingerprint if it has one), the seats with their banks at the start, every commitment, the
-- set hash and whose commitments it holds, every roll line this client bound (its roller,
-- value and range: the seed and each street), every action the engine applied, in order,
-- every reveal with the client's verdict, and the awards and banks at the end. The log keeps
-- at most MAX_HANDS hands and about MAX_BYTES bytes of them, the oldest going first.
local _, ns = ...

local RULES, Comm = ns.Rules, ns.Comm

local HandLog = {}
ns.HandLog = HandLog

HandLog.VERSION = 1
HandLog.MAX_HANDS, HandLog.MAX_BYTES = 20, 120000

local log -- db.log: { version = VERSION, hands = { oldest first } }
local entry -- the hand this client is in (or last was), if it is in the log

function HandLog.attach(db)
	local saved = db.log
	if type(saved) ~= "table" or saved.version ~= HandLog.VERSION or type(saved.hands) ~= "table" then
		saved = { version = HandLog.VERSION, hands = {} }
		db.log = saved
	end
	log, entry = saved, nil
end

-- About as many bytes as the SavedVariables writer spends on a value: each entry on its own
-- line, indented by its depth, its key in brackets, strings quoted.
local function size_of(value, depth)
	if type(value) ~= "table" then return #tostring(value) + 2 end
	local total = 2 + depth
	for key, item in pairs(value) do
		total = total + depth + 7 + size_of(key, depth + 1) + size_of(item, depth + 1)
	end
	return total
end

-- The oldest hands go while there are too many or they take too many bytes; the newest stays.
local function trim()
	local hands = log.hands
	local sizes, total = {}, 0
	for i, hand in ipairs(hands) do
		sizes[i] = size_of(hand, 2)
		total = total + sizes[i]
	end
	local drop = 0
	while #hands - drop > 1 and (#hands - drop > HandLog.MAX_HANDS or total > HandLog.MAX_BYTES) do
		drop = drop + 1
		total = total - sizes[drop]
	end
	for _ = 1, drop do table.remove(hands, 1) end
end

function HandLog.size()
	return log and size_of(log, 1) or 0
end

-- The entry for the session's current hand, if the log has one.
local function at(session)
	if entry and session and entry.table == session.id and entry.hand == session.hands then
		return entry
	end
end

-- A roll line as the log keeps it: { roller, value, low, high }.
local function line_of(line)
	return { line[4], line[1], line[2], line[3] }
end

-- A new hand, once the engine has dealt it (before anything is posted): `banks` are the
-- seats' banks before it. A hand started again (a snapshot replayed after a /reload) takes
-- the place of its first record, keeping the roll lines this client saw the first time.
function HandLog.start(session, hand, banks)
	if not log then return end
	local config = session.engine.config
	local new = { table = session.id, hand = session.hands, host = session.host, by = Comm.me(),
		dealer = hand:dealer_name(), mode = session.mode, minimum = config.minimum_bet,
		raise = config.minimum_raise, blinds = config.blinds and 1 or 0, ruleset = RULES.id,
		fingerprint = RULES.fingerprint, seats = {}, commits = {}, rolls = {}, reveals = {},
		actions = {} }
	for i, name in ipairs(session.seats) do new.seats[i] = { name, banks[name] or 0 } end
	local hands = log.hands
	for i = #hands, 1, -1 do
		local old = hands[i]
		if old.table == new.table and old.hand == new.hand and old.by == new.by then
			new.seen = { seed = old.seed, rolls = old.rolls }
			table.remove(hands, i)
		end
	end
	hands[#hands + 1] = new
	entry = new
	trim()
end

function HandLog.commit(session, player, commitment)
	local hand = at(session)
	if hand and commitment then hand.commits[#hand.commits + 1] = { player, commitment } end
end

-- The closed set: its hash and whose commitments it holds, in seat order.
function HandLog.close(session, set_hash, held)
	local hand = at(session)
	if hand then hand.set = { hash = set_hash, held = held } end
end

-- The seed: the roll line this client bound ({ value, low, high, roller }), or the value the
-- host attested when it saw no line (this client was away): then a line it saw before a
-- /reload, if one was of the seed's range.
function HandLog.seed(session, line, value)
	local hand = at(session)
	if not hand then return end
	if line then
		hand.seed = line_of(line)
	elseif hand.seen and hand.seen.seed and hand.seen.seed[2] and hand.seen.seed[3]
		and hand.seen.seed[2] - hand.seen.seed[3] == value then
		hand.seed = hand.seen.seed
	else
		hand.seed = { attested = value }
	end
end

-- A street the engine applied: the roll line this client bound for it, or only its dice (as
-- the host attested them in a snapshot); then the dealer's roll among the actions.
function HandLog.street(session, index, dealer, op, dice, line)
	local hand = at(session)
	if not hand then return end
	local code = table.concat(dice, ",")
	local seen = hand.seen and hand.seen.rolls
	if line then
		local kept = line_of(line)
		kept[5] = index
		hand.rolls[#hand.rolls + 1] = kept
	else
		local again -- the same street's line, seen before a /reload
		for _, old in ipairs(seen or {}) do
			if old[5] == index and old[1] then again = old end
		end
		hand.rolls[#hand.rolls + 1] = again or { attested = code, [5] = index }
	end
	hand.actions[#hand.actions + 1] = { dealer, op, "", "", code }
end

-- A reveal, with this client's verdict: "ok" (it follows), "bad" (it does not), "dead" (the
-- player showed other dice before), "timeout" (the host's dead show) or "none" (no
-- commitment in the set).
function HandLog.reveal(session, player, secret, dice, verdict)
	local hand = at(session)
	if hand then
		local code = type(dice) == "table" and table.concat(dice, ",") or ""
		hand.reveals[#hand.reveals + 1] = { player, secret or "", code, verdict }
	end
end

-- An action the engine applied: who, the op, the amount, the target, the dice.
function HandLog.action(session, player, op, amount, target, dice)
	local hand = at(session)
	if not hand then return end
	local code = type(dice) == "table" and table.concat(dice, ",") or ""
	hand.actions[#hand.actions + 1] = { player, op, amount or "", type(target) == "string" and target or "",
		code }
end

-- The hand is over (or, between hands, a give or reset changed a bank): the awards and the
-- banks as they are now.
function HandLog.over(session, hand)
	local kept = at(session)
	if not kept then return end
	kept.over = 1
	kept.won, kept.banks = {}, {}
	for name, chips in pairs(hand.payouts or {}) do kept.won[name] = chips end
	for name, bank in pairs(session.engine:banks()) do kept.banks[name] = bank end
	kept.seen = nil
end

-- Nobody was left to run the table: every bet went back.
function HandLog.void(session, banks)
	local kept = at(session)
	if not kept then return end
	kept.void, kept.banks = 1, {}
	for name, bank in pairs(banks) do kept.banks[name] = bank end
end
