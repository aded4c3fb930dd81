"""The main flows of Scorepad as steps a test strings together, each working the same
with JavaScript on (htmx updates in place) and off (every control submits a form or
follows a link). Each screen a step reaches gets ``phone.shot``: a screenshot and the
accessibility check.

test_flows.py runs them with JavaScript and without.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from django.contrib.auth.models import User
from django.utils import timezone
from playwright.sync_api import Error, Page, Request, expect

import games
from scorepad.codecs import get_codec
from scorepad.models import Group, Play, create_group, play_from_input
from scorepad.models.table import ensure_join_code
from scorepad.pads.shallow_sea.geometry import bubble_words
from tests.browser.accessibility import Scheme
from tests.browser.phones import Phone, Phones
from tests.reef_draft_games import ROUNDS, TOTALS

PASSWORD = "tide-pool-lantern-42"
GROUP = "Thursday divers"


def count(within: Any, label: str) -> Any:
    """A count's number box (its − and + buttons are named after it too)."""
    return within.get_by_role("spinbutton", name=label, exact=True)


def new_game(page: Page, game: str) -> None:
    """Tap a game's card among the new games (not a play of it to carry on)."""
    page.locator("a.card-link:not(.carry-on)", has_text=game).click()
    expect(page.get_by_role("heading", name=f"New {game} game")).to_be_visible()


SAVE_MS = 30_000


@contextmanager
def autosave(phone: Phone, field: str, value: str) -> Iterator[None]:
    """Around a screen's last change: with JavaScript the screen saves as it is typed in
    (htmx, after a pause), and this waits for the save that carries ``field`` = ``value``
    to be answered, so that no save is still on its way when the test leaves the screen
    (two requests at once can lock the tests' in-memory SQLite database)."""
    if not phone.js:
        yield
        return

    def carries_it(request: Request) -> bool:
        if request.method != "POST" or "hx-request" not in request.headers:
            return False
        try:
            return (request.post_data_json or {}).get(field) == value
        except Error:
            return False

    # The save may wait behind the outbox's earlier changes on a busy machine: it comes.
    with phone.page.expect_request(carries_it, timeout=SAVE_MS) as sent:
        yield
    assert sent.value.response() is not None, f"the autosave of {field}={value} failed"


# --- Accounts and groups ------------------------------------------------------------------------
def fill_sign_up(phone: Phone, username: str) -> None:
    page = phone.page
    expect(page.get_by_role("heading", name="Sign up")).to_be_visible()
    page.get_by_label("Username").fill(username)
    page.get_by_label(re.compile(r"^Password:?$")).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    phone.shot("sign-up")
    page.get_by_role("button", name="Create account").click()


def log_in(phone: Phone, username: str) -> None:
    page = phone.page
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label(re.compile(r"^Password:?$")).fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()


def host_on(page: Page, play: Play) -> None:
    """Open a guest play's host link on this phone: it hosts the table from now on."""
    page.goto(f"/plays/{play.uuid}/host/{play.host_key}/")
    expect(page.locator(".messages")).to_contain_text("This phone hosts the table now.")


def seat_on(page: Page, play: Play, name: str) -> None:
    """Join the play with its code on this phone, and take ``name``'s seat."""
    page.goto(f"/j/{ensure_join_code(play)}")
    page.get_by_role("button", name=f"I am {name}").click()
    expect(page.locator(".messages")).to_contain_text(f"This phone is {name}'s seat.")


def accounts_in_a_group(*usernames: str) -> Group:
    """Accounts (the first owns the group) made directly, for flows that start at the table."""
    users = [User.objects.create_user(name, password=PASSWORD) for name in usernames]
    group = create_group(GROUP, users[0])
    for user in users[1:]:
        group.join(user)
    return group


def create_group_on_groups_page(phone: Phone, name: str) -> None:
    page = phone.page
    page.get_by_role("navigation", name="Account").get_by_role("link", name="Groups").click()
    expect(page.get_by_role("heading", name="Your groups")).to_be_visible()
    page.get_by_label("Name").fill(name)
    phone.shot("groups")
    page.get_by_role("button", name="Create group").click()
    expect(page.get_by_role("heading", name=name, level=1)).to_be_visible()
    phone.shot("new-group")


