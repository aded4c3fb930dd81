"""Benchmark data: groups of finished plays across the site's games, 1,000 by default.

The first group's first plays (up to ``SITE_BUILT``) are built the way the site builds
one and scored by the real games: each game's worked example (its codec's ``example_input``),
varied where the codec can vary it, stored by ``play_from_input`` (seats, entries, the
log), then finished. The examples' players become different people of the group, the
seats are shuffled and the dates spread over three years. The rest are those plays
again, exported and imported as a Scorepad file (``exports.importing.import_history``: scored
again, written in bulk), which takes seconds for 10,000 rather than minutes; the other
groups hold copies of the first group's built plays only. The
account's own player sits at every play, so its player page covers them all.
``--plays`` given more than once makes a group of each size (the first is "Benchmark
table", the others say their size), the same account in each.

``--live N`` adds N plays of every game (or of each ``--live-game``) still being entered
(its codec's ``in_progress``), for the benchmarks' htmx fragments; ``--tables N --table-game SLUG``
N plays of that game in progress with a phone on every seat (for the load of whole
tables polling and tapping); ``--manifest`` writes what the
benchmark needs to find. Meant for a fresh, throwaway database (``make bench`` makes one).
"""

from __future__ import annotations

import json
import random
import secrets
import uuid
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone

import games
from games.contract import InvalidInput
from scorepad.codecs import Codec, all_codecs, get_codec
from scorepad.exports.document import history_document, with_entries
from scorepad.exports.importing import import_history
from scorepad.models import (
    Group,
    Play,
    TablePhone,
    create_group,
    finish_play,
    play_from_input,
)

# The group's other regulars: the examples' players become any of them.
REGULARS = ["Ana", "Ben", "Cleo", "Dev", "Mira", "Jonas", "Noor"]
DAYS = 3 * 365
# Plays of a group built one by one as the site builds them; any more are imported.
SITE_BUILT = 100


