-- LibDiceComm-1.0: "COMMAND:payload" addon messages for dice games, embedded through LibStub
-- (a library of pyhost's tests). lib:Embed(object) gives the object RegisterDiceComm and
-- SendDiceComm; a newer copy loaded by another addon replaces this one's functions.
local lib = LibStub:NewLibrary("LibDiceComm-1.0", 3)
if not lib then return end

lib.handlers = lib.handlers or {} -- prefix -> { owner, method }
lib.frame = lib.frame or CreateFrame("Frame")
lib.frame:UnregisterAllEvents()
lib.frame:RegisterEvent("CHAT_MSG_ADDON")
lib.frame:SetScript("OnEvent", function(_, _, prefix, text, channel, sender)
	local handler = lib.handlers[prefix]
	if not handler then return end
	local command, payload = strsplit(":", text, 2)
	handler.method(handler.owner, command, payload or "", Ambiguate(sender, "none"), channel)
end)

local mixin = {}
function mixin:RegisterDiceComm(prefix, method)
	if type(method) == "string" then method = self[method] end
	C_ChatInfo.RegisterAddonMessagePrefix(prefix)
	lib.handlers[prefix] = { owner = self, method = method }
end
function mixin:SendDiceComm(prefix, command, payload, channel, target)
	return C_ChatInfo.SendAddonMessage(prefix, command .. ":" .. (payload or ""), channel, target)
end

lib.embeds = lib.embeds or {}
function lib:Embed(target)
	for name, fn in pairs(mixin) do target[name] = fn end
	self.embeds[target] = true
	return target
end
for target in pairs(lib.embeds) do lib:Embed(target) end
