"""A group's history out and back in.

- CSV for spreadsheets: one row per player per play, with every scoring line.
- A Scorepad document (JSON): everything each finished play holds, the way it was
  entered, so another group or another Scorepad site can import it and score it again.
- A BG Stats play file, so a group that also logs in BG Stats types nothing twice.

Exports take the plays from a queryset and cost the same few queries however long the
history; importing is one transaction that keeps every play or none.
"""

from __future__ import annotations

import csv
import io
import json
import math
import re
import uuid
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime, time
from typing import Any

import orjson
from django.db import models, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.text import slugify

import games
from games.contract import InvalidInput, plural
from scorepad import records
from scorepad.bulk import NewRow, PreparedRows
from scorepad.codecs import all_codecs, get_codec, is_entered
from scorepad.entries import PlayState
from scorepad.models import Group, Play, Player, PlayEvent, PlayQuerySet, Result, new_host_key

FORMAT = "scorepad-history"
VERSION = 1


def finished_plays(group: Group) -> PlayQuerySet:
    """Oldest first: a file reads like the group's log book and imports in that order."""
    return group.plays.finished().order_by("played_on", "created", "pk")


def with_entries(plays: PlayQuerySet) -> PlayQuerySet:
    """Each play's results (entries included) with their players, and its logged
    events: two more queries, whatever the number of plays."""
    results = Result.objects.select_related("player").order_by("position")
    events = PlayEvent.objects.order_by("seq")
    return plays.prefetch_related(
        models.Prefetch("results", queryset=results), models.Prefetch("events", queryset=events)
    )


def source_id(play: Play) -> str:
    """The id a play was first recorded under, kept through imports, so the same game
    imported by several routes is still recognised as one."""
    return str(play.imported_from or play.uuid)


def filename(group: Group, suffix: str, today: date) -> str:
    return f"scorepad-{slugify(group.name) or 'group'}-{today.isoformat()}{suffix}"


# --- CSV ----------------------------------------------------------------------------

CSV_COLUMNS = ["date", "play", "game", "player", "total", "rank", "winner"]
# A spreadsheet runs a cell starting with these as a formula; names are typed by anyone.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def breakdown_keys(plays: Iterable[Play]) -> list[str]:
    """Every scoring line of the games in ``plays``, in the registry's order; games
    that share a key share the column (the ``game`` column tells them apart)."""
    present = {play.game for play in plays}
    keys: list[str] = []
    for codec in all_codecs():
        if codec.slug in present:
            keys += [c.key for c in codec.info.categories if c.key not in keys]
    return keys


def _text_cell(value: str) -> str:
    return f"'{value}" if value.startswith(FORMULA_STARTS) else value


def csv_rows(plays: Iterable[Play]) -> Iterator[list[Any]]:
    """Header, then one row per seat; a line the game (or this way of entering it)
    does not score is left empty."""
    plays = list(plays)
    keys = breakdown_keys(plays)
    yield [*CSV_COLUMNS, *keys]
    for play in plays:
        for result in play.results.all():
            yield [
                play.played_on.isoformat(),
                str(play.uuid),
                play.info.name,
                _text_cell(result.name),
                result.total,
                result.rank,
                "yes" if result.is_winner else "no",
                *(result.breakdown.get(key, "") for key in keys),
            ]


def csv_text(plays: Iterable[Play]) -> str:
    buffer = io.StringIO()
    csv.writer(buffer).writerows(csv_rows(plays))
    return buffer.getvalue()


# --- Scorepad document ----------------------------------------------------------------


def play_document(play: Play) -> dict[str, Any]:
    """What was entered (re-scored on import) and what it scored (for reading)."""
    results = list(play.results.all())
    return {
        "id": source_id(play),
        "game": play.game,
        "date": play.played_on.isoformat(),
        "mode": play.mode,
        "options": play.options,
        "players": [r.name for r in results],
        "entries": {r.name: r.entry for r in results},
        "events": [e.data for e in play.events.all()],
        "results": [
            {
                "player": r.name,
                "total": r.total,
                "rank": r.rank,
                "winner": r.is_winner,
                "breakdown": r.breakdown,
                "tiebreak": r.tiebreak,
                "extra": r.extra,
            }
            for r in results
        ],
        "notes": play.notes,
    }


