-- <Animations> in UI XML: each <AnimationGroup> and its animations (<Alpha>, <Translation>,
-- ...), with their parentKeys, timings and scripts. Runs after uixml.lua with `host`, `config`
-- and `api`; the groups are widget_animations.lua's.

local host, _, api = ...
local W = api.widgets
local S, info_of = W.S, W.info_of
local SPECIAL, place, warn, truth = W.xml.SPECIAL, W.xml.place, W.xml.warn, W.xml.truth

local pairs, ipairs, tonumber = pairs, ipairs, tonumber
local strupper = string.upper

local function with_scripts(object, node)
	local handlers = {}
	for _, child in ipairs(node) do
		if child.tag == "Scripts" then SPECIAL.Scripts(object, child, handlers) end
	end
	for name, fn in pairs(handlers) do object:SetScript(name, fn) end
end
SPECIAL.Animations = function(object, node)
	for _, g in ipairs(node) do
		if g.tag == "AnimationGroup" then
			local group = object:CreateAnimationGroup(W.resolve_name(g.a.name, object), g.a.inherits)
			place(group, { g }, object)
			if g.a.looping then group:SetLooping(strupper(g.a.looping)) end
			if g.a.settofinalalpha then group:SetToFinalAlpha(truth(g.a.settofinalalpha)) end
			for _, child in ipairs(g) do
				local kind = child.tag ~= "Scripts" and host.xml_type(child.tag)
				local info = kind and info_of(kind)
				if info and info.isa_lower.animation then
					local a = child.a
					local animation = group:CreateAnimation(kind, W.resolve_name(a.name, group))
					place(animation, { child }, group)
					local f = S[animation].f
					f.duration, f.order = tonumber(a.duration), tonumber(a.order) or 1
					f.startDelay, f.endDelay = tonumber(a.startdelay), tonumber(a.enddelay)
					f.fromAlpha, f.toAlpha = tonumber(a.fromalpha), tonumber(a.toalpha)
					if a.childkey then animation:SetChildKey(a.childkey) end
					with_scripts(animation, child)
				elseif child.tag ~= "Scripts" then
					warn(child, "unknown element <" .. child.tag .. "> in <AnimationGroup> is ignored")
				end
			end
			with_scripts(group, g)
		end
	end
end
