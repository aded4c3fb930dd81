# The family's screen serves the games of other packages (scorepad.pads.counts.views).
PADS: list = []
