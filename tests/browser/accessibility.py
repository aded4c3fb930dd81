"""An automated accessibility check of the screen a browser test is on: axe-core
(tests/browser/vendor/axe-core/, from the npm registry) in the dark and the light colour
scheme. Any violation of impact "serious" or "critical" fails the test.

How axe gets into the page: the site's Content Security Policy is ``script-src 'self'``,
so ``page.add_script_tag(path=...)`` (an inline ``<script>``) is refused, and logs a CSP
console error too. Turning the policy off with ``bypass_csp=True`` would test a page the
site never serves. Instead axe's source is evaluated with ``page.evaluate``: that goes
through the DevTools protocol, which a page's CSP does not govern, and axe itself needs
no ``eval``. The page keeps its policy, and its console stays clean.

In a page loaded with JavaScript disabled Playwright cannot evaluate at all, and axe.run
(asynchronous) never finishes even through DevTools, so its rendered HTML
(``page.content()``) is checked in a separate JavaScript-enabled page of the same size
on the live server's origin: the HTML, its scripts removed, replaces that page's
document, and its stylesheets and images load from the live server. That is the page as
the phone without JavaScript shows it (its ``(scripting: enabled)`` rules taken out, the no-JS-only
buttons shown).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from playwright.sync_api import Browser, BrowserContext, Page, Route

if TYPE_CHECKING:
    from tests.browser.conftest import ContextOptions

# The colour schemes the site is checked in (of those Playwright can emulate).
type Scheme = Literal["dark", "light"]

AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"
BLOCKING = ("serious", "critical")
SCHEMES: tuple[Scheme, ...] = ("dark", "light")
SCRIPT = re.compile(r"<script\b.*?</script\s*>", re.IGNORECASE | re.DOTALL)
# The checking page runs scripts, so its "(scripting: enabled)" rules apply (DevTools
# cannot emulate that feature): they are taken out, as a phone without JavaScript reads
# the stylesheets (the no-JS-only buttons shown).
WITHOUT_SCRIPTING = """() => {
  for (const sheet of document.styleSheets) {
    for (let i = sheet.cssRules.length - 1; i >= 0; i--) {
      if (sheet.cssRules[i].media?.mediaText.includes("scripting: enabled")) sheet.deleteRule(i);
    }
  }
}"""

_axe_source: str | None = None


def _axe() -> str:
    global _axe_source
    if _axe_source is None:
        _axe_source = AXE.read_text(encoding="utf-8")
    return _axe_source


# Violations judged acceptable, each for the nodes matching a CSS selector, and why.
ACCEPTED: dict[tuple[str, str], str] = {
    ("label-content-name-mismatch", "svg.ocean a"): (
        "A Shallow Sea space or bubble on the board is a link named for the space and all "
        "it holds ('R3C4: red coral, 9 VP, completed, red fish on it'); the few letters "
        "drawn in the diamond ('red', '9', 'R') are that tile's picture, not a label, and "
        "no name can hold them in their drawn order and still read well."
    ),
}

# Only colours differ between the schemes (the stylesheet's media query sets colour
# variables, nothing else), so a page's other scheme needs only the rules about colour.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]

RUN_AXE = """async ([accepted, only]) => {
  const options = { resultTypes: ["violations"], elementRef: true };
  if (only) options.runOnly = { type: "rule", values: only };
  const results = await axe.run(document, options);
  const isAccepted = (id, node) =>
    accepted.some(([rule, selector]) => rule === id && node.element?.matches(selector));
  return results.violations
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes
        .filter((n) => !isAccepted(v.id, n))
        .map((n) => ({ target: n.target.join(" "), summary: n.failureSummary || "" })),
    }))
    .filter((v) => v.nodes.length > 0);
}"""


def axe_violations(page: Page, only: list[str] | None = None) -> list[dict]:
    """The axe violations on ``page`` (JavaScript enabled) as it is now, less ACCEPTED;
    ``only`` some rules, or all."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(_axe())
    return page.evaluate(RUN_AXE, [[list(key) for key in ACCEPTED], only])


def blocking(violations: list[dict]) -> list[dict]:
    return [v for v in violations if v["impact"] in BLOCKING]


def describe(violations: list[dict], where: str) -> str:
    lines = [f"{len(violations)} serious or critical accessibility violation(s) on {where}:"]
    for v in violations:
        lines.append(f"- {v['id']} ({v['impact']}): {v['help']} <{v['helpUrl']}>")
        for node in v["nodes"][:8]:
            summary = " ".join(node["summary"].split())
            lines.append(f"    {node['target']}: {summary}")
        if len(v["nodes"]) > 8:
            lines.append(f"    ... and {len(v['nodes']) - 8} more")
    return "\n".join(lines)


def check_accessibility(
    page: Page,
    *,
    scheme: Scheme = "dark",
    schemes: tuple[Scheme, ...] = SCHEMES,
    where: str = "",
    checker: NoScriptChecker | None = None,
) -> None:
    """Fail on any serious or critical axe violation of ``page`` in each colour scheme:
    every rule in the page's own ``scheme`` (checked last, so the page is left in it),
    the colour rules in the other. A page without JavaScript needs a ``checker``."""
    order = [s for s in schemes if s != scheme] + [s for s in schemes if s == scheme]
    if checker is not None:
        checker.check(page, order, where)
        return
    for name in order:
        page.emulate_media(color_scheme=name)
        found = blocking(axe_violations(page, None if name == order[-1] else COLOUR_RULES))
        assert not found, describe(found, f"{where or page.url} ({name} scheme)")


@dataclass
class NoScriptChecker:
    """Checks pages of a JavaScript-disabled context in a JavaScript-enabled one: one
    page on the live server's origin, given each page's HTML (scripts removed) in turn."""

    browser: Browser
    base_url: str
    context_options: ContextOptions
    _context: BrowserContext | None = None
    _page: Page | None = None

    def _open(self) -> Page:
        if self._page is None:
            self._context = self.browser.new_context(
                base_url=self.base_url, java_script_enabled=True, **self.context_options
            )
            self._context.route("**/__no_script_check__", self._blank)
            self._page = self._context.new_page()
            self._page.goto("/__no_script_check__")
        return self._page

    @staticmethod
    def _blank(route: Route) -> None:
        route.fulfill(status=200, content_type="text/html; charset=utf-8", body="<!doctype html>")

    def check(self, page: Page, schemes: list[Scheme], where: str) -> None:
        checker = self._open()
        checker.set_content(SCRIPT.sub("", page.content()))
        checker.evaluate(WITHOUT_SCRIPTING)
        for name in schemes:
            checker.emulate_media(color_scheme=name)
            found = blocking(axe_violations(checker, None if name == schemes[-1] else COLOUR_RULES))
            shown = f"{where or page.url} (JavaScript off, {name} scheme)"
            assert not found, describe(found, shown)

    def close(self) -> None:
        if self._context is not None:
            self._context.close()
            self._context = self._page = None
