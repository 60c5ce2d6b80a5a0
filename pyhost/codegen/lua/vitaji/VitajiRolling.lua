-- One round's rolling phase in Vitaji: the twin of pyhost/engine/vitaji/rolling.py. In order
-- each player still in rolls once; then, in the same order, the player to act rerolls (the new
-- result stands, even when lower; the turn stays with him) or passes; the round is over when
-- everyone still in has passed in succession. A player with no rerolls left passes by himself.
local _, ns = ...

local copy = ns.VitajiWords.copy

local Rolling = {}
Rolling.__index = Rolling
ns.VitajiRolling = Rolling

-- rerolls: the game's budgets by name, spent here.
function Rolling.new(order, rerolls)
	local self = setmetatable({ order = copy(order), rerolls = rerolls, rolls = {}, turn = 1,
		rerolling = false, passes = 0, auto_passed = {} }, Rolling)
	for _, name in ipairs(order) do self.rolls[name] = {} end
	return self
end

function Rolling:closed() return self.rerolling and self.passes >= #self.order end
function Rolling:to_act()
	if self:closed() then return nil end
	return self.order[self.turn]
end

function Rolling:legal(name)
	if name ~= self:to_act() then return {} end
	if self.rerolling then return { "reroll", "pass" } end
	return { "roll" }
end

function Rolling:result(name)
	local rolls = self.rolls[name]
	return rolls[#rolls]
end

function Rolling:next() self.turn = self.turn % #self.order + 1 end

-- Pass for whoever is to act with no rerolls left.
function Rolling:skip()
	while not self:closed() and self.rerolls[self.order[self.turn]] == 0 do
		self.auto_passed[#self.auto_passed + 1] = self.order[self.turn]
		self.passes = self.passes + 1
		self:next()
	end
end

function Rolling:roll(name, face)
	local rolls = self.rolls[name]
	rolls[#rolls + 1] = face
	self.turn = self.turn + 1
	if self.turn > #self.order then
		self.rerolling, self.turn = true, 1
		self:skip()
	end
end

function Rolling:reroll(name, face)
	local rolls = self.rolls[name]
	rolls[#rolls + 1] = face
	self.rerolls[name] = self.rerolls[name] - 1
	self.passes = 0
	self:skip()
end

function Rolling:pass()
	self.passes = self.passes + 1
	self:next()
	self:skip()
end
