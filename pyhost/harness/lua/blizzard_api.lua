-- The game's C API behind Blizzard's interface pieces: guilds, custom chat channels (/join,
-- /leave, /N text, CHAT_MSG_CHANNEL in the chat frame), the player's language, sounds, and
-- the Escape key closing popups and UISpecialFrames. Runs after the widget files, with
-- `host`, `config` and `api`; each global only where the flavour's data has it. The
-- interface code built on it (popups, Settings, tooltips, chat frames) is pyhost/harness/ui.

local host, _, api = ...

local type, tostring, tonumber, rawget, unpack, ipairs = type, tostring, tonumber, rawget, unpack, ipairs
local strmatch, strformat, strupper = string.match, string.format, string.upper

local function has(name) return host.has(name) end
local function define(name, fn) if has(name) then _G[name] = fn end end

------------------------------------------------------------------------------
-- Guilds (pyhost/harness/channels.py holds them).

define("IsInGuild", function() return host.guild_info("player") ~= nil end)
define("GetGuildInfo", function(unit)
	if type(unit) ~= "string" then error("Usage: GetGuildInfo(unit)", 2) end
	return host.guild_info(unit)
end)
define("GetNumGuildMembers", function() return host.guild_roster() end)
define("GetGuildRosterInfo", function(index) return host.guild_roster(tonumber(index) or 0) end)
local function roster_update()
	-- The server answers a roster request with GUILD_ROSTER_UPDATE (canRequestRosterUpdate).
	if host.guild_info("player") then api.event("GUILD_ROSTER_UPDATE", false) end
end
define("GuildRoster", roster_update)
if has("C_GuildInfo.GuildRoster") then
	C_GuildInfo = C_GuildInfo or {}
	C_GuildInfo.GuildRoster = roster_update
end
if has("C_GuildInfo.IsGuildOfficer") then
	C_GuildInfo = C_GuildInfo or {}
	function C_GuildInfo.IsGuildOfficer()
		local _, _, rank = host.guild_info("player")
		return rank ~= nil and rank <= 1
	end
end

------------------------------------------------------------------------------
-- Custom chat channels.

define("GetChannelName", function(wanted)
	if wanted == nil then error("Usage: GetChannelName(channelID or channelName)", 2) end
	return host.channel_name(wanted)
end)
local function join(name)
	if type(name) ~= "string" then error("Usage: JoinChannelByName(channelName)", 3) end
	local number = host.join_channel(name)
	if number then return 1, name end -- (type, name), as the game's JoinChannelByName
