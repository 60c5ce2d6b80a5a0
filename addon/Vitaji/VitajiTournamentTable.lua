-- A Vitaji tournament in the raid (VitajiTournament.lua) and spectators' side bets on its
-- games (VitajiSideBets.lua), at every client alike. Who is believed (docs/protocol.md,
-- "Vitaji at the table"): registration and the start are the organiser's word (a CUP from
-- anyone else is refused by the engine, the server naming its sender); a side bet is its
-- sender's own word, for his own chips, in its game's book as the table's host's list says
-- (VitajiCupBets.lua); a game's result is nobody's word: each client records the game its own
-- copy of the table played, when that game ends. So the standings, the books and their
-- settlement follow what every client computed, and the host's order of the bets.
--
-- At a table with every player of a group seated (and the group's games not all played), a
-- game is dealt to that group alone (the draw table's hooks: deal, over): the organiser can
-- host one table, everyone sits at it, and the groups play in turn. A group's next game has a
-- book open until that game begins; its result settles it. Everything is kept in the
-- SavedVariables (db.cup) after each change.
local _, ns = ...

local L, RULES, Comm, Text, Session, Ledger = ns.L, ns.Rules, ns.Comm, ns.Text, ns.Session, ns.Ledger
local Tournament, SideBets, DrawTable, DrawSlash = ns.VitajiTournament, ns.VitajiSideBets, ns.DrawTable,
	ns.DrawSlash
local Words = ns.VitajiWords
local say = Session.say

local Cup = {}
ns.VitajiTournamentTable = Cup

ns.Messages.declare("CUP", { "op", "entrant", "amount:n", "book", "state", "members..." })

L.CUP_NONE = "No tournament: /%s cup new organises one."
L.CUP_NEW = "%s organises a Vitaji tournament: /%s cup shows it."
L.CUP_TAKEN = "%s's tournament is under way: only its organiser starts a new one."
L.CUP_REGISTERING = "The tournament of %s: %d registered (%s); the organiser starts it with /%s cup start."
L.CUP_CHAMPION = "%s won the tournament of %s."
L.CUP_USAGE = "/%s cup [new | add NAME [MEMBERS...] | start]: %s is not one of these."
L.SIDEBET_USAGE = "/%s sidebet NAME N: back a player of the tournament for N %s."
L.SIDEBET_NO_BOOK = "%s cannot bet: %s plays no game of this round now."
L.SIDEBET_SEATED = "%s cannot bet: he plays the game in play."
L.CUP_CAUGHT_UP = "Caught up with the tournament of %s from %s (its results so far are their word)."
L.BOOK_OPEN = "Side bets (/%s sidebet NAME N) are open on group %d's game %d: %s."

-- Added to the help listing (its words filled in here: DrawLocales.fill ran already).
local LONG = RULES.addon.long
for _, entry in ipairs({
	{ LONG, "cup new | add NAME [MEMBERS...] | start",
		"organise a tournament, register entrants in seed order, start it" },
	{ LONG, "cup", "the tournament: its groups' standings after every game, or its champion" },
	{ LONG, "sidebet NAME N", "a spectator: back a player of the tournament's next game for N " .. RULES.table.currency },
}) do
	table.insert(ns.HELP, #ns.HELP, entry)
end

------------------------------------------------------------------------------
-- The state (in `S`, which VitajiCupBets.lua shares): the tournament, its books (by
-- "tier:group:game"), the games recorded (by table and game), the bets' words heard (by
-- "bettor#n"), the host's lists of bets taken (by book) and this client's own bets (by n): kept
-- in db.cup.

local S = {} -- (S.recorded nil until loaded from the SavedVariables)
Cup.S = S

-- The ledger the books move chips in: every client's own record (core/Ledger.lua).
local ledger = {}
function ledger.seat(name) return { bank = Ledger.bank_of(name) } end
function ledger.move(name, chips) Ledger.move(name, chips, DrawTable.session()) end
Cup.ledger = ledger

local function db() return Session.db() or {} end

local function table_of(value) return type(value) == "table" and value or {} end

function Cup.save()
	for id, word in pairs(S.words) do -- (a settled book's words are done with)
		local book = S.books[word[2]]
		if not book or book.settled then S.words[id] = nil end
	end
	local books_saved = {}
	for key, book in pairs(S.books) do books_saved[key] = book:saved() end
	db().cup = { state = S.cup and S.cup:saved(), books = books_saved, recorded = S.recorded, words = S.words,
		lists = S.lists, mine = S.mine }
end
local save = Cup.save

function Cup.load()
	if S.recorded then return end
	local saved = db().cup
	S.recorded, S.books, S.words, S.lists, S.mine = { dealt = {} }, {}, {}, {}, {}
	if type(saved) ~= "table" then return end
	S.cup = Tournament.restore(saved.state)
	S.recorded = table_of(saved.recorded)
	S.recorded.dealt = table_of(S.recorded.dealt)
	S.words, S.lists, S.mine = table_of(saved.words), table_of(saved.lists), table_of(saved.mine)
	for key, data in pairs(table_of(saved.books)) do
		S.books[key] = SideBets.restore(ledger, data)
	end
end
local load = Cup.load

local function full(name)
	if name:find("-", 1, true) then return name end
	return name .. "-" .. Comm.me():match("%-(.*)$")
end

local function book_key(group) return ("%d:%d:%d"):format(S.cup.tier, group, #S.cup.groups[group].games + 1) end
Cup.book_key = book_key

-- A book on each group's next game, if it has one to play (its lines to `tell`).
local function open_books(tell)
	local cup = S.cup
	if cup.stage ~= "playing" then return end
	local running = {}
	for n in ipairs(cup.groups) do
		for _, player in ipairs((cup:seats(n))) do running[#running + 1] = player end
	end
	for n, group in ipairs(cup.groups) do
		local key = book_key(n)
		if #group.games < cup.games_per_group and not S.books[key] then
			S.books[key] = SideBets.new(ledger, group.entrants, running)
			if S.books[key] then
				local names = {}
				for i, name in ipairs(group.entrants) do names[i] = Session.short(name) end
				(tell or say)(Text.safe(L.BOOK_OPEN:format(LONG, n, #group.games + 1, table.concat(names, ", ")),
					Text.LINE))
			end
		end
	end
end
Cup.open_books = open_books

-- Every book still holding stakes but those in `keep` is void: the stakes go back (a new
-- tournament leaves them no game to settle on).
local function void_books(keep)
	for key, book in pairs(S.books) do
		if not book.settled and not (keep and keep[key]) then
			for _, event in ipairs(book:void() or {}) do say(Text.safe(event.text, Text.LINE)) end
		end
	end
end

local function lines(list)
	for _, line in ipairs(list or {}) do say(Text.safe(line, Text.LINE)) end
end

------------------------------------------------------------------------------
-- The games: who is dealt in, and each game's end (the draw table's hooks).

-- The group of this round whose players are all among `seats`, with games left to play.
local function group_at(seats)
	local cup = S.cup
	if not (cup and cup.stage == "playing") then return nil end
	local seated = {}
	for _, seat in ipairs(seats) do seated[seat.name] = true end
	for n, group in ipairs(cup.groups) do
		local all = #group.games < cup.games_per_group
		for _, player in ipairs((cup:seats(n))) do all = all and seated[player] == true end
		if all then return n end
	end
end

-- The group of this tournament's tier that the table's game `number` was dealt to, or nil.
function Cup.group_of_game(number)
	local session = DrawTable.session()
	local dealt = session and S.recorded and S.recorded.dealt[session.id .. "#" .. (number or session.hands)]
	return dealt and S.cup and dealt.tier == S.cup.tier and dealt.group or nil
end

-- The round's seats for a tournament game: the group's players only, the first of them at or
-- after the starter in seat order first; and the teams it deals (a team tournament's: the ones
-- registered, which every client holds, not the players' /vteam words). Any other game as it is.
function DrawTable.hooks.deal(seats, at, trial)
	load()
	-- A game dealt here before (replayed, catching up) goes to the players it went to then.
	local session = DrawTable.session()
	local key = session and session.id .. "#" .. (session.hands + (trial and 1 or 0))
	local dealt = key and S.recorded.dealt[key]
	if not dealt then
		local group = group_at(seats)
		if not group then return seats, at, nil end -- (not kept: a tournament may come yet)
		dealt = { tier = S.cup.tier, group = group, players = (S.cup:seats(group)), book = book_key(group) }
		if key and not trial then S.recorded.dealt[key] = dealt end
	end
	local players, out, first = dealt.players, {}, nil
	for step = 0, #seats - 1 do
		local seat = seats[(at - 1 + step) % #seats + 1]
		if not first and Words.index(players, seat.name) then first = seat.name end
	end
	for _, seat in ipairs(seats) do
		if Words.index(players, seat.name) then
			out[#out + 1] = seat
			if seat.name == first then at = #out end
		end
	end
	local group = S.cup and dealt.tier == S.cup.tier and dealt.group or nil
	-- The game begins: its book takes no more bets on their own word (VitajiCupBets.lua). (A
	-- game replayed after its end is not begun again.)
	if group and not trial and not S.recorded[key] then Cup.bets.started(dealt.book or book_key(group)) end
	return out, at, group and S.cup.team_size > 1 and select(2, S.cup:seats(group)) or nil
end

-- A game just over at this client's table: recorded (once: a replay finds it recorded), its
-- book settled, after the game's own lines.
function DrawTable.hooks.over(round)
	local session, cup = DrawTable.session(), S.cup
	local group = Cup.group_of_game()
	if not (group and round.game:over() and session and cup) then return end
	local key = session.id .. "#" .. session.hands
	if S.recorded[key] then return end
	local book_at = book_key(group)
	local book = S.books[book_at]
	local result = Tournament.result_of(round.game)
	local out, why = cup:record(group, result)
	S.recorded[key] = true
	if not out then say(Text.safe(why, Text.LINE)) save() return end
	if book and not book.settled then
		local entrant_of = {}
		for name, team in pairs(cup.members) do
			for _, player in ipairs(team) do entrant_of[player] = name end
		end
		-- (With no list from the host every stake goes back: the bets it took are unknown.)
		local events = S.lists[book_at] and book:settle(entrant_of[result.winner]) or book:void()
		for _, event in ipairs(events or {}) do say(Text.safe(event.text, Text.LINE)) end
	end
	lines(out)
	open_books()
	save()
end

------------------------------------------------------------------------------
-- The messages: every client applies them alike; the engine decides whose word counts.

local OPS = {}
Cup.OPS = OPS

function OPS.new(sender)
	local cup = S.cup
	if cup and cup.stage ~= "over" and sender ~= cup.organiser then
		return L.CUP_TAKEN:format(Session.short(cup.organiser))
	end
	void_books()
	S.cup, S.books, S.words, S.lists = Tournament.new(sender), {}, {}, {}
	say(L.CUP_NEW:format(Session.short(sender), LONG))
end

function OPS.add(sender, message)
	if not S.cup then return L.CUP_NONE:format(LONG) end
	local members = message.members
	if #members == 0 then members = nil end
	local line, why = S.cup:register(sender, message.entrant, members)
	if not line then return why end
	say(Text.safe(line, Text.LINE))
end

function OPS.start(sender)
	if not S.cup then return L.CUP_NONE:format(LONG) end
	local out, why = S.cup:start(sender)
	if not out then return why end
	lines(out)
	open_books()
end

local function apply(sender, message)
	load()
	local op = OPS[message.op or ""]
	if not op then return end
	local why = op(sender, message)
	-- A refusal is said where it was asked for (every other client refuses it alike, quietly).
	if why and sender == Comm.me() then say(Text.safe(why, Text.LINE)) end
	save()
end

Comm.on("CUP", apply)

-- A message to the group (or whispered to `target`), applied here too when it goes to all (a
-- client does not hear its own messages).
function Cup.send(message, target)
	Comm.send("CUP", message, target)
	if not target then apply(Comm.me(), message) end
end
local send = Cup.send

------------------------------------------------------------------------------
-- The commands: /vitaji cup [new | add NAME [MEMBERS...] | start], /vitaji sidebet NAME N.

local function show()
	local cup = S.cup
	if not cup then say(L.CUP_NONE:format(LONG)) return end
	if cup.stage == "registration" then
		local names = {}
		for i, name in ipairs(cup.entrants) do names[i] = Session.short(name) end
		say(L.CUP_REGISTERING:format(Session.short(cup.organiser), #names, table.concat(names, ", "), LONG))
	elseif cup.stage == "over" then
		say(L.CUP_CHAMPION:format(Text.safe(cup.champion), Session.short(cup.organiser)))
	else
		for n in ipairs(cup.groups) do lines(cup:standings(n)) end
	end
end

function DrawSlash.actions.cup(args)
	load()
	local what = (args[1] or ""):lower()
	if what == "" or what == "show" then return show() end
	if what == "new" and #args == 1 then return send({ op = "new" }) end
	if what == "start" and #args == 1 then return send({ op = "start" }) end
	-- (A player is his own entrant: names after his are a team's, in a team tournament only.)
	if what == "add" and args[2] and (RULES.teams.team_size > 1 or #args == 2) then
		local members = {}
		for i = 3, #args do members[#members + 1] = full(args[i]) end
		local entrant = RULES.teams.team_size > 1 and args[2] or full(args[2])
		return send({ op = "add", entrant = entrant, members = members })
	end
	say(L.CUP_USAGE:format(LONG, Text.safe(table.concat(args, " "))))
end

function DrawSlash.actions.sidebet(args)
	load()
	local amount = tonumber(args[2] or "")
	if #args ~= 2 or not amount then
		say(L.SIDEBET_USAGE:format(LONG, RULES.table.currency))
		return
	end
	local entrant = RULES.teams.team_size > 1 and args[1] or full(args[1])
	local cup = S.cup
	local group = cup and cup.stage == "playing" and cup:group_of(entrant)
	-- (Numbered: the host's list names it by its bettor and number.)
	local n = tostring(#S.mine + 1)
	local message = { op = "bet", entrant = entrant, amount = amount, book = group and book_key(group) or "", state = n }
	S.mine[#S.mine + 1] = message
	send(message)
end
