"""Words a player reads, kept in no language until they are read (docs/languages.md).

A game's explanations and refusals are made of ``Words``: the English sentence (the
catalogue's key, as gettext has it), its plural and the count that picks one, and the
values put into it, themselves numbers, names or ``Words``. ``render(language)`` puts
them into a language with the standard library's gettext, from the same catalogues the
web app uses: ``games/locale`` for the words every game shares, and each game's own
``locale`` folder, compiled by ``make translations``. ``str()`` renders them in the
reader's language: English unless the web app says whose (``read_in``). So the scoring
stays pure (the same sheet for every reader) and ``games/`` stays free of Django.

The factories are named as Django's lazy gettext functions so that ``makemessages``
finds every sentence: ``gettext_lazy(message)``, ``ngettext_lazy(one, many, count)``,
``pgettext_lazy(context, message)``; ``.format(name=value)`` puts values in.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

SOURCE_LANGUAGE = "en"
DOMAIN = "django"  # the web app's catalogues, so one file per folder holds them all
GAMES = Path(__file__).resolve().parent

_reader_language: Callable[[], str] = lambda: SOURCE_LANGUAGE  # noqa: E731
_more_folders: tuple[Path, ...] = ()


def read_in(language_of_reader: Callable[[], str], also_from: Sequence[Path] = ()) -> None:
    """Whose language ``str()`` renders in: the web app passes Django's ``get_language``,
    and its own catalogues (``also_from``), for the words it keeps with a play (a
    correction's "the host's phone"), looked up after the games'."""
    global _reader_language, _more_folders
    _reader_language = language_of_reader
    _more_folders = tuple(also_from)
    catalogue_for.cache_clear()


type Value = Words | Joined | Rendered | str | int


@dataclass(frozen=True)
class Words:
    message: str
    many: str = ""  # the plural, for a message that has one
    count: int = 1  # which of the two, in the language's own plural rule
    context: str = ""
    values: tuple[tuple[str, Value], ...] = ()

    # Made directly, not by dataclasses.replace: a game's parser makes a label for every
    # field it reads (the words of a refusal it may never say), and replace is slow.
    def format(self, **values: Value) -> Words:
        return Words(
            self.message, self.many, self.count, self.context, (*self.values, *values.items())
        )

    def of(self, count: int) -> Words:
        """A counted noun of a table (``ngettext_lazy(one, many, 1)``) for ``count`` things."""
        return Words(self.message, self.many, count, self.context, (("count", count),))

    def render(self, language: str) -> str:
        catalogue = catalogue_for(language)
        if self.many:
            text = catalogue.ngettext(self.message, self.many, self.count)
        elif self.context:
            text = catalogue.pgettext(self.context, self.message)
        else:
            text = catalogue.gettext(self.message)
        if not self.values:
            return text
        return text.format(**{name: render(value, language) for name, value in self.values})

    def __str__(self) -> str:
        return self.render(_reader_language())

    def __add__(self, other: Value) -> Joined:
        return Joined((self, other), "")

    def __radd__(self, other: Value) -> Joined:
        return Joined((other, self), "")


@dataclass(frozen=True)
class Joined:
    """Several values one after another, with ``separator`` between them."""

    items: tuple[Value, ...]
    separator: Value

    def render(self, language: str) -> str:
        between = render(self.separator, language)
        return between.join(render(item, language) for item in self.items)

    def __str__(self) -> str:
        return self.render(_reader_language())

    def __add__(self, other: Value) -> Joined:
        return Joined((self, other), "")


@dataclass(frozen=True)
class Rendered:
    """Words already put into each language when they were kept, for words made
    elsewhere than here (a screen's description of a logged event, in Django's gettext);
    a language they were not put into reads the English."""

    texts: tuple[tuple[str, str], ...]

    def render(self, language: str) -> str:
        texts = dict(self.texts)
        return texts.get(language, texts.get(SOURCE_LANGUAGE, ""))

    def __str__(self) -> str:
        return self.render(_reader_language())


def render(value: Value, language: str) -> str:
    if isinstance(value, Words | Joined | Rendered):
        return value.render(language)
    return str(value)


type Stored = str | int | dict[str, Any]


def to_stored(value: Value) -> Stored:
    """``value`` as JSON keeps it (a play's notes in the database), still in no language."""
    if isinstance(value, Rendered):
        return {"rendered": dict(value.texts)}
    if isinstance(value, Joined):
        return {
            "items": [to_stored(item) for item in value.items],
            "separator": to_stored(value.separator),
        }
    if isinstance(value, Words):
        stored: dict[str, Any] = {"message": value.message}
        if value.many:
            stored |= {"many": value.many, "count": value.count}
        if value.context:
            stored["context"] = value.context
        if value.values:
            stored["values"] = {name: to_stored(item) for name, item in value.values}
        return stored
    return value


def from_stored(stored: Stored) -> Value:
    """What ``to_stored`` kept, to render in the reader's language. Plain text (notes
    stored before the languages) reads as it was written."""
    if not isinstance(stored, dict):
        return stored
    if "rendered" in stored:
        return Rendered(tuple(stored["rendered"].items()))
    if "items" in stored:
        return Joined(
            tuple(from_stored(item) for item in stored["items"]), from_stored(stored["separator"])
        )
    return Words(
        stored["message"],
        stored.get("many", ""),
        stored.get("count", 1),
        stored.get("context", ""),
        tuple((name, from_stored(item)) for name, item in stored.get("values", {}).items()),
    )


def join(items: Iterable[Value], separator: Value) -> Joined:
    return Joined(tuple(items), separator)


def listed(items: Iterable[Value]) -> Joined:
    """``red, 2 yellow, purple``."""
    return join(items, LIST_COMMA)


def and_list(items: Sequence[Value]) -> Value:
    """``A``, ``A and B``, ``A, B and C`` in the reader's language."""
    if len(items) <= 1:
        return join(items, "")
    return gettext_lazy("{items} and {last}").format(
        items=join(items[:-1], LIST_COMMA),
        last=items[-1],
    )


def gettext_noop(message: str) -> str:
    """Marks English kept as data (a category's label) for the catalogues; ``known``
    translates it where it is read."""
    return message


# Words are immutable: one of each message serves every sentence that says it (a parser
# names every field it reads, in words it rarely has to say).
@cache
def known(message: str) -> Words:
    """English marked elsewhere (``gettext_noop``), read in the reader's language."""
    return Words(message)


@cache
def gettext_lazy(message: str) -> Words:
    return Words(message)


@cache
def pgettext_lazy(context: str, message: str) -> Words:
    return Words(message, context=context)


def ngettext_lazy(one: str, many: str, count: int) -> Words:
    """``{count}`` in the message is the count, unless ``.format`` says otherwise."""
    return Words(one, many, count, values=(("count", count),))


LIST_COMMA = pgettext_lazy("between the items of a list", ", ")


def catalogue_folders() -> Sequence[Path]:
    """The shared words first, then each game's, then those ``read_in`` adds."""
    return [GAMES / "locale", *sorted(GAMES.glob("*/locale")), *_more_folders]


@cache
def catalogue_for(language: str) -> gettext.NullTranslations:
    """Every games catalogue of ``language``, each falling back to the next (English:
    none, the messages are English)."""
    if language == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    found = [
        catalogue
        for folder in catalogue_folders()
        if isinstance(
            catalogue := gettext.translation(DOMAIN, folder, languages=[language], fallback=True),
            gettext.GNUTranslations,
        )
    ]
    for catalogue, next_one in zip(found, found[1:], strict=False):
        catalogue.add_fallback(next_one)
    return found[0] if found else gettext.NullTranslations()
