-- Addon messages between the players' clients.
--
-- A message is tab-separated fields: protocol version, kind, then the kind's own fields in
-- the order its declaration gives them (Messages.lua; the kinds are declared in Protocol.lua,
-- a game flow's own file, and RESEND below): code sends and receives named values.
-- The table's host (who opened it) is the authority: players send requests (ACT), the host
-- checks them with its engine and broadcasts what it accepted (DO) with a sequence number;
-- every client applies DO messages in that order, so every engine stays the same.
-- Messages wait in a queue when the server's per-prefix allowance is spent, and every message
-- is paced (a budget of bytes a second overall, and of messages a second to each whisper
-- target), so that no burst gets the client disconnected for flooding. A send the API refuses
-- for any other reason is dropped, not counted as sent, and reported once (Comm.on_not_sent).
local _, ns = ...

local Messages, take = ns.Messages, nil -- (take: below, what a message that passed the checks holds)
local PREFIX = ns.Rules.addon.prefix
local VERSION = "4" -- 2: turns (TURN) go from the player to everyone; 3: nonces (DO close, TURN);
-- 4: the fair dice's hashes packed (Fair.lua), each one or two blocks
local SEPARATOR = "\t"
local MAX_BYTES = 255
-- Enum.SendAddonMessageResult (alike in every flavour), and its names for the failure line.
local RESULT = Enum and Enum.SendAddonMessageResult or {}
local SUCCESS = RESULT.Success or 0
local THROTTLES = { [RESULT.AddonMessageThrottle or 3] = true, [RESULT.ChannelThrottle or 8] = true } -- tried again
local LOCKDOWN = RESULT.AddOnMessageLockdown or 11 -- tried again; the table says it is paused
local TARGET_OFFLINE = RESULT.TargetOffline or 12 -- (whispers: what waits for them is dropped)
local RESULT_NAME = {}
for name, value in pairs(RESULT) do RESULT_NAME[value] = name end

-- The pace, after ChatThrottleLib: 800 bytes a second and 4000 at once, each message costing
-- its text, prefix and target and 40 bytes more, as the server counts (a burst before a
-- /reload and one after stay inside its 8000). Whispers leave the last RESERVE bytes of it to
-- the group's messages (the table's play), and go to each target at most TARGET_RATE a
-- second, TARGET_BURST at once; several targets take turns.
local RATE, BURST, OVERHEAD, RESERVE = 800, 4000, 40, 1000
local TARGET_RATE, TARGET_BURST = 4, 10

-- `queue`: messages for the group, in order. `lanes`: whispers, by target, each in order;
-- `targets`: the targets with whispers waiting, in turn.
local Comm = { handlers = {}, queue = {}, lanes = {}, targets = {} }
ns.Comm = Comm
Comm.VERSION = VERSION

-- (Every flavour answers with Enum.SendAddonMessageResult: the game data of each says so.)
local function send_addon(message, channel, target)
	return C_ChatInfo.SendAddonMessage(PREFIX, message, channel, target) or SUCCESS
end

local function cost(message, target)
	return #message + #PREFIX + #tostring(target or "") + OVERHEAD
end

-- Whispers reach only players of this realm or a connected one: to anyone else one goes
-- nowhere, silently (UnitRealmRelationship says which).
function Comm.reaches(name)
	if type(name) ~= "string" or not (UnitRealmRelationship and LE_REALM_RELATION_COALESCED) then return true end
	return UnitRealmRelationship(name) ~= LE_REALM_RELATION_COALESCED
end

-- A send refused for good: reported once for each reason and destination (by target, "" the
-- group), until a send there goes through again.
local told = {}
local function refused(result, target)
	local said = told[target or ""] or {}
	told[target or ""] = said
	if said[result] then return end
	said[result] = true
	if Comm.on_not_sent then Comm.on_not_sent(RESULT_NAME[result] or tostring(result), target) end
end
local function went(target) told[target or ""] = nil end

