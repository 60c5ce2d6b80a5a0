-- Vitaji's small shared helpers: values as Python's repr shows them in a refusal (the refusals
-- are the Python engine's, word for word), list copies and joins, membership.
local _, ns = ...

local Words = {}
ns.VitajiWords = Words

local function repr(value)
	local kind = type(value)
	if kind == "string" then
		local quote = (value:find("'", 1, true) and not value:find('"', 1, true)) and '"' or "'"
		local body = value:gsub("\\", "\\\\")
		if quote == "'" then body = body:gsub("'", "\\'") end
		return quote .. body .. quote
	end
	if value == nil then return "None" end
	if kind == "boolean" then return value and "True" or "False" end
	if kind == "table" then
		local out = {}
		for i, item in ipairs(value) do out[i] = repr(item) end
		return "[" .. table.concat(out, ", ") .. "]"
	end
	return tostring(value)
end
Words.repr = repr

function Words.copy(list)
	local out = {}
	for i, item in ipairs(list) do out[i] = item end
	return out
end

function Words.copy_map(map)
	local out = {}
	for key, item in pairs(map) do out[key] = item end
	return out
end

Words.index = ns.Lists.index

function Words.remove(list, wanted)
	local at = Words.index(list, wanted)
	if at then table.remove(list, at) end
end

function Words.is_int(value)
	return type(value) == "number" and value == math.floor(value) and value > -2 ^ 53 and value < 2 ^ 53
end
