"""Offline pages belong to one account: a phone that changes hands (its player logs out,
their password is changed elsewhere, someone else logs in) never shows the previous
account's kept pages offline, and a change typed offline under one account waits for
that account: it is never sent under another's, and goes once its account is back."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, Route, expect

from scorepad.codecs import get_codec
from scorepad.models import AppliedChange, play_from_input, start_play
from tests.browser import flows
from tests.browser.flows import KEPT_CHANGES
from tests.browser.phones import Phone, Phones
from tests.browser.test_offline import (
    applied,
    edit,
    errors_beyond_the_network,
    kept_for_offline,
    status,
    until,
    waiting,
)

# What these check is in the browser: SQLite's pass runs them, PostgreSQL's leaves them
# out (tests/conftest.py); the table's phones (test_table, test_flows) run on both.
pytestmark = pytest.mark.one_database


def log_in(phone: Phone, username: str) -> None:
    """Log in from the login page, and wait for the home page it leads to (the login page
    itself shows a Log out button when someone is signed in already)."""
    page = phone.page
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label(re.compile(r"^Password:?$")).fill(flows.PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.get_by_role("heading", name="Your groups", exact=True)).to_be_visible()


def log_out(page: Page) -> None:
    page.get_by_role("button", name="Log out").click()
    expect(page.get_by_role("link", name="Log in", exact=True)).to_be_visible()


def errors_beyond_the_handover(phones: Phones) -> list[str]:
    """Besides the network's: the offline page's 503, and the 404 of a table's poll that
    met the session ended (a member's play, for a phone that is not at its table)."""
    expected = re.compile(r"status of 503 \(Offline\)|404.*/table/")
    return [e for e in errors_beyond_the_network(phones) if not expected.search(e)]


def offline_page(page: Page, path: str) -> None:
    """Offline, ``path`` is not shown: the offline page is, and not as a page found."""
    response = page.goto(path)
    expect(page.get_by_role("heading", name="This phone is offline", exact=True)).to_be_visible()
    assert response is not None and response.status == 503


# --- Pages -------------------------------------------------------------------------------------
@pytest.mark.parametrize("how", ["logs out", "password changed elsewhere", "another logs in"])
def test_an_accounts_pages_are_not_shown_offline_once_it_is_gone(phones: Phones, how: str) -> None:
    group = flows.accounts_in_a_group("Ana")
    User.objects.create_user("Cleo", password=flows.PASSWORD)  # in none of Ana's groups
    ana = User.objects.get(username="Ana")
    example = get_codec("reef-draft").example_input()
    finished = play_from_input("reef-draft", example, group=group, user=ana, finish=True)
    ongoing = start_play(game="reef-draft", names=["Ana", "Ben"], options={}, group=group, user=ana)
    result = f"/plays/{finished.uuid}/result/"

    phone = phones.open("ana")
    page = phone.page
    log_in(phone, "Ana")
    expect(page.get_by_role("link", name=flows.GROUP, exact=True)).to_be_visible()  # her home
    page.goto(result)
    expect(page.locator("table.breakdown")).to_be_visible()
    kept_for_offline(page, "/")
    # A play's screen, polling the table: where a session ended elsewhere shows first (the
    # group's play is hers as a member: once she is gone, its poll answers 404).
    page.goto(ongoing.get_absolute_url())
    expect(page.get_by_role("heading", name="Reef Draft", exact=True)).to_be_visible()
    kept_for_offline(page, result, "/")

    if how == "logs out":
        log_out(page)
    elif how == "another logs in":
        log_in(phone, "Cleo")
    else:
        ana.set_password("changed-on-another-computer")
        ana.save()
    # The worker forgets her pages as soon as an answer names someone else: here, the
    # page she logged out or in to, or the table's poll that asks whom it is for (one
    # does once nothing has named it for 10 s: a 304 names nobody otherwise).
    until(
        page,
        "(path) => caches.match(path).then((kept) => kept === undefined)",
        result,
        timeout_ms=30_000,
    )
    assert page.request.get(result).status == 404  # online, for whoever it is now
    if how == "another logs in":
        kept_for_offline(page)  # Cleo's home, kept in the background once it was shown

    phone.context.set_offline(True)
    offline_page(page, result)
    page.goto("/")  # the home page kept for whoever it is now, if any; never hers
    expect(page.locator("main h1")).to_be_visible()
    expect(page.get_by_role("link", name=flows.GROUP, exact=True)).to_have_count(0)
    expect(page.get_by_role("button", name="Log out")).to_have_count(
        1 if how == "another logs in" else 0
    )
    phone.shot(f"offline-after-{how.replace(' ', '-')}")
    assert errors_beyond_the_handover(phones) == []


# --- Changes -----------------------------------------------------------------------------------
def server_does_not_answer_changes(route: Route) -> None:
    if "x-change-id" in route.request.headers:
        route.abort("internetdisconnected")
    else:
        route.fallback()


def test_a_change_waits_for_the_account_it_was_made_under(phones: Phones) -> None:
    group = flows.accounts_in_a_group("Ana", "Ben")  # Ben may change the play too
    ana = User.objects.get(username="Ana")
    play = start_play(game="reef-draft", names=["Ana", "Ben"], options={}, group=group, user=ana)
    reef = f"/plays/{play.uuid}/rounds/1/players/0/"

    phone = phones.open("ana")
    page = phone.page
    log_in(phone, "Ana")
    page.goto(reef)
    expect(page.get_by_role("heading", name="Round 1: Ana's reef", exact=True)).to_be_visible()
    kept_for_offline(page)
    phone.context.set_offline(True)
    edit(page, "#id_jellies", "4")
    [anas] = waiting(page)

    # The phone is back, but its changes do not get through before Ana hands it over.
    phone.context.route(re.compile(r"/plays/"), server_does_not_answer_changes)
    phone.context.set_offline(False)
    log_out(page)
    status(page).to_contain_text("1 change waits for Ana: log in as Ana to send it.")
    log_in(phone, "Ben")
    status(page).to_contain_text("1 change waits for Ana: log in as Ana to send it.")
    phone.context.unroute(re.compile(r"/plays/"))

    # Ana's change is not typed into Ben's screen, nor sent under him; his own goes.
    page.goto(reef)
    expect(page.get_by_role("heading", name="Round 1: Ana's reef", exact=True)).to_be_visible()
    expect(page.locator("#id_jellies")).to_have_value("0")
    page.goto(f"/plays/{play.uuid}/rounds/1/players/1/")
    expect(page.get_by_role("heading", name="Round 1: Ben's reef", exact=True)).to_be_visible()
    page.locator("#id_dolphins").fill("2")
    expect(page.locator("#reef-live")).to_contain_text("2 of 10 cards")  # the server's answer
    until(
        page,
        "(id) => " + KEPT_CHANGES + ".then((all) => all.length === 1 && all[0].id === id)",
        anas,
    )
    [bens] = applied(play)
    assert bens != anas
    status(page).to_contain_text("1 change waits for Ana: log in as Ana to send it.")
    phone.shot("bens-screen-anas-change-waits")

    log_out(page)
    log_in(phone, "Ana")
    until(page, "() => " + KEPT_CHANGES + ".then((all) => all.length === 0)", timeout_ms=20_000)
    assert applied(play) == [bens, anas]
    assert AppliedChange.objects.filter(change=anas).count() == 1
    anas_reef, bens_reef = (r.entry["rounds"]["1"] for r in play.ordered_results())
    assert (anas_reef["jellies"], bens_reef["dolphins"]) == (4, 2)
    assert errors_beyond_the_handover(phones) == []
