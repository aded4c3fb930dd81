"""The seam between the shared site and each game's own package.

A game only the tests know (tests/fake_game, Tide Pool) goes through every shared flow
without a line of site code knowing it; the shared site's files name no game; every
registered game keeps its promises to the shared site."""

from __future__ import annotations

import re
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client

import games
from scorepad.codecs import all_codecs, get_codec
from scorepad.entries import PlayState
from scorepad.models import Group, Play, StaleEdit
from scorepad.models.changes import save_part
from scorepad.pads import all_pads, get_pad
from tests.conftest import hosting
from tests.fake_game import game as tide_pool
from tests.fake_game.codecs import EXAMPLE
from tests.shared_flows import kept_exported_and_imported

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parent.parent


def enter_counts(client: Client, play: Play, position: int, counts: dict[str, int]) -> None:
    url = f"/plays/{play.uuid}/players/{position}/tally/"
    page = client.get(url)
    form = {"base": page.context["base"], "editor": page.context["editor"], "go": "next"}
    response = client.post(url, {**form, **counts})
    assert response.status_code == 302, response.content.decode()[:500]


def test_a_game_only_the_tests_know_goes_through_every_shared_flow(
    client: Client, alice: Any, group: Group
) -> None:
    slug = tide_pool.INFO.slug
    home = client.get("/").content.decode()
    assert f"/games/{slug}/new/" in home

    # A guest table starts a play and each phone enters its counts.
    seats = {f"seat_{i}": name for i, name in enumerate(EXAMPLE["players"], 1)}
    response = client.post(f"/games/{slug}/new/", seats)
    play = Play.objects.get(game=slug)
    assert response["Location"] == play.get_absolute_url()
    hub = client.get(play.get_absolute_url())
    assert [row["result"].name for row in hub.context["tallies"]] == EXAMPLE["players"]
    for position, name in enumerate(EXAMPLE["players"]):
        enter_counts(client, play, position, EXAMPLE["counts"][name])

    # Finish: the result is the game's own score of the same entry.
    assert client.post(f"/plays/{play.uuid}/finish/")["Location"] == f"/plays/{play.uuid}/result/"
    expected = tide_pool.score(tide_pool.parse(EXAMPLE)).to_json()
    play.refresh_from_db()
    results = play.ordered_results()
    assert [(r.name, r.total, r.rank, r.breakdown) for r in results] == [
        (p["name"], p["total"], p["rank"], p["breakdown"]) for p in expected["players"]
    ]
    assert play.readable_notes() == expected["notes"]  # Ana and Ben tie; Ana's pearls win
    page = client.get(f"/plays/{play.uuid}/result/").content.decode()
    assert "Tide Pool: result" in page and "most pearls" in page

    # The CSV's rows are the seats with their totals (Ana 9, Ben 9, Cleo 4).
    assert [r.total for r in results] == [9, 9, 4]
    kept_exported_and_imported(client, alice, group, play, ["shells", "pearls"])


def test_its_counts_screen_keeps_the_shared_checks(client: Client, make_play: Any) -> None:
    """Bad counts are refused with the game's words; another phone's edit is not lost."""
    play = make_play(tide_pool.INFO.slug, {**EXAMPLE, "counts": {}})
    hosting(client, play)
    url = f"/plays/{play.uuid}/players/0/tally/"
    base = client.get(url).context
    response = client.post(url, {"base": base["base"], "editor": "a", "shells": "-1"})
    assert "shells" in response.context["form"].errors
    result = play.ordered_results()[0]
    save_part(play, result, ("counts",), {"shells": 2, "pearls": 0}, base=base["base"], editor="b")
    with pytest.raises(StaleEdit):
        save_part(
            play, result, ("counts",), {"shells": 5, "pearls": 0}, base=base["base"], editor="c"
        )


@pytest.mark.parametrize("codec", all_codecs(), ids=lambda codec: codec.slug)
def test_every_game_stores_its_example_and_scores_it_as_the_game_does(codec: Any) -> None:
    """``from_input`` then ``to_input`` gives back what the game scores the same."""
    example = codec.example_input()
    stored = codec.from_input(example)
    play = Play(game=codec.slug, mode=stored.mode, options=stored.options)
    state = PlayState(stored.players, stored.options, stored.mode, stored.entries, stored.events)
    again = codec.to_input(state)
    score = codec.game.score
    parse = codec.game.parse
    assert score(parse(again)).to_json() == score(parse(example)).to_json()
    assert play.codec is codec
    assert get_pad(codec.slug).codec is codec  # its screens enter the game it stores


def test_the_games_the_api_scores_are_the_games_the_site_enters() -> None:
    site = {pad.slug for pad in all_pads()}
    assert site == {codec.slug for codec in all_codecs()}
    assert set(games.GAMES) <= site
    # The tests' own games (registered by tests/settings.py alone), Tide Pool among them.
    tests_own = {codec.slug for codec in all_codecs() if codec.game.__name__.startswith("tests.")}
    assert tide_pool.INFO.slug in tests_own
    assert site - set(games.GAMES) == tests_own
    assert get_codec(tide_pool.INFO.slug).game is tide_pool
    assert get_pad(tide_pool.INFO.slug).game is tide_pool


# --- The shared site names no game -------------------------------------------------------------
# Outside a game's own package, its templates and docs, the tests and migrations, only the
# registry (settings.SCOREPAD_PADS; games/__init__.py for the pure scoring) and the
# tools that drive the demo's own plays may name a game: the benchmark, the screenshots
# (`make screenshots`: a game's own screens, its solo ladder, its sheet) and Lighthouse's
# audit of them (`make lighthouse`).
ALLOWED = {"scorepad/settings.py", "games/__init__.py"}
BENCHMARK = re.compile(r"^scripts/(bench|screenshots|lighthouse)")
SHARED = ("scorepad", "templates", "static", "scripts", "games")


def names_of(pad: Any) -> re.Pattern[str]:
    slug = pad.slug
    words = {slug, slug.replace("-", "_"), slug.replace("-", " "), pad.info.name}
    return re.compile("|".join(re.escape(w) for w in sorted(words)), re.IGNORECASE)


def own_places(pad: Any) -> tuple[str, ...]:
    """Where a game may name itself: its web package and templates, its scoring package."""
    package = next(p for p in settings.SCOREPAD_PADS if pad in import_module(f"{p}.pads").PADS)
    scoring = pad.game.__name__.replace(".", "/")
    label = package.rsplit(".", 1)[-1]
    return (package.replace(".", "/") + "/", f"templates/{label}/", f"{scoring}/", f"{scoring}.py")


def shared_files() -> list[Path]:
    files = []
    for top in SHARED:
        for path in (ROOT / top).rglob("*"):
            if (
                path.is_file()
                and "__pycache__" not in path.parts
                and "migrations" not in path.parts
            ):
                files.append(path)
    return files


@pytest.mark.parametrize("pad", all_pads(), ids=lambda pad: pad.slug)
def test_the_shared_site_names_no_game(pad: Any) -> None:
    pattern, places = names_of(pad), own_places(pad)
    named = []
    for path in shared_files():
        where = path.relative_to(ROOT).as_posix()
        if where in ALLOWED or BENCHMARK.match(where) or where.startswith(places):
            continue
        text = path.read_text(errors="replace")
        if pattern.search(text):
            named.append(where)
    assert named == []
