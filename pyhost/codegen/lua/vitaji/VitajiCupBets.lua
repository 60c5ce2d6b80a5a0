-- The side bets' order, and the tournament for a client that missed it (the tournament at the
-- table: VitajiTournamentTable.lua; who is believed: docs/protocol.md, "Vitaji at the table").
--
-- A side bet is its bettor's own word (`CUP bet`, heard on the group: a whispered one counts
-- nowhere, so nobody can give different clients different bets), numbered by its bettor. The
-- host orders the bets as it orders seats: when a group's game begins, its book takes no more
-- bets on their own word, and the table's host sends its list of the bets it took (`CUP list`,
-- after its `DO start`). The list decides the book at every client: a bet taken here and not
-- listed goes back; one listed and heard here is in (in the list's order, which the settling's
-- odd chips follow), and one listed and not heard is asked of its bettor again (`CUP again`,
-- whispered: his client sends his word to the group again) and of the group (`want`: another
-- client relays the word it heard, `word`, taken only as listed and not from the host); a bet
-- after the list is refused. So
-- a bet that crosses the start on its way counts everywhere or nowhere, and no host bets for
-- anyone: a listed bet counts only with its bettor's own word.
local _, ns = ...

local L, Comm, Text, Session, DrawTable, EventFrame = ns.L, ns.Comm, ns.Text, ns.Session, ns.DrawTable,
	ns.EventFrame
local Cup, Tournament, SideBets = ns.VitajiTournamentTable, ns.VitajiTournament, ns.VitajiSideBets
local S, OPS, say = Cup.S, Cup.OPS, Session.say

local Bets = {}
Cup.bets = Bets
local text_of, value_of = ns.VitajiCupText.text_of, ns.VitajiCupText.value_of

L.CUP_AND = "%s and %s"

local function id_of(bettor, book, n) return ("%s#%s#%s"):format(bettor, book, tostring(n)) end

------------------------------------------------------------------------------
-- The bets.

