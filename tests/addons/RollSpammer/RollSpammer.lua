-- A busy dice addon: rolls often, and prints every roll line it reads its own way
-- ("RollSpammer: Skoll rolled 5 (1-8)").
--
-- It rolls its ranges in turn: 1-8, 1-100, 1-1000000 and any range added with /rollspam add
-- (a test adds a table's street ranges and their neighbours). It rolls on its own every second
-- and a half for as long as it hears addon messages (until 3 seconds after the last), so it
-- rolls all through a game and still lets an idle realm go quiet.
--   /rollspam                roll the next range now
--   /rollspam LOW HIGH       roll LOW-HIGH now
--   /rollspam add LOW HIGH   add LOW-HIGH to the ranges it rolls
--   /rollspam drop LOW HIGH  stop rolling LOW-HIGH
RollSpammerSeen = { rolled = 0, printed = 0 }
RollSpammerRanges = { { 1, 8 }, { 1, 100 }, { 1, 1000000 } }

-- The roll line's format as a pattern: magic characters escaped, %s and %d captured.
local ROLL = RANDOM_ROLL_RESULT:gsub("([%(%)%-%.%+%*%?%[%]%^%$])", "%%%1")
ROLL = "^" .. ROLL:gsub("%%s", "(.+)"):gsub("%%d", "(%%d+)") .. "$"

local turn = 0
local function roll(low, high)
	RollSpammerSeen.rolled = RollSpammerSeen.rolled + 1
	RandomRoll(low, high)
end

local function roll_next()
	turn = turn % #RollSpammerRanges + 1
	roll(unpack(RollSpammerRanges[turn]))
end

local busy_until, rolling = 0, false
local function tick()
	if GetTime() > busy_until then rolling = false return end
	roll_next()
	C_Timer.After(1.5, tick)
end

local frame = CreateFrame("Frame")
frame:RegisterEvent("CHAT_MSG_SYSTEM")
frame:RegisterEvent("CHAT_MSG_ADDON")
frame:SetScript("OnEvent", function(_, event, text)
	if event == "CHAT_MSG_ADDON" then
		busy_until = GetTime() + 3
		if not rolling then
			rolling = true
			C_Timer.After(0.4, tick)
		end
		return
	end
	local name, value, low, high = text:match(ROLL)
	if name then
		RollSpammerSeen.printed = RollSpammerSeen.printed + 1
		print(("RollSpammer: %s rolled %s (%s-%s)"):format(name, value, low, high))
	end
end)

SLASH_ROLLSPAMMER1 = "/rollspam"
SlashCmdList.ROLLSPAMMER = function(message)
	local verb, low, high = (message or ""):match("^%s*(%a*)%s*(%d*)%s*(%d*)")
	low, high = tonumber(low), tonumber(high)
	if verb == "add" and low and high then
		RollSpammerRanges[#RollSpammerRanges + 1] = { low, high }
	elseif verb == "drop" then
		for i = #RollSpammerRanges, 1, -1 do
			local range = RollSpammerRanges[i]
			if range[1] == low and range[2] == high then tremove(RollSpammerRanges, i) end
		end
	elseif low and high then
		roll(low, high)
	else
		roll_next()
	end
end
