"""Kelp Forest, a game that exists only for the tests: four rounds, and each round every
player counts their kelp (1 point each), otters (2 each) and urchins (-1 each); at the
end the most kelp over the game scores 5, the most urchins loses 3, and the fewest
urchins breaks a tie.

It is registered by tests/settings.py alone and entered with the rounds family's
screens, from a declaration (tests/fake_rounds_game/codecs.py and pads.py): it proves
that a game of a known shape needs no view, form or template of its own.
"""
