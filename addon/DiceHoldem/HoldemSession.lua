-- What the hold'em flow answers the table core (core/Session.lua, Record.lua, Heartbeat.lua):
-- when one of its orders may apply and what it does, the players' own commitments and
-- reveals, what the host's heartbeat carries of a hand. Game (Game.lua) is the flow: this
-- file gives it the rest of the interface (docs/addon.md, "The table core and a game flow")
-- and plugs it in.
local _, ns = ...

local Phase = ns.Holdem.Phase -- a hand's phases, by name

local L, Dice, Comm, Session, Record, Game = ns.L, ns.Dice, ns.Comm, ns.Session, ns.Record, ns.Game
local HoldemFlow, Fair, FairDeal = ns.HoldemFlow, ns.Fair, ns.FairDeal

local session -- the open table (Session.bind)
Session.bind(function(new) session = new end)

local short, number_or_text = Session.short, Session.number_or_text
local drain, resync = Record.drain, Record.resync
local hand, heard, revealed, in_hand, DEAD = Game.hand, Game.heard, Game.revealed, Game.in_hand, Game.DEAD
local arrived = ns.Actions.arrived
local apply, engine_act, commit_refusal = Game.apply, Game.engine_act, Game.commit_refusal
local after, maybe_close, accept, apply_rolls = Game.after, Game.maybe_close, Game.accept,
	Game.apply_rolls
local banks_digest = Game.banks_digest

------------------------------------------------------------------------------
-- Hold'em's own steps, which need no order (core/Record.lua applies them after the host's
-- orders and the turns). Commitments: each one heard for this hand counts until the set closes.
local function next_commit()
	-- (The set closed, the common case, looked at first. The hand read in place, as Game.hand
	-- reads it, here and in what the table core asks at every message: a call fewer each time.)
	local fair = session.fair
	if fair.set_hash then return false end
	local engine = session.engine
	local current = engine and engine.hand
	if not current or current.phase == Phase.OVER then return false end
	local commits, players = fair.commits, heard(session.hands)
	-- Nothing was to apply when `fair.idle` was noted (this hand's commitments, its engine's
	-- hand, how many had come): with one more come since, only that one can be, and the rest
	-- need no look (a player heard but not in the hand stays out of it all hand).
	local idle, count, last = fair.idle, arrived(players)
	if idle and idle[1] == players and idle[2] == current and count > 0 then
		if count == idle[3] then return false end
		if count == idle[3] + 1 then
			if not commits[last] and in_hand(current, last) then
				apply("commit", last, session.hands, players[last])
				return true
			end
			idle[3] = count
			return false
		end
	end
	for player, commitment in pairs(players) do
		if not commits[player] and in_hand(current, player) then
			apply("commit", player, session.hands, commitment)
			return true
		end
	end
	fair.idle = { players, current, count }
	return false
end

