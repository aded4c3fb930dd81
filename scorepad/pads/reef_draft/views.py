"""Reef Draft's screens: the scoreboard and one reef per player per round."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from games.contract import InvalidInput, Sheet
from games.reef_draft import INFO
from games.reef_draft.data import CARD_LABELS, DECK, HAND_SIZE, ROUNDS
from scorepad.entries import fingerprint, new_editor
from scorepad.http import HtmxHttpRequest
from scorepad.models import Actor, Play, Progress, Result, StaleEdit
from scorepad.pads import DONE, EMPTY, ENTERING, SeatStatus
from scorepad.pads.reef_draft.forms import ReefForm
from scorepad.table import Access, access_to
from scorepad.views.common import (
    _get_play_for_user,
    _get_seat_for_user,
    attach_errors,
    posted,
    render_screen,
    stale_message,
)
from scorepad.views.table import table_region


def hub(request: HtmxHttpRequest, play: Play) -> HttpResponse:
    results = play.ordered_results()
    progress = play.progress(results, strict=True)
    rounds = _round_status(results)
    _link_seats(play, rounds, access_to(request, play))
    ctx = {
        "play": play,
        "results": results,
        "sheet": progress.sheet,
        "problems": progress.problems,
        "rounds": rounds,
        "rows": _scoreboard_rows(results, progress.sheet),
        **table_region(request, play, results, progress),
    }
    return render_screen(request, "reef_draft/play.html", ctx, "scoreboard")


def _link_seats(play: Play, rounds: list[dict[str, Any]], access: Access) -> None:
    """Each round's seats link to their reef where this phone may enter it."""
    for number, round_ in enumerate(rounds, 1):
        for seat in round_["seats"]:
            may = access.may_change(seat["result"])
            seat["url"] = reef_url(play, number, seat["result"].position) if may else None


def seat_status(play: Play, result: Result, progress: Progress) -> SeatStatus:
    entered = [n for n in range(1, ROUNDS + 1) if str(n) in result.entry.get("rounds", {})]
    if len(entered) == ROUNDS:
        return SeatStatus(DONE, f"all {ROUNDS} reefs in")
    if entered:
        return SeatStatus(ENTERING, f"round {', '.join(map(str, entered))} in")
    return SeatStatus(EMPTY)


def reef_url(play: Play, round_number: int, position: int) -> str:
    return reverse("reef_entry", args=[play.uuid, round_number, position])


def seat_url(play: Play, result: Result) -> str:
    """The seat's first round still to enter (the last round once all are in)."""
    entered = result.entry.get("rounds", {})
    number = next((n for n in range(1, ROUNDS + 1) if str(n) not in entered), ROUNDS)
    return reef_url(play, number, result.position)


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
                    {
                        "result": r,
                        "entered": reef is not None,
                        "full": reef is not None and _reef_size(reef) == hand,
                    }
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
                if score and sheet and sheet.complete
                else None,
                "total": score.total if score else None,
            }
        )
    return rows


