EdgeLog = {}
EdgeGlobal = { answer = 42 }
EdgeMixin = {}
function EdgeMixin:Greet() return "hi from " .. (self:GetName() or "anonymous") end
