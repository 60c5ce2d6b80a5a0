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

-- Hashes are cheap only while short (a 64-byte block costs ~350 `bit` calls), so what goes into
-- one is packed: 64 hex digits (a secret, a commitment, the set hash) as their 32 bytes,
-- anything else (a cheat's odd text) as it is.
-- (Each pair of hex digits, either case, to its byte: a table gsub reads, with no call a pair.)
local HEX64 = "^" .. ("%x"):rep(64) .. "$"
local BYTE = {}
for high in ("0123456789abcdefABCDEF"):gmatch(".") do
	for low in ("0123456789abcdefABCDEF"):gmatch(".") do
		BYTE[high .. low] = string.char(tonumber(high .. low, 16))
	end
end
local function packed(text)
	if not text:find(HEX64) then return text end
	return (text:gsub("%x%x", BYTE))
end

-- SHA-256("commit|" .. the secret's 32 bytes): one block.
function Fair.commitment(secret)
	return Sha256.hex("commit|" .. packed(secret))
end

-- The set's hash: every commitment, in seat order, each as its first 16 bytes (a length byte
-- before each: an odd one cannot pass for two). The hash binds the hand's dice and ranges to
-- the set; a reveal is still checked against the whole commitment its player sent.
function Fair.set_hash(commitments)
	local parts = {}
	for i, commitment in ipairs(commitments) do
		local piece = packed(commitment):sub(1, 16)
		parts[i] = string.char(#piece) .. piece
	end
	return Sha256.hex(table.concat(parts))
end

-- The hand's key, SHA-256("key|" .. the set hash's 32 bytes .. "|" .. the hand id): the
-- ranges and the dice hash it (32 bytes) in place of the set hash and the hand id, so each of
-- those hashes is one block or two. Kept for the last hand asked: two hashes a client a hand.
local key_of, key = nil, nil
local function hand_key(set_hash, hand_id)
	local of = tostring(set_hash) .. "|" .. tostring(hand_id)
	if of ~= key_of then
		key_of, key = of, Sha256.digest("key|" .. packed(tostring(set_hash)) .. "|" .. tostring(hand_id))
	end
	return key
end

-- The low end of a roll range `width` wide, from the first 4 bytes of
-- SHA-256(hand key .. label .. "|" .. nonce): one block.
local function offset(set_hash, hand_id, label, nonce, width)
	local digest = Sha256.digest(hand_key(set_hash, hand_id) .. label .. "|" .. tostring(nonce))
	local b1, b2, b3, b4 = digest:byte(1, 4)
	return 1 + (((b1 * 256 + b2) * 256 + b3) * 256 + b4) % (Fair.MAX_ROLL - width + 1)
end

-- The range of the seed roll: SEED_WIDTH wide, at an offset from the hand's key (the set's
-- hash and the hand id) and the nonce of the host's close ("seed"). Nobody knows it before
-- the close exists, so no roll made before then (a dice addon's, anyone's own /roll) can be
-- taken for the seed but by chance. The seed is the roll less the range's low end: 0 to
-- SEED_WIDTH - 1.
function Fair.seed_range(set_hash, hand_id, nonce)
	local low = offset(set_hash, hand_id, "seed", nonce, Fair.SEED_WIDTH)
	return low, low + Fair.SEED_WIDTH - 1
end

-- The range of a guided table's street (1-based) of `count` dice: exactly faces^count wide, at
-- an offset from the hand's key, the street ("st1" ...) and the nonce of the turn that closed
-- the betting before it (or of the close): nobody knows it before that turn exists.
function Fair.street_range(set_hash, hand_id, street, nonce, count)
	local width = FACES ^ count
	local low = offset(set_hash, hand_id, "st" .. tostring(street), nonce, width)
	return low, low + width - 1
end

-- `count` faces from the hash stream SHA-256(secret's 32 bytes .. hand key .. seed "|" name "|"
-- block), block 0, 1, ... (two blocks each), each byte kept only below the largest multiple of
-- the number of faces: no face more likely than another.
function Fair.dice(secret, seed, hand_id, name, set_hash, count)
	local limit = 256 - 256 % FACES
	local out, block = {}, 0
	local head = packed(secret) .. hand_key(set_hash, hand_id) .. tostring(seed) .. "|" .. name .. "|"
	while #out < count do
		local digest = Sha256.digest(head .. tostring(block))
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