def make_join_link(phone: Phone) -> str:
    page = phone.page
    page.get_by_role("link", name="People and join links").click()
    expect(page.get_by_role("heading", name="People", exact=True)).to_be_visible()
    page.get_by_role("button", name="New join link").click()
    expect(page.locator(".messages")).to_contain_text("New join link ready")
    link = page.get_by_role("textbox", name="Join link")
    expect(link).to_have_count(1)
    phone.shot("join-link")
    return link.input_value()


def join_with_link(phone: Phone, url: str, username: str, group: str) -> None:
    """Someone without an account opens the link: log in, or sign up, then join."""
    page = phone.page
    page.goto(url)
    expect(page.get_by_role("heading", name="Log in")).to_be_visible()
    phone.shot("log-in")
    page.get_by_role("main").get_by_role("link", name="Sign up").click()
    fill_sign_up(phone, username)
    expect(page.get_by_role("heading", name=f"Join {group}")).to_be_visible()
    phone.shot("join")
    page.get_by_role("button", name=f"Join {group}").click()
    expect(page.locator(".messages")).to_contain_text(f"Welcome to {group}.")
    expect(page.get_by_role("heading", name=group, level=1)).to_be_visible()


# --- Reef Draft -------------------------------------------------------------------------------
def fill_reef(phone: Phone, reef: dict[str, Any]) -> None:
    counts = {
        **{kind: n for kind, n in reef.items() if kind != "on_shark"},
        **{f"on_shark_{fish}": n for fish, n in reef.get("on_shark", {}).items()},
    }
    *first, (last, value) = counts.items()
    for name, count in first:
        phone.page.fill(f"#id_{name}", str(count))
    with autosave(phone, last, str(value)):
        phone.page.fill(f"#id_{last}", str(value))


def score_reef_draft(phone: Phone, first: str, second: str) -> None:
    """tests/reef_draft_games.py's game, ``first`` playing Ana's reefs and ``second``
    Ben's; ends on the result page."""
    page = phone.page
    page.goto("/")
    phone.shot("home")
    new_game(page, "Reef Draft")
    page.get_by_label("Player 1").fill(first)
    page.get_by_label("Player 2").fill(second)
    phone.shot("reef-draft-new")
    page.get_by_role("button", name="Start scoring").click()
    expect(page.get_by_role("heading", name="Reef Draft", exact=True)).to_be_visible()
    phone.shot("reef-draft-rounds")
    page.locator(".rounds > li").first.get_by_role("link", name=first).click()
    for number, reefs in enumerate(ROUNDS, 1):
        expect(page.get_by_role("heading", name=f"Round {number}: {first}'s reef")).to_be_visible()
        if number == 1:
            # A + button: counted in the page with JavaScript, a form submit without it.
            page.get_by_role("button", name="One more: Dolphins").click()
            expect(page.locator("#id_dolphins")).to_have_value("1")
        fill_reef(phone, reefs["Ana"])
        if number == 1:
            phone.shot("reef-draft-entry")
        page.get_by_role("button", name=f"Save, next: {second}").click()
        expect(page.get_by_role("heading", name=f"Round {number}: {second}'s reef")).to_be_visible()
        fill_reef(phone, reefs["Ben"])
        if number < len(ROUNDS):
            page.get_by_role("button", name=f"Save, next: round {number + 1}, {first}").click()
        else:
            page.get_by_role("button", name="Save and see the scoreboard").click()
    expect(page.locator("#scoreboard")).to_contain_text(str(TOTALS["Ben"]))
    phone.shot("reef-draft-scoreboard")
    page.get_by_role("button", name="Finish and see the result").click()
    winner = page.locator(".places li.winner")
    expect(winner).to_contain_text(second)
    expect(winner).to_contain_text(str(TOTALS["Ben"]))
    expect(page.locator(".places")).to_contain_text(str(TOTALS["Ana"]))


def settled(page: Page, *, js: bool = True) -> None:
    """The screen as it stays: loaded whole, and with JavaScript what it loads after
    (its table bar, online) in place. A tap before that may land on what the bar moves."""
    page.wait_for_load_state()
    if js and page.evaluate("navigator.onLine"):
        expect(page.locator("[hx-trigger=load]")).to_have_count(0)


def open_event(page: Page, link: str, heading: str | None = None, *, js: bool = True) -> None:
    """Tap a log's event link, and wait for the event's form, settled."""
    page.get_by_role("link", name=link, exact=True).click()
    expect(page.get_by_role("heading", name=heading or link, exact=True)).to_be_visible()
    settled(page, js=js)


