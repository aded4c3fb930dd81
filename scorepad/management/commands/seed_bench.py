"""Benchmark data: a group with 1,000 finished plays across the four games.

Every play is built the way the site builds one and scored by the real games: started
with ``start_play``, each player's entry stored on their result (and Seagrass's and
Coral Stations' logs as events), then ``Play.finish()``. The inputs are the worked
examples in docs/examples, varied: the seats are shuffled, the example's players
become different people of the group and the dates spread over three years. The
account's own player sits at every play, so its player page covers them all.

``--live N`` adds N Shallow Sea plays (two full 18-tile oceans) and N Reef Draft plays
(rounds 1 and 2 in, round 3 waiting for the first seat) still being entered, for the
benchmarks' htmx fragments; ``--manifest`` writes what the benchmark needs to find.
Meant for a fresh, throwaway database (``make bench`` makes one).
"""

from __future__ import annotations

import copy
import json
import random
from datetime import timedelta
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone

import games
from games.contract import InvalidInput
from games.shallow_sea.data import CORAL_VPS
from scorepad.models import Group, Play, PlayEvent, Result, create_group, start_play

EXAMPLES = Path(settings.BASE_DIR) / "docs" / "examples"
GAMES = ("reef-draft", "seagrass", "coral-stations", "shallow-sea")
# The group's other regulars: the examples' players become any of them.
REGULARS = ["Ana", "Ben", "Cleo", "Dev", "Mira", "Jonas", "Noor"]
DAYS = 3 * 365


def load_examples() -> dict[str, dict[str, Any]]:
    return {slug: json.loads((EXAMPLES / f"{slug}.json").read_text()) for slug in GAMES}


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
    """Plays of one group from the worked examples, each with its own seating."""

    def __init__(self, group: Group, user: Any, owner_name: str, rng: random.Random):
        self.group, self.user, self.owner, self.rng = group, user, owner_name, rng
        self.examples = load_examples()
        self.last_names: dict[str, str] = {}  # the last play's people -> example players

    def seating(self, players: list[str]) -> tuple[list[str], dict[str, str]]:
        """The seat order of a new play and which group player takes each example player:
        the account's player and others drawn from the regulars, in a shuffled order."""
        people = [self.owner, *self.rng.sample(REGULARS, len(players) - 1)]
        self.rng.shuffle(people)
        names = dict(zip(players, people, strict=True))
        seats = [names[p] for p in players]
        self.rng.shuffle(seats)
        self.last_names = {person: player for player, person in names.items()}
        return seats, names

    def start(self, game: str, seats: list[str], *, mode: str, options: dict[str, Any]) -> Play:
        return start_play(
            game=game, names=seats, options=options, mode=mode, group=self.group, user=self.user
        )

    @staticmethod
    def enter(play: Play, entries: dict[str, dict[str, Any]]) -> None:
        results = play.ordered_results()
        for result in results:
            result.entry = entries.get(result.name, {})
        Result.objects.bulk_update(results, ["entry"])

    def reef_draft(self, *, rounds: int = 3) -> Play:
        example = self.examples["reef-draft"]
        seats, names = self.seating(example["players"])
        penalty = self.rng.choice(["each", "split"])
        play = self.start("reef-draft", seats, mode="standard", options={"coral_penalty": penalty})
        entries = {
            names[p]: {"rounds": {str(n): reefs[p] for n, reefs in enumerate(example["rounds"], 1)}}
            for p in example["players"]
        }
        if rounds < 3:
            # Still being entered: later rounds not yet in, the first seat's last one neither.
            for name, entry in entries.items():
                entry["rounds"] = {
                    n: reef
                    for n, reef in entry["rounds"].items()
                    if int(n) <= rounds or (int(n) == rounds + 1 and name != seats[0])
                }
        self.enter(play, entries)
        return play

    def varied(self, game: str) -> dict[str, Any]:
        """The game's example with other numbers where any number is valid (a coral's
        printed VPs, a colony's size), so totals differ from play to play; the example
        itself if the variation does not score."""
        example = self.examples[game]
        data = copy.deepcopy(example)
        if game == "shallow-sea":
            for board in data["boards"].values():
                for tile in board["tiles"].values():
                    if tile["kind"] == "coral":
                        tile["vp"] = self.rng.choice(CORAL_VPS)
        elif game == "seagrass":
            for event in data["events"]:
                if event["type"] == "colony":
                    event["creatures"] = max(1, event["creatures"] + self.rng.randint(-2, 2))
        try:
            games.score(game, data)
        except InvalidInput:
            return example
        return data

    def scored_during_play(self, game: str) -> Play:
        """Seagrass or Coral Stations, logged event by event, then each player's tally."""
        example = self.varied(game)
        seats, names = self.seating(example["players"])
        options = (
            {"discovery": "true" if example["options"]["discovery"] else "false"}
            if "options" in example
            else {}
        )
        play = self.start(game, seats, mode=example["entry"], options=options)
        events = [renamed(e, names) for e in example["events"]]
        events += [
            {"type": "open_station", **renamed(s, names)} for s in example.get("open_stations", [])
        ]
        PlayEvent.objects.bulk_create(
            PlayEvent(play=play, seq=seq, data=data) for seq, data in enumerate(events, 1)
        )
        self.enter(play, {names[p]: {"final": t} for p, t in example["final"].items()})
        return play

    def shallow_sea(self) -> Play:
        example = self.varied("shallow-sea")
        seats, names = self.seating(example["players"])
        options = {
            "setup": example["setup"],
            "achievement": example["achievement"],
            "entry": example["entry"],
        }
        play = self.start("shallow-sea", seats, mode=example["mode"], options=options)
        self.enter(play, {names[p]: {"board": b} for p, b in example["boards"].items()})
        return play

    def finished(self, game: str) -> Play:
        if game == "reef-draft":
            play = self.reef_draft()
        elif game == "shallow-sea":
            play = self.shallow_sea()
        else:
            play = self.scored_during_play(game)
        play.finish()
        return play


