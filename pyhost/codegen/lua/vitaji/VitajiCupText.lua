-- Plain data as text, for the tournament's CUP messages (a tournament, its games, a book and its
-- list): length-prefixed strings, whole numbers, flags and tables, and back; a text that is not
-- one reads as nothing, never as an error.
local _, ns = ...

local CupText = {}
ns.VitajiCupText = CupText

local function encode(value, out)
	local kind = type(value)
	if kind == "string" then
		out[#out + 1] = "s" .. #value .. ":" .. value
	elseif kind == "number" then
		out[#out + 1] = "n" .. ("%d"):format(value) .. ";"
	elseif kind == "boolean" then
		out[#out + 1] = value and "t" or "f"
	elseif kind == "table" then
		out[#out + 1] = "{"
		for key, item in pairs(value) do
			encode(key, out)
			encode(item, out)
		end
		out[#out + 1] = "}"
	end
	return out
end

local function decode(text, at, depth)
	local tag = text:sub(at, at)
	if tag == "s" then
		local size, start = text:match("^(%d+):()", at + 1)
		if not size or start + size - 1 > #text then return nil end
		return text:sub(start, start + size - 1), start + size
	elseif tag == "n" then
		local number, after = text:match("^(%-?%d+);()", at + 1)
		return tonumber(number), after
	elseif tag == "t" or tag == "f" then
		return tag == "t", at + 1
	elseif tag == "{" and depth < 8 then
		local out = {}
		at = at + 1
		while text:sub(at, at) ~= "}" do
			local key, item
			key, at = decode(text, at, depth + 1)
			if key == nil or at == nil then return nil end
			item, at = decode(text, at, depth + 1)
			if item == nil or at == nil then return nil end
			out[key] = item
		end
		return out, at + 1
	end
end

function CupText.text_of(value) return table.concat(encode(value, {})) end

-- The table a text holds, or nil (any other value, or text that is not one).
function CupText.value_of(text)
	local value = type(text) == "string" and decode(text, 1, 0)
	return type(value) == "table" and value or nil
end
