from __future__ import annotations

import json
from typing import Any
from uuid import UUID

from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    JsonResponse,
    QueryDict,
)
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

import games
from games.contract import InvalidInput, Sheet
from games.reef_draft.data import HAND_SIZE, ROUNDS
from scorepad.entries import has_web_entry
from scorepad.forms import GroupForm, NewPlayForm, ReefForm, SignupForm
from scorepad.models import Group, Membership, Play, Result, start_play


def _get_group_for_user(request: HttpRequest, group_id: int | str | None) -> Group:
    """The group, if the user is a member; 404 for anything else, garbage ids included."""
    if not str(group_id or "").isdigit():
        raise Http404("No such group.")
    return get_object_or_404(Group.objects.for_user(request.user), pk=int(group_id))


def _get_play_for_user(request: HttpRequest, play_id: UUID) -> Play:
    play = get_object_or_404(Play.objects.select_related("group"), uuid=play_id)
    if not play.is_visible_to(request.user):
        raise Http404("No play here.")
    return play


def _get_game_or_404(slug: str) -> Any:
    try:
        return games.get_game(slug)
    except KeyError:
        raise Http404("No such game.") from None


def _get_playable_game_or_404(slug: str) -> Any:
    if not has_web_entry(slug):
        raise Http404("This game cannot be entered on the site yet.")
    return _get_game_or_404(slug)


DEVICE_PLAYS = "plays_on_this_device"
DEVICE_PLAYS_KEPT = 10


def _remember_on_this_device(request: HttpRequest, play: Play) -> None:
    """A guest's plays have no history page; the session keeps the way back to them."""
    kept = [str(play.uuid), *request.session.get(DEVICE_PLAYS, [])]
    request.session[DEVICE_PLAYS] = kept[:DEVICE_PLAYS_KEPT]


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    groups = Group.objects.for_user(request.user).order_by("name")
    recent = Play.objects.filter(group__in=groups).select_related("group")[:5]
    on_this_device = Play.objects.filter(
        group__isnull=True, uuid__in=request.session.get(DEVICE_PLAYS, [])
    )
    ctx = {
        "games": [info for info in games.all_games() if has_web_entry(info.slug)],
        "groups": groups,
        "recent": recent,
        "on_this_device": on_this_device,
    }
    return render(request, "home.html", ctx)


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = _create_user_with_group(form)
        login(request, user)
        return redirect(request.GET.get("next") or "home")
    return render(request, "registration/signup.html", {"form": form})


@transaction.atomic
def _create_user_with_group(form: SignupForm) -> Any:
    """Every account starts with its own group, so a first play can be saved at once."""
    user = form.save()
    group = Group.objects.create(name=f"{user.username}'s table")
    Membership.objects.create(group=group, user=user, role=Membership.Role.OWNER)
    group.players.create(name=user.username, user=user)
    return user


@login_required
@require_http_methods(["GET", "POST"])
def groups(request: HttpRequest) -> HttpResponse:
    form = GroupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        group = _create_group(form, request.user)
        return redirect(group)
    my_groups = Group.objects.for_user(request.user).order_by("name")
    return render(request, "groups.html", {"groups": my_groups, "form": form})


@transaction.atomic
def _create_group(form: GroupForm, user: Any) -> Group:
    group = form.save()
    Membership.objects.create(group=group, user=user, role=Membership.Role.OWNER)
    group.players.create(name=user.username, user=user)
    return group


@login_required
@require_GET
def group(request: HttpRequest, group_id: int) -> HttpResponse:
    group = _get_group_for_user(request, group_id)
    plays = group.plays.finished().with_results()
    return render(request, "group.html", {"group": group, "plays": plays})


@require_http_methods(["GET", "POST"])
def new_play(request: HttpRequest, slug: str) -> HttpResponse:
    module = _get_playable_game_or_404(slug)
    my_groups = Group.objects.for_user(request.user).order_by("name")
    group_id = request.POST.get("group") or request.GET.get("group")
    group = None
    if request.user.is_authenticated:
        group = _get_group_for_user(request, group_id) if group_id else my_groups.first()
    form = NewPlayForm(module.INFO, group, request.POST or None)
    if request.method == "POST" and form.is_valid():
        play = start_play(
            game=slug,
            names=form.cleaned_data["names"],
            options=form.cleaned_data["options"],
            group=group,
            user=request.user,
        )
        _remember_on_this_device(request, play)
        return redirect(play)
    ctx = {"info": module.INFO, "form": form, "group": group, "groups": my_groups}
    return render(request, "new_play.html", ctx)


