-- A LibStub-style library registry, written for pyhost's tests (not LibStub's code): the calls
-- addons make of it, LibStub:NewLibrary(major, minor), LibStub:GetLibrary(major, silent),
-- LibStub(major) and LibStub:IterateLibraries(). The newest copy of the registry wins.
local NAME, REVISION = "LibStub", 2
local registry = _G[NAME]
if registry and (registry.revision or 0) >= REVISION then return end

registry = registry or { libs = {}, minors = {} }
registry.revision = REVISION

-- A library's table and the minor version it had, or nil when this copy is not newer.
function registry:NewLibrary(major, minor)
	if type(major) ~= "string" then error("NewLibrary: the library's name must be a string", 2) end
	local number = tonumber(string.match(tostring(minor), "%d+"))
	if not number then error("NewLibrary: the minor version must hold a number", 2) end
	local had = self.minors[major]
	if had and had >= number then return nil end
	self.minors[major] = number
	self.libs[major] = self.libs[major] or {}
	return self.libs[major], had
end

function registry:GetLibrary(major, silent)
	local lib = self.libs[major]
	if lib == nil and not silent then error(string.format("Cannot find a library instance of %q.", tostring(major)), 2) end
	return lib, self.minors[major]
end

function registry:IterateLibraries() return pairs(self.libs) end

setmetatable(registry, { __call = function(self, major, silent) return self:GetLibrary(major, silent) end })
_G[NAME] = registry
