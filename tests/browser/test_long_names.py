"""Sixty-character names with emoji on every screen a phone reaches, at 390 px: the page
is never wider than the phone and nothing sticks out on its right. Names ellipsize in
chips, cards and tables, and wrap in headings and sentences. The screens are read in
English, German and French (German words are long), and a German or French screen
shows no English but names (tests/english_left.py): the language sweep of
docs/languages.md.

The screens come from the site itself, as the security sweep (tests/test_security.py)
finds them: every named URL, reached with the samples each game's pad gives for its
plays (one in progress, one finished), every seat's own screen, and what a form that
only posts lands on. A URL added to the site or to a game is swept too, or is listed
here with the reason it draws no screen. Then what only a phone's taps reach: taking a
seat by the table's code, asking for one, and the new-play forms filled in.

Every screen leaves a screenshot in test-artifacts/ (long_names-<test>-<nn>-<what>.png).
"""

from __future__ import annotations

from collections import defaultdict
from contextlib import suppress
from dataclasses import dataclass
from datetime import date
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.tokens import default_token_generator
from django.test import Client
from django.urls import resolve, reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from playwright.sync_api import Browser, Page, expect

from games import GAMES
from scorepad.management.commands.seed_bench import renamed
from scorepad.models import (
    ClaimLink,
    Invite,
    Play,
    RemovedMember,
    attach_photo,
    create_group,
    play_from_input,
    use_claim_link,
)
from scorepad.models.table import ensure_join_code
from scorepad.pads import Pad, all_pads, get_pad
from scorepad.result_page import line_key
from tests.browser.conftest import PHONE, TIMEOUT_MS, artifact_path
from tests.english_left import english_left
from tests.test_photos import BOARD_PHOTO
from tests.test_security import INVITATIONS, url_patterns

# What these check is in the browser: SQLite's pass runs them, PostgreSQL's leaves them
# out (tests/conftest.py); the table's phones (test_table, test_flows) run on both.
pytestmark = pytest.mark.one_database

WIDTH = PHONE["viewport"]["width"]

# As long as a seat's name may be (Player.name holds 60), with emoji; the second has
# nowhere to wrap, as a nickname may not.
SEATED = [
    "🐙 Bartholomew Fitzgerald-Oyelaran the 3rd of Lower Wallop 🦑🦑",
    "🦑SquidLord_Bartholomew_Fitzgerald_Oyelaran_of_Lower_Wallop🐙🐙",
    "🐢 Anastasia Wilhelmina Papadopoulou-Nakamura of Upper Toot 🐚",
    "🦈 Maximilian Octavius Featherstonehaugh-Okonkwo, the Younger",
    "🐡 Persephone Guinevere Vandersloot-Adeyemi of Little Snoring",
]
UNSEATED = "🐚 Wilhelmina Anastasia Nakamura-Papadopoulou of Lower Toot 🐢"
ASKED_FOR = "🦀 Konstantinos Featherstone-Oyelaran of Upper Wallop-on-Sea🐙"
ASKER = "konstantinos_bartholomew_featherstone.oyelaran.of.upper.wall"
GROUP = "🌊 The Thursday Night Deep-Sea Divers and Tide-Pool Explorers"
OTHER_GROUP = "🐠 The Sunday Afternoon Rock-Pool Rummagers & Snorkel Society"
# Usernames take neither spaces nor emoji: unbroken words as long as the names.
OWNER = "bartholomew_fitzgerald_oyelaran.the.third.of.lower.wallop.42"
MEMBER = "anastasia_wilhelmina_papadopoulou.nakamura.of.upper.toot.007"
STRANGER = "maximilian_octavius_featherstonehaugh.okonkwo.the.younger.99"
REMOVED = "persephone_guinevere_vandersloot.adeyemi.of.little.snoring.1"
PASSWORD = "pw-for-tests-123"
LONG = [*SEATED, UNSEATED, ASKED_FOR, ASKER, GROUP, OTHER_GROUP, OWNER, MEMBER, STRANGER, REMOVED]
assert all(len(name) == 60 for name in LONG), [len(name) for name in LONG]

