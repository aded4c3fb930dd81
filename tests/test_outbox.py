"""A phone's changes sent again (its outbox, after a lost connection) are applied once:
each carries an id the phone made; the same id twice changes nothing more, an id made
for another play or seat is refused. The outbox is told where a saved form leads and
when a change met another phone's."""

from __future__ import annotations

import uuid
from typing import Any
from urllib.parse import unquote

import pytest
from django.test import Client

from scorepad.models import AppliedChange, Play, start_play
from scorepad.models.changes import save_part
from scorepad.models.table import ensure_join_code, release
from scorepad.table import CHANGE_HEADER
from tests.conftest import hosting

pytestmark = pytest.mark.django_db

COLONY = {"player": "Ana", "creatures": "3", "action": "save"}


def sent(change: str, **headers: str) -> dict[str, str]:
    """Headers as the outbox sends them."""
    return {CHANGE_HEADER: change, **{name.replace("_", "-"): v for name, v in headers.items()}}


@pytest.fixture
def log_play(client: Client) -> Play:
    client.post(
        "/games/seagrass/new/",
        {"seat_1": "Ana", "seat_2": "Ben", "mode": "log", "option_discovery": "false"},
    )
    return Play.objects.get()


def test_an_event_sent_twice_is_logged_once(client: Client, log_play: Play) -> None:
    change = str(uuid.uuid4())
    url = f"/plays/{log_play.uuid}/events/new/colony/"
    for _ in range(2):
        assert (
            client.post(url, COLONY, headers=sent(change))["Location"]
            == log_play.get_absolute_url()
        )
    assert [e.data["creatures"] for e in log_play.logged_events()] == [3]
    assert AppliedChange.objects.get(change=change).play == log_play


def test_an_undo_sent_twice_takes_back_one_event(client: Client, log_play: Play) -> None:
    url = f"/plays/{log_play.uuid}/events/new/colony/"
    client.post(url, COLONY)
    client.post(url, {**COLONY, "creatures": "4"})
    change = str(uuid.uuid4())
    last = log_play.logged_events()[-1].seq
    for _ in range(2):
        client.post(f"/plays/{log_play.uuid}/events/undo/", {"last": last}, headers=sent(change))
    assert [e.data["creatures"] for e in log_play.logged_events()] == [3]


def test_a_deletion_sent_twice_deletes_one_event(client: Client, log_play: Play) -> None:
    url = f"/plays/{log_play.uuid}/events/new/colony/"
    client.post(url, COLONY)
    client.post(url, {**COLONY, "creatures": "4"})
    change = str(uuid.uuid4())
    for _ in range(2):
        response = client.post(
            f"/plays/{log_play.uuid}/events/1/", {"action": "delete"}, headers=sent(change)
        )
        assert response.status_code == 302
    assert [e.data["creatures"] for e in log_play.logged_events()] == [4]


def test_a_count_sent_twice_is_saved_once_and_answers_as_saved(client: Client) -> None:
    client.post(
        "/games/reef-draft/new/",
        {"seat_1": "Ana", "seat_2": "Ben", "option_coral_penalty": "each"},
    )
    play = Play.objects.get()
    url = f"/plays/{play.uuid}/rounds/1/players/0/"
    base = client.get(url).context["base"]
    change = str(uuid.uuid4())
    first = client.post(
        url, {"base": base, "jellies": "2"}, headers=sent(change, HX_Request="true")
    )
    # Meanwhile another phone changes the reef; the first phone's change, sent again,
    # is neither applied again nor a conflict with what came after it.
    save_part(play, play.ordered_results()[0], ("rounds", "1"), {"jellies": 5}, editor="other")
    again = client.post(
        url, {"base": base, "jellies": "2"}, headers=sent(change, HX_Request="true")
    )
    assert first.status_code == again.status_code == 200
    assert "Outbox-Conflict" not in again
    assert play.ordered_results()[0].entry["rounds"]["1"] == {"jellies": 5}


@pytest.mark.parametrize("other", ["play", "seat"])
def test_a_change_made_for_another_play_or_seat_is_refused(
    client: Client, log_play: Play, other: str
) -> None:
    change = str(uuid.uuid4())
    client.post(
        f"/plays/{log_play.uuid}/players/0/tally/", {"unplayed_tiles": "1"}, headers=sent(change)
    )
    if other == "play":
        elsewhere = start_play(
            game="seagrass", names=["Cleo", "Dev"], options={}, mode="log", group=None, user=_anon()
        )
        hosting(client, elsewhere)
        target = f"/plays/{elsewhere.uuid}/players/0/tally/"
    else:
        target = f"/plays/{log_play.uuid}/players/1/tally/"
    response = client.post(target, {"unplayed_tiles": "2"}, headers=sent(change))
    assert response.status_code == 403
    assert "another play or another seat" in response.content.decode()
    assert "final" not in log_play.ordered_results()[1].entry


