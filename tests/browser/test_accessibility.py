"""The screens the main flows (test_flows.py) do not reach, each
photographed and checked for accessibility in both colour schemes, with JavaScript and
without: forms showing their errors, the 404 page, the Seagrass reef award calculator,
changing a logged event, the Sealife catalogue, ticking an achievement by hand, an empty
solo ladder, a guest's claim link and the page that claims it, and a refused import."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from scorepad.models import play_from_input
from tests.browser import flows
from tests.browser.accessibility import Scheme
from tests.browser.phones import Phones

# What these check is in the browser: SQLite's pass runs them, PostgreSQL's leaves them
# out (tests/conftest.py); the table's phones (test_table, test_flows) run on both.
pytestmark = pytest.mark.one_database


@pytest.mark.parametrize(("js", "scheme"), [(True, "dark"), (False, "light")], ids=["js", "no-js"])
def test_the_other_screens(phones: Phones, js: bool, scheme: Scheme) -> None:
    group = flows.accounts_in_a_group("Ana", "Ben")
    # Cleo, a guest of the group: she sat at a play in its history.
    owner = User.objects.get(username="Ana")
    counts = {name: {"shells": 2, "pearls": 0} for name in ("Ana", "Cleo")}
    tide_pool = {"players": ["Ana", "Cleo"], "entry": "counts", "counts": counts}
    play_from_input("tide-pool", tide_pool, group=group, user=owner, finish=True)

    guest = phones.open("guest", js=js, scheme=scheme)
    page = guest.page
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill("Ana")
    page.get_by_label(re.compile(r"^Password:?$")).fill("not the password")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("main")).to_contain_text("enter a correct username and password")
    guest.shot("log-in-refused")
    page.goto("/accounts/signup/")
    page.get_by_label("Username").fill("Ana")
    page.get_by_label(re.compile(r"^Password:?$")).fill("short")
    page.get_by_label("Password confirmation").fill("shorter")
    page.get_by_role("button", name="Create account").click()
    expect(page.get_by_role("main")).to_contain_text("A user with that username already exists.")
    guest.shot("sign-up-errors")

    page.goto("/games/seagrass/reef-award/")
    flows.count(page, "Reef size in tiles").fill("4")
    flows.count(page, "Player 1's creatures next to it").fill("3")
    flows.count(page, "Player 2's creatures next to it").fill("1")
    if not js:
        page.get_by_role("button", name="Work out the award").click()
    expect(page.locator("#award")).to_contain_text("Player 1")
    guest.shot("reef-award")

    page.goto("/games/shallow-sea/new/")
    page.get_by_role("button", name="Start scoring").last.click()
    expect(page.get_by_role("alert")).to_contain_text("you named 0")
    guest.shot("shallow-sea-setup-errors")

    page.goto("/games/seagrass/new/")
    page.get_by_label("Player 1").fill("Ana")
    page.get_by_label("Player 2").fill("Ben")
    page.get_by_role("button", name="Start scoring").click()
    page.get_by_role("link", name="Colony").click()
    page.get_by_role("button", name="Add to the log").click()
    expect(page.locator("#id_player-error")).not_to_be_empty()
    guest.shot("event-errors")
    page.get_by_role("radio", name="Ana").check()
    flows.count(page, "Creatures now in the colony").fill("4")
    if js:
        expect(page.locator("#preview")).to_contain_text("Ana +4")
    page.get_by_role("button", name="Add to the log").click()
    page.locator(".log").get_by_role("link", name=re.compile("colony of 4")).click()
    expect(page.get_by_role("heading", name="Change: Colony")).to_be_visible()
    guest.shot("event-change")

    ana = phones.open("ana", js=js, scheme=scheme)
    page = ana.page
    flows.log_in(ana, "Ana")
    page.goto("/games/shallow-sea/sealife/")
    expect(page.get_by_role("heading", name="Shallow Sea: Sealife catalogue")).to_be_visible()
    ana.shot("catalogue")

    page.goto("/me/achievements/")
    box = page.locator("#standard-10")  # End the game with 5 Seashells.
    box.get_by_text("Tick by hand").click()
    box.get_by_label("Note").fill("Before Scorepad")
    ana.shot("achievements-tick", full_page=False)
    box.get_by_role("button", name="Tick").click()
    expect(page.locator(".messages")).to_contain_text("Ticked.")
    expect(page.locator("#standard-10")).to_contain_text("Ticked by hand: Before Scorepad")
    ana.shot("achievements-ticked")
    page.get_by_role("link", name="Solo ladder").click()
    expect(page.get_by_role("main")).to_contain_text("No solo play yet.")
    ana.shot("solo-ladder-empty")

    page.goto(group.get_absolute_url())
    page.get_by_role("link", name="People and join links").click()
    page.get_by_role("main").get_by_role("link", name="Cleo").click()
    page.get_by_role("button", name="Make a claim link for Cleo").click()
    claim_link = page.get_by_role("textbox", name="Claim link")
    expect(claim_link).to_have_value(re.compile(r"/claim/"))
    claim_url = claim_link.input_value()
    ana.shot("player-claim-link")

    page.goto(group.get_absolute_url())
    page.get_by_role("link", name="Export and import").click()
    page.get_by_label("Scorepad file (.json)").set_input_files(
        {"name": "plays.json", "mimeType": "application/json", "buffer": b"not json"}
    )
    page.get_by_role("button", name="Import plays").click()
    expect(page.get_by_role("main")).to_contain_text("it is not JSON")
    ana.shot("import-refused")

    ben = phones.open("ben", js=js, scheme=scheme)
    flows.log_in(ben, "Ben")
    ben.page.goto(claim_url)
    expect(ben.page.get_by_role("heading", name="Were you Cleo?")).to_be_visible()
    ben.shot("claim")

    page.goto("/no-such-page/")
    expect(page.get_by_role("heading", name="Nothing here")).to_be_visible()
    ana.shot("404")
    # The browser logs the 404 answer itself as a console error.
    assert [e for e in phones.console_errors() if "status of 404" not in e] == []
