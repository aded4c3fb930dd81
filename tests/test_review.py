"""A year or month in review (scorepad/review.py) for a group and a player, and the
shareable cards (scorepad/cards.py): figures checked by hand, who sees them, the same
few queries at any number of plays, and PNGs that open."""

from __future__ import annotations

import io
import re
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from PIL import Image

from scorepad import cards
from scorepad.models import Group, Play, void_play
from scorepad.models.colours import SEAT_HEX
from scorepad.review import Period, review
from tests.test_groups import record_play, recorded_history

pytestmark = pytest.mark.django_db

# record_play's days count from 1 January 2026.
MARCH = 31 + 28


def test_a_period_is_a_year_or_one_month_of_it() -> None:
    year, december = Period(2026), Period(2026, 12)
    assert (year.start, year.end, year.label, year.slug, year.query) == (
        date(2026, 1, 1),
        date(2027, 1, 1),
        "2026",
        "2026",
        "",
    )
    assert (december.start, december.end, december.label, december.slug, december.query) == (
        date(2026, 12, 1),
        date(2027, 1, 1),
        "December 2026",
        "2026-12",
        "?month=12",
    )


@pytest.fixture
def season(group: Group, alice: Any) -> dict[str, Play]:
    """Ana wins three in a row at Reef Draft (two on one night), then loses; Ben's best
    Seagrass score; a play of the year before (Seagrass: Reef Draft's ratings start
    fresh in January), and one taken out of the history."""
    plays = {
        "first": record_play(group, {"Ana": 50, "Ben": 40}, day=0),
        "second": record_play(group, {"Ana": 61, "Ben": 40, "Cleo": 30}, day=MARCH),
        "third": record_play(group, {"Ana": 45, "Ben": 44}, day=MARCH),
        "lost": record_play(group, {"Ana": 30, "Ben": 44}, day=MARCH + 5),
        "seagrass": record_play(group, {"Ben": 70, "Cleo": 20}, game="seagrass", day=MARCH + 6),
        "last_year": record_play(group, {"Ana": 99, "Ben": 10}, game="seagrass", day=-3),
        "voided": record_play(group, {"Ana": 98, "Ben": 10}, day=10),
    }
    void_play(plays["voided"], alice)
    return plays


def test_the_groups_year(group: Group, season: dict[str, Play]) -> None:
    year = review(group, Period(2026))
    assert year.plays == 5
    assert [(g.label, g.plays) for g in year.games] == [("Reef Draft", 4), ("Seagrass", 1)]
    assert [(n.day, n.plays) for n in year.nights] == [(date(2026, 3, 1), 2)]
    assert [(b.game, b.seat.total, b.seat.player.name) for b in year.best_scores] == [
        ("Seagrass", 70, "Ben"),
        ("Reef Draft", 61, "Ana"),
    ]
    assert [(w.name, w.wins, w.contested) for w in year.winners] == [
        ("Ana", 3, 4),
        ("Ben", 2, 5),
    ]
    assert [(r.name, r.game, r.streak) for r in year.streaks] == [("Ana", "Reef Draft", 3)]
    assert [(m.label, m.plays) for m in year.by_month if m.plays] == [("Jan", 1), ("Mar", 4)]
    assert len(year.by_month) == 12


def test_a_month_leaves_out_the_rest_of_the_year(group: Group, season: dict[str, Play]) -> None:
    january = review(group, Period(2026, 1))
    assert (january.plays, january.months_chart) == (1, None)
    assert [(m.label, m.plays) for m in january.by_month if m.plays] == [("Jan", 1), ("Mar", 4)]
    # Ana's first rated play: a two-player win from 25, +2.635 (tests/test_ratings.py).
    assert [(r.name, r.gained_text) for r in january.gains] == [("Ana", "+2.6")]
    assert [(w.name, w.wins) for w in january.winners] == [("Ana", 1)]


def test_a_players_year_names_their_nemesis(group: Group, season: dict[str, Play]) -> None:
    ana = group.players.get(name="Ana")
    year = review(group, Period(2026), ana)
    assert year.plays == 4
    assert [(w.wins, w.contested) for w in year.winners] == [(3, 4)]
    nemesis = year.nemesis
    assert nemesis is not None
    assert (nemesis.name, nemesis.losses, nemesis.together) == ("Ben", 1, 4)
    # Their own review shows each game's rating change, a loss of rating too.
    assert [r.game for r in year.gains] == ["Reef Draft"]


def test_a_year_without_plays_says_so(alice_client: Client, group: Group) -> None:
    body = alice_client.get(f"/groups/{group.pk}/review/2031/").content.decode()
    assert "No plays in 2031 yet." in body


