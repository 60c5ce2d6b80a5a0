-- Restricted content (WoW 12.x: an encounter, a Mythic+ run, a PvP match, a restricted map).
--
-- There the game locks chat down: chat and system lines (roll lines too) reach addons as
-- secret values, which raise when indexed or compared, and addon messages may be refused or
-- dropped. So every value an event may make secret is asked about before it is read
-- (`Restricted.secret`), and while this player is restricted the table pauses here: this
-- client reads no roll line, rolls nothing by itself and acts for nobody by a deadline, and
-- once out it catches up (a seat takes the host's snapshot; the host hears again what its
-- players repeat). It tells the table as the restriction starts, while it still may (AWAY):
-- the others wait for it, up to AWAY_GRACE seconds once a hand, and roll nothing while the
-- host is away. Flavours without secret values never pause.
local _, ns = ...

local L = ns.L

local Restricted = { paused = false, kinds = {}, unread = 0, resumes = {} }
ns.Restricted = Restricted
local AWAY_GRACE = 300
Restricted.AWAY_GRACE = AWAY_GRACE

-- Tell the table this seat is in restricted content (on) or out of it.
local function tell(on)
	local session = ns.Session.current()
	if session then ns.Comm.send("AWAY", { table = session.id, on = on }) end
end

-- issecretvalue where the game has it; without it nothing is secret.
local issecret, anysecret = issecretvalue, hasanysecretvalues
function Restricted.secret(value)
	return issecret ~= nil and issecret(value) == true
end

-- (Asked of every addon message's arguments that are read: one call where the game has one for all.)
function Restricted.any_secret(...)
	if issecret == nil then return false end
	if anysecret then return anysecret(...) == true end
	for i = 1, select("#", ...) do
		if issecret((select(i, ...))) == true then return true end
	end
	return false
end

-- The restriction types that lock chat down (SecretInChatMessagingLockdown), each with the
-- words the player reads; Combat does not.
local NAMES = { Encounter = L.IN_ENCOUNTER, ChallengeMode = L.IN_CHALLENGE, PvPMatch = L.IN_PVP,
	Map = L.IN_MAP, Chat = L.IN_LOCKDOWN }
local LOCKING, INACTIVE = {}, 0
if Enum and Enum.AddOnRestrictionType then
	for name, words in pairs(NAMES) do
		local number = Enum.AddOnRestrictionType[name]
		if number then LOCKING[number] = words end
	end
	INACTIVE = Enum.AddOnRestrictionState and Enum.AddOnRestrictionState.Inactive or 0
end

-- Run once the restriction lifts (the flow's own: a roll this client owes, say).
function Restricted.on_resume(fn) Restricted.resumes[#Restricted.resumes + 1] = fn end

local function resume()
	local Session, Comm = ns.Session, ns.Comm
	local session = Session.current()
	Session.say(L.RESTRICTED_RESUME)
	Restricted.unread = 0
	tell(false)
	if session and session.host ~= Comm.me() then
		-- What it missed: the host's snapshot, replayed quietly (and then it rolls, acts and
		-- reveals as any client caught up does).
		return ns.Record.resync()
	end
	if session then ns.Takeover.arm_timeout() end -- its deadlines, from now: it saw nobody act
	for _, fn in ipairs(Restricted.resumes) do fn() end
end

-- ADDON_RESTRICTION_STATE_CHANGED, or a look at the state after a login or /reload.
function Restricted.changed(kind, state)
	local words = LOCKING[kind]
	if not words then return end
	local was = next(Restricted.kinds) ~= nil
	Restricted.kinds[kind] = state ~= INACTIVE and words or nil
	local now = next(Restricted.kinds)
	if now and not was then
		Restricted.paused = true
		tell(true) -- (before the restriction is enforced: the event comes first)
		ns.Session.say(L.RESTRICTED_PAUSE:format(Restricted.kinds[now]))
	elseif was and not now then
		Restricted.paused = false
		resume()
	end
end

function Restricted.look()
	if not (C_RestrictedActions and C_RestrictedActions.GetAddOnRestrictionState) then return end
	for kind in pairs(LOCKING) do
		Restricted.changed(kind, C_RestrictedActions.GetAddOnRestrictionState(kind))
	end
end

-- The send queue's own pause (AddOnMessageLockdown) and its end: not said again while the
-- restriction's lines say it (true: this one is not to be said).
local quiet = false
function Restricted.told(paused)
	if paused and Restricted.paused then quiet = true return true end
	if not paused and quiet then quiet = false return true end
	return false
end

-- A line this client could not read (secret): the catching up once out reads it from the host.
function Restricted.missed() Restricted.unread = Restricted.unread + 1 end

-- Whether a player is connected, as far as this client can tell: one the game hides (a
-- secret answer) counts as connected, so nobody is acted for only because it is hidden.
function Restricted.connected(name)
	local online = UnitIsConnected(name)
	if Restricted.secret(online) then return true end
	return online == true
end

-- Whether a seat told the table it is in restricted content, within its grace.
function Restricted.away(name)
	local session = ns.Session.current()
	local since = session and session.away and session.away[name]
	return since ~= nil and GetTime() - since < AWAY_GRACE
end

-- A seat's AWAY: the table waits for it (once a hand: a second claim is not waited for), and
-- the host looks again once the grace is over; its return ends the wait.
ns.Comm.on("AWAY", function(sender, message)
	local Session, Comm = ns.Session, ns.Comm
	local session = Session.current()
	if not (session and message.table == session.id and Session.seated(sender))
		or sender == Comm.me() then return end
	session.away, session.away_hand = session.away or {}, session.away_hand or {}
	local hosting = session.host == Comm.me()
	if message.on then
		if session.away[sender] or session.away_hand[sender] == session.hands then return end
		session.away[sender], session.away_hand[sender] = GetTime(), session.hands
		Session.say(L.AWAY_ON:format(Session.short(sender), AWAY_GRACE / 60))
		if hosting then
			C_Timer.After(AWAY_GRACE, function()
				if Session.current() == session then ns.Takeover.arm_timeout() end
			end)
		end
	elseif session.away[sender] then
		session.away[sender] = nil
		Session.say(L.AWAY_OFF:format(Session.short(sender)))
		if hosting then ns.Takeover.arm_timeout() end
		for _, fn in ipairs(Restricted.resumes) do fn() end -- (a roll held for the host, say)
	end
end)