def history_document(group: Group, plays: Iterable[Play], exported: datetime) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported": exported.isoformat(timespec="seconds"),
        "group": group.name,
        "plays": [play_document(play) for play in plays],
    }


# --- BG Stats -------------------------------------------------------------------------
#
# BG Stats documents one way in for other apps: "push" links carrying ONE play as JSON
# (https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/:
# game {name, bggId, highestWins, noPoints, sourceGameId}, playDate "YYYY-MM-DD HH:MM:SS",
# players [{name, score, rank, winner, startPlayer, role, sourcePlayerId}], sourceName,
# sourcePlayId). For a whole history we write BG Stats' own play file instead, the
# shape of its export and of the files it opens to import plays: top-level "games",
# "players", "locations" and "plays", each play with "gameRefId", "locationRefId",
# "playDate" and "playerScores" [{playerRefId, score, rank, winner, seatOrder,
# startPlayer, newPlayer}]. That file format is not published; the keys below are the
# ones a real BG Stats play file (pastebin.com/iDbHyBui) and tools that write files BG
# Stats imports (a Board Game Arena converter, MagicPlayExporter) agree on. Those files
# write scores as strings, as here. Scorepad knows no BoardGameGeek ids (bggId 0, as
# those tools write when unknown), durations, start players or teams.

BGSTATS_NAMESPACE = uuid.UUID("ebbbc369-d58e-4727-9670-8b10064539fc")
BGSTATS_ABOUT = (
    "Plays exported by Scorepad for Board Game Stats (BG Stats). Open this file with "
    "BG Stats to import them."
)
BGSTATS_LOCATION = "Scorepad"


def _bgstats_uuid(kind: str, key: Any) -> str:
    """The same thing gets the same uuid in every file, so BG Stats can match it again."""
    return str(uuid.uuid5(BGSTATS_NAMESPACE, f"{kind}:{key}"))


def bgstats_play_date(play: Play) -> str:
    """BG Stats wants a time too: when the play was recorded, if that was the day."""
    recorded = timezone.localtime(play.created)
    at = recorded.time().replace(microsecond=0) if recorded.date() == play.played_on else time()
    return f"{play.played_on.isoformat()} {at.isoformat()}"


def bgstats_document(plays: Iterable[Play], user: Any = None) -> dict[str, Any]:
    game_ids: dict[str, int] = {}
    player_ids: dict[int, int] = {}
    games_out: list[dict[str, Any]] = []
    players_out: list[dict[str, Any]] = []
    plays_out: list[dict[str, Any]] = []
    me = None
    for play in plays:
        if play.game not in game_ids:
            game_ids[play.game] = len(game_ids) + 1
            games_out.append(
                {
                    "id": game_ids[play.game],
                    "uuid": _bgstats_uuid("game", play.game),
                    "name": play.info.name,
                    "bggId": 0,
                    "highestWins": True,
                    "noPoints": False,
                    "cooperative": False,
                    "usesTeams": False,
                }
            )
        scores = []
        for result in play.results.all():
            player = result.player
            if player.pk not in player_ids:
                player_ids[player.pk] = len(player_ids) + 1
                players_out.append(
                    {
                        "id": player_ids[player.pk],
                        "uuid": _bgstats_uuid("player", player.pk),
                        "name": player.name,
                        "isAnonymous": False,
                    }
                )
                if user is not None and player.user_id is not None and player.user_id == user.pk:
                    me = player_ids[player.pk]
            scores.append(
                {
                    "playerRefId": player_ids[player.pk],
                    "score": str(result.total),
                    "rank": result.rank,
                    "winner": result.is_winner,
                    "seatOrder": result.position + 1,
                    "startPlayer": False,
                    "newPlayer": False,
                }
            )
        plays_out.append(
            {
                "uuid": source_id(play),
                "gameRefId": game_ids[play.game],
                "locationRefId": 1,
                "playDate": bgstats_play_date(play),
                "durationMin": 0,
                "rounds": 0,
                "ignored": False,
                "manualWinner": False,
                "usesTeams": False,
                "playerScores": scores,
            }
        )
    document: dict[str, Any] = {
        "about": BGSTATS_ABOUT,
        "games": games_out,
        "players": players_out,
        "locations": [
            {"id": 1, "uuid": _bgstats_uuid("location", "scorepad"), "name": BGSTATS_LOCATION}
        ],
        "plays": plays_out,
    }
    if me is not None:
        document["userInfo"] = {"meRefId": me}
    return document


