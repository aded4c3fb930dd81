"""Importing a Scorepad document: its plays scored again by the rules and saved at once."""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.contract import InvalidInput
from scorepad import records
from scorepad.bulk import NewRow, PreparedRows, cycles_collected_after
from scorepad.codecs import get_codec
from scorepad.entries import PlayState
from scorepad.exports.reading import ImportRefused, IncomingPlay, Problem, read_document
from scorepad.models import Group, Play, Player, PlayEvent, Result, new_host_key

#
# The whole file is read, checked and scored first, in memory, with nothing written and
# no lock held, and what its plays add to the records worked out; then one short
# transaction writes every play at once, a few bulk INSERTs however many plays, and adds
# the counts to the records it reads. On SQLite that transaction holds the database's only
# write lock (the settings take it at BEGIN): other people's saves wait that long, not for
# the scoring (docs/performance.md has the figures for a file of the largest size).
# The plays whose problems the page lists; the others are counted.
PROBLEMS_SHOWN = 100


@dataclass(frozen=True)
class ImportReport:
    imported: int
    skipped: int

    def message(self) -> str:
        text = ngettext("Imported %(count)s play.", "Imported %(count)s plays.", self.imported) % {
            "count": self.imported
        }
        if self.skipped:
            text += " " + ngettext(
                "%(count)s was already in this group and skipped.",
                "%(count)s were already in this group and skipped.",
                self.skipped,
            ) % {"count": self.skipped}
        return text


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
    """Every play of a file as it will be saved, already scored, what it will count in
    the records, and the group as it stood when they were scored (the players they were
    matched to, the plays skipped)."""

    sources: list[uuid.UUID]
    known: set[uuid.UUID | None]
    people: dict[str, Player]  # by casefolded name: the group's players and the new ones
    group_players: dict[str, tuple[int, str]]  # the group's own, as they stood
    new_plays: list[NewPlay] = field(default_factory=list)
    # Each row by its fields' names, as PreparedRows takes them.
    plays: list[dict[str, Any]] = field(default_factory=list)
    results: list[dict[str, Any]] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    # The new plays' seats as the records count them, before the rows have ids: a seat's
    # play is its place among new_plays, its player its place among people.
    seats: list[records.Seat] = field(default_factory=list)
    places: dict[str, int] = field(default_factory=dict)  # each of people's, by its key
    skipped: int = 0
    rows: list[PreparedRows] = field(default_factory=list)  # the plays, results and events
    counts: records.Counts = field(init=False)  # what the new plays add to the records
    # Every new play's, given rather than left to the default: the records need it.
    created: datetime = field(default_factory=timezone.now)

    def still_fits(self, group: Group) -> bool:
        """Nothing the plan relied on changed: no play of the file came in meanwhile, and
        the group's players are the ones the plays were matched to (and counted as)."""
        players = {key: (p.pk, p.name) for key, p in _players_by_name(group).items()}
        return _known_sources(group, self.sources) == self.known and (players == self.group_players)

    def person(self, name: str, group: Group) -> Player:
        """The group's player of that name in any capitals, or a new one to join it."""
        key = name.casefold()
        if key not in self.people:
            self.people[key] = Player(group=group, name=name)
            self.places[key] = len(self.places)
        return self.people[key]

    def prepare(self) -> None:
        """Every row made ready to send, and what the plays count in the records worked
        out, before the write transaction opens."""
        self.rows = [
            PreparedRows(Play, self.plays),
            PreparedRows(Result, self.results),
            PreparedRows(PlayEvent, self.events),
        ]
        self.counts = records.counts_of(self.seats)

    def write(self, group: Group) -> ImportReport:
        """Nine statements at most, whatever the number of plays, then the records' few."""
        Player.objects.bulk_create([p for p in self.people.values() if p.pk is None])
        plays, results, events = self.rows
        newest = Play.objects.aggregate(newest=Max("pk"))["newest"] or 0
        plays.insert()
        # The plays' ids, in the order the rows were sent, in which the database gives
        # them: the group's plays newer than any before that came from a file (no other
        # play does, and one import at a time writes to a group), asked by id rather than
        # by ten thousand uuids, which takes Django longer than the INSERT.
        newer = Play.objects.filter(group=group, pk__gt=newest, imported_from__isnull=False)
        ids = list(newer.order_by("pk").values_list("pk", flat=True))
        for play, pk in zip(self.new_plays, ids, strict=True):
            play.pk = pk
        results.insert()
        events.insert()
        players = [p.pk for p in self.people.values()]
        records.add(self.counts.with_ids(ids, players))
        return ImportReport(imported=len(self.plays), skipped=self.skipped)


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
        places={key: place for place, key in enumerate(people)},
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
            ngettext("And %(count)s more play", "And %(count)s more plays", more) % {"count": more},
            [ngettext("It cannot be imported either.", "They cannot be imported either.", more)],
        ),
    ]


def _plan_play(plan: ImportPlan, incoming: IncomingPlay, group: Group, user: Any) -> Problem | None:
    """Add the play to the plan as ``start_play`` and ``finish`` would save it, with its
    own date, entries and log; or say why it does not score."""
    seats = [plan.person(name, group) for name in incoming.players]
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
        message = _("Its entries are not in the form Scorepad saves them, so it cannot be scored.")
        return Problem(incoming.where, [message])
    play = NewPlay(uuid.uuid4())
    place = len(plan.new_plays)
    plan.new_plays.append(play)
    plan.plays.append(
        {
            "uuid": play.uuid,
            "game": incoming.game,
            "mode": incoming.mode,
            "options": incoming.options,
            "played_on": incoming.played_on,
            "started_at": incoming.started_at,
            "finished_at": incoming.finished_at,
            "group": group,
            "recorded_by": user,
            "status": Play.Status.FINISHED,
            "notes": sheet.stored_notes(),
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
    plan.seats += [
        records.Seat(
            result=None,
            play=place,
            player=plan.places[name.casefold()],
            position=position,
            total=scored.total,
            rank=scored.rank,
            game=incoming.game,
            mode=incoming.mode,
            group=group.pk,
            played_on=incoming.played_on,
            created=plan.created,
            breakdown=scored.breakdown,
        )
        for position, (name, scored) in enumerate(zip(incoming.players, sheet.players, strict=True))
    ]
    return None


def import_history(data: Any, group: Group, user: Any) -> ImportReport:
    """Re-create the document's plays in ``group``, matching players by name (new names
    join the group) and scoring each again by the rules; plays the group already holds
    are skipped. If any play cannot be read or does not score, nothing is kept and
    ImportRefused lists every such play. Everything is checked before the one short
    transaction that writes it all."""
    read = read_document(data)
    plan = plan_import(read, group, user)
    with cycles_collected_after(), transaction.atomic():
        Group.objects.select_for_update().filter(pk=group.pk).first()  # one import at a time
        if not plan.still_fits(group):
            # Another import, or a change to the group's players, came in meanwhile.
            plan = plan_import(read, group, user)
        return plan.write(group)
