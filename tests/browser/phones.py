"""Several phones at one table: a browser context each, with or without JavaScript, in
the dark or the light colour scheme, for the end-to-end flows (test_flows.py).

``phone.shot("name")`` is what each screen of a flow gets: a screenshot 390 CSS pixels wide
(test-artifacts/<file>-<test>-<nn>-<phone>-<name>.png, numbered in the order taken) and the
accessibility check of tests/browser/accessibility.py in both colour schemes.
Each phone records its console errors and uncaught page errors; ``phones.console_errors()``
lists them all. A failing test leaves a -FAILED.png of every phone.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    CDPSession,
    ConsoleMessage,
    Error,
    Page,
)

from tests.browser.accessibility import NoScriptChecker, Scheme, check_accessibility
from tests.browser.conftest import PHONE, REPORT_VIOLATIONS, TIMEOUT_MS, artifact_path

# The JavaScript-off pages' accessibility checker, by browser and live server; its
# context closes with the browser at the end of the session.
_CHECKERS: dict[tuple[int, str], NoScriptChecker] = {}


@dataclass
class Phone:
    who: str
    page: Page
    context: BrowserContext
    js: bool
    scheme: Scheme
    table: Phones
    errors: list[str] = field(default_factory=list)
    cdp: CDPSession | None = None

    def shot(self, name: str, *, full_page: bool = True, check: bool = True) -> Path:
        """Screenshot the screen as it is, then check its accessibility."""
        # A screen a tap led to may still be arriving after the part a test waited for.
        self.page.wait_for_load_state()
        path = self.table.artifact(f"{self.who}-{name}")
        if full_page:
            # From the top: a full-page screenshot of a scrolled page draws the sticky
            # header and action bar in the middle of it.
            self._cdp().send("Runtime.evaluate", {"expression": "window.scrollTo(0, 0)"})
        # caret="initial": hiding the caret puts style attributes on inputs, which htmx
        # copies onto the forms it swaps in, and the Content Security Policy refuses them.
        self.page.screenshot(path=path, full_page=full_page, caret="initial", scale="css")
        if check:
            self.check(name)
        return path

    def _cdp(self) -> CDPSession:
        """DevTools' own evaluation, which works with the page's JavaScript off too."""
        if self.cdp is None:
            self.cdp = self.context.new_cdp_session(self.page)
        return self.cdp

    def check(self, name: str = "") -> None:
        check_accessibility(
            self.page,
            scheme=self.scheme,
            where=f"{self.who}'s {name or 'screen'} ({self.page.url})",
            checker=None if self.js else self.table.no_script_checker(),
        )


class Phones:
    def __init__(self, request: pytest.FixtureRequest, browser: Browser, base_url: str):
        self.request = request
        self.browser = browser
        self.base_url = base_url
        self.phones: list[Phone] = []
        self._shots = 0

    def open(self, who: str, *, js: bool = True, scheme: Scheme = "dark") -> Phone:
        context = self.browser.new_context(
            base_url=self.base_url, java_script_enabled=js, color_scheme=scheme, **PHONE
        )
        context.set_default_timeout(TIMEOUT_MS)
        context.add_init_script(REPORT_VIOLATIONS)
        page = context.new_page()
        phone = Phone(who, page, context, js, scheme, self)

        def on_console(msg: ConsoleMessage) -> None:
            if msg.type == "error":
                where = msg.location.get("url", "")
                phone.errors.append(f"{who}: console.error: {msg.text} ({where})")

        page.on("console", on_console)
        page.on("pageerror", lambda exc: phone.errors.append(f"{who}: uncaught: {exc}"))
        self.phones.append(phone)
        return phone

    def artifact(self, name: str) -> Path:
        """test-artifacts/<test file>-<test>-<nn>-<name>.png; the test's name carries its
        parameters (javascript / no-javascript)."""
        self._shots += 1
        return self._path(f"{self._shots:02d}-{name}")

    def _path(self, name: str) -> Path:
        path = artifact_path(self.request.node, name)
        return path.with_name(f"{self.request.node.path.stem.removeprefix('test_')}-{path.name}")

    def no_script_checker(self) -> NoScriptChecker:
        """One for the whole run: it holds nothing of a test between checks."""
        key = (id(self.browser), self.base_url)
        if key not in _CHECKERS:
            _CHECKERS[key] = NoScriptChecker(self.browser, self.base_url, PHONE.copy())
        return _CHECKERS[key]

    def console_errors(self) -> list[str]:
        return [error for phone in self.phones for error in phone.errors]

    def close(self) -> None:
        report = getattr(self.request.node, "_report_call", None)
        for phone in self.phones:
            if report is not None and report.failed:
                try:
                    path = self._path(f"{phone.who}-FAILED")
                    phone.page.screenshot(path=path, full_page=True, caret="initial")
                except Error:
                    pass
            phone.context.close()


@contextmanager
def phones_at_the_table(
    request: pytest.FixtureRequest, browser: Browser, base_url: str
) -> Iterator[Phones]:
    table = Phones(request, browser, base_url)
    try:
        yield table
    finally:
        table.close()