class Command(BaseCommand):
    help = "Fill a fresh database with a benchmark group: 1,000 finished plays by default."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--plays", type=int, default=1000, help="finished plays (1000)")
        parser.add_argument(
            "--live", type=int, default=0, help="Shallow Sea and Reef Draft plays in progress"
        )
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

        count = options["plays"]
        first_day = timezone.localdate() - timedelta(days=DAYS)
        plays = []
        for i in range(count):
            play = builder.finished(GAMES[i % len(GAMES)])
            # Oldest first, one or two a day, as a group that meets often would play them.
            play.played_on = first_day + timedelta(days=i * DAYS // max(count, 1))
            plays.append(play)
        Play.objects.bulk_update(plays, ["played_on"], batch_size=500)

        live: dict[str, list[dict[str, Any]]] = {"shallow-sea": [], "reef-draft": []}
        for _ in range(options["live"]):
            play = builder.shallow_sea()
            live["shallow-sea"].append({"uuid": str(play.uuid), "position": 0})
            play = builder.reef_draft(rounds=2)
            first = play.ordered_results()[0]
            # The reef the first seat will enter for round 3 (the example's).
            reef = builder.examples["reef-draft"]["rounds"][2][builder.last_names[first.name]]
            live["reef-draft"].append(
                {"uuid": str(play.uuid), "position": 0, "round": 3, "reef": reef}
            )

        if options["manifest"]:
            manifest = {
                "username": options["username"],
                "password": options["password"],
                "group": group.pk,
                "player": owner.pk,
                "plays": count,
                "live": live,
            }
            options["manifest"].write_text(json.dumps(manifest, indent=2))
        self.stdout.write(
            f"Seeded '{group.name}' (group {group.pk}): {count} finished plays, "
            f"{2 * options['live']} in progress; log in as '{options['username']}'."
        )
