"""Two phones on one play: nobody's save silently overwrites another's."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client

from scorepad.entries import fingerprint
from scorepad.models import Play, start_play
from tests.conftest import hosting

pytestmark = pytest.mark.django_db

HTMX: dict[str, Any] = {"HTTP_HX_REQUEST": "true"}  # WSGI environ, as **extra


def guest_play(host: Client, game: str, mode: str = "standard") -> Play:
    """A guest play ``host``'s phone started (another phone hosts it too by its host link)."""
    play = start_play(
        game=game, names=["Ana", "Ben"], options={}, group=None, user=AnonymousUser(), mode=mode
    )
    hosting(host, play)
    return play


def another_host(play: Play) -> Client:
    return hosting(Client(), play)


@pytest.fixture
def reef_play(client: Client) -> Play:
    return guest_play(client, "reef-draft")


def reef_url(play: Play) -> str:
    return f"/plays/{play.uuid}/rounds/1/players/0/"


class TestReefEntry:
    def test_second_writer_is_told_and_keeps_their_numbers(
        self, client: Client, reef_play: Play
    ) -> None:
        opened = client.get(reef_url(reef_play)).context["base"]
        another_host(reef_play).post(
            reef_url(reef_play), {"jellies": "4", "base": opened, "editor": "b"}
        )
        response = client.post(
            reef_url(reef_play), {"dolphins": "3", "base": opened, "editor": "a"}
        )
        assert response.status_code == 200
        (message,) = response.context["errors"]
        assert message.startswith("Someone else saved Ana's round 1 reef while you were typing.")
        assert "Saved now: 4 jellies. Yours: 3 dolphins." in message
        assert response.context["form"]["dolphins"].value() == "3"
        assert reef_play.ordered_results()[0].entry["rounds"]["1"]["jellies"] == 4
        # Saving again, from the state now shown, puts this phone's numbers in.
        again = client.post(
            reef_url(reef_play),
            {"dolphins": "3", "base": response.context["base"], "editor": "a"},
        )
        assert again.status_code == 302
        saved = reef_play.ordered_results()[0].entry["rounds"]["1"]
        assert (saved["jellies"], saved["dolphins"]) == (0, 3)

    def test_htmx_conflict_refreshes_the_base(self, client: Client, reef_play: Play) -> None:
        opened = fingerprint(None)
        another_host(reef_play).post(
            reef_url(reef_play), {"jellies": "2", "base": opened, "editor": "b"}
        )
        response = client.post(
            reef_url(reef_play), {"jellies": "6", "base": opened, "editor": "a"}, **HTMX
        )
        body = response.content.decode()
        current = fingerprint(reef_play.ordered_results()[0].entry["rounds"]["1"])
        assert (
            f'<input type="hidden" name="base" id="base" value="{current}" hx-swap-oob="true">'
            in body
        )
        assert "Someone else saved" in body

    def test_own_autosaves_follow_each_other(self, client: Client, reef_play: Play) -> None:
        first = client.post(
            reef_url(reef_play), {"jellies": "2", "base": fingerprint(None)}, **HTMX
        )
        second = client.post(
            reef_url(reef_play), {"jellies": "3", "base": first.context["base"]}, **HTMX
        )
        assert second.context["errors"] == []
        assert reef_play.ordered_results()[0].entry["rounds"]["1"]["jellies"] == 3


def test_tally_conflict(client: Client) -> None:
    play = guest_play(client, "seagrass", mode="log")
    url = f"/plays/{play.uuid}/players/0/tally/"
    opened = client.get(url).context["base"]
    another_host(play).post(url, {"unplayed_tiles": "4", "base": opened, "editor": "b"})
    response = client.post(url, {"unplayed_tiles": "9", "base": opened, "editor": "a"})
    (message,) = response.context["errors"]
    assert "Saved now: unplayed tiles 4. Yours: unplayed tiles 9." in message
    assert play.ordered_results()[0].entry["final"] == {"unplayed_tiles": 4}


class TestLog:
    @pytest.fixture
    def log_play(self, client: Client) -> Play:
        play = guest_play(client, "seagrass", mode="log")
        client.post(
            f"/plays/{play.uuid}/events/new/colony/",
            {"player": "Ana", "creatures": "3", "action": "save"},
        )
        return play

    def test_editing_an_event_someone_changed(self, client: Client, log_play: Play) -> None:
        url = f"/plays/{log_play.uuid}/events/1/"
        opened = client.get(url).context["base"]
        another_host(log_play).post(
            url, {"player": "Ana", "creatures": "5", "action": "save", "base": opened}
        )
        response = client.post(
            url, {"player": "Ben", "creatures": "7", "action": "save", "base": opened}
        )
        (message,) = response.context["errors"]
        assert (
            "Saved now: Ana: colony of 5 creatures. Yours: Ben: colony of 7 creatures." in message
        )
        assert response.context["form"]["creatures"].value() == "7"
        assert log_play.logged_events()[0].data["creatures"] == 5

    def test_undo_does_not_take_back_an_event_it_did_not_show(
        self, client: Client, log_play: Play
    ) -> None:
        shown = client.get(f"/plays/{log_play.uuid}/").context["log"][0]["event"].seq
        another_host(log_play).post(
            f"/plays/{log_play.uuid}/events/new/colony/",
            {"player": "Ben", "creatures": "2", "action": "save"},
        )
        response = client.post(f"/plays/{log_play.uuid}/events/undo/", {"last": shown}, follow=True)
        assert "Nothing was undone" in response.content.decode()
        assert len(log_play.logged_events()) == 2


def test_one_phone_overtaking_its_own_autosave_is_no_conflict(client: Client) -> None:
    play = guest_play(client, "reef-draft")
    page = client.get(reef_url(play)).context
    mine = {"base": page["base"], "editor": page["editor"]}
    client.post(reef_url(play), {"jellies": "2", **mine}, **HTMX)  # the autosave lands...
    response = client.post(reef_url(play), {"jellies": "3", **mine})  # ...before Save sees it
    assert response.status_code == 302
    assert play.ordered_results()[0].entry["rounds"]["1"]["jellies"] == 3
