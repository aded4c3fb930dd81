"""The site as it is deployed, not as the other browser tests serve it: ``DEBUG=0``,
collectstatic's files (our scripts bundled and minified under hashed names, the
stylesheets compressed), gunicorn, and the service worker importing the outbox's store
and its own code by their hashed names. The other browser tests run the modules as
written, so only this one would see a bundle that breaks, a worker that cannot import
what it needs, or a page the production Content-Security-Policy refuses a part of.

A guest scores a Shallow Sea board: a tile tapped offline, kept, reloaded offline, and
sent once the network is back."""

from __future__ import annotations

import os
import re
import secrets
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.browser import flows
from tests.browser.phones import phones_at_the_table
from tests.browser.test_offline import (
    back_online,
    errors_beyond_the_network,
    kept_for_offline,
    kept_on_the_phone,
    status,
)

# What these check is in the browser: SQLite's pass runs them, PostgreSQL's leaves them
# out (tests/conftest.py); the table's phones (test_table, test_flows) run on both.
pytestmark = pytest.mark.one_database

ROOT = Path(__file__).resolve().parents[2]
STARTED_S = 60  # gunicorn answering, on a busy CI machine
HASHED = r"[0-9a-f]{12}"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status == 200
    except OSError:
        return False


@pytest.fixture(scope="module")
def production_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site in production mode on its own port: its own SQLite database and static
    root, built as a deployment builds them (collectstatic, migrate)."""
    here = tmp_path_factory.mktemp("production")
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "scorepad.settings",
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1",
        "DATABASE_URL": f"sqlite:///{here / 'db.sqlite3'}",
        "STATIC_ROOT": str(here / "static"),
        # Plain HTTP on loopback: no TLS to redirect to or to keep cookies on.
        "SECURE_SSL_REDIRECT": "0",
        "SESSION_COOKIE_SECURE": "0",
        "CSRF_COOKIE_SECURE": "0",
    }
    for command in (["collectstatic", "--noinput"], ["migrate"]):
        subprocess.run(
            [sys.executable, "manage.py", *command, "--verbosity", "0"],
            cwd=ROOT,
            env=env,
            check=True,
        )
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with open(here / "gunicorn.log", "wb") as log:
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "scorepad.wsgi",
                "-b",
                f"127.0.0.1:{port}",
                "-w",
                "2",
            ],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            deadline = time.monotonic() + STARTED_S
            while not answers(f"{url}/healthz"):
                if server.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError(
                        f"gunicorn did not start: {(here / 'gunicorn.log').read_text()}"
                    )
                time.sleep(0.2)
            yield url
        finally:
            server.terminate()
            server.wait(timeout=30)


def test_a_board_tapped_offline_on_the_production_build(
    request: pytest.FixtureRequest, browser: Browser, production_site: str
) -> None:
    with phones_at_the_table(request, browser, production_site) as phones:
        phone = phones.open("guest")
        page = phone.page
        page.goto("/")
        flows.new_game(page, "Shallow Sea")
        page.get_by_label("Player 1").fill("Ana")
        page.get_by_label("Player 2").fill("Ben")
        page.get_by_role("button", name="Start scoring").last.click()
        expect(page.get_by_role("heading", name="Shallow Sea", exact=True)).to_be_visible()
        page.locator(".seats").get_by_role("link", name=re.compile("^Ana")).click()
        expect(page.get_by_role("heading", name="Ana's ocean")).to_be_visible()

        # What runs is the production build: the page's scripts by hashed names, the
        # worker importing the outbox's store and its own code by theirs.
        for src in page.locator("script[src]").evaluate_all("all => all.map(s => s.src)"):
            assert re.search(rf"\.{HASHED}\.js$", src), src
        worker = page.evaluate("fetch('/sw.js').then((r) => r.text())")
        for imported in ("outbox-worker", "sw"):
            assert re.search(
                rf'importScripts\("/static/scorepad/{imported}\.{HASHED}\.js"\)', worker
            )

        ocean = page.evaluate("location.pathname")
        kept_for_offline(page, f"{ocean}offline-forms/")
        phone.context.set_offline(True)
        flows.put_coral(page, "R3C4", "Red", 9, "Red")
        kept_on_the_phone(page)
        expect(flows.space(page, "R3C4")).to_have_class(re.compile(r"\bpending\b"))

        page.reload()  # the worker's kept screen, the change still waiting on it
        status(page).to_contain_text("1 change waiting")
        expect(flows.space(page, "R3C4").locator("text.big")).to_have_text("9")

        back_online(phone)
        page.reload()
        expect(flows.space(page, "R3C4").locator("text.big")).to_have_text("9")
        expect(page.locator("svg.ocean .pending")).to_have_count(0)
        expect(page.locator("#board-status")).to_contain_text("1 tile")
        flows.seashells(phone, 2)  # a count's steppers, saved as htmx swaps them back
        assert errors_beyond_the_network(phones) == []