def _anon() -> Any:
    from django.contrib.auth.models import AnonymousUser

    return AnonymousUser()


def test_a_form_sent_by_the_outbox_is_told_where_it_leads(client: Client, log_play: Play) -> None:
    url = f"/plays/{log_play.uuid}/events/new/colony/"
    response = client.post(url, COLONY, headers=sent(str(uuid.uuid4()), X_Outbox="submit"))
    assert response.status_code == 204
    assert response["Outbox-Location"] == log_play.get_absolute_url()
    # The message waits for the page the phone goes to.
    assert "Added: Ana: colony of 3 creatures" in client.get(log_play.get_absolute_url()).text


def test_a_change_that_met_another_phones_is_marked_as_a_conflict(
    client: Client, log_play: Play
) -> None:
    url = f"/plays/{log_play.uuid}/players/0/tally/"
    base = client.get(url).context["base"]
    save_part(
        log_play, log_play.ordered_results()[0], ("final",), {"unplayed_tiles": 4}, editor="b"
    )
    response = client.post(
        url,
        {"base": base, "editor": "a", "unplayed_tiles": "1"},
        headers=sent(str(uuid.uuid4()), X_Outbox="autosave", HX_Request="true"),
    )
    assert unquote(response["Outbox-Conflict"]) == (
        "Someone else saved Ana's numbers while you were typing. Saved now: unplayed tiles 4. "
        "Yours: unplayed tiles 1. Your numbers are still here: save again to keep yours."
    )
    assert "Someone else saved Ana&#x27;s numbers" in response.text
    assert log_play.ordered_results()[0].entry["final"] == {"unplayed_tiles": 4}


def test_an_undo_sent_after_the_log_changed_is_a_conflict(client: Client, log_play: Play) -> None:
    url = f"/plays/{log_play.uuid}/events/new/colony/"
    client.post(url, COLONY)
    shown = log_play.logged_events()[-1].seq
    client.post(url, {**COLONY, "creatures": "5"})
    response = client.post(
        f"/plays/{log_play.uuid}/events/undo/",
        {"last": shown},
        headers=sent(str(uuid.uuid4()), X_Outbox="submit"),
    )
    assert unquote(response["Outbox-Conflict"]).startswith(
        "The log changed meanwhile: the last event is now “Ana: colony of 5 creatures”."
    )
    assert [e.data["creatures"] for e in log_play.logged_events()] == [3, 5]


def test_a_change_answered_without_being_applied_is_marked_refused(
    client: Client, log_play: Play
) -> None:
    url = f"/plays/{log_play.uuid}/players/0/tally/"
    refused = client.post(
        url,
        {"unplayed_tiles": "99"},  # more than a player's tiles
        headers=sent(str(uuid.uuid4()), X_Outbox="autosave", HX_Request="true"),
    )
    assert refused.status_code == 200
    assert refused["Outbox-Refused"] == "1"
    assert log_play.ordered_results()[0].entry == {}

    saved = client.post(
        url,
        {"unplayed_tiles": "2"},
        headers=sent(str(uuid.uuid4()), X_Outbox="autosave", HX_Request="true"),
    )
    assert saved.status_code == 200
    assert not saved.has_header("Outbox-Refused")
    assert log_play.ordered_results()[0].entry["final"]["unplayed_tiles"] == 2


def _account(client: Client) -> str:
    return client.get("/")["Scorepad-Identity"].split(".")[0]


def test_a_change_made_under_another_account_waits_for_it(
    log_play: Play, alice_client: Client, bob_client: Client
) -> None:
    # alice hosts from her phone; she typed it offline, bob is signed in on the phone when
    # it is sent.
    hosting(alice_client, log_play)
    url = f"/plays/{log_play.uuid}/players/0/tally/"
    change = str(uuid.uuid4())
    headers = sent(
        change, X_Outbox="autosave", HX_Request="true", X_Outbox_Account=_account(alice_client)
    )
    refused = bob_client.post(url, {"unplayed_tiles": "2"}, headers=headers)
    assert refused.status_code == 409
    assert refused["Outbox-Account-Differs"] == "1"  # the phone keeps it
    assert refused["Scorepad-Identity"].split(".")[0] == _account(bob_client)
    assert not AppliedChange.objects.filter(change=change).exists()
    assert log_play.ordered_results()[0].entry == {}

    saved = alice_client.post(url, {"unplayed_tiles": "2"}, headers=headers)  # alice is back
    assert saved.status_code == 200
    assert AppliedChange.objects.filter(change=change).count() == 1
    assert log_play.ordered_results()[0].entry["final"] == {"unplayed_tiles": 2}