# --- Seagrass: the live log, with an undo ------------------------------------------------------
def totals(page: Page) -> Any:
    return expect(page.locator(".seats .points"))


def score_seagrass_with_undo(phone: Phone, first: str, second: str) -> None:
    page = phone.page
    page.goto("/")
    new_game(page, "Seagrass")
    expect(page.get_by_label("Player 1")).to_have_value(first)  # the account's own player
    page.get_by_label("Player 2").fill(second)
    phone.shot("seagrass-new")
    page.get_by_role("button", name="Start scoring").click()
    expect(page.get_by_role("heading", name="Seagrass", exact=True)).to_be_visible()
    phone.shot("seagrass-log-empty")

    open_event(page, "Reef completed", js=phone.js)
    count(page, "Reef size in tiles").fill("3")
    creatures = page.get_by_role("group", name="Each player's creatures next to the reef")
    count(creatures, first).fill("4")
    creatures.get_by_role("button", name=f"One more: {second}").click()
    creatures.get_by_role("button", name=f"One more: {second}").click()
    # Two players, and the second has half the first's creatures: 8 and 4.
    expect(page.locator("#preview")).to_contain_text(f"{first} +8, {second} +4")
    phone.shot("seagrass-reef")
    page.get_by_role("button", name="Add to the log").click()
    totals(page).to_have_text(["8", "4"])

    open_event(page, "Colony", js=phone.js)
    page.get_by_role("radio", name=second).check()
    count(page, "Creatures now in the colony").fill("5")
    if phone.js:
        expect(page.locator("#preview")).to_contain_text(f"{second} +5")
    phone.shot("seagrass-colony")
    page.get_by_role("button", name="Add to the log").click()
    totals(page).to_have_text(["8", "9"])
    phone.shot("seagrass-log")

    page.get_by_role("button", name=f"Undo last: {second}: colony of 5 creatures").click()
    totals(page).to_have_text(["8", "4"])
    expect(page.locator(".log")).not_to_contain_text("colony")

    page.locator(".chips").get_by_role("link", name=first).click()
    with autosave(phone, "unplayed_tiles", "2"):
        count(page, "Unplayed tiles").fill("2")
    phone.shot("seagrass-tally")
    page.get_by_role("button", name=f"Save, next: {second}").click()
    expect(page.get_by_role("heading", name=f"{second}: final tally")).to_be_visible()
    with autosave(phone, "unplayed_tiles", "5"):
        count(page, "Unplayed tiles").fill("5")
    page.get_by_role("button", name="Save and back").click()
    expect(page.locator(".log")).to_be_visible()
    phone.shot("seagrass-log-final")
    page.get_by_role("button", name="Finish and see the result").click()
    expect(page.locator(".places li.winner")).to_contain_text(first)


def enter_reef(phone: Phone, reef: dict[str, Any]) -> None:
    """Type a reef's counts (and its fish on sharks) and go on: Save, next; returns once
    the phone has left the reef for the screen the save leads to."""
    page = phone.page
    expect(page.locator("#reef-form")).to_be_visible()
    for kind, n in reef.items():
        if kind == "on_shark":
            for fish, eaten in n.items():
                page.locator(f"#id_on_shark_{fish}").fill(str(eaten))
        else:
            page.locator(f"#id_{kind}").fill(str(n))
    reef_url = page.url
    page.locator("#reef-form button[name=go][value=next]").click()
    expect(page).not_to_have_url(reef_url)


