import random
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from scorepad.codecs import all_codecs
from scorepad.management.commands.seed_bench import Builder
from scorepad.models import Group, Membership, Play

DEMO_USER = "demo"
DEMO_PASSWORD = "scorepad-demo"
DEMO_GROUP = "Demo table"
DEMO_SEED = 2026


class Command(BaseCommand):
    help = (
        f"Create the demo account '{DEMO_USER}' (password '{DEMO_PASSWORD}') with a "
        "finished play of every game."
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
        # The demo user is their own player, as a group's creator is: their plays count
        # on their personal pages, and the People page does not list them as a guest.
        group.players.update_or_create(name=DEMO_USER, defaults={"user": user})
        if not Play.objects.filter(group=group).exists():
            # A finished play of every game, from its worked example, the demo user seated.
            builder = Builder(group, user, DEMO_USER, random.Random(DEMO_SEED))
            for codec in all_codecs():
                builder.play(codec)
        self.stdout.write(f"Demo ready: log in as '{DEMO_USER}' with password '{DEMO_PASSWORD}'.")
