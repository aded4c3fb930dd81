"""The counts family: one sheet of numbers per seat (``sheets.CountSheet``), drawn and
saved by one screen for every game that declares one (the event log's final tally and
counts, say)."""
