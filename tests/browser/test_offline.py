"""Nothing typed is lost, on every game's entry screens: a phone goes offline mid-entry,
makes five or more changes of each kind, reloads the page offline (the service worker
serves the shell and the screen, with the waiting changes shown on it), and comes back
online: the server holds every change exactly once and in the order made, and the
result is the one games.score_json gives for the same entry.

Also: an answer dropped after the server applied its change is not applied twice; a
change that meets another phone's on its way in is shown, not lost; on a slow
connection every tap shows at once and a second tap is queued, not dropped."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from playwright.sync_api import Error, Page, Route, expect

import games
from games.reef_draft import DECK, EMPTY_SHARKS
from games.shallow_sea.data import SPACES
from scorepad.models import AppliedChange, Play, start_play
from tests.browser import flows
from tests.browser.flows import KEPT_CHANGES, count
from tests.browser.phones import Phone, Phones
from tests.reef_draft_games import ROUNDS, TOTALS

# What these check is in the browser: SQLite's pass runs them, PostgreSQL's leaves them
# out (tests/conftest.py); the table's phones (test_table, test_flows) run on both.
pytestmark = pytest.mark.one_database

SENT_MS = 20_000  # every waiting change sent once the network is back
# The service worker installed and in control: it fetches the shell (and, in production,
# the code it imports) before it takes over, which took a machine busy with other work
# more than 10 s now and then (the production-build test under `make test-stress`).
WORKER_READY_MS = 30_000


# --- The outbox, as a test sees it -------------------------------------------------------------
def kept_for_offline(page: Page, *paths: str) -> None:
    """Wait until the service worker runs this page and has kept ``paths`` (the page
    itself included) for a time without network."""
    until(page, "() => navigator.serviceWorker.controller !== null", timeout_ms=WORKER_READY_MS)
    wanted = [page.evaluate("location.pathname + location.search"), *paths]
    until(
        page,
        "paths => Promise.all(paths.map((p) => caches.match(p))).then((all) => all.every(Boolean))",
        wanted,
        timeout_ms=WORKER_READY_MS,
    )


def until(page: Page, predicate: str, arg: Any = None, timeout_ms: int = 10_000) -> None:
    """Wait until the async ``predicate`` resolves true. Not ``wait_for_function``: its
    predicate is evaluated from a string again each time it polls, which the site's
    Content-Security-Policy (no ``unsafe-eval``) refuses once the page has loaded."""
    for _ in range(timeout_ms // 200):
        try:
            if page.evaluate(predicate, arg):
                return
        except Error:  # the outbox led the page on meanwhile: ask the next one
            page.wait_for_load_state()
        page.wait_for_timeout(200)
    raise AssertionError(f"still false after {timeout_ms} ms: {predicate}")


def waiting(page: Page) -> list[str]:
    """The ids of the changes waiting on this phone, oldest first."""
    return page.evaluate(KEPT_CHANGES + ".then((all) => all.map((c) => c.id))")


def back_online(phone: Phone) -> None:
    phone.context.set_offline(False)
    until(
        phone.page, "() => " + KEPT_CHANGES + ".then((all) => all.length === 0)", timeout_ms=SENT_MS
    )


def applied(play: Play) -> list[str]:
    """The change ids the server applied to ``play``, in the order it applied them."""
    return list(
        AppliedChange.objects.filter(play=play).order_by("pk").values_list("change", flat=True)
    )


# What a browser logs of a request the network did not carry, or that a later tap
# replaced (hx-sync): expected in these tests, and nothing a player sees.
NOT_CARRIED = (
    "net::ERR_INTERNET_DISCONNECTED",
    "net::ERR_CONNECTION_RESET",
    "htmx:sendError",
    "htmx:sendAbort",
    "htmx:afterRequest",
)


def errors_beyond_the_network(phones: Phones) -> list[str]:
    return [e for e in phones.console_errors() if not any(n in e for n in NOT_CARRIED)]


def status(page: Page) -> Any:
    return expect(page.locator("#outbox"))


def one_change(page: Page, act: Callable[[], None]) -> None:
    """``act`` (a value typed, a − or + tapped), then wait until the phone keeps it as one
    more change: the next edit starts after the autosave's pause, so each is its own."""
    before = len(waiting(page))
    act()
    until(page, "(n) => " + KEPT_CHANGES + ".then((all) => all.length > n)", before)