def _scoreboard(play: Play, results: list[Result]) -> tuple[Sheet | None, list[str]]:
    """The running score of what has been entered, or the reasons there is none."""
    try:
        return play.score(partial=True, results=results), []
    except InvalidInput as e:
        return None, [error.message for error in e.errors]


def _round_status(results: list[Result]) -> list[dict[str, Any]]:
    """For each round: whose reefs are in, and how many cards they hold."""
    hand = HAND_SIZE[len(results)]
    rounds = []
    for number in range(1, ROUNDS + 1):
        reefs = [r.entry.get("rounds", {}).get(str(number)) for r in results]
        entered = [reef for reef in reefs if reef is not None]
        rounds.append(
            {
                "number": number,
                "seats": [
                    {"result": r, "entered": reef is not None}
                    for r, reef in zip(results, reefs, strict=True)
                ],
                "entered": len(entered),
                "cards": sum(_reef_size(reef) for reef in entered),
                "expected_cards": hand * len(results),
            }
        )
    return rounds


def _reef_size(reef: dict[str, Any]) -> int:
    return sum(count for kind, count in reef.items() if kind != "on_shark")


@require_GET
@vary_on_headers("HX-Request")
def play(request: HttpRequest, play_id: UUID) -> HttpResponse:
    play = _get_play_for_user(request, play_id)
    results = play.ordered_results()
    sheet, problems = _scoreboard(play, results)
    ctx = {
        "play": play,
        "results": results,
        "sheet": sheet,
        "problems": problems,
        "rounds": _round_status(results),
        "rows": _scoreboard_rows(results, sheet),
    }
    if request.htmx:
        return render(request, "reef_draft/play.html#scoreboard", ctx)
    return render(request, "reef_draft/play.html", ctx)


def _scoreboard_rows(results: list[Result], sheet: Sheet | None) -> list[dict[str, Any]]:
    """One row per player: points per round entered, coral, running total."""
    rows = []
    for index, result in enumerate(results):
        score = sheet.players[index] if sheet else None
        entered = result.entry.get("rounds", {})
        round_points = score.extra["rounds"] if score else []
        rows.append(
            {
                "result": result,
                "rounds": [
                    round_points[n - 1] if str(n) in entered and n <= len(round_points) else None
                    for n in range(1, ROUNDS + 1)
                ],
                "coral_cards": score.tiebreak["coral"] if score else None,
                "coral_points": score.breakdown["coral"]
                if score and sheet.extra["complete"]
                else None,
                "total": score.total if score else None,
            }
        )
    return rows


def _apply_step(data: QueryDict) -> QueryDict:
    """A − or + button submitted without JavaScript: change that count by one."""
    data = data.copy()
    field, _, delta = data.get("step", "").partition(":")
    if field and delta in {"1", "-1"}:
        try:
            current = int(data.get(field) or 0)
        except ValueError:
            return data
        data[field] = str(max(0, current + int(delta)))
    return data


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def reef_entry(
    request: HttpRequest, play_id: UUID, round_number: int, position: int
) -> HttpResponse:
    play = _get_play_for_user(request, play_id)
    if not 1 <= round_number <= ROUNDS:
        raise Http404("Reef Draft has three rounds.")
    results = play.ordered_results()
    result = next((r for r in results if r.position == position), None)
    if result is None:
        raise Http404("No such player in this play.")
    saved_reef = result.entry.get("rounds", {}).get(str(round_number))

    errors: list[str] = []
    if request.method == "POST":
        # With htmx the script has already stepped the count in the page.
        form = ReefForm(request.POST if request.htmx else _apply_step(request.POST))
        if form.is_valid():
            errors = _save_reef(play, results, result, round_number, form)
            if not errors and not form.errors and not request.htmx:
                if request.POST.get("go") == "next":
                    return redirect(_next_screen(play, round_number, position, len(results)))
                return redirect(request.path)
            saved_reef = result.entry.get("rounds", {}).get(str(round_number))
    else:
        form = ReefForm(initial=ReefForm.initial_from(saved_reef or {}))

    sheet, problems = _scoreboard(play, results)
    score = sheet.players[position] if sheet else None
    rounds = _round_status(results)
    round_points = score.extra["rounds"] if score else []
    ctx = {
        "play": play,
        "results": results,
        "result": result,
        "round_number": round_number,
        "form": form,
        "errors": errors,
        "saved": saved_reef is not None and not (errors or form.errors),
        "rejected": bool(errors or form.errors),
        "score": score,
        "sheet": sheet,
        "problems": problems,
        "rows": _scoreboard_rows(results, sheet),
        "seats": rounds[round_number - 1]["seats"],
        "reef_size": form.typed_card_count(),
        "round_points": round_points[round_number - 1] if round_number <= len(round_points) else 0,
        "round_complete": rounds[round_number - 1]["entered"] == len(results),
        "next_name": results[position + 1].name if position + 1 < len(results) else None,
        "hand_size": HAND_SIZE[len(results)],
    }
    if request.htmx:
        return render(request, "reef_draft/entry.html#htmx-update", ctx)
    return render(request, "reef_draft/entry.html", ctx)


