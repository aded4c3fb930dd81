"""Every point explained, and results worth looking at (issue 15), in a phone's browser:
tapping a Shallow Sea line lights exactly its spaces and bubbles, on the result page and
in the ocean screen's live panel, with htmx and as a plain link without JavaScript; the
result, player and group pages pass axe in both colour schemes and are photographed at
390 px (test-artifacts/, to look at)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from games.contract import Explanation
from scorepad.codecs import get_codec
from scorepad.models import Group, Play, play_from_input
from scorepad.pads.shallow_sea.geometry import BUBBLE_SHAPES, bubble_point
from tests.browser import flows
from tests.browser.accessibility import Scheme
from tests.browser.phones import Phone, Phones

# What these check is in the browser: SQLite's pass runs them, PostgreSQL's leaves them
# out (tests/conftest.py); the table's phones (test_table, test_flows) run on both.
pytestmark = pytest.mark.one_database


def finished(group: Group, slug: str) -> Play:
    user = User.objects.get(username="Ana")
    data = get_codec(slug).example_input()
    return play_from_input(slug, data, group=group, user=user, finish=True)


def explained(play: Play, position: int, line: str) -> Explanation:
    sheet = play.score(partial=False)
    return next(e for e in sheet.players[position].explain if e.line == line)


def expect_lit(page: Page, within: str, lit: tuple[set[str], set[str]]) -> None:
    """Wait until exactly ``lit`` (spaces, bubbles) is drawn lit inside ``within``: each
    of them, and no more (without JavaScript the tapped line's page may still be loading)."""
    for kind, names in zip(("space", "bubble"), lit, strict=True):
        for name in names:
            expect(page.locator(f'{within} .{kind}.lit[data-place="{name}"]')).to_have_count(1)
        expect(page.locator(f"{within} .{kind}.lit[data-place]")).to_have_count(len(names))


def expected(explanation: Explanation) -> tuple[set[str], set[str]]:
    """The explanation's spaces, and its bubbles by the names the board draws them with."""
    bubbles = {BUBBLE_SHAPES[p].name for b in explanation.bubbles if (p := bubble_point(b))}
    return set(explanation.spaces), bubbles


def mark_page(phone: Phone) -> None:
    """A mark an htmx swap keeps and a new page load loses."""
    if phone.js:
        phone.page.evaluate("window.notReloaded = true")


def still_marked(phone: Phone) -> bool:
    return not phone.js or phone.page.evaluate("window.notReloaded === true")


@pytest.mark.parametrize(("js", "scheme"), [(True, "dark"), (False, "light")], ids=["js", "no-js"])
def test_tapping_a_line_lights_exactly_its_spaces(phones: Phones, js: bool, scheme: Scheme) -> None:
    group = flows.accounts_in_a_group("Ana")
    play = finished(group, "shallow-sea")
    phone = phones.open("Ana", js=js, scheme=scheme)
    flows.log_in(phone, "Ana")
    page = phone.page

    # The result page: a number of the breakdown opens its sentence and the lit ocean.
    page.goto(f"/plays/{play.uuid}/result/")
    expect_lit(page, "main", (set(), set()))
    mark_page(phone)
    for line in ("incomplete_fish", "orange", "row_3"):
        page.locator(f'a[data-line="{line}"][data-player="0"]').click()
        explanation = explained(play, 0, line)
        expect(page.locator("#explained")).to_contain_text(str(explanation.text))
        # The address says which line is shown: a link to share, a page to go back to.
        expect(page).to_have_url(re.compile(rf"/result/\?line={line}&player=0(#explained)?$"))
        expect_lit(page, "#explained", expected(explanation))
    assert still_marked(phone), "the line was swapped in, not a new page"
    phone.shot("result-line-lit")

    # The ocean screen: a line of the live panel lights the board above it.
    page.goto(f"/plays/{play.uuid}/players/1/ocean/")
    mark_page(phone)
    for line in ("incomplete_fish", "blue"):
        page.locator(f'#live a[data-line="{line}"]').click()
        explanation = explained(play, 1, line)
        expect(page.locator("#live")).to_contain_text(str(explanation.text))
        expect(page.locator("#lit-line")).to_be_visible()
        expect_lit(page, "#board", expected(explanation))
    assert still_marked(phone)
    phone.shot("ocean-line-lit")
    # Tapped again, the line is cleared.
    page.locator('#live a[data-line="blue"]').click()
    expect(page.locator("#lit-line")).to_have_count(0)
    expect_lit(page, "#board", (set(), set()))
    assert phone.table.console_errors() == []


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_result_player_and_group_pages(phones: Phones, scheme: Scheme) -> None:
    group = flows.accounts_in_a_group("Ana")
    sea = finished(group, "shallow-sea")
    reef = finished(group, "reef-draft")  # a tie on 43: a shared 2nd place
    for slug in ("seagrass", "coral-stations", "reef-draft"):
        finished(group, slug)
    phone = phones.open("Ana", scheme=scheme)
    flows.log_in(phone, "Ana")
    page = phone.page

    def shot(name: str) -> None:
        phone.shot(f"{name}-{scheme}")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"{name} is {width} px wide"

    page.goto(f"/plays/{reef.uuid}/result/")
    expect(page.locator(".place.winner")).to_contain_text("Cleo")
    expect(page.locator(".place.shared .tie-note")).to_contain_text("Ana and Ben tie on 43")
    shot("result-reef-draft")
    page.goto(f"/plays/{sea.uuid}/result/?line=incomplete_fish&player=0")
    expect(page.locator(".lit-ocean")).to_be_visible()
    shot("result-shallow-sea")
    page.goto(f"/groups/{group.pk}/")
    expect(page.get_by_text("Who wins most")).to_be_visible()
    shot("group")
    cleo = group.players.get(name="Cleo")
    page.goto(f"/groups/{group.pk}/players/{cleo.pk}/")
    expect(page.get_by_text("Win rate by game")).to_be_visible()
    shot("player")
    assert phone.table.console_errors() == []
