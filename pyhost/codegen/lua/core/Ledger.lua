-- The ledger: each player's bank as this client's own record has it (SavedVariables, by
-- "Name-Realm"), the banks a hand started from, and a void hand giving every bet back.
-- Knows nothing of any game: a table's engine reports its banks, the ledger keeps them.
local _, ns = ...

local RULES, Comm = ns.Rules, ns.Comm

local Ledger = {}
ns.Ledger = Ledger

local banks -- db.banks
-- What this player's client saw of its table itself, by player: the banks the last hand started
-- from and the banks of the seats taken since (db.banks_seen). A snapshot replayed later is
-- checked against these, not against a ledger that has moved on since (a bet, a give).
local seen

function Ledger.attach(db)
	db.banks = db.banks or {}
	db.banks_seen = db.banks_seen or {}
	banks, seen = db.banks, db.banks_seen
end

local function seen_at(id)
	local mine = seen[Comm.me()]
	if not (mine and mine.table == id) then
		mine = { table = id, start = {}, seats = {} }
		seen[Comm.me()] = mine
	end
	return mine
end

-- A seat this client applied, with the bank it gave it.
function Ledger.seated(session, name, bank)
	seen_at(session.id).seats[name] = bank
end

-- This client's own figure for `name` at table `id`: at the start of hand `hand` (a snapshot's
-- BASE), or as they sat down since (a seat: `hand` nil), as it saw them; failing that, its
-- ledger's; nil if it has no record of them at all.
function Ledger.own(id, name, hand)
	local mine, at = seen[Comm.me()], nil
	if mine and mine.table == id then
		if not hand then at = mine.seats elseif mine.hand == hand then at = mine.start end
	end
	return at and at[name] or banks[name]
end

function Ledger.bank_of(name)
	return banks[name] or RULES.table.starting_bank
end

-- The bank this client believes a player sits down with: what they claim, but never more
-- than this client's own record of them; with no record here, nobody it knows can confirm
-- it, so the starting bank. (An invented bank never spreads into an honest ledger.)
function Ledger.confirmed(name, claimed)
	local own = banks[name]
	if not own then return RULES.table.starting_bank end
	return math.min(own, tonumber(claimed) or own)
end

-- The table's banks, as its engine has them now, are the session's and this client's record
-- (`moved`: only those that moved, name -> bank, where the engine tells them).
function Ledger.remember(session, moved)
	for name, bank in pairs(moved or session.engine:banks()) do
		session.banks[name] = bank
		banks[name] = bank
	end
end

-- A hand starts: the banks it starts from, which a void hand gives back.
function Ledger.hand_starts(session)
	session.before_hand = {}
	for name, bank in pairs(session.banks) do session.before_hand[name] = bank end
	local mine = seen_at(session.id)
	mine.hand, mine.start, mine.seats = session.hands, {}, {} -- (seats before it are in `start`)
	for name, bank in pairs(session.banks) do mine.start[name] = bank end
end

-- The hand is void: every bet back, the banks as it started, here and in this client's record
-- (the game's own log, if it keeps one, is the flow's to write).
function Ledger.void(session)
	for name, bank in pairs(session.before_hand) do
		session.banks[name], banks[name] = bank, bank
	end
end

-- Chips into (negative: out of) a player's bank away from any hand (a Vitaji side bet, which
-- every client moves alike): this client's record, and the open table's if he sits there.
function Ledger.move(name, chips, session)
	local bank = Ledger.bank_of(name) + chips
	banks[name] = bank
	if session and session.banks[name] then session.banks[name] = bank end
end
