"""A Seagrass game logged event by event on a phone, with an undo and a correction."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect


def totals(page: Page) -> Any:
    """The table's points, to wait for: a saved form leads on once the server answers."""
    return expect(page.locator(".seats .points"))


def test_log_undo_edit_and_finish(
    page: Page, console_errors: list[str], screenshot: Callable[[str], Path]
) -> None:
    page.goto("/games/seagrass/new/")
    page.get_by_label("Player 1").fill("Ana")
    page.get_by_label("Player 2").fill("Ben")
    page.get_by_role("button", name="Start scoring").click()

    page.get_by_role("link", name="Reef completed").click()
    page.fill("#id_size", "3")
    page.fill("#id_adjacent-0", "4")
    page.get_by_role("button", name="One more: Ben").click()
    page.get_by_role("button", name="One more: Ben").click()
    # The award shows before it is confirmed: 2 players, Ben has half of Ana's creatures.
    expect(page.locator("#preview")).to_contain_text("Ana +8, Ben +4")
    screenshot("reef-preview")
    page.get_by_role("button", name="Add to the log").click()
    totals(page).to_have_text(["8", "4"])

    page.get_by_role("link", name="Colony").click()
    page.get_by_text("Ben", exact=True).click()
    page.fill("#id_creatures", "5")
    page.get_by_role("button", name="Add to the log").click()
    totals(page).to_have_text(["8", "9"])

    page.get_by_role("button", name="Undo last: Ben: colony of 5 creatures").click()
    totals(page).to_have_text(["8", "4"])

    page.get_by_role("link", name="Reef of 3 tiles").click()
    page.fill("#id_adjacent-1", "1")
    expect(page.locator("#preview")).to_contain_text("Ana +8")
    page.get_by_role("button", name="Save the change").click()
    totals(page).to_have_text(["8", "0"])
    screenshot("log")

    page.reload()  # the log is on the server, not in the page
    totals(page).to_have_text(["8", "0"])

    page.locator(".chips").get_by_role("link", name="Ana").click()
    page.fill("#id_unplayed_tiles", "2")
    page.get_by_role("button", name="Save, next: Ben").click()
    expect(page.get_by_role("heading", name="Ben: final tally")).to_be_visible()
    page.fill("#id_unplayed_tiles", "5")
    page.get_by_role("button", name="Save and back").click()
    page.get_by_role("button", name="Finish and see the result").click()
    expect(page.locator(".ranking li.winner")).to_contain_text("Ana")
    screenshot("result")
    assert console_errors == []
