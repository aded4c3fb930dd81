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
from scorepad.codecs import get_codec
from scorepad.entries import fingerprint
from scorepad.management.commands.seed_bench import Builder
from scorepad.models import Group, Play, StaleEdit, create_group
from scorepad.models.changes import change_part, save_part
from scorepad.pads.shallow_sea.entry import with_tile
from scorepad.pads.shallow_sea.geometry import SPACE_SHAPES

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


def tile_tap(client: Client, play: Play) -> Callable[[], Callable[[], Any]]:
    """A coral replaced on a full board, as scripts/bench_requests.py's shallow_sea_tile
    posts it (the vps alternate, so every tap changes the tile): the space opened first,
    as a phone opens it, then its save ready to send."""
    path = f"/plays/{play.uuid}/players/0/ocean/spaces/{SPACE}/"
    vps = itertools.cycle((7, 9))

    def tap() -> Callable[[], Any]:
        editor = client.get(path, **HTMX, HTTP_HX_TARGET="editor").content.decode()
        (drawn,) = re.findall(r'name="drawn" value="(\w+)"', editor)
        data = {"completed": "yes", "piece": f"red-{next(vps)}", "fish": "red", "drawn": drawn}
        return lambda: client.post(path, data, **HTMX, HTTP_HX_TARGET="editor")

    return tap


def count_tap(client: Client, play: Play) -> Callable[[], Callable[[], Any]]:
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

    def tap() -> Callable[[], Any]:
        body = next(bodies)
        return lambda: client.post(path, body, **HTMX, HTTP_HX_TARGET="reef-live")

    return tap


def parses(monkeypatch: pytest.MonkeyPatch, slug: str) -> list[bool]:
    """Each parse of the game from here on, by whether it was partial."""
    module = games.GAMES[slug]
    parse = module.parse
    calls: list[bool] = []

    def counted(data: Any, *, partial: bool = False) -> Any:
        calls.append(partial)
        return parse(data, partial=partial)

    monkeypatch.setattr(module, "parse", counted)
    return calls


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


TAPS = {"shallow-sea": tile_tap, "reef-draft": count_tap}


def bench_tap(
    bench_group: tuple[Any, Group, Builder], slug: str
) -> Callable[[], Callable[[], Any]]:
    """The benchmark's tap on a play of ``slug`` in progress, sent once already: the
    phone's token is known from then on, as at the table."""
    user, _, builder = bench_group
    play, _ = builder.play_in_progress(get_codec(slug))
    send = TAPS[slug](signed_in(user), play)
    assert send()().status_code == 200
    return send


# Both: the session with its account; the seats with their play, this phone's place at
# its table and the user's role in its group; the play's version checked and moved on,
# the entry saved; and the savepoint and its release the test's own transaction makes
# of the request's. (A Sealife tile's form also reads the values it knows, the
# catalogue's and the groups': a coral's needs none.)
@pytest.mark.parametrize(
    ("slug", "queries", "answer"),
    [
        ("shallow-sea", 6, '<section id="editor" class="editor"'),
        ("reef-draft", 6, '<div class="live" id="reef-live"'),
    ],
)
def test_a_tap_answers_small_in_a_fixed_number_of_queries(
    bench_group: tuple[Any, Group, Builder],
    django_assert_num_queries: Any,
    slug: str,
    queries: int,
    answer: str,
) -> None:
    post = bench_tap(bench_group, slug)()
    with django_assert_num_queries(queries):
        response = post()
    assert response.status_code == 200
    assert response.content.decode().lstrip().startswith(answer)
    assert len(gzip.compress(response.content)) <= SMALL


# Each change is checked with a partial parse, and its running score comes from that same
# parse; Shallow Sea's live panel also asks the whole game what is left before finishing.
@pytest.mark.parametrize(
    ("slug", "parsed"), [("shallow-sea", [True, False]), ("reef-draft", [True])]
)
def test_a_tap_parses_the_game_once_for_the_change(
    bench_group: tuple[Any, Group, Builder],
    monkeypatch: pytest.MonkeyPatch,
    slug: str,
    parsed: list[bool],
) -> None:
    post = bench_tap(bench_group, slug)()
    calls = parses(monkeypatch, slug)
    assert post().status_code == 200
    assert calls == parsed


def test_a_tile_on_a_full_board_answers_with_its_space_and_the_totals(
    bench_group: tuple[Any, Group, Builder],
) -> None:
    body = bench_tap(bench_group, "shallow-sea")()().content.decode()
    assert 'id="board"' not in body
    spaces = re.findall(r"hx-swap-oob=.outerHTML:\[data-place=(\w+)\]", body)
    assert spaces == [SPACE]  # a tile replaced among its neighbours changes its space alone
    assert not re.search(r'data-place="R\dC\d:', body)  # and no bubble: the tile is not new
    assert '<p class="board-status" id="board-status" hx-swap-oob="true">' in body
    assert 'id="live"' in body  # what the benchmark checks it got