def _save_reef(
    play: Play, results: list[Result], result: Result, round_number: int, form: ReefForm
) -> list[str]:
    """Save this reef if the game still holds together with it; else say why not.

    Errors that point at one of this form's fields are attached to it, the rest
    (deck limits across the whole game, say) are returned for the top of the form.
    """
    entry = {**result.entry}
    entry["rounds"] = {**entry.get("rounds", {}), str(round_number): form.reef()}
    try:
        play.save_entry(result, entry, results)
    except InvalidInput as e:
        general = []
        prefix = f"rounds[{round_number - 1}].{result.name}."
        for error in e.errors:
            field = form.field_for(error.field) if error.field.startswith(prefix) else None
            if field:
                form.add_error(field, error.message)
            else:
                general.append(error.message)
        return general
    return []


def _next_screen(play: Play, round_number: int, position: int, players: int) -> str:
    if position + 1 < players:
        return reverse("reef_entry", args=[play.uuid, round_number, position + 1])
    return reverse("play", args=[play.uuid])


@require_POST
def finish(request: HttpRequest, play_id: UUID) -> HttpResponse:
    play = _get_play_for_user(request, play_id)
    try:
        play.finish()
    except InvalidInput as e:
        results = play.ordered_results()
        sheet, _ = _scoreboard(play, results)
        ctx = {
            "play": play,
            "results": results,
            "sheet": sheet,
            "problems": [error.message for error in e.errors],
            "rounds": _round_status(results),
            "rows": _scoreboard_rows(results, sheet),
        }
        return render(request, "reef_draft/play.html", ctx, status=422)
    return redirect("result", play.uuid)


@require_GET
def result(request: HttpRequest, play_id: UUID) -> HttpResponse:
    play = _get_play_for_user(request, play_id)
    if not play.is_finished:
        return redirect(play)
    results = play.ordered_results()
    ctx = {
        "play": play,
        "results": results,
        "by_rank": sorted(results, key=lambda r: (r.rank, r.position)),
        "categories": [
            {"label": c.label, "values": [r.breakdown.get(c.key, 0) for r in results]}
            for c in play.info.categories
        ],
        "tiebreaks": [
            {"label": t.label, "values": [r.tiebreak.get(t.key, 0) for r in results]}
            for t in play.info.tiebreaks
        ],
        "rounds": [
            {"number": n + 1, "values": [r.extra.get("rounds", [])[n] for r in results]}
            for n in range(ROUNDS)
        ],
        "groups": Group.objects.for_user(request.user).order_by("name"),
    }
    return render(request, "result.html", ctx)


@login_required
@require_POST
def save_play(request: HttpRequest, play_id: UUID) -> HttpResponse:
    play = _get_play_for_user(request, play_id)
    group = _get_group_for_user(request, request.POST.get("group"))
    if play.group_id is None:
        play.move_to_group(group, request.user)
    return redirect(group)


@csrf_exempt
@require_POST
def api_score(request: HttpRequest, slug: str) -> JsonResponse:
    """Score a game from its JSON input; nothing is stored and no login is needed."""
    _get_game_or_404(slug)
    try:
        data = json.loads(request.body)
    except (json.JSONDecodeError, UnicodeDecodeError):
        error = {"field": "", "message": "The request body must be JSON."}
        return JsonResponse({"errors": [error]}, status=400)
    try:
        return JsonResponse(games.score_json(slug, data))
    except InvalidInput as e:
        return JsonResponse(e.to_json(), status=400)