# --- Import ---------------------------------------------------------------------------
#
# The whole file is read, checked and scored first, in memory, with nothing written and
# no lock held; then one short transaction writes every play at once, a few bulk INSERTs
# however many plays. On SQLite that transaction holds the database's only write lock
# (the settings take it at BEGIN): other people's saves wait that long, not for the
# scoring (docs/performance.md has the figures for a file of the largest size).

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
# The plays whose problems the page lists, and the names a message lists; the others
# are counted.
PROBLEMS_SHOWN = 100
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
class ImportReport:
    imported: int
    skipped: int

    def message(self) -> str:
        text = f"Imported {self.imported} play{'' if self.imported == 1 else 's'}."
        if self.skipped:
            were = "was" if self.skipped == 1 else "were"
            text += f" {self.skipped} {were} already in this group and skipped."
        return text


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
                "NaN (not a number)"
                if math.isnan(item)
                else "a number too large to keep (Infinity, or one like 1e400)"
            )
            return f"Its {_place(node)} is {what}: a play holds only ordinary numbers."
        if isinstance(item, str) and UNSAVABLE_CHARACTERS.search(item):
            return (
                f"Its {_place(node)} holds a character that cannot be kept "
                "(NUL, or half of a character pair)."
            )
        if isinstance(item, dict | list):
            if depth == MOST_DEPTH:
                return (
                    f"Its {_place(node)} is nested more than {MOST_DEPTH} levels deep; "
                    "no game's entry is."
                )
            children = item.items() if isinstance(item, dict) else enumerate(item)
            for key, child in children:
                if isinstance(key, str) and UNSAVABLE_CHARACTERS.search(key):
                    return (
                        f"Its {_place((key, node))} has a name with a character that cannot "
                        "be kept (NUL, or half of a character pair)."
                    )
                stack.append((child, (key, node), depth + 1))
    return None


