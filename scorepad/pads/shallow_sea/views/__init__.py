"""Shallow Sea's screens, one module per screen: the setup and the play's hub, each
player's ocean (a board to tap, one space or one bubble at a time) or paper-pad column,
and the Sealife catalogue.

Every tap that changes an ocean is its own small POST that updates that player's
saved entry, so a lost connection loses at most one tap.
"""