def edit(page: Page, selector: str, value: str) -> None:
    """Type into a box: one change."""
    one_change(page, lambda: page.locator(selector).fill(value))


def step(page: Page, field: str, delta: int) -> None:
    """Tap a count's − or +: one change."""
    button = page.locator(f'#row-{field} button.step[value="{field}:{delta}"]')
    one_change(page, button.click)


def start(phone: Phone, game: str, *players: str, choose: Any = None) -> Play:
    page = phone.page
    page.goto("/")
    flows.new_game(page, game)
    for seat, name in enumerate(players, 1):
        page.get_by_label(f"Player {seat}").fill(name)
    if choose:
        choose(page)
    page.locator("button.primary", has_text="Start scoring").last.click()
    expect(page.get_by_role("heading", name=game, exact=True)).to_be_visible()
    return Play.objects.latest("created")


# --- Reef Draft: typed counts, − and + taps, Next ------------------------------------------
def test_reef_draft_entered_offline(phones: Phones) -> None:
    phone = phones.open("host")
    page = phone.page
    play = start(phone, "Reef Draft", "Ana", "Ben")
    page.locator(".rounds > li").first.get_by_role("link", name="Ana").click()
    expect(page.get_by_role("heading", name="Round 1: Ana's reef")).to_be_visible()
    ben = f"/plays/{play.uuid}/rounds/1/players/1/"
    kept_for_offline(page, ben)

    phone.context.set_offline(True)
    # Five typed changes, a slip among them, and five taps: the last of each counts.
    for selector, value in [
        ("#id_jellies", "9"),
        ("#id_jellies", "4"),
        ("#id_dolphins", "2"),
        ("#id_coral", "1"),
        ("#id_coral", "2"),
    ]:
        edit(page, selector, value)
    for field, delta in [("dolphins", 1), ("seastar_3", 1), ("seastar_3", 1), ("seastar_3", -1)]:
        step(page, field, delta)
    step(page, "turtles", 1)
    step(page, "turtles", -1)
    status(page).to_contain_text("11 changes waiting: they will be sent when you are back online.")
    expect(page.locator("body")).to_have_class(re.compile("unconfirmed"))
    phone.shot("reef-offline")

    page.reload()  # from the worker's cache: the screen, and what was typed on it
    expect(page.get_by_role("heading", name="Round 1: Ana's reef")).to_be_visible()
    status(page).to_contain_text("11 changes waiting")
    for field, value in ROUNDS[0]["Ana"].items():
        expect(page.locator(f"#id_{field}")).to_have_value(str(value))
    expect(page.locator(".unconfirmed .live")).to_be_visible()  # marked "Not confirmed yet"
    phone.shot("reef-reloaded-offline")

    page.get_by_role("button", name="Save, next: Ben").click()  # kept, and on to Ben's
    expect(page.get_by_role("heading", name="Round 1: Ben's reef")).to_be_visible()
    for field, value in ROUNDS[0]["Ben"].items():
        edit(page, f"#id_{field}", str(value))
    made = waiting(page)
    assert len(made) == 12 + len(ROUNDS[0]["Ben"])
    assert AppliedChange.objects.filter(play=play).count() == 0

    back_online(phone)
    assert applied(play) == made
    ana, ben_seat = play.ordered_results()
    assert ana.entry["rounds"]["1"] == {**ZERO_REEF, **ROUNDS[0]["Ana"]}
    assert ben_seat.entry["rounds"]["1"] == {**ZERO_REEF, **ROUNDS[0]["Ben"]}
    status(page).to_contain_text("Saved.")

    page.get_by_role("button", name="Save, next: round 2, Ana").click()
    for number, reefs in enumerate(ROUNDS[1:], 2):
        for name in ("Ana", "Ben"):
            expect(
                page.get_by_role("heading", name=f"Round {number}: {name}'s reef")
            ).to_be_visible()
            flows.enter_reef(phone, reefs[name])
    page.get_by_role("button", name="Finish and see the result").click()
    data = {"players": ["Ana", "Ben"], "options": {"coral_penalty": "each"}, "rounds": ROUNDS}
    expected = {p["name"]: p["total"] for p in games.score_json("reef-draft", data)["players"]}
    assert expected == TOTALS
    flows.expect_result(page, ["Ana", "Ben"], expected)
    assert errors_beyond_the_network(phones) == []


