"""One tap, small (issue 14): an htmx entry update answers with only what it changed, in
few queries, parsing the game once for the change and once for what is left to finish.
The plays are the ones `make bench` taps (seed_bench's plays in progress, signed in as a
member of their group), with the requests scripts/bench_requests.py sends."""

from __future__ import annotations

import gzip
import itertools
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

pytestmark = pytest.mark.django_db

SMALL = 1536  # bytes, gzipped: the most one tap's answer may take


@pytest.fixture
def bench_group(make_user: Any) -> tuple[Any, Group, Builder]:
    user = make_user("bench")
    group = create_group("Benchmark table", user)
    owner = group.players.get(user=user)
    return user, group, Builder(group, user, owner.name, random.Random(6))


SPACE = "R1C2"  # the space the benchmark taps: a tile on it already, on a full board
HTMX: dict[str, Any] = {"HTTP_HX_REQUEST": "true"}  # WSGI environ, as **extra


def tile_tap(client: Client, play: Play) -> Callable[[], Any]:
    """A coral replaced on a full board, as scripts/bench_requests.py's shallow_sea_tile
    posts it (the vps alternate, so every tap changes the tile)."""
    path = f"/plays/{play.uuid}/players/0/ocean/spaces/{SPACE}/"
    vps = itertools.cycle((7, 9))

    def send() -> Any:
        data = {"completed": "yes", "piece": f"red-{next(vps)}", "fish": "red"}
        return client.post(path, data, **HTMX, HTTP_HX_TARGET="editor")

    return send


def count_tap(client: Client, play: Play) -> Callable[[], Any]:
    """One card fewer, then back, in the last reef the seat entered: a count stepped,
    as bench_requests's reef_draft_round steps one."""
    rounds = play.ordered_results()[0].entry["rounds"]
    last = max(rounds, key=int)
    reef = {k: n for k, n in rounds[last].items() if k != "on_shark"}
    reef |= {f"on_shark_{k}": n for k, n in rounds[last].get("on_shark", {}).items()}
    held = {k.removeprefix("on_shark_") for k, n in reef.items() if k.startswith("on_shark_") and n}
    kind = next(
        k
        for k, n in reef.items()
        if n and not k.startswith("on_shark_") and k != "sharks" and k not in held
    )
    bodies = itertools.cycle(({**reef, kind: reef[kind] - 1}, reef))
    path = f"/plays/{play.uuid}/rounds/{last}/players/0/"

    def send() -> Any:
        return client.post(path, next(bodies), **HTMX, HTTP_HX_TARGET="reef-live")

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
        play, _ = builder.play_in_progress(get_pad("shallow-sea"))
        send = tile_tap(signed_in(user), play)
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
        assert spaces == [SPACE]  # a tile replaced on a full board changes its space
        assert '<p class="board-status" id="board-status" hx-swap-oob="true">' in body
        assert 'id="live"' in body  # what the benchmark checks it got
        assert len(gzip.compress(response.content)) <= SMALL

    def test_parses_the_game_once_for_the_change_and_once_for_the_finish(
        self, bench_group: tuple[Any, Group, Builder], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        user, _, builder = bench_group
        play, _ = builder.play_in_progress(get_pad("shallow-sea"))
        send = tile_tap(signed_in(user), play)
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
        play, _ = builder.play_in_progress(get_pad("reef-draft"))
        send = count_tap(signed_in(user), play)
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
        play, _ = builder.play_in_progress(get_pad("reef-draft"))
        send = count_tap(signed_in(user), play)
        module = games.GAMES["reef-draft"]
        parse = module.parse
        calls: list[bool] = []

        def counted(data: Any, *, partial: bool = False) -> Any:
            calls.append(partial)
            return parse(data, partial=partial)

        monkeypatch.setattr(module, "parse", counted)
        assert send().status_code == 200
        assert calls == [True]  # checked with the new reef; its running score from that
