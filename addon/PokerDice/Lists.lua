-- Arrays of plain values (names, streets, phases): where a value stands in one.
local _, ns = ...

local Lists = {}
ns.Lists = Lists

-- The first index of `wanted` in the array `list`, or nil: a name in a list of seats, a
-- street in the deal, an entrant in a group.
function Lists.index(list, wanted)
	for i, item in ipairs(list) do if item == wanted then return i end end
end