# A reef as the entry screen saves it before anything is typed: every card kind at 0.
ZERO_REEF = {**dict.fromkeys(DECK, 0), "on_shark": dict(EMPTY_SHARKS)}


# --- Seagrass: events added, changed, undone; tallies typed and stepped ---------------------
def log_colony(page: Page, who: str, creatures: int) -> None:
    flows.open_event(page, "Colony")
    page.get_by_text(who, exact=True).click()
    page.fill("#id_creatures", str(creatures))
    page.get_by_role("button", name="Add to the log").click()
    expect(page.get_by_role("heading", name="Seagrass", exact=True)).to_be_visible()


def change_colony(page: Page, shown: str, creatures: int) -> None:
    page.locator("ol.log").get_by_role("link", name=shown).click()
    expect(page.get_by_role("heading", name="Change: Colony")).to_be_visible()
    page.fill("#id_creatures", str(creatures))
    page.get_by_role("button", name="Save the change").click()
    expect(page.get_by_role("heading", name="Seagrass", exact=True)).to_be_visible()


def waiting_rows(page: Page, state: str) -> Any:
    return expect(page.locator(f'ol.log li[data-waiting="{state}"]'))


def test_seagrass_logged_offline(phones: Phones) -> None:
    phone = phones.open("host")
    page = phone.page
    play = start(phone, "Seagrass", "Ana", "Ben")
    online = [("Ana", 2), ("Ben", 3), ("Ana", 4), ("Ben", 5), ("Ana", 6), ("Ben", 7)]
    for who, creatures in online:
        log_colony(page, who, creatures)
    expect(page.locator("ol.log > li")).to_have_count(len(online))
    hub = page.evaluate("location.pathname")
    tallies = [f"/plays/{play.uuid}/players/{n}/tally/" for n in (0, 1)]
    edits = [f"/plays/{play.uuid}/events/{seq}/" for seq in range(1, 7)]
    kept_for_offline(page, *tallies, *edits)
    logged_online = applied(play)

    phone.context.set_offline(True)
    for who, creatures in online[:5]:
        change_colony(page, f"{who}: colony of {creatures} creatures", creatures + 1)
    page.get_by_role("button", name="Undo last: Ben: colony of 7 creatures").click()
    page.get_by_role("button", name="Undo last: Ana: colony of 6 creatures").click()
    waiting_rows(page, "undone").to_have_count(2)
    added = [("Ben", 2), ("Ana", 3), ("Ben", 4), ("Ana", 5), ("Ben", 6)]
    for who, creatures in added:
        log_colony(page, who, creatures)
    waiting_rows(page, "added").to_have_count(5)
    page.get_by_role("button", name="Undo last: Colony (not sent yet)").click()  # never sent
    waiting_rows(page, "added").to_have_count(4)

    page.locator(".chips").get_by_role("link", name="Ana").click()
    expect(page.get_by_role("heading", name="Ana: final tally")).to_be_visible()
    edit(page, "#id_unplayed_tiles", "3")
    step(page, "unplayed_tiles", -1)
    page.get_by_role("button", name="Save, next: Ben").click()
    expect(page.get_by_role("heading", name="Ben: final tally")).to_be_visible()
    edit(page, "#id_unplayed_tiles", "5")
    page.get_by_role("button", name="Save and back").click()
    expect(page.get_by_role("heading", name="Seagrass", exact=True)).to_be_visible()
    made = waiting(page)
    assert len(made) == 5 + 2 + 4 + 5

    page.reload()  # the log from the worker's cache, what waits drawn on it
    expect(page).to_have_url(re.compile(re.escape(hub) + "$"))
    status(page).to_contain_text(f"{len(made)} changes waiting")
    waiting_rows(page, "changed").to_have_count(4)  # the fifth changed is undone too
    waiting_rows(page, "undone").to_have_count(2)
    waiting_rows(page, "added").to_have_count(4)
    expect(page.locator(".unconfirmed .seats")).to_be_visible()
    phone.shot("seagrass-reloaded-offline")
    assert applied(play) == logged_online

    back_online(phone)
    assert applied(play) == logged_online + made
    events = [(e.data["player"], e.data["creatures"]) for e in play.events.order_by("seq")]
    changed = [(who, creatures + 1) for who, creatures in online[:4]]
    assert events == changed + added[:4]
    page.reload()
    page.get_by_role("button", name="Finish and see the result").click()
    data = {
        "players": ["Ana", "Ben"],
        "entry": "log",
        "events": [{"type": "colony", "player": w, "creatures": c} for w, c in events],
        "final": {"Ana": {"unplayed_tiles": 2}, "Ben": {"unplayed_tiles": 5}},
    }
    expected = {p["name"]: p["total"] for p in games.score_json("seagrass", data)["players"]}
    flows.expect_result(page, ["Ana", "Ben"], expected)
    assert errors_beyond_the_network(phones) == []


