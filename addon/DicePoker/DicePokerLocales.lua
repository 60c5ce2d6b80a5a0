-- Dice Poker's own lines and its help listing (the table's are draw/DrawLocales.lua's).
local _, ns = ...

local L, RULES = ns.L, ns.Rules
local COMMANDS = RULES.addon.commands

L.YOUR_KEEP = "Keep any dice: /{reroll} FACES keeps those and rolls the rest (/{long} stand keeps all)."
L.REROLL_NOTHING = "/{reroll} keeps the faces you name and rerolls the rest; it is not your keep now."
L.FORFEIT_MODE = "No chips at this table: the winner names a forfeit for the loser, in chat."
L.STANDS_LOWEST = "%s never rolled: %s stands on the lowest hand there is."

-- What each command does, for the help listing: { command, arguments, meaning }.
ns.HELP = {
	{ COMMANDS.roll, "", "roll all your dice when it is your roll (the addon rolls the right /roll)" },
	{ COMMANDS.reroll, "[FACES]", "keep the faces named (6 6 3) and reroll the rest; all five: stand" },
	{ COMMANDS.hand, "", "the order of the hands" },
	{ COMMANDS.bones, "", "the faces of the dice" },
	{ COMMANDS.help, "", "this list" },
	{ RULES.addon.long, "open [timeout N] [notimeout]", "open a table as its host" },
	{ RULES.addon.long, "join | leave", "sit down at the open table, or leave it" },
	{ RULES.addon.long, "start", "the table's host: start a round (the starting seat moves one each round)" },
	{ RULES.addon.long, "keep [FACES] | stand", "say which dice you keep without rolling yet; keep all" },
	{ RULES.addon.long, "dice", "your dice as they lie" },
	{ RULES.addon.long, "status", "the round, who rolls or keeps, the banks" },
	{ RULES.addon.long, "ascii on|off", "show faces by name instead of glyphs" },
	{ RULES.addon.long, "ACTION ...", "any command above by its name (roll, reroll 6 6 3, hand, ...)" },
}
ns.DrawLocales.fill()
