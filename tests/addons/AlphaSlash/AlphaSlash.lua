-- Claims /dupe. Loads first (folders load alphabetically), so it sets its key first.
SLASH_ALPHASLASH1 = "/dupe"
SlashCmdList.ALPHASLASH = function(msg) print("alpha handled " .. msg) end