# --- Coral Stations: each player's numbers, typed and stepped -----------------------------
def typed(page: Page, label: str, value: str) -> None:
    one_change(page, lambda: count(page, label).fill(value))


def tapped(page: Page, name: str) -> None:
    one_change(page, page.get_by_role("button", name=name, exact=True).click)


def test_coral_stations_counted_offline(phones: Phones) -> None:
    phone = phones.open("host")
    page = phone.page

    def counts_mode(page: Page) -> None:
        page.get_by_role(
            "radio", name="Final counts: type each player's numbers at the end"
        ).check()

    play = start(phone, "Coral Stations", "Ana", "Ben", choose=counts_mode)
    hub = page.evaluate("location.pathname")
    page.locator(".chips").get_by_role("link", name="Ana").click()
    expect(page.get_by_role("heading", name="Ana: numbers at the end")).to_be_visible()
    kept_for_offline(page, hub, f"/plays/{play.uuid}/players/1/tally/")

    phone.context.set_offline(True)
    # 31 + reef (4 tiles + 1 clownfish) + 2 shells + shoals 3 and 2 = 43
    for label, value in [
        ("Points scored during play", "13"),
        ("Points scored during play", "31"),
        ("Reef 1: coral tiles", "4"),
        ("Shell tiles", "3"),
        ("Shell tiles", "2"),
    ]:
        typed(page, label, value)
    for name in ["One more: Reef 1: clownfish"] * 2 + ["One fewer: Reef 1: clownfish"]:
        tapped(page, name)
    tapped(page, "One more: Reef 2: coral tiles")
    tapped(page, "One fewer: Reef 2: coral tiles")
    one_change(page, lambda: page.get_by_label("Shoal tiles").fill("3 2"))
    status(page).to_contain_text("11 changes waiting")

    page.reload()
    expect(count(page, "Points scored during play")).to_have_value("31")
    expect(count(page, "Reef 1: clownfish")).to_have_value("1")
    expect(page.get_by_label("Shoal tiles")).to_have_value("3 2")
    page.get_by_role("button", name="Save, next: Ben").click()
    expect(page.get_by_role("heading", name="Ben: numbers at the end")).to_be_visible()
    typed(page, "Points scored during play", "38")
    typed(page, "Shell tiles", "1")
    page.get_by_role("button", name="Save and back").click()
    expect(page.get_by_role("heading", name="Coral Stations", exact=True)).to_be_visible()
    expect(page.locator(".unconfirmed .seats")).to_be_visible()
    status(page).to_contain_text("15 changes waiting")
    phone.shot("coral-stations-offline")
    made = waiting(page)

    back_online(phone)
    assert applied(play) == made
    page.reload()
    page.get_by_role("button", name="Finish and see the result").click()
    ana = {"points": 31, "open_reefs": [{"tiles": 4, "clownfish": 1}], "shell_tiles": 2}
    data = {
        "players": ["Ana", "Ben"],
        "entry": "counts",
        "counts": {
            "Ana": {**ana, "shoal_tiles": [3, 2]},
            "Ben": {"points": 38, "open_reefs": [], "shell_tiles": 1, "shoal_tiles": []},
        },
    }
    expected = {p["name"]: p["total"] for p in games.score_json("coral-stations", data)["players"]}
    assert expected == {"Ana": 43, "Ben": 39}
    flows.expect_result(page, ["Ana", "Ben"], expected)
    assert errors_beyond_the_network(phones) == []


