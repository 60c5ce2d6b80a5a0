-- Recorder: a test fixture addon.
--
-- Records every event this client sees into the global RecorderLog, one entry per
-- event: { event = "CHAT_MSG_ADDON", n = 9, at = GetTime(), arg1, arg2, ... }.
-- Prints one compact line per addon message it receives: "<rec> PREFIX CHANNEL sender: text".
-- RecorderResults holds the result of every send made through /rec.
--
-- /rec send PREFIX CHANNEL text          C_ChatInfo.SendAddonMessage to a group channel
-- /rec whisper PREFIX TARGET text        C_ChatInfo.SendAddonMessage as a WHISPER
-- /rec chat CHANNEL text                 SendChatMessage
-- /rec later SECONDS CHANNEL text        SendChatMessage from a C_Timer callback
-- /rec roll LOW HIGH                     RandomRoll
local addonName, ns = ...

local PREFIXES = { "REC", "REC2" }

RecorderLog = {}
RecorderResults = {}
RecorderSaved = RecorderSaved or { logins = 0 }

for _, prefix in ipairs(PREFIXES) do
	C_ChatInfo.RegisterAddonMessagePrefix(prefix)
end

local SendChat = C_ChatInfo.SendChatMessage or SendChatMessage

local frame = CreateFrame("Frame")
frame:RegisterAllEvents()
frame:SetScript("OnEvent", function(self, event, ...)
	RecorderLog[#RecorderLog + 1] = { event = event, n = select("#", ...), at = GetTime(), ... }
	if event == "CHAT_MSG_ADDON" then
		local prefix, text, channel, sender = ...
		print(format("<rec> %s %s %s: %s", prefix, channel, sender, text))
	elseif event == "ADDON_LOADED" and ... == addonName then
		RecorderSaved.logins = RecorderSaved.logins + 1
	end
end)

local function record(result)
	RecorderResults[#RecorderResults + 1] = result
	print("<rec> result " .. tostring(result))
end

SLASH_RECORDER1 = "/rec"
SlashCmdList.RECORDER = function(msg)
	local command, rest = strsplit(" ", msg, 2)
	rest = rest or ""
	if command == "send" then
		local prefix, channel, text = strsplit(" ", rest, 3)
		record(C_ChatInfo.SendAddonMessage(prefix, text or "", channel))
	elseif command == "whisper" then
		local prefix, target, text = strsplit(" ", rest, 3)
		record(C_ChatInfo.SendAddonMessage(prefix, text or "", "WHISPER", target))
	elseif command == "chat" then
		local channel, text = strsplit(" ", rest, 2)
		SendChat(text or "", channel)
	elseif command == "later" then
		local seconds, channel, text = strsplit(" ", rest, 3)
		C_Timer.After(tonumber(seconds), function() SendChat(text or "", channel) end)
	elseif command == "roll" then
		local low, high = strsplit(" ", rest, 2)
		RandomRoll(tonumber(low), tonumber(high))
	else
		print("<rec> unknown: " .. tostring(command))
	end
end
