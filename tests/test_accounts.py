"""Accounts: a password long enough and not a common one; changing it when signed in;
a forgotten one reset by an email link that works for an hour, once."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth.tokens import PasswordResetTokenGenerator
from django.core import mail
from django.db import connection
from django.test import Client, RequestFactory
from django.test.utils import CaptureQueriesContext
from django.urls import resolve

from scorepad.forms import PASSWORD_HELP
from tests.test_performance import settings_value

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "kelp-forest-at-dawn"


def sign_up(client: Client, password: str, **more: str) -> Any:
    form = {"username": "zoe", "password1": password, "password2": password, **more}
    return client.post("/accounts/signup/", form)


def password_of(user: Any) -> str | None:
    """Which of the tests' passwords now logs the user in."""
    user.refresh_from_db()
    known = ("pw-for-tests-123", NEW_PASSWORD)
    return next((password for password in known if user.check_password(password)), None)


class TestNewPasswords:
    def test_a_password_shorter_than_12_characters_is_refused(self, client: Client) -> None:
        response = sign_up(client, "tide-pool-4")  # 11 characters
        assert response.status_code == 200
        errors = response.context["form"].errors["password2"]
        assert "This password is too short. It must contain at least 12 characters." in errors
        assert sign_up(client, "tide-pool-42").status_code == 302

    def test_a_common_password_is_refused(self, client: Client) -> None:
        response = sign_up(client, "password1234")
        assert "This password is too common." in response.context["form"].errors["password2"]

    def test_a_password_like_the_username_is_refused(self, client: Client) -> None:
        response = sign_up(client, "zoe-zoe-zoe-zoe", username="zoezoezoezoe")
        assert (
            "The password is too similar to the username."
            in (response.context["form"].errors["password2"])
        )

    def test_signing_up_may_leave_an_email_for_a_forgotten_password(self, client: Client) -> None:
        page = client.get("/accounts/signup/").content.decode()
        assert "Email (optional)" in page and "if you forget your password" in page
        assert sign_up(client, NEW_PASSWORD, email="zoe@example.com").status_code == 302
        assert client.get("/").context["user"].email == "zoe@example.com"


class TestChangePassword:
    def test_the_me_menu_leads_to_it(self, alice_client: Client) -> None:
        home = alice_client.get("/").content.decode()
        me = re.search(r'<a href="([^"]+)">Me</a>', home)
        assert me is not None
        assert 'href="/accounts/password/"' in alice_client.get(me[1]).content.decode()

    def test_the_new_password_works_and_the_old_one_no_more(
        self, alice_client: Client, alice: Any
    ) -> None:
        page = alice_client.get("/accounts/password/")
        assert page.status_code == 200 and "Change password" in page.content.decode()
        form = {
            "old_password": "pw-for-tests-123",
            "new_password1": NEW_PASSWORD,
            "new_password2": NEW_PASSWORD,
        }
        response = alice_client.post("/accounts/password/", form)
        assert response["Location"] == "/accounts/password/changed/"
        assert alice_client.get("/groups/").status_code == 200  # still signed in here
        assert password_of(alice) == NEW_PASSWORD

    def test_a_wrong_old_password_changes_nothing(self, alice_client: Client, alice: Any) -> None:
        form = {"old_password": "wrong", "new_password1": NEW_PASSWORD}
        response = alice_client.post("/accounts/password/", {**form, "new_password2": NEW_PASSWORD})
        assert response.status_code == 200
        assert "old_password" in response.context["form"].errors
        assert password_of(alice) == "pw-for-tests-123"

    def test_it_needs_an_account(self, client: Client) -> None:
        assert client.get("/accounts/password/")["Location"].startswith("/accounts/login/")


