"""A group's history out and back in.

- CSV for spreadsheets (``spreadsheet``): one row per player per play, with every scoring line.
- A Scorepad document (JSON, ``document``): everything each finished play holds, the way it
  was entered, so another group or another Scorepad site can import it (``reading`` checks
  the file, ``importing`` scores and saves its plays) and score it again.
- A BG Stats play file (``bgstats``), so a group that also logs in BG Stats types nothing twice.

Exports take the plays from a queryset (``plays``) and cost the same few queries however long
the history; importing is one transaction that keeps every play or none.
"""
