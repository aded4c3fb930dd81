"""Skill ratings: one per player, game and group, with OpenSkill's Plackett–Luce model.

Every finished play of a game in a group with two seats or more (a solo play has nobody
to beat) moves its players' ratings, in the order the plays were played (the day, then
when the play was made, then its id), a shared place as a tie. The order matters: a play
finished, corrected, voided, restored, deleted, moved, merged or imported anywhere in a
group's history changes every rating after it. So whatever changes the plays the records
count (scorepad/records.py, in the same transaction) works that game's ratings out again
in that group from the earliest play it touches on (``replay``): the steps before it are
kept, and each player starts from the last of theirs. ``rebuild`` replays every group's
every game from the start; ``snapshot`` lets the tests compare the two.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from datetime import date, datetime
from itertools import groupby
from typing import Any

from django.db.models import F, Q, Window
from django.db.models.functions import RowNumber
from openskill.models import PlackettLuce

from scorepad.bulk import PreparedRows
from scorepad.models.plays import Play
from scorepad.models.records import Rating, RatingStep
from scorepad.models.seats import Result

MODEL = PlackettLuce()
START = MODEL.rating()

# Where a play stands in a group's history: its day, when it was made, its id.
PlayKey = tuple[date, datetime, int]


@dataclass(frozen=True)
class Skill:
    """A player's rating at some point: skill, uncertainty, plays rated so far; and,
    kept with it because it too depends on the order played, the wins in a row up to
    then (a shared win is a win) and the most there have been."""

    mu: float
    sigma: float
    plays: int = 0
    streak: int = 0
    longest: int = 0


FRESH = Skill(START.mu, START.sigma)


def rate(table: list[tuple[Skill, int]]) -> list[Skill]:
    """The skills after one play: ``table`` holds each seat's skill before it and its
    rank (1 the best; a shared rank a tie)."""
    teams = [[MODEL.rating(mu=skill.mu, sigma=skill.sigma)] for skill, _ in table]
    rated = MODEL.rate(teams, ranks=[rank for _, rank in table])
    after = []
    for team, (skill, rank) in zip(rated, table, strict=True):
        streak = skill.streak + 1 if rank == 1 else 0
        after.append(
            Skill(team[0].mu, team[0].sigma, skill.plays + 1, streak, max(skill.longest, streak))
        )
    return after


def _seats_from(since: dict[tuple[int, str], PlayKey | None]) -> Q:
    """The rows (seats, steps) of the plays of each group's game at or after its key in
    the group's history (every play of it for None)."""
    found = Q(pk__in=[])
    for (group, game), key in since.items():
        this = Q(play__group_id=group, play__game=game)
        if key is not None:
            day, made, pk = key
            this &= (
                Q(play__played_on__gt=day)
                | Q(play__played_on=day, play__created__gt=made)
                | Q(play__played_on=day, play__created=made, play_id__gte=pk)
            )
        found |= this
    return found


# The groups' games a rebuild replays in one go: each is a term of its statements'
# conditions (SQLite parses no deeper than 1,000).
REPLAYED_AT_ONCE = 200

ORDER = ["play__group_id", "play__game", "play__played_on", "play__created", "play_id"]


def replay(since: dict[tuple[int, str], PlayKey | None], without: Iterable[int] = ()) -> None:
    """Work each group's game's ratings out again from the play at its ``since`` on (from
    the start for None), leaving out the plays ``without`` (about to be taken out of the
    records: a play being voided, deleted or changed): a few statements for any number
    of games and plays."""
    if not since:
        return
    games = Q(pk__in=[])
    for group, game in since:
        games |= Q(group_id=group, game=game)
    steps = RatingStep.objects.filter(games)
    steps.filter(_seats_from(since)).delete()
    latest = steps.annotate(
        n=Window(
            RowNumber(),
            partition_by=[F("group_id"), F("game"), F("player_id")],
            order_by=[F(f).desc() for f in ORDER[2:]],
        )
    ).filter(n=1)
    skills = {
        (group, game, player): Skill(mu, sigma, plays, streak, longest)
        for group, game, player, mu, sigma, plays, streak, longest in latest.values_list(
            "group_id", "game", "player_id", "mu", "sigma", "plays", "streak", "longest"
        )
    }
    plays = Play.objects.finished().contested().exclude(pk__in=list(without))
    seats = (
        Result.objects.filter(play__in=plays)
        .filter(_seats_from(since))
        .order_by(*ORDER, "position")
        .values_list("play__group_id", "play__game", "play_id", "pk", "player_id", "rank")
    )
    new: list[dict[str, Any]] = []
    for (group, game, play), at_table in groupby(seats, key=lambda seat: seat[:3]):
        table = list(at_table)
        ranks = [rank for *_, rank in table if rank is not None]
        if len(ranks) < len(table):
            continue  # not ranked: nothing to rate by
        before = [skills.get((group, game, seat[4]), FRESH) for seat in table]
        after = rate(list(zip(before, ranks, strict=True)))
        for seat, was, now in zip(table, before, after, strict=True):
            skills[(group, game, seat[4])] = now
            new.append(
                {
                    "result_id": seat[3],
                    "group_id": group,
                    "game": game,
                    "player_id": seat[4],
                    "play_id": play,
                    "mu_before": was.mu,
                    "sigma_before": was.sigma,
                    "mu": now.mu,
                    "sigma": now.sigma,
                    "plays": now.plays,
                    "streak": now.streak,
                    "longest": now.longest,
                }
            )
    # A statement per hundred steps at most, run as one (an import's plays are many).
    PreparedRows(RatingStep, new).insert()
    Rating.objects.filter(games).delete()
    Rating.objects.bulk_create(
        Rating(group_id=g, game=x, player_id=p, **asdict(s)) for (g, x, p), s in skills.items()
    )


def rebuild() -> None:
    """Every group's ratings of every game worked out again from its first play."""
    RatingStep.objects.all().delete()
    Rating.objects.all().delete()
    rated = Play.objects.finished().contested().filter(group__isnull=False)
    pairs = list(rated.values_list("group_id", "game").distinct().order_by("group_id", "game"))
    for start in range(0, len(pairs), REPLAYED_AT_ONCE):
        replay(dict.fromkeys(pairs[start : start + REPLAYED_AT_ONCE]))


def snapshot() -> dict[str, Any]:
    """The ratings and steps kept, as plain values (the records' ``snapshot``)."""
    return {
        "ratings": {
            (r.group_id, r.game, r.player_id): (r.mu, r.sigma, r.plays, r.streak, r.longest)
            for r in Rating.objects.all()
        },
        "rating steps": {
            s.result_id: (
                s.player_id,
                s.mu_before,
                s.sigma_before,
                s.mu,
                s.sigma,
                s.plays,
                s.streak,
                s.longest,
            )
            for s in RatingStep.objects.all()
        },
    }
