"""Every private URL is closed to outsiders and anonymous users; pages carry a strict
Content Security Policy with no inline code; logins lock after repeated failures."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.urls import URLPattern, reverse

from scorepad import urls
from scorepad.models import Group, Invite, Play, start_play

pytestmark = pytest.mark.django_db

# Open to everyone: scoring needs no account.
PUBLIC = {
    "home",
    "signup",
    "login",
    "logout",
    "new_play",
    "shallow_sea_new",
    "reef_award",
    "api_score",
    "api_reef_award",
    "healthz",
}
# Capability links meant for people outside the group; tested on their own below.
INVITATIONS = {"join", "claim"}
# Site data any logged-in player may edit, and their own pages.
SIGNED_IN = {"groups", "shallow_sea_catalogue", "achievements", "tick_achievement", "solo_ladder"}


@pytest.fixture
def secret_group(alice: Any, group: Group) -> dict[str, Any]:
    """A group with one play of each kind of screen, and names an outsider must not see."""
    reef = start_play(
        game="reef-draft", names=["Zelda", "Quinn"], options={}, group=group, user=alice
    )
    log = start_play(
        game="seagrass",
        names=["Zelda", "Quinn"],
        options={},
        mode="log",
        group=group,
        user=alice,
    )
    log.add_event({"type": "colony", "player": "Zelda", "creatures": 2})
    sea = Play.objects.create(game="shallow-sea", group=group, recorded_by=alice)
    sea.results.create(player=group.player_named("Zelda"), position=0)
    invite = Invite.objects.create(group=group, created_by=alice)
    return {"group": group, "reef": reef, "log": log, "sea": sea, "invite": invite}


def private_urls(data: dict[str, Any], alice: Any) -> list[tuple[str, str]]:
    group, player = data["group"], data["group"].players.get(name="Zelda")
    play_for = {
        "new_event": data["log"],
        "edit_event": data["log"],
        "undo_event": data["log"],
        "player_tally": data["log"],
    }
    values = {
        "group_id": group.pk,
        "player_id": player.pk,
        "invite_id": data["invite"].pk,
        "user_id": alice.pk,
        "seq": 1,
        "position": 0,
        "round_number": 1,
        "event_type": "colony",
        "space": "R1C2",
        "bubble": "R1C2:top",
    }
    found = []
    for pattern in urls.urlpatterns:
        if not isinstance(pattern, URLPattern) or pattern.name in PUBLIC | INVITATIONS:
            continue
        params = pattern.pattern.converters
        if pattern.name in SIGNED_IN:
            continue
        kwargs = {name: values[name] for name in params if name in values}
        if "play_id" in params:
            play = play_for.get(pattern.name) or (
                data["sea"] if pattern.name.startswith("shallow_sea") else data["reef"]
            )
            kwargs["play_id"] = play.uuid
        found.append((pattern.name, reverse(pattern.name, kwargs=kwargs)))
    return found


def assert_no_data(response: Any) -> None:
    body = response.content.decode(errors="replace")
    assert "Zelda" not in body and "Thursday table" not in body


def test_every_private_url_is_404_for_an_outsider(
    outsider_client: Client, secret_group: dict[str, Any], alice: Any
) -> None:
    checked = private_urls(secret_group, alice)
    assert len(checked) >= 25  # the sweep really walked the URL list
    for name, url in checked:
        for method in (outsider_client.get, outsider_client.post):
            response = method(url)
            assert response.status_code in (404, 405), (name, url, response.status_code)
            assert_no_data(response)


def test_every_private_url_sends_anonymous_users_away(
    client: Client, secret_group: dict[str, Any], alice: Any
) -> None:
    for name, url in private_urls(secret_group, alice):
        for method in (client.get, client.post):
            response = method(url)
            to_login = response.status_code == 302 and response["Location"].startswith(
                "/accounts/login/"
            )
            assert to_login or response.status_code in (404, 405), (name, url)
            assert_no_data(response)


def test_revoked_invitation_and_unknown_claim_are_404(
    outsider_client: Client, secret_group: dict[str, Any]
) -> None:
    invite = secret_group["invite"]
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


def test_pages_have_a_strict_csp_and_no_inline_code(
    alice_client: Client, secret_group: dict[str, Any], alice: Any
) -> None:
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
    ] + [url for name, url in private_urls(secret_group, alice) if "delete" not in name]
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
