"""The family's screens: the scoreboard with each round's status, and one seat's
counts per round, drawn from each game's ``RoundScreens`` (the play's codec)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods
from django.views.decorators.vary import vary_on_headers

from games.contract import InvalidInput, Sheet
from games.words import Rendered
from scorepad.codecs import all_codecs, get_codec
from scorepad.entries import fingerprint, new_editor
from scorepad.http import HtmxHttpRequest
from scorepad.languages import in_each_language
from scorepad.models import Play, Progress, Result, StaleEdit
from scorepad.models.changes import save_part
from scorepad.pads import DONE, EMPTY, ENTERING, SeatStatus
from scorepad.pads.rounds.codecs import RoundsCodec
from scorepad.pads.rounds.forms import RoundForm
from scorepad.pads.rounds.screens import RoundScreens
from scorepad.table import Access, access_to
from scorepad.views.common import (
    attach_errors,
    get_seat_for_user,
    get_seats_for_user,
    post_with_step_applied,
    render_screen,
    stale_message,
)
from scorepad.views.table import table_region


def screens_of(play: Play) -> RoundScreens:
    codec = get_codec(play.game)
    assert isinstance(codec, RoundsCodec)
    return codec.screens


def hub(request: HtmxHttpRequest, play: Play) -> HttpResponse:
    screens = screens_of(play)
    results = play.ordered_results()
    progress = play.progress(results, strict=True)
    rounds = _round_status(screens, results)
    _link_seats(play, rounds, access_to(request, play))
    ctx = {
        "play": play,
        "screens": screens,
        "results": results,
        "sheet": progress.sheet,
        "problems": progress.problems,
        "rounds": rounds,
        "rows": _scoreboard_rows(screens, results, progress.sheet),
        **table_region(request, play, results, progress),
    }
    return render_screen(request, "rounds/play.html", ctx, "scoreboard")


def _link_seats(play: Play, rounds: list[dict[str, Any]], access: Access) -> None:
    """Each round's seats link to their entry where this phone may enter it."""
    for number, round_ in enumerate(rounds, 1):
        for seat in round_["seats"]:
            may = access.may_change(seat["result"])
            seat["url"] = round_url(play, number, seat["result"].position) if may else None


def seat_status(play: Play, result: Result, progress: Progress) -> SeatStatus:
    screens = screens_of(play)
    last = screens.rounds
    entered = [n for n in range(1, last + 1) if str(n) in result.entry.get("rounds", {})]
    if len(entered) == last:
        return SeatStatus(
            DONE, _("all %(count)s %(things)s in") % {"count": last, "things": screens.nouns}
        )
    if entered:
        rounds = ", ".join(map(str, entered))
        return SeatStatus(ENTERING, _("round %(rounds)s in") % {"rounds": rounds})
    return SeatStatus(EMPTY)


def round_url(play: Play, round_number: int, position: int) -> str:
    return reverse("round_entry", args=[play.uuid, round_number, position])


def seat_url(play: Play, result: Result) -> str:
    """The seat's first round still to enter (the last round once all are in)."""
    entered = result.entry.get("rounds", {})
    last = screens_of(play).rounds
    number = next((n for n in range(1, last + 1) if str(n) not in entered), last)
    return round_url(play, number, result.position)


def _round_status(screens: RoundScreens, results: list[Result]) -> list[dict[str, Any]]:
    """For each round: whose entries are in, and how many they hold against the size."""
    size = screens.size(len(results)) if screens.size else None
    rounds = []
    for number in range(1, screens.rounds + 1):
        entries = [r.entry.get("rounds", {}).get(str(number)) for r in results]
        entered = [entry for entry in entries if entry is not None]
        rounds.append(
            {
                "number": number,
                "seats": [
                    {
                        "result": r,
                        "entered": entry is not None,
                        "full": entry is not None
                        and (size is None or screens.size_of(entry) == size),
                    }
                    for r, entry in zip(results, entries, strict=True)
                ],
                "entered": len(entered),
                "size": sum(screens.size_of(entry) for entry in entered),
                "expected_size": size * len(results) if size is not None else None,
            }
        )
    return rounds


