"""The photo of a play's final board: attached from the result page by a member of the
play's group or a phone that held a seat, straight to the server (a photo is no change the
offline outbox keeps), and served to whoever may read the play."""

from __future__ import annotations

from uuid import UUID

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET, require_POST

from scorepad import photos
from scorepad.http import HtmxHttpRequest
from scorepad.models import PlayPhoto, attach_photo, remove_photo
from scorepad.table import access_to
from scorepad.views.common import get_play_for_user


@require_POST
def play_photo(request: HtmxHttpRequest, play_id: UUID) -> HttpResponse:
    """Attach the board's photo (in place of any before), or take it off (``remove``)."""
    play = get_play_for_user(request, play_id)
    if not access_to(request, play).may_attach_photo:
        raise PermissionDenied(_("Only the group's members and the table's phones add its photo."))
    back = reverse("result", args=[play.uuid]) + "#photo"
    if "remove" in request.POST:
        remove_photo(play)
        messages.success(request, _("The photo is gone."))
        return redirect(back)
    upload = request.FILES.get("photo")
    if upload is None:
        messages.error(request, _("Choose a photo first."))
        return redirect(back)
    try:
        photo = photos.prepare(upload, upload.size or 0)
    except photos.PhotoRefused as refused:
        messages.error(request, str(refused))
        return redirect(back)
    attach_photo(play, photo, request.user)
    messages.success(request, _("Photo kept with the play."))
    return redirect(back)


@require_GET
@cache_control(private=True, max_age=365 * 24 * 3600, immutable=True)
def photo_image(request: HtmxHttpRequest, play_id: UUID, size: str = "image") -> HttpResponse:
    """The photo (or its ``thumbnail``) to whoever may read the play: its URL carries the
    photo's version, so a phone keeps it until it changes."""
    play = get_play_for_user(request, play_id)
    photo = get_object_or_404(PlayPhoto.objects.only(size), play=play)
    return HttpResponse(getattr(photo, size), content_type="image/jpeg")
