"""Work out every kept record (scorepad/records.py) again from the finished plays."""

from typing import Any

from django.core.management.base import BaseCommand

from scorepad import records
from scorepad.models import GameTally, Standing


class Command(BaseCommand):
    help = (
        "Rebuild the records the group and player pages show (standings, head to head, "
        "each game's tally) from the finished plays, in one transaction."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        records.rebuild()
        self.stdout.write(
            self.style.SUCCESS(
                f"Rebuilt {Standing.objects.count():,} standings and "
                f"{GameTally.objects.count():,} game tallies."
            )
        )
