"""A result read on a phone (issue 26): five players with 60-character names at 390 px,
each seat in its colour with its initial. Every name is whole on the screen (not
ellipsized), the five columns of numbers sit side by side, a tapped number's explanation
opens in sight, the page passes axe in both schemes, and a game of several has no line
only a solo game has (Shallow Sea's Lionfish card)."""

from __future__ import annotations

import re
from random import Random
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from scorepad.codecs import get_codec
from scorepad.management.commands.seed_bench import renamed
from scorepad.models import create_group, play_from_input
from scorepad.models.colours import PALETTE
from tests.browser.accessibility import check_accessibility
from tests.browser.conftest import Screenshot
from tests.browser.test_long_names import SEATED, signed_in

# What these check is in the browser: SQLite's pass runs them, PostgreSQL's leaves them
# out (tests/conftest.py); the table's phones (test_table, test_flows) run on both.
pytestmark = pytest.mark.one_database


def five_long_names() -> dict[str, Any]:
    """A whole Reef Draft game of five (a random one, always the same), its seats given
    the long names."""
    codec = get_codec("reef-draft")
    data = next(
        game
        for seed in range(100)
        if len((game := codec.random_game(Random(seed)))["players"]) == 5
        and len(game["rounds"]) == 3
    )
    names = dict(zip(data["players"], SEATED, strict=True))
    return {**renamed(data, names), "players": SEATED}


def test_five_long_names_each_in_its_colour_with_the_numbers_side_by_side(
    page: Page, live_server: Any, screenshot: Screenshot, console_errors: list[str]
) -> None:
    owner = User.objects.create_user("ana", password="pw-for-tests-123")
    group = create_group("Thursday table", owner)
    play = play_from_input("reef-draft", five_long_names(), group=group, user=owner, finish=True)
    several = play_from_input(
        "shallow-sea",
        get_codec("shallow-sea").example_input(),
        group=group,
        user=owner,
        finish=True,
    )
    signed_in(page, owner, live_server.url)
    page.emulate_media(color_scheme="dark")
    page.goto(f"/plays/{play.uuid}/result/")

    # Each name whole in the key above the breakdown, beside its seat's dot.
    key = page.locator(".seat-key li")
    expect(key.locator(".name")).to_have_text(SEATED)
    for seat, colour in enumerate(PALETTE[:5]):
        expect(key.nth(seat).locator(".seat-dot")).to_have_class(re.compile(rf"\bseat-{colour}\b"))
        name = key.nth(seat).locator(".name")
        assert name.evaluate("n => n.scrollWidth <= n.clientWidth"), f"{SEATED[seat]} is cut"
        box = name.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    # Each column is headed by its player's dot, and named for a screen reader.
    heads = page.locator(".breakdown thead th[scope=col]:has(.seat-dot)")
    expect(heads).to_have_count(5)
    expect(heads.first).to_have_accessible_name(SEATED[0])
    # The five columns fit the phone: nothing scrolls sideways.
    region = page.locator("#breakdown-region .table-scroll")
    assert region.evaluate("r => r.scrollWidth <= r.clientWidth"), "the numbers scroll sideways"
    # The podium and the chart wear the same colours.
    expect(page.locator(".places .seat-dot")).to_have_count(5)
    expect(page.locator(".chart .seat-mark")).to_have_count(5)

    # The last player's last number: its explanation opens in sight, not far below.
    number = page.locator('.breakdown a[data-player="4"]').last
    line = number.get_attribute("data-line")
    number.click()
    explained = page.locator("#explained")
    expect(explained.locator("h3")).to_contain_text(SEATED[4])
    expect(page).to_have_url(re.compile(rf"\?line={line}&player=4"))
    expect(explained.locator("h3")).to_be_in_viewport()
    expect(explained.locator(".explanations")).to_be_in_viewport()
    screenshot("explained-dark", full_page=False)
    check_accessibility(page, where="a result of five long names, explained")
    page.emulate_media(color_scheme="light")
    screenshot("result-light")
    page.emulate_media(color_scheme="dark")
    screenshot("result-dark")

    # A Shallow Sea game of two: no Lionfish card, which is on the table only alone.
    page.goto(f"/plays/{several.uuid}/result/")
    expect(page.get_by_role("heading", name="Breakdown", exact=True)).to_be_visible()
    rows = page.locator(".breakdown tbody th[scope=row]")
    expect(rows.first).to_be_visible()
    expect(rows.filter(has_text="Lionfish")).to_have_count(0)
    expect(page.locator("#breakdown-region thead .seat-dot.seat-red")).to_have_count(1)
    assert not console_errors, console_errors