class TestResetByEmail:
    @pytest.fixture
    def alice(self, alice: Any) -> Any:
        alice.email = "alice@example.com"
        alice.save()
        return alice

    def reset_link(self, client: Client) -> str:
        response = client.post("/accounts/password/reset/", {"email": "ALICE@example.com"})
        assert response["Location"] == "/accounts/password/reset/sent/"
        [email] = mail.outbox
        assert email.to == ["alice@example.com"] and email.subject == "Your Scorepad password"
        body = str(email.body)
        assert "alice" in body and "works for an hour, and once" in body
        found = re.search(r"http://testserver(/accounts/password/reset/\S+/)", body)
        assert found is not None
        return found[1]

    def set_password(self, client: Client, link: str) -> Any:
        form = client.get(link, follow=True)
        assert form.context["validlink"], "the link should open the new-password form"
        return client.post(
            form.redirect_chain[-1][0],
            {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
        )

    def test_the_login_page_offers_it(self, client: Client) -> None:
        page = client.get("/accounts/login/").content.decode()
        assert '<a href="/accounts/password/reset/">Forgot your password?</a>' in page

    def test_the_link_sets_a_new_password(self, client: Client, alice: Any) -> None:
        response = self.set_password(client, self.reset_link(client))
        assert response["Location"] == "/accounts/password/reset/done/"
        assert password_of(alice) == NEW_PASSWORD

    def test_the_link_works_once(self, client: Client, alice: Any) -> None:
        link = self.reset_link(client)
        self.set_password(client, link)
        again = Client().get(link, follow=True)
        assert not again.context["validlink"]
        assert "This link no longer works" in again.content.decode()

    def test_the_link_works_for_an_hour(self, client: Client, alice: Any) -> None:
        link = self.reset_link(client)
        issued = PasswordResetTokenGenerator()._now()
        later = mock.patch.object(PasswordResetTokenGenerator, "_now")
        with later as now:
            now.return_value = issued + timedelta(minutes=59)
            assert Client().get(link, follow=True).context["validlink"]
            now.return_value = issued + timedelta(minutes=61)
            assert not Client().get(link, follow=True).context["validlink"]

    def test_the_answer_comes_before_any_account_is_looked_up(self, alice: Any) -> None:
        """Whether an account has the email must not show in the time the answer takes:
        both answers do the same work, counting the request, and no more. The account is
        looked up, and its email built and sent, once the answer is out (the server closes
        the response: the test client does, and the tests above get their email)."""
        view = resolve("/accounts/password/reset/").func
        answered = []
        asked = (("203.0.113.1", "alice@example.com"), ("203.0.113.2", "nobody@example.com"))
        for address, email in asked:
            request = RequestFactory().post("/accounts/password/reset/", {"email": email})
            request.META["REMOTE_ADDR"] = address
            # The view alone, without the middleware that checks the CSRF token.
            request._dont_enforce_csrf_checks = True  # type: ignore[attr-defined]
            with CaptureQueriesContext(connection) as work:
                response = view(request)
            assert not [q for q in work.captured_queries if "auth_user" in q["sql"]]
            answered.append((response.status_code, response["Location"], len(work)))
        assert answered[0] == answered[1]
        assert mail.outbox == []

    def test_an_unknown_email_is_answered_alike_and_sends_nothing(self, client: Client) -> None:
        response = client.post("/accounts/password/reset/", {"email": "nobody@example.com"})
        assert response["Location"] == "/accounts/password/reset/sent/"
        assert mail.outbox == []


def test_email_goes_to_the_console_in_development_and_smtp_in_production() -> None:
    mailer = 's.MAILERS["default"]'
    console = {"BACKEND": "django.core.mail.backends.console.EmailBackend"}
    assert settings_value(mailer) == console
    production = {"DEBUG": "0", "SECRET_KEY": "x" * 50, "ALLOWED_HOSTS": "example.com"}
    smtp = settings_value(
        mailer, **production, EMAIL_HOST="mail.example.com", EMAIL_PORT="587", EMAIL_USE_TLS="1"
    )
    assert smtp["BACKEND"] == "django.core.mail.backends.smtp.EmailBackend"
    options = {key: smtp["OPTIONS"][key] for key in ("host", "port", "use_tls", "timeout")}
    assert options == {"host": "mail.example.com", "port": 587, "use_tls": True, "timeout": 10}
    named = "django.core.mail.backends.filebased.EmailBackend"
    assert settings_value(mailer, EMAIL_BACKEND=named) == {"BACKEND": named}


class TestPasswordRulesInOneLine:
    """Each screen that takes a new password says its rules in one line, not Django's
    paragraph per validator above the box."""

    def assert_one_line(self, page: str) -> None:
        assert str(PASSWORD_HELP) in page
        assert "can’t be entirely numeric" not in page

    def test_signing_up(self, client: Client) -> None:
        self.assert_one_line(client.get("/accounts/signup/").content.decode())

    def test_changing_it(self, alice_client: Client) -> None:
        self.assert_one_line(alice_client.get("/accounts/password/").content.decode())

    def test_after_a_reset_link(self, client: Client, alice: Any) -> None:
        alice.email = "alice@example.com"
        alice.save()
        link = TestResetByEmail().reset_link(client)
        form = client.get(link, follow=True)
        self.assert_one_line(form.content.decode())
