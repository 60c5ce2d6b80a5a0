-- The hand log: the public record of the last hands this client played or watched, kept in
-- the SavedVariables table (db.log) as each hand goes, so a /reload keeps it. `pyhost verify`
-- reads it back and re-derives every die and every pot from it: a player can show a guild
-- that a night's table was fair.
--
-- Each hand is plain data (strings, numbers, tables): the table id, the hand number, the host,
-- the dealer, the table's settings (mode, minimum bet and raise, blinds, the ruleset's id and
-- fingerprint if it has one), the seats with their banks at the start, every commitment, the
-- set hash and whose commitments it holds, with the close's nonce and sender, every roll line
-- this client bound (its roller, value and range: the seed and each street, with the nonce and
-- sender of the message its range came from and the roller it was due from: Rollers.lua),
-- every action the engine applied (the deal in among them), in order,
-- every reveal with the client's verdict, and the awards and banks at the end. The log keeps
-- at most MAX_HANDS hands and about MAX_BYTES bytes of them, the oldest going first.
local _, ns = ...

local RULES, Comm = ns.Rules, ns.Comm

local HandLog = {}
ns.HandLog = HandLog

HandLog.VERSION = 4
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

-- The sizes of hands no longer written to (only `entry`, the newest, is): each is measured
-- once, not again at every hand's start.
local sized = setmetatable({}, { __mode = "k" })

-- The oldest hands go while there are too many or they take too many bytes; the newest stays.
local function trim()
	local hands = log.hands
	if #hands <= 1 then return end -- (the newest stays: nothing to measure)
	local sizes, total = {}, 0
	for i, hand in ipairs(hands) do
		local size = sized[hand] or size_of(hand, 2)
		if hand ~= entry then sized[hand] = size end
		sizes[i] = size
		total = total + size
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

