"""Every page names whom it is for (scorepad/offline.py): the service worker keeps pages
per identity and forgets the others' as soon as a page names a new one, and a change
waiting in a phone's outbox goes only under the account it was made under."""

from __future__ import annotations

import re
import secrets
from typing import Any

import pytest
from django.conf import settings
from django.test import Client

from scorepad.table import PHONE_COOKIE

pytestmark = pytest.mark.django_db

IDENTITY_HEADER = "Scorepad-Identity"


def identity(client: Client, path: str = "/") -> str:
    return client.get(path)[IDENTITY_HEADER]


def account(client: Client) -> str:
    return identity(client).split(".")[0]


def a_phone() -> Client:
    """An anonymous visitor whose phone has its token already (it joined a table)."""
    client = Client()
    client.cookies[PHONE_COOKIE] = secrets.token_urlsafe(32)
    return client


def test_each_account_and_each_phone_without_one_has_its_own(
    alice_client: Client, bob_client: Client, outsider_client: Client
) -> None:
    seen = [identity(c) for c in (alice_client, bob_client, outsider_client, a_phone(), a_phone())]
    assert len(set(seen)) == len(seen)
    assert all(re.fullmatch(r"[0-9a-f]{24}\.[0-9a-f]{24}", i) for i in seen)


def test_it_is_the_same_across_a_session_and_the_page_says_it_too(
    alice_client: Client,
) -> None:
    first = identity(alice_client, "/")
    page = alice_client.get("/groups/")
    assert page[IDENTITY_HEADER] == first
    assert f'<meta name="scorepad-identity" content="{first}" data-name="alice">' in page.text


def test_logging_in_again_is_the_same_account(alice: Any) -> None:
    phone = Client()
    phone.force_login(alice)
    before = identity(phone)
    phone.post("/accounts/logout/")
    assert account(phone) != before.split(".")[0]
    phone.force_login(alice)
    assert identity(phone) == before


def test_an_answer_for_a_session_ended_meanwhile_keeps_the_new_sessions_cookie(
    alice: Any, bob: Any
) -> None:
    phone = Client()
    phone.post("/accounts/login/", {"username": "alice", "password": "pw-for-tests-123"})
    alices = phone.cookies[settings.SESSION_COOKIE_NAME].value
    phone.post("/accounts/login/", {"username": "bob", "password": "pw-for-tests-123"})
    # A page asked for under Alice's session, answered once Bob's has replaced it.
    late = Client()
    late.cookies[settings.SESSION_COOKIE_NAME] = alices
    answer = late.get("/")
    assert "Log in" in answer.text  # Alice's session is gone for good
    assert settings.SESSION_COOKIE_NAME not in answer.cookies
    assert "Log out" in phone.get("/").text


def test_logging_out_deletes_the_session_cookie(alice_client: Client) -> None:
    answer = alice_client.post("/accounts/logout/")
    assert answer.cookies[settings.SESSION_COOKIE_NAME]["max-age"] == 0
    assert "Log in" in alice_client.get("/").text


def test_a_password_changed_on_the_phone_is_a_new_identity_of_the_same_account(
    alice_client: Client,
) -> None:
    before = identity(alice_client)
    new = "another-long-passphrase-9"
    alice_client.post(
        "/accounts/password/",
        {"old_password": "pw-for-tests-123", "new_password1": new, "new_password2": new},
    )
    after = identity(alice_client)
    assert after != before
    assert after.split(".")[0] == before.split(".")[0]  # what waits in its outbox still goes


def test_a_password_changed_elsewhere_ends_the_phones_identity(
    alice_client: Client, alice: Any
) -> None:
    alice_client.cookies[PHONE_COOKIE] = secrets.token_urlsafe(32)
    before = identity(alice_client)
    alice.set_password("changed-on-another-computer")
    alice.save()
    after = identity(alice_client)
    assert after.split(".")[0] != before.split(".")[0]
    # The phone is anonymous now: it is its own phone's identity.
    alone = Client()
    alone.cookies[PHONE_COOKIE] = alice_client.cookies[PHONE_COOKIE].value
    assert identity(alone) == after


def test_the_offline_page_is_nobodys(alice_client: Client) -> None:
    page = alice_client.get("/offline/")
    assert "scorepad-identity" not in page.text
    assert "Log out" not in page.text


def test_a_polls_304_names_nobody_unless_it_asks_and_then_a_session_ended_elsewhere_is_heard(
    alice_client: Client, alice: Any, group: Any, make_play: Any
) -> None:
    play = make_play("reef-draft", group=group, user=alice)
    path = f"/plays/{play.uuid}/table/"
    before = alice_client.get(path, HTTP_HX_REQUEST="true")
    poll: dict[str, Any] = {"HTTP_HX_REQUEST": "true", "HTTP_IF_NONE_MATCH": before["ETag"]}
    assert before[IDENTITY_HEADER] == identity(alice_client)

    quiet = alice_client.get(path, **poll)
    assert quiet.status_code == 304 and IDENTITY_HEADER not in quiet
    asked = alice_client.get(path, **poll, HTTP_SCOREPAD_ASK_IDENTITY="1")
    assert asked.status_code == 304 and asked[IDENTITY_HEADER] == before[IDENTITY_HEADER]

    alice.set_password("changed-on-another-computer")
    alice.save()
    ended = alice_client.get(path, **poll, HTTP_SCOREPAD_ASK_IDENTITY="1")
    assert ended.status_code == 304  # nothing changed at the table; the session did
    assert ended[IDENTITY_HEADER].split(".")[0] != before[IDENTITY_HEADER].split(".")[0]
