-- Loaded through templates.xml's <Script file>, before the window is made.
GoldRollLog = {}

function GoldRoll_OnRollClick(self)
	GoldRollLog[#GoldRollLog + 1] = "roll clicked"
	self:GetParent():Roll()
end
