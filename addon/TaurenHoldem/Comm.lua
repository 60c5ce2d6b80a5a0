-- Addon messages between the players' clients.
--
-- A message is tab-separated fields: protocol version, kind, table id, then the kind's own
-- fields. The table's host (who opened it) is the authority: players send requests (ACT),
-- the host checks them with its engine and broadcasts what it accepted (DO) with a sequence
-- number; every client applies DO messages in that order, so every engine stays the same.
-- Messages wait in a queue when the server's per-prefix allowance is spent.
local _, ns = ...

local PREFIX = ns.Rules.addon.prefix
local VERSION = "2" -- 2: turns (TURN) go from the player to everyone
local SEPARATOR = "\t"
local MAX_BYTES = 255
local THROTTLED = 3 -- Enum.SendAddonMessageResult.AddonMessageThrottle
local LOCKDOWN = 11 -- Enum.SendAddonMessageResult.AddOnMessageLockdown

local Comm = { handlers = {}, queue = {} }
ns.Comm = Comm
Comm.VERSION = VERSION

local function send_addon(message, channel, target)
	local result = C_ChatInfo.SendAddonMessage(PREFIX, message, channel, target)
	if result == false then return THROTTLED end -- Classic answers with a boolean
	if result == true then return 0 end
	return result or 0
end

function Comm.me()
	local name, realm = UnitFullName("player")
	return name .. "-" .. (realm or GetNormalizedRealmName())
end

local function channel()
	if IsInRaid() then return "RAID" end
	if IsInGroup() then return "PARTY" end
end

-- Messages waiting for the group, packed into one addon message as far as 255 bytes allow:
-- the server counts messages, not bytes, so a backlog drains several times faster.
local BATCH_HEAD = VERSION .. SEPARATOR .. "B" .. SEPARATOR
local RECORD = "\030"
-- A message in parts: each part is PART_HEAD, "i/n" (part i of n), a tab, then its text. The
-- numbers let a receiver drop a message with a part lost instead of joining the wrong ones.
local PART_HEAD = VERSION .. SEPARATOR .. "P" .. SEPARATOR
local MAX_JOINED = 4096 -- a message this long at most: nothing honest is longer
local PART_TEXT = MAX_BYTES - #PART_HEAD - #"99/99\t" -- the text one part carries

local function packed()
	local first = Comm.queue[1]
	if first.target or not Comm.queue[2] or Comm.queue[2].target then return first.message, 1 end
	local text, count = first.message, 1
	while Comm.queue[count + 1] and not Comm.queue[count + 1].target do
		local longer = text .. RECORD .. Comm.queue[count + 1].message
		if #BATCH_HEAD + #longer > MAX_BYTES then break end
		text, count = longer, count + 1
	end
	if count == 1 then return text, 1 end
	return BATCH_HEAD .. text, count
end

-- Try to send everything queued, in order; what the server refuses now waits a second.
function Comm.flush()
	while Comm.queue[1] do
		local item = Comm.queue[1]
		local where = item.channel or channel()
		if not where then -- alone: nobody else to tell
			table.remove(Comm.queue, 1)
		else
			local message, count = packed()
			local result = send_addon(message, where, item.target)
			if result == THROTTLED or result == LOCKDOWN then
				-- Keep it, and everything after it, for a second from now.
				if result == LOCKDOWN and not Comm.paused then
					Comm.paused = true
					if Comm.on_pause then Comm.on_pause(true) end
				end
				if not Comm.retrying then
					Comm.retrying = true
					C_Timer.After(1, function() Comm.retrying = false Comm.flush() end)
				end
				return
			end
			for _ = 1, count do table.remove(Comm.queue, 1) end
			if Comm.paused then
				Comm.paused = false
				if Comm.on_pause then Comm.on_pause(false) end
			end
		end
	end
end

-- Send a message of `kind` with its fields to the group (or whisper `target`).
function Comm.send(kind, fields, target)
	local parts = { VERSION, kind }
	for i = 1, #fields do parts[#parts + 1] = tostring(fields[i]) end
	local message = table.concat(parts, SEPARATOR)
	local where = target and "WHISPER" or nil
	if #message <= MAX_BYTES then
		Comm.queue[#Comm.queue + 1] = { message = message, target = target, channel = where }
	else -- longer than one addon message allows: send it in parts, which the receiver joins
		local count = math.ceil(#message / PART_TEXT)
		for i = 1, count do
			local text = message:sub((i - 1) * PART_TEXT + 1, i * PART_TEXT)
			Comm.queue[#Comm.queue + 1] = { target = target, channel = where,
				message = PART_HEAD .. i .. "/" .. count .. SEPARATOR .. text }
		end
	end
	Comm.flush()
end

-- Split a message: its kind and fields, or nil and the version of a message from another
-- version of the protocol.
function Comm.decode(message)
	local fields = {}
	local start = 1
	while true do
		local first = message:find(SEPARATOR, start, true)
		if not first then
			fields[#fields + 1] = message:sub(start)
			break
		end
		fields[#fields + 1] = message:sub(start, first - 1)
		start = first + 1
	end
	if fields[1] ~= VERSION or not fields[2] then return nil, fields[1] end
	local kind = fields[2]
	table.remove(fields, 1)
	table.remove(fields, 1)
	return kind, fields
end

function Comm.on(kind, handler)
	Comm.handlers[kind] = handler
end

-- CHAT_MSG_ADDON: our prefix only, our own echoes ignored (we acted when we sent).
local told_version = {}
local arriving = {} -- by sender and channel: the text of a message arriving in parts

function Comm.receive(prefix, message, distribution, sender)
	if prefix ~= PREFIX then return end
	if sender == Comm.me() then return end
	if message:sub(1, #BATCH_HEAD) == BATCH_HEAD then -- several messages packed in one
		local rest = message:sub(#BATCH_HEAD + 1)
		for inner in (rest .. RECORD):gmatch("(.-)" .. RECORD) do
			Comm.receive(prefix, inner, distribution, sender)
		end
		return
	end
	if message:sub(1, #PART_HEAD) == PART_HEAD then
		-- By sender and channel: part 1 starts a message, the next part adds to it, a part
		-- seen already (a duplicate) is passed over, and a part after a lost one drops it all.
		local from = sender .. SEPARATOR .. distribution
		local i, count, text = message:match("^(%d+)/(%d+)\t(.*)$", #PART_HEAD + 1)
		i, count = tonumber(i), tonumber(count)
		if not i or i < 1 or i > count or count * PART_TEXT > MAX_JOINED then return end
		local so_far = arriving[from]
		if i == 1 then
			so_far = { text = text, next = 2, count = count }
		elseif not so_far or so_far.count ~= count or i > so_far.next then
			arriving[from] = nil
			return
		elseif i < so_far.next then
			return
		else
			so_far.text, so_far.next = so_far.text .. text, i + 1
		end
		if i == count then
			arriving[from] = nil
			Comm.receive(prefix, so_far.text, distribution, sender)
		else
			arriving[from] = so_far
		end
		return
	end
	local kind, fields = Comm.decode(message)
	if not kind then
		-- Another version of the addon: say so once, and read nothing from it.
		if not told_version[sender] and Comm.on_other_version then
			told_version[sender] = true
			Comm.on_other_version(sender, fields)
		end
		return
	end
	local handler = Comm.handlers[kind]
	if handler then handler(sender, fields) end
end

function Comm.init()
	C_ChatInfo.RegisterAddonMessagePrefix(PREFIX)
end