class TestPages:
    def test_the_group_page_leads_to_its_years_and_the_review_shows_them(
        self, alice_client: Client, group: Group, season: dict[str, Play]
    ) -> None:
        page = alice_client.get(f"/groups/{group.pk}/").content.decode()
        assert f'href="/groups/{group.pk}/review/2026/">2026 in review' in page
        body = alice_client.get(f"/groups/{group.pk}/review/2026/").content.decode()
        assert "<strong>5</strong> plays · <strong>2</strong> games" in body
        assert f'href="/plays/{season["seagrass"].uuid}/result/"' in body
        assert f'href="/groups/{group.pk}/review/2026/card.png"' in body
        assert 'data-share="Thursday table · 2026"' in body

    def test_a_month_of_it(
        self, alice_client: Client, group: Group, season: dict[str, Play]
    ) -> None:
        body = alice_client.get(f"/groups/{group.pk}/review/2026/", {"month": 3}).content
        assert "March 2026" in body.decode()
        assert "<strong>4</strong> plays" in body.decode()

    def test_htmx_gets_the_review_alone(
        self, alice_client: Client, group: Group, season: dict[str, Play]
    ) -> None:
        url = f"/groups/{group.pk}/review/2026/"
        response = alice_client.get(url, {"month": 3}, HTTP_HX_REQUEST="true")
        body = response.content.decode()
        assert body.lstrip().startswith('<section id="review"')
        assert "<html" not in body and "March 2026" in body
        assert f'href="/groups/{group.pk}/review/2026/card.png?month=3"' in body
        assert "HX-Request" in response["Vary"]

    def test_a_players_review_and_its_card(
        self, alice_client: Client, group: Group, season: dict[str, Play]
    ) -> None:
        ana = group.players.get(name="Ana")
        url = f"/groups/{group.pk}/players/{ana.pk}/review/2026/"
        assert (
            f'href="{url}">2026 in review'
            in alice_client.get(f"/groups/{group.pk}/players/{ana.pk}/").content.decode()
        )
        body = alice_client.get(url).content.decode()
        assert "Nemesis" in body and "Ben" in body
        card = alice_client.get(url + "card.png")
        assert card["Content-Type"] == "image/png"
        assert Image.open(io.BytesIO(card.content)).size[0] == 1080

    @pytest.mark.parametrize("query", [{"month": 13}, {"month": "x"}, {"month": 0}])
    def test_no_such_month_is_404(
        self, alice_client: Client, group: Group, query: dict[str, Any]
    ) -> None:
        assert alice_client.get(f"/groups/{group.pk}/review/2026/", query).status_code == 404

    def test_no_such_year_is_404(self, alice_client: Client, group: Group) -> None:
        assert alice_client.get(f"/groups/{group.pk}/review/99999/").status_code == 404

    def test_outsiders_get_404_for_the_pages_and_the_cards(
        self,
        alice_client: Client,
        outsider_client: Client,
        group: Group,
        season: dict[str, Play],
    ) -> None:
        ana = group.players.get(name="Ana")
        urls = [
            f"/groups/{group.pk}/review/2026/",
            f"/groups/{group.pk}/review/2026/card.png",
            f"/groups/{group.pk}/players/{ana.pk}/review/2026/",
            f"/groups/{group.pk}/players/{ana.pk}/review/2026/card.png",
        ]
        for url in urls:
            assert alice_client.get(url).status_code == 200, url
            assert outsider_client.get(url).status_code == 404, url

    def test_anonymous_is_sent_to_log_in(self, client: Client, group: Group) -> None:
        response = client.get(f"/groups/{group.pk}/review/2026/")
        assert response.status_code == 302 and "/login/" in response["Location"]

    @pytest.mark.parametrize("plays", [5, 10_000])
    def test_query_count_stays_flat(
        self, alice_client: Client, group: Group, plays: int, django_assert_num_queries: Any
    ) -> None:
        recorded_history(group, plays)
        # session with its account, the group (with the viewer's role), the years played,
        # the games played, the busiest nights, the best scores (seats, players, plays),
        # the winners, the rating steps, the months.
        with django_assert_num_queries(9):
            response = alice_client.get(f"/groups/{group.pk}/review/2026/")
        assert response.status_code == 200
        ana = group.players.get(name="Ana")
        # ... and for a player: the player with their group instead, and their rivals.
        with django_assert_num_queries(10):
            alice_client.get(f"/groups/{group.pk}/players/{ana.pk}/review/2026/")


class TestResultCard:
    def test_a_finished_play_is_a_card_for_whoever_reads_it(
        self, alice_client: Client, outsider_client: Client, group: Group
    ) -> None:
        play = record_play(group, {"Ana": 50, "Ben": 40, "Cleo": 40})
        page = alice_client.get(f"/plays/{play.uuid}/result/").content.decode()
        assert f'href="/plays/{play.uuid}/result.png"' in page
        card = alice_client.get(f"/plays/{play.uuid}/result.png")
        image = Image.open(io.BytesIO(card.content))
        assert (card["Content-Type"], image.format, image.size[0]) == ("image/png", "PNG", 1080)
        assert outsider_client.get(f"/plays/{play.uuid}/result.png").status_code == 404

    def test_a_play_not_finished_has_no_card_and_sends_to_the_play(
        self, alice_client: Client, make_play: Any
    ) -> None:
        play = make_play("reef-draft")
        response = alice_client.get(f"/plays/{play.uuid}/result.png")
        assert (response.status_code, response["Location"]) == (302, play.get_absolute_url())


def test_the_cards_draw_the_seats_in_the_stylesheets_colours() -> None:
    css = Path("static/scorepad/every-screen.css").read_text()
    drawn = dict(re.findall(r"\.seat-(\w+) \{ --seat: (#[0-9a-f]{6}); \}", css))
    assert drawn == SEAT_HEX


def test_a_card_is_drawn_without_the_fonts_too(
    settings: Any, group: Group, season: dict[str, Play]
) -> None:
    settings.CARD_FONT_DIR = "/nowhere"
    cards.font.cache_clear()
    try:
        png = cards.review_card(review(group, Period(2026)))
    finally:
        cards.font.cache_clear()
    assert Image.open(io.BytesIO(png)).format == "PNG"