-- A roll line as the log keeps it: { roller, value, low, high }, with the nonce and sender of
-- its moment and who it was due from (`by`), where the line has them.
local function line_of(line, extra)
	extra = extra or line
	return { line[4], line[1], line[2], line[3], nonce = extra.nonce, closer = extra.closer,
		by = extra.by }
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
		fingerprint = RULES.fingerprint.id, seats = {}, commits = {}, rolls = {}, reveals = {},
		actions = {} }
	for i, name in ipairs(session.seats) do new.seats[i] = { name, banks[name] or 0 } end
	local hands = log.hands
	for i = #hands, 1, -1 do
		local old = hands[i]
		if old.table == new.table and old.hand == new.hand and old.by == new.by then
			-- The roll lines it heard the first time: they may give what the host attests now.
			new.heard = old.heard or {}
			local lines = { old.seed or {} }
			for _, roll in ipairs(old.rolls or {}) do lines[#lines + 1] = roll end
			for _, line in ipairs(lines) do
				if line[1] and #new.heard < 12 then new.heard[#new.heard + 1] = line end
			end
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

-- The closed set: its hash and whose commitments it holds, in seat order (`commits`: each
-- player's, the ones the set closed on before this client counted them too), with the nonce
-- and sender of the close (the seed's range comes from them).
function HandLog.close(session, set_hash, held, commits, nonce, closer)
	local hand = at(session)
	if not hand then return end
	hand.set = { hash = set_hash, held = held, nonce = nonce, closer = closer }
	local logged = {}
	for _, item in ipairs(hand.commits) do logged[item[1]] = true end
	for _, name in ipairs(held) do
		if not logged[name] and commits[name] then hand.commits[#hand.commits + 1] = { name, commits[name] } end
	end
end

-- A seed or street taken as the host attested it is upgraded to a roll line of the dealer's
-- this client heard (before a /reload or while catching up) if that line gives it: of the
-- seed's range (Fair.seed_range of the set hash) and value, or of the street's range (the
-- line as Game's roll reading found it: `kept[5]`, the street's index) and dice.
local function upgrade(hand, kept)
	local seed = hand.seed
	if kept[5] == nil and seed and seed.attested and hand.set then
		local low, high = ns.Fair.seed_range(hand.set.hash, hand.table .. "#" .. hand.hand,
			hand.set.nonce or "")
		if kept[3] == low and kept[4] == high and kept[2] - low == seed.attested then
			hand.seed = { kept[1], kept[2], kept[3], kept[4], nonce = hand.set.nonce,
				closer = hand.set.closer, by = kept[1] }
			return true
		end
	end
	for i, roll in ipairs(hand.rolls) do
		if roll.attested and kept[5] and roll[5] == kept[5] then
			local count = RULES.deal.community[kept[5]]
			local dice = ns.Dice.from_roll(kept[2], kept[3], count)
			if table.concat(dice, ",") == roll.attested then
				hand.rolls[i] = kept
				return true
			end
		end
	end
	return false
end

local function upgrade_from_heard(hand)
	local heard = hand.heard or {}
	for i = #heard, 1, -1 do
		if upgrade(hand, heard[i]) then table.remove(heard, i) end
	end
end

-- A roll line by the dealer of the seed's width (`index` nil) or of a street's range (its
-- index), heard whether or not it binds: kept (a few) until the hand is over, in case this
-- client takes that seed or street from the host after all (a /reload, a snapshot).
function HandLog.heard(session, line, index)
	local hand = at(session)
	if not hand then return end
	local kept = line_of(line)
	kept[5] = index
	if upgrade(hand, kept) then return end
	hand.heard = hand.heard or {}
	if #hand.heard < 12 then hand.heard[#hand.heard + 1] = kept end
end

-- The seed: the roll line this client bound ({ value, low, high, roller }, with `extra`: its
-- moment's nonce and sender, who it was due from), or the value the host attested when it saw
-- no line (this client was away, or dropped its copy).
function HandLog.seed(session, line, value, extra)
	local hand = at(session)
	if not hand then return end
	hand.seed = line and line_of(line, extra) or { attested = value }
	upgrade_from_heard(hand)
end

-- A street the engine applied: the roll line this client bound for it, or only its dice (as
-- the host attested them in a snapshot); then the dealer's roll among the actions.
function HandLog.street(session, index, dealer, op, dice, line)
	local hand = at(session)
	if not hand then return end
	if line then
		local kept = line_of(line)
		kept[5] = index
		hand.rolls[#hand.rolls + 1] = kept
	else
		hand.rolls[#hand.rolls + 1] = { attested = table.concat(dice, ","), [5] = index }
		upgrade_from_heard(hand)
	end
	hand.actions[#hand.actions + 1] = HandLog.action_line(dealer, op, nil, nil, dice)
end

-- A reveal, with this client's verdict: "ok" (it follows), "bad" (it does not), "dead" (the
-- player showed other dice before), "timeout" (the host's dead show), "none" (no
-- commitment in the set) or "unchecked" (it won nothing, so the table never checked it).
function HandLog.reveal(session, player, secret, dice, verdict)
	local hand = at(session)
	if hand then
		local code = type(dice) == "table" and table.concat(dice, ",") or ""
		hand.reveals[#hand.reveals + 1] = { player, secret or "", code, verdict }
	end
end

-- An unchecked reveal the table checked as it was to win a pot (GuidedHand's `check`): its
-- verdict. A false one is a dead hand: its show is logged as the muck it was.
function HandLog.checked(session, player, follows)
	local hand = at(session)
	if not hand then return end
	for _, item in ipairs(hand.reveals) do
		if item[1] == player and item[4] == "unchecked" then item[4] = follows and "ok" or "bad" end
	end
	local shown = player .. " show "
	for i = #hand.actions, 1, -1 do
		if not follows and hand.actions[i]:sub(1, #shown) == shown then
			hand.actions[i] = HandLog.action_line(player, "muck")
			return
		end
	end
end

-- An action as the log keeps it, one line: "player op amount target dice", "-" for what it
-- does not have ("Riggs-Thunderhorn raise 4 - -", "Skoll-Thunderhorn flop - - 8,1,6").
function HandLog.action_line(player, op, amount, target, dice)
	-- (Most actions have neither: nil is looked at before the type, a call fewer each.)
	local code = dice ~= nil and type(dice) == "table" and #dice > 0 and table.concat(dice, ",")
		or "-"
	local whom = target ~= nil and type(target) == "string" and target ~= "" and target or "-"
	return player .. " " .. op .. " " .. (amount and tostring(amount) or "-") .. " " .. whom .. " " .. code
end

-- An action the engine applied: who, the op, the amount, the target, the dice.
function HandLog.action(session, player, op, amount, target, dice)
	local hand = at(session)
	if hand then hand.actions[#hand.actions + 1] = HandLog.action_line(player, op, amount, target, dice) end
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
	kept.heard = nil
end

-- Nobody was left to run the table: every bet went back.
function HandLog.void(session, banks)
	local kept = at(session)
	if not kept then return end
	kept.void, kept.banks = 1, {}
	for name, bank in pairs(banks) do kept.banks[name] = bank end
end
