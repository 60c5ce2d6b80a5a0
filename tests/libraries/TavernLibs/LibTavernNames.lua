-- LibTavernNames-1.0: a player's name without the realm, for tables shown to players.
local lib = LibStub:NewLibrary("LibTavernNames-1.0", 1)
if not lib then return end

function lib:Short(name) return (Ambiguate(name, "short")) end
