"""The player and group pages' charts (scorepad/stats.py, drawn by scorepad/charts.py):
from the kept records, in the few queries those pages already make."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from scorepad.models import Group
from tests.test_groups import record_play


@pytest.fixture
def three_plays(group: Group) -> Group:
    record_play(group, {"Ana": 50, "Ben": 40, "Cleo": 45}, day=1)
    record_play(group, {"Ana": 30, "Ben": 40}, day=2)
    record_play(group, {"Ana": 44, "Cleo": 44}, day=3)
    return group


def test_the_group_page_charts_who_wins_most(alice_client: Client, three_plays: Group) -> None:
    response = alice_client.get(f"/groups/{three_plays.pk}/")
    chart = response.context["records"].wins_chart
    # Ana won plays 1 and 3 (a shared win), Ben play 2, Cleo shared play 3.
    assert [(b.label, b.value, b.text) for b in chart.bars] == [
        ("Ana", 2, "2 of 3 · 67%"),
        ("Ben", 1, "1 of 2 · 50%"),
        ("Cleo", 1, "1 of 2 · 50%"),
    ]
    # To the most plays anyone could have won (Ana's 3): her 2 wins are two thirds of it.
    assert [t.label for t in chart.ticks] == ["0", "1", "2", "3"]
    assert chart.bars[0].width == pytest.approx((chart.right - chart.left) * 2 / 3)
    body = response.content.decode()
    assert "Who wins most" in body and "wins, all games" in body


def test_the_player_page_charts_win_rates_and_scores_with_axes(
    alice_client: Client, three_plays: Group
) -> None:
    ana = three_plays.players.get(name="Ana")
    response = alice_client.get(f"/groups/{three_plays.pk}/players/{ana.pk}/")
    page = response.context["page"]
    ((bar),) = page.win_rates.bars
    assert (bar.label, bar.text) == ("Reef Draft", "67% · 2 of 3")
    assert page.win_rates.ticks[-1].label == "100%"
    ((_, chart),) = page.charts
    assert chart.average == pytest.approx(124 / 3)
    body = response.content.decode()
    assert "Win rate by game" in body
    assert "Reef Draft: scores over time" in body
    assert 'class="average"' in body and "average 41.3" in body
    assert 'class="tick y-tick"' in body and ">points</text>" in body


def test_solo_plays_are_not_wins_in_who_wins_most_nor_in_win_rates(
    alice_client: Client, group: Group
) -> None:
    record_play(group, {"Ana": 150}, game="shallow-sea", mode="solo", day=1)
    record_play(group, {"Ana": 160}, game="shallow-sea", mode="solo", day=2)
    record_play(group, {"Ana": 50, "Ben": 40}, day=3)
    chart = alice_client.get(f"/groups/{group.pk}/").context["records"].wins_chart
    assert [(b.label, b.value, b.text) for b in chart.bars] == [
        ("Ana", 1, "1 of 1 · 100%"),
        ("Ben", 0, "0 of 1 · 0%"),
    ]
    ana = group.players.get(name="Ana")
    response = alice_client.get(f"/groups/{group.pk}/players/{ana.pk}/")
    page = response.context["page"]
    # Shallow Sea, only ever played solo, has no win rate; its scores are still charted.
    assert [(b.label, b.text) for b in page.win_rates.bars] == [("Reef Draft", "100% · 1 of 1")]
    assert [name for name, _ in page.charts] == ["Reef Draft", "Shallow Sea, solo"]
    body = response.content.decode()
    assert "<strong>3</strong> plays (2 solo) · <strong>1</strong> win · 100% won" in body


def test_no_plays_no_charts(alice_client: Client, group: Group, alice: object) -> None:
    response = alice_client.get(f"/groups/{group.pk}/")
    assert response.context["records"].wins_chart is None
    assert "Who wins most" not in response.content.decode()


def test_a_games_modes_are_charted_apart(alice_client: Client, group: Group) -> None:
    """A solo score beside a table's on one line says nothing of either."""
    record_play(group, {"Ana": 150}, game="shallow-sea", mode="solo", day=1)
    record_play(group, {"Ana": 80, "Ben": 70}, game="shallow-sea", day=2)
    record_play(group, {"Ana": 160}, game="shallow-sea", mode="solo", day=3)
    ana = group.players.get(name="Ana")
    page = alice_client.get(f"/groups/{group.pk}/players/{ana.pk}/").context["page"]
    charted = [(name, [p.value for p in chart.points]) for name, chart in page.charts]
    assert charted == [("Shallow Sea", [80]), ("Shallow Sea, solo", [150, 160])]


def test_outsider_gets_404(
    alice_client: Client, outsider_client: Client, three_plays: Group
) -> None:
    ana = three_plays.players.get(name="Ana")
    for url in (f"/groups/{three_plays.pk}/", f"/groups/{three_plays.pk}/players/{ana.pk}/"):
        assert alice_client.get(url).status_code == 200
        assert outsider_client.get(url).status_code == 404


# Where an SVG drawing holds numbers: they are read as numbers (12.5), never as words in
# the reader's language (German writes 12,5).
SVG_NUMBERS = re.compile(
    r'<(?:rect|line|circle|text|polyline|svg)\b[^>]*?\s(?:x|y|x1|x2|y1|y2|cx|cy|width|height|points|viewBox)="([^"]*)"'
)


@pytest.mark.parametrize("language", ["de", "fr"])
def test_charts_draw_in_any_language_and_say_their_numbers_in_it(
    alice_client: Client, three_plays: Group, language: str
) -> None:
    ana = three_plays.players.get(name="Ana")
    headers = {"accept-language": language}
    group_page = alice_client.get(f"/groups/{three_plays.pk}/", headers=headers)
    player_page = alice_client.get(f"/groups/{three_plays.pk}/players/{ana.pk}/", headers=headers)
    drawn = []
    for response in (group_page, player_page):
        body = response.content.decode()
        drawn += [value for match in SVG_NUMBERS.finditer(body) for value in [match.group(1)]]
    assert len(drawn) > 20
    assert [value for value in drawn if "," in value and " " not in value] == []
    points = [value for value in drawn if " " in value and "," in value]
    assert all(re.fullmatch(r"[\d.]+,[\d.]+( [\d.]+,[\d.]+)*", value) for value in points)
    assert ("Durchschnitt 41,3" if language == "de" else "moyenne 41,3") in (
        player_page.content.decode()
    )
