"""Skill ratings (scorepad/ratings.py): OpenSkill's Plackett–Luce numbers checked by hand,
a solo play that moves nothing, plays rated in the order played whatever order they came
in, and where the ratings are shown. That the kept ratings always equal a rebuild is
tests/test_records.py's property test (``records.snapshot`` holds them)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from scorepad import records
from scorepad.models import Group, Play, Rating, RatingStep, void_play
from scorepad.ratings import FRESH, Skill, rate
from tests.test_groups import record_play

# OpenSkill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300 (added to sigma first).
#   sigma'^2 = (25/3)^2 + (25/300)^2 = 69.45139
#   beta^2 = 17.36111


def test_a_fresh_player_starts_at_25_and_8_33() -> None:
    assert (round(FRESH.mu, 3), round(FRESH.sigma, 3), FRESH.plays) == (25, 8.333, 0)


def test_a_two_player_win_moves_each_by_2_635() -> None:
    # c^2 = 2 (69.45139 + 17.36111) = 173.625, c = 13.17669; each wins with p = 1/2.
    # The winner: mu + sigma'^2 / c * (1 - 1/2) = 25 + 5.27074 * 0.5 = 27.63537;
    # the loser 22.36463. delta = (sigma'/c) * (sigma'^2/c^2) * p(1-p)
    #   = 0.63246 * 0.40001 * 0.25 = 0.06325; sigma = 8.33375 * sqrt(1 - 0.06325) = 8.06590.
    winner, loser = rate([(FRESH, 1), (FRESH, 2)])
    assert (round(winner.mu, 3), round(winner.sigma, 3), winner.plays) == (27.635, 8.066, 1)
    assert (round(loser.mu, 3), round(loser.sigma, 3), loser.plays) == (22.365, 8.066, 1)


def test_four_players_with_a_tie_for_second() -> None:
    # Ranks 1, 2, 2, 4. c^2 = 4 (69.45139 + 17.36111) = 347.25, c = 18.63464;
    # sigma'^2 / c = 3.72697. Each player's share of the sum over the players ranked at
    # or below q (all equal here): 1/4 at rank 1, 1/3 at rank 2 (its two tied players
    # each weighed 1/2), 1 at rank 4.
    #   first:  (1 - 1/4)                          = +0.75     -> 25 + 2.79523 = 27.79523
    #   second: -1/4 + (1 - 1/3)/2 - (1/3)/2       = -0.08333  -> 25 - 0.31058 = 24.68942
    #   fourth: -1/4 - (1/3)/2 - (1/3)/2 + (1 - 1) = -0.58333  -> 25 - 2.17407 = 22.82593
    # sigma: (sigma'/c) (sigma'^2/c^2) = sqrt(0.2) * 0.2 = 0.08944, times the sum of
    # share (1 - share) / tied: first 0.1875 -> sigma 8.26357; second and fourth
    # 0.1875 + 2 * (1/3 * 2/3) / 2 = 0.40972 -> 8.17962.
    first, second, also_second, fourth = rate([(FRESH, 1), (FRESH, 2), (FRESH, 2), (FRESH, 4)])
    assert (round(first.mu, 3), round(first.sigma, 3)) == (27.795, 8.264)
    assert (round(second.mu, 3), round(second.sigma, 3)) == (24.689, 8.180)
    assert also_second == second
    assert (round(fourth.mu, 3), round(fourth.sigma, 3)) == (22.826, 8.180)


def test_an_upset_moves_more_than_the_expected_result() -> None:
    favourite = Skill(30.0, FRESH.sigma, 6)
    (upset, _), (expected, _) = (
        rate([(favourite, 2), (FRESH, 1)]),
        rate([(favourite, 1), (FRESH, 2)]),
    )
    assert favourite.mu - upset.mu > expected.mu - favourite.mu > 0
    assert upset.plays == expected.plays == 7


pytestmark = pytest.mark.django_db


def test_a_solo_play_moves_no_rating(group: Group) -> None:
    record_play(group, {"Ana": 50, "Ben": 40}, day=1)
    kept = records.snapshot()
    record_play(group, {"Ana": 120}, day=2)
    assert not RatingStep.objects.filter(play__results__total=120).exists()
    after = records.snapshot()
    assert (after["ratings"], after["rating steps"]) == (kept["ratings"], kept["rating steps"])


def test_a_play_in_no_group_is_not_rated(make_play: Any) -> None:
    make_play("reef-draft", finish=True)
    assert not Rating.objects.exists()


def test_a_play_finished_late_is_rated_in_the_order_played(group: Group) -> None:
    later = record_play(group, {"Ana": 50, "Ben": 40}, day=5)
    record_play(group, {"Ana": 30, "Ben": 60}, day=1)  # entered after, played before
    ana_later = RatingStep.objects.get(play=later, player__name="Ana")
    # Ana lost first (22.365), then won from there: not from 25.
    assert round(ana_later.mu_before, 3) == 22.365
    assert ana_later.plays == 2
    ana = Rating.objects.get(player__name="Ana")
    assert (ana.mu, ana.plays) == (ana_later.mu, 2)


def test_a_voided_play_leaves_the_ratings_after_it_as_if_never_played(
    group: Group, alice: Any
) -> None:
    first = record_play(group, {"Ana": 50, "Ben": 40}, day=1)
    second = record_play(group, {"Ana": 30, "Ben": 60}, day=2)
    void_play(first, alice)
    step = RatingStep.objects.get(play=second, player__name="Ben")
    assert (round(step.mu_before, 3), round(step.mu, 3), step.plays) == (25, 27.635, 1)
    assert not RatingStep.objects.filter(play=first).exists()


def test_a_rating_is_provisional_until_five_plays(group: Group) -> None:
    for day in range(4):
        record_play(group, {"Ana": 50, "Ben": 40}, day=day)
    assert Rating.objects.get(player__name="Ana").provisional
    record_play(group, {"Ana": 50, "Ben": 40}, day=4)
    assert not Rating.objects.get(player__name="Ana").provisional


def streaks(group: Group) -> tuple[int, int]:
    ana = Rating.objects.get(group=group, player__name="Ana")
    return ana.streak, ana.longest


def test_win_streaks_count_shared_wins_and_follow_the_order_played(group: Group) -> None:
    # Ana: won, won, won, lost, shared the win: 1 in a row now, 3 at most.
    for day, ben in enumerate([40, 40, 40, 60, 50]):
        record_play(group, {"Ana": 50, "Ben": ben}, day=2 * day)
    record_play(group, {"Ana": 99}, day=9)  # solo: no win, and no loss either
    assert streaks(group) == (1, 3)
    # A loss played on the second night, entered last: won, lost, won, won, lost, won.
    record_play(group, {"Ana": 10, "Ben": 40}, day=1)
    assert streaks(group) == (1, 2)


class TestShown:
    def test_the_group_page_ranks_the_settled_before_the_provisional(
        self, alice_client: Client, group: Group
    ) -> None:
        for day in range(5):
            record_play(group, {"Ana": 40, "Ben": 50}, day=day)
        record_play(group, {"Ana": 40, "Cleo": 99}, day=6)  # Cleo: one win, provisional
        (record,) = alice_client.get(f"/groups/{group.pk}/").context["records"]
        assert [r.player.name for r in record.ratings] == ["Ben", "Ana", "Cleo"]
        body = alice_client.get(f"/groups/{group.pk}/").content.decode()
        leaderboard = body[body.index('<table class="ratings">') :]
        assert leaderboard.index("Ben") < leaderboard.index("Ana") < leaderboard.index("Cleo")
        assert "provisional" in leaderboard[leaderboard.index("Cleo") :]

    def test_a_result_shows_each_players_rating_change(
        self, alice_client: Client, group: Group
    ) -> None:
        play = record_play(group, {"Ana": 50, "Ben": 40})
        body = alice_client.get(f"/plays/{play.uuid}/result/").content.decode()
        ratings = body[body.index('id="ratings"') :]
        assert "27.6" in ratings and "+2.6" in ratings
        assert "22.4" in ratings and "\N{MINUS SIGN}2.6" in ratings

    def test_an_outsider_sees_no_result_nor_ratings(
        self, alice_client: Client, outsider_client: Client, group: Group
    ) -> None:
        play = record_play(group, {"Ana": 50, "Ben": 40})
        assert alice_client.get(f"/plays/{play.uuid}/result/").status_code == 200
        assert outsider_client.get(f"/plays/{play.uuid}/result/").status_code == 404

    def test_the_player_page_shows_their_rating(self, alice_client: Client, group: Group) -> None:
        record_play(group, {"Ana": 50, "Ben": 40})
        ana = group.players.get(name="Ana")
        body = alice_client.get(f"/groups/{group.pk}/players/{ana.pk}/").content.decode()
        ratings = body[body.index('id="ratings"') :]
        assert "<strong>27.6</strong> ±&nbsp;8.1" in ratings
        assert "after 1 play of two or more; provisional until 5" in ratings

    def test_a_solo_result_shows_no_ratings(self, alice_client: Client, group: Group) -> None:
        play = record_play(group, {"Ana": 50})
        assert (
            'id="ratings"' not in alice_client.get(f"/plays/{play.uuid}/result/").content.decode()
        )


def test_rebuild_command_counts_the_ratings_again(group: Group) -> None:
    record_play(group, {"Ana": 50, "Ben": 40})
    right = records.snapshot()
    Rating.objects.update(mu=0)
    records.rebuild()
    assert records.snapshot() == right
    assert Play.objects.count() == 1
