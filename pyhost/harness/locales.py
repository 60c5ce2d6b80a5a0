"""What the client shows in each locale: the roll line, and the chat frame's formats.

`RANDOM_ROLL_RESULT` is WoW's global format for the server's roll line; it
is the one string the realm localises (enUS, deDE, frFR), since dice addons
parse it. The chat frame's own labels ("[Party]", "says:") are shown in
English whatever the locale: a documented simplification.
"""

from __future__ import annotations

RANDOM_ROLL_RESULT = {
    "enUS": "%s rolls %d (%d-%d)",
    "enGB": "%s rolls %d (%d-%d)",
    "deDE": "%s würfelt. Ergebnis: %d (%d-%d)",
    "frFR": "%s obtient un %d (%d-%d).",
}
LOCALES = tuple(RANDOM_ROLL_RESULT)

# CHAT_MSG_<suffix> -> how the chat frame shows (sender, text).
CHAT_FORMATS = {
    "SAY": "[%s] says: %s",
    "YELL": "[%s] yells: %s",
    "EMOTE": "%s %s",
    "PARTY": "[Party] [%s]: %s",
    "PARTY_LEADER": "[Party Leader] [%s]: %s",
    "RAID": "[Raid] [%s]: %s",
    "RAID_LEADER": "[Raid Leader] [%s]: %s",
    "RAID_WARNING": "[Raid Warning] [%s]: %s",
    "INSTANCE_CHAT": "[Instance] [%s]: %s",
    "INSTANCE_CHAT_LEADER": "[Instance Leader] [%s]: %s",
    "WHISPER": "[%s] whispers: %s",
    "WHISPER_INFORM": "To [%s]: %s",
    "GUILD": "[Guild] [%s]: %s",
    "OFFICER": "[Officer] [%s]: %s",
    "SYSTEM": "%.0s%s",
}

# Typed commands that send chat (or set the target), by command word.
CHAT_COMMANDS = {
    **dict.fromkeys(("/s", "/say"), "SAY"),
    **dict.fromkeys(("/y", "/yell", "/sh", "/shout"), "YELL"),
    **dict.fromkeys(("/e", "/em", "/emote", "/me"), "EMOTE"),
    **dict.fromkeys(("/p", "/party"), "PARTY"),
    **dict.fromkeys(("/ra", "/raid"), "RAID"),
    **dict.fromkeys(("/rw", "/raidwarning"), "RAID_WARNING"),
    **dict.fromkeys(("/i", "/instance"), "INSTANCE_CHAT"),
    **dict.fromkeys(("/g", "/guild"), "GUILD"),
    **dict.fromkeys(("/o", "/officer"), "OFFICER"),
    **dict.fromkeys(("/w", "/whisper", "/t", "/tell", "/send"), "WHISPER"),
    **dict.fromkeys(("/tar", "/target"), "TARGET"),
}

SYSTEM = {
    "unknown_command": "Type '/help' for a listing of a few commands.",
    "not_in_party": "You aren't in a party.",
    "not_in_raid": "You are not in a raid group.",
    "not_in_instance": "You aren't in an instance group.",
    "not_in_guild": "You are not in a guild.",
    "no_permission": "You don't have permission to do that.",
    "no_player": "No player named '%s' is currently playing.",
    "joins_party": "%s joins the party.",
    "you_join_party": "You have joined a party.",
    "you_join_raid": "You have joined a raid group.",
    "you_leave_party": "You leave the group.",
    "you_leave_raid": "You have left the raid group.",
    "leaves_party": "%s leaves the party.",
    "joins_raid": "%s has joined the raid group.",
    "leaves_raid": "%s has left the raid group.",
    "goes_offline": "%s has gone offline.",
    "comes_online": "%s has come online.",
    "converted": "You are now in a raid group.",
    "disbanded": "Your group has been disbanded.",
    "new_leader": "%s is now the group leader.",
    "target": "You target %s.",
    # Instance groups: ERR_INSTANCE_GROUP_* in GlobalStrings (enUS).
    "instance_joins": "%s has joined the instance group.",
    "instance_leaves": "%s has left the instance group.",
    "instance_with_party": "You are in both a party and an instance group. You may communicate"
                           " with your party with \"/p\" and with your instance group with"
                           " \"/i\".",
    "instance_with_raid": "You are in both a raid and an instance group. You may communicate"
                          " with your raid with \"/ra\" and with your instance group with"
                          " \"/i\".",
}

# Frequently used WoW APIs the realm does not implement: calling one fails with its name,
# instead of the bare "attempt to call a nil value".
UNIMPLEMENTED = (
    "GetSpellInfo", "UnitHealth", "UnitHealthMax", "UnitPower", "UnitClass", "UnitRace",
    "UnitLevel", "GetItemInfo", "GetContainerItemInfo", "GetGuildInfo", "IsInGuild",
    "GetNumGuildMembers", "GetZoneText", "GetRealZoneText", "GetSubZoneText", "GetMoney",
    "PlaySound", "PlaySoundFile", "GetCVar", "SetCVar", "InCombatLockdown", "UnitAffectingCombat",
    "GetChannelName", "JoinChannelByName", "LeaveChannelByName", "SendMail", "InitiateTrade",
    "DoEmote", "GetFramerate", "GetNetStats", "UnitPosition", "GetPlayerMapPosition",
    "StaticPopup_Show", "C_Map", "C_Container", "C_Item", "C_Spell",
    "C_FriendList", "C_GuildInfo", "C_PartyInfo", "C_Club", "C_BattleNet", "C_CVar",
)
