-- Vitaji's score: the twin of pyhost/engine/vitaji/scoring.py. The sum of the rounds, with the
-- triple's bonuses, and the sweep.
local _, ns = ...

local Score = {}
ns.VitajiScore = Score

local contains = ns.Lists.index

-- What one round adds to `name`'s score: the result that stood (twice, when a triple doubled
-- it), and the result again when a triple's bonus added it.
function Score.round_value(name, record)
	local rolls = record.rolls[name]
	local face = rolls[#rolls]
	local value = contains(record.doubled, name) and 2 * face or face
	return value + (record.bonus[name] == "add" and face or 0)
end

function Score.score_of(name, records)
	local sum = 0
	for _, record in ipairs(records) do
		local rolls = record.rolls[name]
		if rolls and #rolls > 0 then sum = sum + Score.round_value(name, record) end
	end
	return sum
end

-- Whether the latest round makes a triple: the same number three rounds running. A run makes
-- one triple for each three rounds of it (six running are two triples, not four).
function Score.triple_now(faces)
	local run, n = 1, #faces
	while run < n and faces[n - run] == faces[n] do run = run + 1 end
	return run % 3 == 0
end

-- The same number every round.
function Score.sweeps(faces)
	if #faces == 0 then return false end
	for _, face in ipairs(faces) do if face ~= faces[1] then return false end end
	return true
end
