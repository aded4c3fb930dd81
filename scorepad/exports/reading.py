"""Reading an uploaded Scorepad document: each play's parts checked as the file gives
them, nothing scored yet (``importing`` scores and saves them)."""

from __future__ import annotations

import json
import math
import re
import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

import orjson
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

import games
from scorepad.codecs import get_codec, is_entered
from scorepad.exports.document import FORMAT, VERSION

MAX_NAME_LENGTH = 60  # Player.name
# The most plays one file brings in. The upload's 10 MB hold about 1,500 plays as the
# export writes them; this bounds a file of small ones, whose import stays inside a
# request's time (docs/performance.md: 10,000 plays of 6.6 KB, 14 s of CPU on the bench
# machine; the 10 MB upload's 1,500, 1.8 s).
MOST_PLAYS = 10_000
# How deeply an entry, an event or the options may nest. The deepest entry of any game
# (a board of tiles) nests 4 levels; the JSON reader takes nearly 1,000, more than
# saving (or exporting again) can.
MOST_DEPTH = 20
# The names a message lists; the others are counted.
NAMES_SHOWN = 5
# What no saved play can hold: NUL and half of a UTF-16 pair (JSON escapes let both in;
# PostgreSQL refuses them).
UNSAVABLE_CHARACTERS = re.compile("[\x00\ud800-\udfff]")
# The parts of a play record saved as the file gives them.
SAVED_PARTS = ("options", "players", "entries", "events")


@dataclass(frozen=True)
class Problem:
    """What stops one play (or the whole file) from being imported."""

    where: str
    messages: list[str]


class ImportRefused(Exception):
    def __init__(self, problems: list[Problem]):
        super().__init__("; ".join(f"{p.where}: {' '.join(p.messages)}" for p in problems))
        self.problems = problems


@dataclass(frozen=True)
class IncomingPlay:
    where: str  # "Play 3 (<game>, 2026-11-20)": its place in the file, from 1
    source: uuid.UUID
    game: str
    played_on: date
    mode: str
    options: dict[str, Any]
    players: list[str]
    entries: dict[str, dict[str, Any]]
    events: list[dict[str, Any]]
    started_at: datetime | None = None
    finished_at: datetime | None = None


def _place(node: tuple[Any, Any]) -> str:
    """``entries.Ana.rounds[0]`` from the chain of keys ``_find_unsavable`` keeps."""
    parts: list[str] = []
    while node is not None:
        key, node = node
        parts.append(f"[{key}]" if isinstance(key, int) else f".{key}")
    # A name may hold the very character that is refused: shown as the replacement sign.
    return UNSAVABLE_CHARACTERS.sub(
        "\N{REPLACEMENT CHARACTER}", "".join(reversed(parts)).lstrip(".")
    )


def _unsavable(parts: Mapping[str, Any]) -> str | None:
    """What in the play's ``parts`` (as the JSON reader gave them) a saved play cannot
    hold, named by its place (``entries.Ana.rounds.1.jellies``); None when all of it can."""
    return None if _surely_savable(parts) else _find_unsavable(parts)


def _surely_savable(parts: Mapping[str, Any]) -> bool:
    """The quick look, for every play: only whether anything is amiss, so it keeps no
    places (``_find_unsavable`` finds the place once something is). JSON gives exact
    types, so they are compared by identity: the look is a large share of an import."""
    stack: list[tuple[Any, int]] = [(parts, 0)]
    while stack:
        container, depth = stack.pop()
        if depth > MOST_DEPTH:  # ``parts`` itself is one level more than its parts
            return False
        if type(container) is dict:
            texts: Iterable[Any] = container
            values = container.values()
        else:
            texts, values = (), container
        for value in (*texts, *values):
            kind = type(value)
            if kind is dict or kind is list:
                stack.append((value, depth + 1))
            elif kind is float:
                if not math.isfinite(value):
                    return False
            elif kind is str and (
                "\x00" in value
                if value.isascii()
                else UNSAVABLE_CHARACTERS.search(value) is not None
            ):
                return False
    return True