local me -- this player's "Name-Realm": asked of the game once (it never changes meanwhile)
function Comm.me()
	if me then return me end
	local name, realm = UnitFullName("player")
	me = name .. "-" .. (realm or GetNormalizedRealmName())
	return me
end

-- The group the table plays in, as a party category: the instance group (dungeon or raid
-- finder, battleground, follower dungeon) when the player is in one, else the home party or
-- raid; nil alone. It is the game's own default group, so calls that take no category (unit
-- tokens, GetRaidRosterInfo) ask of the same group. In an instance group, PARTY and RAID
-- messages fail ("You aren't in a party."): it has INSTANCE_CHAT.
function Comm.group()
	if IsInGroup(LE_PARTY_CATEGORY_INSTANCE) then return LE_PARTY_CATEGORY_INSTANCE end
	if IsInGroup(LE_PARTY_CATEGORY_HOME) then return LE_PARTY_CATEGORY_HOME end
end

local function channel()
	local group = Comm.group()
	if group == LE_PARTY_CATEGORY_INSTANCE then return "INSTANCE_CHAT" end
	if group then return IsInRaid(group) and "RAID" or "PARTY" end
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
	if not Comm.queue[2] then return first.message, 1 end
	local text, count = first.message, 1
	while Comm.queue[count + 1] do
		local longer = text .. RECORD .. Comm.queue[count + 1].message
		if #BATCH_HEAD + #longer > MAX_BYTES then break end
		text, count = longer, count + 1
	end
	if count == 1 then return text, 1 end
	return BATCH_HEAD .. text, count
end

-- A budget that refills with time, up to its cap.
local function bucket(rate, cap) return { amount = cap, rate = rate, cap = cap } end
local function refill(budget)
	local now = GetTime()
	if budget.at then budget.amount = math.min(budget.cap, budget.amount + (now - budget.at) * budget.rate) end
	budget.at = now
	return budget
end
local overall = bucket(RATE, BURST)
local per_target = {} -- by whisper target

-- One flush at a time is due: the earliest wanted.
local wake_at
local function wake(seconds)
	local at = GetTime() + seconds
	if wake_at and wake_at <= at then return end
	wake_at = at
	C_Timer.After(seconds, function()
		if wake_at ~= at then return end
		wake_at = nil
		Comm.flush()
	end)
end

local function paused(result)
	if result == LOCKDOWN and not Comm.paused then
		Comm.paused = true
		if Comm.on_pause then Comm.on_pause(true) end
	end
end

local function resumed()
	if Comm.paused then
		Comm.paused = false
		if Comm.on_pause then Comm.on_pause(false) end
	end
end

-- The group's messages, in order, as far as the server and the budget allow. False if some
-- wait.
local function flush_group()
	while Comm.queue[1] do
		local where = channel()
		if not where then -- alone: nobody else to tell
			table.remove(Comm.queue, 1)
		else
			local message, count = packed()
			local price = cost(message)
			if refill(overall).amount < price then
				wake(math.max((price - overall.amount) / RATE, 0.05))
				return false
			end
			local result = send_addon(message, where)
			if THROTTLES[result] or result == LOCKDOWN then
				-- Keep it, and everything after it, for a second from now.
				paused(result)
				wake(1)
				return false
			end
			for _ = 1, count do table.remove(Comm.queue, 1) end
			if result == SUCCESS then
				overall.amount = overall.amount - price
				went(nil)
				resumed()
			else -- refused for good (not in a group after all, ...): dropped, said once
				refused(result, nil)
			end
		end
	end
	return true
end

