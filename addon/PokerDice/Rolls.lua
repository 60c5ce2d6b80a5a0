-- The server's roll lines as a table reads them: who in the group a line could be from, and
-- the lines heard while this client has no table. (Which roll binds for what is the game
-- flow's: it knows its ranges.)
local _, ns = ...

local Comm = ns.Comm

local Rolls = {}
ns.Rolls = Rolls

-- Everyone in the table's group (Comm.group), as "Name-Realm".
local function group_names()
	local names, home, group = {}, GetNormalizedRealmName(), Comm.group()
	if IsInRaid(group) then
		for i = 1, GetNumGroupMembers(group) do
			local name = GetRaidRosterInfo(i)
			if name then names[#names + 1] = name:find("-", 1, true) and name or name .. "-" .. home end
		end
		return names
	end
	names[1] = Comm.me()
	for i = 1, GetNumSubgroupMembers(group) do
		local name, realm = UnitName("party" .. i)
		if name then names[#names + 1] = name .. "-" .. ((realm and realm ~= "") and realm or home) end
	end
	return names
end

-- Two group members of one name from different realms (a roll line, which carries no realm,
-- could be either's): the pair, or nil. With `short_name`, only a pair of that name.
function Rolls.namesakes(short_name)
	local by = {}
	for _, full in ipairs(group_names()) do
		local name = Ambiguate(full, "short")
		if by[name] and by[name] ~= full and (not short_name or short_name == name) then
			return by[name], full
		end
		by[name] = by[name] or full
	end
end

-- Roll lines heard while this client has no table (between dropping its copy and the
-- snapshot): read once the snapshot is in, or a seed or street rolled meanwhile is lost here.
local unread = {}

function Rolls.keep_unread(text)
	if #unread >= 20 then table.remove(unread, 1) end -- the last few
	unread[#unread + 1] = text
end

-- The lines kept, oldest first; kept no longer.
function Rolls.take_unread()
	local lines = unread
	unread = {}
	return lines
end
