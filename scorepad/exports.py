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
import uuid
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import date, datetime, time
from typing import Any

from django.db import models, transaction
from django.utils import timezone
from django.utils.text import slugify

import games
from games.contract import InvalidInput
from scorepad.models import Group, Play, PlayEvent, PlayQuerySet, Result
from scorepad.pads import all_pads, get_pad, is_entered

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
    for pad in all_pads():
        if pad.slug in present:
            keys += [c.key for c in pad.info.categories if c.key not in keys]
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


def _bgstats_play_date(play: Play) -> str:
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
                "playDate": _bgstats_play_date(play),
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

MAX_NAME_LENGTH = 60  # Player.name


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
        info = get_pad(game).info
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
    if not isinstance(players, list) or not all(
        isinstance(name, str) and name.strip() == name and 0 < len(name) <= MAX_NAME_LENGTH
        for name in players
    ):
        errors.append(f"Its players must be a list of names of 1 to {MAX_NAME_LENGTH} characters.")
    elif len({name.casefold() for name in players}) < len(players):
        errors.append("Two of its players have the same name.")
    entries = raw.get("entries", {})
    if not isinstance(entries, dict) or not all(isinstance(e, dict) for e in entries.values()):
        errors.append("Its entries must give each player's entry by name.")
    elif isinstance(players, list) and (unknown := [n for n in entries if n not in players]):
        errors.append(f"It has entries for {', '.join(unknown)}, who did not play.")
    events = raw.get("events", [])
    if not isinstance(events, list) or not all(
        isinstance(e, dict) and isinstance(e.get("type"), str) for e in events
    ):
        errors.append("Its logged events must be a list of events, each with its type.")
    details = [part for part in (info and info.name, played_on and played_on.isoformat()) if part]
    where = f"Play {number}" + (f" ({', '.join(details)})" if details else "")
    if errors:
        return Problem(where, errors)
    assert isinstance(game, str) and isinstance(mode, str) and isinstance(players, list)
    assert played_on is not None
    return IncomingPlay(where, source, game, played_on, mode, options, players, entries, events)


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
    if not isinstance(data.get("plays"), list):
        raise ImportRefused([Problem(where, ["It holds no list of plays."])])
    return [_read_play(number, raw) for number, raw in enumerate(data["plays"], 1)]


def _renamed(value: Any, names: Mapping[str, str]) -> Any:
    """``value`` with every player name the file spells differently from the group
    (``ana`` for the group's ``Ana``) written the group's way, as keys and as values."""
    if isinstance(value, dict):
        return {names.get(k, k): _renamed(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [_renamed(v, names) for v in value]
    if isinstance(value, str):
        return names.get(value, value)
    return value


def _recreate(incoming: IncomingPlay, group: Group, user: Any) -> Play:
    """Like ``start_play``, with the play's own date, entries and log; then scored by
    the rules, which raises InvalidInput when it does not score."""
    play = Play.objects.create(
        game=incoming.game,
        mode=incoming.mode,
        options=incoming.options,
        played_on=incoming.played_on,
        group=group,
        recorded_by=user,
        imported_from=incoming.source,
    )
    players = [group.player_named(name) for name in incoming.players]
    names = {old: p.name for old, p in zip(incoming.players, players, strict=True) if old != p.name}
    Result.objects.bulk_create(
        Result(
            play=play,
            player=player,
            position=position,
            entry=_renamed(incoming.entries.get(name, {}), names),
        )
        for position, (name, player) in enumerate(zip(incoming.players, players, strict=True))
    )
    PlayEvent.objects.bulk_create(
        PlayEvent(play=play, seq=seq, data=_renamed(data, names))
        for seq, data in enumerate(incoming.events, 1)
    )
    play.finish()
    return play


@transaction.atomic
def import_history(data: Any, group: Group, user: Any) -> ImportReport:
    """Re-create the document's plays in ``group``, matching players by name (new names
    join the group) and scoring each again by the rules. Plays the group already holds
    (that very play, or an earlier import of it) are skipped. If any play cannot be
    read or does not score, nothing is kept and ImportRefused lists every such play."""
    read = read_document(data)
    Group.objects.select_for_update().filter(pk=group.pk).first()  # one import at a time
    sources = [play.source for play in read if isinstance(play, IncomingPlay)]
    known: set[uuid.UUID | None] = set()
    for pair in group.plays.filter(
        models.Q(uuid__in=sources) | models.Q(imported_from__in=sources)
    ).values_list("uuid", "imported_from"):
        known.update(pair)
    problems: list[Problem] = []
    imported = skipped = 0
    for play in read:
        if isinstance(play, Problem):
            problems.append(play)
        elif play.source in known:
            skipped += 1
        else:
            known.add(play.source)
            if problem := _import_play(play, group, user):
                problems.append(problem)
            imported += 1
    if problems:
        raise ImportRefused(problems)
    return ImportReport(imported=imported, skipped=skipped)


def _import_play(play: IncomingPlay, group: Group, user: Any) -> Problem | None:
    """Re-create one play, or say why it does not score (and leave nothing of it)."""
    try:
        with transaction.atomic():
            _recreate(play, group, user)
    except InvalidInput as e:
        return Problem(play.where, [error.message for error in e.errors])
    except (AttributeError, KeyError, TypeError, ValueError):
        # An entry or event of the wrong shape for its game, which only the game's own
        # reading of it can tell.
        message = "Its entries are not in the form Scorepad saves them, so it cannot be scored."
        return Problem(play.where, [message])
    return None
