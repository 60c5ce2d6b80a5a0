-- The Settings API (options panels) on a real SettingsPanel frame, written for the realm from
-- Blizzard_Settings.lua's signatures (github:Gethe/wow-ui-source, Blizzard_Settings_Shared):
-- - categories: RegisterCanvasLayoutCategory(frame, name) (the addon's own frame shown in
--   the panel), RegisterVerticalLayoutCategory(name) (controls the panel lays out), their
--   Subcategory forms, RegisterAddOnCategory, GetCategory, OpenToCategory(id, name or
--   category) showing the panel at it;
-- - settings: RegisterAddOnSetting (retail, tbc and classic_era: category, variable,
--   variableKey, variableTbl, type, name, default: the value lives in variableTbl[variableKey];
--   mists: category, name, variable, type, default), RegisterProxySetting, GetValue, SetValue,
--   SetOnValueChangedCallback and setting:SetValueChangedCallback (callback(setting, value),
--   or (owner, setting, value) with an owner table, as CallbackRegistry calls them);
-- - controls: CreateCheckbox, CreateSlider (CreateSliderOptions), CreateDropdown
--   (CreateControlTextContainer), named CreateCheckBox and CreateDropDown on mists, drawn as
--   a check button, a slider and a button that lists its options when clicked.
-- InterfaceOptions_AddCategory(panel) and InterfaceOptionsFrame_OpenToCategory exist where the
-- flavour has them (mists), on the same panel. The panel's art is not Blizzard's.

local function define(name, fn) rawset(_G, name, fn) end
local function has(name) return type(_G[name]) == "function" end

-- mists' branch of Blizzard_Settings has the old signatures and "CheckBox"/"DropDown" names.
local OLD = has("CreateSettingsCheckBoxDropDownInitializer")

Settings = {}
Settings.VarType = { Boolean = "boolean", Number = "number", String = "string" }
Settings.Default = { True = true, False = false }

local panel = CreateFrame("Frame", "SettingsPanel", UIParent, "BackdropTemplate")
panel:SetSize(760, 520)
panel:SetPoint("CENTER")
panel:SetFrameStrata("HIGH")
panel:Hide()
panel.Title = panel:CreateFontString("$parentTitle", "OVERLAY", "GameFontNormal")
panel.Title:SetPoint("TOP", 0, -8)
panel.Title:SetText(SETTINGS or "Options")
panel.CategoryList = CreateFrame("Frame", "$parentCategoryList", panel)
panel.CategoryList:SetPoint("TOPLEFT", 10, -30)
panel.CategoryList:SetPoint("BOTTOMLEFT", 10, 40)
panel.CategoryList:SetWidth(180)
panel.Container = CreateFrame("Frame", "$parentContainer", panel)
panel.Container:SetPoint("TOPLEFT", 200, -30)
panel.Container:SetPoint("BOTTOMRIGHT", -10, 40)
local close = CreateFrame("Button", "$parentCloseButton", panel, "UIPanelButtonTemplate")
close:SetSize(96, 22)
close:SetPoint("BOTTOMRIGHT", -10, 10)
close:SetText(CLOSE or "Close")
close:SetScript("OnClick", function() panel:Hide() end)
panel.CloseButton = close
tinsert(UISpecialFrames, "SettingsPanel")

local categories, settings, next_id = {}, {}, 100

------------------------------------------------------------------------------
-- Categories and layouts.

local Category = {}
Category.__index = Category
function Category:GetID() return self.ID end
function Category:GetName() return self.name end
function Category:GetParentCategory() return self.parent end
function Category:GetSubcategories() return self.subcategories end
function Category:HasSubcategories() return #self.subcategories > 0 end

