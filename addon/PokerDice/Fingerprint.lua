-- One ruleset a table: every table states its ruleset's fingerprint (OPEN, SNAP), and a
-- player's join carries the player's own. A client whose rules differ does not sit at the
-- table, nor does its host seat one. This keeps the last table heard of whose rules differ.
local _, ns = ...

local L = ns.L
local FINGERPRINT = ns.Rules.fingerprint
local RULE_WORDS = { dice = L.RULES_DICE, hands = L.RULES_HANDS, deal = L.RULES_DEAL,
	table = L.RULES_TABLE }

local Fingerprint = { id = FINGERPRINT.id, wire = FINGERPRINT.wire }
ns.Fingerprint = Fingerprint

local foreign -- the last table heard of whose rules differ: { id =, line = }

-- nil if `id` is this addon's fingerprint; else the parts that differ by `sections` (as
-- messages carry them, "dice=...,hands=..."), in words ("the hand order differs"), or "".
function Fingerprint.differ(id, sections)
	if id == FINGERPRINT.id then return nil end
	local theirs, differ = {}, {}
	for name, hash in tostring(sections or ""):gmatch("(%a+)=(%x+)") do theirs[name] = hash end
	for _, name in ipairs(FINGERPRINT.order) do
		if theirs[name] and theirs[name] ~= FINGERPRINT.sections[name] then
			differ[#differ + 1] = RULE_WORDS[name]
		end
	end
	if #differ < 2 then return differ[1] or "" end
	return table.concat(differ, ", ", 1, #differ - 1) .. " and " .. differ[#differ]
end

-- Whether the table `id` (its host shown as `host`) plays other rules; the line to say, the
-- first time it is heard of.
function Fingerprint.foreign(id, host, fingerprint, sections)
	local differ = Fingerprint.differ(fingerprint, sections)
	if not differ then return false end
	if foreign and foreign.id == id then return true end
	foreign = { id = id, line = differ == "" and L.OTHER_RULES_UNNAMED:format(host)
		or L.OTHER_RULES:format(host, differ) }
	return true, foreign.line
end

-- Whether the table `id` is one this client cannot sit at (the last heard of).
function Fingerprint.is_foreign(id)
	return foreign ~= nil and foreign.id == id
end

-- What the last such table's line said (for a /join that finds no table of these rules).
function Fingerprint.line()
	return foreign and foreign.line
end

-- A table of these rules opened: one of other rules heard of before is not it.
function Fingerprint.forget()
	foreign = nil
end
