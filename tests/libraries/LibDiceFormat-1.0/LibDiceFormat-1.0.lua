-- LibDiceFormat-1.0: roll results as one line, embedded through LibStub (a library of
-- pyhost's tests, installed outside the addons that use it, as an author's Ace3 is).
local lib = LibStub:NewLibrary("LibDiceFormat-1.0", 1)
if not lib then return end

function lib:Roll(name, roll, low, high)
	return ("%s: %d (%d-%d)"):format(name, roll, low, high)
end
