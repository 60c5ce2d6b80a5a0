-- The lines a draw game's addon prints that are not the table core's (core/CoreLocales.lua
-- has those): the draw table's (draw/DrawTable.lua), and the core's few it words its own way.
-- The game's own locale file adds its lines and its help after this, then calls
-- DrawLocales.fill.
local _, ns = ...

local L = ns.L

for key, text in pairs({
	-- The table core's, worded for a draw game's rounds.
	AWAY_STREET = "The %s of round %d was rolled while you were away: its dice here are %s's word.",
	DROPPED = "%s is gone from the table: it stands them on their dice.",
	MID_HAND = "Round %d is in play: %s waits until it is over. Nothing changed.",
	TIMED_OUT = "%s took too long: the table stands them on their dice.",
	-- A game kept across logouts (core/Kept.lua).
	REOPENED = "Reopened the table from your saved copy of game %d: you host it now.",
	KEPT_BEHIND = "%s's table is behind your saved copy of the game (%d steps, yours %d): "
		.. "dropped it; not taking %s's table again.",
	KEPT_DIFFERS = "%s's table differs from your saved copy of the game: dropped it; "
		.. "not taking %s's table again.",
	KEPT_NOT_YOURS = "%s's table has you play on past your saved copy of the game, as only "
		.. "you could: dropped it; not taking %s's table again.",
	KEPT_DISOWNED = "%s says %s's table has him play on past his saved copy of the game, as "
		.. "only he could: dropped it; not taking %s's table again.",
	REOPEN_WAITS = "The game reopened from a saved copy waits for %s to come back (%d seconds "
		.. "at most): nothing sent.",
	GAVE_WAY = "%s kept the game further on: you give the table back to them.",
	-- The draw table's.
	ALREADY_OPEN = "A table is already open (%s hosts it).",
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
	NO_REQUEST = "the table takes no such request",
	BAD_FACES = "/%s %s: name the faces to keep, separated by spaces (faces: %s).",
	OPEN_USAGE = "/{long} open [timeout N] [notimeout]: %s is not a setting.",
	VOID = "Round %d is void: nothing is won or lost.",
	MY_DICE = "Your dice: %s",
	NAMESAKES = "%s and %s share a name across realms: roll lines cannot tell them apart, so their rolls do not count.",
}) do L[key] = text end

local DrawLocales = {}
ns.DrawLocales = DrawLocales

-- The ruleset's words put in every line (the game's own lines too, added by then).
DrawLocales.fill = ns.CoreLocales.fill
