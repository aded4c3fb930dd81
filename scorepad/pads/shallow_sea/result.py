"""What a Shallow Sea score shows: its lines in the live panel, and what the result
page adds (warnings, Ecosystem cards, Sealife values used, achievements, the ocean lit
for one line's explanation)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games.contract import Explanation, Sheet
from games.shallow_sea.data import BLUE_CARDS, ORANGE_CARDS
from games.shallow_sea.info import INFO
from scorepad.models import Play, Result
from scorepad.pads import Panel
from scorepad.pads.shallow_sea.drawing import draw_board
from scorepad.pads.shallow_sea.entry import board_of
from scorepad.pads.shallow_sea.sealife_values import values_in_play
from scorepad.pads.shallow_sea.text import card_label, color_word, printed_text, sealife_name


def score_lines(
    player: Any, mode: str, setup: Mapping[str, Any], *, rows: bool = True
) -> list[dict[str, Any]]:
    """One player's breakdown, labelled as the score pad's lines, for the live panel
    (``rows=False`` leaves out the row lines a paper sheet already shows)."""
    kept = {c["color"]: c["name"] for c in player.extra.get("ecosystem_cards", []) if c["scored"]}
    lines = []
    for category in INFO.categories_for(mode):
        key = category.key
        if key.startswith("row_") and not rows:
            continue
        label = str(category.shown_label)
        if key in ("orange", "blue"):
            cards = ORANGE_CARDS if key == "orange" else BLUE_CARDS
            names = [kept[key]] if key in kept else [cards[n].name for n in setup.get(key, [])]
            if names:
                either = pgettext("between the names of cards to choose from", " or ").join(names)
                if key == "orange":
                    label = _("Orange: %(cards)s") % {"cards": either}
                else:
                    label = _("Blue: %(cards)s") % {"cards": either}
        lines.append(
            {"key": key, "label": label, "vp": player.breakdown[key], "sub": key.startswith("row_")}
        )
    return lines


ACHIEVEMENT_STATES = {True: "earned", False: "missed", None: "tick"}


def _achievement_text(item: Mapping[str, Any]) -> str:
    if item["kind"] == "scenario":
        said = {
            "number": item["number"],
            "minimum": _("%(score)s+ VPs") % {"score": item["minimum_score"]},
            "reached": _("reached") if item["minimum_met"] else _("not reached"),
            "objective": _(item["objective"]),
        }
        if item["objective"] == "None.":
            return _("Scenario %(number)s: %(minimum)s (%(reached)s)") % said
        said["met"] = {True: _("met"), False: _("not met"), None: _("for you to judge")}[
            item["objective_met"]
        ]
        return (
            _(
                "Scenario %(number)s: %(minimum)s and: %(objective)s (%(minimum)s %(reached)s; "
                "objective %(met)s)"
            )
            % said
        )
    if item["kind"] == "modified":
        return _("Modified rule %(number)s: %(objective)s") % {
            "number": item["number"],
            "objective": _(item["objective"]),
        }
    return f"{item['number']}. {_(item['objective'])}"


def result_extras(play: Play, results: list[Result], sheet: Sheet | None) -> dict[str, Any]:
    """What the result page adds for Shallow Sea: the warnings, each Ecosystem card's
    VPs, the solo rank title (the result's headline), the left-out color of scenario 15
    and the achievements."""
    warnings = sheet.extra.get("warnings", []) if sheet else []
    cards: dict[tuple[str, int], list[str]] = {}
    for index, result in enumerate(results):
        for card in result.extra.get("ecosystem_cards", []):
            row = cards.setdefault((card["color"], card["number"]), [""] * len(results))
            kept = card["scored"] and len(play.options["setup"][card["color"]]) > 1
            row[index] = _("%(vp)s (kept)") % {"vp": card["vp"]} if kept else f"{card['vp']}"
    tables = []
    if cards:
        tables.append(
            {
                "title": _("Ecosystem cards"),
                "rows": [
                    {"label": card_label(color, number), "values": values}
                    for (color, number), values in cards.items()
                ],
            }
        )
    used = {r.name: values_in_play([board_of(r)]) for r in results}
    codes = sorted({code for values in used.values() for code in values})
    if codes:
        # Every tile keeps the values it was scored with: the result says which.
        tables.append(
            {
                "title": _("Sealife VPs used"),
                "rows": [
                    {
                        "label": sealife_name(code),
                        "values": [
                            printed_text(*used[r.name][code]) if code in used[r.name] else ""
                            for r in results
                        ],
                    }
                    for code in codes
                ],
            }
        )
    players = []
    headline = None
    for result in results:
        extra = result.extra
        lines = []
        if "rank_title" in extra:  # a solo game: its rank title heads the result
            headline = extra["rank_title"] or _("No rank title (below 130 points)")
        if "left_out_color" in extra:
            lines.append(
                _("Scenario 15: %(color)s corals left out")
                % {"color": color_word(extra["left_out_color"])}
            )
        items = [
            {"text": _achievement_text(a), "state": ACHIEVEMENT_STATES[a["earned"]]}
            for a in extra.get("achievements", [])
        ]
        lists = []
        if items:
            shown = [item for item in items if item["state"] != "missed"]
            missed = [item for item in items if item["state"] == "missed"]
            lists.append({"title": _("Achievements"), "items": shown, "missed": missed})
        if lines or lists:
            players.append({"name": result.name, "lines": lines, "lists": lists})
    return {"warnings": warnings, "tables": tables, "players": players, "headline": headline}


def explained_board(play: Play, result: Result, explanation: Explanation) -> Panel | None:
    """The seat's ocean with the spaces and bubbles of one line of its score lit (the
    result page's explanation); None for a line the board does not hold (Seashells, a
    paper-pad column)."""
    if play.options.get("entry", "board") != "board":
        return None
    if not explanation.spaces and not explanation.bubbles:
        return None
    board = draw_board(board_of(result), lit=explanation)
    return Panel("shallow_sea/lit_ocean.html", {"board": board, "result": result})
