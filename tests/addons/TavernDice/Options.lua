-- The options panel, through Settings: announce the winner, the highest roll, the channel.
local _, ns = ...

function ns.RegisterOptions()
	local category = Settings.RegisterVerticalLayoutCategory("Tavern Dice")
	local db = TavernDiceDB
	local modern = Settings.CreateCheckbox ~= nil -- mists' Settings has the older names

	local function setting(key, kind, name)
		if modern then
			return Settings.RegisterAddOnSetting(category, "TavernDice_" .. key, key, db, kind, name, db[key])
		end
		local s = Settings.RegisterAddOnSetting(category, name, "TavernDice_" .. key, kind, db[key])
		s:SetValue(db[key])
		Settings.SetOnValueChangedCallback("TavernDice_" .. key, function(_, value) db[key] = value end)
		return s
	end

	local announce = setting("announce", Settings.VarType.Boolean, "Announce the winner in chat")
	;(Settings.CreateCheckbox or Settings.CreateCheckBox)(category, announce, "Say who won in the round's channel.")

	local maxRoll = setting("maxRoll", Settings.VarType.Number, "Highest roll")
	local options = Settings.CreateSliderOptions(100, 1000, 100)
	Settings.CreateSlider(category, maxRoll, options, "Players roll 1 to this.")

	local channel = setting("channel", Settings.VarType.String, "Channel")
	local function channels()
		local container = Settings.CreateControlTextContainer()
		container:Add("PARTY", "Party")
		container:Add("GUILD", "Guild")
		return container:GetData()
	end
	;(Settings.CreateDropdown or Settings.CreateDropDown)(category, channel, channels, "Where rounds are played.")

	Settings.RegisterAddOnCategory(category)
	ns.category = category
end
