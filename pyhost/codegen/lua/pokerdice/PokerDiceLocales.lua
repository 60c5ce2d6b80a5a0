-- Poker Dice's own lines and its help listing (the table's are draw/DrawLocales.lua's).
local _, ns = ...

local L, RULES = ns.L, ns.Rules
local COMMANDS = RULES.addon.commands

-- What the player to act is asked, by the round's phase (PokerDiceGame.lua picks one).
L.SET_ANTE = "Set the ante: /{ante} N (at least %d; your bank is %d)."
L.MATCH_ANTE = "The ante is %d: /{ante} to ante it, or /{fold} to sit this round out."
L.MATCH_RAISE = "%s raised %d: /{call} to match it, or /{fold} to leave the round."
L.KEEP_OR_END = "Keep dice and roll the rest: /{keep} FACES (/{keep} alone rolls all five again);"
	.. " or stand: /{check}, or /{raise} N."
L.END_TURN = "No roll is left: /{check}, or /{raise} N."
-- The status's "who does what next", when no roll is awaited.
L.TO_SET_ANTE = "%s to set the ante (/{ante} N)"
L.TO_ANTE = "%s to ante %d or sit out"
L.TO_MATCH = "%s to match the raise of %d or leave"
L.TO_KEEP_OR_END = "%s to keep dice and roll again, or check or raise"
L.TO_END = "%s to check or raise"
L.AMOUNT_USAGE = "/%s N: give one whole number of %s, not '%s'."
L.NO_ARGUMENTS = "/%s takes no arguments (%s): nothing done."

-- What each command does, for the help listing: { command, arguments, meaning }.
ns.HELP = {
	{ COMMANDS.ante, "[N]", "the starter sets the ante at N chips; the others ante it (or /{fold})" },
	{ COMMANDS.roll, "", "roll your dice when it is your roll (the addon rolls the right /roll)" },
	{ COMMANDS.keep, "[FACES]", "keep the faces named (6 6 3) and roll the rest; none: roll all five" },
	{ COMMANDS.check, "", "end your turn on your hand without raising" },
	{ COMMANDS.raise, "N", "end your turn raising N chips: the others still to roll match it or leave" },
	{ COMMANDS.call, "", "match the raise (or the ante) asked of you" },
	{ COMMANDS.fold, "", "sit the round out at the ante, or leave it rather than match a raise" },
	{ COMMANDS.hand, "", "the order of the hands" },
	{ COMMANDS.bones, "", "the faces of the dice" },
	{ COMMANDS.help, "", "this list" },
	{ RULES.addon.long, "open [timeout N] [notimeout]", "open a table as its host" },
	{ RULES.addon.long, "join | leave", "sit down at the open table, or leave it" },
	{ RULES.addon.long, "start", "the table's host: start a round (the last winner starts it)" },
	{ RULES.addon.long, "dice", "your dice as they lie" },
	{ RULES.addon.long, "status", "the round, who does what next, the banks" },
	{ RULES.addon.long, "ascii on|off", "show faces by name instead of glyphs" },
	{ RULES.addon.long, "ACTION ...", "any command above by its name (ante 5, keep 6 6 3, raise 2, ...)" },
}
ns.DrawLocales.fill()