def _read_play(number: int, raw: Any) -> IncomingPlay | Problem:
    """The play's parts as the file gives them, or every way in which they are not
    what an export holds. The game's rules are checked later, by scoring it."""
    if not isinstance(raw, dict):
        return Problem(f"Play {number}", ["It is not a play record."])
    errors: list[str] = []
    try:
        source = uuid.UUID(str(raw.get("id")))
    except ValueError:
        errors.append("It has no play id, which every exported play carries.")
    game = raw.get("game")
    info = None
    if isinstance(game, str) and is_entered(game):
        info = get_codec(game).info
    elif isinstance(game, str) and game in games.GAMES:
        errors.append(f"{games.get_game(game).INFO.name} plays cannot be kept on this site yet.")
    else:
        errors.append(f"Scorepad has no game called {game!r}.")
    written = raw.get("date")
    try:
        played_on = date.fromisoformat(written) if isinstance(written, str) else None
    except ValueError:
        played_on = None
    if played_on is None:
        errors.append("Its date is missing or not written as YYYY-MM-DD.")
    mode = raw.get("mode")
    if info is not None and mode not in info.modes:
        errors.append(f"{info.name} has no way of scoring called {mode!r}.")
    options = raw.get("options", {})
    if not isinstance(options, dict):
        errors.append("Its options are not a set of names and values.")
    players = raw.get("players")
    seated: set[str] = set()  # the names, once they are a list of a game's size
    if not isinstance(players, list) or not all(
        isinstance(name, str) and name.strip() == name and 0 < len(name) <= MAX_NAME_LENGTH
        for name in players
    ):
        errors.append(f"Its players must be a list of names of 1 to {MAX_NAME_LENGTH} characters.")
    elif info is not None and not info.min_players <= len(players) <= info.max_players:
        errors.append(
            f"It has {len(players):,} players; {info.name} is for {info.min_players} to "
            f"{info.max_players}."
        )
    else:
        seated = set(players)
        if len({name.casefold() for name in players}) < len(players):
            errors.append("Two of its players have the same name.")
    entries = raw.get("entries", {})
    if not isinstance(entries, dict) or not all(isinstance(e, dict) for e in entries.values()):
        errors.append("Its entries must give each player's entry by name.")
    elif seated and (unknown := [n for n in entries if n not in seated]):
        named = ", ".join(unknown[:NAMES_SHOWN])
        if len(unknown) > NAMES_SHOWN:
            named += f" and {len(unknown) - NAMES_SHOWN:,} more"
        errors.append(f"It has entries for {named}, who did not play.")
    events = raw.get("events", [])
    if not isinstance(events, list) or not all(
        isinstance(e, dict) and isinstance(e.get("type"), str) for e in events
    ):
        errors.append("Its logged events must be a list of events, each with its type.")
    if problem := _unsavable({part: raw.get(part) for part in SAVED_PARTS}):
        errors.append(problem)
    details = [part for part in (info and info.name, played_on and played_on.isoformat()) if part]
    where = f"Play {number}" + (f" ({', '.join(details)})" if details else "")
    if errors:
        return Problem(where, errors)
    assert isinstance(game, str) and isinstance(mode, str) and isinstance(players, list)
    assert played_on is not None
    return IncomingPlay(where, source, game, played_on, mode, options, players, entries, events)


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


def read_document(data: Any) -> list[IncomingPlay | Problem]:
    """Each play of a Scorepad document, or what is wrong with it, in the file's order;
    ImportRefused when the file as a whole is not one."""
    where = "The file"
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ImportRefused([Problem(where, ["It is not a Scorepad export."])])
    version = data.get("version")
    if not isinstance(version, int) or version < 1:
        raise ImportRefused(
            [Problem(where, ["It does not say which version of the format it is."])]
        )
    if version > VERSION:
        raise ImportRefused(
            [Problem(where, ["It was made by a newer Scorepad; this site reads version 1."])]
        )
    plays = data.get("plays")
    if not isinstance(plays, list):
        raise ImportRefused([Problem(where, ["It holds no list of plays."])])
    if len(plays) > MOST_PLAYS:
        raise ImportRefused(
            [
                Problem(
                    where,
                    [
                        f"It holds {len(plays):,} plays; one file brings in at most "
                        f"{MOST_PLAYS:,}. Split it into smaller files and import each."
                    ],
                )
            ]
        )
    return [_read_play(number, raw) for number, raw in enumerate(plays, 1)]