-- The book's bets in the order of its list (bets not listed last, as they came).
local function in_order(key)
	local book, list = S.books[key], S.lists[key]
	if not (book and list) then return end
	local at = {}
	for i, entry in ipairs(list) do at[entry.id] = i end
	local place = {}
	for i, bet in ipairs(book.bets) do place[bet] = (at[bet[4]] or #list + i) end
	table.sort(book.bets, function(a, b) return place[a] < place[b] end)
end

local function listed(key, id)
	for _, entry in ipairs(S.lists[key] or {}) do if entry.id == id then return entry end end
end

-- The word `id` (heard here) into its book, if the book takes it now: the refusal else (nil
-- quietly: kept aside until the host's list says).
local function take(id)
	local word = S.words[id]
	local bettor, key, runner, amount = word[1], word[2], word[3], word[4]
	local book = S.books[key]
	if not book or book.settled or book:has(id) then return nil end
	local entry = S.lists[key] and listed(key, id)
	if S.lists[key] then
		-- (A listed bet counts as its bettor said it, and only so.)
		if not entry or entry.runner ~= runner or entry.amount ~= amount then
			return ("%s cannot bet: side bets are closed"):format(bettor)
		end
	elseif not book.open then
		return nil
	else
		local live = DrawTable.live()
		if live and DrawTable.flow.in_hand(live, bettor) then return L.SIDEBET_SEATED:format(Session.short(bettor)) end
	end
	local events, why = book:place(bettor, runner, amount, id, entry ~= nil)
	if not events then return why end
	in_order(key)
	say(Text.safe(events[1].text, Text.LINE))
end

-- A side bet: the sender's own, on the book its client named (the one open on that group's
-- next game), heard on the group.
function OPS.bet(sender, message)
	local key = message.book or ""
	if not (S.cup and S.books[key]) then
		return L.SIDEBET_NO_BOOK:format(Session.short(sender), tostring(message.entrant))
	end
	if EventFrame.heard_on == "WHISPER" then return end -- (whispered: quietly nowhere)
	local id = id_of(sender, key, message.state)
	if S.words[id] then return end -- (heard already: asked again)
	S.words[id] = { sender, key, message.entrant, message.amount }
	return take(id)
end

-- A listed bet whose word this client never heard (lost on the way, its bettor gone since): asked
-- of the group too (`want`), a few times while it is missing and the book unsettled; any client
-- that heard it on the group whispers it back (`word`).
local WANT_TRIES, WANT_SECONDS = 3, 5
local function want(key, entry, tries)
	local book = S.books[key]
	if S.words[entry.id] or not book or book.settled or tries <= 0 then return end
	Comm.send("CUP", { op = "want", book = key, state = entry.n, members = { entry.bettor } })
	C_Timer.After(WANT_SECONDS, function() want(key, entry, tries - 1) end)
end

-- The host's list has come for the book `key`, and its game has begun here: the book is the
-- list's (bets not in it back, bets in it placed or asked for again).
local asked, told = {}, {}
local function settle_list(key)
	local book, list = S.books[key], S.lists[key]
	if not (book and list) or book.open or book.settled then return end
	for _, bet in ipairs(ns.VitajiWords.copy(book.bets)) do
		local entry = listed(key, bet[4])
		if not entry or entry.runner ~= bet[2] or entry.amount ~= bet[3] then
			told[bet[4] or ""] = true -- (its "gets back" says it)
			for _, event in ipairs(book:drop(bet[4]) or {}) do say(Text.safe(event.text, Text.LINE)) end
		end
	end
	for _, entry in ipairs(list) do
		if S.words[entry.id] then
			local why = take(entry.id)
			if why and S.words[entry.id][1] == Comm.me() then say(Text.safe(why, Text.LINE)) end
		elseif not asked[entry.id] and entry.bettor ~= Comm.me() then
			asked[entry.id] = true
			Comm.send("CUP", { op = "again", book = key, state = entry.n }, entry.bettor)
			want(key, entry, WANT_TRIES)
		end
	end
	-- Words heard here that the list leaves out: refused (said at their bettor's client).
	for id, word in pairs(S.words) do
		if word[2] == key and word[1] == Comm.me() and not listed(key, id) and not told[id] then
			told[id] = true
			say(("%s cannot bet: side bets are closed"):format(word[1]))
		end
	end
end

-- The list's parts, LIST bets a message (`first`: the part's first place in the list; `total`:
-- the list's length), so a book of any size fits: sent to the group, or whispered to `to`.
local LIST = 20
local function send_list(key, list, to)
	for first = 1, math.max(1, #list), LIST do
		local part = {}
		for i = first, math.min(#list, first + LIST - 1) do
			local entry = list[i]
			part[#part + 1] = { entry.bettor, entry.n, entry.runner, entry.amount }
		end
		local message = { op = "list", book = key, state = text_of({ first = first, total = #list, bets = part }) }
		Comm.send("CUP", message, to)
		if not to then OPS.list(Comm.me(), message) end -- (the last part settles the list)
	end
end

-- A list that has not come whole (a part lost on the way): asked of the host again (`relist`,
-- whispered back to this client alone), a few times while the book is unsettled.
local function ask_list(key, tries)
	local book, session = S.books[key], DrawTable.session()
	if S.lists[key] or not book or book.settled or tries <= 0 or not session then return end
	Comm.send("CUP", { op = "relist", book = key }, session.host)
	C_Timer.After(WANT_SECONDS, function() ask_list(key, tries - 1) end)
end

-- A group's game begins here: its book takes no bets on their own word from now; the host
-- sends its list of the bets it took (the others wait for it, and ask again if it stays away).
function Bets.started(key)
	local book, session = S.books[key], DrawTable.session()
	if not book or book.settled then return end
	if book.open then book:close() end
	if session and session.host == Comm.me() and not session.catching_up and not S.lists[key] then
		local list = {}
		for _, bet in ipairs(book.bets) do
			if bet[4] then
				list[#list + 1] = { bettor = bet[1], n = bet[4]:match("#([^#]*)$"), runner = bet[2], amount = bet[3] }
			end
		end
		send_list(key, list)
		return
	end
	settle_list(key)
	if not S.lists[key] then C_Timer.After(WANT_SECONDS, function() ask_list(key, WANT_TRIES) end) end
end

-- A part of the host's list (the first list for each book; the table's host only): the list is
-- the book's once every part of it is here.
local parts = {}
function OPS.list(sender, message)
	local session, key = DrawTable.session(), message.book or ""
	if not (session and sender == session.host) or S.lists[key] or not S.books[key] then return end
	local data = value_of(message.state)
	local first, total, bets = data and data.first, data and data.total, data and data.bets
	if type(first) ~= "number" or type(total) ~= "number" or type(bets) ~= "table" or first < 1
		or first + #bets - 1 > total then
		return
	end
	local part = parts[key]
	if not part or part.sender ~= sender or part.total ~= total then
		part = { sender = sender, total = total, list = {}, count = 0 }
		parts[key] = part
	end
	for i = 1, #bets do
		local entry = bets[i]
		if type(entry) ~= "table" or type(entry[1]) ~= "string" or type(entry[2]) ~= "string"
			or type(entry[3]) ~= "string" or type(entry[4]) ~= "number" then
			return
		end
		if not part.list[first + i - 1] then part.count = part.count + 1 end
		part.list[first + i - 1] = { id = id_of(entry[1], key, entry[2]), bettor = entry[1], n = entry[2],
			runner = entry[3], amount = entry[4] }
	end
	if part.count < total then return end
	parts[key] = nil
	S.lists[key], part.list.host = part.list, sender -- (who listed it relays nothing of it)
	settle_list(key)
end

-- A client whose list of a book did not come whole: the list again, whispered to it (the host
-- that listed it only, once a second for each client).
local relisted_at = {}
function OPS.relist(sender, message)
	local key = message.book or ""
	local list, at = S.lists[key], sender .. "@" .. key
	if not (list and list.host == Comm.me()) or sender == Comm.me() or (relisted_at[at] or -1) > GetTime() - 1 then
		return
	end
	relisted_at[at] = GetTime()
	send_list(key, list, sender)
end

-- A client that lacks a listed bet of ours: our word again, to the group (once a second).
local again_at = {}
function OPS.again(_, message)
	local n = tonumber(message.state or "")
	local mine = n and S.mine[n]
	if not mine or mine.book ~= message.book or (again_at[n] or -1) > GetTime() - 1 then return end
	again_at[n] = GetTime()
	Comm.send("CUP", mine)
end

-- A client asks the group for a listed bet it lacks: the word as heard here, whispered to it
-- (not our own bet: `again` answers for that; nor to ourselves).
function OPS.want(sender, message)
	local bettor = message.members[1]
	local word = bettor and S.words[id_of(bettor, message.book or "", message.state)]
	if not word or sender == Comm.me() or bettor == Comm.me() or EventFrame.heard_on == "WHISPER" then return end
	Comm.send("CUP", { op = "word", book = word[2], state = message.state, entrant = word[3], amount = word[4],
		members = { bettor } }, sender)
end

-- A bet's word relayed by another client: taken only for a bet the host listed, exactly as
-- listed, and not from the host itself (nor of our own bets: we know them), so a single liar
-- bets for nobody; what a host and a relayer can do together: docs/protocol.md.
function OPS.word(sender, message)
	local session, key, bettor = DrawTable.session(), message.book or "", message.members[1]
	if not (session and bettor) or sender == session.host or sender == Comm.me() or bettor == Comm.me()
		or sender == (S.lists[key] or {}).host then
		return
	end
	local id = id_of(bettor, key, message.state)
	local entry = S.lists[key] and listed(key, id)
	if S.words[id] or not entry or entry.runner ~= message.entrant or entry.amount ~= message.amount then return end
	S.words[id] = { bettor, key, message.entrant, message.amount }
	take(id)
end

------------------------------------------------------------------------------
-- A client that missed the tournament's messages (logged out, or not yet in the raid) asks the
-- host of the table it comes to for the tournament, once a table is opened or caught up; it
-- takes the answer from that host, or from its own tournament's organiser, if it is further on
-- (or as far, for the side bets it missed).

local asking = {}

local function progress(c)
	if not c then return -1 end
	local games = 0
	for _, group in ipairs(c.groups) do games = games + #group.games end
	local stage = ({ registration = 0, playing = 1, over = 2 })[c.stage]
	return ((stage * 100 + c.tier) * 1000 + games) * 1000 + #c.entrants
end

-- The answer: the tournament, the games recorded and dealt here (so the asker neither records a
-- game twice nor deals a replayed one otherwise), the books and the host's lists.
-- (In several messages, each well below the most one may be: `state`, the tournament; `games`,
-- four games recorded or dealt at a time; `book`, each book with its list.)
local GAMES, BETS = 4, 10
function OPS.ask(sender)
	if not S.cup then return end
	Comm.send("CUP", { op = "state", state = text_of({ cup = S.cup:saved() }) }, sender)
	local keys = {}
	for key in pairs(S.recorded.dealt) do keys[#keys + 1] = key end
	for key in pairs(S.recorded) do if key ~= "dealt" and not S.recorded.dealt[key] then keys[#keys + 1] = key end end
	table.sort(keys)
	for first = 1, #keys, GAMES do
		local part = { dealt = {} }
		for i = first, math.min(#keys, first + GAMES - 1) do
			part[keys[i]], part.dealt[keys[i]] = S.recorded[keys[i]], S.recorded.dealt[keys[i]]
		end
		Comm.send("CUP", { op = "games", state = text_of(part) }, sender)
	end
	-- (A book ten bets and ten of its list's at a time, its settling in the last.)
	for key, book in pairs(S.books) do
		local saved, list = book:saved(), S.lists[key]
		local count = math.max(1, math.ceil(#saved.bets / BETS), list and math.ceil(#list / BETS) or 1)
		for part = 1, count do
			local first, last = (part - 1) * BETS + 1, part * BETS
			local piece = { runners = saved.runners, running = saved.running, open = saved.open, bets = {},
				settled = part == count and saved.settled, winner = part == count and saved.winner or nil }
			local listed_part = list and {} or nil
			for i = first, last do
				piece.bets[#piece.bets + 1] = saved.bets[i]
				if list then listed_part[#listed_part + 1] = list[i] end
			end
			Comm.send("CUP", { op = "book", book = key, state = text_of({ book = piece, list = listed_part,
				first = first }) }, sender)
		end
	end
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

-- The answers taken (by sender): their games and books follow their `state`.
local taken = {}

local function list_of(data, key)
	if type(data) ~= "table" then return nil end
	local list = {}
	for i = 1, #data do
		local entry = data[i]
		if type(entry) ~= "table" or type(entry.bettor) ~= "string" or type(entry.n) ~= "string"
			or type(entry.runner) ~= "string" or type(entry.amount) ~= "number" then
			return nil
		end
		list[i] = { id = id_of(entry.bettor, key, entry.n), bettor = entry.bettor, n = entry.n,
			runner = entry.runner, amount = entry.amount }
	end
	return list
end

local function numbers(key) return key:match("^(%d+):(%d+):(%d+)$") end
local function earlier(a, b)
	local a1, a2, a3 = numbers(a)
	local b1, b2, b3 = numbers(b)
	a1, a2, a3, b1, b2, b3 = tonumber(a1), tonumber(a2), tonumber(a3), tonumber(b1), tonumber(b2), tonumber(b3)
	if a1 ~= b1 then return a1 < b1 end
	if a3 ~= b3 then return a3 < b3 end
	return a2 < b2
end

-- The books of the host's state (its word: docs/protocol.md): a book this client lacks is taken,
-- a bet it lacks (by bettor and number) put in the book it knows, and a book the state settled
-- settled here with its winner (void if it names none). Each bet checked as the book checks
-- one: its runner the book's, its bettor not running, its stake whole, from 1 up to his bank.
local function take_books(data)
	local keys = {}
	for key in pairs(data) do if type(key) == "string" and numbers(key) then keys[#keys + 1] = key end end
	table.sort(keys, earlier)
	for _, key in ipairs(keys) do
		local theirs = SideBets.restore(Cup.ledger, data[key])
		local book = S.books[key]
		if theirs and not book then
			local running = {}
			for name in pairs(theirs.running) do running[#running + 1] = name end
			table.sort(running)
			book = SideBets.new(Cup.ledger, theirs.runners, running)
			S.books[key] = book
		end
		if theirs and book and not book.settled then
			for _, bet in ipairs(theirs.bets) do
				if bet[4] and not book:has(bet[4]) then book:place(bet[1], bet[2], bet[3], bet[4], true) end
			end
			in_order(key)
			book.open = book.open and theirs.open
			if theirs.settled then
				local events = theirs.winner and book:settle(theirs.winner) or book:void()
				for _, event in ipairs(events or {}) do say(Text.safe(event.text, Text.LINE)) end
			end
		end
	end
end

-- Two plain values alike (a tournament's saved data, from two answers).
local function same(a, b)
	if type(a) ~= "table" or type(b) ~= "table" then return a == b end
	for key, value in pairs(a) do if not same(value, b[key]) then return false end end
	for key in pairs(b) do if a[key] == nil then return false end end
	return true
end

-- The answers heard since this client came to its table (by sender: the tournament's data).
local answers = {}

local function ask(name)
	if not name or name == Comm.me() or asking[name] or answers[name] then return end
	asking[name] = true
	Comm.send("CUP", { op = "ask" }, name)
end

-- An answer is taken from the organiser of the tournament this client knows, or once two
-- players agree on it (else the organiser it names, and two more seats, are asked too); and
-- only if it is further on than this client's own (or as far: for the side bets it missed).
function OPS.state(sender, message)
	if not asking[sender] then return end
	asking[sender] = nil
	local cup, data = S.cup, value_of(message.state)
	local other = data and Tournament.restore(data.cup)
	if not other then return end
	local agreed = cup and sender == cup.organiser and sender or nil
	for who, seen in pairs(answers) do
		if not agreed and who ~= sender and same(seen, data.cup) then agreed = who end
	end
	answers[sender] = data.cup
	if not agreed then
		ask(other.organiser)
		local session, more = DrawTable.session(), 0
		for _, seat in ipairs(session and session.seats or {}) do
			if more < 2 and not answers[seat] and seat ~= other.organiser and seat ~= Comm.me() then
				ask(seat)
				more = more + 1
			end
		end
		return
	end
	if progress(other) < progress(cup) then return end
	local another = cup and other.organiser ~= cup.organiser
	if another and (cup.stage ~= "over" or progress(other) == progress(cup)) then return end
	taken[sender] = true
	if progress(other) > progress(cup) then
		S.cup = other
		local from = agreed == sender and Session.short(sender)
			or L.CUP_AND:format(Session.short(agreed), Session.short(sender))
		say(L.CUP_CAUGHT_UP:format(Session.short(other.organiser), from))
	end
	Cup.open_books()
end

-- The games recorded and dealt at the answer's sender: this client's own, and these.
function OPS.games(sender, message)
	local games = taken[sender] and recorded_of(value_of(message.state))
	if not games then return end
	for key, value in pairs(games) do
		if key ~= "dealt" then S.recorded[key] = value end
	end
	for key, dealt in pairs(games.dealt) do S.recorded.dealt[key] = S.recorded.dealt[key] or dealt end
end

-- A part of a book: its bets into this client's book, its list's part onto the list this client
-- takes from the answer (unless it had one).
local filling = {}
function OPS.book(sender, message)
	local data, key = taken[sender] and value_of(message.state), message.book
	if not (data and type(key) == "string" and numbers(key)) then return end
	local list = list_of(data.list, key)
	if list and (data.first == 1 and not S.lists[key] or filling[key] == sender) then
		filling[key], S.lists[key] = sender, S.lists[key] or {}
		for _, entry in ipairs(list) do S.lists[key][#S.lists[key] + 1] = entry end
	end
	take_books({ [key] = data.book })
	Cup.open_books()
end

Session.bind(function(new)
	answers, asking, taken, filling = {}, {}, {}, {}
	if new then ask(new.host) end
end)
