"""Browser test harness: Debian's headless chromium driven by Playwright's sync API.

Fixtures:
  page            a Playwright Page on a phone-sized (390x844, touch) context whose base_url
                  is pytest-django's ``live_server``, so ``page.goto("/")`` opens the app.
  console_errors  list of console errors and uncaught page errors seen by ``page``;
                  assert it is empty at the end of a test.
  screenshot      ``screenshot("name")`` saves test-artifacts/<test>-<name>.png and returns
                  the path. A failing test also leaves test-artifacts/<test>-FAILED.png.
  browser         the shared chromium Browser, for tests that need their own contexts.
  phones          several phones at one table (tests/browser/phones.py), each its own
                  browser context, all closed after the test.

Every test in this folder gets the ``browser`` marker (``pytest -m "not browser"`` skips them).

Wait for what you read. After a click, a navigation or an htmx swap, the page the test
means may not be there yet (on a busy CI machine, seconds later), and a page can be half
loaded while its top already shows. So every read is an ``expect(...)`` on the exact state
(``to_have_text([...])``, ``to_have_count(n)``, ``to_have_url``), or a ``wait_for_*`` for
it, never ``.all()``, ``.inner_text()``, ``.get_attribute()``, ``page.url`` or ``evaluate``
straight after an action; a heading to wait for is matched ``exact=True`` (the setup page's
"New Reef Draft game" contains "Reef Draft"). ``make test-stress`` runs these tests three
times beside two CPU burners: run it whenever a browser test changes.

Environment:
  CHROMIUM            browser binary (default /usr/bin/chromium; ``make test`` installs it)
  TEST_ARTIFACTS_DIR  where screenshots go (default <repo>/test-artifacts)
  SCREENSHOTS         0 takes none (CI's default, where nobody looks at them: a quarter of
                      some tests' time); 1 takes them (the default anywhere else)
Playwright never downloads a browser here: there is no ``playwright install``.
"""

import os
import re
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypedDict

import pytest

os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")

from playwright.sync_api import (  # noqa: E402  (after the env var above)
    Browser,
    ConsoleMessage,
    Error,
    Page,
    Playwright,
    ViewportSize,
    expect,
    sync_playwright,
)

if TYPE_CHECKING:
    from tests.browser.phones import Phones

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = Path(os.environ.get("TEST_ARTIFACTS_DIR", REPO / "test-artifacts"))
SCREENSHOTS = os.environ.get("SCREENSHOTS", "0" if os.environ.get("CI") else "1") != "0"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session", autouse=True)
def screenshots_only_where_looked_at() -> Iterator[None]:
    """Every screenshot the tests take (a page's, an element's) is a no-op without
    SCREENSHOTS: the tests' assertions never read them."""
    if SCREENSHOTS:
        yield
        return
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Page, "screenshot", lambda self, **options: b"")
        yield


class ContextOptions(TypedDict):
    """The keyword arguments of ``Browser.new_context`` that make a phone."""

    viewport: ViewportSize
    is_mobile: bool
    has_touch: bool
    device_scale_factor: float


class Screenshot(Protocol):
    """The ``screenshot`` fixture: ``screenshot("name")`` saves one and returns its path."""

    def __call__(self, name: str, *, full_page: bool = True) -> Path: ...


PHONE: ContextOptions = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
}
TIMEOUT_MS = 10_000
# Every page reports what its Content Security Policy refused (a Trusted Types refusal
# is an exception in the script, which a page may catch and the browser may only log), as
# a console error, which the tests' console checks then find. No report endpoint: the site exempts
# no view from CSRF.
REPORT_VIOLATIONS = """document.addEventListener("securitypolicyviolation", (e) =>
  console.error(`Content Security Policy (${e.disposition}): ${e.effectiveDirective} ${e.sample}`));"""
# What an assertion waits for, like an action: a busy CI machine answers a save and the
# page it leads to in more than expect()'s own 5 s now and then.
expect.set_options(timeout=TIMEOUT_MS)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    # Keep each phase's report on the item, so `page` can tell whether the test failed.
    report = yield
    setattr(item, f"_report_{report.when}", report)
    return report


@pytest.fixture(scope="session")
def _allow_async_unsafe() -> Iterator[None]:
    # Playwright's sync API runs an asyncio loop in this thread, so Django would raise
    # SynchronousOnlyOperation for ORM calls made by the test (and pytest-django's
    # flush after a live_server test). Only the browser tests turn the check off.
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        yield


@pytest.fixture(autouse=True)
def _async_unsafe_for_browser_tests(_allow_async_unsafe: None) -> None:
    pass


@pytest.fixture(scope="session")
def _playwright(_allow_async_unsafe: None) -> Iterator[Playwright]:
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(_playwright: Playwright) -> Iterator[Browser]:
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(
            f"{CHROMIUM} not found: `make test` installs Debian's chromium "
            "(or: apt-get install chromium; or set CHROMIUM=/path/to/chromium)",
            pytrace=False,
        )
    browser = _playwright.chromium.launch(
        executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
    )
    yield browser
    browser.close()


@pytest.fixture
def console_errors() -> list[str]:
    return []


@pytest.fixture
def reading_language() -> str:
    """The phone's language (its Accept-Language); a test reads others by parametrizing
    this fixture."""
    return "en-US"


@pytest.fixture
def page(
    request: pytest.FixtureRequest,
    browser: Browser,
    live_server,
    console_errors: list[str],
    reading_language: str,
) -> Iterator[Page]:
    context = browser.new_context(base_url=live_server.url, locale=reading_language, **PHONE)
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(REPORT_VIOLATIONS)
    page = context.new_page()

    def on_console(msg: ConsoleMessage) -> None:
        if msg.type == "error":
            console_errors.append(f"console.error: {msg.text} ({msg.location.get('url', '')})")

    page.on("console", on_console)
    page.on("pageerror", lambda exc: console_errors.append(f"uncaught: {exc}"))
    yield page
    report = getattr(request.node, "_report_call", None)
    if report is not None and report.failed:
        try:
            page.screenshot(path=artifact_path(request.node, "FAILED"), full_page=True)
        except Error:
            pass
    context.close()


@pytest.fixture
def phones(request: pytest.FixtureRequest, browser: Browser, live_server) -> Iterator["Phones"]:
    # Imported here: phones.py imports this module's PHONE and TIMEOUT_MS.
    from tests.browser.phones import phones_at_the_table

    with phones_at_the_table(request, browser, live_server.url) as table:
        yield table


@pytest.fixture
def screenshot(request: pytest.FixtureRequest, page: Page) -> Screenshot:
    def take(name: str, *, full_page: bool = True) -> Path:
        path = artifact_path(request.node, name)
        # caret="initial": hiding the caret puts a style="" on inputs that the next htmx
        # swap would copy, and the strict CSP would then report it.
        page.screenshot(path=path, full_page=full_page, caret="initial")
        return path

    return take


def artifact_path(node: pytest.Item, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    stem = re.sub(r"[^A-Za-z0-9_.-]+", "_", f"{node.name}-{name}")
    return ARTIFACTS / f"{stem}.png"
