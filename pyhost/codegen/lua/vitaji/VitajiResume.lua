-- A long game's record, kept short: at the start of each round's betting (from round 2) every
-- client replaces the game's record so far (its turns and rolls since the game's start) by one
-- RESUME: the game's state as compact text. A client catching up replays the start, then the
-- RESUME (taken only from the host's copy, while catching up, on a game just started), then
-- this round's steps. So a catch-up stays the size of the scoresheet, not of every message
-- (docs/protocol.md: the figure at round 500 with 12 players).
local _, ns = ...

local RULES, Vitaji, Betting, DrawTable = ns.Rules, ns.Vitaji, ns.VitajiBetting, ns.DrawTable
local Comm, Record = ns.Comm, ns.Record
local Step, T = Vitaji.Step, RULES.table

local Resume = {}
ns.VitajiResume = Resume

ns.Messages.declare("RESUME", { "table", "hand:n", "steps:n", "applied:n", "state" })

local CHOICE = { add = "a", double = "d", reroll = "r" }
local CHOSEN = { a = "add", d = "double", r = "reroll" }

local function split(text, sep)
	local out = {}
	for item in ((text or "") .. sep):gmatch("(.-)" .. sep:gsub("%p", "%%%0")) do out[#out + 1] = item end
	return out
end

local function numbers_of(list, order, map)
	local out = {}
	for i, name in ipairs(order) do out[i] = tostring(map[name] or 0) end
	return table.concat(out, ",")
end

-- A round's record as text: bet/puts/rolls/dropped/bonus/doubled, players by their place.
local function row_text(record, order, place)
	local puts, rolls, dropped, bonus, doubled = {}, {}, {}, {}, {}
	for i, name in ipairs(order) do
		local put = record.put[name]
		puts[i] = put == nil and "-" or put == record.bet and "" or tostring(put)
		rolls[i] = record.rolls[name] and table.concat(record.rolls[name], ".") or "-"
	end
	for i, name in ipairs(order) do
		if record.dropped[name] then dropped[#dropped + 1] = i .. ":" .. record.dropped[name] end
		if record.bonus[name] then bonus[#bonus + 1] = i .. ":" .. CHOICE[record.bonus[name]] end
	end
	for _, name in ipairs(record.doubled) do doubled[#doubled + 1] = tostring(place[name]) end
	return table.concat({ record.bet, table.concat(puts, ","), table.concat(rolls, ","),
		table.concat(dropped, "."), table.concat(bonus, "."), table.concat(doubled, ".") }, "/")
end

-- The game's state at the start of a round's betting, as text.
function Resume.state(round)
	local game = round.game
	local order, place = game.order, {}
	for i, name in ipairs(order) do place[name] = i end
	local out, doubles, rows = {}, {}, {}
	for _, name in ipairs(game.out) do out[#out + 1] = place[name] .. ":" .. game.dropped_in[name] end
	for i, name in ipairs(order) do if game.doubles[name] then doubles[#doubles + 1] = tostring(i) end end
	for i, record in ipairs(game.records) do rows[i] = row_text(record, order, place) end
	return table.concat({ game.round, numbers_of(nil, order, round.counts), numbers_of(nil, order, game.rerolls),
		table.concat(out, "."), table.concat(doubles, "."), table.concat(rows, "|") }, ";")
end

-- The game `round` (just started: nothing done) made the state `text` gives; true if it could.
function Resume.restore(round, text)
	local game = round.game
	local order = game.order
	local parts = split(text, ";")
	local number = tonumber(parts[1])
	if #parts ~= 6 or not number or number < 2 or number > RULES.deal.rounds then return false end
	local counts, rerolls = split(parts[2], ","), split(parts[3], ",")
	if #counts ~= #order or #rerolls ~= #order then return false end
	local records = {}
	for i, row in ipairs(split(parts[6], "|")) do
		local cells = split(row, "/")
		local bet = tonumber(cells[1])
		if #cells ~= 6 or not bet then return false end
		local record = { number = i, bet = bet, put = {}, rolls = {}, dropped = {}, bonus = {}, doubled = {} }
		local puts, rolls = split(cells[2], ","), split(cells[3], ",")
		for p, name in ipairs(order) do
			if puts[p] ~= "-" then record.put[name] = puts[p] == "" and bet or tonumber(puts[p]) end
			if rolls[p] and rolls[p] ~= "-" then
				record.rolls[name] = {}
				for _, face in ipairs(split(rolls[p], ".")) do record.rolls[name][#record.rolls[name] + 1] = tonumber(face) end
			end
		end
		for _, pair in ipairs(cells[4] ~= "" and split(cells[4], ".") or {}) do
			local p, put = pair:match("^(%d+):(%d+)$")
			if not (p and order[tonumber(p)]) then return false end
			record.dropped[order[tonumber(p)]] = tonumber(put)
		end
		for _, pair in ipairs(cells[5] ~= "" and split(cells[5], ".") or {}) do
			local p, choice = pair:match("^(%d+):(%a)$")
			if not (p and order[tonumber(p)] and CHOSEN[choice]) then return false end
			record.bonus[order[tonumber(p)]] = CHOSEN[choice]
		end
		for _, p in ipairs(cells[6] ~= "" and split(cells[6], ".") or {}) do
			if not order[tonumber(p)] then return false end
			record.doubled[#record.doubled + 1] = order[tonumber(p)]
		end
		records[i] = record
	end
	if #records ~= number then return false end
	game.records, game.round, game.out, game.dropped_in, game.doubles = records, number, {}, {}, {}
	for p, name in ipairs(order) do
		round.counts[name], game.rerolls[name] = tonumber(counts[p]) or 0, tonumber(rerolls[p]) or 0
	end
	for _, pair in ipairs(parts[4] ~= "" and split(parts[4], ".") or {}) do
		local p, at = pair:match("^(%d+):(%d+)$")
		local name = p and order[tonumber(p)]
		if not name then return false end
		game.out[#game.out + 1], game.dropped_in[name] = name, tonumber(at)
	end
	for _, p in ipairs(parts[5] ~= "" and split(parts[5], ".") or {}) do game.doubles[order[tonumber(p)] or ""] = true end
	game.doubles[""] = nil
	-- What each has put in, from the rows; the purse's total stays as the start left it.
	for _, name in ipairs(order) do
		local purse, put = game.purses[name], 0
		for _, record in ipairs(records) do put = put + (record.put[name] or 0) end
		purse.bank, purse.committed = purse.bank + purse.committed - put, put
	end
	local cap = T.maximum > 0 and T.maximum * (number - 1) or nil
	game.step, game.rolling = Step.BET, nil
	game.betting = Betting.new(game:players(), game.purses, T.interval, cap, T.raises_per_round)
	return true
end

-- A game kept across logouts (core/Kept.lua): its summary is its state as text (any step);
-- `now` goes on from `saved` if it is as far at least, every round played before the saved
-- one is the same row, and in the saved round each player's rolls, drops and bonus, the
-- players out, each one's rolls made and rerolls left go on from the saved ones.
-- (The round in play's rolls so far count: a row holds its rolls only once the round is over.)
function Resume.summary(round)
	local game = round.game
	local record, rolling = game.records[game.round], game.rolling
	if not (record and rolling) or game.step == Step.BET then return Resume.state(round) end -- (the last round's)
	local kept, rolls = record.rolls, {}
	for name, list in pairs(kept) do rolls[name] = list end
	for name, list in pairs(rolling.rolls) do if #list > 0 then rolls[name] = list end end
	record.rolls = rolls
	local text = Resume.state(round)
	record.rolls = kept
	return text
end

local function within(list, text, sep)
	for _, item in ipairs(list ~= "" and split(list, sep) or {}) do
		if not (sep .. text .. sep):find(sep .. item .. sep, 1, true) then return false end
	end
	return true
end

function Resume.extends(saved, now)
	if saved == now then return true end
	local old, new = split(saved, ";"), split(now, ";")
	local at, at_now = tonumber(old[1]), tonumber(new[1])
	if #old ~= 6 or #new ~= 6 or not at or not at_now or at_now < at then return false end
	local counts, counts_now = split(old[2], ","), split(new[2], ",")
	local rerolls, rerolls_now = split(old[3], ","), split(new[3], ",")
	if #counts ~= #counts_now or #rerolls ~= #rerolls_now then return false end
	for p = 1, #counts do
		if (tonumber(counts_now[p]) or -1) < (tonumber(counts[p]) or 0)
			or (tonumber(rerolls_now[p]) or 0) > (tonumber(rerolls[p]) or -1) then return false end
	end
	if not within(old[4], new[4], ".") then return false end
	local rows, rows_now = split(old[6], "|"), split(new[6], "|")
	for i = 1, at - 1 do if rows[i] ~= rows_now[i] then return false end end
	local cells, cells_now = split(rows[at] or "", "/"), split(rows_now[at] or "", "/")
	if #cells ~= 6 or #cells_now ~= 6 then return false end
	local rolls, rolls_now = split(cells[3], ","), split(cells_now[3], ",")
	for p, rolled in ipairs(rolls) do
		local later = rolls_now[p] or ""
		if rolled ~= "-" and later ~= rolled and later:sub(1, #rolled + 1) ~= rolled .. "." then return false end
	end
	return within(cells[4], cells_now[4], ".") and within(cells[5], cells_now[5], ".")
end

-- Whether, past the state `saved` (his copy's), the state `now` has `player` do only what
-- the host's stand does for a player gone (VitajiGame.stand): a bet met (or nothing put), a
-- drop, a roll never made counted 1, a reroll never called passed, a triple's bonus added. His
-- own turns and rolls past the copy he kept are his alone to vouch for (docs/protocol.md).
local function has(list, item, sep)
	return ((sep .. list .. sep):find(sep .. item .. sep, 1, true)) ~= nil
end
local function put_of(cells, p)
	local cell = split(cells[2], ",")[p]
	if cell == nil or cell == "-" then return nil end
	return cell == "" and tonumber(cells[1]) or tonumber(cell)
end
local function bonus_of(cells, p)
	return (("." .. cells[5] .. "."):match("%." .. p .. ":(%a)%."))
end

function Resume.own_steps(saved, now, player)
	local current, p = DrawTable.live(), nil
	for i, name in ipairs(current and current.game.order or {}) do if name == player then p = i end end
	if not p then return true end -- (not dealt in: nothing of his here)
	local old, new = split(saved, ";"), split(now, ";")
	local at, at_now = tonumber(old[1]), tonumber(new[1])
	if #old ~= 6 or #new ~= 6 or not at or not at_now then return false end
	if split(new[3], ",")[p] ~= split(old[3], ",")[p] then return false end -- (a reroll spent)
	if has(new[5], p, ".") and not has(old[5], p, ".") then return false end -- (a double)
	local rows, rows_now = split(old[6], "|"), split(new[6], "|")
	for r = at, at_now do
		local cells, now_cells = split(rows[r] or "", "/"), split(rows_now[r] or "", "/")
		if #now_cells ~= 6 then return false end
		if #cells ~= 6 or r > at then cells = { "0", "", "", "", "", "" } end -- (a round he never saw)
		local roll, roll_now = split(cells[3], ",")[p] or "-", split(now_cells[3], ",")[p] or "-"
		if r > at then roll = "-" end
		if roll_now ~= roll and not (roll == "-" and roll_now == "1") then return false end
		-- (Nothing put is nothing yet: a bet's others are at 0 until they meet it.)
		local put, put_now = r == at and put_of(cells, p) or 0, put_of(now_cells, p) or 0
		if put_now ~= put and put_now ~= tonumber(now_cells[1]) then return false end
		local bonus, bonus_now = bonus_of(cells, p), bonus_of(now_cells, p)
		if bonus_now ~= bonus and not (bonus == nil and bonus_now == "a") then return false end
		if has(now_cells[6], p, ".") and not has(cells[6], p, ".") then return false end
	end
	return true
end

-- After each step: at the start of a round's betting (nobody has bet), the record so far
-- becomes the start and one RESUME.
function Resume.after(round, session)
	local game = round.game
	local betting = game.betting
	if game.step ~= Step.BET or not betting or betting.level ~= nil or #betting.dropped > 0
		or round.resumed == game.round then return end
	round.resumed = game.round
	local log, kept = session.log, {}
	for _, entry in ipairs(log) do
		kept[#kept + 1] = entry
		if entry[1] == "DO" and entry[2].op == "start" then break end
	end
	kept[#kept + 1] = { "RESUME", { table = session.id, hand = session.hands, steps = session.steps,
		applied = session.applied, state = Resume.state(round) } }
	session.log = kept
end

-- A copy's RESUME: only the host's, only while catching up, only on the game just started.
Comm.on("RESUME", function(sender, resume)
	local session = DrawTable.session()
	if not (session and resume.table == session.id and sender == session.host and session.catching_up) then
		return
	end
	Record.drain()
	local current = DrawTable.live()
	if not current or resume.hand ~= session.hands or session.steps ~= 0 or session.applied ~= 0 then return end
	if not Resume.restore(current, resume.state or "") then return end
	current.resumed = current.game.round
	session.steps, session.applied = resume.steps or 0, resume.applied or 0
	session.log[#session.log + 1] = { "RESUME", resume }
	Record.drain()
end)
