import random
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from scorepad.management.commands.seed_bench import Builder
from scorepad.models import Group, Membership, Play, start_play

DEMO_USER = "demo"
DEMO_PASSWORD = "scorepad-demo"
DEMO_GROUP = "Demo table"
DEMO_SEED = 2026

# A 3-player Reef Draft game (9 cards a hand): round by round, each player's reef.
DEMO_ROUNDS = [
    {
        "demo": {"jellies": 2, "dolphins": 3, "seastar_2": 2, "pufferfish": 1, "coral": 1},
        "Mia": {
            "seahorses": 3,
            "seastar_3": 1,
            "sharks": 1,
            "anglerfish": 1,
            "on_shark": {"anglerfish": 1},
            "coral": 2,
            "jellies": 1,
        },
        "Leo": {"jellies": 3, "seastar_1": 3, "clownfish": 1, "turtles": 1, "dolphins": 1},
    },
    {
        "demo": {
            "seahorses": 3,
            "jellies": 2,
            "seastar_3": 1,
            "anglerfish": 1,
            "coral": 1,
            "turtles": 1,
        },
        "Mia": {"dolphins": 4, "seastar_2": 1, "pufferfish": 2, "jellies": 1, "coral": 1},
        "Leo": {
            "sharks": 1,
            "pufferfish": 1,
            "on_shark": {"pufferfish": 1},
            "seahorses": 3,
            "seastar_2": 2,
            "clownfish": 1,
            "jellies": 1,
        },
    },
    {
        "demo": {"dolphins": 2, "jellies": 2, "seastar_2": 1, "seahorses": 2, "coral": 2},
        "Mia": {"seastar_3": 2, "jellies": 2, "pufferfish": 2, "seahorses": 2, "coral": 1},
        "Leo": {
            "dolphins": 3,
            "seastar_1": 1,
            "sharks": 1,
            "anglerfish": 1,
            "on_shark": {"anglerfish": 1},
            "clownfish": 1,
            "pufferfish": 2,
        },
    },
]


class Command(BaseCommand):
    help = (
        f"Create the demo account '{DEMO_USER}' (password '{DEMO_PASSWORD}') with a finished play."
    )

    @transaction.atomic
    def handle(self, *args: Any, **options: Any) -> None:
        user, created = get_user_model().objects.get_or_create(username=DEMO_USER)
        if created:
            user.set_password(DEMO_PASSWORD)
            user.save()
        group, _ = Group.objects.get_or_create(name=DEMO_GROUP)
        Membership.objects.get_or_create(
            group=group, user=user, defaults={"role": Membership.Role.OWNER}
        )
        if not Play.objects.filter(group=group).exists():
            play = start_play(
                game="reef-draft", names=list(DEMO_ROUNDS[0]), options={}, group=group, user=user
            )
            for result in play.ordered_results():
                rounds = {str(n): reefs[result.name] for n, reefs in enumerate(DEMO_ROUNDS, 1)}
                result.entry = {"rounds": rounds}
                result.save()
            play.finish()
            # And a finished play of every other game, from the docs' worked examples.
            builder = Builder(group, user, DEMO_USER, random.Random(DEMO_SEED))
            for game in ("seagrass", "coral-stations", "shallow-sea"):
                builder.finished(game)
        self.stdout.write(f"Demo ready: log in as '{DEMO_USER}' with password '{DEMO_PASSWORD}'.")