# --- Coral Stations: each player's numbers at the end --------------------------------------------
def score_coral_stations(phone: Phone, first: str, second: str) -> None:
    page = phone.page
    page.goto("/")
    new_game(page, "Coral Stations")
    page.get_by_label("Player 2").fill(second)
    page.get_by_role("radio", name="Final counts: type each player's numbers at the end").check()
    phone.shot("coral-stations-new")
    page.get_by_role("button", name="Start scoring").click()
    expect(page.get_by_role("heading", name="Coral Stations", exact=True)).to_be_visible()
    page.locator(".chips").get_by_role("link", name=first).click()
    # 31 + reef (4 tiles + 1 clownfish) + 2 shells + shoals 3 and 2 = 43
    count(page, "Points scored during play").fill("31")
    count(page, "Reef 1: coral tiles").fill("4")
    page.get_by_role("button", name="One more: Reef 1: clownfish").click()
    expect(count(page, "Reef 1: clownfish")).to_have_value("1")
    count(page, "Shell tiles").fill("2")
    with autosave(phone, "shoal_tiles", "3 2"):
        page.get_by_label("Shoal tiles").fill("3 2")
    phone.shot("coral-stations-numbers")
    page.get_by_role("button", name=f"Save, next: {second}").click()
    expect(page.get_by_role("heading", name=f"{second}: numbers at the end")).to_be_visible()
    count(page, "Points scored during play").fill("38")
    with autosave(phone, "shell_tiles", "1"):
        count(page, "Shell tiles").fill("1")
    page.get_by_role("button", name="Save and back").click()
    totals(page).to_have_text(["43", "39"])
    phone.shot("coral-stations-totals")
    page.get_by_role("button", name="Finish and see the result").click()
    expect(page.locator(".places li.winner")).to_contain_text(first)
    expect(page.locator(".places li.winner")).to_contain_text("43")


# --- Shallow Sea: the board ---------------------------------------------------------------
def space(page: Page, name: str) -> Any:
    return page.locator(f'svg.ocean a.space[data-place="{name}"]')


def bubble(page: Page, name: str) -> Any:
    return page.locator(f'svg.ocean a.bubble[data-place="{name}"]')


def tap_fish(page: Page) -> None:
    """Switch the ocean to its bubbles (Incomplete Fish), and wait until it shows them;
    the form a laid tile opened closed first (without JavaScript it covers the tabs)."""
    close_sheet(page)
    page.get_by_role("link", name="Incomplete Fish").click()
    expect(page.locator("#board")).to_have_class(re.compile(r"\btap-fish\b"))


def choose(page: Page, group: str, label: str) -> None:
    """One choice of the open space's form (its radios look like buttons)."""
    page.locator("#editor fieldset", has_text=group).get_by_text(label, exact=True).click()


def put_coral(
    page: Page,
    at: str,
    color: str,
    vp: int,
    fish: str,
    *,
    js: bool = True,
    before_the_fish: Callable[[], Any] | None = None,
) -> None:
    """Tap a space (htmx opens its form under the board; without JavaScript the space
    is a link to the same form), then the coral and its fish: with JavaScript the
    sheet saves itself at the fish, without it the Save button does."""
    space(page, at).click()
    expect(page.locator("#editor.open h2")).to_contain_text(at)
    choose(page, "A coral", f"{color.title()} {vp}")
    if before_the_fish:
        before_the_fish()
    choose(page, "Completed Fish on it", fish.title())
    if not js:
        page.get_by_role("button", name=f"Save {at}").click()


def coral(phone: Phone, at: str, color: str, vp: int, fish: str, shot: bool = False) -> None:
    """A completed coral put on a space (put_coral), and the board saying so."""
    page = phone.page

    def screenshot() -> None:
        phone.shot("shallow-sea-space", full_page=False)

    put_coral(page, at, color, vp, fish, js=phone.js, before_the_fish=screenshot if shot else None)
    # A tile laid on an empty space opens the next empty space's form, which says it.
    said = page.locator("#editor.open" if phone.js else ".messages")
    expect(said).to_contain_text(f"Saved {at}: {color} coral")
    expect(page.locator("#editor.open h2")).not_to_contain_text(at)


def close_sheet(page: Page) -> None:
    """Close the space's form a laid tile opened (the next empty space's), as a player does
    to turn to what lies beside the ocean; nothing when none is open."""
    sheet = page.locator("#editor.open")
    if sheet.count():
        sheet.get_by_role("link", name="Close").click()
        expect(sheet).to_have_count(0)


def fish(phone: Phone, at: str, color: str, shot: bool = False) -> None:
    """Tap a bubble and put an Incomplete Fish on it: the colour saves at once with
    JavaScript, with the Save button without."""
    page = phone.page
    bubble(page, at).click()
    shown = bubble_words(at)  # R1C4 bottom
    expect(page.locator("#editor.open h2")).to_contain_text(shown)
    page.locator("#editor").get_by_text(color.title(), exact=True).click()
    if shot:
        phone.shot("shallow-sea-bubble", full_page=False)
    if not phone.js:
        page.get_by_role("button", name="Save this fish").click()
    expect(page.get_by_role("main")).to_contain_text(f"Saved {shown}: {color} fish")