def _find_unsavable(parts: Mapping[str, Any]) -> str | None:
    """The close look: every value, walked without recursion, so no depth the JSON
    reader takes can break it."""
    stack: list[tuple[Any, Any, int]] = [(value, (part, None), 0) for part, value in parts.items()]
    while stack:
        item, node, depth = stack.pop()
        if isinstance(item, float) and not math.isfinite(item):
            what = (
                _("NaN (not a number)")
                if math.isnan(item)
                else _("a number too large to keep (Infinity, or one like 1e400)")
            )
            return _("Its %(place)s is %(what)s: a play holds only ordinary numbers.") % {
                "place": _place(node),
                "what": what,
            }
        if isinstance(item, str) and UNSAVABLE_CHARACTERS.search(item):
            return _(
                "Its %(place)s holds a character that cannot be kept "
                "(NUL, or half of a character pair)."
            ) % {"place": _place(node)}
        if isinstance(item, dict | list):
            if depth == MOST_DEPTH:
                return _(
                    "Its %(place)s is nested more than %(most)s levels deep; no game's entry is."
                ) % {"place": _place(node), "most": MOST_DEPTH}
            children = item.items() if isinstance(item, dict) else enumerate(item)
            for key, child in children:
                if isinstance(key, str) and UNSAVABLE_CHARACTERS.search(key):
                    return _(
                        "Its %(place)s has a name with a character that cannot be kept "
                        "(NUL, or half of a character pair)."
                    ) % {"place": _place((key, node))}
                stack.append((child, (key, node), depth + 1))
    return None


def _read_play(number: int, raw: Any) -> IncomingPlay | Problem:
    """The play's parts as the file gives them, or every way in which they are not
    what an export holds. The game's rules are checked later, by scoring it."""
    if not isinstance(raw, dict):
        return Problem(_("Play %(number)s") % {"number": number}, [_("It is not a play record.")])
    errors: list[str] = []
    try:
        source = uuid.UUID(str(raw.get("id")))
    except ValueError:
        errors.append(_("It has no play id, which every exported play carries."))
    game = raw.get("game")
    info = None
    if isinstance(game, str) and is_entered(game):
        info = get_codec(game).info
    elif isinstance(game, str) and game in games.GAMES:
        errors.append(
            _("%(game)s plays cannot be kept on this site yet.")
            % {"game": games.get_game(game).INFO.name}
        )
    else:
        errors.append(_("Scorepad has no game called %(game)s.") % {"game": repr(game)})
    written = raw.get("date")
    try:
        played_on = date.fromisoformat(written) if isinstance(written, str) else None
    except ValueError:
        played_on = None
    if played_on is None:
        errors.append(_("Its date is missing or not written as YYYY-MM-DD."))
    started_at, finished_at = (_moment(raw.get(part), errors) for part in ("started", "finished"))
    mode = raw.get("mode")
    if info is not None and mode not in info.modes:
        errors.append(
            _("%(game)s has no way of scoring called %(mode)s.")
            % {"game": info.name, "mode": repr(mode)}
        )
    options = raw.get("options", {})
    if not isinstance(options, dict):
        errors.append(_("Its options are not a set of names and values."))
    players = raw.get("players")
    seated: set[str] = set()  # the names, once they are a list of a game's size
    if not isinstance(players, list) or not all(
        isinstance(name, str) and name.strip() == name and 0 < len(name) <= MAX_NAME_LENGTH
        for name in players
    ):
        errors.append(
            _("Its players must be a list of names of 1 to %(most)s characters.")
            % {"most": MAX_NAME_LENGTH}
        )
    elif info is not None and not info.min_players <= len(players) <= info.max_players:
        errors.append(
            ngettext(
                "It has %(count)s players; %(game)s is for %(least)s to %(most)s.",
                "It has %(count)s players; %(game)s is for %(least)s to %(most)s.",
                len(players),
            )
            % {
                "count": f"{len(players):,}",
                "game": info.name,
                "least": info.min_players,
                "most": info.max_players,
            }
        )
    else:
        seated = set(players)
        if len({name.casefold() for name in players}) < len(players):
            errors.append(_("Two of its players have the same name."))
    entries = raw.get("entries", {})
    if not isinstance(entries, dict) or not all(isinstance(e, dict) for e in entries.values()):
        errors.append(_("Its entries must give each player's entry by name."))
    elif seated and (unknown := [n for n in entries if n not in seated]):
        named = ", ".join(unknown[:NAMES_SHOWN])
        if len(unknown) > NAMES_SHOWN:
            named = _("%(names)s and %(count)s more") % {
                "names": named,
                "count": f"{len(unknown) - NAMES_SHOWN:,}",
            }
        errors.append(_("It has entries for %(names)s, who did not play.") % {"names": named})
    events = raw.get("events", [])
    if not isinstance(events, list) or not all(
        isinstance(e, dict) and isinstance(e.get("type"), str) for e in events
    ):
        errors.append(_("Its logged events must be a list of events, each with its type."))
    if problem := _unsavable({part: raw.get(part) for part in SAVED_PARTS}):
        errors.append(problem)
    details = [part for part in (info and info.name, played_on and played_on.isoformat()) if part]
    where = (
        _("Play %(number)s (%(details)s)") % {"number": number, "details": ", ".join(details)}
        if details
        else _("Play %(number)s") % {"number": number}
    )
    if errors:
        return Problem(where, errors)
    assert isinstance(game, str) and isinstance(mode, str) and isinstance(players, list)
    assert played_on is not None
    return IncomingPlay(
        where,
        source,
        game,
        played_on,
        mode,
        options,
        players,
        entries,
        events,
        started_at,
        finished_at,
    )


