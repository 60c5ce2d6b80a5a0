-- The banks a table keeps across hands, and the bank commands every player has (give, reset):
-- one piece for each game's table class. A table holds `seats` (each { name =, bank =, ... }),
-- `config.starting_bank` and its `events`; what differs by game, the table's class hands in.
local addonName, ns = ... -- luacheck: ignore 211/addonName

local format = string.format

local Banks = {}
ns.Banks = Banks

-- The bank commands, by the action a player's command names.
Banks.COMMANDS = {
	give = function(tbl, name, amount, target) return tbl:give(name, target, amount) end,
	reset = function(tbl, name) return tbl:reset(name) end,
}
local COMMANDS = Banks.COMMANDS

-- Give the table class `Table` the seat lookups, act, banks(), give and reset. `with`:
--   find(table, name) -> the seat's index or nil; move(seat, chips) adds chips (any sign) to
--   a seat's bank, as the game keeps account of banks moved; chips_arg(amount, what) -> chips,
--   or nil and why;
--   str(number) and repr(value) for the refusals' words;
--   in_live_pot(table, seat, doing) -> why the seat cannot do it now, or nil.
function Banks.into(Table, with)
	local find, move, chips_arg, str, repr, in_live_pot =
		with.find, with.move, with.chips_arg, with.str, with.repr, with.in_live_pot

	local function nobody(name) return format("nobody named %s sits at this table", repr(name)) end

	function Table:_index(name)
		local index = find(self, name)
		if index then return index end
		return nil, nobody(name)
	end

	function Table:seat(name)
		local index, err = self:_index(name)
		if not index then return nil, err end
		return self.seats[index]
	end

	-- Any player's command: a bank command, else an action of the hand in play. Returns the
	-- events, or nil and why the rules refuse it (and then nothing has changed).
	function Table:act(name, action, amount, dice, target)
		local command = COMMANDS[action]
		if command then return command(self, name, amount, target) end
		if not find(self, name) then return nil, nobody(name) end -- (every action: no _index call)
		if not self.hand then
			return nil, format("%s cannot %s: no hand has been dealt", name, str(action))
		end
		return self.hand:act(name, action, amount, dice, target)
	end

	-- name -> bank
	function Table:banks()
		local banks = {}
		for _, seat in ipairs(self.seats) do banks[seat.name] = seat.bank end
		return banks
	end

	-- Move chips from one bank to another (side deals, corrections).
	function Table:give(name, target, amount)
		local giver, err = self:seat(name)
		if not giver then return nil, err end
		if type(target) ~= "string" then
			return nil, name .. " must name who to give to (a target)"
		end
		local receiver
		receiver, err = self:seat(target)
		if not receiver then return nil, err end
		local chips
		chips, err = chips_arg(amount, "amount to give")
		if not chips then return nil, err end
		if receiver == giver then return nil, name .. " cannot give chips to themselves" end
		err = in_live_pot(self, giver, "give chips")
		if err then return nil, err end
		if chips > giver.bank then
			return nil, format("%s cannot give %s: only %s in the bank", name, str(chips),
				str(giver.bank))
		end
		move(giver, -chips)
		move(receiver, chips)
		return self:_say({ kind = "give", text = format("%s gives %s to %s", name, str(chips), target),
			player = name, chips = chips, dice = {}, details = { target = target } })
	end

	-- Buy back in: the bank goes back to the starting bank.
	function Table:reset(name)
		local seat, err = self:seat(name)
		if not seat then return nil, err end
		err = in_live_pot(self, seat, "reset their bank")
		if err then return nil, err end
		local was = seat.bank
		move(seat, self.config.starting_bank - was)
		return self:_say({ kind = "reset", text = format("%s's bank is reset to %s (was %s)", name,
			str(seat.bank), str(was)), player = name, chips = seat.bank - was, dice = {}, details = {} })
	end

	function Table:_say(event)
		self.events[#self.events + 1] = event
		return { event }
	end
end
