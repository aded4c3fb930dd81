"""Reef Draft on the site: the scoreboard, and each player's reef round by round."""