def _moment(written: Any, errors: list[str]) -> datetime | None:
    """When the game began or ended, if the file says: a date and time with its offset
    from UTC (as the export writes it)."""
    if written is None:
        return None
    try:
        moment = datetime.fromisoformat(written) if isinstance(written, str) else None
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        errors.append(
            _(
                "Its start and finish times must be written as YYYY-MM-DDTHH:MM:SS+HH:MM, or "
                "left out."
            )
        )
        return None
    return moment


def read_json(upload: bytes) -> Any:
    """An uploaded file's JSON. orjson reads a large export in half the standard
    reader's time; what it refuses (NaN, Infinity, integers past 64 bits, lone halves of
    a character pair) the standard reader takes, so ``read_document`` can name the
    field that holds it. ValueError (or RecursionError) when it is not JSON at all."""
    upload = upload.removeprefix("\N{BYTE ORDER MARK}".encode())
    try:
        return orjson.loads(upload)
    except orjson.JSONDecodeError:
        return json.loads(upload.decode("utf-8"))


BGSTATS_REFUSED = gettext_lazy(
    "It is a BG Stats file. It holds each player's total, not what Scorepad scores a play "
    "from (the boards, the counts, the rounds), so its plays cannot be brought in. Import "
    "the Scorepad file instead: Export, “Scorepad file (JSON)”, on the group it came from."
)


def is_bgstats_file(data: Any) -> bool:
    """Whether the document is shaped as BG Stats' play files are (ours among them):
    games, players and plays scored by ``playerScores``."""
    if not isinstance(data, dict) or "format" in data:
        return False
    plays = data.get("plays")
    return (
        isinstance(data.get("games"), list)
        and isinstance(plays, list)
        and any(isinstance(p, dict) and "playerScores" in p for p in plays[:1])
    )


def read_document(data: Any) -> list[IncomingPlay | Problem]:
    """Each play of a Scorepad document, or what is wrong with it, in the file's order;
    ImportRefused when the file as a whole is not one."""
    where = _("The file")
    if is_bgstats_file(data):
        raise ImportRefused([Problem(where, [str(BGSTATS_REFUSED)])])
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ImportRefused([Problem(where, [_("It is not a Scorepad export.")])])
    version = data.get("version")
    if not isinstance(version, int) or version < 1:
        raise ImportRefused(
            [Problem(where, [_("It does not say which version of the format it is.")])]
        )
    if version > VERSION:
        raise ImportRefused(
            [Problem(where, [_("It was made by a newer Scorepad; this site reads version 1.")])]
        )
    plays = data.get("plays")
    if not isinstance(plays, list):
        raise ImportRefused([Problem(where, [_("It holds no list of plays.")])])
    if len(plays) > MOST_PLAYS:
        raise ImportRefused(
            [
                Problem(
                    where,
                    [
                        _(
                            "It holds %(count)s plays; one file brings in at most %(most)s. "
                            "Split it into smaller files and import each."
                        )
                        % {"count": f"{len(plays):,}", "most": f"{MOST_PLAYS:,}"}
                    ],
                )
            ]
        )
    return [_read_play(number, raw) for number, raw in enumerate(plays, 1)]
