-- What this client witnessed itself at a table in the current hand: the commitments, reveals
-- and moves it heard from their owners (kept here, past a dropped copy: resync drops the
-- session) and the roll lines it read (kept in SavedVariables, past a /reload too). A
-- snapshot's record is the host's word: it never replaces these (core/CatchUp.lua).
local _, ns = ...

local Comm = ns.Comm

local Witness = {}
ns.Witness = Witness

-- [hand number] = { heard = { player = commitment }, revealed = { player = { secret, dice } },
-- moves = { player = { key, ... } in the order heard } }, for one table (`heard_at`).
local heard, heard_at = {}, nil
-- A player's own chips (a move at a manual table, a give or a reset anywhere): the host orders
-- these only on the owner's own ACT (Session.lua, Record.lua).
local MOVE_OPS = { put = true, bet = true, check = true, call = true, raise = true, fold = true,
	allin = true, pot = true, give = true, reset = true }
Witness.MOVE_OPS = MOVE_OPS

local function of(id, number, current)
	if heard_at ~= id then heard, heard_at = {}, id end
	for kept in pairs(heard) do
		if kept < current then heard[kept] = nil end -- (hands over: nothing to compare)
	end
	heard[number] = heard[number] or { heard = {}, revealed = {}, moves = {} }
	return heard[number]
end

-- A move as the record's MOVE entries and the client's own hearing compare it.
function Witness.move_key(op, amount, target)
	return (op or "") .. " " .. tostring(amount or "") .. " " .. tostring(target or "")
end

-- A seated player's own ACT, as this client heard it (or sent it: its own): the first
-- commitment and reveal a hand stand, as at the host; moves in order.
function Witness.act(session, player, op, amount, target, dice)
	local number = tonumber(amount) or session.hands
	if op == "commit" and tonumber(amount) and tonumber(amount) >= session.hands then
		local kept = of(session.id, number, session.hands).heard
		kept[player] = kept[player] or target or ""
	elseif op == "show" and number >= session.hands then
		local kept = of(session.id, number, session.hands).revealed
		kept[player] = kept[player] or { target or "", dice or "" }
	elseif MOVE_OPS[op] then
		local moves = of(session.id, session.hands, session.hands).moves
		moves[player] = moves[player] or {}
		table.insert(moves[player], Witness.move_key(op, amount, target))
	end
end

-- What this client heard at table `id` itself, by hand number.
function Witness.heard(id)
	return heard_at == id and heard or {}
end

------------------------------------------------------------------------------
-- Roll lines this client read during a hand (any of a seed's or a street's range), in
-- SavedVariables by player: after a /reload or a dropped copy they are read again before the
-- record's SEED or ROLLED is taken, so this client's own line binds, not the host's word.
local MAX_LINES = 24
local saved -- db.lines_seen

function Witness.attach(db)
	db.lines_seen = db.lines_seen or {}
	saved = db.lines_seen
end

function Witness.line(session, text)
	local me = Comm.me()
	local kept = saved[me]
	if not (kept and kept.table == session.id and kept.hand == session.hands) then
		kept = { table = session.id, hand = session.hands, lines = {} }
		saved[me] = kept
	end
	for _, line in ipairs(kept.lines) do if line == text then return end end
	if #kept.lines < MAX_LINES then kept.lines[#kept.lines + 1] = text end
end

-- The lines kept for the session's current hand.
function Witness.lines(session)
	local kept = saved[Comm.me()]
	return kept and kept.table == session.id and kept.hand == session.hands and kept.lines or {}
end
