"""Three phones at one table, for every game: the host (signed in, with a group)
starts a play, two phones join by the /j/ link (one types the code), all three enter
their own seats at the same time, the host's table follows live, the host finishes,
and all three phones see the same result: the one games.score_json gives for what
they typed. No phone ever meets a 404, accounts or not."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, Response, expect

import games
from games.shallow_sea.data import FIRST_GAME_SEALIFE
from scorepad.models import Play
from scorepad.pads import get_pad
from tests.browser.flows import (
    accounts_in_a_group,
    close_sheet,
    coral,
    count,
    enter_reef,
    expect_result,
    log_in,
    open_event,
    seashells,
)
from tests.browser.phones import Phone, Phones

# The third seat has the longest name a seat takes, with emoji: nothing may overflow.
HOST, SECOND, THIRD = "Ana", "Ben", "Cleo 🐙 of the Deep Blue Seahorse Riders, Thirty-Seventh 🌊"
SEATS = [HOST, SECOND, THIRD]
LIVE = 8_000  # ms: a poll every 2 s, with room to spare


def assert_fits(*phones: Phone) -> None:
    """Nothing on the screen is wider than the phone."""
    for phone in phones:
        # Measured before its stylesheets apply, a page is wider than any phone.
        phone.page.wait_for_load_state()
        width = phone.page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, (phone.who, phone.page.url, width)


def no_404s(phone: Phone) -> list[str]:
    missing: list[str] = []

    def on_response(response: Response) -> None:
        if response.status == 404:
            missing.append(response.url)

    phone.page.on("response", on_response)
    return missing


def start(host: Phone, game: str, choose: Callable[[Page], None]) -> Play:
    page = host.page
    page.goto("/")
    page.get_by_role("link", name=game).first.click()
    expect(page.get_by_label("Player 1")).to_have_value(HOST)
    page.get_by_label("Player 2").fill(SECOND)
    page.get_by_label("Player 3").fill(THIRD)
    choose(page)
    page.locator("button.primary", has_text="Start scoring").click()
    expect(page.get_by_text("Invite players")).to_be_visible()
    return Play.objects.latest("created")


def join(play: Play, host: Phone, second: Phone, third: Phone) -> None:
    """The second phone opens the invite link, the third types the code; each lands on
    its seat's own screen."""
    invite = host.page.locator("details.invite")
    if invite.get_attribute("open") is None:
        invite.locator("summary").click()
    code = host.page.locator(".join-code").inner_text()
    link = host.page.locator(".join-link a").get_attribute("href")
    assert link is not None and link.endswith(f"/j/{code}")
    host.shot("invite")
    second.page.goto(link)
    second.shot("join")
    second.page.get_by_role("button", name=f"I am {SECOND}").click()
    third.page.goto("/j/")
    third.page.get_by_label("The code on the host's phone").fill(code.lower())
    third.page.get_by_role("button", name="Join").click()
    third.page.get_by_role("button", name=f"I am {THIRD}").click()
    for phone, result in zip((second, third), play.ordered_results()[1:], strict=True):
        phone.page.wait_for_url(
            f"**{(get_pad(play.game).start_url or get_pad(play.game).seat_url)(play, result)}"
        )
    assert_fits(host, second, third)


def seat(phone: Phone, name: str) -> Any:
    return phone.page.locator(".seats .seat", has_text=name)


def to_own_seat(phone: Phone, name: str) -> None:
    """From the table, to this phone's own entry screen."""
    page = phone.page
    page.goto(Play.objects.latest("created").get_absolute_url())
    page.locator(".seats").get_by_role("link", name=name).click()


def finish_and_compare(phones: list[Phone], slug: str, data: dict[str, Any]) -> None:
    host = phones[0]
    host.page.goto(Play.objects.latest("created").get_absolute_url())
    for name in SEATS:
        expect(seat(host, name)).to_contain_text("done", timeout=LIVE)
    host.shot("table-done")
    assert_fits(*phones)
    host.page.get_by_role("button", name="Finish and see the result").click()
    expected = {p["name"]: p["total"] for p in games.score_json(slug, data)["players"]}
    for phone in phones:
        expect(phone.page).to_have_url(re.compile(r"/result/$"), timeout=LIVE)
        expect_result(phone.page, SEATS, expected)
    host.shot("result")


def three_phones(phones: Phones) -> tuple[list[Phone], list[list[str]]]:
    accounts_in_a_group(HOST)
    host = phones.open("host")
    log_in(host, HOST)
    table = [host, phones.open("second"), phones.open("third")]
    return table, [no_404s(phone) for phone in table]


