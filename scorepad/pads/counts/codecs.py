# The family enters no game of its own: its games' packages declare their sheets.
CODECS: list = []
