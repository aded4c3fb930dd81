"""Games scored during play: a live log of scoring events on the phone, or each
player's numbers typed in at the end, and each player's final tally. One set of
screens, driven by each game's own forms (screens.LogScreens)."""
