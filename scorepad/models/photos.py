"""The photo of a play's final board, kept in the database: backups keep it and every app
server serves it. scorepad/photos.py makes it from an upload."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models, transaction

from scorepad.models.groups import Group
from scorepad.models.plays import Play
from scorepad.photos import Photo


class PlayPhoto(models.Model):
    """One photo a play: the board as it ended, resized, its location and every other
    metadata gone (re-encoded as JPEG from the pixels alone), and a thumbnail for the
    history's cards."""

    play = models.OneToOneField(Play, models.CASCADE, related_name="photo")
    image = models.BinaryField()
    width = models.PositiveSmallIntegerField()
    height = models.PositiveSmallIntegerField()
    thumbnail = models.BinaryField()
    # A digest of the image: in its URL, so a phone keeps a photo until it changes.
    version = models.CharField(max_length=16)
    uploaded = models.DateTimeField(auto_now=True)
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )

    def __str__(self) -> str:
        return f"Photo of {self.play}"


@transaction.atomic
def attach_photo(play: Play, photo: Photo, user: Any) -> PlayPhoto:
    """``photo`` is the play's, in place of any before; the history's cards show it."""
    kept, _ = PlayPhoto.objects.update_or_create(
        play=play,
        defaults={
            "image": photo.image,
            "width": photo.width,
            "height": photo.height,
            "thumbnail": photo.thumbnail,
            "version": photo.version,
            "uploaded_by": user if user.is_authenticated else None,
        },
    )
    _history_changed(play)
    return kept


@transaction.atomic
def remove_photo(play: Play) -> None:
    PlayPhoto.objects.filter(play=play).delete()
    _history_changed(play)


def _history_changed(play: Play) -> None:
    if play.group_id is not None:
        Group.objects.filter(pk=play.group_id).pages_changed()
