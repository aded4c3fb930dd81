"""Every private URL is closed to outsiders and anonymous users; pages carry a strict
Content Security Policy with no inline code; logins lock after repeated failures."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from datetime import date
from typing import Any, cast
from urllib.parse import quote

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.tokens import default_token_generator
from django.db import connection
from django.http import HttpResponse
from django.test import Client, RequestFactory
from django.urls import URLPattern, URLResolver, reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from scorepad import urls
from scorepad.management.commands.seed_bench import renamed
from scorepad.middleware import DocumentHeadersMiddleware
from scorepad.models import (
    ClaimLink,
    Group,
    Invite,
    RemovedMember,
    attach_photo,
    create_group,
    play_from_input,
    start_play,
    use_claim_link,
)
from scorepad.models.table import ensure_join_code
from scorepad.pads import Sample, all_pads, personal_pages
from scorepad.table import PHONE_COOKIE
from tests.test_photos import BOARD_PHOTO

pytestmark = pytest.mark.django_db

# Open to everyone: scoring needs no account. Each game's pad adds its own.
PUBLIC = {"home", "signup", "login", "logout", "new_play", "join_code", "api_score", "healthz"}
PUBLIC |= {"set_language"}  # the menu's language, for anyone reading
# Forgot your password? The link in the email is the key.
PUBLIC |= {
    "password_reset",
    "password_reset_done",
    "password_reset_confirm",
    "password_reset_complete",
}
# The installable app: the same for everyone and holding nobody's data.
PUBLIC |= {"manifest", "service_worker", "offline", "favicon"} | {
    name for pad in all_pads() for name in pad.open_urls
}
# Capability links meant for people outside the group (a guest play's host link: for
# whoever the host gives it); tested on their own below and in tests/test_access.py.
INVITATIONS = {"join", "claim", "join_play", "host_play"}
# Site data any logged-in player may edit, and their own pages.
SIGNED_IN = {"groups", "password_change", "password_change_done"} | {
    name for pad in all_pads() for name in pad.signed_in_urls
}


def url_patterns(patterns: list[Any] | None = None) -> list[URLPattern]:
    """Every named URL of the site, the games' own included (the admin is Django's)."""
    found = []
    for pattern in urls.urlpatterns if patterns is None else patterns:
        if isinstance(pattern, URLResolver):
            if pattern.app_name != "admin":
                found += url_patterns(pattern.url_patterns)
        else:
            assert isinstance(pattern, URLPattern)
            if pattern.name:
                found.append(pattern)
    return found


# url_patterns() keeps only the named patterns.
PRIVATE = sorted(
    cast(str, p.name) for p in url_patterns() if p.name not in PUBLIC | INVITATIONS | SIGNED_IN
)
# The shared screens of a play, visited for a play of every game.
PLAY_URLS = (
    "play",
    "table",
    "table_action",
    "finish",
    "result",
    "save_play",
    "void_play",
    "restore_play",
    "play_photo",
    "photo_image",
    "photo_thumbnail",
    "result_card",
)


def build_world(owner: Any, name: str = "Thursday table") -> dict[str, list[Sample]]:
    """A group owned by ``owner`` with a player called Zelda (an outsider must never
    see her name), an invite, a claim link for Zelda, another player someone outside
    the group claimed, and a play in progress of every game; and for every URL name,
    the samples of it that reach those (or, for the public and invitation URLs, that
    reach a game, a link or the owner's password reset)."""
    group = create_group(name, owner)
    zelda, quinn = group.players.create(name="Zelda"), group.players.create(name="Quinn")
    invite = Invite.objects.create(group=group, created_by=owner)
    claim_link = zelda.claim_link_by(owner)
    ids = {
        "group_id": group.pk,
        "player_id": zelda.pk,
        "invite_id": invite.pk,
        "claim_link_id": claim_link.pk,
    }
    world: dict[str, list[Sample]] = defaultdict(list)
    # Someone outside the group who claimed Quinn waits for the owner to let them in.
    asker = get_user_model().objects.create_user(f"asker-{group.pk}")
    use_claim_link(quinn.claim_link_by(owner), asker)
    waiting = ClaimLink.objects.of_group(group).waiting().get()
    world["let_in"].append(Sample("let_in", {"group_id": group.pk, "claim_link_id": waiting.pk}))
    # A member the owner removed asks to come back.
    removed = get_user_model().objects.create_user(f"removed-{group.pk}")
    group.join(removed)
    group.remove_member(removed, by=owner)
    with suppress(RemovedMember):
        group.join(removed)
    for answer in ("let_back_in", "turn_down"):
        world[answer].append(Sample(answer, {"group_id": group.pk, "user_id": removed.pk}))
    for pad in all_pads():
        example = pad.codec.example_input()
        in_progress = pad.codec.in_progress
        data = in_progress(example) if in_progress else example
        first, *others = example["players"]
        data = {**renamed(data, {first: "Zelda"}), "players": ["Zelda", *others]}
        play = play_from_input(pad.slug, data, group=group, user=owner)
        attach_photo(play, BOARD_PHOTO, owner)
        for shared in PLAY_URLS:
            posted = {"group": group.pk, "action": "close"}
            world[shared].append(Sample(shared, {"play_id": play.uuid}, posted))
        for sample in pad.sample_urls(play):
            world[sample.url_name].append(sample)
        world["new_play"].append(Sample("new_play", {"slug": pad.slug}))
        world["api_score"].append(Sample("api_score", {"slug": pad.slug}))
    world["join_play"] = [Sample("join_play", {"code": ensure_join_code(play)})]
    guest = play_from_input(pad.slug, pad.codec.example_input(), group=None, user=AnonymousUser())
    world["host_play"] = [Sample("host_play", {"play_id": guest.uuid, "key": guest.host_key})]
    # The shared site's own URLs: a group, its people and its invite.
    known = {**ids, "user_id": owner.pk, "year": date.today().year}
    for pattern in url_patterns():
        assert pattern.name is not None  # url_patterns() keeps only the named ones
        params = set(pattern.pattern.converters)
        if pattern.name not in world and params <= set(known):
            kwargs = {p: known[p] for p in params}
            data = {"into": quinn.pk} if pattern.name == "merge_player" else {}
            world[pattern.name].append(Sample(pattern.name, kwargs, data))
    world["join"] = [Sample("join", {"token": invite.token})]
    world["claim"] = [Sample("claim", {"token": claim_link.token})]
    reset = {"uidb64": urlsafe_base64_encode(force_bytes(owner.pk))}
    reset["token"] = default_token_generator.make_token(owner)
    world["password_reset_confirm"] = [Sample("password_reset_confirm", reset)]
    return world


def visits(world: dict[str, list[Sample]], name: str) -> list[tuple[str, dict[str, Any]]]:
    """Each URL of the pattern ``name`` for the world's objects, with what a POST sends."""
    assert world[name], f"nothing in the world reaches {name}: its pad gives no sample"
    return [(reverse(name, kwargs=dict(s.kwargs)), dict(s.data)) for s in world[name]]


def assert_no_data(response: Any) -> None:
    body = response.content.decode(errors="replace")
    assert "Zelda" not in body and "Thursday table" not in body


def reached(client: Client, url: str, posted: dict[str, Any]) -> int:
    """The status of the first request the URL accepts: GET, or POST where GET is 405."""
    response = client.get(url)
    if response.status_code == 405:
        response = client.post(url, posted)
    return response.status_code


def test_the_sweep_covers_every_url_of_every_game() -> None:
    names = {p.name for p in url_patterns()}
    for pad in all_pads():
        assert pad.open_urls | pad.signed_in_urls <= names, pad.slug
    assert len(PRIVATE) >= 25  # the sweep really walks the URL list


@pytest.mark.parametrize("name", PRIVATE)
def test_the_owner_reaches_every_private_url_and_an_outsider_gets_404(
    name: str, alice: Any, alice_client: Client, outsider_client: Client
) -> None:
    """The owner reaches each URL (so the outsider's 404 is about who asks, not about
    a wrong sample); then, in a world built the same way, the outsider gets 404."""
    for url, posted in visits(build_world(alice, "Alice's other table"), name):
        assert reached(alice_client, url, posted) != 404, (name, url)
    for url, _ in visits(build_world(alice), name):
        for method in (outsider_client.get, outsider_client.post):
            response = method(url)
            assert response.status_code in (404, 405), (name, url, response.status_code)
            assert_no_data(response)


@pytest.mark.parametrize("name", PRIVATE)
def test_every_private_url_sends_anonymous_users_away(
    name: str, client: Client, alice: Any
) -> None:
    for url, _ in visits(build_world(alice), name):
        for method in (client.get, client.post):
            response = method(url)
            to_login = response.status_code == 302 and response["Location"].startswith(
                "/accounts/login/"
            )
            assert to_login or response.status_code in (404, 405), (name, url)
            assert_no_data(response)


@pytest.mark.parametrize("name", sorted(SIGNED_IN))
def test_signed_in_pages_need_an_account_and_nothing_more(
    name: str, client: Client, alice: Any, outsider_client: Client
) -> None:
    for url, posted in visits(build_world(alice), name):
        assert reached(outsider_client, url, posted) != 404, (name, url)
        for method in (client.get, client.post):
            response = method(url)
            assert response.status_code == 302, (name, response.status_code)
            assert response["Location"].startswith("/accounts/login/")


def views_of(function: Any) -> str:
    """The views module a function comes from, or the package of views it is one of
    (``scorepad.pads.shallow_sea.views`` for its ``views.ocean``)."""
    head, views, _ = function.__module__.partition(".views.")
    return f"{head}.views" if views else function.__module__


def games_screens() -> dict[str, set[str]]:
    """Each game's own screens of a play (every URL that takes a play but the shared
    ones), with the games each serves: those whose pads' play screen (``hub``) or seat's
    screen (``seat_url``) comes from the same views as the screen, a module or a package of
    them (a family of games shares one set; the counts family's sheet serves the games that
    link their seats to it)."""
    screens = {}
    for pattern in url_patterns():
        shared = pattern.name in PLAY_URLS or pattern.name in INVITATIONS
        if "play_id" in pattern.pattern.converters and not shared:
            views = views_of(pattern.callback)
            served = {
                pad.slug
                for pad in all_pads()
                if views in (views_of(pad.hub), views_of(pad.seat_url))
            }
            screens[cast(str, pattern.name)] = served
    return screens


GAMES_SCREENS = games_screens()


@pytest.mark.parametrize("name", sorted(GAMES_SCREENS))
def test_a_game_screen_on_another_game_play_is_404(
    name: str, alice: Any, alice_client: Client
) -> None:
    """The owner, who may see every play, opens each game's screen with the play of
    every game that screen does not serve (a Reef Draft round of a Seagrass play)."""
    world = build_world(alice)
    group = Group.objects.get(name="Thursday table")
    others = [play for play in group.plays.all() if play.game not in GAMES_SCREENS[name]]
    assert world[name] and others, name
    for sample in world[name]:
        for play in others:
            url = reverse(name, kwargs={**sample.kwargs, "play_id": play.uuid})
            # 405 for the method the screen does not take; 404 for those it does.
            statuses = [
                method(url, dict(sample.data)).status_code
                for method in (alice_client.get, alice_client.post)
            ]
            assert 404 in statuses and set(statuses) <= {404, 405}, (name, play.game, statuses)


def test_every_game_screen_of_a_play_belongs_to_a_game() -> None:
    assert len(GAMES_SCREENS) >= 9  # the sweep above really walks them
    assert all(GAMES_SCREENS.values()), GAMES_SCREENS


def test_revoked_invitation_and_unknown_claim_are_404(outsider_client: Client, alice: Any) -> None:
    [join] = build_world(alice)["join"]
    invite = Invite.objects.get(token=join.kwargs["token"])
    invite.revoked = invite.created
    invite.save()
    assert outsider_client.get(f"/join/{invite.token}/").status_code == 404
    assert outsider_client.get("/claim/not-a-real-token/").status_code == 404


# What a fuzzer sends for a token: a NUL byte (PostgreSQL refuses it in text: a 500 if a
# query carried it), and others no token is made of.
JUNK = ["\x00", "abc\x00def", "a" * 300 + "\x00", "ü", "a b", "'; --", "%"]


@contextmanager
def queries_carrying_a_nul() -> Iterator[list[str]]:
    """The queries run meanwhile whose parameters hold a NUL byte (on SQLite too, which
    takes them)."""
    carrying: list[str] = []

    def watch(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        if "\\x00" in repr(params):
            carrying.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(watch):
        yield carrying


@pytest.mark.parametrize("junk", JUNK)
def test_junk_for_a_link_or_code_is_unknown_and_no_query_sees_it(
    junk: str, alice_client: Client
) -> None:
    """A group's join link, a guest's claim link, a play's join code in its link or typed
    in the box: junk is unknown as any wrong one is (404, or the page saying so)."""
    in_url = quote(junk, safe="")
    with queries_carrying_a_nul() as carrying:
        for name in ("join", "claim"):
            assert alice_client.get(f"/{name}/{in_url}/").status_code == 404, name
            assert alice_client.post(f"/{name}/{in_url}/").status_code == 404, name
        code = alice_client.get(f"/j/{in_url}")
        assert code.status_code == 404 and "check it with the host" in code.content.decode()
        typed = alice_client.get("/j/", {"code": junk})
        assert "A join code is 6 letters and digits" in typed.content.decode()
    assert carrying == []


@pytest.mark.parametrize("junk", JUNK)
def test_a_phone_cookie_of_junk_is_a_new_phone(junk: str, client: Client) -> None:
    client.cookies[PHONE_COOKIE] = (junk * 43)[-43:]  # as long as a phone's token
    with queries_carrying_a_nul() as carrying:
        response = client.get("/j/ZZZZZZ")
    assert response.status_code == 404
    assert re.fullmatch(r"[A-Za-z0-9_-]{43}", response.cookies[PHONE_COOKIE].value)
    assert carrying == []


# The URLs a POST reaches without a CSRF token: the JSON API's, under /api/. They read
# no cookie (no session, no login) and store nothing, so a forged request can do
# nothing a direct one could not.
CSRF_EXEMPT = {cast(str, p.name) for p in url_patterns() if str(p.pattern).startswith("api/")}


def every_visit(world: dict[str, list[Sample]]) -> list[tuple[str, str, dict[str, Any]]]:
    """Each URL of every pattern of the site, with its name and what a POST sends."""
    return [
        (cast(str, p.name), url, posted)
        for p in url_patterns()
        for url, posted in visits(world, cast(str, p.name))
    ]


def test_only_the_token_free_api_skips_the_csrf_check() -> None:
    exempt = {p.name for p in url_patterns() if getattr(p.callback, "csrf_exempt", False)}
    assert exempt == CSRF_EXEMPT
    assert "api_score" in CSRF_EXEMPT


def test_every_post_without_a_csrf_token_is_refused(alice: Any) -> None:
    """The owner's own browser, on every URL of the site: a POST with no token (another
    site's form) is refused before the view runs, whatever the URL would do with it."""
    world = build_world(alice)
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(alice)
    visited = every_visit(world)
    for name, url, posted in visited:
        response = browser.post(url, posted)
        if name in CSRF_EXEMPT:
            assert response.status_code != 403, (name, url)
        else:
            assert response.status_code == 403, (name, url, response.status_code)
            assert b"CSRF verification failed" in response.content, (name, url)
    assert len({name for name, _, _ in visited}) == len(url_patterns())
    # With the token the same browser gets past the check: the 403s above were the check's.
    browser.get("/accounts/password/")
    token = browser.cookies["csrftoken"].value
    response = browser.post(reverse("groups"), {"name": "Friday", "csrfmiddlewaretoken": token})
    assert response.status_code == 302


def kept_by_no_cache(response: Any) -> bool:
    directives = {d.strip() for d in response.get("Cache-Control", "").split(",")}
    return {"private", "no-store"} <= directives


def test_every_page_that_needs_an_account_is_kept_by_no_cache(
    alice: Any, alice_client: Client, client: Client
) -> None:
    """A page that sends an anonymous visitor to log in is someone's own or their
    group's (groups, people, players, personal pages, exports): neither a shared cache
    nor the browser may keep it."""
    kept_private = set()
    for name, url, _ in every_visit(build_world(alice)):
        anonymous = client.get(url)
        if anonymous.status_code != 302 or not anonymous["Location"].startswith("/accounts/login/"):
            continue
        response = alice_client.get(url)
        if response.status_code == 405:
            continue  # a POST-only URL: nothing on it to keep
        assert kept_by_no_cache(response), (name, url, response.get("Cache-Control"))
        kept_private.add(name)
    personal = {page.url_name for page in personal_pages()}
    assert {"groups", "group", "people", "player", "export_csv", "import_plays"} <= kept_private
    assert personal | {"password_change"} <= kept_private


def test_the_home_page_is_kept_by_no_cache(
    client: Client, alice_client: Client, group: Group, make_play: Any
) -> None:
    """Signed in, it lists the person's groups and their latest plays; signed out, the
    plays kept in this browser's session: the next person at the computer's business
    neither way."""
    make_play("reef-draft", group=group, finish=True)
    guest_play = {"seat_1": "Ana", "seat_2": "Ben", "option_coral_penalty": "each"}
    assert client.post("/games/reef-draft/new/", guest_play).status_code == 302
    for visitor, listed in ((alice_client, "recent"), (client, "carry_on")):
        response = visitor.get("/")
        assert list(response.context[listed]), listed
        assert kept_by_no_cache(response), response.get("Cache-Control")


INLINE_CODE = [
    re.compile(r"<script(?![^>]*\ssrc=)[^>]*>", re.I),  # a script without src
    re.compile(r"<style", re.I),
    re.compile(r"\sstyle=", re.I),
    re.compile(r"\son[a-z]+=", re.I),  # onclick=, onload=, ...
    re.compile(r"javascript:", re.I),
]


def test_pages_have_a_strict_csp_and_no_inline_code(alice_client: Client, alice: Any) -> None:
    world = build_world(alice)
    guest = start_play(
        game="reef-draft", names=["Ana", "Ben"], options={}, group=None, user=AnonymousUser()
    )
    pages = [
        "/",
        "/accounts/login/",
        "/accounts/signup/",
        "/games/reef-draft/new/",
        "/games/seagrass/new/",
        "/games/coral-stations/new/",
        "/games/shallow-sea/new/",
        "/games/seagrass/reef-award/",
        f"/plays/{guest.uuid}/",
        f"/plays/{guest.uuid}/rounds/1/players/0/",
    ] + [url for name in PRIVATE if "delete" not in name for url, _ in visits(world, name)]
    checked = 0
    for url in pages:
        response = alice_client.get(url)
        if response.status_code != 200 or "text/html" not in response["Content-Type"]:
            continue
        checked += 1
        policy = response["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "style-src 'self'" in policy, url
        assert "unsafe-inline" not in policy
        body = response.content.decode()
        for pattern in INLINE_CODE:
            assert not pattern.search(body), (url, pattern.pattern)
    assert checked >= 20


def test_every_answer_denies_the_browser_features_the_site_never_uses(
    client: Client, alice_client: Client
) -> None:
    """Every answer a browser reads the policy on: documents (pages, the 404). The
    service worker's script, a static script, a stylesheet and the web manifest go
    without it (a browser ignores it there), and keep nosniff and Referrer-Policy."""
    answers = [
        client.get("/"),
        client.get("/accounts/login/"),
        client.get("/j/ZZZZZZ"),  # 404
        alice_client.get("/groups/"),
    ]
    for response in answers:
        items = response["Permissions-Policy"].split(",")
        policy = dict(item.strip().split("=", 1) for item in items)
        for feature in ("camera", "microphone", "geolocation", "payment", "usb", "clipboard-read"):
            assert policy[feature] == "()", (response.request["PATH_INFO"], feature)
        # The host's Share button, on our own pages.
        assert policy["web-share"] == "(self)"
    assert answers[2].status_code == 404
    not_documents = [
        client.get("/sw.js"),
        client.get("/static/scorepad/scorepad.js"),
        client.get("/static/scorepad/scorepad.css"),
        client.get("/manifest.webmanifest"),
    ]
    for response in not_documents:
        assert response.status_code == 200, response.request["PATH_INFO"]
        assert "Permissions-Policy" not in response, response.request["PATH_INFO"]
        assert response["X-Content-Type-Options"] == "nosniff"
        assert response["Referrer-Policy"] == "same-origin"


def test_document_only_headers_go_on_documents(client: Client) -> None:
    """A frame's and a window's headers on pages only; the worker's script keeps its own
    policy (a worker's is its script's); every answer keeps nosniff."""
    page, worker = client.get("/accounts/login/"), client.get("/sw.js")
    manifest, script = (
        client.get("/manifest.webmanifest"),
        client.get("/static/scorepad/scorepad.js"),
    )
    assert page["X-Frame-Options"] == "DENY" and "Cross-Origin-Opener-Policy" in page
    assert "script-src 'self'" in page["Content-Security-Policy"]
    assert "script-src 'self'" in worker["Content-Security-Policy"]
    # Trusted Types, enforced on pages: the worker writes no HTML, and its imports
    # (importScripts) would need a policy of its own.
    trusted = page["Content-Security-Policy"]
    assert "require-trusted-types-for 'script'" in trusted and "trusted-types default" in trusted
    assert "trusted-types" not in worker["Content-Security-Policy"]
    for response in (page, worker, manifest, script):
        assert "Content-Security-Policy-Report-Only" not in response
    for response in (worker, manifest, script):
        assert "X-Frame-Options" not in response and "Cross-Origin-Opener-Policy" not in response
    assert "Content-Security-Policy" not in manifest
    for response in (page, worker, manifest, script):
        assert response["X-Content-Type-Options"] == "nosniff"


def test_djangos_admin_goes_without_trusted_types(admin_client: Client, admin_user: Any) -> None:
    """The admin's scripts write innerHTML (jQuery, the permissions' select boxes): its
    pages keep the rest of the policy, without Trusted Types, which would break them."""
    for path in ("/admin/", f"/admin/auth/user/{admin_user.pk}/change/", "/admin/login/"):
        response = admin_client.get(path)
        assert response.status_code in (200, 302), path
        policy = response["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "trusted-types" not in policy, path
    assert "trusted-types default" in admin_client.get("/")["Content-Security-Policy"]


def test_a_file_named_by_its_hash_goes_without_validators() -> None:
    """WhiteNoise serves a hashed static file as immutable: no browser revalidates it, so
    its Last-Modified and ETag go; a file that may change keeps them."""

    def served(cache_control: str) -> HttpResponse:
        response = HttpResponse("a{}", content_type="text/css")
        response["Cache-Control"] = cache_control
        response["Last-Modified"] = "Wed, 02 Dec 2026 14:16:19 GMT"
        response["ETag"] = '"6b102833-4254"'
        request = RequestFactory().get("/static/site/site.0123456789ab.css")
        return DocumentHeadersMiddleware(lambda request: response)(request)

    hashed = served("max-age=315360000, public, immutable")
    assert "Last-Modified" not in hashed and "ETag" not in hashed
    plain = served("max-age=60, public")
    assert plain["ETag"] == '"6b102833-4254"' and "Last-Modified" in plain


def test_login_locks_after_five_wrong_passwords(client: Client, alice: Any) -> None:
    for _ in range(5):
        client.post("/accounts/login/", {"username": "alice", "password": "wrong"})
    response = client.post(
        "/accounts/login/", {"username": "alice", "password": "pw-for-tests-123"}
    )
    assert "Too many wrong passwords" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_a_right_password_before_the_limit_logs_in(client: Client, alice: Any) -> None:
    for _ in range(3):
        client.post("/accounts/login/", {"username": "alice", "password": "wrong"})
    response = client.post(
        "/accounts/login/", {"username": "alice", "password": "pw-for-tests-123"}
    )
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(alice.pk)


def test_a_login_lockout_holds_for_the_whole_ipv6_64(alice: Any) -> None:
    """One household's or phone's block: its holder may use any address in it."""
    for n in range(5):
        wrong = {"username": "alice", "password": "wrong"}
        Client(REMOTE_ADDR=f"2001:db8:1:2::{n + 1}").post("/accounts/login/", wrong)
    right = {"username": "alice", "password": "pw-for-tests-123"}
    same_block = Client(REMOTE_ADDR="2001:db8:1:2:ffff::9")
    assert "Too many wrong passwords" in same_block.post("/accounts/login/", right).content.decode()
    assert "_auth_user_id" not in same_block.session
    elsewhere = Client(REMOTE_ADDR="2001:db8:1:3::1")
    assert elsewhere.post("/accounts/login/", right).status_code == 302
