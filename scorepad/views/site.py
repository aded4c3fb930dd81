"""The screens every game shares: home, accounts, groups, starting, finishing and
the result of a play, and the JSON scoring API."""

from __future__ import annotations

import secrets
from functools import partial
from typing import Any
from uuid import UUID

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login, update_session_auth_hash
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import PasswordResetForm
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import (
    require_GET,
    require_http_methods,
    require_POST,
    require_safe,
)
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect

import games
from games.contract import InvalidInput
from scorepad import cards, result_page, sessions, throttle
from scorepad.exports.bgstats import push_link
from scorepad.forms import ChangePasswordForm, FinishForm, NewPlayForm, SignupForm
from scorepad.http import AuthenticatedHttpRequest, HtmxHttpRequest, RedirectThen
from scorepad.models import (
    Group,
    Play,
    PlayPhoto,
    create_group,
    finish_play,
    move_play_to_group,
)
from scorepad.pads import all_pads, get_pad, get_pad_or_404
from scorepad.table import AppliedBefore, SeatRefused, access_to, host_here
from scorepad.views.common import (
    DEVICE_PLAYS,
    get_group_for_user,
    get_play_for_user,
    get_table_for_user,
    json_answer,
    json_error,
    private,
    render_screen,
    start_play_for,
)
from scorepad.views.table import (
    conditional,
    finished_meanwhile,
    not_modified,
    poll_unchanged,
    table_context,
    table_etag,
    unchanged,
)

CARRY_ON = 3  # a group's plays still being scored, on the home page


@private  # a person's groups and plays, or the plays kept in this browser's session
@require_safe  # HEAD too: uptime checks and link previews ask it
def home(request: HtmxHttpRequest) -> HttpResponse:
    groups = Group.objects.for_user(request.user).order_by("name")
    plays = Play.objects.filter(group__in=groups).select_related("group").with_results()
    on_this_device = list(
        Play.objects.filter(
            group__isnull=True, uuid__in=request.session.get(DEVICE_PLAYS, [])
        ).with_results()
    )
    # What a player back at the table came for: the plays still being scored, first.
    in_progress = plays.filter(status=Play.Status.IN_PROGRESS)[:CARRY_ON]
    carry_on = [*in_progress, *(p for p in on_this_device if not p.is_finished)]
    ctx = {
        "games": [pad.info for pad in all_pads()],
        "groups": groups,
        "carry_on": carry_on,
        "recent": plays.filter(status=Play.Status.FINISHED)[:5],
        "on_this_device": [p for p in on_this_device if p.is_finished],
    }
    return render(request, "home.html", ctx)


def _safe_next(request: HtmxHttpRequest) -> str | None:
    """Where to go after signing up, if it is on this site."""
    target = request.GET.get("next", "")
    allowed = url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return target if allowed else None


@require_http_methods(["GET", "POST"])
@throttle.throttled("signups")
def signup(request: HtmxHttpRequest) -> HttpResponse:
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        # Every account starts with its own group, so a first play can be saved at once;
        # its name is the group's own from then on, in the language it was made in.
        create_group(_("%(name)s's table") % {"name": user.username}, user)
        login(request, user, backend=sessions.BACKEND)
        return redirect(_safe_next(request) or "home")
    return render(request, "registration/signup.html", {"form": form})