# Named URLs that draw no screen of their own, and why.
NOT_SCREENS = {
    "table": "the one-line table that every entry screen loads into its table bar",
    "shallow_sea_offline_forms": "the ocean's sheet forms, kept for when it is offline",
    "export_csv": "a file to download",
    "export_json": "a file to download",
    "export_bgstats": "a file to download",
    "api_score": "JSON for programs",
    "api_reef_award": "JSON for programs",
    "healthz": "for the load balancer",
    "manifest": "the installable app's manifest",
    "service_worker": "the offline script",
    "favicon": "an icon",
    "photo_image": "the board's photo",
    "photo_thumbnail": "the board's photo, small",
    "result_card": "a result's card to share, a picture",
    "group_review_card": "a year's card to share, a picture",
    "player_review_card": "a year's card to share, a picture",
}
# Opened by a phone from outside the group: an invitation, a claim link, a table's code.
OUTSIDERS = INVITATIONS | {"join_code"}
SCREENS = sorted({p.name for p in url_patterns() if p.name} - set(NOT_SCREENS))


@dataclass(frozen=True)
class Visit:
    url: str
    what: str  # for the screenshot's name: the game and the play's state
    posted: dict[str, Any]  # what the URL's form sends, where it takes only a POST


@dataclass
class World:
    owner: Any
    plays: list[Play]
    visits: dict[str, dict[str, Visit]]  # by URL name, then by URL: each URL seen once


def long_named(pad: Pad) -> dict[str, Any]:
    """The pad's worked example with the long names in its seats, the owner's first."""
    example = pad.codec.example_input()
    names = SEATED[: len(example["players"])]
    # renamed() changes names where they are keys or "player" values, not the list.
    return {**renamed(example, dict(zip(example["players"], names, strict=True))), "players": names}


def solo(data: dict[str, Any]) -> dict[str, Any] | None:
    """A game of oceans played alone (for the solo ladder): the first seat's ocean."""
    if "boards" not in data:
        return None
    first = data["players"][0]
    board = {"lionfish": 0, **data["boards"][first]}
    return {**data, "mode": "solo", "players": [first], "boards": {first: board}}


def what(play: Play) -> str:
    state = "finished" if play.is_finished else "in-progress"
    return f"{play.game}-{play.mode}-{state}"


