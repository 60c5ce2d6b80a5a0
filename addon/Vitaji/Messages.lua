-- Every kind of addon message, declared once with its named fields.
--
-- A message on the wire is its fields in declared order, separated by tabs (Comm.lua adds
-- the protocol version and the kind in front). Code never reads a field by position: it
-- encodes a table of named values and receives one back. A field named "name:n" is a number
-- (tonumber on arrival, nil when it is not one), "name:b" a flag ("1" or "0"), and a last
-- field "name..." takes every field left (a list). An empty field arrives as nil, so a
-- handler never has to tell "" from a missing field.
local _, ns = ...

local Messages = { kinds = {}, order = {} }
-- By kind: one pattern that takes every field before a list at once (`fixed` of them, then
-- where the rest starts), and the list's name if there is one.
local readers = {}
ns.Messages = Messages

local READ = {
	n = tonumber,
	b = function(text) return text == "1" end,
	s = function(text) return text end,
}

-- Declare `kind` with its fields; each is "name", "name:n", "name:b" or (last) "name...".
function Messages.declare(kind, fields)
	assert(not Messages.kinds[kind], "message kind declared twice: " .. kind)
	local spec = {}
	for i, field in ipairs(fields) do
		local name, rest = field:match("^([%a_][%w_]*)(.*)$")
		local entry = { name = name, read = READ.s }
		if rest == "..." then
			assert(i == #fields, kind .. ": only the last field takes the rest")
			entry.rest = true
		elseif rest ~= "" then
			entry.read = READ[rest:match("^:(%a)$") or ""]
			assert(entry.read, kind .. ": unknown field type " .. rest)
			entry.kind = rest:sub(2)
		end
		spec[i] = entry
	end
	Messages.kinds[kind] = spec
	Messages.order[#Messages.order + 1] = kind
	local last = spec[#spec]
	local fixed = (last and last.rest) and #spec - 1 or #spec
	-- (Each fixed field's name, and its conversion: none for plain text, which needs no call.)
	local names, converts = {}, {}
	for i = 1, fixed do names[i], converts[i] = spec[i].name, spec[i].read ~= READ.s and spec[i].read end
	readers[kind] = { fixed = fixed, list = last and last.rest and last.name, names = names,
		converts = converts, pattern = "^([^\t]*)" .. ("\t?([^\t]*)"):rep(fixed - 1) .. "()" }
end

local function text(value)
	if value == nil then return "" end
	if value == true then return "1" elseif value == false then return "0" end
	return tostring(value)
end

-- The fields of a message of `kind` from the named values in `message`, in wire order.
function Messages.encode(kind, message)
	local spec = assert(Messages.kinds[kind], "undeclared message kind")
	local fields = {}
	for _, entry in ipairs(spec) do
		local value = message[entry.name]
		if entry.rest then
			for _, item in ipairs(value or {}) do fields[#fields + 1] = text(item) end
		else
			fields[#fields + 1] = text(value)
		end
	end
	-- Trailing empty fields carry nothing: leave them off (a shorter message, the same meaning).
	while #fields > 0 and fields[#fields] == "" do fields[#fields] = nil end
	return fields
end

-- The named values of a message of `kind` from its wire fields; nil for an undeclared kind.
function Messages.decode(kind, fields)
	local spec = Messages.kinds[kind]
	if not spec then return nil end
	local message = {}
	for i, entry in ipairs(spec) do
		if entry.rest then
			local list = {}
			for j = i, #fields do list[#list + 1] = fields[j] end
			message[entry.name] = list
		elseif fields[i] ~= nil and fields[i] ~= "" then
			message[entry.name] = entry.read(fields[i])
		end
	end
	return message
end

-- The tab-separated fields of `wire` from `start` on (none if `start` is nil).
local SEPARATOR = "\t"
function Messages.fields(wire, start)
	local fields = {}
	while start do
		local stop = wire:find(SEPARATOR, start, true)
		fields[#fields + 1] = wire:sub(start, (stop or 0) - 1)
		start = stop and stop + 1
	end
	return fields
end

-- Messages.decode(kind, Messages.fields(wire, start)) for a declared kind, read straight from
-- the wire text (every message received goes here): one match takes the fields.
function Messages.read(kind, wire, start)
	local reader, message = readers[kind], {}
	local fixed, list = reader.fixed, reader.list
	if not start or fixed == 0 then -- (no fields at all, or only a list)
		if list then message[list] = Messages.fields(wire, start) end
		return message
	end
	local values = { wire:match(reader.pattern, start) }
	local names, converts = reader.names, reader.converts
	for i = 1, fixed do
		local value = values[i]
		if value ~= "" then -- (an empty field arrives as nil)
			local convert = converts[i]
			if convert then value = convert(value) end
			message[names[i]] = value
		end
	end
	if list then -- (after the fields taken: the list's tab, or the end)
		local at = values[fixed + 1]
		message[list] = wire:byte(at) == 9 and Messages.fields(wire, at + 1) or {}
	end
	return message
end

-- Each declared kind, in declaration order, as { kind, { field as declared, ... } } (for the
-- test that compares the declarations with docs/protocol.md).
function Messages.list()
	local out = {}
	for i, kind in ipairs(Messages.order) do
		local names = {}
		for j, entry in ipairs(Messages.kinds[kind]) do
			names[j] = entry.name .. (entry.rest and "..." or entry.kind and (":" .. entry.kind) or "")
		end
		out[i] = { kind, names }
	end
	return out
end
