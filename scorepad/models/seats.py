"""A play's seats (one result row per player) and its live log."""

from __future__ import annotations

from django.db import models
from django.db.models import OuterRef, Subquery

from games.contract import PlayerScore
from scorepad.models.colours import SeatColour, palette_colour
from scorepad.models.groups import Player


def seats_at(play: OuterRef) -> Subquery:
    """How many seats the play has, as a subquery: it leaves the query it is in ungrouped
    (a count over a join would group it)."""
    seats = Result.objects.filter(play=play).order_by().values("play")
    return Subquery(seats.annotate(n=models.Count("pk")).values("n"))


class PlayEvent(models.Model):
    """One scoring event of a live log, stored as soon as it is entered."""

    play = models.ForeignKey("Play", models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    data = models.JSONField()
    created = models.DateTimeField(auto_now_add=True)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)  # its phone's; None: the host

    class Meta:
        ordering = ["seq"]
        constraints = [models.UniqueConstraint(fields=["play", "seq"], name="one_event_per_seq")]

    def __str__(self) -> str:
        return f"{self.data.get('type')} #{self.seq} in {self.play}"


class Result(models.Model):
    """One player's part of a play: their entry as typed, and once the play is
    finished, what it scored."""

    play = models.ForeignKey("Play", models.CASCADE, related_name="results")
    player = models.ForeignKey(Player, models.PROTECT, related_name="results")
    position = models.PositiveSmallIntegerField()
    # The seat's colour (scorepad/models/colours.py), given when the play starts; blank
    # (a play imported) is the palette's colour for its position.
    colour = models.CharField(max_length=10, choices=SeatColour.choices, blank=True, default="")
    entry = models.JSONField(default=dict, blank=True)
    # Which screen last saved each part of the entry ("rounds/2": editor id), so a
    # phone's own saves never count as someone else's edit; and when its phone made that
    # change (ms), so that an older one from the same screen arriving late changes nothing.
    written_by = models.JSONField(default=dict, blank=True)
    written_made = models.JSONField(default=dict, blank=True)
    breakdown = models.JSONField(default=dict, blank=True)
    extra = models.JSONField(default=dict, blank=True)
    tiebreak = models.JSONField(default=dict, blank=True)
    total = models.IntegerField(null=True, blank=True)
    rank = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["play", "position"], name="one_result_per_seat")
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.play}"

    # What a finished play's scoring writes: the seat's PlayerScore, by the same names.
    SCORED = ["breakdown", "extra", "tiebreak", "total", "rank"]

    @property
    def name(self) -> str:
        return self.player.name

    @property
    def seat_colour(self) -> str:
        """The seat's colour, as the stylesheet's class ``seat-<colour>`` names it."""
        return self.colour or palette_colour(self.position)

    @property
    def is_winner(self) -> bool:
        return self.rank == 1

    def record(self, scored: PlayerScore) -> None:
        """Keep what the seat scored (not saved here)."""
        for name in self.SCORED:
            setattr(self, name, getattr(scored, name))