# --- Shallow Sea: tiles and fish tapped on the board, seashells counted ----------------------
OFFLINE_TILES = {
    "R3C4": ("Red", "9", "Red"),
    "R2C5": ("Green", "7", "Purple"),
    "R1C4": ("Yellow", "5", "Yellow"),
    "R2C3": ("Purple", "7", "Green"),
    "R1C2": ("Red", "5", "Yellow"),
}
OFFLINE_FISH = {
    "R1C4:bottom": "Yellow",
    "R1C2:right": "Red",
    "R2C3:bottom": "Green",
    "R2C5:bottom": "Purple",
    "R1C4:top": "Red",
}


def kept_on_the_phone(page: Page) -> None:
    expect(page.locator("#editor")).to_contain_text("kept on this phone")


def test_shallow_sea_board_tapped_offline(phones: Phones) -> None:
    flows.accounts_in_a_group("Ana", "Ben")
    phone = phones.open("ana")
    page = phone.page
    flows.log_in(phone, "Ana")
    flows.start_shallow_sea(phone, ["Ana", "Ben"], mode="Standard", achievement="Standard rules")
    page.get_by_role("button", name="Start scoring").last.click()
    expect(page.get_by_role("heading", name="Shallow Sea", exact=True)).to_be_visible()
    play = Play.objects.latest("created")
    page.locator(".seats").get_by_role("link", name=re.compile("^Ana")).click()
    expect(page.get_by_role("heading", name="Ana's ocean")).to_be_visible()
    ocean = page.evaluate("location.pathname")
    kept_for_offline(
        page, f"{ocean}?tap=fish", f"{ocean}offline-forms/", f"/plays/{play.uuid}/players/1/ocean/"
    )

    phone.context.set_offline(True)
    for at, (color, vp, fish) in OFFLINE_TILES.items():
        # The form comes from the page itself, and saves itself at the fish.
        flows.put_coral(page, at, color, int(vp), fish)
        kept_on_the_phone(page)
        expect(flows.space(page, at)).to_have_class(re.compile(r"\bpending\b"))
        expect(flows.space(page, at).locator("text.big")).to_have_text(vp)
    phone.shot("shallow-sea-tiles-offline", full_page=False)

    flows.tap_fish(page)  # the kept fish screen
    expect(page).to_have_url(re.compile(r"\?tap=fish$"))
    expect(page.locator('svg.ocean .space[data-place="R3C4"]')).to_have_class(re.compile("pending"))
    for at, color in OFFLINE_FISH.items():
        flows.bubble(page, at).click()
        expect(page.locator("#editor.open")).to_contain_text(at.split(":")[0])
        page.locator("#editor").get_by_text(color, exact=True).click()
        kept_on_the_phone(page)
        expect(flows.bubble(page, at).locator("circle")).to_have_class(f"fish c-{color.lower()}")
    for _ in range(5):
        step(page, "seashells", 1)
    made = waiting(page)
    assert len(made) == 15

    page.reload()
    status(page).to_contain_text("15 changes waiting")
    expect(page.locator("#id_seashells")).to_have_value("5")
    for at, color in OFFLINE_FISH.items():
        expect(flows.bubble(page, at)).to_have_class(re.compile(r"\bpending\b"))
        expect(flows.bubble(page, at).locator("circle")).to_have_class(f"fish c-{color.lower()}")
    phone.shot("shallow-sea-fish-reloaded-offline", full_page=False)

    back_online(phone)
    assert applied(play) == made
    ana = play.ordered_results()[0]
    tiles = ana.entry["board"]["tiles"]
    assert {at: (t["color"], str(t["vp"]), t["fish"]) for at, t in tiles.items()} == {
        at: (color.lower(), vp, fish.lower()) for at, (color, vp, fish) in OFFLINE_TILES.items()
    }
    expect(page.locator("svg.ocean .pending")).to_have_count(0)

    page.get_by_role("button", name="Next: Ben's ocean").click()
    expect(page.get_by_role("heading", name="Ben's ocean")).to_be_visible()
    flows.coral(phone, "R1C2", "yellow", 5, "yellow")
    flows.seashells(phone, 1)
    page.get_by_role("button", name="Done: back to the table").click()
    page.get_by_role("button", name="Finish and see the result").click()
    play.refresh_from_db()
    expected = {
        p["name"]: p["total"] for p in games.score_json("shallow-sea", play.game_input())["players"]
    }
    flows.expect_result(page, ["Ana", "Ben"], expected)
    assert errors_beyond_the_network(phones) == []