def build_world() -> World:
    """Accounts, groups and players with long names, and plays of every game: in
    progress, finished (Shallow Sea's in achievement mode) and, where a game is played
    alone, solo; for each URL name, every URL of it that reaches them."""
    accounts = get_user_model().objects
    owner, member = (accounts.create_user(name, password=PASSWORD) for name in (OWNER, MEMBER))
    group = create_group(GROUP, owner)
    create_group(OTHER_GROUP, owner)
    group.join(member)
    group.players.filter(user=owner).update(name=SEATED[0])
    unseated = group.players.create(name=UNSEATED)
    invite = Invite.objects.create(group=group, created_by=owner)
    # Someone outside the group claimed a guest and waits for the owner's yes.
    asking = group.players.create(name=ASKED_FOR)
    use_claim_link(asking.claim_link_by(owner), accounts.create_user(ASKER, password=PASSWORD))
    waiting = ClaimLink.objects.of_group(group).waiting().get()
    plays: list[Play] = []
    for pad in all_pads():
        data = long_named(pad)
        in_progress = pad.codec.in_progress(data) if pad.codec.in_progress else data
        finished = {**data, "achievement": {"kind": "standard"}} if "boards" in data else data
        plays.append(play_from_input(pad.slug, in_progress, group=group, user=owner))
        plays.append(play_from_input(pad.slug, finished, group=group, user=owner, finish=True))
        if alone := solo(data):
            plays.append(play_from_input(pad.slug, alone, group=group, user=owner, finish=True))

    visits: dict[str, dict[str, Visit]] = defaultdict(dict)

    def add(url: str, label: str, posted: dict[str, Any] | None = None) -> None:
        name = resolve(url.partition("?")[0]).url_name
        assert name is not None, url
        visits[name][url] = Visit(url, label, posted or {})

    posted = {"group": group.pk, "action": "close"}
    for play in plays:
        add(reverse("play", args=[play.uuid]), what(play))
        add(reverse("table", args=[play.uuid]), what(play))
        if play.is_finished:  # until then, its result is its table
            add(reverse("result", args=[play.uuid]), what(play))
            # Each line of the first seat's sheet explained: the games' own sentences.
            first_seat = play.final_sheet(play.state(play.ordered_results())).players[0]
            for explained in first_seat.explain:
                line = f"?line={line_key(explained)}&player=0"
                add(reverse("result", args=[play.uuid]) + line, f"{what(play)}-{explained.line}")
        for sample in get_pad(play.game).sample_urls(play):
            add(reverse(sample.url_name, kwargs=dict(sample.kwargs)), what(play), dict(sample.data))
        if play.is_finished:
            attach_photo(play, BOARD_PHOTO, owner)
            add(reverse("play_photo", args=[play.uuid]), what(play))
            add(reverse("photo_image", args=[play.uuid]), what(play))
            add(reverse("photo_thumbnail", args=[play.uuid]), what(play))
            add(reverse("result_card", args=[play.uuid]), what(play))
            continue
        # Where the table's own forms land (the table, the result, the group): the same
        # screens for a finished play, so once a game.
        for form in ("table_action", "finish", "save_play", "void_play", "restore_play"):
            add(reverse(form, args=[play.uuid]), what(play), posted)
        for result in play.ordered_results():
            add(
                get_pad(play.game).seat_url(play, result),
                f"{what(play)}-seat-{result.position + 1}",
            )
        add(reverse("join_play", args=[ensure_join_code(play)]), what(play))
    for pad in all_pads():
        add(reverse("new_play", args=[pad.slug]), pad.slug)
        add(reverse("api_score", args=[pad.slug]), pad.slug)
    guest = group.players.get(name=SEATED[2])
    add(reverse("join", args=[invite.token]), "invite")
    claim_link = guest.claim_link_by(owner)
    add(reverse("claim", args=[claim_link.token]), "claim")
    # The guest merged into another goes with its link: revoke that other one's.
    kept_link = unseated.claim_link_by(owner)
    add(reverse("revoke_claim_link", args=[group.pk, kept_link.pk]), "claim")
    add(reverse("let_in", args=[group.pk, waiting.pk]), "asking")
    # A member the owner removed asks to come back (their name is an account's: no emoji).
    removed = accounts.create_user(REMOVED, password=PASSWORD)
    group.join(removed)
    group.remove_member(removed, by=owner)
    with suppress(RemovedMember):
        group.join(removed)
    for answer in ("let_back_in", "turn_down"):
        add(reverse(answer, args=[group.pk, removed.pk]), "asking-back")
    # A guest play's host link opens its table.
    first = all_pads()[0]
    hosted = play_from_input(first.slug, long_named(first), group=None, user=AnonymousUser())
    add(reverse("host_play", args=[hosted.uuid, hosted.host_key]), "guest")
    reset = {"uidb64": urlsafe_base64_encode(force_bytes(owner.pk))}
    reset["token"] = default_token_generator.make_token(owner)
    add(reverse("password_reset_confirm", kwargs=reset), "reset")
    # The shared site's own URLs: the group, its people, a guest, its join link.
    known = {"group_id": group.pk, "player_id": guest.pk, "invite_id": invite.pk}
    known |= {"user_id": member.pk, "year": date.today().year}
    for pattern in url_patterns():
        params = set(pattern.pattern.converters)
        if pattern.name not in visits and params <= set(known):
            url = reverse(pattern.name or "", kwargs={p: known[p] for p in params})
            add(url, "site", {"into": unseated.pk, "name": GROUP})
    return World(owner, plays, visits)


def signed_in(page: Page, account: Any, base_url: str) -> None:
    """The phone holds the account's session, as after logging in."""
    client = Client()
    client.force_login(account)
    session = client.cookies["sessionid"].value
    page.context.add_cookies([{"name": "sessionid", "value": session, "url": base_url}])


