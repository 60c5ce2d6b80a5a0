-- The lines the addon prints.
local _, ns = ...

local RULES = ns.Rules
local COMMANDS = RULES.addon.commands
-- The ruleset's words in the lines below: {long} and each command's name, {title},
-- {currency} and {bank} (the starting bank), filled in once when the file loads.
local WORDS = { long = RULES.addon.long, title = RULES.addon.title,
	currency = RULES.table.currency, bank = tostring(RULES.table.starting_bank) }
for action, command in pairs(COMMANDS) do WORDS[action] = command end
local function fill(text)
	return (text:gsub("{(%a+)}", WORDS))
end

local L = {
	ROLLS_UNDER_BOX = "%s rolls %s hand under the box.",
	UNCOVERS = "%s uncovers %s hand",
	DEALER_ROLLS = "Dealer %s rolls the %s",
	YOUR_DICE = "Your dice: %s",
	ALREADY_ROLLED = "You already rolled this hand: %s",
	NO_DICE = "You have not rolled: /{deal} first.",
	FORGED = "Ignored a table message from %s: only %s, who opened the table, sends those.",
	OTHER_VERSION = "%s runs another version of this addon (protocol %s): they sit this table out.",
	CLAIMED = "%s claims a bank of %d; the table's record is %d.",
	BANK_NOT_CONFIRMED = "%s's bank of %d is not confirmed by your own record: %d here.",
	NOT_THEIR_WORD = "%s's table moved %s's chips (%s) without their own word: not applied here.",
	TOOK_TABLE = "Took %s's table (a snapshot: nothing here to check it against yet).",
	SNAP_CONTRADICTED = "%s's snapshot says %s, but %s's own message says otherwise.",
	NAMESAKES = "%s and %s share a name across realms: roll lines cannot tell them apart, so the table does not deal.",
	PAUSED = "Chat is locked down: the table is paused until it lifts.",
	RESUMED = "Chat is back: the table goes on.",
	AWAITING_SEED = "Your dice come with the dealer's seed roll.",
	NO_COMMIT = "%s never rolled under the box: the hand is dead.",
	BAD_REVEAL = "%s showed dice that do not follow from what they committed to: the hand is dead.",
	HAND_ORDER = "Hands, best first:",
	FACES = "Faces, highest first:",
	NO_TABLE = "No table is open: /{long} open to start one.",
	NOT_SEATED = "You are not seated at %s's table: /{long} join.",
	OPENED = "%s opens a %s table of %s: /{long} join to sit down.",
	SEATED = "%s sits down with %d %s.",
	LEFT = "%s leaves the table.",
	ALREADY_OPEN = "A table is already open (%s deals).",
	TAKEN = "%s is also another addon's command (%s), so it may not reach this one: use %s.",
	ONLY_HOST = "Only %s, who opened the table, can do that.",
	NEW_HAND = "Hand %d: %s deals.",
	YOUR_TURN = "Your turn: %s",
	TO_CALL = "%d to call",
	NOTHING_TO_CALL = "check or bet",
	MUST_BET = "bet at least %d or fold",
	STATUS = "Pot %d; %s; banks: %s",
	TO_ACT = "%s to act (%s)",
	WAITING_ROLL = "%s rolls the %s next",
	SHOWDOWN = "showdown",
	HAND_OVER = "the hand is over",
	NO_HAND = "no hand dealt yet",
	NEW_HOST = "%s is gone: %s runs the table now.",
	DEALS_ON = "%s is gone: %s deals on.",
	NOBODY_LEFT = "%s is gone and nobody at the table is left to run it: the table is closed.",
	VOID = "Hand %d is void: every bet goes back to its player.",
	LEFT_GROUP = "You left the group, and %s's table with it: it plays on without you.",
	TIMED_OUT = "%s took too long: the table acts for them.",
	DROPPED = "%s is gone from the table: it acts for them.",
	CAUGHT_UP = "Caught up with %s's table; dice you did not see rolled are as the host attests.",
	NEEDS_TARGET = "/%s needs a target: target a player or name one (/%s %s NAME).",
	POT_NEEDS_TARGET = "/%s needs a target: target the player who wins the pot.",
	MIN_OVER_BANK = "A minimum bet of %d is more than your bank of %d.",
	ALREADY_SEATED = "You are already seated at this table.",
	HOST_STAYS = "You opened this table, so you stay seated at it.",
	WAITING_POT = "%s gives the pot next",
	ASCII_USAGE = "/{long} ascii on|off: show faces by name, or as glyphs.",
	BAD_AMOUNT = "/%s %s: the amount must be a whole number of %s, 1 or more.",
	AMOUNT_TOO_BIG = "/%s %s: no bank holds that many %s.",
	ASCII = "Faces now show as %s.",
	ASCII_ON = "names",
	ASCII_OFF = "glyphs",
	REFUSED_BY_HOST = "%s's table refused it: %s",
	OTHER_RULES = "%s's table plays other rules (%s from yours): you cannot sit at it.",
	OTHER_RULES_UNNAMED = "%s's table plays other rules: you cannot sit at it.",
	JOIN_OTHER_RULES = "your addon plays other rules (%s from this table's): you cannot sit here",
	JOIN_NO_RULES = "your addon plays other rules: you cannot sit here",
	-- Each part of a ruleset the fingerprint names (Rules.fingerprint.order), when it differs.
	RULES_DICE = "the dice differ",
	RULES_HANDS = "the hand order differs",
	RULES_DEAL = "the deal differs",
	RULES_TABLE = "a table setting differs",
	UNKNOWN = "Unknown command '%s': /{help} lists them.",
	HELP_TITLE = "{title} commands:",
}
for key, text in pairs(L) do L[key] = fill(text) end
ns.L = L

-- What each command does, for the help listing: {command, arguments, meaning}.
ns.HELP = {
	{ COMMANDS.deal, "", "roll your two dice secretly under the box (only you see them)" },
	{ COMMANDS.show, "", "show your last rolled dice to the group" },
	{ COMMANDS.flop, "", "dealer: roll the Flop, three community dice" },
	{ COMMANDS.turn, "", "dealer: roll the Turn, the fourth die" },
	{ COMMANDS.river, "", "dealer: roll the River, the fifth and last die" },
	{ COMMANDS.hand, "", "the order of the hands" },
	{ COMMANDS.bones, "", "the faces of the dice" },
	{ COMMANDS.bet, "N", "put N {currency} in (guided: N more, a call, raise or all-in)" },
	{ COMMANDS.pot, "", "manual table, dealer, after the river: give the pot to your target" },
	{ COMMANDS.give, "N [NAME]", "give N {currency} to your target or to NAME" },
	{ COMMANDS.reset, "", "reset your bank to {bank} (buy back in)" },
	{ COMMANDS.help, "", "this list" },
	{ RULES.addon.long, "open [guided|manual] [min N] [blinds] [timeout N]", "open a table as its host" },
	{ RULES.addon.long, "join | leave", "sit down at the open table, or leave it" },
	{ RULES.addon.long, "start", "the table's opener: deal a new hand" },
	{ RULES.addon.long, "check | call | raise N | fold | allin", "bet at a guided table" },
	{ RULES.addon.long, "status", "whose turn it is, the pot, what you owe, the banks" },
	{ RULES.addon.long, "ascii on|off", "show faces by name instead of glyphs" },
	{ RULES.addon.long, "ACTION ...", "any command above by its name (deal, flop, bet 2, ...)" },
}
for _, entry in ipairs(ns.HELP) do entry[3] = fill(entry[3]) end