FIRST_GAME = {
    "orange": [1],
    "blue": [2],
    "sealife": ["A1", "A4", "B1", "C2", "C4", "D1", "D4", "E1", "E4", "F2"],
}


def test_the_fish_tab_opened_offline_shows_the_ocean_as_saved(phones: Phones) -> None:
    """Issue 26: two tiles saved online, then the Incomplete Fish tab opened offline showed
    the copy the worker kept when the board first loaded ("0 tiles · 22 empty"). Once a
    save is answered the page asks the worker for every view of its screen again, the
    Incomplete Fish tab before the screen itself."""
    phone = phones.open("host", scheme="light")
    page = phone.page
    play = start_play(
        game="shallow-sea",
        names=["Mira", "Jonas"],
        options={"setup": FIRST_GAME, "achievement": None, "entry": "board"},
        group=None,
        user=AnonymousUser(),
    )
    flows.host_on(page, play)
    kept_for_offline(page)  # the worker in control before the board loads
    ocean = f"/plays/{play.uuid}/players/0/ocean/"
    page.goto(ocean)
    kept_for_offline(page, f"{ocean}?tap=fish", f"{ocean}offline-forms/")
    for at, (color, vp, fish) in list(OFFLINE_TILES.items())[:2]:
        flows.put_coral(page, at, color, int(vp), fish)
        expect(page.locator("#editor")).to_contain_text(f"Saved {at}")
    expect(page.locator("#board-status")).to_contain_text("2 tiles · 20 empty · 0 fish")
    # The screen's own copy taken again (the last the page asks for) says so too.
    until(
        page,
        "(url) => caches.match(url).then((kept) => kept && kept.text()).then("
        "(html) => !!html && html.includes('2 tiles · 20 empty'))",
        ocean,
        timeout_ms=WORKER_READY_MS,
    )

    phone.context.set_offline(True)
    flows.tap_fish(page)  # the worker's copy of the fish tab
    expect(page).to_have_url(re.compile(r"\?tap=fish$"))
    expect(page.locator("#board-status")).to_contain_text("2 tiles · 20 empty · 0 fish")
    for at, (color, vp, _) in list(OFFLINE_TILES.items())[:2]:
        drawn = page.locator(f'svg.ocean .space[data-place="{at}"]')
        expect(drawn).to_have_class(re.compile(rf"\bc-{color.lower()}\b"))
        expect(drawn.locator("text.big")).to_have_text(vp)
    expect(page.locator("svg.ocean .pending")).to_have_count(0)  # nothing was kept waiting
    phone.shot("shallow-sea-fish-tab-offline", full_page=False, check=False)
    assert errors_beyond_the_network(phones) == []