def test_a_change_made_without_an_account_waits_for_the_phone_to_log_out(
    log_play: Play, alice: Any
) -> None:
    # Ana's seat, taken on a phone without an account: the seat is the phone's.
    phone = Client()
    phone.post(f"/j/{ensure_join_code(log_play)}", {"action": "seat", "seat": 0})
    url = f"/plays/{log_play.uuid}/events/new/colony/"
    change = str(uuid.uuid4())
    headers = sent(change, X_Outbox="submit", X_Outbox_Account=_account(phone))
    phone.force_login(alice)  # the same phone, signed in now
    assert phone.post(url, COLONY, headers=headers).status_code == 409
    assert log_play.logged_events() == []
    phone.post("/accounts/logout/")  # its phone cookie stays
    assert phone.post(url, COLONY, headers=headers).status_code == 204
    assert [e.data["creatures"] for e in log_play.logged_events()] == [3]


def test_an_older_change_overtaken_by_a_newer_one_from_the_same_screen_changes_nothing(
    client: Client, log_play: Play
) -> None:
    """Two autosaves of one screen, the newer arriving first (two networks, a retry): the
    newer stands, the older is taken as applied (it is not sent again) and changes nothing."""
    url = f"/plays/{log_play.uuid}/players/0/tally/"
    base = client.get(url).context["base"]
    screen = {"base": base, "editor": "screen-1"}
    older, newer = str(uuid.uuid4()), str(uuid.uuid4())
    made = 1_760_000_000_000
    for change, when, tiles in ((newer, made + 900, "4"), (older, made, "1")):
        response = client.post(
            url,
            {**screen, "unplayed_tiles": tiles},
            headers=sent(change, X_Change_Made=str(when), X_Outbox="autosave", HX_Request="true"),
        )
        assert response.status_code == 200
        assert not response.has_header("Outbox-Refused")
        assert not response.has_header("Outbox-Conflict")
    assert log_play.ordered_results()[0].entry["final"] == {"unplayed_tiles": 4}
    assert AppliedChange.objects.filter(change=older).exists()


def test_a_change_sent_again_after_its_seat_was_handed_over_is_answered_as_applied(
    client: Client, log_play: Play
) -> None:
    seat = Client()
    seat.post(f"/j/{ensure_join_code(log_play)}", {"action": "seat", "seat": 1})
    url = f"/plays/{log_play.uuid}/players/1/tally/"
    change = str(uuid.uuid4())
    assert seat.post(url, {"unplayed_tiles": "2"}, headers=sent(change)).status_code == 302
    # The host hands the seat to another phone; the first phone's answer had been lost.
    release(log_play, log_play.ordered_results()[1])
    again = seat.post(url, {"unplayed_tiles": "2"}, headers=sent(change, X_Outbox="submit"))
    assert again.status_code == 204
    assert not again.has_header("Outbox-Refused")
    # A new change from that phone is refused: it holds the seat no more.
    refused = seat.post(url, {"unplayed_tiles": "3"}, headers=sent(str(uuid.uuid4())))
    assert refused.status_code == 403
    assert log_play.ordered_results()[1].entry["final"] == {"unplayed_tiles": 2}


def test_a_change_id_used_again_for_another_change_is_refused(
    client: Client, log_play: Play
) -> None:
    url = f"/plays/{log_play.uuid}/players/0/tally/"
    change = str(uuid.uuid4())
    client.post(url, {"unplayed_tiles": "2"}, headers=sent(change))
    reused = client.post(url, {"unplayed_tiles": "5"}, headers=sent(change))
    assert reused.status_code == 403
    assert "already used for another change" in reused.content.decode()
    assert log_play.ordered_results()[0].entry["final"] == {"unplayed_tiles": 2}
    # The same change sent again is still the same change.
    again = client.post(url, {"unplayed_tiles": "2"}, headers=sent(change))
    assert again.status_code == 302