local function whisper_lane(target, lane)
	Comm.lanes[target] = lane
	Comm.targets[#Comm.targets + 1] = target
end

local function drop_lane(target)
	Comm.lanes[target] = nil
	for i, name in ipairs(Comm.targets) do
		if name == target then table.remove(Comm.targets, i) break end
	end
end

-- Whispers, the targets taking turns, one message each a round, as far as the budget allows.
local function flush_whispers()
	local soonest
	local moved = true
	while moved and Comm.targets[1] do
		moved = false
		for _, target in ipairs({ unpack(Comm.targets) }) do
			local lane = Comm.lanes[target]
			local item = lane and lane[1]
			if item then
				local price = cost(item.message, target)
				local mine = per_target[target] or bucket(TARGET_RATE, TARGET_BURST)
				per_target[target] = mine
				refill(mine)
				refill(overall)
				local short = math.max(price + RESERVE - overall.amount, 0) / RATE
				short = math.max(short, (1 - mine.amount) / TARGET_RATE)
				if short > 0 then
					soonest = math.min(soonest or short, short)
				else
					local result = send_addon(item.message, "WHISPER", target)
					if THROTTLES[result] or result == LOCKDOWN then
						paused(result)
						wake(1)
						return
					end
					table.remove(lane, 1)
					moved = true
					if result == SUCCESS then
						overall.amount, mine.amount = overall.amount - price, mine.amount - 1
						if item.copy then Comm.copy_sent(target) end
						went(target)
						resumed()
					else -- refused for good: dropped, said once; to one offline (which the server
						-- counted) the rest waits no more
						if result == TARGET_OFFLINE then overall.amount, lane = overall.amount - price, {} end
						refused(result, target)
					end
					-- Its turn is over: it goes to the back.
					drop_lane(target)
					if lane[1] then whisper_lane(target, lane) end
				end
			end
			if not (lane and lane[1]) then drop_lane(target) end
		end
	end
	if soonest then wake(math.max(soonest, 0.05)) end
end

-- Try to send everything queued: the group's messages first (the table's play), then the
-- whispers (a snapshot for a player catching up).
function Comm.flush()
	if flush_group() then flush_whispers() end
end

-- The wire text of a message: a declared kind's named values in declared order (an undeclared
-- kind's, which no game sends, is its list of fields as given).
local function encode(kind, message)
	local fields = Messages.kinds[kind] and Messages.encode(kind, message) or message
	local parts = { VERSION, kind }
	for i = 1, #fields do parts[#parts + 1] = tostring(fields[i]) end
	return table.concat(parts, SEPARATOR)
end