def takes_only_posts(page: Page, url: str) -> bool:
    return page.request.get(url, max_redirects=0).status == 405


def open_screen(page: Page, visit: Visit, *, post: bool) -> int:
    """Open the URL as a phone does: follow it, or send the form that posts to it; the
    status of the screen it lands on."""
    if not post:
        response = page.goto(visit.url)
        assert response is not None
        return response.status
    cookies = {c["name"]: c["value"] for c in page.context.cookies()}
    fields = {**visit.posted, "csrfmiddlewaretoken": cookies["csrftoken"]}
    with page.expect_navigation() as landed:
        page.evaluate(
            """([url, fields]) => {
                const form = document.createElement("form");
                form.method = "post";
                form.action = url;
                for (const [name, value] of Object.entries(fields)) {
                    const input = document.createElement("input");
                    input.type = "hidden";
                    input.name = name;
                    input.value = String(value);
                    form.append(input);
                }
                document.body.append(form);
                form.submit();
            }""",
            [visit.url, fields],
        )
    response = landed.value
    assert response is not None
    return response.status


# Each element's and each text's right edge, cut where an ancestor clips it (as an
# ellipsis clips its own text). A region that scrolls sideways clips nothing here: a
# name that makes a table scroll sticks out as much as one that widens the page. Only
# the outermost of what sticks out is told: the table, not each of its cells.
STICKING_OUT = """(width) => {
    const describe = (el) => {
        const text = (el.innerText || el.textContent || "").trim().replace(/\\s+/g, " ");
        const cls = typeof el.className === "string" ? el.className.trim() : "";
        const name = el.tagName.toLowerCase() + (cls ? "." + cls.split(/\\s+/).join(".") : "");
        return `${name} "${text.slice(0, 40)}"`;
    };
    const beyond = (el, box, clipsItself) => {
        if (!box.width || !box.height || box.right <= width + 0.5) return 0;
        let right = box.right;
        for (let up = el; up && up !== document.body; up = up.parentElement) {
            const style = getComputedStyle(up);
            const clips = style.overflowX === "hidden" || style.overflowX === "clip";
            if (clips && (up !== el || clipsItself)) {
                right = Math.min(right, up.getBoundingClientRect().right);
            }
            if (style.position === "fixed") break;
        }
        return Math.ceil(right - width - 0.5);
    };
    const found = new Map();
    for (const el of document.body.querySelectorAll("*")) {
        const by = beyond(el, el.getBoundingClientRect(), false);
        if (by > 0) found.set(el, by);
    }
    const out = [];
    for (const [el, by] of found) {
        if (!found.has(el.parentElement)) out.push(`${describe(el)} by ${by} px`);
    }
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let text = texts.nextNode(); text; text = texts.nextNode()) {
        const el = text.parentElement;
        if (!text.data.trim() || found.has(el)) continue;
        const range = document.createRange();
        range.selectNodeContents(text);
        const by = beyond(el, range.getBoundingClientRect(), true);
        if (by > 0) out.push(`the text of ${describe(el)} by ${by} px`);
    }
    return out;
}"""


# The games only the tests declare (tests/fake_rounds_game, tests/test_seam) have no
# catalogue: their screens are not read for English, and their words are names elsewhere.
UNTRANSLATED_GAMES = {pad.slug for pad in all_pads()} - set(GAMES)
UNTRANSLATED_WORDS = [
    word
    for pad in all_pads()
    if pad.slug in UNTRANSLATED_GAMES
    for info in [pad.codec.info]
    for word in [info.name, *(item.label for item in (*info.categories, *info.tiebreaks))]
]


# Everything a person sees or hears on a screen: its text (visually hidden text too)
# and the words its attributes show or say.
SHOWN_WORDS = """() => [
    document.title,
    document.body.innerText,
    ...[...document.querySelectorAll("[title], [aria-label], [placeholder], [alt]")].flatMap(
        (el) => ["title", "aria-label", "placeholder", "alt"].map((a) => el.getAttribute(a) || ""),
    ),
].join("\\n")"""


