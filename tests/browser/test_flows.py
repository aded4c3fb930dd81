"""Scorepad's main flows end to end on phones with JavaScript, in the dark colour
scheme of a table at night (test_no_javascript.py: the same flows without JavaScript,
in the light scheme). Every screen is photographed into test-artifacts/ and passes the
accessibility check in both colour schemes; no phone logs a console error.
The steps are in tests/browser/flows.py."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from tests.browser import flows
from tests.browser.phones import Phones, phones_at_the_table

JS = True
SCHEME = "dark"


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