def seashells(phone: Phone, count: int) -> None:
    """Tap + ``count`` times: counted in the page and saved with JavaScript, each tap a
    form submit without."""
    page = phone.page
    close_sheet(page)
    expect(page.locator("#live")).to_contain_text("needs the Seashells left")
    for _ in range(count - 1):
        page.get_by_role("button", name="One more: Seashells left").click()
    with autosave(phone, "seashells", str(count)):
        page.get_by_role("button", name="One more: Seashells left").click()
    expect(page.locator("#id_seashells")).to_have_value(str(count))
    expect(page.locator("#live")).not_to_contain_text("needs the Seashells left")


def start_shallow_sea(phone: Phone, players: list[str], *, mode: str, achievement: str) -> None:
    """The setup screen, which starts as the rulebook's first game, with ``mode`` and
    ``achievement`` chosen by their tiles' words; the first seat is the account's own
    player."""
    page = phone.page
    page.goto("/")
    new_game(page, "Shallow Sea")
    expect(page.get_by_role("heading", name="New Shallow Sea game")).to_be_visible()
    expect(page.get_by_label("Player 1")).to_have_value(players[0])
    for seat, name in enumerate(players[1:], 2):
        page.get_by_label(f"Player {seat}").fill(name)
    page.get_by_role("radio", name=mode, exact=True).check()
    expect(page.get_by_label("1 · Cryptic Coloration")).to_be_checked()
    expect(page.get_by_label("A1 Whale Shark")).to_be_checked()
    page.get_by_role("radio", name=achievement, exact=True).check()


def score_shallow_sea_board(phone: Phone, first: str, second: str) -> None:
    """Two oceans tapped in, in standard-rules achievement mode; ends on the result."""
    page = phone.page
    start_shallow_sea(phone, [first, second], mode="Standard", achievement="Standard rules")
    phone.shot("shallow-sea-setup")
    page.get_by_role("button", name="Start scoring").last.click()
    expect(page.get_by_role("heading", name="Shallow Sea", exact=True)).to_be_visible()
    phone.shot("shallow-sea-players")

    page.locator(".seats").get_by_role("link", name=re.compile(f"^{first}")).click()
    expect(page.get_by_role("heading", name=f"{first}'s ocean")).to_be_visible()
    phone.shot("shallow-sea-ocean-empty", full_page=False)
    coral(phone, "R3C4", "red", 9, "red", shot=True)
    coral(phone, "R2C5", "green", 7, "purple")
    tap_fish(page)
    fish(phone, "R1C4:bottom", "yellow", shot=True)  # where R1C4, R2C3, R2C5 and R3C4 meet
    seashells(phone, 2)
    phone.shot("shallow-sea-ocean")

    page.get_by_role("button", name=f"Next: {second}'s ocean").click()
    expect(page.get_by_role("heading", name=f"{second}'s ocean")).to_be_visible()
    coral(phone, "R1C2", "yellow", 5, "yellow")
    seashells(phone, 1)
    page.get_by_role("button", name="Done: back to the table").click()
    expect(page.locator("#players")).to_contain_text("1 tile, 0 fish")
    phone.shot("shallow-sea-players-done")
    page.get_by_role("button", name="Finish and see the result").click()
    expect(page.locator(".places li.winner")).to_contain_text(first)
    # Complete all Coral Tiles: both of the first player's corals are completed.
    earned = page.locator(".player-extras", has_text=first).locator(".achievements li.earned")
    expect(earned.filter(has_text="Complete all Coral Tiles in your Ocean.")).to_have_count(1)


def score_shallow_sea_solo(phone: Phone, player: str) -> None:
    """A solo game copied from the paper score pad: the rulebook's 160, less 4 for the
    Lionfish card, is 156, a Diver. Ends on the result."""
    page = phone.page
    start_shallow_sea(phone, [player], mode="Solo", achievement="None")
    page.get_by_role("radio", name="Copy the paper pad").check()
    page.get_by_role("button", name="Start scoring").last.click()
    page.locator(".seats").get_by_role("link", name=re.compile(f"^{player}")).click()
    expect(page.get_by_role("heading", name=f"{player}'s score pad")).to_be_visible()
    for label, value in {
        "Orange: Cryptic Coloration": 14,
        "Blue: Bountiful Caves": 9,
        "Row 1 tiles": 22,
        "Row 2 tiles": 26,
        "Row 3 tiles": 26,
        "Row 4 tiles": 28,
        "Row 5 tiles": 12,
        "Different completed Sealife VPs": 10,
        "Incomplete Fish VPs": 13,
        "Seashells left": 3,
    }.items():
        count(page, label).fill(str(value))
    with autosave(phone, "lionfish", "4"):
        count(page, "Fish on the Lionfish card").fill("4")
    if phone.js:  # the running total, as typed
        expect(page.locator("#status")).to_contain_text("156")
    phone.shot("shallow-sea-score-pad")
    page.get_by_role("button", name="Save and back to the table").click()
    expect(page.locator("#players")).to_contain_text("156")
    page.get_by_role("button", name="Finish and see the result").click()
    expect(page.get_by_role("heading", name="Diver", exact=True)).to_be_visible()
    expect(page.locator(".solo-score")).to_contain_text("156")
    expect(page.get_by_text("Winner")).to_have_count(0)


