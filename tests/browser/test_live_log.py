"""A Seagrass game logged event by event on a phone, with an undo and a correction."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.flows import open_event

# What these check is in the browser: SQLite's pass runs them, PostgreSQL's leaves them
# out (tests/conftest.py); the table's phones (test_table, test_flows) run on both.
pytestmark = pytest.mark.one_database


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

    open_event(page, "Reef completed")
    page.fill("#id_size", "3")
    page.fill("#id_adjacent-0", "4")
    page.get_by_role("button", name="One more: Ben").click()
    page.get_by_role("button", name="One more: Ben").click()
    # The award shows before it is confirmed: 2 players, Ben has half of Ana's creatures.
    expect(page.locator("#preview")).to_contain_text("Ana +8, Ben +4")
    screenshot("reef-preview")
    page.get_by_role("button", name="Add to the log").click()
    totals(page).to_have_text(["8", "4"])

    open_event(page, "Colony")
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
    expect(page.locator(".places li.winner")).to_contain_text("Ana")
    screenshot("result")
    assert console_errors == []


def test_coral_stations_event_screens_lead_nowhere_wrong(
    page: Page, console_errors: list[str], screenshot: Callable[[str], Path]
) -> None:
    """Each of issue 12's Coral Stations screens as a player met it: the funds helper
    shows one current line, the preview button only without JavaScript, a delete asks
    first, and open stations can be entered from the final tally before anything else."""
    page.goto("/games/coral-stations/new/")
    page.get_by_label("Player 1").fill("Ana")
    page.get_by_label("Player 2").fill("Ben")
    page.get_by_role("button", name="Start scoring").click()
    expect(page.get_by_role("heading", name="Coral Stations", exact=True)).to_be_visible()
    hub = page.url

    open_event(page, "Surfacing")
    funds = page.locator("#funds-result")
    expect(funds).to_have_text("Enter both to see your money after surfacing.")
    # The live preview replaces it: the button that works it out is for pages without JS.
    expect(page.locator("button.no-js-only", has_text="Work out the points")).to_be_hidden()
    page.fill("#id_funds-divers_on_board", "2")
    page.fill("#id_funds-money_before", "5")
    expect(funds).to_contain_text("you now hold")
    expect(funds).not_to_contain_text("Enter both")
    expect(page.locator("[id=funds-result]")).to_have_count(1)
    # Who surfaces is not chosen yet: not a mistake while filling in (it was "This
    # field is required." as soon as anything was typed).
    expect(page.locator("#id_player-error")).to_be_empty()
    screenshot("funds")

    page.goto(hub)
    open_event(page, "Coral discarded")
    page.get_by_text("Ben", exact=True).click()
    page.fill("#id_tiles", "2")
    page.get_by_role("button", name="Add to the log").click()
    page.get_by_role("link", name="Ben discards 2 coral").click()
    delete = page.get_by_role("button", name="Yes, delete it")
    expect(delete).to_be_hidden()  # folded away from Save, until asked for
    page.get_by_text("Delete this event…").click()
    screenshot("delete")
    delete.click()
    expect(page.get_by_role("link", name="Ben discards 2 coral")).to_have_count(0)

    # The final tally, with nothing else entered yet, offers the open stations.
    page.locator(".chips").get_by_role("link", name="Ana").click()
    expect(page.get_by_role("heading", name="Ana: final tally")).to_be_visible()
    tally = page.url
    open_event(page, "Add an open station", "Open station")
    page.fill("#id_high", "6")
    page.fill("#id_low", "3")
    page.get_by_role("button", name="Add to the log").click()
    expect(page).to_have_url(tally)
    expect(page.get_by_role("main")).to_contain_text("Open station 6/3")
    # Nothing saved on this screen yet: its status line draws no empty box (measured
    # once the screen's stylesheet is in).
    page.wait_for_load_state()
    status = page.locator("#status").bounding_box()
    assert status and status["height"] < 4
    screenshot("tally")
    assert console_errors == []