@login_required
@private
@sensitive_post_parameters()
@require_http_methods(["GET", "POST"])
def password_change(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Django's password change, with wrong old passwords counted for the account and
    for the address: a session left signed in is no way to guess its password."""
    form = ChangePasswordForm(request.user, request.POST or None)
    if request.method == "POST":
        wrong_passwords = throttle.Failures(
            request,
            {"wrong_old_passwords_per_account": str(request.user.pk), "wrong_old_passwords": None},
        )
        wrong_passwords.refuse_if_spent()
        if form.is_valid():
            form.save()
            # The account's other sessions are logged out; this one stays signed in.
            update_session_auth_hash(request, form.user)
            return redirect("password_change_done")
        if form.has_error("old_password", "password_incorrect"):
            wrong_passwords.failed()
    return render(request, "registration/password_change_form.html", {"form": form})


@require_http_methods(["GET", "POST"])
@throttle.throttled("password_resets")
def password_reset(request: HtmxHttpRequest) -> HttpResponse:
    """Forgot your password? The answer is the same, after the same work, whether an
    account has that email or not: the account is looked up, and its email built and
    sent, once the answer is out (docs/security.md)."""
    form = PasswordResetForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        # Counted whether an account has the email or not, so the limit tells nothing.
        email = form.cleaned_data["email"].casefold()
        throttle.count(request, "password_resets_per_email", by=email)
        send = partial(form.save, request=request, use_https=request.is_secure())
        return RedirectThen(reverse("password_reset_done"), send)
    return render(request, "registration/password_reset_form.html", {"form": form})


@require_http_methods(["GET", "POST"])
def new_play(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    pad = get_pad_or_404(slug)
    if pad.setup is not None:
        return pad.setup(request, pad)
    table = get_table_for_user(request)
    form = NewPlayForm(
        pad.info,
        table.group,
        request.POST or None,
        mode_labels=dict(pad.mode_labels),
        **table.seats,
    )
    if request.method == "POST" and form.is_valid():
        return redirect(start_play_for(request, table, slug, form.cleaned_data))
    ctx = {"info": pad.info, "form": form, "group": table.group, "groups": table.groups}
    return render_screen(request, "new_play.html", ctx)


@require_GET
def play(request: HtmxHttpRequest, play_id: UUID) -> HttpResponse:
    """The play's own screen: the table, then each game's scoreboard or log. Phones poll
    it: 304 while nothing changed; the result once the play is finished."""
    if request.htmx and (quick := poll_unchanged(request, play_id, "hub")):
        return quick
    play = get_play_for_user(request, play_id)
    if not request.htmx:
        return get_pad(play.game).hub(request, play)
    etag = table_etag(play, "hub")
    if finished_meanwhile(request, play):
        return conditional(HttpResponseClientRedirect(reverse("result", args=[play.uuid])), etag)
    if unchanged(request, etag):
        return not_modified(etag)
    return conditional(get_pad(play.game).hub(request, play), etag)


@require_POST
def finish(request: HtmxHttpRequest, play_id: UUID) -> HttpResponse:
    """The host finishes the play (or any seat, once every seat is done, if the host
    lets them). A finished play is scored again as each correction is saved: finishing
    it again only shows its result, to whoever may correct it."""
    play = get_play_for_user(request, play_id)
    results = play.ordered_results()
    table = table_context(request, play, results, play.progress(results, strict=True), "hub")
    access = table["access"]
    if access.in_history:
        allowed = access.may_correct()
    elif play.is_finished:
        allowed = access.is_host
    else:
        allowed = table["may_finish"]
    if not allowed:
        raise PermissionDenied(
            _("The host finishes this game once every seat is done.")
            if play.seats_may_finish
            else _("The host finishes this game.")
        )
    if play.is_finished:
        return redirect("result", play.uuid)
    started_at = FinishForm(request.POST).started_at(timezone.now())
    try:
        finish_play(play, started_at=started_at)
    except InvalidInput as e:
        for error in e.errors:
            messages.error(request, error.message)
        if started_at is not None:  # the length typed in is kept for the finish to come
            Play.objects.filter(pk=play.pk).update(started_at=started_at)
        return redirect(play)
    return redirect("result", play.uuid)


@require_GET
@vary_on_headers("HX-Request")
def result(request: HtmxHttpRequest, play_id: UUID) -> HttpResponse:
    """The podium, each player's points by category, and the breakdown: a line tapped
    (?line=, and ?player= for one seat's) shows its explanation, and for htmx only the
    breakdown's region is sent again."""
    play = get_play_for_user(request, play_id)
    if not play.is_finished:
        return redirect(play)
    results = play.ordered_results()
    sheet = result_page.final_sheet(play, results)
    explained = result_page.explanations(results, sheet)
    ctx: dict[str, Any] = {
        "play": play,
        "results": results,
        "table": result_page.breakdown(play, results, explained, request.path, request.GET),
        "rounds": [
            {"number": n, "values": list(values)}
            for n, values in enumerate(
                zip(*(r.extra.get("rounds", []) for r in results), strict=True), 1
            )
        ],
    }
    if request.htmx:
        return render_screen(request, "result.html", ctx, "breakdown")
    by_rank = sorted(results, key=lambda r: (r.rank, r.position))
    ctx |= {
        "places": result_page.podium(results, play.readable_notes()),
        "points_chart": result_page.points_chart(play, by_rank),
        "by_rank": by_rank,
        # One player has nobody to beat: no winner, no tie-break.
        "solo": len(results) == 1,
        "groups": Group.objects.for_user(request.user).order_by("name"),
    }
    pad = get_pad(play.game)
    if pad.result_extras is not None:
        ctx["extras"] = pad.result_extras(play, results, sheet)
    ctx["corrections"] = result_page.corrections(play)
    access = ctx["access"] = access_to(request, play)
    # The group's ratings are its members' to see, as its page is.
    ctx["rating_steps"] = result_page.rating_steps(results) if access.is_member else []
    ctx["photo"] = PlayPhoto.objects.defer("image", "thumbnail").filter(play=play).first()
    ctx["bgstats_link"] = push_link(play, results) if play.is_finished else ""
    return render_screen(request, "result.html", ctx)


@require_GET
@cache_control(private=True, no_cache=True)
def result_card(request: HtmxHttpRequest, play_id: UUID) -> HttpResponse:
    """The result as a PNG card to share, to whoever may read the result; a play not
    finished yet has none, and sends its reader to it."""
    play = get_play_for_user(request, play_id)
    if not play.is_finished:
        return redirect(play)
    group_name = play.group.name if play.group else ""
    png = cards.result_card(play, play.ordered_results(), group_name)
    response = HttpResponse(png, content_type="image/png")
    response["Content-Disposition"] = 'inline; filename="scorepad-result.png"'
    return response


@login_required
@require_POST
def save_play(request: AuthenticatedHttpRequest, play_id: UUID) -> HttpResponse:
    """The host of a guest play saves it, finished, into one of their groups' history."""
    play = get_play_for_user(request, play_id)
    group = get_group_for_user(request, request.POST.get("group"))
    if play.group_id is not None:
        messages.info(
            request, _("This play is already in the history of %(group)s.") % {"group": play.group}
        )
        return redirect("result", play.uuid)
    if not access_to(request, play).is_host:
        raise PermissionDenied(_("Only the host saves this play to a group's history."))
    if not play.is_finished:
        messages.error(request, _("Finish the game first: a play is saved with its result."))
        return redirect(play)
    move_play_to_group(play, group, request.user)
    messages.success(request, _("Saved to the history of %(group)s.") % {"group": group.name})
    return redirect(group)


@require_GET
def host_play(request: HtmxHttpRequest, play_id: UUID, key: str) -> HttpResponse:
    """A guest play's host link: this phone hosts the table from now on (for as long as
    its session lasts). Any other key finds nothing."""
    play = get_play_for_user(request, play_id)
    if play.group_id is not None or not secrets.compare_digest(key, play.host_key):
        raise Http404("No such play.")
    host_here(request, play)
    messages.success(request, _("This phone hosts the table now."))
    return redirect(play)


def permission_denied(request: HtmxHttpRequest, exception: Exception) -> HttpResponse:
    """403, with a way on: a phone refused a seat is offered its own seat and the table;
    htmx (an autosave) is sent to the table with the reason, as nothing was saved.
    An address over a rate limit is told when to try again, 429."""
    if isinstance(exception, throttle.Throttled):
        return throttle.wait_page(request, exception)
    if isinstance(exception, AppliedBefore):
        return HttpResponse(status=204)
    if isinstance(exception, SeatRefused):
        play = exception.play
        if getattr(request, "htmx", False):
            messages.error(request, _("Not saved: %(reason)s") % {"reason": exception})
            return HttpResponseClientRedirect(play.get_absolute_url())
        own = get_pad(play.game).seat_url(play, exception.own) if exception.own else None
        ctx = {"exception": exception, "play_link": play, "own_url": own, "own": exception.own}
        return render(request, "403.html", ctx, status=403)
    return render(request, "403.html", {"exception": exception}, status=403)


@csrf_exempt
def api_score(request: HtmxHttpRequest, slug: str) -> JsonResponse:
    """Score a game from its JSON input; nothing is stored and no login is needed.

    The explanations are English unless ``?language=`` asks for another of the site's:
    a program gets the same answer whatever its Accept-Language (the keys stay English)."""
    if slug not in games.GAMES:
        return json_error(404, "game", f"There is no game called '{slug}'.")
    language = request.GET.get("language", settings.LANGUAGE_CODE)
    if language not in dict(settings.LANGUAGES):
        codes = ", ".join(code for code, _ in settings.LANGUAGES)
        return json_error(400, "language", f"The language must be one of: {codes}.")
    with translation.override(language):
        return json_answer(request, lambda data: games.score_json(slug, data))
