"""The records' tables, kept by scorepad/records.py with the plays they count."""

from __future__ import annotations

from django.db import models

from scorepad.models.groups import Group, Player
from scorepad.models.plays import Play
from scorepad.models.seats import Result


class Standing(models.Model):
    """What one player made of one game in one mode, over every finished play: kept by
    scorepad/records.py in the transaction that changes a play, so that the group and
    player pages read a row per player and game instead of every result."""

    player = models.ForeignKey(Player, models.CASCADE, related_name="standings")
    game = models.CharField(max_length=40)
    mode = models.CharField(max_length=20)
    plays = models.PositiveIntegerField(default=0)
    # The plays someone else sat at too (records.CONTESTED): the plays that could be won,
    # what a win rate divides by. A solo play counts in ``plays`` alone.
    contested = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)  # a shared first place is a win for each
    points = models.BigIntegerField(default=0)  # the totals added up, for the average
    best = models.IntegerField(null=True, blank=True)
    # The most recent plays (records.RECENT of them), oldest first, each as
    # [played_on, created, play id, total]: what the player page's chart draws.
    recent = models.JSONField(default=list, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["player", "game", "mode"], name="one_standing_per_game_and_mode"
            )
        ]

    def __str__(self) -> str:
        return f"{self.player} at {self.game} ({self.mode})"


class Rivalry(models.Model):
    """How a player fared against another, over every finished play they both sat at
    (kept as Standing is): ``ahead`` when the player ranked better, ``behind`` worse."""

    player = models.ForeignKey(Player, models.CASCADE, related_name="rivalries")
    rival = models.ForeignKey(Player, models.CASCADE, related_name="+")
    together = models.PositiveIntegerField(default=0)
    ahead = models.PositiveIntegerField(default=0)
    behind = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "rival"], name="one_rivalry_per_pair")
        ]

    def __str__(self) -> str:
        return f"{self.player} against {self.rival}"


class GameTally(models.Model):
    """A group's finished plays of one game (kept as Standing is): how many, the result
    holding the best total (the earliest play's, where several do; a solo play's too)
    and the latest contested play, whose winners the group page names."""

    group = models.ForeignKey(Group, models.CASCADE, related_name="tallies")
    game = models.CharField(max_length=40)
    plays = models.PositiveIntegerField(default=0)
    # SET_NULL, not CASCADE: the tally outlives the row it points at for the moment a
    # deletion takes, records.withdraw having pointed it elsewhere already.
    best = models.ForeignKey(Result, models.SET_NULL, null=True, blank=True, related_name="+")
    latest_contested = models.ForeignKey(
        Play, models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["group", "game"], name="one_tally_per_group_game")
        ]

    def __str__(self) -> str:
        return f"{self.game} in {self.group}"