end
define("JoinChannelByName", function(name) return join(name) end)
define("JoinTemporaryChannel", function(name) return join(name) end)
define("JoinPermanentChannel", function(name) return join(name) end)
define("LeaveChannelByName", function(name) host.leave_channel(name) end)
define("GetChannelList", function()
	local out = {}
	for number = 1, 10 do
		local id, name = host.channel_name(number)
		if id ~= 0 then out[#out + 1] = id out[#out + 1] = name out[#out + 1] = false end
	end
	return unpack(out)
end)

-- /join, /leave as Blizzard's ChatFrame.lua names them; "/2 text" speaks in channel 2.
SLASH_JOIN1, SLASH_JOIN2, SLASH_JOIN3, SLASH_JOIN4 = "/join", "/channel", "/chan", "/j"
SlashCmdList.JOIN = function(msg)
	local name = strmatch(msg or "", "^(%S+)")
	if name then join(name) end
end
SLASH_LEAVE1, SLASH_LEAVE2 = "/leave", "/chatleave"
SlashCmdList.LEAVE = function(msg)
	local name = strmatch(msg or "", "^(%S+)")
	if name then host.leave_channel(tonumber(name) or name) end
end

local chat_box = api.chat_box
function api.chat_box(line)
	local number, rest = strmatch(line, "^/(%d+)%s*(.-)%s*$")
	if number then
		if rest == "" then return end
		return api.call(function() C_ChatInfo.SendChatMessage(rest, "CHANNEL", nil, tonumber(number)) end)
	end
	return chat_box(line)
end

-- The chat frame shows a channel line with the reader's own number for it:
-- "[2. Dice] [Riggs]: hi", and what the server says of joining and leaving.
local CHANNEL_NOTICES = { YOU_CHANGED = "Changed Channel: [%s]", YOU_JOINED = "Joined Channel: [%s]",
	YOU_LEFT = "Left Channel: [%s]" }
api.event_after.CHAT_MSG_CHANNEL = function(text, author, _, channel)
	DEFAULT_CHAT_FRAME:AddMessage(strformat("[%s] [%s]: %s", tostring(channel),
		Ambiguate(tostring(author), "none"), tostring(text)))
end
api.event_after.CHAT_MSG_CHANNEL_NOTICE = function(notice, _, _, channel)
	local form = CHANNEL_NOTICES[notice]
	if form then DEFAULT_CHAT_FRAME:AddMessage(strformat(form, tostring(channel))) end
end

------------------------------------------------------------------------------
-- The player's language, sounds, the error frame's lines, message().

-- The realm has no races: every character speaks Common (languageID 7, *assumed*).
define("GetDefaultLanguage", function() return "Common", 7 end)
define("GetNumLanguages", function() return 1 end)
define("GetLanguageByIndex", function(index) if index == 1 then return "Common", 7 end end)

local sound_handle = 0
local function play(what, channel)
	if what == nil then error("Usage: PlaySound(soundKitID [, channel [, forceNoDuplicates]])", 3) end
	host.played_sound(what, channel)
	sound_handle = sound_handle + 1
	return true, sound_handle -- willPlay, soundHandle
end
define("PlaySound", function(kit, channel) return play(kit, channel) end)
define("PlaySoundFile", function(file, channel) return play(file, channel) end)
if has("C_Sound.PlaySound") then
	C_Sound = C_Sound or {}
	function C_Sound.PlaySound(kit, channel) return play(kit, channel) end
end
define("StopSound", function() end)

-- For ui/BlizzardUI.lua: where message() and UIErrorsFrame lines go (client.messages,
-- client.ui_errors), kept out of addon code's reach behind one-way functions.
local message_box, error_line = host.message_box, host.error_line
ChatFrame1:SetID(1) -- (ui/BlizzardUI.lua makes ChatFrame2..10 when first used)
PYHOST_UI = { message_box = function(text) message_box(tostring(text)) end,
	error_line = function(text) error_line(tostring(text)) end }

------------------------------------------------------------------------------
-- The Escape key: with no edit box focused and no keyboard frame taking it, it closes a
-- popup that allows it, else the open UISpecialFrames (Blizzard's ToggleGameMenu order).

-- (widget_hands.lua's api.press_key asks this when nothing else took the key.)
function api.widgets.escape(key)
	if strupper(key) ~= "ESCAPE" then return false end
	local popup = rawget(_G, "StaticPopup_EscapePressed")
	if type(popup) == "function" then
		local ok, closed = api.call(popup)
		if ok and closed then return true end
	end
	local close = rawget(_G, "CloseSpecialWindows")
	if type(close) == "function" then
		local ok, closed = api.call(close)
		return ok and closed == true
	end
	return false
end


------------------------------------------------------------------------------
-- Money as text: C_CurrencyInfo.GetCoinTextureString and GetCoinText (and, with Blizzard's
-- deprecation fallbacks, their old global names). The pieces are the GlobalStrings
-- GOLD_AMOUNT_TEXTURE, SILVER_AMOUNT_TEXTURE and COPPER_AMOUNT_TEXTURE ("%d|T...:%d:%d:2:0|t");
-- a zero piece is left out, and no money at all is "0" copper (*assumed*: the C function's
-- rules are not published; these are the rules of its Lua predecessor in MoneyFrame.lua).
local COIN_TEXTURES = {
	"%d|TInterface\\MoneyFrame\\UI-GoldIcon:%d:%d:2:0|t",
	"%d|TInterface\\MoneyFrame\\UI-SilverIcon:%d:%d:2:0|t",
	"%d|TInterface\\MoneyFrame\\UI-CopperIcon:%d:%d:2:0|t",
}
local COIN_WORDS = { "%d Gold", "%d Silver", "%d Copper" }
local function coins(amount, forms, size, separator)
	amount = tonumber(amount)
	if not amount then error("Usage: C_CurrencyInfo.GetCoinTextureString(amount [, fontHeight])", 3) end
	amount = math.floor(amount)
	local pieces = { math.floor(amount / 10000), math.floor(amount / 100) % 100, amount % 100 }
	local out = {}
	for i = 1, 3 do
		if pieces[i] > 0 or (i == 3 and #out == 0) then
			out[#out + 1] = strformat(forms[i], pieces[i], size, size)
		end
	end
	return table.concat(out, separator)
end
if has("C_CurrencyInfo.GetCoinTextureString") then
	C_CurrencyInfo = C_CurrencyInfo or {}
	function C_CurrencyInfo.GetCoinTextureString(amount, fontHeight)
		return coins(amount, COIN_TEXTURES, tonumber(fontHeight) or 0, " ")
	end
end
if has("C_CurrencyInfo.GetCoinText") then
	C_CurrencyInfo = C_CurrencyInfo or {}
	function C_CurrencyInfo.GetCoinText(amount) return coins(amount, COIN_WORDS, nil, ", ") end
end

------------------------------------------------------------------------------
-- The cursor, for a test's drag (screen.py's Widget.drag): GetCursorPosition answers where
-- the drag has taken it, in screen units (UIParent's scale is 1); (0, 0) before any.

local cursor_x, cursor_y = 0, 0
define("GetCursorPosition", function() return cursor_x, cursor_y end)

local W = api.widgets
function api.drag_start(object, x, y, button)
	local s = W.S[object]
	W.fire(object, "OnMouseDown", button)
	local wanted = s.drag or {}
	local registered = false
	for _, name in ipairs(wanted) do
		if name == button or strupper(name) == "ANYUP" then registered = true end
	end
	if registered then W.fire(object, "OnDragStart", button) end
	cursor_x, cursor_y = x, y
	return registered
end
function api.drag_stop(object, button)
	W.fire(object, "OnDragStop")
	W.fire(object, "OnMouseUp", button, true)
end

-- The mouse over the interface (screen.py's Widget.hover, client.hover): it rests on the
-- middle of the hovered widget, whose focus is the nearest mouse-enabled frame (itself or an
-- ancestor). OnLeave goes to the focus it left, OnEnter(self, true) to the one it enters.
-- Over no widget, the mouse is over the world: no focus, WorldFrame under it.
local over, focus = false, nil
local function mouse_frame(object)
	while object do
		local s = W.S[object]
		if s.info.frame and (s.f.mouseClickEnabled or s.f.mouseMotionEnabled) then return object end
		object = s.parent
	end
end
function api.hover(object)
	local target = nil
	if object then
		local left, bottom, width, height = W.rect(object)
		cursor_x, cursor_y, over = left + width / 2, bottom + height / 2, true
		target = mouse_frame(object)
	else
		over = false
	end
	if target == focus then return end
	local left = focus
	focus = target
	if left then W.fire(left, "OnLeave", true) end
	if target then W.fire(target, "OnEnter", true) end
end
W.pointer = function() if over then return cursor_x, cursor_y end end
define("GetMouseFocus", function() return focus or WorldFrame end)
define("GetMouseFoci", function() return { focus or WorldFrame } end)

------------------------------------------------------------------------------
-- widget_hands.lua, the test's hands and eyes (client.py, screen.py), runs when Python first
-- asks `api` for one of them: a client no test looks at does not hold it.
local HANDS = { find_widget = true, widget_info = true, widget_lists = true, all_widgets = true,
	invoke = true, user_scroll = true, user_click = true, type_text = true, press_key = true,
	layout = true, implemented = true }
setmetatable(api, { __index = function(_, key)
	if HANDS[key] then
		HANDS = {}
		host.load_hands()
		return rawget(api, key)
	end
end })
