import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

import games
from games.contract import InvalidInput


class Command(BaseCommand):
    help = "Score a game from its JSON input (a file, or standard input) and print the sheet."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("slug", choices=sorted(games.GAMES))
        parser.add_argument("file", nargs="?", help="JSON input; standard input when absent")

    def handle(self, *args: Any, slug: str, file: str | None, **options: Any) -> None:
        text = Path(file).read_text() if file else sys.stdin.read()
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            self._fail({"errors": [{"field": "", "message": f"The input is not JSON: {e}"}]})
        try:
            sheet = games.score_json(slug, data)
        except InvalidInput as e:
            self._fail(e.to_json())
        self.stdout.write(json.dumps(sheet, indent=2))

    def _fail(self, errors: dict[str, Any]) -> None:
        self.stdout.write(json.dumps(errors, indent=2))
        raise CommandError("The input is not valid.", returncode=1)
