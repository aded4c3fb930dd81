"""How long a game took: when the table began (the new-play form says, by default the
moment it was started here) and when it was first finished; written to both exports and
shown on the result."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from django.test import Client
from django.utils import timezone

from scorepad.codecs import get_codec
from scorepad.exports.importing import import_history
from scorepad.exports.reading import ImportRefused
from scorepad.models import Group, Play, finish_play
from scorepad.templatetags.seats import minutes
from tests.test_table import host_starts

pytestmark = pytest.mark.django_db


def a_play_of(make_play: Any, group: Group, alice: Any, length: timedelta | None) -> Play:
    play = make_play("reef-draft", group=group, user=alice)
    if length is not None:
        play.started_at = timezone.now() - length
        play.save(update_fields=["started_at"])
    finish_play(play)
    return play


def a_play_to_finish(alice_client: Client, group: Group, alice: Any) -> Play:
    """Started on the site (so when it began is known: now), its seats entered."""
    play = host_starts(alice_client, seat_4="Dev")  # the worked example's four
    stored = get_codec("reef-draft").from_input(get_codec("reef-draft").example_input())
    for result in play.ordered_results():
        result.entry = stored.entries[result.name]
        result.save(update_fields=["entry"])
    return play


def test_a_play_started_here_began_when_it_was_started(alice_client: Client) -> None:
    before = timezone.now()
    play = host_starts(alice_client)
    assert play.started_at is not None and before <= play.started_at <= timezone.now()


def test_finishing_says_how_long_the_table_played(
    alice_client: Client, group: Group, alice: Any
) -> None:
    play = a_play_to_finish(alice_client, group, alice)
    Play.objects.filter(pk=play.pk).update(started_at=timezone.now() - timedelta(minutes=12))
    screen = alice_client.get(play.get_absolute_url()).text
    assert f'name="minutes" id="minutes-{play.uuid}" value="12"' in screen
    assert f'name="shown" id="shown-{play.uuid}" value="12"' in screen
    answer = alice_client.post(f"/plays/{play.uuid}/finish/", {"minutes": "75", "shown": "12"})
    assert answer.status_code == 302
    play.refresh_from_db()
    assert play.is_finished and play.duration_minutes == 75


def test_a_length_typed_in_is_kept_when_the_game_cannot_finish_yet(
    alice_client: Client, group: Group, alice: Any
) -> None:
    play = host_starts(alice_client)  # nothing entered: the game refuses to finish
    alice_client.post(f"/plays/{play.uuid}/finish/", {"minutes": "90", "shown": "0"})
    play.refresh_from_db()
    assert not play.is_finished and play.minutes_so_far == 90


@pytest.mark.parametrize(
    "said",
    [
        {"minutes": "12", "shown": "12"},  # left as shown: when it was started here
        {"minutes": "", "shown": "12"},
        {"minutes": "-5", "shown": "12"},  # not a length: nothing changes
        {},
    ],
)
def test_finishing_without_a_new_length_keeps_when_it_was_started(
    alice_client: Client, group: Group, alice: Any, said: dict[str, str]
) -> None:
    play = a_play_to_finish(alice_client, group, alice)
    started = play.started_at
    alice_client.post(f"/plays/{play.uuid}/finish/", said)
    play.refresh_from_db()
    assert play.started_at == started and play.is_finished


def test_finished_is_when_it_was_first_finished(make_play: Any, group: Group, alice: Any) -> None:
    play = a_play_of(make_play, group, alice, timedelta(minutes=72))
    assert play.duration_minutes == 72
    first = Play.objects.get(pk=play.pk).finished_at
    assert first is not None
    finish_play(Play.objects.get(pk=play.pk))  # finished again after a correction
    assert Play.objects.get(pk=play.pk).finished_at == first


def test_a_play_entered_in_one_go_has_no_length(make_play: Any, group: Group, alice: Any) -> None:
    play = a_play_of(make_play, group, alice, None)
    assert play.finished_at is not None and play.duration_minutes is None


@pytest.mark.parametrize(
    ("count", "said"), [(0, "0 min"), (45, "45 min"), (60, "1 h"), (125, "2 h 5 min")]
)
def test_a_length_is_said_as_a_player_would(count: int, said: str) -> None:
    assert minutes(count) == said


def test_the_result_shows_it_and_both_exports_write_it(
    alice_client: Client, make_play: Any, group: Group, alice: Any
) -> None:
    play = a_play_of(make_play, group, alice, timedelta(minutes=72))
    page = alice_client.get(f"/plays/{play.uuid}/result/")
    assert "played in 1 h 12 min" in page.text

    bgstats = json.loads(alice_client.get(f"/groups/{group.pk}/export-bgstats.json").content)
    assert bgstats["plays"][0]["durationMin"] == 72
    link = page.text.split('href="https://app.bgstatsapp.com/addPlay.html?', 1)[1].split('"')[0]
    pushed = json.loads(parse_qs(urlparse("?" + link.replace("&amp;", "&")).query)["data"][0])
    assert pushed["durationMin"] == 72

    document = json.loads(alice_client.get(f"/groups/{group.pk}/export.json").content)
    written = document["plays"][0]
    assert play.started_at is not None
    assert written["started"] == play.started_at.isoformat(timespec="seconds")
    elsewhere = Group.objects.create(name="Elsewhere")
    import_history(document, elsewhere, alice)
    imported = elsewhere.plays.get()
    assert imported.duration_minutes == 72


def test_a_file_with_a_time_without_its_offset_is_refused(
    alice_client: Client, make_play: Any, group: Group, alice: Any
) -> None:
    a_play_of(make_play, group, alice, timedelta(minutes=30))
    document = json.loads(alice_client.get(f"/groups/{group.pk}/export.json").content)
    document["plays"][0]["started"] = "2026-12-01 19:05"
    with pytest.raises(ImportRefused, match="start and finish times must be written"):
        import_history(document, Group.objects.create(name="Elsewhere"), alice)


def test_a_games_playing_time_in_the_bg_stats_file_is_the_groups_shortest_and_longest(
    alice_client: Client, make_play: Any, group: Group, alice: Any
) -> None:
    for length in (timedelta(minutes=72), timedelta(minutes=30), None):
        a_play_of(make_play, group, alice, length)
    document = alice_client.get(f"/groups/{group.pk}/export-bgstats.json").json()
    [game] = document["games"]
    assert (game["minPlayTime"], game["maxPlayTime"]) == (30, 72)
    assert sorted(p["durationMin"] for p in document["plays"]) == [0, 30, 72]
