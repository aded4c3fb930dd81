"""The records' tables, kept by scorepad/records.py with the plays they count."""

from __future__ import annotations

from django.db import models
from django.utils.formats import number_format

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
    # The plays and their totals added up by the number of seats at the table:
    # {"3": [plays, points]}, for the average at each (the player page's).
    by_seats = models.JSONField(default=dict, blank=True)

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


# A rating is provisional until its player has this many rated plays.
PROVISIONAL = 5


class Rating(models.Model):
    """A player's skill at one game within a group (OpenSkill's Plackett–Luce model:
    ``mu`` the skill, ``sigma`` how unsure of it), after every finished play with two
    seats or more of the game in the group, in the order they were played: kept by
    scorepad/ratings.py with the plays it counts, as Standing is."""

    group = models.ForeignKey(Group, models.CASCADE, related_name="ratings")
    game = models.CharField(max_length=40)
    player = models.ForeignKey(Player, models.CASCADE, related_name="ratings")
    mu = models.FloatField()
    sigma = models.FloatField()
    plays = models.PositiveIntegerField()  # the plays rated: provisional below PROVISIONAL
    # Won in a row, up to the latest play (a shared win a win), and the most ever: kept
    # here as they too depend on the order played.
    streak = models.PositiveIntegerField(default=0)
    longest = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["group", "game", "player"], name="one_rating_per_group_game_player"
            )
        ]

    def __str__(self) -> str:
        return f"{self.player} at {self.game} in {self.group}"

    @property
    def provisional(self) -> bool:
        return self.plays < PROVISIONAL


class RatingStep(models.Model):
    """What one seat of a rated play did to its player's rating: the rating before and
    after it. The result page reads the change; the ratings are worked out again from
    the steps before a play that changes (scorepad/ratings.py)."""

    result = models.OneToOneField(Result, models.CASCADE, related_name="rating_step")
    group = models.ForeignKey(Group, models.CASCADE, related_name="+")
    game = models.CharField(max_length=40)
    player = models.ForeignKey(Player, models.CASCADE, related_name="+")
    play = models.ForeignKey(Play, models.CASCADE, related_name="+")
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu = models.FloatField()
    sigma = models.FloatField()
    plays = models.PositiveIntegerField()  # the player's plays rated, this one included
    streak = models.PositiveIntegerField(default=0)  # won in a row, up to this one
    longest = models.PositiveIntegerField(default=0)  # the most in a row up to this one

    class Meta:
        indexes = [models.Index(fields=["group", "game", "player"])]

    def __str__(self) -> str:
        return f"{self.player} in play {self.play_id}"

    @property
    def change(self) -> float:
        return self.mu - self.mu_before

    @property
    def change_text(self) -> str:
        """The change as the result shows it: "+2.6", "−0.3" (a minus sign, not a hyphen),
        with the reader's decimal mark ("+2,6" in German and French)."""
        sign = "\N{MINUS SIGN}" if round(self.change, 1) < 0 else "+"
        return sign + number_format(round(abs(self.change), 1), 1)

    @property
    def provisional(self) -> bool:
        return self.plays < PROVISIONAL


class PlayFeats(models.Model):
    """What one finished play of two or more in a group holds toward its game's records
    (kept as Standing is): the winning total, the margin over the next best total (0 for
    a win shared or won on a tie-break), and the most points one seat made on one line of
    the breakdown. The group page's records are the first of these rows in each order."""

    play = models.OneToOneField(Play, models.CASCADE, primary_key=True, related_name="feats")
    group = models.ForeignKey(Group, models.CASCADE, related_name="+")
    game = models.CharField(max_length=40)
    winning_total = models.IntegerField()
    winner_position = models.PositiveSmallIntegerField()
    margin = models.IntegerField()
    line = models.CharField(max_length=40, blank=True)  # the breakdown line's key
    line_points = models.IntegerField(null=True, blank=True)
    line_position = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["group", "game"])]

    def __str__(self) -> str:
        return f"What play {self.play_id} holds toward {self.game}'s records"
