-- Vitaji's own lines and its help listing (the table's are draw/DrawLocales.lua's).
local _, ns = ...

local L, RULES = ns.L, ns.Rules
local COMMANDS = RULES.addon.commands

-- A table's round is a game of Vitaji.
L.NEW_ROUND = "Game %d: %s starts."
L.STATUS = "Game %d; %s; banks: %s"
L.TO_ROLL = "%s to roll (%d die: %d-%d)"
L.TO_KEEP = "%s to act"
L.YOUR_BET = "Your bet: /{bet} N bets or raises to N, /{bet} alone meets the bet, /{drop} drops out."
L.YOUR_REROLL = "Your turn: /{reroll} rolls your die again (the new result stands), /{pass} passes."
L.YOUR_BONUS = "A triple! /{long} bonus CHOICE chooses your bonus: add, double or reroll."
L.REROLL_CALLED = "%s rerolls."
L.STANDS_BET = "%s did not bet in time: %s."
L.STANDS_ROLL = "%s never rolled: the die counts 1."
L.STANDS_PASS = "%s did not act in time: he passes."
L.BET_USAGE = "/{bet} [N]: N is a whole number of {currency}, not %s."
L.BONUS_USAGE = "/{long} bonus CHOICE: add, double or reroll, not %s."
L.NO_SHEET = "No Vitaji game to show yet."
L.SHEET_SAVED = "The scoresheet of game %d is kept (/{score} shows it)."
-- Team Vitaji (VitajiTeams.lua).
L.TEAMS = "Teams: %s"
L.NO_TEAMS_YET = "none named yet"
L.NO_TEAM_YET = "; no team: %s"
L.TEAM_JOINED = "%s joins team %s."
L.TEAM_USAGE = "/{team} NAME: the team you join (yourself only; up to 16 letters, no spaces or commas), not %s."
L.TEAM_NEXT = "%s joins team %s from the next game (game %d keeps its teams)."
L.NOT_IN_TEAMS = "{title} is not played in teams."
L.NO_TEAM = "No team yet: %s (each names his own with /{team} NAME)."
L.NOT_THEIR_TEAM = "%s's game %d deals %s in team %s, not a team he named (%s): this game is not played here."

-- What each command does, for the help listing: { command, arguments, meaning }.
ns.HELP = {
	{ COMMANDS.roll, "", "roll your die when it is your roll (the addon rolls the right /roll)" },
	{ COMMANDS.reroll, "", "roll your die again from your rerolls (the new result stands)" },
	{ COMMANDS.pass, "", "pass instead of rerolling" },
	{ COMMANDS.bet, "[N]", "bet N (first bettor) or raise to N; alone: meet the bet" },
	{ COMMANDS.drop, "", "drop out, forfeiting what you bet" },
	{ COMMANDS.score, "", "the scoresheet of the game (the last one when none is in play)" },
	{ COMMANDS.team, "[NAME]", "Team Vitaji: join (or name) team NAME before a game; alone: the teams" },
	{ COMMANDS.help, "", "this list" },
	{ RULES.addon.long, "open [timeout N] [notimeout]", "open a table as its host" },
	{ RULES.addon.long, "join | leave", "sit down at the open table, or leave it" },
	{ RULES.addon.long, "start", "the table's host: start a game (the first seat moves one each game)" },
	{ RULES.addon.long, "meet | raise N | bet N", "meet the bet, raise it to N, or bet N first" },
	{ RULES.addon.long, "bonus CHOICE", "choose a triple's bonus: add, double or reroll" },
	{ RULES.addon.long, "status", "the game, who acts, the banks (and the teams)" },
	{ RULES.addon.long, "ACTION ...", "any command above by its name (roll, reroll, pass, bet 20, score)" },
}
ns.DrawLocales.fill()
