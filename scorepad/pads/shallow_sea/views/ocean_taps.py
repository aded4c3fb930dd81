"""One space or one bubble of an ocean tapped: its form, and saving it; a typed
Sealife value may teach the play's groups."""

from __future__ import annotations

import json
from typing import Any, cast
from uuid import UUID

from django.db import transaction
from django.http import Http404, HttpResponse
from django.urls import reverse
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from games.contract import InvalidInput
from games.shallow_sea.data import SEALIFE, SPACE_POINTS
from scorepad.http import HtmxHttpRequest
from scorepad.models import Play, StaleEdit
from scorepad.models.changes import change_part
from scorepad.pads.shallow_sea.entry import (
    board_of,
    fish_on_bubbles,
    with_fish,
    with_tile,
)
from scorepad.pads.shallow_sea.forms.ocean import FishForm, TileForm
from scorepad.pads.shallow_sea.geometry import BUBBLE_SHAPES, SPACE_SHAPES, bubble_point
from scorepad.pads.shallow_sea.models import GroupSealifeValue, Lesson
from scorepad.pads.shallow_sea.sealife_values import (
    PrintedVP,
    Question,
    printed_values,
    teaching_question,
)
from scorepad.pads.shallow_sea.text import color_word, describe_tile
from scorepad.pads.shallow_sea.views.ocean import BoardTap, after_save, editor_screen
from scorepad.pads.shallow_sea.views.seat import get_seats_play_for_user
from scorepad.views.common import attach_errors, get_seat_for_user, stale_message


@require_http_methods(["GET", "POST"])
def ocean_space(request: HtmxHttpRequest, play_id: UUID, position: int, space: str) -> HttpResponse:
    """One space: what lies on it. Saving it changes that one tile of the saved ocean."""
    play, seats = get_seats_play_for_user(request, play_id, "board")
    if space not in SPACE_POINTS:
        raise Http404("No such space on the board.")
    results, result, access = get_seat_for_user(request, play, position, seats)
    sealife = play.options.get("setup", {}).get("sealife", [])
    # Read only for a Sealife tile (its pre-filled VPs): a coral saved asks nothing more.
    printed = cast(
        dict[str, PrintedVP],
        SimpleLazyObject(lambda: printed_values(play, results, request.user)),
    )
    before = board_of(result)
    tile = before.get("tiles", {}).get(space)
    errors: list[str] = []
    question: Question | None = None
    if request.method == "POST":
        form = TileForm(sealife, printed, request.POST)
        if form.is_valid():
            new_tile = form.tile()
            lesson = _lesson(play, new_tile, form)
            answer = form.answer(lesson) if lesson else ""
            if not form.errors:

                def change(board: dict[str, Any]) -> dict[str, Any]:
                    return _with_tile_unless_changed(board, space, new_tile, form)

                by = access.actor
                try:
                    if lesson and lesson.differing and not answer:
                        # Saved and taken back: a tile the game refuses asks nothing.
                        with transaction.atomic():
                            change_part(play, position, ("board",), change, by=by, seats=results)
                            raise Unanswered
                    saved = change_part(play, position, ("board",), change, by=by, seats=results)
                except Unanswered:
                    assert lesson is not None
                    play.refresh_from_db()
                    question = teaching_question(lesson)
                except InvalidInput as e:
                    prefix = f"boards.{result.name}.tiles.{space}."
                    errors = attach_errors(e, form, prefix)
                except StaleEdit as e:
                    # Shown again as it was typed, over what is saved now: saving it again keeps it.
                    form.data = request.POST.copy()
                    form.data["base"] = json.dumps(e.current)
                    now, yours = describe_tile(e.current), describe_tile(new_tile)
                    errors = [stale_message(request, space, now, yours)]
                else:
                    said = _("%(space)s: %(tile)s.") % {
                        "space": space,
                        "tile": describe_tile(new_tile),
                    }
                    learnt = _teach_group(request, play, lesson, replace=answer == "group")
                    tapped = BoardTap("tiles", before, request.POST.get("drawn"), space=space)
                    return after_save(request, play, position, tapped, said, learnt, saved)
    else:
        form = TileForm(sealife, printed, initial=TileForm.initial_from(tile))
    shape = SPACE_SHAPES[space]
    url = reverse("shallow_sea_space", args=[play.uuid, position, space])
    editor = {
        "kind": "space",
        "space": space,
        "title": shape.title,
        "url": url,
        "question": question,
    }
    return editor_screen(request, play, results, result, "tiles", editor, form, errors)


