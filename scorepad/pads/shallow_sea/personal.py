"""A person's own pages: the Shallow Sea achievement sheet and solo ladder."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from scorepad.http import AuthenticatedHttpRequest
from scorepad.pads.shallow_sea import achievements
from scorepad.pads.shallow_sea.models import AchievementTick
from scorepad.views.common import private


@login_required
@private
@require_GET
def achievement_sheet(request: AuthenticatedHttpRequest) -> HttpResponse:
    sheet = achievements.record_sheet(request.user)
    return render(request, "shallow_sea/achievements.html", {"sheet": sheet})


@login_required
@require_POST
def tick(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Tick an achievement by hand, with a note, or take a hand tick back."""
    kind = request.POST.get("kind", "")
    number = request.POST.get("number", "")
    objectives = {k: items for k, _, items in achievements.SECTIONS}
    if kind not in objectives or not number.isdigit() or int(number) not in objectives[kind]:
        raise Http404("No such achievement.")
    if request.POST.get("action") == "untick":
        AchievementTick.objects.untick(request.user, kind, int(number))
        messages.success(request, gettext("Hand tick removed."))
    else:
        note = request.POST.get("note", "")[:200]
        AchievementTick.objects.tick(request.user, kind, int(number), note)
        messages.success(request, gettext("Ticked."))
    return redirect(f"{reverse('achievements')}#{kind}-{number}")


@login_required
@private
@require_GET
def solo_ladder(request: AuthenticatedHttpRequest) -> HttpResponse:
    return render(
        request, "shallow_sea/solo.html", {"ladder": achievements.solo_ladder(request.user)}
    )
