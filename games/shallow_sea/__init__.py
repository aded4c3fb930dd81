"""Shallow Sea: tile-laying in a shallow ocean (shared/rules/shallow-sea.txt, issue 3).

A player's end-of-game ocean (or their column of the paper score pad) goes in;
every Ecosystem card, row, bonus, mode and achievement comes out. Decisions the
rulebook leaves open are settled in docs/games/shallow-sea.md.
"""

from games.shallow_sea.info import INFO
from games.shallow_sea.parsing import parse
from games.shallow_sea.scoring import score

__all__ = ["INFO", "parse", "score"]