class Sweep:
    """Screens, each screenshotted, and what did not fit on them; read in a language
    other than English, what English is left on them."""

    def __init__(self, request: pytest.FixtureRequest, language: str):
        self.request = request
        self.language = language.split("-")[0]
        self.shots = 0
        self.problems: list[str] = []

    def check(self, page: Page, what: str, asked: str = "") -> None:
        # What a screen loads as it opens (its table bar) is part of it.
        expect(page.locator("[hx-trigger=load]")).to_have_count(0)
        self.shots += 1
        path = artifact_path(self.request.node, f"{self.shots:02d}-{what}")
        path = path.with_name(f"long_names-{path.name}")
        # caret="initial": hiding the caret puts style="" on inputs, which the CSP refuses.
        page.screenshot(path=path, full_page=True, caret="initial", scale="css")
        width = page.evaluate("document.documentElement.scrollWidth")
        sticking_out = page.evaluate(STICKING_OUT, WIDTH)
        where = page.url if not asked or page.url.endswith(asked) else f"{asked} -> {page.url}"
        if width > WIDTH or sticking_out:
            self.problems.append(f"{where} ({what}): {width} px wide; {'; '.join(sticking_out)}")
        if self.language != "en" and not any(slug in what for slug in UNTRANSLATED_GAMES):
            shown = page.evaluate(SHOWN_WORDS)
            english = english_left(shown, self.language, [*LONG, *UNTRANSLATED_WORDS])
            if english:
                self.problems.append(f"{where} ({what}): English left: {'; '.join(english)}")


@pytest.fixture
def world(live_server: Any) -> World:
    return build_world()


@pytest.fixture
def sweep(request: pytest.FixtureRequest, reading_language: str) -> Sweep:
    return Sweep(request, reading_language)


def stranger() -> Any:
    return get_user_model().objects.create_user(STRANGER, password=PASSWORD)


def test_every_url_that_is_not_swept_draws_no_screen(client: Client, db: Any) -> None:
    world = build_world()
    client.force_login(world.owner)
    names = {p.name for p in url_patterns()}
    assert set(NOT_SCREENS) <= names
    for name in NOT_SCREENS:
        assert world.visits[name], f"nothing in the world reaches {name}"
        for url in world.visits[name]:
            response = client.get(url)
            body = response.content.decode(errors="replace")
            assert "<html" not in body and "<!doctype" not in body.lower(), (name, url)


# Forms that take away what others post to (a removed member's ask, a player, a member, a
# join link, a play, the group, the session) are sent last, in this order.
TAKING_AWAY = (
    "turn_down",  # before letting the same member back in
    "let_back_in",
    "merge_player",
    "remove_member",
    "revoke_invite",
    "revoke_claim_link",
    "void_play",
    "leave_group",
    "logout",
)


@pytest.mark.parametrize("reading_language", ["en-US", "de-DE", "fr-FR"])
def test_every_screen_fits_long_names(
    world: World,
    browser: Browser,
    page: Page,
    sweep: Sweep,
    live_server: Any,
    reading_language: str,
) -> None:
    """In English, German and French: German words are long, and a German or French
    screen shows no English but names."""
    unreached = [name for name in SCREENS if not world.visits[name]]
    assert not unreached, f"nothing in the world reaches {unreached}: give each a sample"
    outsider = browser.new_context(
        base_url=live_server.url, locale=reading_language, **PHONE
    ).new_page()
    signed_in(outsider, stranger(), live_server.url)
    signed_in(page, world.owner, live_server.url)
    forms = {name for name in SCREENS if takes_only_posts(page, next(iter(world.visits[name])))}
    # Screens first, then what forms land on: no form changes a screen before it is seen.
    order = sorted(
        SCREENS, key=lambda n: (n in forms, TAKING_AWAY.index(n) if n in TAKING_AWAY else -1)
    )
    try:
        for name in order:
            phone = outsider if name in OUTSIDERS else page
            for visit in world.visits[name].values():
                status = open_screen(phone, visit, post=name in forms)
                if status == 404:
                    sweep.problems.append(f"{visit.url} ({name}): 404, the sample reaches nothing")
                sweep.check(phone, f"{name}-{visit.what}", visit.url)
    finally:
        outsider.context.close()
    assert not sweep.problems, "\n".join(sweep.problems)