def _renamed(value: Any, names: Mapping[str, str]) -> Any:
    """``value`` with every player name the file spells differently from the group
    (``ana`` for the group's ``Ana``) written the group's way, as keys and as values."""
    if not names:
        return value
    if isinstance(value, dict):
        return {names.get(k, k): _renamed(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [_renamed(v, names) for v in value]
    if isinstance(value, str):
        return names.get(value, value)
    return value


def _players_by_name(group: Group) -> dict[str, Player]:
    """The group's players by their name in any capitals, the first by name where two
    differ only in capitals (as ``Group.player_named`` finds them)."""
    players: dict[str, Player] = {}
    for player in group.players.order_by("name", "pk"):
        players.setdefault(player.name.casefold(), player)
    return players


def _known_sources(group: Group, sources: list[uuid.UUID]) -> set[uuid.UUID | None]:
    """Which of the ``sources`` the group holds already: that very play, or an import of
    it. The group's plays are read whole rather than asked for ten thousand ids, which
    takes Django longer than reading every play a group has."""
    wanted = set(sources)
    known: set[uuid.UUID | None] = set()
    for pair in group.plays.values_list("uuid", "imported_from").iterator():
        if wanted.intersection(pair):
            known.update(pair)
    return known


@dataclass(eq=False)
class NewPlay(NewRow):
    uuid: uuid.UUID


@dataclass
class ImportPlan:
    """Every play of a file as it will be saved, already scored, and the group as it
    stood when they were scored (the players they were matched to, the plays skipped)."""

    sources: list[uuid.UUID]
    known: set[uuid.UUID | None]
    people: dict[str, Player]  # by casefolded name: the group's players and the new ones
    group_players: dict[str, tuple[int, str]]  # the group's own, as they stood
    new_plays: list[NewPlay] = field(default_factory=list)
    # Each row by its fields' names, as PreparedRows takes them.
    plays: list[dict[str, Any]] = field(default_factory=list)
    results: list[dict[str, Any]] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    skipped: int = 0
    rows: list[PreparedRows] = field(default_factory=list)  # the plays, results and events
    # Every new play's, given rather than left to the default: the records need it.
    created: datetime = field(default_factory=timezone.now)

    def still_fits(self, group: Group) -> bool:
        """Nothing the plan relied on changed: no play of the file came in meanwhile, and
        the group's players are the ones the plays were matched to."""
        players = {key: (p.pk, p.name) for key, p in _players_by_name(group).items()}
        return _known_sources(group, self.sources) == self.known and (players == self.group_players)

    def prepare(self) -> None:
        """Every row made ready to send, before the write transaction opens."""
        self.rows = [
            PreparedRows(Play, self.plays),
            PreparedRows(Result, self.results),
            PreparedRows(PlayEvent, self.events),
        ]

    def write(self, group: Group) -> ImportReport:
        """Six statements, whatever the number of plays."""
        Player.objects.bulk_create([p for p in self.people.values() if p.pk is None])
        plays, results, events = self.rows
        newest = Play.objects.aggregate(newest=Max("pk"))["newest"] or 0
        plays.insert()
        # The plays' ids, for their results and events to point at: the group's plays
        # newer than any before (asked by id, not by ten thousand uuids, which takes
        # Django longer than the INSERT); another phone's new play among them is no harm.
        newer = Play.objects.filter(group=group, pk__gt=newest).values_list("uuid", "pk")
        ids = dict(newer)
        for play in self.new_plays:
            play.pk = ids[play.uuid]
        results.insert()
        events.insert()
        records.count_seats(self.seats())
        return ImportReport(imported=len(self.plays), skipped=self.skipped)

    def seats(self) -> list[records.Seat]:
        """The new plays' seats as the records count them, from the rows just sent
        rather than read back: ten thousand plays' results would take a while."""
        plays = {row["uuid"]: row for row in self.plays}
        seats = []
        for row in self.results:
            play = row["play"]
            made = plays[play.uuid]
            seats.append(
                records.Seat(
                    result=None,
                    play=play.pk,
                    player=row["player"].pk,
                    position=row["position"],
                    total=row["total"],
                    rank=row["rank"],
                    game=made["game"],
                    mode=made["mode"],
                    group=made["group"].pk,
                    played_on=made["played_on"],
                    created=self.created,
                )
            )
        return seats


def plan_import(read: list[IncomingPlay | Problem], group: Group, user: Any) -> ImportPlan:
    """Each new play of the file built and scored by the rules, in memory; plays the
    group holds already (that very play, or an earlier import of it) are skipped.
    Two queries, nothing written. ImportRefused lists every play that cannot be read
    or does not score."""
    sources = [play.source for play in read if isinstance(play, IncomingPlay)]
    people = _players_by_name(group)
    plan = ImportPlan(
        sources=sources,
        known=_known_sources(group, sources),
        people=people,
        group_players={key: (p.pk, p.name) for key, p in people.items()},
    )
    seen = set(plan.known)
    problems: list[Problem] = []
    for play in read:
        if isinstance(play, Problem):
            problems.append(play)
        elif play.source in seen:
            plan.skipped += 1
        else:
            seen.add(play.source)
            if problem := _plan_play(plan, play, group, user):
                problems.append(problem)
    if problems:
        raise ImportRefused(_shown(problems))
    plan.prepare()
    return plan


def _shown(problems: list[Problem]) -> list[Problem]:
    if len(problems) <= PROBLEMS_SHOWN:
        return problems
    more = len(problems) - PROBLEMS_SHOWN
    return [
        *problems[:PROBLEMS_SHOWN],
        Problem(
            f"And {plural(more, 'more play')}",
            [f"{'It' if more == 1 else 'They'} cannot be imported either."],
        ),
    ]


def _plan_play(plan: ImportPlan, incoming: IncomingPlay, group: Group, user: Any) -> Problem | None:
    """Add the play to the plan as ``start_play`` and ``finish`` would save it, with its
    own date, entries and log; or say why it does not score."""
    seats = []
    for name in incoming.players:
        key = name.casefold()
        if key not in plan.people:
            plan.people[key] = Player(group=group, name=name)
        seats.append(plan.people[key])
    names = {old: p.name for old, p in zip(incoming.players, seats, strict=True) if old != p.name}
    entries = [_renamed(incoming.entries.get(name, {}), names) for name in incoming.players]
    events = [_renamed(data, names) for data in incoming.events]
    state = PlayState(
        players=[p.name for p in seats],
        options=incoming.options,
        mode=incoming.mode,
        entries={p.name: entry for p, entry in zip(seats, entries, strict=True)},
        events=events,
    )
    try:
        sheet = get_codec(incoming.game).final_sheet(state)
    except InvalidInput as e:
        return Problem(incoming.where, [error.message for error in e.errors])
    except (AttributeError, KeyError, TypeError, ValueError):
        # An entry or event of the wrong shape for its game, which only the game's own
        # reading of it can tell.
        message = "Its entries are not in the form Scorepad saves them, so it cannot be scored."
        return Problem(incoming.where, [message])
    play = NewPlay(uuid.uuid4())
    plan.new_plays.append(play)
    plan.plays.append(
        {
            "uuid": play.uuid,
            "game": incoming.game,
            "mode": incoming.mode,
            "options": incoming.options,
            "played_on": incoming.played_on,
            "group": group,
            "recorded_by": user,
            "status": Play.Status.FINISHED,
            "notes": sheet.notes,
            "imported_from": incoming.source,
            "created": plan.created,
            "host_key": new_host_key(),
        }
    )
    plan.results += [
        {
            "play": play,
            "player": player,
            "position": position,
            "entry": entry,
            **{name: getattr(scored, name) for name in Result.SCORED},
        }
        for position, (player, entry, scored) in enumerate(
            zip(seats, entries, sheet.players, strict=True)
        )
    ]
    plan.events += [{"play": play, "seq": seq, "data": data} for seq, data in enumerate(events, 1)]
    return None


def import_history(data: Any, group: Group, user: Any) -> ImportReport:
    """Re-create the document's plays in ``group``, matching players by name (new names
    join the group) and scoring each again by the rules; plays the group already holds
    are skipped. If any play cannot be read or does not score, nothing is kept and
    ImportRefused lists every such play. Everything is checked before the one short
    transaction that writes it all."""
    read = read_document(data)
    plan = plan_import(read, group, user)
    with transaction.atomic():
        Group.objects.select_for_update().filter(pk=group.pk).first()  # one import at a time
        if not plan.still_fits(group):
            # Another import, or a change to the group's players, came in meanwhile.
            plan = plan_import(read, group, user)
        return plan.write(group)