def _scoreboard_rows(
    screens: RoundScreens, results: list[Result], sheet: Sheet | None
) -> list[dict[str, Any]]:
    """One row per player: points per round entered, the game's columns, running total."""
    rows = []
    for index, result in enumerate(results):
        score = sheet.players[index] if sheet else None
        entered = result.entry.get("rounds", {})
        round_points = score.extra.get("rounds", []) if score else []
        over = bool(score and sheet and sheet.complete)
        rows.append(
            {
                "result": result,
                "rounds": [
                    round_points[n - 1] if str(n) in entered and n <= len(round_points) else None
                    for n in range(1, screens.rounds + 1)
                ],
                "columns": [
                    {
                        "column": column,
                        "so_far": column.counted
                        % {"count": score.tiebreak.get(column.tiebreak, 0) if score else 0},
                        "points": score.breakdown[column.category] if score and over else None,
                    }
                    for column in screens.columns
                ],
                "total": score.total if score else None,
            }
        )
    return rows


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def round_entry(
    request: HtmxHttpRequest, play_id: UUID, round_number: int, position: int
) -> HttpResponse:
    family = {codec.slug for codec in all_codecs() if isinstance(codec, RoundsCodec)}
    play, read = get_seats_for_user(request, play_id, games=family)
    screens = screens_of(play)
    if not 1 <= round_number <= screens.rounds:
        raise Http404(f"{play.info.name} has {screens.rounds} rounds.")
    results, result, access = get_seat_for_user(request, play, position, read)
    waiting = _waiting_for(results, round_number - 1)
    if waiting and not access.is_host:
        # A seat's phone moves on with the table: the round before must be in first.
        names = ", ".join(r.name for r in waiting)
        messages.info(
            request,
            _("Round %(round)s opens once round %(before)s is in: waiting for %(names)s.")
            % {"round": round_number, "before": round_number - 1, "names": names},
        )
        return redirect(play)
    saved = result.entry.get("rounds", {}).get(str(round_number))

    def what_changed() -> str:
        return _("%(name)s's round %(round)s %(thing)s") % {
            "name": result.name,
            "round": round_number,
            "thing": screens.noun,
        }

    what = what_changed()
    # The record of corrections (kept for a finished play only) is read in each reader's
    # language.
    recorded = in_each_language(what_changed) if play.is_finished else ""

    errors: list[str] = []
    if request.method == "POST":
        # With htmx the script has already stepped the count in the page.
        form = RoundForm(screens, post_with_step_applied(request))
        if form.is_valid():
            errors = _save_round(
                request, play, results, result, round_number, form, access, (what, recorded)
            )
            if not errors and not form.errors and not request.htmx:
                if request.POST.get("go") == "next":
                    return redirect(_next_step(play, round_number, result, results, access)[0])
                # Back to the count that was stepped, not the top of the page.
                stepped = request.POST.get("step", "").partition(":")[0]
                return redirect(f"{request.path}#row-{stepped}" if stepped else request.path)
            saved = result.entry.get("rounds", {}).get(str(round_number))
    else:
        form = RoundForm(screens, initial=RoundForm.initial_from(screens, saved or {}))

    score = play.progress(results).player(results.index(result))
    rounds = _round_status(screens, results)
    seats = rounds[round_number - 1]["seats"]
    round_points = score.extra.get("rounds", []) if score else []
    if request.htmx:
        # A count saved answers with what it changed: the live panel and this seat's
        # chip (entered, or not the round's size); the rest of the screen stays.
        next_url, next_label = "", ""
        seats = [seat for seat in seats if seat["result"].pk == result.pk]
        for seat in seats:
            seat["url"] = round_url(play, round_number, position)
    else:
        _link_seats(play, rounds, access)
        next_url, next_label = _next_step(play, round_number, result, results, access)
    size = screens.size(len(results)) if screens.size else None
    shown = {"size": size is not None, "round": score is not None, "total": score is not None}
    ctx = {
        "play": play,
        "screens": screens,
        "result": result,
        "round_number": round_number,
        "form": form,
        "sections": [
            {
                "legend": section.legend.format(name=result.name, round=round_number),
                "section": section,
                "fields": form.fields_of(section),
            }
            for section in screens.sections
        ],
        "base": fingerprint(saved),
        "editor": request.POST.get("editor") or new_editor(),
        "errors": errors,
        "saved": saved is not None and not (errors or form.errors),
        "rejected": bool(errors or form.errors),
        "score": score,
        "seats": seats,
        "typed_size": form.typed_size(),
        "size": size,
        "live": [line for line in screens.live if shown.get(line)],
        "round_points": round_points[round_number - 1] if round_number <= len(round_points) else 0,
        "round_complete": rounds[round_number - 1]["entered"] == len(results),
        "next_url": next_url,
        "next_label": next_label,
        "change_label": what,
    }
    return render_screen(request, "rounds/entry.html", ctx, "htmx-update")