def _with_tile_unless_changed(
    board: dict[str, Any], space: str, tile: dict[str, Any] | None, form: TileForm
) -> dict[str, Any]:
    """The board with the new tile, unless another phone saved a different tile on the
    space since this form showed it: two phones never overwrite each other silently."""
    current = board.get("tiles", {}).get(space)
    compared, shown = form.base_tile()
    if compared and current != shown and current != tile:
        raise StaleEdit(current)
    return with_tile(board, space, tile)


class Unanswered(Exception):
    """A typed Sealife value differs from what the group remembers, and the player has
    not said yet whether the group should remember it instead."""


def _lesson(play: Play, tile: dict[str, Any] | None, form: TileForm) -> Lesson | None:
    """What the values typed for a Sealife tile would teach the play's group, whoever
    typed them (a member, the host, a phone holding a seat); a value that pre-filled the
    tile teaches nothing, nor does a play in no group (its values stay with it). The
    site's catalogue changes only on its own screen."""
    if not play.group_id or not tile or tile.get("kind") != "sealife":
        return None
    code, typed = tile["code"], form.cleaned_data
    known = form.printed[code]  # what pre-filled the tile: nothing new to keep
    vp, partial_vp = typed.get("vp"), typed.get("partial_vp")
    return GroupSealifeValue.objects.lesson(
        play.group_id,
        code,
        vp if vp != known.vp else None,
        partial_vp if partial_vp != known.partial_vp else None,
    )


def _teach_group(
    request: HtmxHttpRequest, play: Play, lesson: Lesson | None, *, replace: bool
) -> list[str]:
    """The play's group learns the lesson (a value it remembers otherwise only when the
    player said so: ``replace``); the words that say so."""
    if lesson is None or play.group_id is None:
        return []
    by = request.user if request.user.is_authenticated else None
    if not GroupSealifeValue.objects.learn(play.group_id, by, lesson, replace=replace):
        return []
    return [
        _("The group's next plays will know the %(sealife)s's VPs.")
        % {"sealife": SEALIFE[lesson.code].name}
    ]


@require_http_methods(["GET", "POST"])
def ocean_bubble(
    request: HtmxHttpRequest, play_id: UUID, position: int, bubble: str
) -> HttpResponse:
    """One bubble: the Incomplete Fish on it, if any."""
    play, seats = get_seats_play_for_user(request, play_id, "board")
    point = bubble_point(bubble)
    if point is None:
        raise Http404("No such bubble on the board.")
    results, result, access = get_seat_for_user(request, play, position, seats)
    before = board_of(result)
    errors: list[str] = []
    if request.method == "POST":
        form = FishForm(request.POST)
        if form.is_valid():
            color = form.cleaned_data["color"]
            color = None if color == "none" else color
            try:
                saved = change_part(
                    play,
                    position,
                    ("board",),
                    lambda board: with_fish(board, point, color),
                    by=access.actor,
                    seats=results,
                )
            except InvalidInput as e:
                errors = attach_errors(e, form, f"boards.{result.name}.fish", lambda _: "color")
            else:
                name = BUBBLE_SHAPES[point].shown_name
                if color:
                    said = _("%(bubble)s: %(color)s fish.") % {
                        "bubble": name,
                        "color": color_word(color),
                    }
                else:
                    said = _("%(bubble)s: no fish.") % {"bubble": name}
                tapped = BoardTap("fish", before, request.POST.get("drawn"), bubble=point)
                return after_save(request, play, position, tapped, said, [], saved)
    else:
        color = fish_on_bubbles(board_of(result)).get(point)
        form = FishForm(initial={"color": color or "none"})
    shape = BUBBLE_SHAPES[point]
    url = reverse("shallow_sea_bubble", args=[play.uuid, position, shape.name])
    editor = {
        "kind": "bubble",
        "point": point,
        "name": shape.name,
        "title": shape.title,
        "url": url,
    }
    return editor_screen(request, play, results, result, "fish", editor, form, errors)
