-- Team Vitaji at the table: how teams are formed before a game, and how the host's start deals
-- them. Each player names his own team (/vteam NAME: an ACT team, heard by every client);
-- the host's DO start carries the teams of the game's seats, in their order, as its target,
-- so every client deals the same game (one that missed a word, or catches up, included). A
-- client deals a start only if it gives each player a team he named himself since the last
-- game began, as far as this client heard him: a host cannot put a player in a team he never
-- asked for (nobody can ask for another: the server stamps an ACT's sender). A word in a game
-- counts from the next: a game keeps the teams it was dealt. Loads after VitajiGame.lua.
local _, ns = ...

local L, RULES, DrawTable, Session, Comm, Text = ns.L, ns.Rules, ns.DrawTable, ns.Session, ns.Comm, ns.Text
local Game, actions = ns.VitajiGame, ns.DrawSlash.actions
local SIZE = RULES.teams.team_size
local say, short = Session.say, Session.short

local Teams = {}
ns.VitajiTeams = Teams

-- [player] = { team = the last he named (or was dealt in), said = { [team] = true } that he
-- named, heard here, since the last game began (nil: none heard) }, for one table
-- (`words_at`); kept past a dropped copy (a resync), as Witness.lua keeps moves.
local words, words_at = {}, nil
local function words_of(id)
	if words_at ~= id then words, words_at = {}, id end
	return words
end

local function heard(id, player, team)
	local kept = words_of(id)
	local entry = kept[player] or {}
	kept[player] = entry
	entry.said = entry.said or {}
	entry.team, entry.said[team] = team, true
end

-- A team's name: up to 16 bytes, no spaces, commas, '|', '=' or control bytes (the start's
-- target lists them with commas).
local function valid(team)
	return type(team) == "string" and #team <= 16 and team:match("^[^%s%c,|=]+$") ~= nil
end
Teams.valid = valid

-- What a word says: "X joins team T." (mid-game: from the next game; the game in play keeps
-- the teams it was dealt).
local function joined(player, team)
	local session = DrawTable.session()
	if DrawTable.live() then
		say(L.TEAM_NEXT:format(short(player), Text.safe(team), session.hands))
	else
		say(L.TEAM_JOINED:format(short(player), Text.safe(team)))
	end
end

-- A seated player's own word, heard here: op "team" (target: the team). True: nothing more is
-- done with it (a bad one changes nothing).
function Game.own_word(sender, op, request)
	if op ~= "team" then return false end
	if SIZE == 1 or not valid(request.target) then return true end
	heard(DrawTable.session().id, sender, request.target)
	joined(sender, request.target)
	return true
end

-- The host's start: the teams of `seats` in their order, as the players named them; or nil and
-- why not (a seat with no team). Nil without teams.
function Game.start_target(seats)
	if SIZE == 1 then return nil end
	local kept, out, missing = words_of(DrawTable.session().id), {}, {}
	for i, seat in ipairs(seats) do
		local entry = kept[seat.name]
		out[i] = entry and entry.team
		if not entry then missing[#missing + 1] = short(seat.name) end
	end
	if #missing > 0 then return nil, L.NO_TEAM:format(table.concat(missing, ", ")) end
	return table.concat(out, ",")
end

-- The teams a start deals (name -> team, for Vitaji.new: it refuses what the rules do), or nil
-- and why this client does not deal it: a team its player did not name, as heard here.
function Teams.dealt(seats, target)
	if SIZE == 1 or type(target) ~= "string" then return nil end
	local session, teams, at = DrawTable.session(), {}, 0
	local kept = words_of(session.id)
	for team in (target .. ","):gmatch("([^,]*),") do
		at = at + 1
		local seat = seats[at]
		if seat and team ~= "" then
			teams[seat.name] = team
			local entry = kept[seat.name]
			if entry and entry.said and not entry.said[team] then
				return nil, L.NOT_THEIR_TEAM:format(short(session.host), session.hands, short(seat.name),
					Text.safe(team), Text.safe(entry.team))
			end
		end
	end
	if at ~= #seats then teams[""] = "?" end -- (a list of the wrong length: the engine refuses)
	return teams
end

-- A game dealt: what each said before it is spent, but for his team in it and his last word
-- (one that crossed the start on the way counts for the next game). A player heard from
-- nothing here keeps the start's team, the host's word, for the next game too.
function Teams.started(game)
	if SIZE == 1 then return end
	local id = DrawTable.session() and DrawTable.session().id
	if not id then return end
	local kept = words_of(id)
	for name, team in pairs(game.team_of) do
		local entry = kept[name]
		if entry and entry.said then
			entry.said = { [team] = true, [entry.team] = true }
		else
			kept[name] = { team = team }
		end
	end
end

-- "Teams: Red 12 (Skoll, Ada), Blue 9 (Riggs, Bo); no team: Cy": in a game its teams and
-- scores (a dropped player in brackets), else the teams named so far, in seat order.
function Teams.line(session)
	local round = DrawTable.live()
	local game = round and round.game
	local kept, order, members, loose = words_of(session.id), {}, {}, {}
	for _, name in ipairs(session.seats) do
		local team = game and game.team_of[name] or not game and kept[name] and kept[name].team
		if team then
			if not members[team] then order[#order + 1], members[team] = team, {} end
			local shown = short(name)
			if game and game:is_out(name) then shown = "(" .. shown .. ")" end
			members[team][#members[team] + 1] = shown
		elseif not game then
			loose[#loose + 1] = short(name)
		end
	end
	local parts = {}
	for i, team in ipairs(order) do
		local score = game and (" %d"):format(game:team_score(team)) or ""
		parts[i] = ("%s%s (%s)"):format(Text.safe(team), score, table.concat(members[team], ", "))
	end
	local line = L.TEAMS:format(#parts > 0 and table.concat(parts, ", ") or L.NO_TEAMS_YET)
	if #loose > 0 then line = line .. L.NO_TEAM_YET:format(table.concat(loose, ", ")) end
	return line
end

------------------------------------------------------------------------------
-- The command: /LONG team NAME joins (or names) a team; /LONG team alone shows them. The
-- status shows them too.

function actions.team(args)
	local session = DrawTable.session()
	if SIZE == 1 then say(L.NOT_IN_TEAMS) return end
	if not session then say(L.NO_TABLE) return end
	if #args == 0 then say(Teams.line(session)) return end
	if not Session.seated(Comm.me()) then say(L.NOT_SEATED:format(short(session.host))) return end
	if #args > 1 or not valid(args[1]) then
		say(L.TEAM_USAGE:format(Text.safe(table.concat(args, " "))))
		return
	end
	heard(session.id, Comm.me(), args[1])
	Comm.send("ACT", { table = session.id, op = "team", target = args[1] })
	joined(Comm.me(), args[1])
end

local table_status = actions.status
function actions.status(args)
	local session = DrawTable.session()
	if SIZE > 1 and session then say(Teams.line(session)) end
	table_status(args)
end
