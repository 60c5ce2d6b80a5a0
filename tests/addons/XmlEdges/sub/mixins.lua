EdgeLog = {}
EdgeGlobal = { answer = 42 }
EdgeMixin = {}
function EdgeMixin:Greet() return "hi from " .. (self:GetName() or "anonymous") end
-- Animation group scripts log here too.
function EdgeFlash_OnFinished(self)
	EdgeLog[#EdgeLog + 1] = "flash finished " .. self:GetParent():GetName()
end
