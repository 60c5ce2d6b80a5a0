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
-- (Every roll line asks: the pairs are found again only when the group's names have changed.)
local known_names, first_pair, pairs_by = {}, nil, {}
local function same_names(names)
	if #names ~= #known_names then return false end
	for i = 1, #names do if names[i] ~= known_names[i] then return false end end
	return true
end
function Rolls.namesakes(short_name)
	local names = group_names()
	if not same_names(names) then
		local by = {}
		known_names, first_pair, pairs_by = names, nil, {}
		for _, full in ipairs(names) do
			local name = Ambiguate(full, "short")
			if by[name] and by[name] ~= full and not pairs_by[name] then
				pairs_by[name] = { by[name], full } -- the first pair of that name, in group order
				first_pair = first_pair or pairs_by[name]
			end
			by[name] = by[name] or full
		end
	end
	local pair = not short_name and first_pair or short_name and pairs_by[short_name]
	if pair then return pair[1], pair[2] end
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
