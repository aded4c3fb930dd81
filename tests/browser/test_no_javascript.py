"""The main flows of test_flows.py with JavaScript disabled, in the light colour scheme:
they still complete, because every control is a link or a form: a − or + button submits
its form and the server counts the step, a space or bubble of the Shallow Sea board is a
link to its own form, and the history's filters have a Filter button. Every screen is
photographed and passes the accessibility check (run on the page's HTML in a second,
scripted page: see tests/browser/accessibility.py) in both colour schemes.
The steps are in tests/browser/flows.py."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from tests.browser import flows
from tests.browser.phones import Phones, phones_at_the_table

JS = False
SCHEME = "light"


@pytest.fixture
def phones(request: pytest.FixtureRequest, browser: Browser, live_server) -> Iterator[Phones]:
    with phones_at_the_table(request, browser, live_server.url) as table:
        yield table


def test_a_guest_game_an_account_a_group_and_a_join_link(phones: Phones) -> None:
    flows.a_guest_game_an_account_a_group_and_a_join_link(phones, JS, SCHEME)


def test_live_log_counts_history_stats_and_export(phones: Phones) -> None:
    flows.live_log_counts_history_stats_and_export(phones, JS, SCHEME)


def test_shallow_sea_board_achievement_sheet_and_solo_ladder(phones: Phones) -> None:
    flows.shallow_sea_board_achievement_sheet_and_solo_ladder(phones, JS, SCHEME)
