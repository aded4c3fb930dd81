"""Tide Pool, a game that exists only for the tests: each player counts shells (1
point each) and pearls (3 points each); most pearls breaks a tie.

It is registered by tests/settings.py alone, entered with the event-log family's
per-player counts screens, and knows nothing of the shared site: it proves that a
game needs no line of site code to be started, entered, finished, kept in a group's
history and exported.
"""