# --- What the group keeps ------------------------------------------------------------------
def open_group(phone: Phone, name: str = GROUP) -> None:
    page = phone.page
    page.get_by_role("navigation", name="Account").get_by_role("link", name="Groups").click()
    # The screen it comes from may link to the group too: tap the groups page's link.
    expect(page.get_by_role("heading", name="Your groups")).to_be_visible()
    page.get_by_role("main").get_by_role("link", name=name).click()
    expect(page.get_by_role("heading", name=name, level=1)).to_be_visible()


def history(page: Page) -> Any:
    return page.locator("#history .history > li")


def filter_history(phone: Phone, game: str) -> None:
    """The filters update the history in place with JavaScript, by a Filter button without."""
    page = phone.page
    page.get_by_label("Game").select_option(label=game)
    if not phone.js:
        page.get_by_role("button", name="Filter").click()
    expect(page).to_have_url(re.compile(r"\?game="))


def download(phone: Phone, link: str) -> str:
    page = phone.page
    with page.expect_download() as info:
        page.get_by_role("link", name=link).click()
    return info.value.path().read_text(encoding="utf-8")


def export_history(phone: Phone, group: str, plays: dict[str, dict[str, int]]) -> None:
    """The CSV and the Scorepad file hold ``plays``: {game name: {player: total}}."""
    page = phone.page
    page.get_by_role("link", name="Export and import").click()
    expect(page.get_by_role("heading", name="Export and import")).to_be_visible()
    phone.shot("export")

    rows = list(csv.DictReader(io.StringIO(download(phone, "Spreadsheet (CSV)"))))
    assert {(r["game"], r["player"], int(r["total"])) for r in rows} == {
        (game, player, total) for game, scores in plays.items() for player, total in scores.items()
    }
    first_seats = {r["player"] for r in rows if r["winner"] == "yes"}
    assert first_seats == {max(scores, key=scores.__getitem__) for scores in plays.values()}

    document = json.loads(download(phone, "Scorepad file (JSON)"))
    assert document["group"] == group
    assert {
        (p["game"], r["player"], r["total"]) for p in document["plays"] for r in p["results"]
    } == {
        (slug(game), player, total)
        for game, scores in plays.items()
        for player, total in scores.items()
    }


def slug(game: str) -> str:
    return game.lower().replace(" ", "-")


# --- The journeys: test_flows.py runs each with JavaScript and without -----------------------
def a_guest_game_an_account_a_group_and_a_join_link(
    phones: Phones, js: bool, scheme: Scheme
) -> None:
    """Score without an account, sign up from the result, make a group, save the game
    to its history, and bring a second player in with a join link."""
    ana = phones.open("ana", js=js, scheme=scheme)
    page = ana.page
    score_reef_draft(ana, "Ana", "Cleo")
    ana.shot("result-guest")

    page.get_by_role("link", name="or sign up").click()
    fill_sign_up(ana, "Ana")
    expect(page.get_by_role("heading", name="Reef Draft: result")).to_be_visible()  # back
    create_group_on_groups_page(ana, GROUP)

    page.get_by_role("link", name="Scorepad").click()
    expect(page.get_by_role("heading", name="Games on this phone")).to_be_visible()
    ana.shot("home-signed-in")
    page.get_by_role("main").get_by_role("link", name="Reef Draft").last.click()  # on this phone
    expect(page.get_by_role("heading", name="Keep it")).to_be_visible()
    page.get_by_label("Save to the history of").select_option(label=GROUP)
    ana.shot("result-keep-it")
    page.get_by_role("button", name="Save to history").click()
    expect(page.locator(".messages")).to_contain_text(f"Saved to the history of {GROUP}.")
    expect(history(page)).to_have_count(1)
    expect(history(page).first).to_contain_text(f"Ana {TOTALS['Ana']}, Cleo {TOTALS['Ben']}")
    ana.shot("group-history")
    link = make_join_link(ana)

    ben = phones.open("ben", js=js, scheme=scheme)
    join_with_link(ben, link, "Ben", GROUP)
    expect(history(ben.page)).to_contain_text(["Reef Draft"])  # the group's history
    ben.shot("group")

    page.reload()
    expect(page.locator("li.row", has_text="Ben")).to_contain_text("Member")
    ana.shot("people")
    assert phones.console_errors() == []