# --- Reef Draft: each phone its own reef, round by round -----------------------------------
REEFS: list[dict[str, dict[str, Any]]] = [
    {
        HOST: {"jellies": 2, "dolphins": 3, "seastar_2": 2, "pufferfish": 1, "coral": 1},
        SECOND: {
            "seahorses": 3,
            "seastar_3": 1,
            "sharks": 1,
            "anglerfish": 1,
            "coral": 2,
            "jellies": 1,
            "on_shark": {"anglerfish": 1},
        },  # fmt: skip
        THIRD: {"jellies": 3, "seastar_1": 3, "clownfish": 1, "turtles": 1, "dolphins": 1},
    },
    {
        HOST: {
            "seahorses": 3,
            "jellies": 2,
            "seastar_3": 1,
            "anglerfish": 1,
            "coral": 1,
            "turtles": 1,
        },  # fmt: skip
        SECOND: {"dolphins": 4, "seastar_2": 1, "pufferfish": 2, "jellies": 1, "coral": 1},
        THIRD: {
            "sharks": 1,
            "pufferfish": 1,
            "seahorses": 3,
            "seastar_2": 2,
            "clownfish": 1,
            "jellies": 1,
            "on_shark": {"pufferfish": 1},
        },  # fmt: skip
    },
    {
        HOST: {"dolphins": 2, "jellies": 2, "seastar_2": 1, "seahorses": 2, "coral": 2},
        SECOND: {"seastar_3": 2, "jellies": 2, "pufferfish": 2, "seahorses": 2, "coral": 1},
        THIRD: {
            "dolphins": 3,
            "seastar_1": 1,
            "sharks": 1,
            "anglerfish": 1,
            "clownfish": 1,
            "pufferfish": 2,
            "on_shark": {"anglerfish": 1},
        },  # fmt: skip
    },
]


def test_reef_draft_at_one_table(phones: Phones) -> None:
    table, missing = three_phones(phones)
    host, second, third = table
    play = start(host, "Reef Draft", lambda page: None)
    join(play, host, second, third)
    second.shot("own-reef")
    for number, reefs in enumerate(REEFS, 1):
        for phone, name in zip(table, SEATS, strict=True):
            if number > 1 or phone is host:
                # The table moves the phone on once the round before is in.
                page = phone.page
                if "/rounds/" not in page.url or f"/rounds/{number}/" not in page.url:
                    to_own_seat(phone, name)
                expect(
                    page.get_by_role("heading", name=f"Round {number}: {name}'s reef")
                ).to_be_visible()
            enter_reef(phone, reefs[name])
        # The host's screen (its table bar, or the table) follows: the third reef is in.
        third_seat = host.page.locator("#table-bar .bar-seat, .seats .seat", has_text=THIRD)
        expect(third_seat).to_have_class(re.compile("stage-(entering|done)"), timeout=LIVE)
    data = {"players": SEATS, "options": {"coral_penalty": "each"}, "rounds": REEFS}
    finish_and_compare(table, "reef-draft", data)
    assert missing == [[], [], []]


# --- Seagrass and Coral Stations: one shared log, every phone adding to it ---------------------
def log_event(phone: Phone, label: str, fill: Callable[[Page], None]) -> None:
    page = phone.page
    page.goto(Play.objects.latest("created").get_absolute_url())
    open_event(page, label)
    fill(page)
    page.get_by_role("button", name="Add to the log").click()
    expect(page.locator(".messages")).to_contain_text("Added")


def who(name: str) -> Callable[[Page], None]:
    return lambda page: page.get_by_role("radio", name=name, exact=True).check()


def fill_count(label: str, n: int, player: str | None = None) -> Callable[[Page], None]:
    """Fill the count ``label`` with ``n``, after choosing who (``player``) if the form asks."""

    def fill(page: Page) -> None:
        if player is not None:
            who(player)(page)
        count(page, label).fill(str(n))

    return fill


def tally(phone: Phone, name: str, fill: Callable[[Page], None]) -> None:
    """The seat's final tally, saved: its phone is back at the table, the seat done."""
    to_own_seat(phone, name)
    fill(phone.page)
    phone.page.locator("button[name=go][value=next]").click()
    expect(phone.page).to_have_url(re.compile(r"/plays/[0-9a-f-]+/$"))
    expect(seat(phone, name)).to_contain_text("done")


def test_seagrass_at_one_table(phones: Phones) -> None:
    table, missing = three_phones(phones)
    host, second, third = table
    play = start(host, "Seagrass", lambda page: page.get_by_label("Live log").check())
    join(play, host, second, third)
    for phone, name, creatures in zip(table, SEATS, (3, 2, 4), strict=True):
        log_event(phone, "Colony", fill_count("Creatures now in the colony", creatures, name))
    adjacent = {HOST: 2, SECOND: 1, THIRD: 0}

    def reef(page: Page) -> None:
        count(page, "Reef size in tiles").fill("3")
        group = page.get_by_role("group", name="Each player's creatures next to the reef")
        for name, n in adjacent.items():
            count(group, name).fill(str(n))

    log_event(second, "Reef completed", reef)
    expect(host.page.locator(".log")).to_contain_text("Reef of 3 tiles", timeout=LIVE)
    unplayed = {HOST: 1, SECOND: 0, THIRD: 2}
    for phone, name in zip(table, SEATS, strict=True):
        tally(phone, name, fill_count("Unplayed tiles", unplayed[name]))
    data = {
        "players": SEATS,
        "options": {"discovery": False},
        "entry": "log",
        "events": [
            {"type": "colony", "player": HOST, "creatures": 3},
            {"type": "colony", "player": SECOND, "creatures": 2},
            {"type": "colony", "player": THIRD, "creatures": 4},
            {"type": "reef", "size": 3, "adjacent": adjacent},
        ],
        "final": {name: {"unplayed_tiles": n} for name, n in unplayed.items()},
    }
    finish_and_compare(table, "seagrass", data)
    assert missing == [[], [], []]


