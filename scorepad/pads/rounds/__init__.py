"""The rounds family: each seat's counts, round by round (Reef Draft, and any game that
declares its rounds as data: ``screens.RoundScreens``)."""
