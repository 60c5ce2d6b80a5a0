-- luacheck settings for the addon's Lua, as it is here and as `pyhost build` copies it into
-- each addon: Lua 5.1 and the WoW API the addon uses. The globals it owns (its SavedVariables
-- table and its SLASH_ names) are named by the ruleset, so the code sets them through _G.
std = "lua51"
max_line_length = 120
unused_args = false -- WoW handlers and methods take arguments they need not read
globals = {
	"SlashCmdList",
}
read_globals = {
	"Ambiguate", "bit", "C_ChatInfo", "C_Timer", "CreateFrame", "GetNormalizedRealmName",
	"GetTime", "IsInGroup",
	"IsInRaid", "RANDOM_ROLL_RESULT", "RandomRoll", "UnitExists", "UnitFullName", "UnitInParty", "UnitName",
	"GetNumGroupMembers", "GetRaidRosterInfo", "GetNumSubgroupMembers",
	"UnitIsConnected", "UnitSex", "LE_PARTY_CATEGORY_HOME", "LE_PARTY_CATEGORY_INSTANCE",
	"issecretvalue", "hasanysecretvalues", "C_RestrictedActions", "Enum",
	"UnitRealmRelationship", "LE_REALM_RELATION_COALESCED",
	"time",
}
