-- Also claims /dupe, under its own SlashCmdList key, after AlphaSlash did.
SLASH_BETASLASH1 = "/dupe"
SLASH_BETASLASH2 = "/beta"
SlashCmdList.BETASLASH = function(msg) print("beta handled " .. msg) end
