-- A Vitaji tournament in the raid (VitajiTournament.lua) and spectators' side bets on its
-- games (VitajiSideBets.lua), at every client alike. Who is believed (docs/protocol.md,
-- "Vitaji at the table"): registration and the start are the organiser's word (a CUP from
-- anyone else is refused by the engine, the server naming its sender); a side bet is its
-- sender's own word, for his own chips; a game's result is nobody's word: each client records
-- the game its own copy of the table played, when that game ends. So the standings, the books
-- and their settlement follow what every client computed, never a message.
--
-- At a table with every player of a group seated (and the group's games not all played), a
-- game is dealt to that group alone: the organiser can host one table, everyone sits at it, and
-- the groups play in turn. A group's next game has a book open until that game is in play;
-- its result settles it. Everything is kept in the SavedVariables (db.cup) after each change.
local _, ns = ...

local L, RULES, Comm, Text, Session, Ledger = ns.L, ns.Rules, ns.Comm, ns.Text, ns.Session, ns.Ledger
local Tournament, SideBets, DrawTable, DrawSlash = ns.VitajiTournament, ns.VitajiSideBets, ns.DrawTable,
	ns.DrawSlash
local Game, Words = ns.VitajiGame, ns.VitajiWords
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
-- The state: the tournament, its books (by "tier:group:game"), the games recorded (by table and
-- game), kept in db.cup.

local cup, books, recorded -- (nil until loaded from the SavedVariables)

-- The ledger the books move chips in: every client's own record (core/Ledger.lua).
local ledger = {}
function ledger.seat(name) return { bank = Ledger.bank_of(name) } end
function ledger.move(name, chips) Ledger.move(name, chips, DrawTable.session()) end

local function db() return Session.db() or {} end

local function save()
	local books_saved = {}
	for key, book in pairs(books) do books_saved[key] = book:saved() end
	db().cup = { state = cup and cup:saved(), books = books_saved, recorded = recorded }
end

local function load()
	if recorded then return end
	local saved = db().cup
	recorded, books = { dealt = {} }, {}
	if type(saved) ~= "table" then return end
	cup = Tournament.restore(saved.state)
	recorded = type(saved.recorded) == "table" and saved.recorded or {}
	recorded.dealt = type(recorded.dealt) == "table" and recorded.dealt or {}
	for key, data in pairs(type(saved.books) == "table" and saved.books or {}) do
		books[key] = SideBets.restore(ledger, data)
	end
end

local function full(name)
	if name:find("-", 1, true) then return name end
	return name .. "-" .. Comm.me():match("%-(.*)$")
end

local function book_key(group) return ("%d:%d:%d"):format(cup.tier, group, #cup.groups[group].games + 1) end

-- A book on each group's next game, if it has one to play (its lines to `tell`).
local function open_books(tell)
	if cup.stage ~= "playing" then return end
	local running = {}
	for n in ipairs(cup.groups) do
		for _, player in ipairs((cup:seats(n))) do running[#running + 1] = player end
	end
	for n, group in ipairs(cup.groups) do
		local key = book_key(n)
		if #group.games < cup.games_per_group and not books[key] then
			books[key] = SideBets.new(ledger, group.entrants, running)
			if books[key] then
				local names = {}
				for i, name in ipairs(group.entrants) do names[i] = Session.short(name) end
				(tell or say)(Text.safe(L.BOOK_OPEN:format(LONG, n, #group.games + 1, table.concat(names, ", ")),
					Text.LINE))
			end
		end
	end
end

-- Every book still holding stakes but those in `keep` is void: the stakes go back (a new
-- tournament, or one taken from the host, leaves them no game to settle on).
local function void_books(keep)
	for key, book in pairs(books) do
		if not book.settled and not (keep and keep[key]) then
			for _, event in ipairs(book:void() or {}) do say(Text.safe(event.text, Text.LINE)) end
		end
	end
end

local function lines(list)
	for _, line in ipairs(list or {}) do say(Text.safe(line, Text.LINE)) end
end

------------------------------------------------------------------------------
-- The games: who is dealt in, and each game's end.

-- The group of this round whose players are all among `seats`, with games left to play.
local function group_at(seats)
	if not (cup and cup.stage == "playing") then return nil end
	local seated = {}
	for _, seat in ipairs(seats) do seated[seat.name] = true end
	for n, group in ipairs(cup.groups) do
		local all = #group.games < cup.games_per_group
		for _, player in ipairs((cup:seats(n))) do all = all and seated[player] == true end
		if all then return n end
	end
end

-- The round's seats for a tournament game: the group's players only, the first of them at or
-- after the starter in seat order first; and its group (nil for any other game).
local function deal(seats, at)
	load()
	-- A game dealt here before (replayed, catching up) goes to the players it went to then.
	local session = DrawTable.session()
	local key = session and session.id .. "#" .. session.hands
	local dealt = key and recorded.dealt[key]
	if not dealt then
		local group = group_at(seats)
		if not group then return seats, at, nil end -- (not kept: a tournament may come yet)
		dealt = { tier = cup.tier, group = group, players = (cup:seats(group)) }
		if key then recorded.dealt[key] = dealt end
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
	return out, at, cup and dealt.tier == cup.tier and dealt.group or nil
end

-- A game just over at this client's table: recorded (once: a replay finds it recorded), its
-- book settled.
local function game_over(round)
	local session = DrawTable.session()
	if not (round.cup_group and round.game:over() and session and cup) then return end
	local key = session.id .. "#" .. session.hands
	if recorded[key] then return end
	local group = round.cup_group
	local book = books[book_key(group)]
	local result = Tournament.result_of(round.game)
	local out, why = cup:record(group, result)
	recorded[key] = true
	-- (Said once the game's own last lines are: DrawTable says them after this step.)
	local later = {}
	local function tell(line) later[#later + 1] = line end
	C_Timer.After(0, function() for _, line in ipairs(later) do say(line) end end)
	if not out then tell(Text.safe(why, Text.LINE)) save() return end
	if book then
		local entrant_of = {}
		for name, team in pairs(cup.members) do
			for _, player in ipairs(team) do entrant_of[player] = name end
		end
		local events = book:settle(entrant_of[result.winner])
		for _, event in ipairs(events or {}) do tell(Text.safe(event.text, Text.LINE)) end
	end
	for _, line in ipairs(out) do tell(Text.safe(line, Text.LINE)) end
	open_books(tell)
	save()
end

local plain_new_round, plain_stand, plain_target = Game.new_round, Game.stand, Game.start_target

-- A team tournament's game deals the teams the organiser registered, which every client holds:
-- the host's start names none (the players' /vteam words are for games outside it).
function Game.start_target(seats)
	load()
	if cup and cup.team_size > 1 and group_at(seats) then return nil end
	if plain_target then return plain_target(seats) end
end

-- (DrawTable asks the game for each round: a tournament's round is dealt to its group, and its
-- end recorded, whichever way it ends: an action or a stand.)
function Game.new_round(seats, at, target, ...)
	local dealt, first, group = deal(seats, at)
	if group and cup.team_size > 1 then target = select(2, cup:seats(group)) end -- (a team game's teams)
	local round, why = plain_new_round(dealt, first, target, ...)
	if not round or not group then return round, why end
	round.cup_group = group
	local act = round.act
	round.act = function(self, ...)
		local events, reason = act(self, ...)
		if events then game_over(self) end
		return events, reason
	end
	return round
end

function Game.stand(round, player)
	local stood = plain_stand(round, player)
	if stood then game_over(round) end
	return stood
end

------------------------------------------------------------------------------
-- The messages: every client applies them alike; the engine decides whose word counts.

local OPS = {}

function OPS.new(sender)
	if cup and cup.stage ~= "over" and sender ~= cup.organiser then
		return L.CUP_TAKEN:format(Session.short(cup.organiser))
	end
	void_books()
	cup, books = Tournament.new(sender), {}
	say(L.CUP_NEW:format(Session.short(sender), LONG))
end

function OPS.add(sender, message)
	if not cup then return L.CUP_NONE:format(LONG) end
	local members = message.members
	if #members == 0 then members = nil end
	local line, why = cup:register(sender, message.entrant, members)
	if not line then return why end
	say(Text.safe(line, Text.LINE))
end

function OPS.start(sender)
	if not cup then return L.CUP_NONE:format(LONG) end
	local out, why = cup:start(sender)
	if not out then return why end
	lines(out)
	open_books()
end

-- A side bet: the sender's own, on the book its client named (the one open on that group's
-- next game: a bet meant for a game that began, or ended, meanwhile is refused).
function OPS.bet(sender, message)
	local book = books[message.book or ""]
	if not (cup and book) then return L.SIDEBET_NO_BOOK:format(Session.short(sender), tostring(message.entrant)) end
	local live = DrawTable.live()
	if book.open and live and live.cup_group and book_key(live.cup_group) == message.book then book:close() end
	-- (A seat in the game in play would take its bank back at the game's end.)
	if live and DrawTable.flow.in_hand(live, sender) then return L.SIDEBET_SEATED:format(Session.short(sender)) end
	local events, why = book:place(sender, message.entrant, message.amount)
	if not events then return why end
	say(Text.safe(events[1].text, Text.LINE))
end

-- A client that missed the tournament's messages (logged out, or not yet in the raid) asks the
-- host of the table it comes to for the tournament, once a table is opened or caught up; it
-- takes the answer from that host, or from its own tournament's organiser, if it is further on.
local asked = {}

local function progress(c)
	if not c then return -1 end
	local games = 0
	for _, group in ipairs(c.groups) do games = games + #group.games end
	local stage = ({ registration = 0, playing = 1, over = 2 })[c.stage]
	return ((stage * 100 + c.tier) * 1000 + games) * 1000 + #c.entrants
end

-- Plain data as text (length-prefixed strings, whole numbers, flags, tables), and back.
local function encode(value, out)
	local kind = type(value)
	if kind == "string" then
		out[#out + 1] = "s" .. #value .. ":" .. value
	elseif kind == "number" then
		out[#out + 1] = "n" .. ("%d"):format(value) .. ";"
	elseif kind == "boolean" then
		out[#out + 1] = value and "t" or "f"
	elseif kind == "table" then
		out[#out + 1] = "{"
		for key, item in pairs(value) do
			encode(key, out)
			encode(item, out)
		end
		out[#out + 1] = "}"
	end
	return out
end

local function decode(text, at, depth)
	local tag = text:sub(at, at)
	if tag == "s" then
		local size, start = text:match("^(%d+):()", at + 1)
		if not size or start + size - 1 > #text then return nil end
		return text:sub(start, start + size - 1), start + size
	elseif tag == "n" then
		local number, after = text:match("^(%-?%d+);()", at + 1)
		return tonumber(number), after
	elseif tag == "t" or tag == "f" then
		return tag == "t", at + 1
	elseif tag == "{" and depth < 8 then
		local out = {}
		at = at + 1
		while text:sub(at, at) ~= "}" do
			local key, item
			key, at = decode(text, at, depth + 1)
			if key == nil or at == nil then return nil end
			item, at = decode(text, at, depth + 1)
			if item == nil or at == nil then return nil end
			out[key] = item
		end
		return out, at + 1
	end
end

-- The answer: the tournament, and the games recorded and dealt here (so the asker neither
-- records a game twice nor deals a replayed one otherwise).
function OPS.ask(sender)
	if not cup then return end
	local state = table.concat(encode({ cup = cup:saved(), recorded = recorded }, {}))
	Comm.send("CUP", { op = "state", state = state }, sender)
end

local function recorded_of(data)
	if type(data) ~= "table" or type(data.dealt) ~= "table" then return nil end
	for key, value in pairs(data) do
		if type(key) ~= "string" or (key ~= "dealt" and value ~= true) then return nil end
	end
	for key, dealt in pairs(data.dealt) do
		if type(key) ~= "string" or type(dealt) ~= "table" or type(dealt.tier) ~= "number"
			or type(dealt.group) ~= "number" or type(dealt.players) ~= "table" then
			return nil
		end
	end
	return data
end

function OPS.state(sender, message)
	local session = DrawTable.session()
	if not asked[sender] or not (session and sender == session.host or cup and sender == cup.organiser) then return end
	asked[sender] = nil
	local data = decode(message.state or "", 1, 0)
	local other = type(data) == "table" and Tournament.restore(data.cup)
	local games = type(data) == "table" and recorded_of(data.recorded)
	if not (other and games) or progress(other) <= progress(cup) then return end
	if cup and cup.stage ~= "over" and other.organiser ~= cup.organiser then return end
	cup, recorded = other, games
	local keep = {}
	if cup.stage == "playing" then for n in ipairs(cup.groups) do keep[book_key(n)] = true end end
	void_books(keep)
	say(L.CUP_CAUGHT_UP:format(Session.short(cup.organiser), Session.short(sender)))
	open_books()
end

local function ask(host)
	if not host or host == Comm.me() then return end
	asked[host] = true
	Comm.send("CUP", { op = "ask" }, host)
end
Session.bind(function(new) if new then ask(new.host) end end)

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

local function send(message)
	Comm.send("CUP", message)
	apply(Comm.me(), message) -- (a client does not hear its own messages)
end

------------------------------------------------------------------------------
-- The commands: /vitaji cup [new | add NAME [MEMBERS...] | start], /vitaji sidebet NAME N.

local function show()
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
	local group = cup and cup.stage == "playing" and cup:group_of(entrant)
	send({ op = "bet", entrant = entrant, amount = amount, book = group and book_key(group) or "" })
end
