-- The lines the table core (core/) prints, alike in every game's addon. Each family's locale
-- file (holdem/Locales.lua, draw/DrawLocales.lua) adds its own lines to ns.L after these (and
-- words a few of these its own way), then the game's; CoreLocales.fill then puts the ruleset's
-- words in them all: {long}, {title}, {currency}, {bank} and each command's name.
local _, ns = ...

local RULES = ns.Rules
local WORDS = { long = RULES.addon.long, title = RULES.addon.title, currency = RULES.table.currency,
	bank = tostring(RULES.table.starting_bank) }
for action, command in pairs(RULES.addon.commands) do WORDS[action] = command end

ns.L = {
	FORGED = "Ignored a table message from %s: only %s, who opened the table, sends those.",
	OTHER_VERSION = "%s runs another version of this addon (protocol %s): they sit this table out.",
	CLAIMED = "%s claims a bank of %d; the table's record is %d.",
	BANK_NOT_CONFIRMED = "%s's bank of %d is not confirmed by your own record: %d here.",
	NOT_THEIR_WORD = "%s's table moved %s's chips (%s) without their own word: not applied here.",
	TOOK_TABLE = "Took %s's table (a snapshot: nothing here to check it against yet; "
		.. "asking its seats what they say of themselves).",
	VOUCHED = "%s's table: %d of its %d other seats confirm it themselves (table, host, bank)%s.",
	VOUCH_SILENT = "; no word from %s, so those seats are %s's word",
	NOT_VOUCHED = "%s's table is not what its seats say of themselves: %s. Dropped it; asking again, not from %s.",
	VOUCH_NO_TABLE = "%s sits at no table",
	VOUCH_OTHER_TABLE = "%s sits at another table (%s hosts it)",
	VOUCH_OTHER_HOST = "%s says %s hosts it",
	VOUCH_NOT_SEATED = "%s is not seated there",
	VOUCH_BANK = "%s's own bank is %d, not %d",
	RECORD_DIFFERS = "%s's record gives another %s for %s than %s sent you: yours stands.",
	PAUSED = "Chat is locked down: the table is paused until it lifts.",
	RESUMED = "Chat is back: the table goes on.",
	-- Restricted content (core/Restricted.lua): where the player is.
	IN_ENCOUNTER = "an encounter",
	IN_CHALLENGE = "a Mythic+ run",
	IN_PVP = "a PvP match",
	IN_MAP = "a restricted instance",
	IN_LOCKDOWN = "chat lockdown",
	RESTRICTED_PAUSE = "The table pauses: you are in %s, where the game hides rolls and chat from addons."
		.. " It waits for you a while and catches you up when you are out.",
	RESTRICTED_RESUME = "The table resumes: catching up with what it missed.",
	AWAY_ON = "%s is in restricted content, where the game hides the table: it waits for them (up to %d minutes).",
	AWAY_OFF = "%s is back at the table.",
	HAND_ORDER = "Hands, best first:",
	FACES = "Faces, highest first:",
	NO_TABLE = "No table is open: /{long} open to start one.",
	NOT_SEATED = "You are not seated at %s's table: /{long} join.",
	OPENED = "%s opens a %s table of %s: /{long} join to sit down.",
	SEATED = "%s sits down with %d %s.",
	LEFT = "%s leaves the table.",
	TAKEN = "%s is also another addon's command (%s), so it may not reach this one: use %s.",
	ONLY_HOST = "Only %s, who opened the table, can do that.",
	NEW_HOST = "%s is gone: %s runs the table now.",
	NOBODY_LEFT = "%s is gone and nobody at the table is left to run it: the table is closed.",
	LEFT_GROUP = "You left the group, and %s's table with it: it plays on without you.",
	EARLY_CLAIM = "%s says %s took too long, but %s's time is not up here (%d seconds waited): refused.",
	CAUGHT_UP = "Caught up with %s's table; dice you did not see rolled are as the host attests.",
	ALREADY_SEATED = "You are already seated at this table.",
	HOST_STAYS = "You opened this table, so you stay seated at it.",
	ASCII_USAGE = "/{long} ascii on|off: show faces by name, or as glyphs.",
	ASCII = "Faces now show as %s.",
	ASCII_ON = "names",
	ASCII_OFF = "glyphs",
	REFUSED_BY_HOST = "%s's table refused it: %s",
	OTHER_RULES = "%s's table plays other rules (%s from yours): you cannot sit at it.",
	OTHER_RULES_UNNAMED = "%s's table plays other rules: you cannot sit at it.",
	JOIN_OTHER_RULES = "your addon plays other rules (%s from this table's): you cannot sit here",
	JOIN_NO_RULES = "your addon plays other rules: you cannot sit here",
	RULES_DICE = "the dice differ",
	RULES_HANDS = "the hand order differs",
	RULES_DEAL = "the deal differs",
	RULES_TABLE = "a table setting differs",
	UNKNOWN = "Unknown command '%s': /{help} lists them.",
	NOT_SENT = "Table messages to %s could not be sent (%s): dropped.",
	THE_GROUP = "the group",
	CANNOT_SIT = "You cannot sit at %s's table: your realms are not connected, so its whispers cannot reach you.",
	CANNOT_SEAT = "%s cannot sit at your table: your realms are not connected, so your whispers cannot reach them.",
	HELP_TITLE = "{title} commands:",
}

local CoreLocales = {}
ns.CoreLocales = CoreLocales

-- The ruleset's words put in every line and in the help listing (ns.HELP), once all are in.
function CoreLocales.fill()
	local L = ns.L
	for key, text in pairs(L) do L[key] = (text:gsub("{(%a+)}", WORDS)) end
	for _, entry in ipairs(ns.HELP or {}) do entry[3] = (entry[3]:gsub("{(%a+)}", WORDS)) end
end
