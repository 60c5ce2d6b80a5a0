-- Static popups: StaticPopupDialogs, StaticPopup_Show, StaticPopup_Hide and the rest, on up to
-- four real frames (StaticPopup1..4, each made when first needed) with their text, buttons (button1..button4, labelled from the
-- dialog's button1..button4), edit box and the dialog's handlers, as Blizzard's
-- StaticPopup.lua runs them (written for the realm, not copied):
-- - Show: a dialog of the same name already shown is hidden first (with OnCancel unless
--   noCancelOnReuse), unless `multiple`; the text is formatted with the two text arguments;
--   `data` is kept on the frame (and `data2`); OnShow(dialog, data) runs once shown.
-- - button1 runs OnAccept(dialog, data, data2), button2 OnCancel(dialog, data, "clicked"),
--   button3 OnAlt, button4 OnExtraButton; a handler that returns true keeps it shown.
-- - Enter in the edit box runs EditBoxOnEnterPressed(editBox, data), else clicks button1 if
--   `enterClicksFirstButton`; Escape in it runs EditBoxOnEscapePressed or hides the dialog.
-- - Escape (no edit box focused) hides each shown dialog with hideOnEscape, OnCancel(dialog,
--   data, "clicked") first; `timeout` seconds later OnCancel(dialog, data, "timeout").
-- - Hiding runs OnHide(dialog, data).

local function define(name, fn) rawset(_G, name, fn) end
local function has(name) return type(_G[name]) == "function" end

StaticPopupDialogs = StaticPopupDialogs or {}
STATICPOPUP_NUMDIALOGS = 4

local BUTTON_HANDLERS = { "OnAccept", "OnCancel", "OnAlt", "OnExtraButton" }

local function info_of(dialog) return dialog.which and StaticPopupDialogs[dialog.which] end

local function on_button(dialog, index)
	local info = info_of(dialog)
	if not info then return end
	local handler = info[BUTTON_HANDLERS[index]]
	local which, keep = dialog.which
	if handler then
		if index == 2 then
			keep = handler(dialog, dialog.data, "clicked")
		else
			keep = handler(dialog, dialog.data, dialog.data2)
		end
	end
	if not keep and dialog.which == which then dialog:Hide() end
end

local function make_dialog(i)
	local dialog = CreateFrame("Frame", "StaticPopup" .. i, UIParent, "BackdropTemplate")
	dialog:SetSize(320, 100)
	dialog:SetFrameStrata("DIALOG")
	dialog:SetPoint("TOP", 0, -135 - (i - 1) * 110)
	dialog:Hide()
	dialog:SetID(i)
	dialog.text = dialog:CreateFontString("$parentText", "ARTWORK", "GameFontHighlight")
	dialog.text:SetPoint("TOP", 0, -16)
	dialog.text:SetWidth(290)
	dialog.Text = dialog.text
	local box = CreateFrame("EditBox", "$parentEditBox", dialog, "InputBoxTemplate")
	box:SetSize(130, 32)
	box:SetPoint("BOTTOM", 0, 45)
	box:SetAutoFocus(false)
	box:Hide()
	box:SetScript("OnEnterPressed", function(self)
		local info = info_of(dialog)
		if not info then return end
		if info.EditBoxOnEnterPressed then
			info.EditBoxOnEnterPressed(self, dialog.data)
		elseif info.enterClicksFirstButton then
			on_button(dialog, 1)
		end
	end)
	box:SetScript("OnEscapePressed", function(self)
		local info = info_of(dialog)
		if info and info.EditBoxOnEscapePressed then
			info.EditBoxOnEscapePressed(self, dialog.data)
		else
			self:ClearFocus()
			dialog:Hide()
		end
	end)
	box:SetScript("OnTextChanged", function(self)
		local info = info_of(dialog)
		if info and info.EditBoxOnTextChanged then info.EditBoxOnTextChanged(self, dialog.data) end
	end)
	dialog.editBox, dialog.EditBox = box, box
	for b = 1, 4 do
		local button = CreateFrame("Button", "$parentButton" .. b, dialog, "UIPanelButtonTemplate")
		button:SetSize(128, 21)
		button:Hide()
		button:SetScript("OnClick", function() on_button(dialog, b) end)
		dialog["button" .. b] = button
	end
	dialog:SetScript("OnUpdate", function(self, elapsed)
		if not self.timeleft or self.timeleft <= 0 then return end
		self.timeleft = self.timeleft - elapsed
		if self.timeleft <= 0 then
			local info = info_of(self)
			self.timeleft = 0
			if info and info.OnCancel then info.OnCancel(self, self.data, "timeout") end
			self:Hide()
		end
	end)
	dialog:SetScript("OnHide", function(self)
		local info = info_of(self)
		self.editBox:ClearFocus()
		if info and info.OnHide then info.OnHide(self, self.data) end
		self.which, self.timeleft = nil, nil
	end)
	return dialog
end

-- Made when first needed (the game makes all four at load; making them here would take the
-- interface's load past a low instruction_limit).
local dialogs = {}

local function visible(which, data)
	for _, dialog in ipairs(dialogs) do
		if dialog:IsShown() and dialog.which == which and (data == nil or dialog.data == data) then
			return dialog
		end
	end
end

local function layout_buttons(dialog, info)
	local shown = {}
	for b = 1, 4 do
		local button, label = dialog["button" .. b], info["button" .. b]
		button:ClearAllPoints()
		if label then
			button:SetText(label)
			button:Show()
			shown[#shown + 1] = button
		else
			button:Hide()
		end
	end
	local width = 140 * #shown
	for n, button in ipairs(shown) do
		button:SetPoint("BOTTOMLEFT", dialog, "BOTTOM", -width / 2 + 6 + (n - 1) * 140, 16)
	end
end

local function show(which, text_arg1, text_arg2, data, inserted)
	local info = StaticPopupDialogs[which]
	if not info then return nil end
	local dialog = not info.multiple and visible(which)
	if dialog then
		if not info.noCancelOnReuse and info.OnCancel then info.OnCancel(dialog, dialog.data, "override") end
		dialog:Hide()
	end
	dialog = nil
	for _, candidate in ipairs(dialogs) do
		if not candidate:IsShown() then dialog = candidate break end
	end
	if not dialog and #dialogs < STATICPOPUP_NUMDIALOGS then
		dialog = make_dialog(#dialogs + 1)
		dialogs[#dialogs + 1] = dialog
	end
	if not dialog then return nil end
	dialog.which, dialog.data, dialog.data2 = which, data, nil
	dialog.insertedFrame = inserted
	local text = info.text or ""
	dialog.text:SetText(string.format(text, text_arg1, text_arg2))
	local box = dialog.editBox
	box:SetText("")
	if info.hasEditBox then
		box:SetMaxLetters(info.maxLetters or 0)
		box:Show()
		dialog:SetHeight(130)
	else
		box:Hide()
		dialog:SetHeight(100)
	end
	layout_buttons(dialog, info)
	dialog.timeleft = info.timeout and info.timeout > 0 and info.timeout or nil
	dialog:Show()
	if info.hasEditBox and info.autoFocus ~= false then box:SetFocus() end
	if info.OnShow then info.OnShow(dialog, data) end
	return dialog
end

local function hide(which, data)
	for _, dialog in ipairs(dialogs) do
		if dialog:IsShown() and dialog.which == which and (data == nil or dialog.data == data) then
			dialog:Hide()
		end
	end
end

if has("StaticPopup_Show") then define("StaticPopup_Show", show) end
if has("StaticPopup_Hide") then define("StaticPopup_Hide", hide) end
if has("StaticPopup_Visible") then
	define("StaticPopup_Visible", function(which)
		local dialog = visible(which)
		if dialog then return dialog:GetName(), dialog end
		return nil
	end)
end
if has("StaticPopup_FindVisible") then define("StaticPopup_FindVisible", visible) end
if has("StaticPopup_EscapePressed") then
	define("StaticPopup_EscapePressed", function()
		local closed = false
		for _, dialog in ipairs(dialogs) do
			local info = info_of(dialog)
			if dialog:IsShown() and info and info.hideOnEscape then
				if info.OnCancel then info.OnCancel(dialog, dialog.data, "clicked") end
				dialog:Hide()
				closed = true
			end
		end
		return closed
	end)
end
if has("StaticPopup_OnClick") then define("StaticPopup_OnClick", on_button) end
