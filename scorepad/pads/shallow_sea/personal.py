"""A person's own pages: the Shallow Sea achievement sheet and solo ladder."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from scorepad.http import AuthenticatedHttpRequest
from scorepad.pads.shallow_sea import achievements
from scorepad.pads.shallow_sea.models import AchievementTick


@login_required
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
    ticks = AchievementTick.objects.filter(user=request.user, kind=kind, number=int(number))
    if request.POST.get("action") == "untick":
        ticks.delete()
        messages.success(request, "Hand tick removed.")
    else:
        ticks.update_or_create(
            user=request.user,
            kind=kind,
            number=int(number),
            defaults={"note": request.POST.get("note", "")[:200]},
        )
        messages.success(request, "Ticked.")
    return redirect(f"{reverse('achievements')}#{kind}-{number}")


@login_required
@require_GET
def solo_ladder(request: AuthenticatedHttpRequest) -> HttpResponse:
    return render(
        request, "shallow_sea/solo.html", {"ladder": achievements.solo_ladder(request.user)}
    )