def _save_round(
    request: HtmxHttpRequest,
    play: Play,
    results: list[Result],
    result: Result,
    round_number: int,
    form: RoundForm,
    access: Access,
    named: tuple[str, Rendered | str],
) -> list[str]:
    """Save this round if the game still holds together with it; else say why not.
    ``named``: the round in the reader's words, and as the record of corrections keeps it.

    Errors that point at one of this form's fields are attached to it, the rest
    (limits across the whole game, say) are returned for the top of the form.
    """
    what, recorded = named
    try:
        save_part(
            play,
            result,
            ("rounds", str(round_number)),
            form.entry(),
            base=request.POST.get("base"),
            editor=request.POST.get("editor", ""),
            by=access.actor,
            what=recorded,
            seats=results,
        )
    except InvalidInput as e:
        return attach_errors(e, form, f"rounds[{round_number - 1}].{result.name}.")
    except StaleEdit as e:
        describe = form.screens.describe
        return [stale_message(request, what, describe(e.current or {}), describe(form.entry()))]
    return []


def _waiting_for(results: list[Result], round_number: int) -> list[Result]:
    """The seats whose round ``round_number`` is not in yet (none before round 1)."""
    if round_number < 1:
        return []
    return [r for r in results if str(round_number) not in r.entry.get("rounds", {})]


def _next_step(
    play: Play, round_number: int, result: Result, results: list[Result], access: Access
) -> tuple[str, str]:
    """Where "Save" goes next, and what its button says. The host goes through the
    players (those no other phone enters), then the next round's first of them, then
    the scoreboard; a seat's phone to its own next round once the round is in, or to
    the table to wait for it."""
    last = screens_of(play).rounds
    if not access.is_host:
        others = [r for r in _waiting_for(results, round_number) if r.pk != result.pk]
        if round_number < last and not others:
            url = round_url(play, round_number + 1, result.position)
            return url, _("Save, next: round %(round)s") % {"round": round_number + 1}
        return play.get_absolute_url(), _("Save and see the table")
    elsewhere = access.held_elsewhere()
    here = [r for r in results if r.pk not in elsewhere]
    later = [r for r in here if r.position > result.position]
    if later:
        label = _("Save, next: %(name)s") % {"name": later[0].name}
        return round_url(play, round_number, later[0].position), label
    if round_number < last and here:
        url = round_url(play, round_number + 1, here[0].position)
        label = _("Save, next: round %(round)s, %(name)s") % {
            "round": round_number + 1,
            "name": here[0].name,
        }
        return url, label
    return play.get_absolute_url(), _("Save and see the scoreboard")