def live_log_counts_history_stats_and_export(phones: Phones, js: bool, scheme: Scheme) -> None:
    """Seagrass on the live log (with an undo), Coral Stations by final counts, then
    the group's history, records, a player's page, and the history as files."""
    accounts_in_a_group("Ana", "Ben")
    ana = phones.open("ana", js=js, scheme=scheme)
    page = ana.page
    log_in(ana, "Ana")
    score_seagrass_with_undo(ana, "Ana", "Ben")
    seagrass = scored(Play.objects.latest("created"))
    expect_result(page, ["Ana", "Ben"], seagrass)
    ana.shot("seagrass-result")
    score_coral_stations(ana, "Ana", "Ben")
    ana.shot("coral-stations-result")

    open_group(ana)
    expect(history(page)).to_have_count(2)
    expect(page.get_by_role("heading", name="Records")).to_be_visible()
    expect(page.locator(".record", has_text="Coral Stations")).to_contain_text("43 by Ana")
    ana.shot("group")
    filter_history(ana, "Seagrass")
    expect(history(page)).to_have_count(1)
    expect(history(page)).to_contain_text(["Seagrass"])
    ana.shot("group-filtered")

    page.get_by_role("region", name="Seagrass records").get_by_role("link", name="Ana").click()
    expect(page.get_by_role("heading", name="Ana", level=1)).to_be_visible()
    expect(page.locator(".stat-line")).to_contain_text("2 plays · 2 wins")
    expect(
        page.get_by_role("img", name=re.compile("^Coral Stations: scores over time"))
    ).to_be_visible()
    ana.shot("player")

    # The year in review, and its month a tap away (htmx swaps the review in place).
    today = timezone.localdate()
    page.get_by_role("link", name=f"{today.year} in review").click()
    heading = page.get_by_role("heading", level=1)
    expect(heading).to_contain_text(f"Ana · {today.year}")
    expect(page.locator(".stat-line")).to_contain_text("2 plays · 2 games")
    page.get_by_role("link", name=f"{today:%b} {today.year}").click()
    expect(heading).to_contain_text(f"{today:%B} {today.year}")
    expect(page).to_have_url(re.compile(rf"/review/{today.year}/\?month={today.month}$"))
    expect(page.get_by_role("link", name="Share the card")).to_have_attribute(
        "href", re.compile(rf"/review/{today.year}/card\.png\?month={today.month}$")
    )
    ana.shot("review")

    page.get_by_role("link", name="← Ana").click()
    page.get_by_role("link", name=f"← {GROUP}").click()
    export_history(ana, GROUP, {"Seagrass": seagrass, "Coral Stations": {"Ana": 43, "Ben": 39}})
    assert phones.console_errors() == []


def shallow_sea_board_achievement_sheet_and_solo_ladder(
    phones: Phones, js: bool, scheme: Scheme
) -> None:
    """Two oceans tapped into the SVG board in achievement mode, the Achievement Record
    Sheet that play fills in, then a solo game and the solo ladder."""
    accounts_in_a_group("Ana", "Ben")
    ana = phones.open("ana", js=js, scheme=scheme)
    page = ana.page
    log_in(ana, "Ana")
    score_shallow_sea_board(ana, "Ana", "Ben")
    ana.shot("shallow-sea-result")

    page.get_by_role("link", name="Me").click()
    sheet = page.get_by_role("heading", name="Shallow Sea: Achievement Record Sheet")
    expect(sheet).to_be_visible()
    box = page.locator("#standard-7")  # Complete all Coral Tiles in your Ocean.
    expect(box).to_have_class("done")
    expect(box).to_contain_text("Earned")
    ana.shot("achievements")

    score_shallow_sea_solo(ana, "Ana")
    ana.shot("solo-result")
    page.get_by_role("link", name="Me").click()
    page.get_by_role("link", name="Solo ladder").click()
    expect(page.locator(".stat-line")).to_contain_text("Best 156 Diver")
    ana.shot("solo-ladder")

    open_group(ana)
    expect(page.locator(".solo-board")).to_contain_text(re.compile(r"Ana\s*Diver\s*156"))
    expect(history(page)).to_have_count(2)
    ana.shot("group")
    assert phones.console_errors() == []


