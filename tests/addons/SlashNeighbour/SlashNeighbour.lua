-- A neighbour dice addon: its own /dice, and a /tdeal of its own too.
SLASH_SLASHNEIGHBOUR1, SLASH_SLASHNEIGHBOUR2 = "/dice", "/tdeal"
SlashCmdList.SLASHNEIGHBOUR = function(message)
	print("SlashNeighbour deals: " .. (message or ""))
end