# --- An answer lost, a change met, a slow network ------------------------------------------
def test_a_change_whose_answer_was_lost_is_applied_once(phones: Phones) -> None:
    phone = phones.open("host")
    page = phone.page
    play = start(phone, "Seagrass", "Ana", "Ben")
    sent: list[str] = []

    def first_answer_lost(route: Route) -> None:
        change = route.request.headers.get("x-change-id")
        if change is None:  # the form's preview of the points
            route.continue_()
            return
        sent.append(change)
        if len(sent) > 1:
            route.continue_()
            return
        route.fetch()  # the server applies it...
        route.abort("connectionreset")  # ...and its answer never reaches the phone

    page.route(re.compile(r"/events/new/colony/$"), first_answer_lost)
    flows.open_event(page, "Colony")
    page.get_by_text("Ben", exact=True).click()
    page.fill("#id_creatures", "5")
    page.get_by_role("button", name="Add to the log").click()
    # Kept, the phone goes on to the log, and sends the change again from there.
    expect(page.get_by_role("heading", name="Seagrass", exact=True)).to_be_visible()
    until(page, "() => " + KEPT_CHANGES + ".then((all) => all.length === 0)", timeout_ms=SENT_MS)
    page.reload()
    expect(page.locator("ol.log > li")).to_have_count(1)
    # The outbox let the change go only on an answer, and the first was lost: it went
    # again (from the page or the worker) and was answered, and is applied once.
    assert [e.data for e in play.events.all()] == [
        {"type": "colony", "player": "Ben", "creatures": 5}
    ]
    assert applied(play) == sent
    assert errors_beyond_the_network(phones) == []


def test_a_change_that_meets_another_phones_on_replay_is_shown(phones: Phones) -> None:
    host = phones.open("host")
    play = start(host, "Reef Draft", "Ana", "Ben")
    reef = f"/plays/{play.uuid}/rounds/1/players/0/"
    host.page.goto(reef)
    kept_for_offline(host.page)
    host.context.set_offline(True)
    edit(host.page, "#id_jellies", "4")

    other = phones.open("other")  # the host's second phone
    flows.host_on(other.page, play)
    other.page.goto(reef)
    other.page.fill("#id_jellies", "6")
    expect(other.page.locator("#reef-live")).to_contain_text("6 of 10 cards")

    back_online(host)
    # Told where the player is: in the form the answer swapped in, when this page sent
    # the change, or in the outbox's line, when the service worker's background sync did.
    said = host.page.get_by_role("main")
    expect(said).to_contain_text("Someone else saved")
    expect(said).to_contain_text("Saved now: 6 jellies")
    expect(said).to_contain_text("Yours: 4 jellies")
    host.shot("conflict-on-replay")
    assert play.ordered_results()[0].entry["rounds"]["1"]["jellies"] == 6  # not overwritten
    assert errors_beyond_the_network(phones) == []


def slow_network(page: Page, *, latency_ms: int) -> None:
    """Every request of this phone ``latency_ms`` late, as DevTools slows a network. Not a
    Playwright route holding each request: those run one after another, so requests
    queued behind each other's delays (one form waited over 15 s on a busy machine), and
    one still held when a test ends fails the next."""
    network = page.context.new_cdp_session(page)
    network.send("Network.enable")
    slow = {"latency": latency_ms, "downloadThroughput": -1, "uploadThroughput": -1}
    network.send("Network.emulateNetworkConditions", {"offline": False, **slow})


def at_anas_ocean(phones: Phones) -> tuple[Page, Play]:
    """Ana, signed in to her group, starts a Shallow Sea game and opens her ocean."""
    flows.accounts_in_a_group("Ana")
    phone = phones.open("ana")
    page = phone.page
    flows.log_in(phone, "Ana")
    flows.start_shallow_sea(phone, ["Ana", "Ben"], mode="Standard", achievement="Standard rules")
    page.get_by_role("button", name="Start scoring").last.click()
    page.locator(".seats").get_by_role("link", name=re.compile("^Ana")).click()
    expect(page.get_by_role("heading", name="Ana's ocean")).to_be_visible()
    # Its scripts run before the network is slowed: a tap before htmx has taken the form
    # over changes the count and sends nothing.
    flows.settled(page)
    play = Play.objects.latest("created")
    return page, play


def test_on_a_slow_network_every_tap_shows_and_none_is_dropped(phones: Phones) -> None:
    page, play = at_anas_ocean(phones)
    slow_network(page, latency_ms=1500)
    plus = page.get_by_role("button", name="One more: Seashells left")
    plus.click()
    expect(page.locator("form.extras")).to_have_attribute("aria-busy", "")  # on its way
    plus.click()  # a second tap while the first is in flight
    expect(page.locator("#id_seashells")).to_have_value("2")
    status(page).to_contain_text("Sending…")
    until(page, "() => " + KEPT_CHANGES + ".then((all) => all.length === 0)", timeout_ms=SENT_MS)
    assert play.ordered_results()[0].entry["board"]["seashells"] == 2

    flows.space(page, "R3C4").click()
    flows.space(page, "R2C5").click()  # before the first space's form came
    expect(page.locator("#editor.open h2")).to_have_text(re.compile("R2C5"), timeout=10_000)
    assert errors_beyond_the_network(phones) == []


