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
-- By kind: the function that reads its fields from the wire (below), and the list's name if
-- there is one.
local readers = {}
ns.Messages = Messages

local READ = {
	n = tonumber,
	b = function(text) return text == "1" end,
	s = function(text) return text end,
}

-- The fields as Messages.read takes them from the wire, for the `fixed` fields before a list:
-- a function made once a kind, as it is declared, which takes them all with one match straight
-- into one table constructor (every message received goes through it: the message is made at
-- its size, not grown a field at a time, and no list of the values is made first). An empty
-- field is nil, any other goes through its field's READ function (text needs none); a list,
-- after a tab, is Messages.fields.
local function make_reader(kind, spec, fixed)
	local values, converts, named, upvalues = {}, {}, {}, {}
	for i = 1, fixed do
		local value = "v" .. i
		values[i] = value
		if spec[i].read == READ.s then
			converts[i] = ("if %s == '' then %s = nil end"):format(value, value)
		else -- (each field's READ function an upvalue: "local r2 = reads[2].read")
			upvalues[#upvalues + 1] = ("local r%d = reads[%d].read"):format(i, i)
			converts[i] = ("if %s == '' then %s = nil else %s = r%d(%s) end"):format(value, value,
				value, i, value)
		end
		named[i] = ("[%q] = %s"):format(spec[i].name, value)
	end
	local list = spec[fixed + 1]
	if list then -- (after the fields taken: the list's tab, or the end)
		named[#named + 1] = ("[%q] = byte(wire, at) == 9 and fields(wire, at + 1) or {}"):format(list.name)
	end
	local code = table.concat({
		"local match, byte, fields, pattern, reads = ...",
		table.concat(upvalues, "\n"),
		"return function(wire, start)",
		"local " .. table.concat(values, ", ") .. ", at = match(wire, pattern, start)",
		table.concat(converts, "\n"),
		"return { " .. table.concat(named, ", ") .. " }",
		"end",
	}, "\n")
	local pattern = "^([^\t]*)" .. ("\t?([^\t]*)"):rep(fixed - 1) .. "()"
	-- (Named for its kind in an error's trace: "Messages.read TURN:3".)
	local made = assert(loadstring(code, "=Messages.read " .. kind))
	return made(string.match, string.byte, Messages.fields, pattern, spec)
end

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
	readers[kind] = { read = fixed > 0 and make_reader(kind, spec, fixed), list = last and last.rest and last.name }
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
-- the wire text (every message received goes here): its reader takes the fields.
function Messages.read(kind, wire, start)
	local reader = readers[kind]
	if start and reader.read then return reader.read(wire, start) end
	local message = {} -- (no fields at all, or only a list)
	if reader.list then message[reader.list] = Messages.fields(wire, start) end
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
