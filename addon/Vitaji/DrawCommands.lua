-- What a draw game's commands call at its table (draw/DrawSlash.lua names them): this player's
-- roll (the addon makes the awaited /roll), a turn (a keep), the host's start and open, the
-- status. The table itself, and what the core asks of it, is DrawTable.lua.
local _, ns = ...

local L, Dice, Comm, Text, Session, Record = ns.L, ns.Dice, ns.Comm, ns.Text, ns.Session, ns.Record
local Ledger, Rolls, Fingerprint, DrawTable = ns.Ledger, ns.Rolls, ns.Fingerprint, ns.DrawTable
local RULES = ns.Rules

local say, short = Session.say, Session.short
local live, round, where, refusal = DrawTable.live, DrawTable.round, DrawTable.where, DrawTable.refusal
local accept, seat_index, dealt_in = DrawTable.accept, DrawTable.seat_index, DrawTable.dealt_in
local ROLL_GRACE = DrawTable.ROLL_GRACE

local session -- the open table
Session.bind(function(new) session = new end)

local function seated_here()
	if not session then say(Fingerprint.line() or L.NO_TABLE) return false end
	if not Session.seated(Comm.me()) then say(L.NOT_SEATED:format(short(session.host))) return false end
	local held = ns.Kept and ns.Kept.held() -- (a game reopened from a saved copy, waiting)
	if held then say(held) return false end
	return true
end

-- This player's roll, if the round awaits it: the addon makes the /roll of the awaited range
-- (once, ROLL_GRACE after this client began awaiting it).
function DrawTable.roll()
	if not seated_here() then return end
	local current, me = live(), Comm.me()
	local name = current and current:wanted()
	if name ~= me then say(L.NOT_YOUR_ROLL:format(where())) return end
	local awaited = session.watch.awaited
	local key = session.id .. "#" .. session.hands .. ":" .. awaited.roll
	if session.rolling == key then return end -- asked twice: one roll
	session.rolling = key
	say(L.ROLLING:format(awaited.low, awaited.high))
	local wait = math.max(0, ROLL_GRACE - (GetTime() - (session.awaiting_since or 0)))
	local s = session
	C_Timer.After(wait, function()
		if Session.current() ~= s or s.watch.awaited ~= awaited or awaited.value then return end
		RandomRoll(awaited.low, awaited.high)
	end)
end

-- This player's turn (a keep, with the faces kept; the chips it names, if any): checked here,
-- then sent to everyone. True if it went.
function DrawTable.turn(op, dice, amount)
	if not seated_here() then return false end
	local reason = refusal(Comm.me(), op, dice, amount)
	if reason then say(Text.safe(reason, Text.LINE)) return false end
	local text = dice and #dice > 0 and Dice.encode(dice) or nil -- (keeping nothing: no dice)
	Record.turn(Comm.me(), op, amount, text)
	return true
end

-- This player's dice as they lie.
function DrawTable.my_dice()
	local current = round()
	local lying = current and DrawTable.game().lying(current, Comm.me())
	if not lying then say(L.NOT_YOUR_ROLL:format(where())) return end
	say(L.MY_DICE:format(Dice.faces(lying)))
end

function DrawTable.start()
	if not session then say(L.NO_TABLE) return end
	local one, other = Rolls.namesakes()
	if one then say(L.NAMESAKES:format(Text.safe(one), Text.safe(other))) return end
	if session.host ~= Comm.me() then say(L.ONLY_HOST:format(short(session.host))) return end
	if live() then say(L.NOT_OVER:format(session.hands)) return end
	-- The first round starts at the host's seat; each one after at the seat the game names
	-- (game.next_starter of the last round), else the next seat; past any seat with less than
	-- the least bank (as the Python table moves its button).
	local game, last = DrawTable.game(), round()
	local named = session.hands > 0 and last and game.next_starter and game.next_starter(last)
	local starter, index = session.dealer, seat_index(named or session.dealer) or 1
	local least = DrawTable.least_bank()
	for step = (session.hands > 0 and not seat_index(named or "")) and 1 or 0, #session.seats do
		local name = session.seats[(index - 1 + step) % #session.seats + 1]
		if (session.banks[name] or 0) >= least then starter = name break end
	end
	-- (A round the engine would refuse is not ordered: the reason is said here.)
	-- (What else the start deals, the game's: teams, say, as the players named them.)
	local seats, at, own = dealt_in(starter, true)
	local target, why = nil, nil
	if own == nil and game.start_target then target, why = game.start_target(seats) end
	if why then say(why) return end
	local trial, reason = game.new_round(seats, at, own or target)
	if not trial then say(Text.safe(reason, Text.LINE)) return end
	accept(starter, "start", nil, target)
end

function DrawTable.open(words)
	local me = Comm.me()
	if session and session.host ~= me then say(L.ALREADY_OPEN:format(short(session.host))) return end
	local timeout, deadlines = nil, true
	local i = 1
	while words[i] do
		local word = words[i]:lower()
		if word == "timeout" and tonumber(words[i + 1]) and tonumber(words[i + 1]) >= 5 then
			timeout = tonumber(words[i + 1])
			i = i + 1
		elseif word == "timeout" and not words[i + 1] then deadlines = true
		elseif word == "notimeout" then deadlines = false
		else
			say(L.OPEN_USAGE:format(Text.safe(words[i])))
			return
		end
		i = i + 1
	end
	if Session.mid_hand("open") then return end
	local id, bank = me .. ":" .. time(), Ledger.bank_of(me)
	-- (Its mode, as OPEN names it: how the round is played for, chips or a forfeit.)
	local mode = RULES.table.stakes or RULES.table.currency
	if not Session.open_session(id, me, mode, nil, false, bank) then return end
	session.timeout, session.deadlines = timeout, deadlines and not timeout
	Comm.send("OPEN", { table = id, mode = mode, blinds = false, bank = bank, timeout = timeout,
		fingerprint = Fingerprint.id, sections = Fingerprint.wire, deadlines = session.deadlines })
end

function DrawTable.status()
	if not session then say(L.NO_TABLE) return end
	say(DrawTable.status_line())
end

function DrawTable.set_ascii(on)
	Session.settings().ascii = on
	say(L.ASCII:format(on and L.ASCII_ON or L.ASCII_OFF))
end

