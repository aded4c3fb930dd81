"""GET /healthz: "ok" while the database answers, 503 when it cannot be reached."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from django.db import connections
from django.test import Client, override_settings

pytestmark = pytest.mark.django_db


def test_ok_while_the_database_answers(client: Client) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.content == b"ok"
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert "no-store" in response["Cache-Control"]
    assert "sessionid" not in response.cookies


def test_head_is_allowed_for_probes(client: Client) -> None:
    assert client.head("/healthz").status_code == 200


@pytest.mark.parametrize("method", ["post", "put", "delete"])
def test_other_methods_are_refused(client: Client, method: str) -> None:
    response = getattr(client, method)("/healthz")
    assert response.status_code == 405
    assert set(response["Allow"].split(", ")) == {"GET", "HEAD"}


def test_answers_plain_http_when_the_site_redirects_to_https() -> None:
    """A load balancer probes over HTTP from inside the deployment: no redirect for it."""
    with override_settings(SECURE_SSL_REDIRECT=True):
        client = Client()
        assert client.get("/healthz").status_code == 200
        assert client.get("/").status_code == 301


@pytest.fixture
def unreachable_database(tmp_path: Path) -> Iterator[None]:
    """The default connection pointed at a database that cannot be opened: a SQLite file
    in a folder that does not exist, or a PostgreSQL database that was never created.
    Connecting really fails (no mock): the driver raises its own OperationalError.

    A fresh connection object takes the place of the test's own for the request (an
    in-memory SQLite test database cannot be closed and reopened elsewhere), and the
    test's own comes back afterwards."""
    original = connections["default"]
    settings = dict(original.settings_dict)
    if original.vendor == "sqlite":
        settings["NAME"] = str(tmp_path / "no-such-folder" / "db.sqlite3")
    else:
        settings["NAME"] = "scorepad_healthz_no_such_database"
    broken = type(original)(settings, alias="default")
    connections["default"] = broken
    try:
        yield
    finally:
        connections["default"] = original
        broken.close()


def test_503_when_the_database_is_unreachable(
    client: Client, unreachable_database: None, caplog: pytest.LogCaptureFixture
) -> None:
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.content == b"database unavailable"
    assert "no-store" in response["Cache-Control"]
    assert "Health check: the database did not answer" in caplog.text


def test_ok_again_once_the_database_is_back(client: Client) -> None:
    """The swap above leaves nothing behind (this test runs after it)."""
    assert client.get("/healthz").content == b"ok"
