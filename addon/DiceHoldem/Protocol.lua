-- The message kinds of the table core, each declared once with its named fields (Messages.lua
-- says how a field is typed). A game flow declares its own kinds in its own file; Comm.lua
-- declares its transport's. docs/protocol.md lists them all, and a test holds the two alike.
-- The positions are the wire's: a field is never moved, only added at the end.
local _, ns = ...

local declare = ns.Messages.declare

-- A table opened; a player's request; the host's order; the host's refusal.
declare("OPEN", { "table", "mode", "minimum:n", "blinds:b", "bank:n", "timeout:n", "fingerprint",
	"sections", "deadlines:b" })
declare("ACT", { "table", "op", "amount", "target", "dice", "fingerprint", "sections" })
declare("DO", { "table", "seq:n", "op", "player", "amount", "target", "dice", "streets:n",
	"steps:n", "nonce" })
declare("NO", { "table", "reason" })
-- "I missed this": a turn (`step` its number) or a commitment or reveal (`step` "commit"/"show").
-- The host's deputy: the host did not reveal in time at a guided showdown (core/Takeover.lua).
declare("MUCK", { "table", "hand:n", "player" })
declare("AGAIN", { "table", "hand:n", "step", "player" })
-- Catching up and keeping in step: a client with no table asks; the host beats.
-- (`kept`: what the asker kept of a game across logouts, "hands.steps.applied table": Kept.lua.)
declare("HELLO", { "table", "host", "kept" })
-- A seat's own word, asked by a client checking a snapshot it had nothing to check against
-- (core/SnapCheck.lua): `ask` the question; the answer its table, host, hand and bank then.
declare("VOUCH", { "ask:b", "table", "host", "hands:n", "bank:n" })
-- A seat in restricted content, or out of it (core/Restricted.lua): the table waits for it.
declare("AWAY", { "table", "on:b" })
declare("AT", { "table", "seq:n", "hands:n", "steps:n", "streets:n", "commits", "shown", "over",
	"seed", "banks" })
-- The entries of a snapshot (a copy, Comm.send_copy), in the order they come.
declare("SNAP", { "table", "mode", "minimum:n", "blinds:b", "bank:n", "timeout:n", "opener",
	"fingerprint", "sections", "deadlines:b", "waits:n" })
declare("BASE", { "table", "seq:n", "hands:n", "dealer", "seats..." })
declare("HEARD", { "table", "hand:n", "player", "commitment" })
declare("REVEALED", { "table", "hand:n", "player", "secret", "dice" })
declare("MOVE", { "table", "player", "op", "amount", "target" })
declare("ROLLED", { "table", "hand:n", "street:n", "dice" })
declare("SEED", { "table", "hand:n", "seed:n" })
declare("SNAPEND", { "table", "seq:n", "hands:n", "steps:n", "over" })
