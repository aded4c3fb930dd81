import json
import sys
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import translation

import games
from games.contract import InvalidInput


class Command(BaseCommand):
    help = "Score a game from its JSON input (a file, or standard input) and print the sheet."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("slug", choices=sorted(games.GAMES))
        parser.add_argument("file", nargs="?", help="JSON input; standard input when absent")
        parser.add_argument(
            "--language",
            choices=[code for code, _ in settings.LANGUAGES],
            default=settings.LANGUAGE_CODE,
            help="the language of the explanations (the sheet's keys stay English)",
        )

    def handle(
        self, *args: Any, slug: str, file: str | None, language: str, **options: Any
    ) -> None:
        with translation.override(language):
            self._score(slug, file)

    def _score(self, slug: str, file: str | None) -> None:
        try:
            text = Path(file).read_text(encoding="utf-8") if file else sys.stdin.read()
        except (OSError, UnicodeDecodeError) as e:
            self._fail("file", f"Cannot read the input: {e}")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as e:
            self._fail("", f"The input is not JSON: {e}")
        try:
            sheet = games.score_json(slug, data)
        except InvalidInput as e:
            self._print(e.to_json())
            raise CommandError("The input is not valid.", returncode=1) from None
        except RecursionError:
            self._fail("", "The input is nested too deeply to be a game.")
        self._print(sheet)

    def _print(self, document: dict[str, Any]) -> None:
        self.stdout.write(json.dumps(document, indent=2))

    def _fail(self, field: str, message: str) -> None:
        self._print({"errors": [{"field": field, "message": message}]})
        raise CommandError("The input is not valid.", returncode=1)
