-- Faces, how they are shown, rolling a die.
local _, ns = ...

local FACES = ns.Rules.faces
local Dice = {}
ns.Dice = Dice

-- The face index for a name (any case) or an index; nil for anything else.
function Dice.face(token)
	local index = tonumber(token)
	if index and FACES[index] and index == math.floor(index) then return index end
	if type(token) ~= "string" then return nil end
	local wanted = token:lower()
	for i, face in ipairs(FACES) do
		if face.name:lower() == wanted then return i end
	end
end

-- "1-[ ¥ ] 2-[::: ]": numbered glyphs, or "[Shaman]" names for a player who asked for them.
function Dice.line(dice, ascii)
	local parts = {}
	for i, face in ipairs(dice) do
		local shown = ascii and ("[" .. FACES[face].name .. "]") or FACES[face].glyph
		parts[i] = i .. "-" .. shown
	end
	return table.concat(parts, " ")
end

-- The same dice, shown without numbers: "[ ¥ ] [::: ]".
function Dice.faces(dice, ascii)
	local parts = {}
	for i, face in ipairs(dice) do
		parts[i] = ascii and ("[" .. FACES[face].name .. "]") or FACES[face].glyph
	end
	return table.concat(parts, " ")
end

-- Glyphs in a line of text replaced by "[Name]": the engine writes glyphs; a player who
-- reads names gets them in every line.
function Dice.ascii(text)
	for _, face in ipairs(FACES) do
		local from, to = face.glyph, "[" .. face.name .. "]"
		local start = 1
		while true do
			local first, last = text:find(from, start, true)
			if not first then break end
			text = text:sub(1, first - 1) .. to .. text:sub(last + 1)
			start = first + #to
		end
	end
	return text
end

-- "3,8" <-> {3, 8}: dice in addon messages.
function Dice.encode(dice)
	return table.concat(dice, ",")
end

-- Each face's index as its message writes it ("1", "2", ...): what `face` finds for those
-- tokens, looked up without a call (every client decodes every show's dice).
local WRITTEN = {}
for index in ipairs(FACES) do WRITTEN[tostring(index)] = index end

function Dice.decode(text)
	local dice = {}
	for token in (text or ""):gmatch("[^,]+") do
		local face = WRITTEN[token] or Dice.face(token)
		if not face then return nil end
		dice[#dice + 1] = face
	end
	return dice
end

-- The server's roll: WoW's own RANDOM_ROLL_RESULT, in whatever language this client runs,
-- made into a pattern ("%s rolls %d (%d-%d)" -> "^(.+) rolls (%d+) %((%d+)%-(%d+)%)$"). A
-- translation may number its items ("%1$s würfelt. Ergebnis: %2$d (%3$d-%4$d)") and put
-- them in any order: `order` says which argument (name, value, low, high) each capture is.
local CAPTURE = { s = "(.+)", d = "(%d+)" }
local MAGIC = "[%^%$%(%)%%%.%[%]%*%+%-%?]"

local function roll_pattern(form)
	local pieces, order, after, from = {}, {}, 0, 1
	while true do
		local first, last, digits, dollar, kind = form:find("%%(%d*)(%$?)([sd])", from)
		if not first then break end
		after = dollar == "$" and tonumber(digits) or after + 1
		order[#order + 1] = after
		pieces[#pieces + 1] = form:sub(from, first - 1):gsub(MAGIC, "%%%0")
		pieces[#pieces + 1] = CAPTURE[kind]
		from = last + 1
	end
	pieces[#pieces + 1] = form:sub(from):gsub(MAGIC, "%%%0")
	return "^" .. table.concat(pieces) .. "$", order
end

local made_from, pattern, order
function Dice.parse_roll(text)
	if type(text) ~= "string" or type(RANDOM_ROLL_RESULT) ~= "string" then return nil end
	if made_from ~= RANDOM_ROLL_RESULT then
		made_from = RANDOM_ROLL_RESULT
		pattern, order = roll_pattern(made_from)
	end
	local caught, args = { text:match(pattern) }, {}
	for i, argument in ipairs(order) do args[argument] = caught[i] end
	local value, low, high = tonumber(args[2]), tonumber(args[3]), tonumber(args[4])
	if not (args[1] and value and low and high) then return nil end
	return args[1], value, low, high
end

-- A roll of low..low + faces^count - 1 read as `count` base-faces digits, most significant
-- first: every die uniform, every face possible.
function Dice.from_roll(value, low, count)
	local dice, n = {}, value - low
	for i = count, 1, -1 do
		dice[i] = n % #FACES + 1
		n = math.floor(n / #FACES)
	end
	return dice
end

-- The range a street's roll must use: exactly faces^count wide, and unique to the table,
-- the hand and the street, so no other roll (early, repeated, a stranger's or another
-- addon's) can be taken for it.
-- (The draw games, which load this file too, have no streets: each of their dice is a
-- player's own open roll, draw/OpenRolls.lua.)
local COMMUNITY = ns.Rules.deal.community
local BLOCK = COMMUNITY and (#FACES) ^ math.max(unpack(COMMUNITY))
local SLOTS = BLOCK and math.floor(1000000 / BLOCK)
function Dice.street_range(table_id, hand, street, count)
	local seed = 0
	for i = 1, #table_id do seed = (seed * 31 + table_id:byte(i)) % 1000003 end
	local slot = (seed + (hand - 1) * #ns.Rules.deal.community + (street - 1)) % SLOTS
	local low = 1 + slot * BLOCK
	return low, low + (#FACES) ^ count - 1
end
