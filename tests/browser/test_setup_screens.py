"""Every game's setup screen on a phone (390x844): at most two screens long, each choice
a tile of one size (the site's tap size), and Shallow Sea's ready for the rulebook's
first game. Each screen is photographed in the dark a table plays in."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from games.shallow_sea.data import FIRST_GAME_BLUE, FIRST_GAME_ORANGE, FIRST_GAME_SEALIFE
from scorepad.models import Play
from scorepad.pads import all_pads
from tests.browser.conftest import PHONE, TIMEOUT_MS, Screenshot, artifact_path

# What these check is in the browser: SQLite's pass runs them, PostgreSQL's leaves them
# out (tests/conftest.py); the table's phones (test_table, test_flows) run on both.
pytestmark = pytest.mark.one_database

SCREENS = 2  # the longest a setup may be, in phone screens
GAMES = [pad.info.slug for pad in all_pads()]

# Each choice of a setup form (a radio or checkbox in its label) as it is drawn, and
# the page's height.
MEASURE = """() => {
  const tiles = [];
  for (const label of document.querySelectorAll(
      "form label:has(input[type=radio]), form label:has(input[type=checkbox])")) {
    const box = label.getBoundingClientRect();
    if (box.height === 0) continue;  // hidden: a family game's cards
    const input = label.querySelector("input");
    tiles.push({name: input.name, value: input.value, width: box.width, height: box.height});
  }
  const tap = getComputedStyle(document.documentElement).getPropertyValue("--tap");
  return {height: document.documentElement.scrollHeight, tap: parseFloat(tap), tiles};
}"""


def measure(page: Page) -> dict[str, Any]:
    return page.evaluate(MEASURE)


@pytest.fixture
def dark_shot(page: Page, screenshot: Screenshot) -> Screenshot:
    page.emulate_media(color_scheme="dark")
    return screenshot


@pytest.mark.parametrize("slug", GAMES)
def test_a_setup_screen_is_at_most_two_phone_screens(
    page: Page, dark_shot: Screenshot, console_errors: list[str], slug: str
) -> None:
    page.goto(f"/games/{slug}/new/")
    dark_shot("setup")
    # As the phone shows it: the first screen, then the last.
    dark_shot("top", full_page=False)
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    dark_shot("bottom", full_page=False)
    height = measure(page)["height"]
    assert height <= SCREENS * PHONE["viewport"]["height"], f"{slug}: {height}px"
    assert console_errors == []


@pytest.mark.parametrize("js", [True, False], ids=["js", "no-js"])
@pytest.mark.parametrize("achievement", ["Scenario", "Modified rules"])
def test_shallow_sea_with_a_scenario_or_rule_list_open_still_fits(
    request: pytest.FixtureRequest, browser: Browser, live_server, js: bool, achievement: str
) -> None:
    """The scenario's or rule's list opens under the achievement tiles; without
    JavaScript the scenario's Fill in button shows too."""
    context = browser.new_context(base_url=live_server.url, java_script_enabled=js, **PHONE)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.goto("/games/shallow-sea/new/")
    page.get_by_role("radio", name=achievement, exact=True).check()
    expect(page.get_by_role("combobox", name="Which")).to_be_visible()
    page.screenshot(path=artifact_path(request.node, "setup"), full_page=True)
    height = measure(page)["height"]
    context.close()
    assert height <= SCREENS * PHONE["viewport"]["height"], f"{height}px"


@pytest.mark.parametrize("slug", GAMES)
def test_every_choice_is_a_tile_of_the_tap_size(page: Page, slug: str) -> None:
    """Modes, options, achievement modes, entry, cards, Sealife types, the table's
    checkbox: whatever their words, every tile is as tall as a tap target."""
    page.goto(f"/games/{slug}/new/")
    drawn = measure(page)
    heights = {(t["name"], t["value"]): t["height"] for t in drawn["tiles"]}
    assert drawn["tiles"]
    assert set(heights.values()) == {drawn["tap"]}, heights


def test_shallow_sea_cards_and_sealife_are_tiles_of_one_size(page: Page) -> None:
    page.goto("/games/shallow-sea/new/")
    tiles = [t for t in measure(page)["tiles"] if t["name"] in ("orange", "blue", "sealife")]
    assert len(tiles) == 7 + 7 + 22
    sizes = {(round(t["width"]), round(t["height"])) for t in tiles}
    assert len(sizes) == 1, sizes


def test_one_tap_changes_an_ecosystem_card_and_rule_7_keeps_two(page: Page) -> None:
    page.goto("/games/shallow-sea/new/")
    page.get_by_label("Player 1").fill("Mira")
    page.get_by_label("Player 2").fill("Jonas")
    page.get_by_label("3 · Symphony of Fins").click()
    expect(page.get_by_label("3 · Symphony of Fins")).to_be_checked()
    expect(page.get_by_label("1 · Cryptic Coloration")).not_to_be_checked()
    expect(page.get_by_label("2 · Bountiful Caves")).to_be_checked()  # the Blue card stays
    # Modified rule 7 plays two cards of each color: a second one joins the first.
    page.get_by_role("radio", name="Modified rules", exact=True).check()
    page.get_by_role("combobox", name="Which modified rule").select_option("7")
    page.get_by_label("4 · Mismatched").click()
    expect(page.get_by_label("4 · Mismatched")).to_be_checked()
    expect(page.get_by_label("3 · Symphony of Fins")).to_be_checked()
    expect(page.locator("input[name=orange]:checked")).to_have_count(2)


def test_a_fresh_shallow_sea_setup_is_the_first_game(
    page: Page, dark_shot: Screenshot, console_errors: list[str]
) -> None:
    """Only the names to type: the rulebook's first game is chosen, so Start scoring
    starts it."""
    page.goto("/games/shallow-sea/new/")
    page.get_by_label("Player 1").fill("Mira")
    page.get_by_label("Player 2").fill("Jonas")
    expect(page.get_by_label("1 · Cryptic Coloration")).to_be_checked()
    expect(page.get_by_label("2 · Bountiful Caves")).to_be_checked()
    expect(page.get_by_role("checkbox", checked=True)).to_have_count(1 + 1 + 10)
    dark_shot("first-game")
    page.get_by_role("button", name="Start scoring").last.click()
    expect(page.get_by_role("heading", name="Shallow Sea", exact=True)).to_be_visible()
    assert Play.objects.get().options["setup"] == {
        "orange": [FIRST_GAME_ORANGE],
        "blue": [FIRST_GAME_BLUE],
        "sealife": list(FIRST_GAME_SEALIFE),
    }
    assert console_errors == []
