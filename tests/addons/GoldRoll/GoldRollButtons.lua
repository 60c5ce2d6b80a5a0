-- Loaded through templates.xml's <Script file>, before the window is made.
GoldRollLog = {}
-- A localized label, named by the XML's text="GOLDROLL_ROLL_BUTTON" as Blizzard's globals are.
GOLDROLL_ROLL_BUTTON = "Roll"

function GoldRoll_OnRollClick(self)
	GoldRollLog[#GoldRollLog + 1] = "roll clicked"
	self:GetParent():Roll()
end
