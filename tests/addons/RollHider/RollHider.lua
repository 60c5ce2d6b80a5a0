-- Hides the server's roll lines from the chat frame and prints its own version a moment later,
-- as some roleplay dice addons do. Also hooks RandomRoll and SendChatMessage, counting calls.
RollHiderSeen = { rolls = 0, chats = 0, hidden = 0 }

-- The roll line's format as a pattern: numbered items ("%1$s", German's, in order) made
-- plain, magic characters escaped, %s and %d captured.
local ROLL = RANDOM_ROLL_RESULT:gsub("%%%d%$", "%%"):gsub("([%(%)%-%.%+%*%?%[%]%^%$])", "%%%1")
ROLL = "^" .. ROLL:gsub("%%s", "(.+)"):gsub("%%d", "(%%d+)") .. "$"

ChatFrame_AddMessageEventFilter("CHAT_MSG_SYSTEM", function(_, _, text)
	local name, value = text:match(ROLL)
	if not name then return false end
	RollHiderSeen.hidden = RollHiderSeen.hidden + 1
	C_Timer.After(0.2, function() print(("~ %s throws the bones: %s ~"):format(name, value)) end)
	return true
end)

hooksecurefunc("RandomRoll", function() RollHiderSeen.rolls = RollHiderSeen.rolls + 1 end)
-- SendChatMessage is C_ChatInfo's where the flavour has it there, else a global.
local chat = C_ChatInfo and C_ChatInfo.SendChatMessage and C_ChatInfo or _G
if chat.SendChatMessage then
	hooksecurefunc(chat, "SendChatMessage", function() RollHiderSeen.chats = RollHiderSeen.chats + 1 end)
end
