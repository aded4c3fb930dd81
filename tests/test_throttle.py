"""One client address cannot sign up, start guest plays, ask for reset emails or call
the score API without end: over a limit it is told, 429 with Retry-After, when to try
again. The counts live in the shared database cache, which counts right."""

from __future__ import annotations

import threading
from datetime import timedelta
from typing import Any

import pytest
from django.conf import settings
from django.core import mail
from django.core.cache import cache
from django.db import connection
from django.test import Client, RequestFactory, override_settings
from django.utils import timezone

from scorepad.http import client_address
from scorepad.models import Group, Play
from scorepad.throttle import in_words
from tests.test_performance import settings_value

pytestmark = pytest.mark.django_db

LIMITS = {
    "signups": "2/h",
    "password_resets": "1/h",
    "guest_plays": "2/h",
    "api_scores": "2/m",
    "failed_logins": "3/h",
    "wrong_old_passwords_per_account": "2/h",
    "wrong_old_passwords": "3/h",
}
GUEST_PLAY = {"seat_1": "Ana", "seat_2": "Ben", "option_coral_penalty": "split"}
PASSWORD = "pw-for-tests-123"  # every test user's (tests/conftest.py)


@pytest.fixture(autouse=True)
def low_limits() -> Any:
    with override_settings(SCOREPAD_RATE_LIMITS={**settings.SCOREPAD_RATE_LIMITS, **LIMITS}):
        yield


def sign_up(client: Client, username: str, **extra: Any) -> Any:
    password = "tide-pool-42x-deep"
    form = {"username": username, "password1": password, "password2": password}
    return client.post("/accounts/signup/", form, **extra)


def assert_told_to_wait(response: Any, seconds: int) -> str:
    assert response.status_code == 429
    assert 0 < int(response["Retry-After"]) <= seconds
    return response.content.decode()


def test_signups_are_limited_per_address() -> None:
    assert sign_up(Client(), "zoe").status_code == 302
    assert sign_up(Client(), "yann").status_code == 302
    response = sign_up(Client(), "xena")
    page = assert_told_to_wait(response, 3600)
    assert "Too many accounts were created from here." in page
    # The hour's window ends when it ends: the page says when, as Retry-After does.
    assert f"Try again in {in_words(int(response['Retry-After']))}" in page
    assert not Group.objects.filter(members__username="xena").exists()
    # Another address is counted on its own.
    assert sign_up(Client(REMOTE_ADDR="203.0.113.9"), "xena").status_code == 302


def test_only_a_post_counts_as_a_signup() -> None:
    for _ in range(3):
        assert Client().get("/accounts/signup/").status_code == 200
    assert sign_up(Client(), "zoe").status_code == 302


def test_guest_plays_are_limited_per_address_and_group_plays_are_not(
    client: Client, alice_client: Client, group: Group
) -> None:
    for _ in range(2):
        assert client.post("/games/reef-draft/new/", GUEST_PLAY).status_code == 302
    page = assert_told_to_wait(client.post("/games/reef-draft/new/", GUEST_PLAY), 3600)
    assert "Too many games were started from here without an account." in page
    assert Play.objects.filter(group=None).count() == 2
    # A signed-in player at the same address starts plays in their group's history.
    for _ in range(3):
        assert alice_client.post("/games/reef-draft/new/", GUEST_PLAY).status_code == 302
    assert group.plays.count() == 3


def test_a_form_sent_back_with_a_mistake_starts_no_play_and_counts_none(client: Client) -> None:
    for _ in range(3):
        assert client.post("/games/reef-draft/new/", {"seat_1": "Ana"}).status_code == 200
    assert client.post("/games/reef-draft/new/", GUEST_PLAY).status_code == 302


def test_score_api_calls_are_limited_with_a_json_answer(client: Client) -> None:
    body, kind = b'{"players": []}', "application/json"
    for _ in range(2):
        assert client.post("/api/games/reef-draft/score", body, kind).status_code == 400
    response = client.post("/api/games/reef-draft/score", body, kind)
    assert_told_to_wait(response, 60)
    [error] = response.json()["errors"]
    assert error["field"] == ""
    assert error["message"].startswith("Too many scores were asked for from this address.")
    assert "Try again in" in error["message"]
    # The game's own JSON calculator counts toward the same limit.
    calculator = client.post("/api/games/seagrass/reef-award", body, kind)
    assert calculator.status_code == 429 and "errors" in calculator.json()


def test_password_reset_emails_are_limited_per_address(client: Client, alice: Any) -> None:
    alice.email = "alice@example.com"
    alice.save()
    assert client.post("/accounts/password/reset/", {"email": alice.email}).status_code == 302
    response = client.post("/accounts/password/reset/", {"email": alice.email})
    assert "Too many password reset emails" in assert_told_to_wait(response, 3600)
    assert len(mail.outbox) == 1


def log_in(client: Client, username: str, password: str = "wrong") -> Any:
    return client.post("/accounts/login/", {"username": username, "password": password})