def scored(play: Play) -> dict[str, int]:
    """Each player's total as games.score_json gives it for the play's stored entries."""
    return {
        p["name"]: p["total"] for p in games.score_json(play.game, play.game_input())["players"]
    }


def expect_result(page: Page, seats: list[str], totals: dict[str, int]) -> None:
    """Wait for the result page to show ``totals`` (by name) in the breakdown's last row,
    in seat order: a result opened by a tap may still be loading when it is read."""
    expect(page).to_have_url(re.compile(r"/result/$"))
    row = page.locator("table.breakdown tr.total td")
    expect(row).to_have_text([str(totals[name]) for name in seats])


def a_member_removes_a_play_scored_twice(phones: Phones, js: bool, scheme: Scheme) -> None:
    """Ben, a member, recorded a Reef Draft game that Ana had already recorded: he takes
    his copy out of the history from its result page, and the group's numbers count it
    no more; Ana, the owner, sees who removed it, and could restore it."""
    group = accounts_in_a_group("Ana", "Ben")
    ana, ben = (User.objects.get(username=name) for name in ("Ana", "Ben"))
    example = get_codec("reef-draft").example_input()
    play_from_input("reef-draft", example, group=group, user=ana, finish=True)
    twice = play_from_input("reef-draft", example, group=group, user=ben, finish=True)
    record = ".record"

    phone = phones.open("ben", js=js, scheme=scheme)
    page = phone.page
    log_in(phone, "Ben")
    open_group(phone)
    expect(history(page)).to_have_count(2)
    expect(page.locator(record)).to_contain_text("Reef Draft · 2 plays")
    phone.shot("group-with-a-play-twice")

    page.locator(f'#history a[href="/plays/{twice.uuid}/result/"]').click()
    expect(page.get_by_role("heading", name="Reef Draft: result")).to_be_visible()
    page.get_by_text("Remove this play from the history…").click()
    confirm = page.get_by_role("button", name="Yes, remove it from the history")
    expect(confirm).to_be_visible()
    phone.shot("remove-asks-first")
    confirm.click()
    expect(page.locator(".messages")).to_contain_text("Reef Draft of ")
    expect(page.locator(".messages")).to_contain_text("is out of the history.")
    expect(history(page)).to_have_count(1)
    expect(page.locator(record)).to_contain_text("Reef Draft · 1 play")
    winner = page.locator(record).get_by_role("row").nth(1)
    expect(winner.get_by_role("cell")).to_have_text(
        ["1", "1", "100%", re.compile(r"\d"), re.compile(r"\d")]
    )
    removed = page.locator(".removed-plays")
    expect(removed).to_contain_text("Taken out of the history (1)")
    phone.shot("group-after-removal")
    twice.refresh_from_db()
    assert twice.is_voided and twice.voided_by == ben
    assert phones.console_errors() == []


# The changes kept on this phone, oldest first: read from the outbox's IndexedDB database
# (its name and stores as static/scorepad/outbox-store.js opens them), as a page's script
# would; the site's scripts are modules and leave no object of theirs on `window`.
KEPT_CHANGES = (
    "new Promise((resolve, reject) => {"
    " const open = indexedDB.open('scorepad-outbox', 1);"
    " open.onupgradeneeded = () => {"
    " open.result.createObjectStore('changes', { keyPath: 'id' });"
    " open.result.createObjectStore('notes', { keyPath: 'id' }); };"
    " open.onerror = () => reject(open.error);"
    " open.onsuccess = () => {"
    " const get = open.result.transaction('changes').objectStore('changes').getAll();"
    " get.onerror = () => reject(get.error);"
    " get.onsuccess = () => {"
    " open.result.close(); resolve(get.result.sort((a, b) => a.created - b.created)); }; };"
    " })"
)