def test_phones_taking_and_asking_for_long_named_seats(
    world: World, browser: Browser, page: Page, sweep: Sweep, live_server: Any
) -> None:
    """For every game: a phone takes a seat by the table's code and a second asks the
    host for it; the seat's phone at its entry screen, at the table and refused another
    seat; the host's table with the request."""
    signed_in(page, world.owner, live_server.url)
    for play in (p for p in world.plays if not p.is_finished):
        code, (first, taken, *_) = ensure_join_code(play), play.ordered_results()
        phones = [browser.new_context(base_url=live_server.url, **PHONE) for _ in range(2)]
        try:
            seat, asking = (phone.new_page() for phone in phones)
            for phone in phones:
                phone.set_default_timeout(TIMEOUT_MS)
            seat.goto(f"/j/{code}")
            seat.get_by_role("button", name=f"I am {taken.name}").click()
            seat.wait_for_url(
                f"**{(get_pad(play.game).start_url or get_pad(play.game).seat_url)(play, taken)}"
            )
            sweep.check(seat, f"{what(play)}-own-seat")
            ocean = seat.locator("svg.ocean a")
            if ocean.count():
                ocean.first.click()
                expect(seat.locator("#editor.open")).to_be_visible()
                sweep.check(seat, f"{what(play)}-own-ocean-sheet-open")
            asking.goto(f"/j/{code}")
            asking.get_by_role("button", name="Ask the host for it").click()
            expect(asking.get_by_role("status").last).to_contain_text(taken.name)
            sweep.check(asking, f"{what(play)}-asking")
            seat.goto(play.get_absolute_url())
            sweep.check(seat, f"{what(play)}-seat-at-the-table")
            seat.goto(get_pad(play.game).seat_url(play, first))
            sweep.check(seat, f"{what(play)}-refused-a-seat")
            page.goto(play.get_absolute_url())
            expect(page.get_by_text("Another phone asks for this seat.")).to_be_visible()
            sweep.check(page, f"{what(play)}-host-asked")
        finally:
            for phone in phones:
                phone.close()
    assert not sweep.problems, "\n".join(sweep.problems)


def test_new_play_forms_filled_with_long_names(
    world: World, page: Page, sweep: Sweep, live_server: Any
) -> None:
    """Each game's new-play form with a long name in every seat, the last one twice
    (the form says so), then started."""

    def fits(what: str) -> None:
        sweep.check(page, what)
        # A page wider than the phone may not take the next tap: say why first.
        assert not sweep.problems, "\n".join(sweep.problems)

    signed_in(page, world.owner, live_server.url)
    for pad in all_pads():
        page.goto(reverse("new_play", args=[pad.slug]))
        preset = page.get_by_role("button", name="First game", exact=True)
        if preset.count():
            preset.click()
            expect(page.get_by_text("Filled in: check it below")).to_be_visible()
        seats = SEATED[: pad.info.max_players]
        for number, name in enumerate([*seats[:-1], SEATED[1]], 1):
            page.get_by_label(f"Player {number}", exact=True).fill(name)
        fits(f"{pad.slug}-typed")
        # The box's maxlength counts UTF-16 units, so it keeps less of an emoji name.
        kept = page.get_by_label("Player 2", exact=True).input_value()
        start = page.locator("button.primary", has_text="Start scoring")
        start.click()
        expect(page.get_by_text("names must differ").first).to_be_visible()
        fits(f"{pad.slug}-two-of-a-name")
        page.get_by_label(f"Player {len(seats)}", exact=True).fill(seats[-1])
        start.click()
        expect(page.get_by_role("heading", name="The table")).to_be_visible()
        fits(f"{pad.slug}-started")
        # Ellipsized on the screen, whole for a screen reader (and a test).
        seat = page.locator(".seats").get_by_role("link", name=kept, exact=True)
        expect(seat).to_be_visible()
        assert seat.evaluate("link => link.scrollWidth > link.clientWidth")
