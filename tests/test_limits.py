"""Requests that could stall the site: the work of checking an input is bounded by the
game, not by the input (players counted before a name is read, every check linear,
errors capped), and the JSON API reads no body larger than any game's input."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

import games
from games.contract import MOST_ERRORS, Errors, InvalidInput
from scorepad.views.common import API_MOST_BYTES

# Both the API's ways in read their body the same way (views.common.json_answer).
API_URLS = [
    reverse("api_score", args=["reef-draft"]),
    reverse("api_score", args=["shallow-sea"]),
    reverse("api_reef_award"),
]


class Name(str):
    """A player's name that counts how often the game reads it, and stops the game once
    it has read more names than any game seats."""

    reads = 0

    def strip(self, chars: str | None = None) -> str:
        Name.reads += 1
        assert Name.reads <= max(g.INFO.max_players for g in games.GAMES.values()), (
            "the game reads names past its own number of players"
        )
        return super().strip(chars)


@pytest.mark.parametrize("slug", sorted(games.GAMES))
def test_twenty_thousand_names_are_refused_by_their_number_before_one_is_read(
    slug: str, monkeypatch: Any
) -> None:
    monkeypatch.setattr(Name, "reads", 0)
    info = games.get_game(slug).INFO
    with pytest.raises(InvalidInput) as refused:
        games.score(slug, {"players": [Name(f"Player {i}") for i in range(20_000)]})
    assert Name.reads == 0
    assert [(e.field, e.message) for e in refused.value.errors] == [
        (
            "players",
            f"{info.name} is for {info.min_players} to {info.max_players} players; "
            "20000 were given.",
        )
    ]


def test_the_same_name_twice_is_found_however_the_names_are_written() -> None:
    with pytest.raises(InvalidInput) as refused:
        games.score("reef-draft", {"players": ["Ana", "Ben", "ANA ", "ben"], "rounds": []})
    assert [e.field for e in refused.value.errors if "must differ" in e.message] == [
        "players[2]",
        "players[3]",
    ]


def test_errors_stop_at_the_most_an_input_is_told(monkeypatch: Any) -> None:
    added = []
    add = Errors.add

    def counted(self: Errors, field_path: str, message: str) -> None:
        added.append(field_path)
        add(self, field_path, message)

    monkeypatch.setattr(Errors, "add", counted)
    junk = {f"junk{i}": 0 for i in range(5_000)}
    with pytest.raises(InvalidInput) as refused:
        games.score("reef-draft", {"players": ["Ana", "Ben"], "rounds": [{}], **junk})
    errors = refused.value.errors
    assert len(errors) == MOST_ERRORS + 1
    assert [e.field for e in errors[:MOST_ERRORS]] == [f"junk{i}" for i in range(MOST_ERRORS)]
    assert errors[-1].field == ""
    assert errors[-1].message.startswith(f"There are more than {MOST_ERRORS} mistakes;")
    # The parse stops there: the rest of the junk is never looked at.
    assert len(added) == MOST_ERRORS + 1


# Each call counts against the address's limit, kept in the database cache.
@pytest.mark.django_db
class TestTheApiReadsBoundedBodies:
    def test_twenty_thousand_names_are_too_large_a_body(self, client: Client) -> None:
        body = json.dumps({"players": [f"Player {i}" for i in range(20_000)]})
        assert len(body) > API_MOST_BYTES
        response = client.post(API_URLS[0], body, content_type="application/json")
        assert response.status_code == 413
        assert response.json() == {
            "errors": [
                {
                    "field": "",
                    "message": "The input is larger than 64 KB: no game's input comes near that.",
                }
            ]
        }

    # One byte too many, and more than Django itself reads (its own answer is an HTML 400).
    @pytest.mark.parametrize("size", [API_MOST_BYTES + 1, 3 * 1024 * 1024])
    @pytest.mark.parametrize("url", API_URLS)
    def test_a_body_too_large_is_413_in_json(self, client: Client, url: str, size: int) -> None:
        body = json.dumps({"players": ["Ana", "Ben"], "pad": ""})
        body = body.replace('""', '"' + "x" * (size - len(body)) + '"')
        assert len(body) == size
        response = client.post(url, body, content_type="application/json")
        assert response.status_code == 413
        assert response["Content-Type"] == "application/json"
        assert [e["field"] for e in response.json()["errors"]] == [""]

    @pytest.mark.parametrize("url", API_URLS)
    def test_a_body_of_the_most_it_reads_is_read(self, client: Client, url: str) -> None:
        body = json.dumps({"players": "", "pad": ""})
        body = body.replace('"pad": ""', '"pad": "' + "x" * (API_MOST_BYTES - len(body)) + '"')
        assert len(body) == API_MOST_BYTES
        response = client.post(url, body, content_type="application/json")
        assert response.status_code == 400
        assert "players" in {e["field"] for e in response.json()["errors"]}

    def test_thousands_of_names_under_the_size_answer_one_error(self, client: Client) -> None:
        body = json.dumps({"players": ["Ana"] * 9_000, "rounds": []})
        assert len(body) < API_MOST_BYTES
        response = client.post(API_URLS[0], body, content_type="application/json")
        assert response.status_code == 400
        assert response.json()["errors"] == [
            {"field": "players", "message": "Reef Draft is for 2 to 5 players; 9000 were given."}
        ]

    def test_thousands_of_mistakes_answer_the_first_hundred(self, client: Client) -> None:
        body = json.dumps(
            {"players": ["Ana", "Ben"], "rounds": [{f"x{i}": {} for i in range(5000)}]}
        )
        assert len(body) < API_MOST_BYTES
        response = client.post(API_URLS[0], body, content_type="application/json")
        assert response.status_code == 400
        assert len(response.json()["errors"]) == MOST_ERRORS + 1

    def test_a_length_that_is_not_a_number_reads_no_body(self, client: Client) -> None:
        response = client.generic(
            "POST", API_URLS[0], b"{}", content_type="application/json", CONTENT_LENGTH="lots"
        )
        assert response.status_code == 400
        assert response.json()["errors"][0]["message"] == "The request body must be JSON."
