"""What every screen needs: finding things the user may see, and the running score."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any
from uuid import UUID

from django.http import Http404, HttpRequest, JsonResponse, QueryDict
from django.shortcuts import get_object_or_404

import games
from games.contract import InvalidInput, Sheet
from scorepad.entries import has_web_entry
from scorepad.models import Group, Play, PlayState


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
