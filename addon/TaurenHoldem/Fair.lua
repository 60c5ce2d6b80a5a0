-- Fair hidden dice.
--
-- The deal command makes a secret and sends only its commitment (a hash).
-- When everyone still in the hand has committed, the host closes the set with one hash of
-- all commitments and a nonce, and a player other than the host makes one seed roll with the
-- server's /roll, of a range the set's hash, the hand and that nonce give (Fair.seed_range;
-- who rolls: Rollers.lua). A player's dice then follow from a hash of their secret, the seed,
-- the hand, their full name and the set's hash: nobody can choose them (the seed comes after
-- the commitment: no roll made before the close can match its range but by chance), and
-- nobody can see them before the reveal (the secret never travels until then).
-- At the showdown every client checks the secret of each pot's winner against the commitment
-- and the dice against it (a losing reveal, true or false, wins nothing either way).
local _, ns = ...

local Sha256, Comm = ns.Sha256, ns.Comm
local FACES = #ns.Rules.faces

local Fair = {}
ns.Fair = Fair
-- The seed roll's width, and the largest roll the server makes.
Fair.SEED_WIDTH, Fair.MAX_ROLL = 500000, 1000000

local made = 0

-- At least 128 bits from several sources (WoW's math.random quality is unknown), hashed.
function Fair.new_secret()
	made = made + 1
	local parts = {}
	for i = 1, 4 do parts[i] = math.random(1, 2147483647) end
	parts[5] = math.floor(GetTime() * 1000 + 0.5)
	parts[6] = time()
	parts[7] = Comm.me()
	parts[8] = made
	return Sha256.hex(table.concat(parts, ":"))
end

-- A nonce for a message that closes a roll's moment (the host's close, a betting turn): 16 hex
-- digits from math.random and the clock, drawn as the message goes, so nobody can know it
-- before the message exists. (No hash: a turn costs none.)
function Fair.new_nonce()
	local ms = math.floor(GetTime() * 1000 + 0.5)
	return ("%08x%08x"):format(math.random(0, 2147483647),
		(math.random(0, 2147483647) + ms) % 2147483648)
end

function Fair.commitment(secret)
	return Sha256.hex("commit|" .. secret)
end

-- The set's hash: every commitment, in seat order.
function Fair.set_hash(commitments)
	return Sha256.hex(table.concat(commitments, "|"))
end

-- The low end of a roll range `width` wide, from the first 8 hex digits (8, as Lua 5.1's
-- tonumber reads them into a C long) of the SHA-256 of `parts` joined by "|".
local function offset(parts, width)
	local number = tonumber(Sha256.hex(table.concat(parts, "|")):sub(1, 8), 16) or 0
	return 1 + number % (Fair.MAX_ROLL - width + 1)
end

-- The range of the seed roll: SEED_WIDTH wide, at an offset from the set's hash, the hand id
-- and the nonce of the host's close. Nobody knows it before the close exists, so no roll made
-- before then (a dice addon's, anyone's own /roll) can be taken for the seed but by chance.
-- The seed is the roll less the range's low end: 0 to SEED_WIDTH - 1.
function Fair.seed_range(set_hash, hand_id, nonce)
	local low = offset({ "seed", tostring(set_hash), tostring(hand_id), tostring(nonce) },
		Fair.SEED_WIDTH)
	return low, low + Fair.SEED_WIDTH - 1
end

-- The range of a guided table's street (1-based) of `count` dice: exactly faces^count wide, at
-- an offset from the set's hash, the hand id, the street and the nonce of the turn that closed
-- the betting before it (or of the close): nobody knows it before that turn exists.
function Fair.street_range(set_hash, hand_id, street, nonce, count)
	local width = FACES ^ count
	local low = offset({ "street", tostring(set_hash), tostring(hand_id), tostring(street),
		tostring(nonce) }, width)
	return low, low + width - 1
end

-- `count` faces from the hash stream, each byte kept only below the largest multiple of the
-- number of faces: no face more likely than another.
function Fair.dice(secret, seed, hand_id, name, set_hash, count)
	local limit = 256 - 256 % FACES
	local out, block = {}, 0
	while #out < count do
		local digest = Sha256.digest(table.concat({ secret, tostring(seed), hand_id, name,
			set_hash, tostring(block) }, "|"))
		for i = 1, #digest do
			local byte = digest:byte(i)
			if byte < limit then
				out[#out + 1] = byte % FACES + 1
				if #out == count then break end
			end
		end
		block = block + 1
	end
	return out
end

-- Do these dice follow from this secret, which must match the player's commitment?
function Fair.check(commitment, secret, dice, seed, hand_id, name, set_hash)
	if type(secret) ~= "string" or Fair.commitment(secret) ~= commitment then return false end
	local expected = Fair.dice(secret, seed, hand_id, name, set_hash, #dice)
	for i = 1, #dice do
		if expected[i] ~= dice[i] then return false end
	end
	return #dice > 0
end
