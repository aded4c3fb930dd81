"""Every private URL is closed to outsiders and anonymous users; pages carry a strict
Content Security Policy with no inline code; logins lock after repeated failures."""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Any, cast

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.urls import URLPattern, URLResolver, reverse

from scorepad import urls
from scorepad.management.commands.seed_bench import renamed
from scorepad.models import Group, Invite, create_group, play_from_input, start_play
from scorepad.pads import Sample, all_pads

pytestmark = pytest.mark.django_db

# Open to everyone: scoring needs no account. Each game's pad adds its own.
PUBLIC = {"home", "signup", "login", "logout", "new_play", "join_code", "api_score", "healthz"}
# The installable app: the same for everyone and holding nobody's data.
PUBLIC |= {"manifest", "service_worker", "offline", "favicon"} | {
    name for pad in all_pads() for name in pad.open_urls
}
# Capability links meant for people outside the group; tested on their own below.
INVITATIONS = {"join", "claim", "join_play"}
# Site data any logged-in player may edit, and their own pages.
SIGNED_IN = {"groups"} | {name for pad in all_pads() for name in pad.signed_in_urls}


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
PLAY_URLS = ("play", "table", "table_action", "finish", "result", "save_play", "delete_play")


def build_world(owner: Any, name: str = "Thursday table") -> dict[str, list[Sample]]:
    """A group owned by ``owner`` with a player called Zelda (an outsider must never
    see her name), an invite, another player, and a play in progress of every game;
    and for every URL name, the samples of it that reach those."""
    group = create_group(name, owner)
    zelda, quinn = group.players.create(name="Zelda"), group.players.create(name="Quinn")
    invite = Invite.objects.create(group=group, created_by=owner)
    ids = {"group_id": group.pk, "player_id": zelda.pk, "invite_id": invite.pk}
    world: dict[str, list[Sample]] = defaultdict(list)
    for pad in all_pads():
        example = pad.example_input()
        data = pad.in_progress(example) if pad.in_progress else example
        first, *others = example["players"]
        data = {**renamed(data, {first: "Zelda"}), "players": ["Zelda", *others]}
        play = play_from_input(pad.slug, data, group=group, user=owner)
        for shared in PLAY_URLS:
            posted = {"group": group.pk, "action": "close"}
            world[shared].append(Sample(shared, {"play_id": play.uuid}, posted))
        for sample in pad.sample_urls(play):
            world[sample.url_name].append(sample)
    # The shared site's own URLs: a group, its people and its invite.
    known = {**ids, "user_id": owner.pk}
    for pattern in url_patterns():
        assert pattern.name is not None  # url_patterns() keeps only the named ones
        params = set(pattern.pattern.converters)
        if pattern.name not in world and params <= set(known):
            kwargs = {p: known[p] for p in params}
            data = {"into": quinn.pk} if pattern.name == "merge_player" else {}
            world[pattern.name].append(Sample(pattern.name, kwargs, data))
    world["invite"] = [Sample("join", {"token": invite.token})]
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


def games_screens() -> dict[str, set[str]]:
    """Each game's own screens of a play (every URL that takes a play but the shared
    ones), with the games each serves: those whose pads' play screen (``hub``) comes
    from the same views as the screen (a family of games shares one set)."""
    screens = {}
    for pattern in url_patterns():
        if "play_id" in pattern.pattern.converters and pattern.name not in PLAY_URLS:
            views = pattern.callback.__module__
            served = {pad.slug for pad in all_pads() if pad.hub.__module__ == views}
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
    [join] = build_world(alice)["invite"]
    invite = Invite.objects.get(token=join.kwargs["token"])
    invite.revoked = invite.created
    invite.save()
    assert outsider_client.get(f"/join/{invite.token}/").status_code == 404
    assert outsider_client.get("/claim/not-a-real-token/").status_code == 404


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
