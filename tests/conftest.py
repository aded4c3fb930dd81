"""The people every test meets, as healthchecks' tests meet alice, bob and charlie:

- ``alice`` owns ``group`` (``alice_client`` is her phone, logged in);
- ``bob`` is a member of it (``bob_client``);
- ``charlie`` has an account but is in none of alice's groups (``outsider_client``);
- an anonymous visitor is pytest-django's own ``client``.

``make_play`` builds a play the one way the site, the demo and the benchmark do
(``scorepad.models.play_from_input``), from any game's worked example by default.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scorepad.codecs import get_codec
from scorepad.models import Group, Membership, Play, play_from_input

# What a test needs to reach the database: pytest-django refuses it to any other test.
DATABASE_FIXTURES = {"db", "transactional_db", "django_db_reset_sequences", "live_server"}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On PostgreSQL (make test's second pass) only the tests that use a database run:
    the pure ones (scoring, charts, the games' properties) ran on the first pass, and
    would test nothing new here, only CI's time; so did those marked ``one_database``
    (what they check is in the browser, whichever database is behind it)."""
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        return
    pure = [
        item
        for item in items
        if item.get_closest_marker("one_database") is not None
        or (
            item.get_closest_marker("django_db") is None
            and not DATABASE_FIXTURES & set(getattr(item, "fixturenames", ()))
        )
    ]
    if pure:
        config.hook.pytest_deselected(items=pure)
        items[:] = [item for item in items if item not in pure]


@pytest.fixture(autouse=True)
def english_first() -> None:
    """Each test starts in English: a request a test made in another language leaves that
    language active in the thread, as a server's next request would replace it."""
    translation.activate(settings.LANGUAGE_CODE)


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def hosting(client: Client, play: Play) -> Client:
    """``client`` hosts the guest ``play``, as a phone does after opening its host link
    (or starting it): the host key is in its session."""
    url = reverse("host_play", args=[play.uuid, play.host_key])
    response = client.get(url, follow=True)  # to the play: its "hosts now" message read
    assert response.redirect_chain == [(play.get_absolute_url(), 302)], response
    return client


@pytest.fixture
def make_user(db: Any) -> Any:
    def make(username: str) -> Any:
        return get_user_model().objects.create_user(username, password="pw-for-tests-123")

    return make


@pytest.fixture
def alice(make_user: Any) -> Any:
    return make_user("alice")


@pytest.fixture
def group(alice: Any) -> Group:
    group = Group.objects.create(name="Thursday table")
    Membership.objects.create(group=group, user=alice, role=Membership.Role.OWNER)
    return group


@pytest.fixture
def bob(make_user: Any, group: Group) -> Any:
    user = make_user("bob")
    group.join(user)
    return user


@pytest.fixture
def charlie(make_user: Any) -> Any:
    return make_user("charlie")


@pytest.fixture
def alice_client(alice: Any) -> Client:
    return logged_in(alice)


@pytest.fixture
def bob_client(bob: Any) -> Client:
    return logged_in(bob)


@pytest.fixture
def outsider_client(charlie: Any) -> Client:
    return logged_in(charlie)


@pytest.fixture
def make_play(db: Any) -> Any:
    """``make_play(slug, data=None, group=None, user=None, finish=False)``: a play of
    ``data`` (by default the game's worked example), in ``group`` or a guest play."""

    def make(
        slug: str,
        data: dict[str, Any] | None = None,
        *,
        group: Group | None = None,
        user: Any = None,
        finish: bool = False,
    ) -> Play:
        data = get_codec(slug).example_input() if data is None else data
        return play_from_input(slug, data, group=group, user=user or AnonymousUser(), finish=finish)

    return make
