-- Vitaji's scoresheet: every roll, reroll, bet and drop of a game, in the layout docs/games.md
-- gives ("The scoresheet's saved layout"): what the addon keeps in its SavedVariables
-- (VitajiDB.scoresheets, oldest first, read by `pyhost scoresheet`), and the text it shows on
-- request, laid out as the source's example (the twin of pyhost/engine/vitaji/scoresheet.py's
-- text: rerolls after commas, bets in the last column, a dropped player's bet in parentheses).
local _, ns = ...

local RULES = ns.Rules
local copy, copy_map = ns.VitajiWords.copy, ns.VitajiWords.copy_map
local T = RULES.table

local Sheet = {}
ns.VitajiSheet = Sheet

local MARKS = { add = "+%d", reroll = "+r", double = "" }

-- The saved table of a game (as Python's Sheet.of_game(game).saved(): empty parts left out).
function Sheet.of_game(game)
	local rows = {}
	for number, record in ipairs(game.records) do
		local rolls, dropped = {}, {}
		for name, list in pairs(record.rolls) do rolls[name] = copy(list) end
		for _, name in ipairs(game.out) do -- (in the order they dropped)
			if game.dropped_in[name] == number then dropped[#dropped + 1] = name end
		end
		local row = { bet = record.bet, put = copy_map(record.put), rolls = rolls }
		if #dropped > 0 then row.dropped = dropped end
		if next(record.bonus) then row.bonus = copy_map(record.bonus) end
		if #record.doubled > 0 then row.doubled = copy(record.doubled) end
		rows[number] = row
	end
	local rolloffs = {}
	for i, off in ipairs(game.rolloffs) do rolloffs[i] = copy_map(off) end
	local sheet = { game = RULES.name, sides = RULES.sides, rounds = RULES.deal.rounds, ante = T.ante,
		interval = T.interval, maximum = T.maximum, currency = T.currency, stakes = T.stakes,
		players = copy(game.order), rows = rows, rolloffs = rolloffs, winners = copy(game.winners) }
	if RULES.teams.team_size > 1 then sheet.teams = copy_map(game.team_of) end
	return sheet
end

-- The sheet with every name as `show` gives it (in game: the short names).
function Sheet.renamed(sheet, show)
	local function list(names)
		local out = {}
		for i, name in ipairs(names or {}) do out[i] = show(name) end
		return out
	end
	local function keyed(map)
		local out = {}
		for name, value in pairs(map or {}) do out[show(name)] = value end
		return out
	end
	local out = copy_map(sheet)
	out.players, out.winners, out.rows, out.rolloffs = list(sheet.players), list(sheet.winners), {}, {}
	if sheet.teams then out.teams = keyed(sheet.teams) end
	for i, row in ipairs(sheet.rows) do
		out.rows[i] = { bet = row.bet, put = keyed(row.put), rolls = keyed(row.rolls),
			dropped = row.dropped and list(row.dropped), bonus = row.bonus and keyed(row.bonus),
			doubled = row.doubled and list(row.doubled) }
	end
	for i, off in ipairs(sheet.rolloffs) do out.rolloffs[i] = keyed(off) end
	return out
end

------------------------------------------------------------------------------
-- What it adds up to.

local function has(list, wanted)
	for _, item in ipairs(list or {}) do if item == wanted then return true end end
	return false
end

local function dropped_at(sheet, name)
	for number, row in ipairs(sheet.rows) do if has(row.dropped, name) then return number end end
end

local function put(sheet, name)
	local sum = 0
	for _, row in ipairs(sheet.rows) do sum = sum + (row.put[name] or 0) end
	return sum
end

local function score(sheet, name)
	local total = 0
	for _, row in ipairs(sheet.rows) do
		local rolls = row.rolls[name]
		if rolls and #rolls > 0 then
			local face = rolls[#rolls]
			total = total + face * (has(row.doubled, name) and 2 or 1)
			if (row.bonus or {})[name] == "add" then total = total + face end
		end
	end
	return total
end

local function pot(sheet)
	local sum = 0
	for _, name in ipairs(sheet.players) do sum = sum + put(sheet, name) end
	return sum
end

-- The pot as the source adds it up: "2380+2380+(1030+0)+(250+30)=6070" (the latest to drop
-- first; a stable order among equals, as Python's sorted).
local function pot_sum(sheet)
	local late, order = #sheet.rows + 1, {}
	for i, name in ipairs(sheet.players) do order[i] = { name, -(dropped_at(sheet, name) or late), i } end
	table.sort(order, function(a, b) if a[2] ~= b[2] then return a[2] < b[2] end return a[3] < b[3] end)
	local parts = {}
	for i, entry in ipairs(order) do
		local name = entry[1]
		local dropped = dropped_at(sheet, name)
		if dropped then
			local last = sheet.rows[dropped].put[name] or 0
			parts[i] = ("(%d+%d)"):format(put(sheet, name) - last, last)
		else
			parts[i] = tostring(put(sheet, name))
		end
	end
	return table.concat(parts, "+") .. "=" .. pot(sheet)
end

local function cell(sheet, number, name)
	local row = sheet.rows[number]
	local dropped = dropped_at(sheet, name)
	if dropped and number >= dropped then
		return number == dropped and ("(%d)"):format(row.put[name] or 0) or "-"
	end
	local rolls = row.rolls[name]
	if not rolls or #rolls == 0 then return "" end
	local text = table.concat(rolls, ",")
	if has(row.doubled, name) then text = text .. "x2" end
	local bonus = (row.bonus or {})[name]
	if bonus then text = text .. MARKS[bonus]:format(rolls[#rolls]) end
	return text
end

local function grid(sheet)
	local head = { "" }
	for _, name in ipairs(sheet.players) do head[#head + 1] = name .. (has(sheet.winners, name) and "*" or "") end
	head[#head + 1] = "$"
	local out = { head }
	for number, row in ipairs(sheet.rows) do
		local line = { tostring(number) }
		for _, name in ipairs(sheet.players) do line[#line + 1] = cell(sheet, number, name) end
		line[#line + 1] = tostring(row.bet)
		out[#out + 1] = line
	end
	local scores = { "" }
	for _, name in ipairs(sheet.players) do
		scores[#scores + 1] = dropped_at(sheet, name) and "-" or tostring(score(sheet, name))
	end
	scores[#scores + 1] = pot_sum(sheet)
	out[#out + 1] = scores
	for number, off in ipairs(sheet.rolloffs) do
		local line = { "" }
		for _, name in ipairs(sheet.players) do
			local face = off[name]
			line[#line + 1] = face == nil and "" or (tostring(face)
				.. ((number == #sheet.rolloffs and has(sheet.winners, name)) and "*" or ""))
		end
		line[#line + 1] = ""
		out[#out + 1] = line
	end
	return out
end

-- The sheet as lines of text (Python's Sheet.text(), line for line).
function Sheet.lines(sheet)
	local cells = grid(sheet)
	local scores, last = #sheet.rows + 2, #cells[1]
	local widths = {}
	for col = 1, last do
		widths[col] = 0
		for at, row in ipairs(cells) do
			if not (col == last and at == scores) and #row[col] > widths[col] then widths[col] = #row[col] end
		end
	end
	local title = ("%s: d%d over %d rounds, ante %d, interval %d, %s%s (%s)"):format(sheet.game, sheet.sides,
		sheet.rounds, sheet.ante, sheet.interval,
		sheet.maximum > 0 and ("maximum " .. sheet.maximum) or "no maximum",
		sheet.stakes == "chips" and "" or ", for points", sheet.stakes == "chips" and sheet.currency or "points")
	local lines = { title }
	for index, row in ipairs(cells) do
		if index == scores then
			local rule = #pot_sum(sheet) + 2 * (last - 1)
			for col = 1, last - 1 do rule = rule + widths[col] end
			lines[#lines + 1] = ("-"):rep(rule)
		end
		local padded = {}
		for col, text in ipairs(row) do padded[col] = text .. (" "):rep(widths[col] - #text) end
		lines[#lines + 1] = (table.concat(padded, "  "):gsub("%s+$", ""))
	end
	if sheet.teams then
		local seen = {}
		for _, first in ipairs(sheet.players) do
			local team = sheet.teams[first]
			if not seen[team] then
				seen[team] = true
				local members, sum = {}, 0
				for _, name in ipairs(sheet.players) do
					if sheet.teams[name] == team then
						members[#members + 1] = name
						if not dropped_at(sheet, name) then sum = sum + score(sheet, name) end
					end
				end
				lines[#lines + 1] = ("Team %s: %s: %d"):format(team, table.concat(members, ", "), sum)
			end
		end
	end
	if #sheet.winners > 0 then
		lines[#lines + 1] = ("Winner: %s, the pot of %d"):format(table.concat(sheet.winners, ", "), pot(sheet))
	else
		lines[#lines + 1] = "Not over yet"
	end
	return lines
end

-- A line of the sheet as chat lines of at most `width` characters (a chat line is cut past
-- Text.LINE): cut at the last space that fits, a cell's edge, each piece after the first
-- indented; a run with no space in it is cut where it must (never inside a character).
function Sheet.wrapped(line, width)
	local out, lead = {}, ""
	while #lead + #line > width do
		local room = width - #lead
		local cut = line:sub(1, room + 1):match("^.*() ")
		if not cut or cut <= 1 then
			cut = room + 1
			while cut > 2 and (line:byte(cut) or 0) >= 0x80 and line:byte(cut) < 0xC0 do cut = cut - 1 end
		end
		out[#out + 1] = lead .. (line:sub(1, cut - 1):gsub(" +$", ""))
		line, lead = (line:sub(cut):gsub("^ +", "")), "  "
	end
	out[#out + 1] = lead .. line
	return out
end
