-- The lines a draw game's addon prints that are not the game's own: the table core's (the
-- same lines as hold'em's, core/ names them) and the draw table's (draw/DrawTable.lua). The
-- game's own locale file adds its lines and its help after this.
local _, ns = ...

local RULES = ns.Rules
-- The ruleset's words in the lines: {long}, {title}, {currency} and each command's name,
-- filled in once when the game's locale file has added its own (DrawLocales.fill).
local WORDS = { long = RULES.addon.long, title = RULES.addon.title, currency = RULES.table.currency,
	bank = tostring(RULES.table.starting_bank) }
for action, command in pairs(RULES.addon.commands) do WORDS[action] = command end

local L = {
	-- The table core's.
	ALREADY_SEATED = "You are already seated at this table.",
	AWAY_OFF = "%s is back at the table.",
	AWAY_ON = "%s is in restricted content, where the game hides the table: it waits for them (up to %d minutes).",
	AWAY_STREET = "The %s of round %d was rolled while you were away: its dice here are %s's word.",
	BANK_NOT_CONFIRMED = "%s's bank of %d is not confirmed by your own record: %d here.",
	CANNOT_SEAT = "%s cannot sit at your table: your realms are not connected, so your whispers cannot reach them.",
	CANNOT_SIT = "You cannot sit at %s's table: your realms are not connected, so its whispers cannot reach you.",
	CAUGHT_UP = "Caught up with %s's table; dice you did not see rolled are as the host attests.",
	CLAIMED = "%s claims a bank of %d; the table's record is %d.",
	DROPPED = "%s is gone from the table: it stands them on their dice.",
	EARLY_CLAIM = "%s says %s took too long, but %s's time is not up here (%d seconds waited): refused.",
	FORGED = "Ignored a table message from %s: only %s, who opened the table, sends those.",
	HOST_STAYS = "You opened this table, so you stay seated at it.",
	IN_CHALLENGE = "a Mythic+ run",
	IN_ENCOUNTER = "an encounter",
	IN_LOCKDOWN = "chat lockdown",
	IN_MAP = "a restricted instance",
	IN_PVP = "a PvP match",
	JOIN_NO_RULES = "your addon plays other rules: you cannot sit here",
	JOIN_OTHER_RULES = "your addon plays other rules (%s from this table's): you cannot sit here",
	LEFT_GROUP = "You left the group, and %s's table with it: it plays on without you.",
	MID_HAND = "Round %d is in play: %s waits until it is over. Nothing changed.",
	NEW_HOST = "%s is gone: %s runs the table now.",
	NOBODY_LEFT = "%s is gone and nobody at the table is left to run it: the table is closed.",
	NOT_SENT = "Table messages to %s could not be sent (%s): dropped.",
	NOT_THEIR_WORD = "%s's table moved %s's chips (%s) without their own word: not applied here.",
	NOT_VOUCHED = "%s's table is not what its seats say of themselves: %s. Dropped it; asking again, not from %s.",
	NO_TABLE = "No table is open: /{long} open to start one.",
	OPENED = "%s opens a %s table of %s: /{long} join to sit down.",
	OTHER_RULES = "%s's table plays other rules (%s from yours): you cannot sit at it.",
	OTHER_RULES_UNNAMED = "%s's table plays other rules: you cannot sit at it.",
	OTHER_VERSION = "%s runs another version of this addon (protocol %s): they sit this table out.",
	PAUSED = "Chat is locked down: the table is paused until it lifts.",
	RECORD_DIFFERS = "%s's record gives another %s for %s than %s sent you: yours stands.",
	REFUSED_BY_HOST = "%s's table refused it: %s",
	RESTRICTED_PAUSE = "The table pauses: you are in %s, where the game hides rolls and chat from addons."
		.. " It waits for you a while and catches you up when you are out.",
	RESTRICTED_RESUME = "The table resumes: catching up with what it missed.",
	RESUMED = "Chat is back: the table goes on.",
	RULES_DEAL = "the deal differs",
	RULES_DICE = "the dice differ",
	RULES_HANDS = "the hand order differs",
	RULES_TABLE = "a table setting differs",
	THE_GROUP = "the group",
	TIMED_OUT = "%s took too long: the table stands them on their dice.",
	-- A game kept across logouts (core/Kept.lua).
	REOPENED = "Reopened the table from your saved copy of game %d: you host it now.",
	KEPT_BEHIND = "%s's table is behind your saved copy of the game (%d steps, yours %d): "
		.. "dropped it; not taking %s's table again.",
	KEPT_DIFFERS = "%s's table differs from your saved copy of the game: dropped it; "
		.. "not taking %s's table again.",
	GAVE_WAY = "%s kept the game further on: you give the table back to them.",
	TOOK_TABLE = "Took %s's table (a snapshot: nothing here to check it against yet; "
		.. "asking its seats what they say of themselves).",
	VOUCHED = "%s's table: %d of its %d other seats confirm it themselves (table, host, bank)%s.",
	VOUCH_BANK = "%s's own bank is %d, not %d",
	VOUCH_NOT_SEATED = "%s is not seated there",
	VOUCH_NO_TABLE = "%s sits at no table",
	VOUCH_OTHER_HOST = "%s says %s hosts it",
	VOUCH_OTHER_TABLE = "%s sits at another table (%s hosts it)",
	VOUCH_SILENT = "; no word from %s, so those seats are %s's word",
	-- The draw table's.
	SEATED = "%s sits down with %d %s.",
	LEFT = "%s leaves the table.",
	ALREADY_OPEN = "A table is already open (%s hosts it).",
	ONLY_HOST = "Only %s, who opened the table, can do that.",
	NOT_OVER = "Round %d is not over yet.",
	NEW_ROUND = "Round %d: %s starts.",
	STATUS = "Round %d; %s; banks: %s",
	NO_ROUND = "no round played yet",
	ROUND_OVER = "the round is over",
	TO_ROLL = "%s to roll %d dice (%d-%d)",
	TO_KEEP = "%s to keep",
	YOUR_ROLL = "Your roll: /{roll} (it rolls %d-%d for you).",
	NOT_YOUR_ROLL = "It is not your roll now: %s.",
	ROLLING = "Rolling %d-%d for you.",
	WRONG_RANGE = "%s rolled %d-%d, not the awaited range %d-%d: it does not count.",
	REPEATED = "%s rolled the same range again: only the first roll counts.",
	NOT_SEATED = "You are not seated at %s's table: /{long} join.",
	NO_REQUEST = "the table takes no such request",
	UNKNOWN = "Unknown command '%s': /{help} lists them.",
	BAD_FACES = "/%s %s: name the faces to keep, separated by spaces (faces: %s).",
	OPEN_USAGE = "/{long} open [timeout N] [notimeout]: %s is not a setting.",
	ASCII_USAGE = "/{long} ascii on|off: show faces by name, or as glyphs.",
	ASCII = "Faces now show as %s.",
	ASCII_ON = "names",
	ASCII_OFF = "glyphs",
	TAKEN = "%s is also another addon's command (%s), so it may not reach this one: use %s.",
	HELP_TITLE = "{title} commands:",
	HAND_ORDER = "Hands, best first:",
	FACES = "Faces, highest first:",
	VOID = "Round %d is void: nothing is won or lost.",
	MY_DICE = "Your dice: %s",
	NAMESAKES = "%s and %s share a name across realms: roll lines cannot tell them apart, so their rolls do not count.",
}
ns.L = L

local DrawLocales = {}
ns.DrawLocales = DrawLocales

-- The ruleset's words put in every line (the game's own lines too, added by then).
function DrawLocales.fill()
	for key, text in pairs(L) do L[key] = (text:gsub("{(%a+)}", WORDS)) end
	for _, entry in ipairs(ns.HELP or {}) do entry[3] = (entry[3]:gsub("{(%a+)}", WORDS)) end
end