@require_http_methods(["GET", "POST"])
def reef_entry(
    request: HtmxHttpRequest, play_id: UUID, round_number: int, position: int
) -> HttpResponse:
    play = _get_play_for_user(request, play_id, games={INFO.slug})
    if not 1 <= round_number <= ROUNDS:
        raise Http404("Reef Draft has three rounds.")
    results, result, access = _get_seat_for_user(request, play, position)
    waiting = _waiting_for(results, round_number - 1)
    if waiting and not access.is_host:
        # A seat's phone moves on with the table: the round before must be in first.
        names = ", ".join(r.name for r in waiting)
        messages.info(
            request,
            f"Round {round_number} opens once round {round_number - 1} is in: waiting for {names}.",
        )
        return redirect(play)
    saved_reef = result.entry.get("rounds", {}).get(str(round_number))

    errors: list[str] = []
    if request.method == "POST":
        # With htmx the script has already stepped the count in the page.
        form = ReefForm(posted(request))
        if form.is_valid():
            errors = _save_reef(request, play, result, round_number, form, access.actor)
            if not errors and not form.errors and not request.htmx:
                if request.POST.get("go") == "next":
                    return redirect(_next_step(play, round_number, result, results, access)[0])
                # Back to the count that was stepped, not the top of the page.
                stepped = request.POST.get("step", "").partition(":")[0]
                return redirect(f"{request.path}#row-{stepped}" if stepped else request.path)
            saved_reef = result.entry.get("rounds", {}).get(str(round_number))
    else:
        form = ReefForm(initial=ReefForm.initial_from(saved_reef or {}))

    score = play.progress(results).player(results.index(result))
    rounds = _round_status(results)
    seats = rounds[round_number - 1]["seats"]
    round_points = score.extra["rounds"] if score else []
    if request.htmx:
        # A count saved answers with what it changed: the live total and this seat's
        # chip (entered, or not the hand's size); the rest of the screen stays.
        next_url, next_label = "", ""
        seats = [seat for seat in seats if seat["result"].pk == result.pk]
        for seat in seats:
            seat["url"] = reef_url(play, round_number, position)
    else:
        _link_seats(play, rounds, access)
        next_url, next_label = _next_step(play, round_number, result, results, access)
    ctx = {
        "play": play,
        "result": result,
        "round_number": round_number,
        "form": form,
        "base": fingerprint(saved_reef),
        "editor": request.POST.get("editor") or new_editor(),
        "errors": errors,
        "saved": saved_reef is not None and not (errors or form.errors),
        "rejected": bool(errors or form.errors),
        "score": score,
        "seats": seats,
        "reef_size": form.typed_card_count(),
        "round_points": round_points[round_number - 1] if round_number <= len(round_points) else 0,
        "round_complete": rounds[round_number - 1]["entered"] == len(results),
        "next_url": next_url,
        "next_label": next_label,
        "hand_size": HAND_SIZE[len(results)],
        "change_label": f"{result.name}'s round {round_number} reef",
    }
    return render_screen(request, "reef_draft/entry.html", ctx, "htmx-update")


def _save_reef(
    request: HtmxHttpRequest,
    play: Play,
    result: Result,
    round_number: int,
    form: ReefForm,
    by: Actor,
) -> list[str]:
    """Save this reef if the game still holds together with it; else say why not.

    Errors that point at one of this form's fields are attached to it, the rest
    (deck limits across the whole game, say) are returned for the top of the form.
    """
    try:
        play.save_part(
            result,
            ("rounds", str(round_number)),
            form.reef(),
            base=request.POST.get("base"),
            editor=request.POST.get("editor", ""),
            by=by,
            what=f"{result.name}'s round {round_number} reef",
        )
    except InvalidInput as e:
        return attach_errors(e, form, f"rounds[{round_number - 1}].{result.name}.")
    except StaleEdit as e:
        what = f"{result.name}'s round {round_number} reef"
        saved_now, yours = describe_reef(e.current or {}), describe_reef(form.reef())
        return [stale_message(request, what, saved_now, yours)]
    return []


def describe_reef(reef: dict[str, Any]) -> str:
    counts = [f"{n} {CARD_LABELS[kind].lower()}" for kind, n in reef.items() if kind in DECK and n]
    return ", ".join(counts) or "nothing"


def _waiting_for(results: list[Result], round_number: int) -> list[Result]:
    """The seats whose reef of ``round_number`` is not in yet (none before round 1)."""
    if round_number < 1:
        return []
    return [r for r in results if str(round_number) not in r.entry.get("rounds", {})]


def _next_step(
    play: Play, round_number: int, result: Result, results: list[Result], access: Access
) -> tuple[str, str]:
    """Where "Save" goes next, and what its button says. The host goes through the
    players (those no other phone enters), then the next round's first of them, then
    the scoreboard; a seat's phone to its own next reef once the round is in, or to
    the table to wait for it."""
    if not access.is_host:
        others = [r for r in _waiting_for(results, round_number) if r.pk != result.pk]
        if round_number < ROUNDS and not others:
            url = reef_url(play, round_number + 1, result.position)
            return url, f"Save, next: round {round_number + 1}"
        return play.get_absolute_url(), "Save and see the table"
    elsewhere = access.held_elsewhere()
    here = [r for r in results if r.pk not in elsewhere]
    later = [r for r in here if r.position > result.position]
    if later:
        return reef_url(play, round_number, later[0].position), f"Save, next: {later[0].name}"
    if round_number < ROUNDS and here:
        url = reef_url(play, round_number + 1, here[0].position)
        return url, f"Save, next: round {round_number + 1}, {here[0].name}"
    return play.get_absolute_url(), "Save and see the scoreboard"
