"""Score a whole Reef Draft game on a phone-sized screen, as a table would."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.reef_draft_games import ROUNDS, TOTALS

# What these check is in the browser: SQLite's pass runs them, PostgreSQL's leaves them
# out (tests/conftest.py); the table's phones (test_table, test_flows) run on both.
pytestmark = pytest.mark.one_database


def fill_reef(page: Page, reef: dict[str, Any]) -> None:
    for kind, count in reef.items():
        if kind == "on_shark":
            for fish, eaten in count.items():
                page.fill(f"#id_on_shark_{fish}", str(eaten))
        else:
            page.fill(f"#id_{kind}", str(count))


def enter_every_reef(
    page: Page, *, first: Callable[[], None] | None = None, last: Callable[[], None] | None = None
) -> None:
    """From the hub, each round's reefs (tests.reef_draft_games) with each seat's Save;
    ``first`` runs on the first reef before it is filled in, ``last`` on the last reef
    before its Save."""
    page.locator(".rounds > li").first.get_by_role("link", name="Ana").click()
    for number, reefs in enumerate(ROUNDS, 1):
        expect(page.get_by_role("heading", name=f"Round {number}: Ana's reef")).to_be_visible()
        if number == 1 and first:
            first()
        fill_reef(page, reefs["Ana"])
        page.get_by_role("button", name="Save, next: Ben").click()
        expect(page.get_by_role("heading", name=f"Round {number}: Ben's reef")).to_be_visible()
        fill_reef(page, reefs["Ben"])
        if number < len(ROUNDS):
            page.get_by_role("button", name=f"Save, next: round {number + 1}, Ana").click()
    if last:
        last()
    page.get_by_role("button", name="Save and see the scoreboard").click()


def test_score_a_two_player_game(
    page: Page, console_errors: list[str], screenshot: Callable[[str], Path]
) -> None:
    page.goto("/")
    page.get_by_role("link", name="Reef Draft").click()
    page.get_by_label("Player 1").fill("Ana")
    page.get_by_label("Player 2").fill("Ben")
    screenshot("new-game")
    page.get_by_role("button", name="Start scoring").click()
    expect(page.get_by_role("heading", name="Reef Draft", exact=True)).to_be_visible()

    def live_points() -> None:
        # Live points while typing: two pairs of jellies are 10.
        page.fill("#id_jellies", "4")
        expect(page.locator(".live .round-points")).to_have_text("10")
        page.get_by_role("button", name="One more: Dolphins").click()
        expect(page.locator(".live .round-points")).to_have_text("11")
        screenshot("entry-live")

    enter_every_reef(page, first=live_points)

    expect(page.get_by_role("heading", name="Reef Draft", exact=True)).to_be_visible()
    screenshot("scoreboard")
    page.get_by_role("button", name="Finish and see the result").click()
    winner = page.locator(".places li.winner")
    expect(winner).to_have_count(1)
    expect(winner).to_contain_text("Ben")
    expect(winner).to_contain_text(str(TOTALS["Ben"]))
    expect(page.locator(".places")).to_contain_text(str(TOTALS["Ana"]))
    screenshot("result")
    assert console_errors == []


def test_a_reef_of_the_wrong_size_is_flagged_and_blocks_finishing(
    page: Page, console_errors: list[str], screenshot: Callable[[str], Path]
) -> None:
    """12 cards in a 2-player reef (hand size 10) was "Saved" and finished before."""
    page.goto("/games/reef-draft/new/")
    page.get_by_label("Player 1").fill("Ana")
    page.get_by_label("Player 2").fill("Ben")
    page.get_by_role("button", name="Start scoring").click()

    def two_jellies_too_many() -> None:
        for _ in range(2):
            page.get_by_role("button", name="One more: Jellies").click()
        expect(page.locator(".warn", has_text="12 of 10 cards")).to_be_visible()
        screenshot("flagged")

    enter_every_reef(page, last=two_jellies_too_many)
    page.get_by_role("button", name="Finish and see the result").click()
    expect(page.get_by_role("status")).to_contain_text(
        "Round 3, Ben's reef: 12 cards, but every reef ends a round with exactly 10"
    )
    expect(page.locator(".places")).to_have_count(0)
    screenshot("refused")
    assert console_errors == []


def test_save_next_tapped_right_after_typing_leads_on(
    page: Page, console_errors: list[str], screenshot: Callable[[str], Path]
) -> None:
    """Typing starts an autosave 400 ms later; a "Save, next" tapped before that, on a
    slow connection, is answered after the autosave joined the queue behind it. The
    screen stayed put (the next screen waited for the autosave, which never moved on);
    it seemed the tap did nothing."""
    page.goto("/games/reef-draft/new/")
    page.get_by_label("Player 1").fill("Ana")
    page.get_by_label("Player 2").fill("Ben")
    page.get_by_role("button", name="Start scoring").click()
    page.locator(".rounds > li").first.get_by_role("link", name="Ana").click()
    expect(page.get_by_role("heading", name="Round 1: Ana's reef")).to_be_visible()

    def slow_save_next(route: Any) -> None:
        if "go=next" in (route.request.post_data or ""):
            time.sleep(1.5)  # the autosave's 400 ms pass while this one is on its way
        route.continue_()

    page.route("**/rounds/1/players/0/", slow_save_next)
    fill_reef(page, ROUNDS[0]["Ana"])
    page.get_by_role("button", name="Save, next: Ben").click()
    expect(page.get_by_role("heading", name="Round 1: Ben's reef")).to_be_visible()
    screenshot("led-on")
    assert console_errors == []