def test_on_a_slow_network_twenty_spaces_tapped_in_a_row_all_open_and_save(
    phones: Phones,
) -> None:
    """Every request 2.5 s late: each space is tapped while the previous space's save is
    still on its way, and each one's form opens (the save's answer, arriving after, closes
    only its own form and opens no other) and is saved. The phone's own network is slowed
    (slow_network)."""
    page, play = at_anas_ocean(phones)
    slow_network(page, latency_ms=2500)
    spaces = SPACES[:20]
    for at in spaces:
        flows.space(page, at).click()
        # The sheet still open takes no taps while the tapped space's form is on its way:
        # they would land on the space the player has left.
        expect(page.locator("#editor")).to_have_class(re.compile(r"\bleaving\b"))
        expect(page.locator("#editor.open h2")).to_contain_text(at, timeout=15_000)
        expect(page.locator("#editor input[name=completed]").first).to_be_focused()
        # Nothing left to choose: it saves itself.
        page.locator("#editor").get_by_text("A coral not yet completed", exact=True).click()
    until(page, "() => " + KEPT_CHANGES + ".then((all) => all.length === 0)", timeout_ms=90_000)
    tiles = play.ordered_results()[0].entry["board"]["tiles"]
    assert sorted(tiles) == sorted(spaces)
    assert all(tile == {"kind": "coral", "completed": False} for tile in tiles.values())
    expect(page.locator("#board-status")).to_contain_text("20 tiles")
    assert errors_beyond_the_network(phones) == []


def test_a_change_refused_on_replay_is_shown_where_the_player_is(phones: Phones) -> None:
    phone = phones.open("host")
    page = phone.page
    play = start(phone, "Reef Draft", "Ana", "Ben")
    page.goto(f"/plays/{play.uuid}/rounds/1/players/0/")
    kept_for_offline(page, f"/plays/{play.uuid}/rounds/1/players/1/")
    phone.context.set_offline(True)
    edit(page, "#id_jellies", "40")  # more than the deck holds
    page.get_by_role("button", name="Save, next: Ben").click()
    expect(page.get_by_role("heading", name="Round 1: Ben's reef")).to_be_visible()

    back_online(phone)
    refused = page.locator("#outbox .note-line").first
    expect(refused).to_contain_text("Not saved: Ana's round 1 reef was refused.")
    expect(refused).to_contain_text("Jellies: at most 14.")
    expect(refused.get_by_role("link", name="Open it")).to_have_attribute(
        "href", f"/plays/{play.uuid}/rounds/1/players/0/"
    )
    phone.shot("refused-on-replay")
    assert play.ordered_results()[0].entry.get("rounds", {}).get("1", {}).get("jellies", 0) == 0
    assert errors_beyond_the_network(phones) == []


def test_the_offline_page_speaks_the_language_chosen_in_the_menu(phones: Phones) -> None:
    """The phone's browser reads English; its reader chose German in the menu: a page
    the phone never kept is the offline page in German (the worker keeps one in each
    language and shows the one the reader's pages came in)."""
    phone = phones.open("reader")
    page = phone.page
    page.goto("/")
    page.locator(".language-menu summary").click()
    page.get_by_role("button", name="Deutsch").click()
    until(page, "() => navigator.serviceWorker.getRegistration().then((r) => !!r?.active)")
    page.reload()  # a page the worker answers, in German
    expect(page.locator("html")).to_have_attribute("lang", "de")
    kept_for_offline(page, "/offline/?language=de", "/offline/?language=fr")

    phone.context.set_offline(True)
    page.goto("/accounts/signup/")
    expect(page.get_by_role("heading", name="Dieses Handy ist offline", exact=True)).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    phone.context.set_offline(False)
