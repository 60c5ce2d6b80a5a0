-- The ledger: each player's bank as this client's own record has it (SavedVariables, by
-- "Name-Realm"), the banks a hand started from, and a void hand giving every bet back.
-- Knows nothing of any game: a table's engine reports its banks, the ledger keeps them.
local _, ns = ...

local RULES, HandLog = ns.Rules, ns.HandLog

local Ledger = {}
ns.Ledger = Ledger

local banks -- db.banks

function Ledger.attach(db)
	db.banks = db.banks or {}
	banks = db.banks
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

-- The table's banks, as its engine has them now, are the session's and this client's record.
function Ledger.remember(session)
	for name, bank in pairs(session.engine:banks()) do
		session.banks[name] = bank
		banks[name] = bank
	end
end

-- A hand starts: the banks it starts from, which a void hand gives back.
function Ledger.hand_starts(session)
	session.before_hand = {}
	for name, bank in pairs(session.banks) do session.before_hand[name] = bank end
end

-- The hand is void: every bet back, the banks as it started, here and in the record.
function Ledger.void(session)
	for name, bank in pairs(session.before_hand) do
		session.banks[name], banks[name] = bank, bank
	end
	HandLog.void(session, session.before_hand)
end
