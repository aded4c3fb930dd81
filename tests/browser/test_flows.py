"""Scorepad's main flows end to end on phones: with JavaScript in the dark colour scheme
of a table at night, and again without JavaScript in the light scheme — they still
complete, because every control is a link or a form (a − or + button submits its form
and the server counts the step, a space or bubble of the Shallow Sea board is a link to
its own form, the history's filters have a Filter button). Every screen is photographed
into test-artifacts/ and passes the accessibility check in both colour schemes (without
JavaScript, run on the page's HTML in a second, scripted page: see
tests/browser/accessibility.py); no phone logs a console error.
The steps are in tests/browser/flows.py."""

from __future__ import annotations

import pytest

from tests.browser import flows
from tests.browser.accessibility import Scheme
from tests.browser.phones import Phones

PHONES = pytest.mark.parametrize(
    "js, scheme", [(True, "dark"), (False, "light")], ids=["javascript", "no-javascript"]
)


@PHONES
def test_a_guest_game_an_account_a_group_and_a_join_link(
    phones: Phones, js: bool, scheme: Scheme
) -> None:
    flows.a_guest_game_an_account_a_group_and_a_join_link(phones, js, scheme)


@PHONES
def test_live_log_counts_history_stats_and_export(phones: Phones, js: bool, scheme: Scheme) -> None:
    flows.live_log_counts_history_stats_and_export(phones, js, scheme)


@PHONES
def test_shallow_sea_board_achievement_sheet_and_solo_ladder(
    phones: Phones, js: bool, scheme: Scheme
) -> None:
    flows.shallow_sea_board_achievement_sheet_and_solo_ladder(phones, js, scheme)


@PHONES
def test_a_member_removes_a_play_scored_twice(phones: Phones, js: bool, scheme: Scheme) -> None:
    flows.a_member_removes_a_play_scored_twice(phones, js, scheme)