-- One player's reveal applied, if it can be now: true if it was.
local function show_one(current, player, reveal)
	if reveal.applied or current.shown[player] ~= nil then return false end -- (most are applied)
	if reveal.mucked then -- replayed MUCK
		reveal.applied = true
		Game.apply_dead(player)
		return true
	end
	if reveal[1] ~= DEAD and in_hand(current, player) then -- (a dead one comes as the host's order)
		reveal.applied = true
		apply("show", player, session.hands, reveal[1], Dice.decode(reveal[2]))
		return true
	end
	return false
end

-- At a guided showdown, reveals need no order: every client applies each one it has heard, in
-- whatever order they came (the engine checks the winners' once all are in: Actions.lua).
local function next_show()
	local engine = session.engine
	local current = engine and engine.hand
	if not current or current.phase ~= Phase.SHOWDOWN or session.mode ~= "guided" then return false end
	-- Not before the seed (its roll line or the host's word may come late): a reveal checked
	-- without it would look false.
	if not session.fair.seed then return false end
	-- As next_commit does: with only one reveal come since nothing was to apply, only that one
	-- is looked at (what could stop one applying only stays so this showdown).
	local players, fair = revealed(session.hands), session.fair
	local idle, count, last = fair.shows_idle, arrived(players)
	if idle and idle[1] == players and idle[2] == current and count > 0 then
		if count == idle[3] then return false end
		if count == idle[3] + 1 then
			if show_one(current, last, players[last]) then return true end
			idle[3] = count
			return false
		end
	end
	for player, reveal in pairs(players) do
		if show_one(current, player, reveal) then return true end
	end
	fair.shows_idle = { players, current, count }
	return false
end

------------------------------------------------------------------------------
-- A player's request (core/Session.lua hears it): what hold'em does with one.

-- What every client keeps of a player's own word: their commitment or reveal. True when the
-- host has nothing more to do with it.
local function heard_request(sender, op, request, number)
	if op == "commit" then
		if not number then return true end
		local commits = heard(number)
		if commits[sender] then return true end
		-- Everyone keeps each player's commitment, heard from the player themselves, and counts
		-- it (drain) while the set is open. The host tells a player who came too late.
		local late = session.host == Comm.me() and number == session.hands and
			commit_refusal(sender)
		commits[sender] = request.target or ""
		drain()
		if late then Comm.send("NO", { table = session.id, reason = late }, sender) end
		return true
	elseif op == "show" and number then
		local reveals = revealed(number)
		if not reveals[sender] then
			reveals[sender] = { request.target or "", request.dice or "" }
			drain()
		end
	end
	return op == "show" and session.mode == "guided" -- applied by drain, unordered
end

-- The host's answer to any other request: the engine's op, checked and applied (accept), with
-- the reason it refuses, if it does.
local function host_request(sender, op, request, number)
	local dice = request.dice and Dice.decode(request.dice) or nil
	return accept(sender, op, number_or_text(request.amount), request.target, dice)
end

------------------------------------------------------------------------------
-- What the table core's record (core/Record.lua) asks of hold'em.

-- Whether the host's next order waits, for hold'em's reasons: until this client has seen as
-- many streets rolled as the host had; a close for the commitments it names and a show for
-- the player's own reveal (the host never echoes them); a timeout claim until it is due by
-- this client's clock; a hand's start until this client's last one is over too. An order this
-- copy cannot take drops the copy (resync).
local function order_waits(item)
	local current = hand()
	local live = current and current.phase ~= Phase.OVER
	if live and #current.community < (item.streets or 0) then return true end
	local flags = item.amount or "" -- a close's: whose commitments the set holds
	if item.op == "close" and live then
		local commits = heard(session.hands) -- (looked up once, not once a seat)
		for i, seat in ipairs(current.seats) do
			if flags:sub(i + 1, i + 1) == "1" and not commits[seat.name] then
				return true
			end
		end
	end
	-- The host's dead show (a reveal's time ran out) and a close without everyone's
	-- commitments are timeout claims: taken only once due by this client's clock.
	if live and item.op == "show" and item.target == DEAD and ns.Takeover.claim_refused(item.player) then
		return true
	end
	if (item.op == "close" or item.op == "void") and live then
		for i, seat in ipairs(current.seats) do
			if (item.op == "void" or flags:sub(i + 1, i + 1) ~= "1") and in_hand(current, seat.name)
				and ns.Takeover.claim_refused(seat.name) then return true end
		end
	end
	if item.op == "show" and item.target == nil then
		if not (revealed(session.hands)[item.player] and session.fair.seed) then return true end
	end
	-- A hand starts only once this client's last one is over too (else it waits, stuck, and
	-- catches up): starting over an unfinished one would leave its banks behind.
	if item.op == "start" and live then return true end
	-- A dealer named before a street this client already has: its turn order would differ.
	if item.op == "dealer" and live and #current.community > (item.streets or 0) then
		resync()
		return true
	end
	-- A dealer replaced while still connected is a roll-timeout claim (one gone, or the old
	-- host's deal passing to its successor, is not).
	local roller = live and FairDeal.roller() -- (who rolls what is due: Rollers.lua)
	if item.op == "dealer" and live and roller ~= session.succeeded_from
		and ns.Takeover.connected(roller) and ns.Takeover.claim_refused(roller) then return true end
	if (item.op == "close" or item.op == "dealer") and not live then
		resync() -- an order for a hand this client does not have: out of step
		return true
	end
	if item.op == "show" and current and current.shown[item.player] ~= nil then
		-- The host acted for a player whose own reveal crossed it (here the hand may even be
		-- over already): its record rules.
		resync()
		return true
	end
	return false
end

-- The next order, applied (its dice decoded), then any street its roll line let through.
local function apply_order(item)
	local dice = item.dice and Dice.decode(item.dice) or nil
	apply(item.op, item.player, number_or_text(item.amount), item.target, dice)
	apply_rolls()
end

-- The host's heartbeat is further on in this hand: over, or more streets rolled.
local function behind(at)
	local current = hand()
	local live = current ~= nil and current.phase ~= Phase.OVER
	return (at.over and live) or (live and (at.streets or 0) > #current.community)
end

-- The hold'em orders a client waits on stuck (a close's commitments, a show's reveal), or the
-- reveals a showdown never had: their players are asked to send them again (only a player's
-- own word counts for them). True if it asked, false if it had no one to ask; nil if nothing
-- of hold'em's is missing.
local function ask_for(item)
	local current = hand()
	if item and current and current.phase ~= Phase.OVER and (item.op == "close" or item.op == "show") then
		local asked, flags = 0, item.amount or ""
		for i, seat in ipairs(current.seats) do
			if item.op == "close" and flags:sub(i + 1, i + 1) == "1" and not heard(session.hands)[seat.name]
				or item.op == "show" and item.player == seat.name and not revealed(session.hands)[seat.name] then
				Comm.send("AGAIN", { table = session.id, hand = session.hands,
					step = item.op == "close" and "commit" or "show", player = seat.name })
				asked = asked + 1
			end
		end
		return asked > 0
	end
	if current and current.phase == Phase.SHOWDOWN and not item then -- reveals that never came
		local asked = 0
		for _, seat in ipairs(current.seats) do
			if in_hand(current, seat.name) and current.shown[seat.name] == nil then
				Comm.send("AGAIN", { table = session.id, hand = session.hands, step = "show", player = seat.name })
				asked = asked + 1
			end
		end
		return asked > 0
	end
end

-- Asked again for this player's commitment or reveal for this hand, as it sent it: only it
-- sends it again. True if the ask was for one of these.
local function again(asked)
	local number = asked.hand
	if asked.player == Comm.me() and number == session.hands and asked.step == "commit" then
		local mine = heard(number)[Comm.me()]
		if mine then Comm.send("ACT", { table = session.id, op = "commit", amount = number, target = mine }) end
		return true
	elseif asked.player == Comm.me() and number == session.hands and asked.step == "show" then
		local reveal = revealed(number)[Comm.me()]
		if reveal then
			Comm.send("ACT", { table = session.id, op = "show", amount = number, target = reveal[1],
				dice = reveal[2] })
		end
		return true
	end
	return false
end

------------------------------------------------------------------------------
-- What the host's heartbeat (core/Heartbeat.lua) carries of hold'em, and what a client does
-- with it.

-- "s" and a flag per seat of the hand: whose commitments (or reveals) the host has.
local function seat_flags(current, has)
	local flags = { "s" }
	for i, seat in ipairs(current.seats) do flags[i + 1] = has(seat.name) and "1" or "0" end
	return table.concat(flags)
end

-- The host's: how many streets are rolled, whose commitments (while the set is open) or
-- reveals (at the showdown) it has, the hand over, the seed, the banks' digest.
function Game.where()
	local current = hand()
	local in_play = current and current.phase ~= Phase.OVER
	local commits, shown = "", ""
	if in_play and not session.fair.set_hash then
		commits = seat_flags(current, function(name) return heard(session.hands)[name] end)
	elseif in_play and current.phase == Phase.SHOWDOWN then
		shown = seat_flags(current, function(name) return current.shown[name] ~= nil end)
	end
	return { streets = in_play and #current.community or 0, commits = commits, shown = shown,
		over = not in_play and "over" or nil, seed = session.fair.seed, banks = banks_digest() }
end

-- A client's, of the host's beat: true if it dropped its copy for the host's record.
function Game.host_beat(sender, at)
	local hands = at.hands
	-- The seed this client saw rolled binds here, whatever the host's is: no word (nor
	-- a vote) replaces it. A differing one is named, once a hand.
	local seed = session.fair.seed
	if hands == session.hands and seed and at.seed and tostring(seed) ~= at.seed
		and session.seed_named ~= hands then
		session.seed_named = hands
		Game.say(L.SEED_DIFFERS:format(short(sender), hands))
	end
	-- No hand in play on either side (the same one over, or none yet), but other banks: the
	-- host's record rules.
	local current = hand()
	if hands == session.hands and at.over == "over" and (not current or current.phase == Phase.OVER)
		and at.banks and at.banks ~= banks_digest() then
		resync()
		return true
	end
	return false
end

-- This player's commitment or reveal the host's beat shows it lacks: sent again (`resend`).
function Game.send_again(at, resend)
	local hands, me = at.hands, Comm.me()
	local flag -- this player's flag in the host's (its hand may be over here already)
	for i, seat in ipairs(hand().seats) do
		if seat.name == me then flag = i + 1 end
	end
	local mine = heard(hands)[me]
	if flag and mine and (at.commits or ""):sub(flag, flag) == "0" then
		resend("ACT", { table = session.id, op = "commit", amount = hands, target = mine })
	end
	local reveal = revealed(hands)[me]
	if flag and reveal and session.mode == "guided" and (at.shown or ""):sub(flag, flag) == "0" then
		resend("ACT", { table = session.id, op = "show", amount = hands, target = reveal[1],
			dice = reveal[2] })
	end
end

------------------------------------------------------------------------------
-- The rest of the interface.

local function live()
	local engine = session and session.engine
	local current = engine and engine.hand
	return current and current.phase ~= Phase.OVER and current or nil
end

-- Hold'em's steps as one (the record's drain asks each of its steps at least twice a message):
-- each looks first whether it has anything to do (the set open, the showdown).
local function next_fair_step()
	return next_commit() or next_show()
end
Game.steps = { next_fair_step }
Game.live = live
-- Whose turn it is, if a turn is awaited (a guided hand's betting); nil otherwise.
function Game.to_act()
	local engine = session and session.engine
	local current = engine and engine.hand
	return current and current.phase == Phase.BETTING and current:to_act() or nil
end
-- The stage the hand in play waits at (core/Takeover.lua's deadlines and timeouts): "deal"
-- (the players' commitments), "roll" (the seed or a street), "turn" (a bet), "showdown" (the
-- reveals); nil with no hand in play.
function Game.stage()
	local current = live()
	if not current then return nil end
	if not session.fair.set_hash then return "deal" end
	if not session.fair.seed or current.phase == Phase.ROLL then return "roll" end
	if current.phase == Phase.SHOWDOWN then return "showdown" end
	return "turn"
end
-- Whom the hand in play waits on at its stage, in seat order: at the deal, the players in the
-- hand with no commitment yet; at the showdown, those in it who have not shown; at a turn, the
-- player to act (a roll's roller is roller()). Empty with no hand in play.
function Game.awaited()
	local stage, current, names = Game.stage(), hand(), {}
	if stage == "turn" then names[1] = Game.to_act() end
	for _, seat in ipairs(stage and current.seats or {}) do
		if in_hand(current, seat.name) and (stage == "deal" and not session.fair.commits[seat.name]
			or stage == "showdown" and not current.shown[seat.name]) then
			names[#names + 1] = seat.name
		end
	end
	return names
end
-- A shared roll's dice as a message gives them (a street, replayed: core/CatchUp.lua): nil
-- unless the rules have that street and the text has as many dice as it takes.
function Game.shared_dice(index, text)
	local wanted = ns.Rules.deal.community[index or 0]
	local dice = text and Dice.decode(text)
	if wanted and dice and #dice == wanted then return dice end
end
function Game.nonce() return Fair.new_nonce() end -- a turn's (a street's range comes from it)
function Game.streets()
	local engine = session and session.engine -- (live(), read in place: every turn asks)
	local current = engine and engine.hand
	return current and current.phase ~= Phase.OVER and #current.community or 0
end
function Game.max_players() return session.engine.config.max_players end
-- A turn (core/Record.lua): its dice, which only a draw game's turn has, are never taken.
function Game.act(player, op, amount) return engine_act(player, op, amount) end
function Game.turn_taken(events)
	after(events)
	-- (maybe_close looks first whether the set is closed, as it is at every turn: asked here.)
	if session and not session.fair.set_hash then maybe_close() end
end
-- (Only ever inside the record's drain, after a turn: a guided hand still betting has no
-- street to take and no roll due, its seed bound before the betting opened, so nothing to do.)
function Game.settle()
	local current = session.engine and session.engine.hand
	if current and current.phase == Phase.BETTING and session.mode == "guided" then return end
	apply_rolls()
end
function Game.timeout_op() return HoldemFlow.timeout_op(hand()) end
Game.own_word, Game.host_request = heard_request, host_request
Game.order_waits, Game.apply_order, Game.behind = order_waits, apply_order, behind
function Game.gap()
	-- (This hand's reveals read in place, not made: every message asks.)
	local reveals = session.revealed[session.hands]
	return session.engine.hand.phase == Phase.BETTING and reveals ~= nil and next(reveals) ~= nil
end
Game.ask_for, Game.asked_again = ask_for, again

Session.use(Game)
