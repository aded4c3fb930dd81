"""The site's language: the browser's by default, chosen in the menu, remembered by the
phone and by the account (scorepad/languages.py)."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scorepad.models import AccountLanguage, Group, RatingStep
from scorepad.pads.rounds.reef_draft import SCREENS as REEF_DRAFT_SCREENS
from tests.english_left import TRANSLATIONS, english_left

COOKIE = settings.LANGUAGE_COOKIE_NAME


def page_language(client: Client, url: str = "/", **headers: str) -> str:
    html = client.get(url, headers=headers).content.decode()
    return html.split('<html lang="', 1)[1].split('"', 1)[0]


@pytest.mark.django_db
def test_a_page_is_in_the_browser_s_language_when_the_site_has_it(client: Client) -> None:
    assert page_language(client) == "en"
    assert page_language(client, accept_language="de-DE,de;q=0.9,en;q=0.5") == "de"
    assert page_language(client, accept_language="fr-CH, fr;q=0.9") == "fr"
    assert page_language(client, accept_language="pt-BR") == "en"


@pytest.mark.django_db
def test_the_menu_offers_each_language_in_its_own_name(client: Client) -> None:
    html = client.get("/", headers={"accept-language": "de"}).content.decode()
    for code, name in (("en", "English"), ("de", "Deutsch"), ("fr", "Français")):
        assert f'name="language" value="{code}" lang="{code}"' in html
        assert f">{name}</button>" in html
    assert 'value="de" lang="de" aria-current="true"' in html


@pytest.mark.django_db
def test_choosing_a_language_brings_back_the_page_in_it(client: Client) -> None:
    response = client.post(reverse("set_language"), {"language": "fr", "next": "/groups/"})
    assert response.status_code == 302 and response["Location"] == "/groups/"
    cookie = response.cookies[COOKIE]
    assert cookie.value == "fr" and cookie["max-age"] == 365 * 24 * 60 * 60
    assert cookie["httponly"] and cookie["samesite"] == "Lax"
    # The phone's choice wins over its browser's.
    assert page_language(client, accept_language="de") == "fr"


@pytest.mark.django_db
@pytest.mark.parametrize("back", ["https://elsewhere.example/", "//elsewhere.example/", ""])
def test_a_choice_goes_back_only_to_this_site(client: Client, back: str) -> None:
    response = client.post(reverse("set_language"), {"language": "de", "next": back})
    assert response["Location"] == "/"


@pytest.mark.django_db
def test_a_language_the_site_does_not_speak_is_not_kept(client: Client) -> None:
    response = client.post(reverse("set_language"), {"language": "xx", "next": "/"})
    assert COOKIE not in response.cookies
    assert page_language(client) == "en"


@pytest.mark.django_db
def test_choosing_is_a_post(client: Client) -> None:
    assert client.get(reverse("set_language"), {"language": "de"}).status_code == 405


def test_an_account_s_choice_comes_along_to_a_new_phone(alice: Any, alice_client: Client) -> None:
    alice_client.post(reverse("set_language"), {"language": "de", "next": "/"})
    assert AccountLanguage.of(alice) == "de"
    phone = Client()
    response = phone.post(reverse("login"), {"username": "alice", "password": "pw-for-tests-123"})
    assert response.status_code == 302
    assert response.cookies[COOKIE].value == "de"
    assert page_language(phone, accept_language="fr") == "de"


def test_an_account_that_never_chose_reads_in_each_phone_s_browser_language(alice: Any) -> None:
    for language in ("fr", "de"):
        phone = Client()
        response = phone.post(
            reverse("login"),
            {"username": "alice", "password": "pw-for-tests-123"},
            headers={"accept-language": language},
        )
        assert COOKIE not in response.cookies
        assert page_language(phone, accept_language=language) == language
    assert AccountLanguage.of(alice) is None


@pytest.mark.django_db
def test_each_page_carries_the_scripts_words_in_its_language(client: Client) -> None:
    def words(language: str) -> dict:
        page = client.get("/", headers={"accept-language": language}).content.decode()
        carried = page.split('<meta name="scorepad-words" content="', 1)[1].split('">', 1)[0]
        return json.loads(html.unescape(carried))

    assert words("en") == {"language": "en", "plural": ["one", "other"], "words": {}}
    german = words("de")
    assert german["words"]["Sending…"] == "Wird gesendet …"
    assert german["words"]["%(label)s (%(count)s change)"] == [
        "%(label)s (%(count)s Änderung)",
        "%(label)s (%(count)s Änderungen)",
    ]
    french = words("fr")
    assert french["plural"] == ["one", "many", "other"]
    assert french["words"]["Saved."] == "Enregistré."


def test_a_rating_s_change_reads_with_the_reader_s_decimal_mark() -> None:
    gained, lost = RatingStep(mu=27.7, mu_before=25.0), RatingStep(mu=24.7, mu_before=25.0)
    assert (gained.change_text, lost.change_text) == ("+2.7", "\N{MINUS SIGN}0.3")
    with translation.override("de"):
        assert (gained.change_text, lost.change_text) == ("+2,7", "\N{MINUS SIGN}0,3")
    with translation.override("fr"):
        assert gained.change_text == "+2,7"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "name"), [("en", "zoe's table"), ("de", "Tisch von zoe"), ("fr", "Table de zoe")]
)
def test_a_new_account_s_group_is_named_in_the_language_it_signed_up_in(
    client: Client, language: str, name: str
) -> None:
    password = "kelp-forest-at-dawn"
    client.post(
        "/accounts/signup/",
        {"username": "zoe", "password1": password, "password2": password},
        headers={"accept-language": language},
    )
    assert list(Group.objects.values_list("name", flat=True)) == [name]


def test_english_left_on_a_german_page_is_found_and_names_are_not() -> None:
    text = "Runde 2 von Ana the Bold · Whale Shark: 5 SP · Your score is saved"
    found = english_left(text, "de", ["Ana the Bold"])
    assert [word.split(" ")[0] for word in found] == ["is", "saved", "score", "your"]
    assert found[0] == "is ('Runde 2 von   ·  : 5 SP · Your score is saved')"
    assert english_left("Whale Shark, 5 PV · Ana the Bold", "fr", ["Ana the Bold"]) == []


@pytest.mark.django_db
def test_the_worker_keeps_the_offline_page_in_each_language(client: Client) -> None:
    worker = client.get("/sw.js").content.decode()
    shell = json.loads(worker.split("const SHELL = ", 1)[1].split(";\n", 1)[0])
    offline = [url for url in shell if url.startswith("/offline/")]
    assert offline == ["/offline/?language=en", "/offline/?language=de", "/offline/?language=fr"]
    french = client.get("/offline/?language=fr", headers={"accept-language": "de"})
    assert french["Content-Language"] == "fr"
    assert "Ce téléphone est hors ligne" in french.content.decode()
    assert page_language(client, "/offline/?language=xx", **{"accept-language": "de"}) == "de"


def test_lint_refuses_a_gettext_function_makemessages_cannot_see(tmp_path: Path) -> None:
    (tmp_path / "scorepad").mkdir()
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "rules.py").write_text(
        "from games.words import gettext_lazy as _\nfrom games.words import ngettext_lazy as _n\n"
    )
    assert TRANSLATIONS.hidden_gettext(tmp_path) == [
        "games/rules.py:2: makemessages cannot see through "
        "'from games.words import ngettext_lazy as _n'"
    ]


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "4 jellies, 1 dolphin, 1 coral card"),
        ("de", "4 Quallen, 1 Delfin, 1 Korallenkarte"),
        ("fr", "4 méduses, 1 dauphin, 1 carte corail"),
    ],
)
def test_a_saved_round_is_said_in_the_reader_s_words_and_plurals(language: str, said: str) -> None:
    with translation.override(language):
        assert REEF_DRAFT_SCREENS.describe({"jellies": 4, "coral": 1, "dolphins": 1}) == said
