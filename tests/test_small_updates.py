"""One tap, small (issue 14): an htmx entry update answers with only what it changed, in
few queries, parsing the game once for the change and once for what is left to finish.
The plays are the ones `make bench` taps (seed_bench's plays in progress, signed in as a
member of their group), through the same requests (scripts/bench_requests.py)."""

from __future__ import annotations

import gzip
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client

import games
from scorepad.management.commands.seed_bench import Builder
from scorepad.models import Group, Play, create_group
from scorepad.pads import get_pad
from scripts import bench_requests as br

pytestmark = pytest.mark.django_db

SMALL = 1536  # bytes, gzipped: the most one tap's answer may take


@pytest.fixture
def bench_group(make_user: Any) -> tuple[Any, Group, Builder]:
    user = make_user("bench")
    group = create_group("Benchmark table", user)
    owner = group.players.get(user=user)
    return user, group, Builder(group, user, owner.name, random.Random(6))


def tap(client: Client, make: Callable[..., Callable[[], Any]], play: Play, whole: Any) -> Any:
    """The benchmark's request for ``play`` (``whole``: the game it is heading for), as
    the test client sends it."""
    request = make({"uuid": str(play.uuid), "position": 0, "input": whole}, "csrf")

    def send() -> Any:
        method, path, body, headers = request()
        extra = {f"HTTP_{k.upper().replace('-', '_')}": v for k, v in headers.items()}
        extra.pop("HTTP_CONTENT_TYPE")
        return client.generic(method, path, body, content_type=headers["Content-Type"], **extra)

    return send


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


class TestShallowSeaTile:
    def test_answers_small_in_few_queries(
        self, bench_group: tuple[Any, Group, Builder], django_assert_num_queries: Any
    ) -> None:
        user, _, builder = bench_group
        play, whole = builder.play_in_progress(get_pad("shallow-sea"))
        send = tap(signed_in(user), br.shallow_sea_tile, play, whole)
        send()  # the phone's token is known from here on, as at the table
        # Session, user; the play with this phone's place and the user's role; the
        # seats; the Sealife values the tile's form knows (catalogue, the groups');
        # under the lock the play and its seats, the entry saved, the play touched; and
        # the savepoint and its release that the test's own transaction turns the
        # request's transaction into.
        with django_assert_num_queries(12):
            response = send()
        assert response.status_code == 200
        body = response.content.decode()
        assert body.lstrip().startswith('<section id="editor"')
        assert 'id="board"' not in body
        spaces = re.findall(r"hx-swap-oob=.outerHTML:\[data-space=(\w+)\]", body)
        assert spaces == [br.SPACE]  # a tile replaced on a full board changes its space
        assert '<p class="board-status" id="board-status" hx-swap-oob="true">' in body
        assert 'id="live"' in body  # what the benchmark checks it got
        assert len(gzip.compress(response.content)) <= SMALL

    def test_parses_the_game_once_for_the_change_and_once_for_the_finish(
        self, bench_group: tuple[Any, Group, Builder], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        user, _, builder = bench_group
        play, whole = builder.play_in_progress(get_pad("shallow-sea"))
        send = tap(signed_in(user), br.shallow_sea_tile, play, whole)
        module = games.GAMES["shallow-sea"]
        parse = module.parse
        calls: list[bool] = []

        def counted(data: Any, *, partial: bool = False) -> Any:
            calls.append(partial)
            return parse(data, partial=partial)

        monkeypatch.setattr(module, "parse", counted)
        assert send().status_code == 200
        # Checked with the tile (partial), scored from that same parse, then the whole
        # game asked what is still to enter before finishing.
        assert calls == [True, False]


class TestReefDraftCount:
    def test_answers_small_in_few_queries(
        self, bench_group: tuple[Any, Group, Builder], django_assert_num_queries: Any
    ) -> None:
        user, _, builder = bench_group
        play, whole = builder.play_in_progress(get_pad("reef-draft"))
        send = tap(signed_in(user), br.reef_draft_round, play, whole)
        send()
        # Session, user; the play with this phone's place and the user's role; the
        # seats; under the lock the seats, the entry saved, the play touched; the
        # savepoint and its release (the test's transaction around the request's).
        with django_assert_num_queries(9):
            response = send()
        assert response.status_code == 200
        body = response.content.decode()
        assert body.lstrip().startswith('<div class="live" id="reef-live"')
        assert re.findall(r'<li id="seat-(\d)" hx-swap-oob="true">', body) == ["0"]
        assert len(gzip.compress(response.content)) <= SMALL

    def test_parses_the_game_once(
        self, bench_group: tuple[Any, Group, Builder], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        user, _, builder = bench_group
        play, whole = builder.play_in_progress(get_pad("reef-draft"))
        send = tap(signed_in(user), br.reef_draft_round, play, whole)
        module = games.GAMES["reef-draft"]
        parse = module.parse
        calls: list[bool] = []

        def counted(data: Any, *, partial: bool = False) -> Any:
            calls.append(partial)
            return parse(data, partial=partial)

        monkeypatch.setattr(module, "parse", counted)
        assert send().status_code == 200
        assert calls == [True]  # checked with the new reef; its running score from that