local function whisper(target, item)
	local lane = Comm.lanes[target]
	if not lane then
		lane = {}
		whisper_lane(target, lane)
	end
	lane[#lane + 1] = item
end

-- Send a message of `kind` with its named values to the group (or whisper `target`).
function Comm.send(kind, values, target)
	if target and not Comm.reaches(target) then return refused("NotConnectedRealm", target) end
	local message = encode(kind, values)
	local function add(text)
		if target then whisper(target, { message = text }) else Comm.queue[#Comm.queue + 1] = { message = text } end
	end
	if #message <= MAX_BYTES then
		add(message)
	else -- longer than one addon message allows: send it in parts, which the receiver joins
		local count = math.ceil(#message / PART_TEXT)
		for i = 1, count do
			add(PART_HEAD .. i .. "/" .. count .. SEPARATOR .. message:sub((i - 1) * PART_TEXT + 1, i * PART_TEXT))
		end
	end
	Comm.flush()
end

------------------------------------------------------------------------------
-- A copy: many messages for one player (a table's snapshot), joined into one text and cut
-- into numbered chunks (`C`: the copy's id, "i/n", the text), whispered at the pace above.
-- The receiver hands each message on as soon as every chunk before it is in, and asks again
-- (`RESEND`) for the chunks it lacks once none has come for REPAIR_SECONDS, then after twice
-- as long, and so on (the sender may be pacing copies to several players); after REPAIR_ASKS
-- asks that bring nothing it gives the copy up. The sender keeps its last copy
-- for each player to answer them.
local COPY_HEAD = VERSION .. SEPARATOR .. "C" .. SEPARATOR
local MAX_CHUNKS = 400 -- about 90,000 bytes: nothing honest is longer
local REPAIR_SECONDS, REPAIR_ASKS, MISSING_ASKED = 3, 5, 40
local copies = {} -- sent: by target, the last copy (id, chunks)
local copies_made = 0

-- Start a copy of `entries` ({ kind, message } each) to `target`; its id.
function Comm.send_copy(target, entries)
	if not Comm.reaches(target) then return refused("NotConnectedRealm", target) end
	local records = {}
	for i, entry in ipairs(entries) do records[i] = encode(entry[1], entry[2]) end
	local text = table.concat(records, RECORD)
	copies_made = copies_made + 1
	local id = time() .. "." .. copies_made
	local size = MAX_BYTES - #COPY_HEAD - #id - #"\t999/999\t"
	local count = math.max(1, math.ceil(#text / size))
	local copy = { id = id, chunks = {} }
	for i = 1, count do
		copy.chunks[i] = COPY_HEAD .. id .. SEPARATOR .. i .. "/" .. count .. SEPARATOR
			.. text:sub((i - 1) * size + 1, i * size)
		whisper(target, { message = copy.chunks[i], copy = id, chunk = i })
	end
	copies[target] = copy
	Comm.flush()
	return id
end

-- Is a copy to `target` still on its way: a chunk of it waiting to go, or one sent less than
-- REPAIR_SECONDS ago (still travelling)?
function Comm.copy_sent(target)
	if copies[target] then copies[target].sent = GetTime() end
end

function Comm.sending_copy(target)
	for _, item in ipairs(Comm.lanes[target] or {}) do
		if item.copy then return true end
	end
	local copy = copies[target]
	return copy ~= nil and copy.sent ~= nil and GetTime() - copy.sent < REPAIR_SECONDS
end

-- `handler(sender, message)` for each message of `kind`: its named values, decoded.
function Comm.on(kind, handler)
	Comm.handlers[kind] = handler
end

-- A message handed on as if it had arrived (a host's own record, replayed after a /reload).
function Comm.deliver(sender, kind, message)
	local handler = Comm.handlers[kind]
	if handler then handler(sender, message) end
end

Messages.declare("RESEND", { "copy", "missing" })

-- The chunks a receiver lacks, again (those not waiting to go already).
Comm.on("RESEND", function(sender, message)
	local copy = copies[sender]
	if not copy or copy.id ~= message.copy then return end
	local queued = {}
	for _, item in ipairs(Comm.lanes[sender] or {}) do
		if item.copy == copy.id then queued[item.chunk] = true end
	end
	local asked = 0
	for index in (message.missing or ""):gmatch("%d+") do
		local i = tonumber(index)
		asked = asked + 1
		if asked > MISSING_ASKED then break end
		if copy.chunks[i] and not queued[i] then
			queued[i] = true
			whisper(sender, { message = copy.chunks[i], copy = copy.id, chunk = i })
		end
	end
	Comm.flush()
end)

local incoming = {} -- by sender: the copy arriving (id, n, chunks ahead, text so far)
local finished = {} -- by sender: the id of the last copy taken whole (late duplicates)

-- Is a copy (from `sender`, or anyone) arriving?
function Comm.receiving(sender)
	if sender then return incoming[sender] ~= nil end
	return next(incoming) ~= nil
end

local function watch_copy(sender, copy)
	if copy.watching then return end
	copy.watching = true
	C_Timer.After(REPAIR_SECONDS, function()
		copy.watching = false
		if incoming[sender] ~= copy then return end
		if GetTime() - copy.heard < REPAIR_SECONDS * 2 ^ copy.asks then return watch_copy(sender, copy) end
		if copy.asks >= REPAIR_ASKS then incoming[sender] = nil return end -- given up
		copy.asks, copy.heard = copy.asks + 1, GetTime()
		local missing = {}
		for i = copy.next, copy.count do
			if not copy.ahead[i] then missing[#missing + 1] = i end
			if #missing >= MISSING_ASKED then break end
		end
		Comm.send("RESEND", { copy = copy.id, missing = table.concat(missing, ",") }, sender)
		watch_copy(sender, copy)
	end)
end

local function take_chunk(message, distribution, sender)
	local id, i, count, text = message:match("^([^\t]+)\t(%d+)/(%d+)\t(.*)$", #COPY_HEAD + 1)
	i, count = tonumber(i), tonumber(count)
	if not i or i < 1 or i > count or count > MAX_CHUNKS or finished[sender] == id then return end
	local copy = incoming[sender]
	if not copy or copy.id ~= id then -- a new copy: one arriving before it is over
		copy = { id = id, count = count, ahead = {}, next = 1, text = "", asks = 0 }
		incoming[sender] = copy
	end
	if copy.count ~= count or i < copy.next or copy.ahead[i] then return end -- seen already
	copy.ahead[i], copy.heard, copy.asks = text, GetTime(), 0
	while copy.ahead[copy.next] do
		copy.text = copy.text .. copy.ahead[copy.next]
		copy.ahead[copy.next], copy.next = nil, copy.next + 1
	end
	local whole, from, at = {}, 1, copy.text:find(RECORD, 1, true) -- (plain: a long record's cost grew squared)
	while at do
		whole[#whole + 1], from = copy.text:sub(from, at - 1), at + 1
		at = copy.text:find(RECORD, from, true)
	end
	copy.text = copy.text:sub(from)
	if copy.next > copy.count then
		whole[#whole + 1] = copy.text
		incoming[sender], finished[sender] = nil, id
	else
		watch_copy(sender, copy)
	end
	for _, record in ipairs(whole) do take(record, distribution, sender) end
end

-- A message's kind and where the fields after it start (nil: none, Messages.read takes them
-- from there), or nil and the version of a message from another version of the protocol.
-- (One match for both, on every message; a tab, byte 9, after the kind if fields follow.)
local function split(message)
	local version, kind, after = message:match("^([^\t]*)\t([^\t]*)()")
	if not version then return nil, message end
	if version ~= VERSION then return nil, version end
	return kind, nil, message:byte(after) == 9 and after + 1 or nil
end

-- CHAT_MSG_ADDON: our prefix only, our own echoes ignored (we acted when we sent).
local told_version, arriving = {}, {} -- arriving: by sender and channel, a message's parts' text

-- The group channels by the group they reach: the table hears only the group it talks to. (A
-- player in a home group and an instance group at once hears both, and the other's tables are
-- not this one's.)
local GROUP_OF = { PARTY = LE_PARTY_CATEGORY_HOME, RAID = LE_PARTY_CATEGORY_HOME,
	INSTANCE_CHAT = LE_PARTY_CATEGORY_INSTANCE }

-- A message past Comm.receive's checks (a batch's, part's, copy's records: not asked again).
-- (A copy's, batch's or part's head reads as a kind of one letter, "C", "B" or "P", with text.)
take = function(message, distribution, sender)
	local kind, version, start = split(message)
	if not kind then
		-- Another version of the addon: say so once, and read nothing from it.
		if not told_version[sender] and Comm.on_other_version then
			told_version[sender] = true
			Comm.on_other_version(sender, version)
		end
		return
	end
	if kind == "C" and start then -- (a copy is whispered, never sent to all)
		if distribution == "WHISPER" then take_chunk(message, distribution, sender) end
		return
	end
	if kind == "B" and start then -- several messages packed in one
		local rest = message:sub(#BATCH_HEAD + 1)
		for inner in (rest .. RECORD):gmatch("(.-)" .. RECORD) do take(inner, distribution, sender) end
		return
	end
	if kind == "P" and start then
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
			take(so_far.text, distribution, sender)
		else
			arriving[from] = so_far
		end
		return
	end
	local handler = Comm.handlers[kind]
	if not handler then return end
	-- A declared kind's named values, read straight from the text; an undeclared kind's fields.
	if Messages.kinds[kind] then
		handler(sender, Messages.read(kind, message, start))
	else
		handler(sender, Messages.fields(message, start))
	end
end

function Comm.receive(prefix, message, distribution, sender)
	local group = GROUP_OF[distribution]
	if prefix ~= PREFIX or sender == (me or Comm.me()) or group and group ~= Comm.group() then return end
	take(message, distribution, sender)
end

function Comm.init()
	C_ChatInfo.RegisterAddonMessagePrefix(PREFIX)
end
