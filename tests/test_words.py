"""games.words: sentences kept in no language until read (docs/languages.md). Pure."""

from __future__ import annotations

import json

from games.words import (
    Rendered,
    and_list,
    from_stored,
    join,
    known,
    listed,
    ngettext_lazy,
    pgettext_lazy,
    render,
    to_stored,
)
from games.words import gettext_lazy as _

NB, NBSP = "\u202f", "\u00a0"


def test_a_plural_follows_each_language_s_rule():
    sets = [ngettext_lazy("{count} set", "{count} sets", n) for n in (0, 1, 2)]
    assert [render(s, "en") for s in sets] == ["0 sets", "1 set", "2 sets"]
    assert [render(s, "de") for s in sets] == ["0 Sätze", "1 Satz", "2 Sätze"]
    # French counts none as one.
    assert [render(s, "fr") for s in sets] == ["0 série", "1 série", "2 séries"]


def test_a_context_picks_the_meaning_and_values_are_put_in_their_language():
    stars = pgettext_lazy("counted for a majority", "stars")
    most = _("most {what} ({count})").format(what=stars, count=5)
    assert render(most, "en") == "most stars (5)"
    assert render(most, "de") == "die meisten Sterne (5)"
    assert render(most, "fr") == "le plus d’étoiles (5)"


def test_lists_join_with_the_language_s_and():
    names = ["Ana", "Ben", "Cleo"]
    assert render(and_list(names), "en") == "Ana, Ben and Cleo"
    assert render(and_list(names), "de") == "Ana, Ben und Cleo"
    assert render(and_list(names[:2]), "fr") == "Ana et Ben"
    assert render(and_list(names[:1]), "de") == "Ana"
    assert render(and_list([]), "en") == ""
    assert render(listed(names), "fr") == "Ana, Ben, Cleo"


def test_words_add_up_and_join_with_any_separator():
    clause = "(" + known("Coral") + ") " + ngettext_lazy("{count} set", "{count} sets", 2)
    assert render(clause, "de") == "(Korallen) 2 Sätze"
    assert render(join([1, known("Coral"), "x"], " / "), "fr") == "1 / Corail / x"


def test_what_no_catalogue_knows_stays_english_and_str_reads_english_by_default():
    assert render(known("Not a catalogued sentence"), "de") == "Not a catalogued sentence"
    assert str(_("{label}: {clauses}").format(label="A", clauses="b")) == "A: b"
    assert render(_("{label}: {clauses}").format(label="A", clauses="b"), "fr") == (f"A{NBSP}: b")


def test_words_kept_as_json_read_in_any_language_later():
    tie = ngettext_lazy(
        "{names} tie on {count} point; the tie-break ({steps}) {outcome}.",
        "{names} tie on {count} points; the tie-break ({steps}) {outcome}.",
        43,
    )
    note = tie.format(
        names=and_list(["Ana", "Ben"]),
        steps=join(
            [_("{label}: {values}").format(label=known("most coral cards"), values="Ana 2, Ben 2")],
            "; ",
        ),
        outcome=_("leaves them level, so they share the place"),
    )
    kept = json.loads(json.dumps(to_stored(note)))
    assert from_stored(kept) == note
    assert render(from_stored(kept), "de") == (
        "Ana und Ben liegen mit 43 Punkten gleichauf; der Gleichstand (die meisten "
        "Korallenkarten: Ana 2, Ben 2) ändert nichts, sie teilen sich den Platz."
    )


def test_text_kept_before_the_languages_reads_as_it_was_written():
    assert from_stored("Ben's entry") == "Ben's entry"


def test_words_put_into_each_language_when_kept_read_english_in_any_other():
    described = Rendered((("en", "Reef of 2"), ("de", "Riff aus 2")))
    kept = from_stored(json.loads(json.dumps(to_stored(described))))
    assert [render(kept, language) for language in ("de", "en", "fr")] == [
        "Riff aus 2",
        "Reef of 2",
        "Reef of 2",
    ]
