-- Open rolls: every die of a draw game is its player's own server /roll, in the open. A roll
-- of k dice is one /roll LOW-HIGH exactly faces^k wide, at an offset unique to the table, the
-- round, the player and the roll (the Lua twin of pyhost.fairplay.draw_range); its dice are
-- the roll less LOW as base-faces digits, most significant first. A roll binds only when its
-- line is the player's own, exactly in the awaited range, and the first such line after the
-- flow began awaiting it: an early line, a repeated one, another player's, a namesake's or
-- any other range never counts.
local _, ns = ...

local Sha256 = ns.Sha256
local FACES = #ns.Rules.faces
local MAX_ROLL = 1000000 -- the largest roll the server makes

local OpenRolls = {}
ns.OpenRolls = OpenRolls

-- The range (low, high) of `player`'s `roll`-th roll (from 1 in his turn) of `count` dice in
-- round `round` (from 1 at the table) of table `table_id`: from the first 8 hex digits of the
-- SHA-256 of "draw|table|round|player|roll" (8, as Lua 5.1's tonumber reads them exactly).
function OpenRolls.range(table_id, round, player, roll, count)
	local width = FACES ^ count
	local parts = { "draw", table_id, tostring(round), player, tostring(roll) }
	local number = tonumber(Sha256.hex(table.concat(parts, "|")):sub(1, 8), 16) or 0
	local low = 1 + number % (MAX_ROLL - width + 1)
	return low, low + width - 1
end

-- The dice a roll of `value` in a range from `low` gives: `count` base-faces digits.
function OpenRolls.dice(value, low, count)
	local dice, n = {}, value - low
	for i = count, 1, -1 do
		dice[i] = n % FACES + 1
		n = math.floor(n / FACES)
	end
	return dice
end

------------------------------------------------------------------------------
-- What a flow awaits, and the lines that bind it. A watch is per round: `await` names the roll
-- now due (its player, index and dice); `line` reads one parsed roll line; `take` hands over
-- the dice of the awaited roll once its line came (and the watch awaits nothing then).

local Watch = {}
Watch.__index = Watch

-- A watch for round `round` of table `table_id`. `whose(short_name)` is the full name a roll
-- line's name stands for at this table, or nil (not seated, or a namesake's line that could
-- be another group member's).
function OpenRolls.watch(table_id, round, whose)
	return setmetatable({ table_id = table_id, round = round, whose = whose }, Watch)
end

-- Await `player`'s `roll`-th roll of `count` dice; its range (low, high) is returned.
function Watch:await(player, roll, count)
	local low, high = OpenRolls.range(self.table_id, self.round, player, roll, count)
	self.awaited = { player = player, roll = roll, count = count, low = low, high = high }
	return low, high
end

function Watch:range()
	local awaited = self.awaited
	if awaited then return awaited.low, awaited.high end
end

-- A roll line (name as the server writes it, value, low, high). What it did: "bound" (the
-- awaited roll's first line), "repeat" (the awaited roll's range again, after it bound),
-- "wrong" (the awaited player's roll of another range while one is awaited), or nil (nobody's
-- roll here).
function Watch:line(name, value, low, high)
	local player = self.whose(name)
	if not player then return nil end
	local awaited = self.awaited
	if awaited and awaited.player == player and not awaited.value then
		if low == awaited.low and high == awaited.high then
			awaited.value = value
			return "bound"
		end
		return "wrong"
	end
	local done = awaited or self.last -- (bound already)
	if done and done.player == player and low == done.low and high == done.high then
		return "repeat"
	end
	return nil
end

-- The awaited roll is bound by other means (a record's word for it): awaited no more.
function Watch:forget()
	self.last, self.awaited = self.awaited, nil
end

-- The awaited roll's dice if its line has bound, and then it is awaited no more.
function Watch:take()
	local awaited = self.awaited
	if not (awaited and awaited.value) then return nil end
	self.awaited = nil
	self.last = awaited
	return OpenRolls.dice(awaited.value, awaited.low, awaited.count), awaited
end
