"""A session and the account signed in on it, read in one query (scorepad/sessions.py),
and ended everywhere at once as before: a logout, a password changed, an account gone."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, RequestFactory

from scorepad.models import Session
from scorepad.sessions import SessionStore, signed_in
from tests.conftest import logged_in

pytestmark = pytest.mark.django_db


def signed_in_on(client: Client) -> Any:
    """The account a request with ``client``'s session cookie is made by."""
    request = RequestFactory().get("/")
    request.session = SessionStore(client.cookies["sessionid"].value)
    return signed_in(request)


def test_the_session_brings_its_account_in_the_same_query(
    alice: Any, django_assert_num_queries: Any
) -> None:
    client = logged_in(alice)
    with django_assert_num_queries(1):
        assert signed_in_on(client) == alice


def test_each_session_names_its_account_and_a_guests_none(alice: Any) -> None:
    client = logged_in(alice)
    session = Client().session  # a guest's
    session["something"] = 1
    session.save()
    accounts = dict(Session.objects.values_list("session_key", "account_id"))
    assert accounts == {client.cookies["sessionid"].value: alice.pk, session.session_key: None}


def test_a_logout_ends_the_session_for_a_copy_of_its_cookie(alice: Any) -> None:
    client = logged_in(alice)
    copy = Client()
    copy.cookies["sessionid"] = client.cookies["sessionid"].value
    assert signed_in_on(copy) == alice
    client.post("/accounts/logout/")
    assert not signed_in_on(copy).is_authenticated


def test_a_password_changed_elsewhere_ends_the_session(alice: Any) -> None:
    client = logged_in(alice)
    alice.set_password("changed-on-another-computer")
    alice.save()
    assert not signed_in_on(client).is_authenticated
    assert not Session.objects.filter(account=alice).exists()  # ended, not only refused


def test_an_account_turned_off_is_not_signed_in(alice: Any) -> None:
    client = logged_in(alice)
    alice.is_active = False
    alice.save()
    assert not signed_in_on(client).is_authenticated


def test_an_account_deleted_takes_its_sessions(alice: Any) -> None:
    logged_in(alice)
    logged_in(alice)
    assert Session.objects.filter(account=alice).count() == 2
    get_user_model().objects.filter(pk=alice.pk).delete()
    assert not Session.objects.exists()


def test_a_session_signed_in_under_a_retired_secret_key_is_kept(alice: Any, settings: Any) -> None:
    client = logged_in(alice)
    settings.SECRET_KEY_FALLBACKS = [settings.SECRET_KEY]
    settings.SECRET_KEY = "a-new-secret-key-" + "x" * 40
    assert signed_in_on(client) == alice


def test_a_session_of_a_backend_no_longer_listed_is_signed_out(alice: Any, settings: Any) -> None:
    client = logged_in(alice)
    settings.AUTHENTICATION_BACKENDS = ["django.contrib.auth.backends.ModelBackend"]
    assert not signed_in_on(client).is_authenticated
