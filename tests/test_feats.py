"""A game's records in a group (PlayFeats, shown on the group page): the highest and
lowest winning score, the biggest winning margin and the most points on one line of the
breakdown, each the earliest play that holds it. That the kept rows always equal a
rebuild is tests/test_records.py's property test (``records.snapshot`` holds them)."""

from __future__ import annotations

import pytest
from django.test import Client

from scorepad.models import Group, PlayFeats, void_play
from scorepad.stats import Feat, group_records
from tests.test_groups import record_play

pytestmark = pytest.mark.django_db


def feats_of(group: Group) -> dict[str, tuple[int, str, str, int]]:
    """Each record of the group's only game: its points, what, whose and the play's day."""
    (record,) = group_records(group)
    return {f.title: described(f) for f in record.feats}


def described(feat: Feat) -> tuple[int, str, str, int]:
    return (feat.points, feat.what, feat.seat.player.name, feat.seat.play.played_on.day)


def test_each_record_is_the_earliest_play_that_holds_it(group: Group) -> None:
    record_play(group, {"Ana": 61, "Ben": 40}, day=3)
    record_play(group, {"Ana": 30, "Ben": 38}, day=1)
    record_play(group, {"Ana": 61, "Ben": 60}, day=0)  # the same winning score, earlier
    record_play(group, {"Ana": 20, "Ben": 38, "Cleo": 38}, day=2)  # a shared win
    assert feats_of(group) == {
        "Highest winning score": (61, "", "Ana", 1),
        "Lowest winning score": (38, "", "Ben", 2),
        "Biggest winning margin": (21, "", "Ana", 4),
    }


def test_a_shared_win_has_no_margin_solo_plays_hold_no_record_and_one_play_one_score(
    group: Group,
) -> None:
    record_play(group, {"Ana": 50, "Ben": 50})
    record_play(group, {"Ana": 99}, day=1)
    assert feats_of(group) == {"Highest winning score": (50, "", "Ana", 1)}


def test_the_most_points_on_one_line_names_the_line_and_whoever_made_them(
    group: Group,
) -> None:
    record_play(
        group,
        {"Ana": 50, "Ben": 45},
        breakdowns={"Ana": {"seastars": 20, "fish": 30}, "Ben": {"seastars": 12, "fish": 33}},
    )
    record_play(group, {"Ana": 60, "Ben": 40}, day=1, breakdowns={"Ana": {"coral": 33}})
    assert feats_of(group)["Most points on one line"] == (33, "Fish & sharks", "Ben", 1)


def test_a_voided_play_gives_its_records_back(group: Group, alice: object) -> None:
    record_play(group, {"Ana": 40, "Ben": 30})
    best = record_play(group, {"Ana": 70, "Ben": 30}, day=1)
    void_play(best, alice)
    assert not PlayFeats.objects.filter(play=best).exists()
    assert feats_of(group)["Highest winning score"] == (40, "", "Ana", 1)


def test_the_group_page_links_each_record_to_its_play(alice_client: Client, group: Group) -> None:
    play = record_play(group, {"Ana": 61, "Ben": 40})
    body = alice_client.get(f"/groups/{group.pk}/").content.decode()
    feats = body[body.index('<ul class="feats">') :]
    feats = feats[: feats.index("</ul>")]
    assert "Biggest winning margin: <strong>21</strong> · " in feats
    assert f'href="/plays/{play.uuid}/result/"' in feats
