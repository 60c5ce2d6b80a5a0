-- Who rolls what, and in which range, at a table (the "early roll" rule). Every roll the deal
-- takes from the server (the seed, then each street) has its moment: the message that closed
-- what came before it. The host's close (DO close) is the seed's; the turn that closed the
-- betting before a street is that street's (with no turn yet, the close). That message carries
-- a nonce its sender drew (Fair.new_nonce), and the roll's range comes from the hand's record
-- with it (Fair.seed_range, Fair.street_range): nobody knows the range before the message
-- exists, so a roll made before it hits the range only by chance. And its sender never rolls:
-- the roller is the dealer (or whoever the host named to deal on), unless that is who sent it;
-- then the next player dealt in after them who is connected (every client finds the same). A
-- manual table's streets keep their fixed ranges (Dice.street_range), rolled by the dealer.
local _, ns = ...

local Phase = ns.Holdem.Phase
local Fair, Dice = ns.Fair, ns.Dice
local RULES = ns.Rules

local Rollers = {}
ns.Rollers = Rollers

local STREET_INDEX = {} -- a street's name -> its index (the first, were one named twice)
for i = #RULES.deal.streets, 1, -1 do STREET_INDEX[RULES.deal.streets[i]] = i end
local function street_index(name)
	return STREET_INDEX[name]
end
Rollers.street_index = street_index

-- What roll the hand waits on now: "seed", a street's index (at a guided table), or nil.
function Rollers.due(session, current)
	if not current or current.phase == Phase.OVER then return nil end
	local fair = session.fair
	if fair.set_hash and not fair.seed then return "seed" end
	if session.mode == "guided" and current.phase == Phase.ROLL and current:next_street() then
		return street_index(current:next_street())
	end
end

-- The moment a roll follows, from the hand's record: the nonce of the message that closed it,
-- and who sent it (a turn's sender: the player, or the host acting for them, as `by` says; the
-- close's: the host that sent it). The seed's is the close, a street's the last turn (or the
-- close, with no turn yet).
function Rollers.moment(session, key)
	for i = #session.log, 1, -1 do
		local entry = session.log[i]
		if entry[1] == "TURN" and key ~= "seed" then
			return entry[2].nonce or "", entry[2].by or entry[2].player
		elseif entry[1] == "DO" and entry[2].op == "close" then
			return entry[2].nonce or "", entry[2].player or session.fair.closer or session.host
		end
	end
	return "", session.host
end

-- The range of the roll `key` ("seed", or a street's index) now due: low, high. Kept for the
-- hand once found (its moment is in the record for good), so a roll costs one hash.
function Rollers.range(session, key)
	local hand_id = session.id .. "#" .. session.hands
	if key ~= "seed" and session.mode ~= "guided" then
		return Dice.street_range(session.id, session.hands, key, RULES.deal.community[key])
	end
	local known = session.fair.ranges[key]
	if known then return known[1], known[2] end
	local nonce = Rollers.moment(session, key)
	local low, high
	if key == "seed" then
		low, high = Fair.seed_range(session.fair.set_hash, hand_id, nonce)
	else
		low, high = Fair.street_range(session.fair.set_hash, hand_id, key, nonce,
			RULES.deal.community[key])
	end
	session.fair.ranges[key] = { low, high }
	return low, high
end

-- The first player dealt in after `after` (in the hand's seat order) who is not `closer`,
-- connected if any is: who stands in for a roller.
function Rollers.stand_in(session, current, after, closer)
	local seats, fallback = current.seats, nil
	local at = ns.Pots.find(seats, after) or current.dealer -- (a hand seats each name once)
	for step = 1, #seats do
		local name = seats[(at - 1 + step) % #seats + 1].name
		if name ~= closer and name ~= after and session.fair.commits[name] then
			if ns.Takeover.connected(name) then return name end
			fallback = fallback or name
		end
	end
	return fallback or after
end

-- Who rolls what is due now (or, with nothing due, who would: the dealer, or whoever the host
-- named to deal on). Found once a roll (its moment's sender and who is connected then), so
-- every client keeps the same roller for it.
function Rollers.roller(session, current)
	if not current then return nil end
	local base = session.fair.named or current:dealer_name()
	local key = Rollers.due(session, current)
	if key == nil or (key ~= "seed" and session.mode ~= "guided") then return base end
	local found = session.fair.rollers[key]
	if found then return found end
	local _, closer = Rollers.moment(session, key)
	found = base ~= closer and base or Rollers.stand_in(session, current, base, closer)
	session.fair.rollers[key] = found
	return found
end

-- Who stands in for the roller now (the roll timed out, or the roller is gone): the next
-- player dealt in after them, never the sender of the roll's moment.
function Rollers.next_roller(session, current)
	local key = Rollers.due(session, current)
	local closer = key and select(2, Rollers.moment(session, key))
	return Rollers.stand_in(session, current, Rollers.roller(session, current), closer)
end

-- The width of a roll of that key (what a line must have to be kept for it).
function Rollers.width(key)
	if key == "seed" then return Fair.SEED_WIDTH end
	return (#RULES.faces) ^ RULES.deal.community[key]
end

-- Whether a roll line of this range could be for any roll of the hand: the seed's width, or a
-- street's.
function Rollers.rolls_width(low, high)
	local width = high - low + 1
	if width == Fair.SEED_WIDTH then return true end
	for index in ipairs(RULES.deal.community) do
		if width == Rollers.width(index) then return true end
	end
	return false
end

-- The first line kept (in the order they came) by the roller of what is due (or by a roller
-- replaced for it: `fair.dealt`), of exactly its range. Lines of the width in any other range
-- never bind, and are no retry: the roll is still due, from the same roller.
function Rollers.find(session, key, roller)
	local name, width, any = Ambiguate(roller, "short"), Rollers.width(key), false
	for _, line in ipairs(session.fair.pending) do
		any = any or not line.used and line[3] - line[2] + 1 == width
	end
	if not any then return nil end -- (no line to bind yet: no hash for its range)
	local low, high = Rollers.range(session, key)
	for _, line in ipairs(session.fair.pending) do
		if not line.used and line[2] == low and line[3] == high
			and (line[4] == name or session.fair.dealt[line[4]]) then
			line.used = true
			return line, low
		end
	end
end