local Layout = {}
Layout.__index = Layout
function Layout:AddInitializer(initializer) self.initializers[#self.initializers + 1] = initializer end
function Layout:GetInitializers() return self.initializers end
function Layout:GetLayoutType() return self.kind end

local function new_category(name, kind, frame, parent)
	next_id = next_id + 1
	local layout = setmetatable({ kind = kind, initializers = {} }, Layout)
	local category = setmetatable({ ID = next_id, name = name, layout = layout, frame = frame,
		parent = parent, subcategories = {} }, Category)
	if parent then parent.subcategories[#parent.subcategories + 1] = category end
	categories[#categories + 1] = category
	return category, layout
end

-- A canvas waits in the panel, hidden, until its category is opened (*assumed*: the game
-- moves it into the panel only when shown; an addon's frame made on UIParent would otherwise
-- stand on the screen).
local function into_panel(frame)
	frame:SetParent(panel.Container)
	frame:Hide()
	return frame
end
function Settings.RegisterCanvasLayoutCategory(frame, name)
	return new_category(name, "canvas", into_panel(frame))
end
function Settings.RegisterCanvasLayoutSubcategory(parent, frame, name)
	return new_category(name, "canvas", into_panel(frame), parent)
end
function Settings.RegisterVerticalLayoutCategory(name) return new_category(name, "vertical") end
function Settings.RegisterVerticalLayoutSubcategory(parent, name)
	return new_category(name, "vertical", nil, parent)
end

local listed = 0
function Settings.RegisterAddOnCategory(category)
	if category.registered then return end
	category.registered = true
	listed = listed + 1
	local button = CreateFrame("Button", "$parentCategory" .. listed, panel.CategoryList,
		"UIPanelButtonTemplate")
	button:SetSize(170, 20)
	button:SetPoint("TOPLEFT", category.parent and 12 or 0, -(listed - 1) * 22)
	button:SetText(category.name)
	button:SetScript("OnClick", function() Settings.OpenToCategory(category.ID) end)
	category.button = button
end
Settings.RegisterCategory = Settings.RegisterAddOnCategory

function Settings.GetCategory(wanted)
	for _, category in ipairs(categories) do
		if category.ID == wanted or category.name == wanted then return category end
	end
end

------------------------------------------------------------------------------
-- Settings and their values.

local Setting = {}
Setting.__index = Setting
function Setting:GetVariable() return self.variable end
function Setting:GetName() return self.name end
function Setting:GetVariableType() return self.kind end
function Setting:GetDefaultValue() return self.default end
function Setting:GetValue() return self.get() end
function Setting:SetValue(value)
	if self.kind == "boolean" then value = value and true or false end
	if self.kind == "number" then value = tonumber(value) end
	local old = self.get()
	self.set(value)
	if old ~= value then
		for _, listener in ipairs(self.listeners) do
			if type(listener.owner) == "table" then
				listener.fn(listener.owner, self, value)
			else
				listener.fn(self, value)
			end
		end
		if self.refresh then self.refresh() end
	end
end
function Setting:SetValueToDefault() self:SetValue(self.default) end
function Setting:SetValueChangedCallback(fn, owner)
	self.listeners[#self.listeners + 1] = { fn = fn, owner = owner }
end

local function register(category, variable, name, kind, default, get, set)
	local setting = setmetatable({ variable = variable, name = name, kind = kind, default = default,
		get = get, set = set, listeners = {}, category = category }, Setting)
	settings[variable] = setting
	return setting
end

function Settings.RegisterAddOnSetting(category, ...)
	local variable, key, store, kind, name, default
	if OLD then
		local stored
		name, variable, kind, default = ...
		return register(category, variable, name, kind, default,
			function() if stored == nil then return default end return stored end,
			function(value) stored = value end)
	end
	variable, key, store, kind, name, default = ...
	if type(store) ~= "table" then
		error("Usage: Settings.RegisterAddOnSetting(category, variable, variableKey, variableTbl, "
			.. "variableType, name, defaultValue)", 2)
	end
	if store[key] == nil then store[key] = default end
	return register(category, variable, name, kind, default,
		function() return store[key] end, function(value) store[key] = value end)
end

function Settings.RegisterProxySetting(category, variable, ...)
	local kind, name, default, get, set
	if OLD then
		local _
		_, kind, name, default, get, set = ...
	else
		kind, name, default, get, set = ...
	end
	return register(category, variable, name, kind, default, get, set)
end

function Settings.GetSetting(variable) return settings[variable] end
function Settings.GetValue(variable)
	local setting = settings[variable]
	if setting then return setting:GetValue() end
end
function Settings.SetValue(variable, value)
	local setting = settings[variable]
	if not setting then error(string.format("Setting for variable '%s' did not exist.", tostring(variable)), 2) end
	setting:SetValue(value)
end
function Settings.SetOnValueChangedCallback(variable, fn, owner)
	local setting = settings[variable]
	if setting then setting:SetValueChangedCallback(fn, owner) end
end

------------------------------------------------------------------------------
-- Control descriptions.

function Settings.CreateSliderOptions(min, max, step)
	local options = { minValue = min, maxValue = max, steps = step or 1 }
	function options:SetLabelFormatter(_, formatter) self.formatter = formatter end
	return options
end
MinimalSliderWithSteppersMixin = MinimalSliderWithSteppersMixin or { Label = { Right = 1, Top = 2, Left = 3 } }

function Settings.CreateControlTextContainer()
	local container = { data = {} }
	function container:Add(value, label, tooltip)
		self.data[#self.data + 1] = { value = value, label = label, text = label, tooltip = tooltip }
	end
	function container:GetData() return self.data end
	return container
end

local function control(kind, category, setting, options, tooltip)
	local initializer = { kind = kind, setting = setting, options = options, tooltip = tooltip }
	function initializer:GetSetting() return self.setting end
	category.layout:AddInitializer(initializer)
	return initializer
end
local function create_checkbox(category, setting, tooltip)
	return control("checkbox", category, setting, nil, tooltip)
end
local function create_dropdown(category, setting, options, tooltip)
	return control("dropdown", category, setting, options, tooltip)
end
function Settings.CreateSlider(category, setting, options, tooltip)
	return control("slider", category, setting, options, tooltip)
end
if OLD then
	Settings.CreateCheckBox, Settings.CreateDropDown = create_checkbox, create_dropdown
else
	Settings.CreateCheckbox, Settings.CreateDropdown = create_checkbox, create_dropdown
end

------------------------------------------------------------------------------
-- The panel: a vertical category's controls, made the first time it is shown.

local function dropdown_options(options)
	if type(options) == "function" then options = options() end
	if type(options) == "table" and options.GetData then options = options:GetData() end
	return options or {}
end

local function label_of(options, value)
	for _, option in ipairs(dropdown_options(options)) do
		if option.value == value then return option.label end
	end
	return tostring(value)
end

local function make_control(canvas, init, index, y)
	local setting, name = init.setting, canvas:GetName() .. "Control" .. index
	if init.kind == "checkbox" then
		local check = CreateFrame("CheckButton", name, canvas, "UICheckButtonTemplate")
		check:SetPoint("TOPLEFT", 10, y)
		check.Text:SetText(setting:GetName())
		check:SetScript("OnClick", function(self) setting:SetValue(self:GetChecked()) end)
		setting.refresh = function() check:SetChecked(setting:GetValue()) end
		return check, 32
	elseif init.kind == "slider" then
		local options = init.options or {}
		local slider = CreateFrame("Slider", name, canvas, "OptionsSliderTemplate")
		slider:SetPoint("TOPLEFT", 20, y - 16)
		slider:SetWidth(220)
		slider:SetMinMaxValues(options.minValue or 0, options.maxValue or 1)
		slider:SetValueStep(options.steps or 1)
		slider:SetObeyStepOnDrag(true)
		slider.Text:SetText(setting:GetName())
		slider.Low:SetText(tostring(options.minValue or 0))
		slider.High:SetText(tostring(options.maxValue or 1))
		slider:SetScript("OnValueChanged", function(_, value) setting:SetValue(value) end)
		setting.refresh = function() slider:SetValue(setting:GetValue()) end
		return slider, 50
	end
	local label = canvas:CreateFontString(name .. "Label", "ARTWORK", "GameFontNormal")
	label:SetPoint("TOPLEFT", 10, y - 4)
	label:SetText(setting:GetName())
	local button = CreateFrame("Button", name, canvas, "UIPanelButtonTemplate")
	button:SetSize(160, 22)
	button:SetPoint("TOPLEFT", 200, y)
	local list = CreateFrame("Frame", name .. "List", button, "BackdropTemplate")
	list:SetPoint("TOPLEFT", button, "BOTTOMLEFT", 0, -2)
	list:SetFrameStrata("DIALOG")
	list:Hide()
	local options = dropdown_options(init.options)
	list:SetSize(160, 22 * #options + 4)
	for i, option in ipairs(options) do
		local item = CreateFrame("Button", name .. "Option" .. i, list, "UIPanelButtonTemplate")
		item:SetSize(156, 20)
		item:SetPoint("TOPLEFT", 2, -2 - (i - 1) * 22)
		item:SetText(option.label)
		item:SetScript("OnClick", function() list:Hide() setting:SetValue(option.value) end)
	end
	button:SetScript("OnClick", function() list:SetShown(not list:IsShown()) end)
	setting.refresh = function() button:SetText(label_of(init.options, setting:GetValue())) end
	return button, 30
end

local function build(category)
	local canvas = CreateFrame("Frame", "SettingsPanelCategory" .. category.ID, panel.Container)
	canvas:SetAllPoints()
	local title = canvas:CreateFontString("$parentTitle", "ARTWORK", "GameFontHighlight")
	title:SetPoint("TOPLEFT", 10, -6)
	title:SetText(category.name)
	local y = -34
	for i, init in ipairs(category.layout.initializers) do
		if init.setting then
			local _, height = make_control(canvas, init, i, y)
			init.setting.refresh()
			y = y - height
		end
	end
	return canvas
end

local shown
function Settings.OpenToCategory(wanted)
	local category = type(wanted) == "table" and wanted or Settings.GetCategory(wanted)
	if not category then return false end
	if shown then shown:Hide() end
	local frame = category.frame
	if category.layout.kind == "vertical" then
		category.canvas = category.canvas or build(category)
		frame = category.canvas
	else
		frame:SetParent(panel.Container)
		frame:ClearAllPoints()
		frame:SetAllPoints(panel.Container)
	end
	panel:Show()
	frame:Show()
	shown = frame
	return true
end

------------------------------------------------------------------------------
-- The older interface options API, where the flavour has it: panels are canvas categories.

if has("InterfaceOptions_AddCategory") then
	define("InterfaceOptions_AddCategory", function(frame)
		local parent = frame.parent and Settings.GetCategory(frame.parent)
		local category = parent and Settings.RegisterCanvasLayoutSubcategory(parent, frame, frame.name)
			or Settings.RegisterCanvasLayoutCategory(frame, frame.name)
		Settings.RegisterAddOnCategory(category)
		frame:Hide()
	end)
end
if has("InterfaceOptionsFrame_OpenToCategory") then
	define("InterfaceOptionsFrame_OpenToCategory", function(wanted)
		if type(wanted) == "table" then wanted = wanted.name end
		return Settings.OpenToCategory(wanted)
	end)
end