def test_a_count_answers_with_its_live_total_and_its_own_chip(
    bench_group: tuple[Any, Group, Builder],
) -> None:
    body = bench_tap(bench_group, "reef-draft")()().content.decode()
    assert re.findall(r'<li id="seat-(\d)" hx-swap-oob="true">', body) == ["0"]


def test_a_tile_saved_over_another_phones_change_redraws_the_board(
    bench_group: tuple[Any, Group, Builder],
) -> None:
    """The phone drew its ocean when it opened the space; another phone's tap on the same
    ocean since then is drawn by this answer too, not left stale on this phone."""
    post = bench_tap(bench_group, "shallow-sea")()
    play = Play.objects.filter(status=Play.Status.IN_PROGRESS, game="shallow-sea").get()
    other = next(s for s in play.ordered_results()[0].entry["board"]["tiles"] if s != SPACE)
    change_part(play, 0, ("board",), lambda board: with_tile(board, other, None))
    body = post().content.decode()
    spaces = re.findall(r"hx-swap-oob=.outerHTML:\[data-place=(\w+)\]", body)
    assert sorted(spaces) == sorted(SPACE_SHAPES)  # the space taken away among them


def seats_read_before_another_change(play: Play) -> list[Any]:
    """The play's seats as a tap read them with the play (at its version), then another
    phone's change saved before the tap's: the version has moved on under them."""
    read = play.ordered_results()
    elsewhere = Play.objects.get(pk=play.pk)
    other = next(s for s in read[0].entry["board"]["tiles"] if s != SPACE)
    change_part(elsewhere, 0, ("board",), lambda board: with_tile(board, other, None))
    return read


def test_a_tap_read_before_another_change_builds_on_it(
    bench_group: tuple[Any, Group, Builder],
) -> None:
    """The straight path checks the version its seats were read at: moved on, the play
    is locked and its seats read again, so neither tap is lost."""
    _, _, builder = bench_group
    play, _ = builder.play_in_progress(get_codec("shallow-sea"))
    version = play.version
    read = seats_read_before_another_change(play)
    tile = {"kind": "coral", "color": "red", "vp": 7, "completed": True, "fish": "red"}
    saved = change_part(
        play, 0, ("board",), lambda board: with_tile(board, SPACE, tile), seats=read
    )
    tiles = Play.objects.get(pk=play.pk).ordered_results()[0].entry["board"]["tiles"]
    assert tiles[SPACE] == tile
    assert len(tiles) == len(read[0].entry["board"]["tiles"]) - 1  # the other tap kept
    assert saved[0].entry["board"]["tiles"] == tiles
    assert Play.objects.get(pk=play.pk).version == version + 2


def test_a_count_read_before_another_screens_save_of_it_is_stale(
    bench_group: tuple[Any, Group, Builder],
) -> None:
    """Another screen saved the same part after the tap's seats were read: the locked
    path finds it, and the phone is told (StaleEdit), never overwriting it."""
    _, _, builder = bench_group
    play, _ = builder.play_in_progress(get_codec("reef-draft"))
    read = play.ordered_results()
    seat = read[0]
    rounds = seat.entry["rounds"]
    last = max(rounds, key=int)
    shown, path = fingerprint(rounds[last]), ("rounds", last)
    held = {k for k, n in rounds[last].get("on_shark", {}).items() if n}
    kinds = [k for k, n in rounds[last].items() if k not in {"on_shark", "sharks", *held} and n]
    # Each a card fewer (still a game), of two kinds.
    theirs, mine = ({**rounds[last], kind: rounds[last][kind] - 1} for kind in kinds[:2])
    elsewhere = Play.objects.get(pk=play.pk)
    save_part(elsewhere, elsewhere.ordered_results()[0], path, theirs, base=shown, editor="a")
    with pytest.raises(StaleEdit):
        save_part(play, seat, path, mine, base=shown, editor="b", seats=read)
    assert Play.objects.get(pk=play.pk).ordered_results()[0].entry["rounds"][last] == theirs


def test_a_poll_while_nothing_changed_is_one_query(
    bench_group: tuple[Any, Group, Builder], django_assert_num_queries: Any
) -> None:
    """A phone's table polled as the benchmark polls it: 304 from the play's version
    alone (no session, no account)."""
    user, _, builder = bench_group
    play, _ = builder.play_in_progress(get_codec("reef-draft"))
    client = signed_in(user)
    path = f"/plays/{play.uuid}/table/"
    etag = client.get(path, **HTMX)["ETag"]
    with django_assert_num_queries(1):
        response = client.get(path, **HTMX, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304