def test_wrong_passwords_from_one_address_are_limited_whatever_the_usernames(
    alice: Any, bob: Any, charlie: Any
) -> None:
    """django-axes locks out one username at one address: one password tried on many
    usernames is held back here."""
    for username in ("alice", "bob", "nobody"):
        assert log_in(Client(), username).status_code == 200
    response = log_in(Client(), "charlie", PASSWORD)  # even a right one, for a while
    assert "Too many wrong passwords were tried from here." in assert_told_to_wait(response, 3600)
    assert log_in(Client(REMOTE_ADDR="203.0.113.9"), "charlie", PASSWORD).status_code == 302


def test_right_passwords_count_no_failure(charlie: Any) -> None:
    for _ in range(4):
        assert log_in(Client(), "charlie", PASSWORD).status_code == 302


def change_password(client: Client, old: str) -> Any:
    new = "kelp-forest-at-dawn"
    form = {"old_password": old, "new_password1": new, "new_password2": new}
    return client.post("/accounts/password/", form)


def test_wrong_old_passwords_are_limited_per_account(alice: Any, alice_client: Client) -> None:
    for _ in range(2):
        response = change_password(alice_client, "wrong")
        assert "old_password" in response.context["form"].errors
    # From another address too, and even the right one, for a while.
    elsewhere = Client(REMOTE_ADDR="203.0.113.9")
    elsewhere.force_login(alice)
    response = change_password(elsewhere, PASSWORD)
    page = assert_told_to_wait(response, 3600)
    assert "The old password was typed wrong too many times." in page
    alice.refresh_from_db()
    assert alice.check_password(PASSWORD)


def test_wrong_old_passwords_are_limited_per_address(
    alice_client: Client, bob_client: Client, outsider_client: Client, bob: Any
) -> None:
    for client in (alice_client, bob_client, outsider_client):
        assert change_password(client, "wrong").status_code == 200
    response = change_password(bob_client, PASSWORD)
    assert "Too many wrong old passwords were typed from here." in assert_told_to_wait(
        response, 3600
    )
    elsewhere = Client(REMOTE_ADDR="203.0.113.9")
    elsewhere.force_login(bob)
    assert change_password(elsewhere, PASSWORD)["Location"] == "/accounts/password/changed/"


def ask_for_a_reset(address: str, email: str) -> Any:
    return Client(REMOTE_ADDR=address).post("/accounts/password/reset/", {"email": email})


@override_settings(
    SCOREPAD_RATE_LIMITS={
        **settings.SCOREPAD_RATE_LIMITS,
        **LIMITS,
        "password_resets_per_email": "2/h",
    }
)
def test_reset_emails_to_one_inbox_are_limited_whoever_asks(alice: Any) -> None:
    alice.email = "alice@example.com"
    alice.save()
    for address in ("203.0.113.1", "203.0.113.2"):
        assert ask_for_a_reset(address, "alice@example.com").status_code == 302
    response = ask_for_a_reset("203.0.113.3", "ALICE@example.com")
    page = assert_told_to_wait(response, 3600)
    assert "Too many password reset emails were asked for that email." in page
    assert len(mail.outbox) == 2
    # An email no account has is counted alike: the limit tells nothing of accounts.
    for address in ("203.0.113.4", "203.0.113.5"):
        assert ask_for_a_reset(address, "nobody@example.com").status_code == 302
    assert ask_for_a_reset("203.0.113.6", "nobody@example.com").status_code == 429


class TestClientAddress:
    """Behind proxies of our own the client is the address the outermost proxy saw:
    what a client writes into X-Forwarded-For itself comes before it."""

    def address(self, forwarded: str | None = None, remote: str = "10.0.0.2") -> str:
        extra: dict[str, Any] = {} if forwarded is None else {"HTTP_X_FORWARDED_FOR": forwarded}
        return client_address(RequestFactory().get("/", REMOTE_ADDR=remote, **extra))

    def test_directly_the_connection_is_the_client(self) -> None:
        assert self.address("198.51.100.7") == "10.0.0.2"

    @override_settings(SCOREPAD_PROXY_COUNT=1)
    def test_behind_one_proxy_the_last_hop_is_the_client(self) -> None:
        assert self.address("198.51.100.7") == "198.51.100.7"
        assert self.address("192.0.2.1, 198.51.100.7") == "198.51.100.7"

    @override_settings(SCOREPAD_PROXY_COUNT=2)
    def test_behind_two_proxies_the_outer_ones_hop_is_the_client(self) -> None:
        assert self.address("192.0.2.1, 198.51.100.7, 10.0.0.1") == "198.51.100.7"

    @override_settings(SCOREPAD_PROXY_COUNT=1)
    def test_a_missing_or_garbled_header_falls_back_to_the_connection(self) -> None:
        assert self.address() == "10.0.0.2"
        assert self.address("not-an-address") == "10.0.0.2"

    def test_an_ipv6_address_counts_as_its_64(self) -> None:
        """The block one household or phone is given: its holder may use any address in it."""
        assert self.address(remote="2001:db8:1:2:aaaa:bbbb:cccc:dddd") == "2001:db8:1:2::"
        assert self.address(remote="2001:db8:1:2::1") == "2001:db8:1:2::"
        assert self.address(remote="2001:db8:1:3::1") == "2001:db8:1:3::"

    @override_settings(SCOREPAD_PROXY_COUNT=1)
    def test_behind_a_proxy_an_ipv6_client_counts_as_its_64_too(self) -> None:
        assert self.address("2001:db8:1:2:aaaa::7") == "2001:db8:1:2::"

    def test_an_ipv4_address_written_as_ipv6_counts_as_itself(self) -> None:
        """Not as the /64 of every IPv4 client a dual-stack server sees."""
        assert self.address(remote="::ffff:198.51.100.7") == "198.51.100.7"
        assert self.address(remote="::ffff:198.51.100.8") == "198.51.100.8"

    def test_the_proxy_count_comes_from_the_environment(self) -> None:
        assert settings_value("s.SCOREPAD_PROXY_COUNT") == 0
        assert settings_value("s.SCOREPAD_PROXY_COUNT", BEHIND_PROXY="1") == 1
        assert settings_value("s.SCOREPAD_PROXY_COUNT", BEHIND_PROXY="1", PROXY_COUNT="2") == 2


