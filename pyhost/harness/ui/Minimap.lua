-- The Minimap, for minimap buttons: a 140 x 140 frame at the top right of the screen. Apart
-- from BlizzardUI.lua because it is on the screen from the start (the others' frames are
-- hidden till used, and their files run when first used: pyhost/harness/client.py).

local cluster = CreateFrame("Frame", "MinimapCluster", UIParent)
local minimap = CreateFrame("Frame", "Minimap", cluster)
minimap:SetSize(140, 140)
minimap:SetPoint("TOPRIGHT", UIParent, "TOPRIGHT", -17, -22)
local ground = minimap:CreateTexture("$parentBackground", "BACKGROUND")
ground:SetAllPoints()
ground:SetColorTexture(0.1, 0.25, 0.15, 1)
