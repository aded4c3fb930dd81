"""What every screen needs: finding things the user may see, and the running score."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from django.db.models import Q
from django.http import Http404, HttpRequest, JsonResponse, QueryDict
from django.shortcuts import get_object_or_404

import games
from games.contract import InvalidInput, Sheet
from scorepad.entries import has_web_entry
from scorepad.models import Group, Play, PlayState, start_play


def _get_group_for_user(request: HttpRequest, group_id: int | str | None) -> Group:
    """The group, if the user is a member; 404 for anything else, garbage ids included."""
    if not str(group_id or "").isdigit():
        raise Http404("No such group.")
    return get_object_or_404(Group.objects.for_user(request.user), pk=int(group_id))


def _get_play_for_user(request: HttpRequest, play_id: UUID) -> Play:
    """The play, if it is outside any group (its link is the key) or in one of the
    user's groups; 404 for anything else. One query (Play.is_visible_to's rule)."""
    visible = Q(group__isnull=True)
    if request.user.is_authenticated:
        visible |= Q(group__memberships__user=request.user)
    return get_object_or_404(Play.objects.select_related("group").filter(visible), uuid=play_id)


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


@dataclass(frozen=True)
class Table:
    """Where a new play is recorded: the chosen group (a guest has none), the user's
    groups to choose from, and the user's own name for the first seat."""

    group: Group | None
    groups: Any
    first_seat: str


def _get_table_for_user(request: HttpRequest) -> Table:
    groups = Group.objects.for_user(request.user).order_by("name")
    group_id = request.POST.get("group") or request.GET.get("group")
    group = None
    if request.user.is_authenticated:
        group = _get_group_for_user(request, group_id) if group_id else groups.first()
    own = group.players.filter(user=request.user).first() if group else None
    return Table(group, groups, own.name if own else "")


def start_play_for(request: HttpRequest, table: Table, game: str, cleaned: dict[str, Any]) -> Play:
    """Start the play the new-play form describes, and remember it on this device."""
    play = start_play(
        game=game,
        names=cleaned["names"],
        options=cleaned["options"],
        mode=cleaned["mode"],
        group=table.group,
        user=request.user,
    )
    _remember_on_this_device(request, play)
    return play


def attach_errors(error: InvalidInput, form: Any, prefix: str) -> list[str]:
    """Put each error on the form field it names (``form.field_for`` reads the path
    after ``prefix``); return the others, for the top of the form."""
    general = []
    for item in error.errors:
        field = form.field_for(item.field[len(prefix) :]) if item.field.startswith(prefix) else None
        if field:
            form.add_error(field, item.message)
        else:
            general.append(item.message)
    return general


def stale_message(what: str, saved_now: str) -> str:
    return (
        f"Someone else saved {what} while you were typing. Saved now: {saved_now}. "
        "Your numbers are still here: save again to keep yours."
    )


def running_score(play: Play, state: PlayState) -> tuple[Sheet | None, list[str]]:
    """The score of what has been entered so far, or the reasons there is none."""
    try:
        return play.score(partial=True, state=state), []
    except InvalidInput as e:
        return None, [error.message for error in e.errors]


def apply_step(data: QueryDict) -> QueryDict:
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


def json_error(status: int, field: str, message: str) -> JsonResponse:
    return JsonResponse({"errors": [{"field": field, "message": message}]}, status=status)


def json_answer(request: HttpRequest, compute: Callable[[Any], dict[str, Any]]) -> JsonResponse:
    """``compute`` on a POSTed JSON body: 200 with its answer, 400 with the errors,
    always JSON (a program on the other end reads it)."""
    if request.method != "POST":
        response = json_error(405, "", "Send the input with POST.")
        response["Allow"] = "POST"
        return response
    try:
        data = json.loads(request.body)
    except (ValueError, RecursionError):
        # ValueError covers bad JSON, bad UTF-8 and integers too long to read.
        return json_error(400, "", "The request body must be JSON.")
    try:
        return JsonResponse(compute(data))
    except InvalidInput as e:
        return JsonResponse(e.to_json(), status=400)
    except RecursionError:
        return json_error(400, "", "The input is nested too deeply to be a game.")