def renamed(value: Any, names: dict[str, str]) -> Any:
    """``value`` with every player name in it (keys, and ``"player"`` values) replaced."""
    if isinstance(value, dict):
        return {
            names.get(k, k): (
                names.get(v, v) if k == "player" and isinstance(v, str) else renamed(v, names)
            )
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [renamed(v, names) for v in value]
    return value


class Builder:
    """Plays of one group from the games' worked examples, each with its own seating."""

    def __init__(self, group: Group, user: Any, owner_name: str, rng: random.Random):
        self.group, self.user, self.owner, self.rng = group, user, owner_name, rng

    def seating(self, players: list[str]) -> dict[str, str]:
        """Which group player takes each example player: the account's player and
        others drawn from the regulars."""
        people = [self.owner, *self.rng.sample(REGULARS, len(players) - 1)]
        self.rng.shuffle(people)
        return dict(zip(players, people, strict=True))

    def varied(self, codec: Codec) -> dict[str, Any]:
        """The game's example with other numbers where the codec can vary them, so
        totals differ from play to play; the example itself if the variation does
        not score."""
        example = codec.example_input()
        if codec.vary is None:
            return example
        data = codec.vary(example, self.rng)
        try:
            games.score(codec.slug, data)
        except InvalidInput:
            return example
        return data

    def game_input(self, codec: Codec) -> dict[str, Any]:
        """The game's varied example with the group's people in a shuffled seat order."""
        data = self.varied(codec)
        names = self.seating(data["players"])
        seats = [names[p] for p in data["players"]]
        self.rng.shuffle(seats)
        return {**renamed(data, names), "players": seats}

    def play(self, codec: Codec, played_on: date | None = None) -> Play:
        """A finished play of the game (played on that day)."""
        data = self.game_input(codec)
        play = play_from_input(codec.slug, data, group=self.group, user=self.user)
        if played_on is not None:
            play.played_on = played_on
            play.save(update_fields=["played_on"])
        finish_play(play)
        return play

    def play_in_progress(self, codec: Codec) -> tuple[Play, dict[str, Any]]:
        """A play of the game still being entered, and the whole game it is heading for."""
        data = self.game_input(codec)
        entered = codec.in_progress(data) if codec.in_progress else data
        return play_from_input(codec.slug, entered, group=self.group, user=self.user), data


def seed_history(
    builder: Builder, count: int, originals: list[dict[str, Any]] | None = None
) -> list[dict[str, Any]]:
    """``count`` finished plays in the builder's group, oldest first, one or two a day
    as a group that meets often would play them: the first SITE_BUILT built by the site
    (unless another group's are given, as ``originals``: its plays as exported), the rest
    imported copies of them with their own dates. Returns the plays copied."""
    codecs = all_codecs()
    first_day = timezone.localdate() - timedelta(days=DAYS)
    days = [first_day + timedelta(days=i * DAYS // max(count, 1)) for i in range(count)]
    built: list[Play] = []
    if originals is None:
        built = [
            builder.play(codecs[i % len(codecs)], days[i]) for i in range(min(count, SITE_BUILT))
        ]
        originals = history_document(
            builder.group,
            with_entries(Play.objects.filter(pk__in=[p.pk for p in built])),
            timezone.localtime(),
        )["plays"]
    if count > len(built):
        document = history_document(builder.group, Play.objects.none(), timezone.localtime())
        document["plays"] = [
            {**originals[i % len(originals)], "id": str(uuid.uuid4()), "date": day.isoformat()}
            for i, day in enumerate(days[len(built) :])
        ]
        import_history(document, builder.group, builder.user)
    return originals


class Command(BaseCommand):
    help = "Fill a fresh database with a benchmark group: 1,000 finished plays by default."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--plays",
            type=int,
            action="append",
            help="finished plays in a group (1000); more than once for a group of each size",
        )
        parser.add_argument(
            "--live", type=int, default=0, help="plays of every game still being entered"
        )
        parser.add_argument(
            "--live-game",
            action="append",
            help="the games of those plays (all by default); more than once for several",
        )
        parser.add_argument("--tables", type=int, default=0, help="plays with a phone a seat")
        parser.add_argument("--table-game", default="", help="the game of those plays")
        parser.add_argument("--username", default="bench")
        parser.add_argument("--password", default="bench-only-password-4f1c")
        parser.add_argument("--seed", type=int, default=6, help="random seed for the variations")
        parser.add_argument("--manifest", type=Path, help="write the ids the benchmark uses here")

    @transaction.atomic
    def handle(self, *args: Any, **options: Any) -> None:
        User = get_user_model()
        if User.objects.filter(username=options["username"]).exists():
            raise CommandError(
                f"'{options['username']}' exists already: seed_bench fills a fresh database."
            )
        user = User.objects.create_user(options["username"], password=options["password"])
        sizes = options["plays"] or [1000]
        if isinstance(sizes, int):
            sizes = [sizes]
        rng = random.Random(options["seed"])
        histories = []
        originals = None  # the first group's plays, built by the site; copied into the others
        for n, count in enumerate(sizes):
            name = "Benchmark table" if n == 0 else f"Benchmark table, {count:,} plays"
            group = create_group(name, user)
            owner = group.players.get(user=user)
            builder = Builder(group, user, owner.name, rng)
            originals = seed_history(builder, count, originals)
            histories.append({"group": group.pk, "player": owner.pk, "plays": count})
        group = Group.objects.get(pk=histories[0]["group"])
        builder = Builder(group, user, group.players.get(user=user).name, rng)
        codecs = all_codecs()
        count = sizes[0]

        live_codecs = (
            [get_codec(slug) for slug in options["live_game"]] if options["live_game"] else codecs
        )
        live: dict[str, list[dict[str, Any]]] = {codec.slug: [] for codec in live_codecs}
        for _ in range(options["live"]):
            for codec in live_codecs:
                play, whole = builder.play_in_progress(codec)
                live[codec.slug].append({"uuid": str(play.uuid), "position": 0, "input": whole})

        tables = []
        if options["tables"]:
            codec = get_codec(options["table_game"])
            for _ in range(options["tables"]):
                play, whole = builder.play_in_progress(codec)
                results = play.ordered_results()
                tokens = [secrets.token_urlsafe(32) for _ in results]
                TablePhone.objects.bulk_create(
                    TablePhone(play=play, token=token, result=result)
                    for token, result in zip(tokens, results, strict=True)
                )
                phones = [
                    {"token": token, "position": result.position}
                    for token, result in zip(tokens, results, strict=True)
                ]
                tables.append({"uuid": str(play.uuid), "phones": phones, "input": whole})

        if options["manifest"]:
            manifest = {
                "username": options["username"],
                "password": options["password"],
                **histories[0],
                "histories": histories,
                "live": live,
                "tables": tables,
            }
            options["manifest"].write_text(json.dumps(manifest, indent=2))
        self.stdout.write(
            f"Seeded '{group.name}' (group {group.pk}) and {len(sizes) - 1} more: "
            f"{', '.join(f'{n:,}' for n in sizes)} finished plays, "
            f"{len(live_codecs) * options['live']} in progress; log in as '{options['username']}'."
        )
