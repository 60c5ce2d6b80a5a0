-- Text this client did not write itself, made safe to print.
--
-- WoW's chat frame reads escape codes from '|' (a colour |c...|r, a link |H...|h, a texture
-- |T...|t, a line break |n, ...), and a newline or another control byte breaks the line. A
-- field of another client's message (a version, a refusal reason, a name, anything) and what
-- the player typed are printed only through Text.safe: every '|' doubled (it shows as one
-- '|'), each control byte and each byte that is not valid UTF-8 shown as '?', and at most
-- `limit` characters, with "..." after them when there were more.
local _, ns = ...

local Text = {}
ns.Text = Text

Text.LIMIT = 64 -- a name, a version, a word or a number quoted in a line
Text.REASON = 160 -- a whole sentence from another client: a refusal's reason
Text.LINE = 400 -- a whole line the engine wrote around names and targets from messages

local ELLIPSIS = "..."

-- The length of the valid UTF-8 character at `i`, or nil.
local function char_length(text, i)
	local b = text:byte(i)
	if b < 128 then return 1 end
	local size, low, high -- the second byte's range, tighter for the first few lead bytes
	if b >= 0xC2 and b <= 0xDF then size, low, high = 2, 0x80, 0xBF
	elseif b == 0xE0 then size, low, high = 3, 0xA0, 0xBF
	elseif b == 0xED then size, low, high = 3, 0x80, 0x9F -- no surrogates
	elseif b >= 0xE1 and b <= 0xEF then size, low, high = 3, 0x80, 0xBF
	elseif b == 0xF0 then size, low, high = 4, 0x90, 0xBF
	elseif b >= 0xF1 and b <= 0xF3 then size, low, high = 4, 0x80, 0xBF
	elseif b == 0xF4 then size, low, high = 4, 0x80, 0x8F
	else return nil end
	local second = text:byte(i + 1)
	if not second or second < low or second > high then return nil end
	for k = i + 2, i + size - 1 do
		local more = text:byte(k)
		if not more or more < 0x80 or more > 0xBF then return nil end
	end
	-- U+0080 to U+009F are control characters too.
	if b == 0xC2 and second <= 0x9F then return nil end
	return size
end

local tostring, find = tostring, string.find
local UNSAFE = "[^\32-\123\125\126]" -- anything but printable ASCII without '|'

function Text.safe(text, limit)
	text = text == nil and "" or tostring(text)
	limit = limit or Text.LIMIT
	-- Printable ASCII without '|', no longer than the limit, is already safe: as it is, with
	-- no loop over its characters (most lines are).
	if #text <= limit and not find(text, UNSAFE) then return text end
	local out, count, i, length = {}, 0, 1, #text
	while i <= length do
		if count >= limit then
			out[#out + 1] = ELLIPSIS
			break
		end
		-- A run of printable ASCII without '|' goes as it is, at once (a line of dice faces is
		-- mostly such runs between its few other characters).
		local _, last = text:find("^[\32-\123\125\126]+", i)
		if last then
			if last > i + limit - count - 1 then last = i + limit - count - 1 end
			out[#out + 1] = text:sub(i, last)
			count, i = count + last - i + 1, last + 1
		else
			local b, size = text:byte(i), char_length(text, i)
			if b == 124 then -- '|'
				out[#out + 1] = "||"
			elseif not size or b < 32 or b == 127 then
				out[#out + 1], size = "?", 1
			else
				out[#out + 1] = text:sub(i, i + size - 1)
			end
			count, i = count + 1, i + (size or 1)
		end
	end
	return table.concat(out)
end