def test_coral_stations_at_one_table(phones: Phones) -> None:
    table, missing = three_phones(phones)
    host, second, third = table
    play = start(host, "Coral Stations", lambda page: page.get_by_label("Live log").check())
    join(play, host, second, third)

    def surfacing(page: Page) -> None:
        who(HOST)(page)
        count(page, "Reef 1: coral tiles").fill("3")
        count(page, "Reef 1: clownfish").fill("1")

    def discard(page: Page) -> None:
        who(SECOND)(page)
        count(page, "Coral tiles discarded").fill("1")

    tiles = {HOST: 4, SECOND: 2, THIRD: 2}

    def station(page: Page) -> None:
        count(page, "High value (most tiles)").fill("6")
        count(page, "Low value").fill("3")
        group = page.get_by_role("group", name="Coral tiles in the adjacent reefs")
        for name, n in tiles.items():
            count(group, name).fill(str(n))

    log_event(host, "Surfacing", surfacing)
    log_event(second, "Coral discarded", discard)
    log_event(third, "Station surrounded", station)
    expect(second.page.locator(".log")).to_contain_text("Station 6/3", timeout=LIVE)
    shells = {HOST: 2, SECOND: 1, THIRD: 0}
    for phone, name in zip(table, SEATS, strict=True):
        tally(phone, name, fill_count("Shell tiles", shells[name]))
    data = {
        "players": SEATS,
        "entry": "log",
        "events": [
            {"type": "surfacing", "player": HOST, "reefs": [{"tiles": 3, "clownfish": 1}]},
            {"type": "discard", "player": SECOND, "tiles": 1},
            {"type": "station", "high": 6, "low": 3, "tiles": tiles},
        ],
        "final": {
            name: {"open_reefs": [], "shell_tiles": n, "shoal_tiles": []}
            for name, n in shells.items()
        },
    }
    finish_and_compare(table, "coral-stations", data)
    assert missing == [[], [], []]


# --- Shallow Sea: each phone its own ocean ---------------------------------------------------------
def test_shallow_sea_at_one_table(phones: Phones) -> None:
    table, missing = three_phones(phones)
    host, second, third = table

    def first_game(page: Page) -> None:
        page.get_by_role("button", name="First game").click()
        page.get_by_label("Player 3").fill(THIRD)

    play = start(host, "Shallow Sea", first_game)
    join(play, host, second, third)
    corals = {HOST: ("R1C2", "red", 9, "red"), SECOND: ("R1C4", "green", 7, "green"), THIRD: ("R2C3", "yellow", 5, "yellow")}  # fmt: skip
    shells = {HOST: 2, SECOND: 0, THIRD: 1}
    for phone, name in zip(table, SEATS, strict=True):
        if phone is host:
            to_own_seat(phone, name)
        expect(phone.page.get_by_role("heading", name=f"{name}'s ocean")).to_be_visible()
        coral(phone, *corals[name])
    # The host's table follows the other oceans as they are tapped in.
    host.page.locator("#table-bar").get_by_role("link", name="The table").click()
    for name in (SECOND, THIRD):
        expect(seat(host, name)).to_contain_text("1 tile, 0 fish", timeout=LIVE)
    host.shot("table-live")
    to_own_seat(host, HOST)
    for phone, name in zip(table, SEATS, strict=True):
        if shells[name]:
            seashells(phone, shells[name])
        else:
            zero_seashells(phone)
    boards = {
        name: {
            "tiles": {at: {"kind": "coral", "color": c, "vp": vp, "completed": True, "fish": f}},
            "fish": [],
            "seashells": shells[name],
        }
        for name, (at, c, vp, f) in corals.items()
    }
    data = {
        "players": SEATS,
        "mode": "standard",
        "setup": Play.objects.latest("created").options["setup"],
        "achievement": None,
        "entry": "board",
        "boards": boards,
    }
    assert data["setup"]["sealife"] == list(FIRST_GAME_SEALIFE)
    finish_and_compare(table, "shallow-sea", data)
    assert missing == [[], [], []]


def zero_seashells(phone: Phone) -> None:
    page = phone.page
    close_sheet(page)
    box = page.locator("#id_seashells")
    box.fill("0")
    expect(page.locator("#live")).not_to_contain_text("needs the Seashells left", timeout=LIVE)
