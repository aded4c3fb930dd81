"""Benchmark data: a group with 1,000 finished plays across the site's games.

Every play is built the way the site builds one and scored by the real games: each
game's worked example (its pad's ``example_input``), varied where the pad can vary
it, stored by ``play_from_input`` (seats, entries, the log), then finished. The
examples' players become different people of the group, the seats are shuffled and
the dates spread over three years. The account's own player sits at every play, so
its player page covers them all.

``--live N`` adds N plays of every game still being entered (its pad's
``in_progress``), for the benchmarks' htmx fragments; ``--tables N --table-game SLUG``
N plays of that game in progress with a phone on every seat (for the load of whole
tables polling and tapping); ``--manifest`` writes what the
benchmark needs to find. Meant for a fresh, throwaway database (``make bench`` makes one).
"""

from __future__ import annotations

import json
import random
import secrets
from datetime import timedelta
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone

import games
from games.contract import InvalidInput
from scorepad.models import Group, Play, TablePhone, create_group, play_from_input
from scorepad.pads import Pad, all_pads, get_pad

# The group's other regulars: the examples' players become any of them.
REGULARS = ["Ana", "Ben", "Cleo", "Dev", "Mira", "Jonas", "Noor"]
DAYS = 3 * 365


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

    def varied(self, pad: Pad) -> dict[str, Any]:
        """The game's example with other numbers where the pad can vary them, so
        totals differ from play to play; the example itself if the variation does
        not score."""
        example = pad.example_input()
        if pad.vary is None:
            return example
        data = pad.vary(example, self.rng)
        try:
            games.score(pad.slug, data)
        except InvalidInput:
            return example
        return data

    def game_input(self, pad: Pad) -> dict[str, Any]:
        """The game's varied example with the group's people in a shuffled seat order."""
        data = self.varied(pad)
        names = self.seating(data["players"])
        seats = [names[p] for p in data["players"]]
        self.rng.shuffle(seats)
        return {**renamed(data, names), "players": seats}

    def play(self, pad: Pad) -> Play:
        """A finished play of the game."""
        data = self.game_input(pad)
        return play_from_input(pad.slug, data, group=self.group, user=self.user, finish=True)

    def play_in_progress(self, pad: Pad) -> tuple[Play, dict[str, Any]]:
        """A play of the game still being entered, and the whole game it is heading for."""
        data = self.game_input(pad)
        entered = pad.in_progress(data) if pad.in_progress else data
        return play_from_input(pad.slug, entered, group=self.group, user=self.user), data


class Command(BaseCommand):
    help = "Fill a fresh database with a benchmark group: 1,000 finished plays by default."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--plays", type=int, default=1000, help="finished plays (1000)")
        parser.add_argument(
            "--live", type=int, default=0, help="plays of every game still being entered"
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
        group = create_group("Benchmark table", user)
        owner = group.players.get(user=user)
        builder = Builder(group, user, owner.name, random.Random(options["seed"]))

        pads = all_pads()
        count = options["plays"]
        first_day = timezone.localdate() - timedelta(days=DAYS)
        plays = []
        for i in range(count):
            play = builder.play(pads[i % len(pads)])
            # Oldest first, one or two a day, as a group that meets often would play them.
            play.played_on = first_day + timedelta(days=i * DAYS // max(count, 1))
            plays.append(play)
        Play.objects.bulk_update(plays, ["played_on"], batch_size=500)

        live: dict[str, list[dict[str, Any]]] = {pad.slug: [] for pad in pads}
        for _ in range(options["live"]):
            for pad in pads:
                play, whole = builder.play_in_progress(pad)
                live[pad.slug].append({"uuid": str(play.uuid), "position": 0, "input": whole})

        tables = []
        if options["tables"]:
            pad = get_pad(options["table_game"])
            for _ in range(options["tables"]):
                play, whole = builder.play_in_progress(pad)
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
                "group": group.pk,
                "player": owner.pk,
                "plays": count,
                "live": live,
                "tables": tables,
            }
            options["manifest"].write_text(json.dumps(manifest, indent=2))
        self.stdout.write(
            f"Seeded '{group.name}' (group {group.pk}): {count} finished plays, "
            f"{len(pads) * options['live']} in progress; log in as '{options['username']}'."
        )
