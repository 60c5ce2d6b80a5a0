-- Animation groups and animations: made, played on the realm's clock, finished. Nothing moves
-- on the screen (the layout shows a region where its points put it); what addons read and
-- the scripts they wait for (OnPlay, OnFinished, OnStop) are the game's. Runs after
-- widget_methods.lua with `host`, `config` and `api`.

local _, _, api = ...
local W = api.widgets
local S, impl, state, fire, info_of = W.S, W.impl, W.state, W.fire, W.info_of

local type, pairs, ipairs, unpack, error, tostring = type, pairs, ipairs, unpack, error, tostring

for _, kind in ipairs({ "AnimatableObject", "AnimationGroup", "Animation" }) do
	impl[kind] = impl[kind] or {}
end

local Animatable, Group, Animation = impl.AnimatableObject, impl.AnimationGroup, impl.Animation

function Animatable:CreateAnimationGroup(name, inherits)
	local s = state(self)
	local group = W.new_object(info_of("AnimationGroup"), name, self)
	s.groups = s.groups or {}
	s.groups[#s.groups + 1] = group
	S[group].animations = {}
	if inherits ~= nil then W.apply_templates(group, inherits, 3) end
	return group
end
function Animatable:GetAnimationGroups() return unpack(state(self).groups or {}) end
function Animatable:StopAnimating()
	for _, group in ipairs(state(self).groups or {}) do group:Stop() end
end

function Group:CreateAnimation(kind, name, inherits)
	local info = info_of(kind or "Animation")
	if not info or not info.isa_lower.animation then
		error("CreateAnimation(): Unknown animation type " .. tostring(kind), 2)
	end
	local animation = W.new_object(info, name, self)
	local list = state(self).animations
	list[#list + 1] = animation
	S[animation].f.order = S[animation].f.order or 1
	if inherits ~= nil then W.apply_templates(animation, inherits, 3) end
	return animation
end
function Group:GetAnimations() return unpack(state(self).animations) end

local function length(animation)
	local f = S[animation].f
	return (f.startDelay or 0) + (f.duration or 0) + (f.endDelay or 0)
end
-- Animations of one order play together; the orders one after another.
function Group:GetDuration()
	local by_order = {}
	for _, animation in ipairs(state(self).animations) do
		local order = S[animation].f.order or 1
		local seconds = length(animation)
		if seconds > (by_order[order] or 0) then by_order[order] = seconds end
	end
	local total = 0
	for _, seconds in pairs(by_order) do total = total + seconds end
	return total
end

local function finish(group, s)
	s.playing, s.timer = false, nil
	for _, animation in ipairs(s.animations) do fire(animation, "OnFinished", false) end
	fire(group, "OnFinished", false)
end

function Group:Play()
	local s = state(self)
	if s.playing then return end
	s.playing, s.paused = true, false
	fire(self, "OnPlay")
	for _, animation in ipairs(s.animations) do fire(animation, "OnPlay") end
	local looping = s.f.looping
	if looping == "REPEAT" or looping == "BOUNCE" then return end
	local run = {}
	s.timer = run
	C_Timer.After(self:GetDuration(), function()
		if s.timer == run then finish(self, s) end
	end)
end
Group.Restart = function(self) self:Stop() self:Play() end
function Group:Stop()
	local s = state(self)
	if not s.playing then return end
	s.playing, s.timer = false, nil
	fire(self, "OnStop", false)
end
function Group:Finish()
	local s = state(self)
	if s.playing then finish(self, s) end
end
function Group:Pause() local s = state(self) if s.playing then s.paused = true fire(self, "OnPause") end end
function Group:IsPlaying() return state(self).playing == true end
function Group:IsPaused() return state(self).paused == true end
function Group:IsDone() return not state(self).playing end
function Group:SetToFinalAlpha(on) state(self).final_alpha = on and true or false end
function Group:IsSetToFinalAlpha() return state(self).final_alpha == true end

function Animation:SetDuration(seconds) state(self).f.duration = seconds end
function Animation:GetDuration() return state(self).f.duration or 0 end
function Animation:SetStartDelay(seconds) state(self).f.startDelay = seconds end
function Animation:SetEndDelay(seconds) state(self).f.endDelay = seconds end
function Animation:IsPlaying() return state(S[self].parent).playing == true end
function Animation:SetTarget(target) state(self).target = target end
function Animation:GetTarget() return state(self).target or S[state(self).parent].parent end
function Animation:SetChildKey(key) state(self).target_key = key end
function Animation:SetTargetKey(key) state(self).target_key = key end
