from django.apps import AppConfig
from django.conf import settings
from django.utils import translation

from games import words


class ScorepadConfig(AppConfig):
    name = "scorepad"

    def ready(self) -> None:
        # The games' explanations are read in the language of the request that reads them.
        words.read_in(
            lambda: translation.get_language() or settings.LANGUAGE_CODE,
            also_from=[settings.BASE_DIR / "locale"],
        )