@override_settings(SCOREPAD_PROXY_COUNT=1)
def test_clients_behind_one_proxy_are_counted_apart_and_cannot_forge_their_way_out() -> None:
    proxy: dict[str, Any] = {"REMOTE_ADDR": "10.0.0.2"}
    for username, forged in (("zoe", "192.0.2.1"), ("yann", "192.0.2.2")):
        response = sign_up(Client(**proxy), username, HTTP_X_FORWARDED_FOR=f"{forged}, 203.0.113.5")
        assert response.status_code == 302
    forged = sign_up(Client(**proxy), "xena", HTTP_X_FORWARDED_FOR="192.0.2.3, 203.0.113.5")
    assert forged.status_code == 429
    other = sign_up(Client(**proxy), "xena", HTTP_X_FORWARDED_FOR="203.0.113.6")
    assert other.status_code == 302


def test_the_addresses_of_one_ipv6_64_share_one_count() -> None:
    for username, address in (("zoe", "2001:db8:1:2::a"), ("yann", "2001:db8:1:2::b")):
        assert sign_up(Client(REMOTE_ADDR=address), username).status_code == 302
    assert sign_up(Client(REMOTE_ADDR="2001:db8:1:2:ffff::c"), "xena").status_code == 429
    assert sign_up(Client(REMOTE_ADDR="2001:db8:1:3::a"), "xena").status_code == 302


def test_the_limits_come_from_the_environment() -> None:
    limits = settings_value("s.SCOREPAD_RATE_LIMITS", RATE_LIMIT_SIGNUPS="3/d")
    assert limits["signups"] == "3/d"
    assert limits["api_scores"] == "60/m"


# --- The shared cache counts right ----------------------------------------------------------------
def expires(key: str) -> Any:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT expires FROM scorepad_cache WHERE cache_key = %s", [cache.make_key(key)]
        )
        return cursor.fetchone()[0]


def test_a_count_keeps_its_window() -> None:
    """Django's database cache sets an incremented count with the default timeout
    (five minutes): an hour's count would start again after five quiet minutes."""
    assert cache.add("count", 0, 3600)
    before = expires("count")
    assert not cache.add("count", 0, 3600)
    assert cache.incr("count") == 1
    assert cache.incr("count", 2) == 3
    assert expires("count") == before
    assert cache.get("count") == 3


def test_a_count_that_is_gone_cannot_be_incremented() -> None:
    with pytest.raises(ValueError):
        cache.incr("never-counted")
    cache.add("over", 1, 3600)
    with connection.cursor() as cursor:
        past = timezone.now() - timedelta(minutes=1)
        cursor.execute(
            "UPDATE scorepad_cache SET expires = %s WHERE cache_key = %s",
            [connection.ops.adapt_datetimefield_value(past), cache.make_key("over")],
        )
    with pytest.raises(ValueError):
        cache.incr("over")


def test_a_counted_api_call_costs_a_look_and_a_locked_increment(
    client: Client, django_assert_num_queries: Any
) -> None:
    """Django's own add of a count already there tries an INSERT and takes the
    duplicate key error for an answer, logged by the database at every call."""
    with override_settings(SCOREPAD_RATE_LIMITS={**LIMITS, "api_scores": "100/m"}):
        client.post("/api/games/reef-draft/score", b"{}", "application/json")
        # A look; then the increment: SAVEPOINT, the locked SELECT, UPDATE, RELEASE.
        with django_assert_num_queries(5):
            client.post("/api/games/reef-draft/score", b"{}", "application/json")


@pytest.mark.django_db(transaction=True)
def test_app_servers_counting_at_once_lose_no_count() -> None:
    """Each thread is one app server with its own database connection."""
    cache.add("shared", 0, 3600)
    servers, each = 4, 25
    start = threading.Barrier(servers)

    def serve() -> None:
        start.wait()
        try:
            for _ in range(each):
                cache.incr("shared")
        finally:
            connection.close()

    threads = [threading.Thread(target=serve) for _ in range(servers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert cache.get("shared") == servers * each
