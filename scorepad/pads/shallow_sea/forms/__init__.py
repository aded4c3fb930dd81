"""Shallow Sea's forms, one module per screen: the setup of a new play, one space or
one bubble of an ocean and the Seashells beside it, the paper-pad column and the Sealife
catalogue.

Each form turns into the JSON the game reads; the game's own checks decide what is
valid, and their messages come back to the field they name.
"""
