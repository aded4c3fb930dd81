"""Scorepad's BG Stats file read by a reader written from a BG Stats file's shape
(tests/bgstats_reader.py, tests/fixtures/bgstats-shape.json): every field a real file
has, of the same type, and back the same plays, players, games, scores, ranks and order
as the app holds, on the demo and on a group of 300 plays."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db.models import Prefetch
from django.test import Client

from scorepad.models import Group, Play, Result
from tests import bgstats_reader

pytestmark = pytest.mark.django_db


def test_the_reader_reads_the_hand_made_file() -> None:
    read = bgstats_reader.read(bgstats_reader.shape_document())
    assert [(p.game, p.bgg_id, p.minutes) for p in read.plays] == [
        ("Kitchen Table Dice", 0, 25),
        ("Ticket to Ride", 9209, 55),
    ]
    assert [(s.player, s.score, s.rank, s.winner) for s in read.plays[1].scores] == [
        ("Kit", 98.0, 2, False),
        ("Robin", 112.0, 1, True),
        ("Sam", 87.0, 3, False),
    ]
    assert (read.me, read.anonymous) == ("Robin", ["Anonymous player"])


def the_apps_plays(group: Group) -> list[tuple[Any, ...]]:
    """What the app holds, newest first: each play's id, day, game, BoardGameGeek id and
    each seat's player, total, rank and win, in seat order."""
    seats = Result.objects.select_related("player").order_by("position")
    plays = (
        group.plays.finished()
        .order_by("-played_on", "-created", "-pk")
        .prefetch_related(Prefetch("results", queryset=seats))
    )
    return [
        (
            str(play.imported_from or play.uuid).upper(),  # the id it was first recorded under
            play.played_on,
            play.info.name,
            play.info.bgg_id or group.bgg_ids.get(play.game, 0),
            [
                (r.player.name, float(r.total or 0), r.rank, r.is_winner, r.position + 1)
                for r in play.results.all()
            ],
        )
        for play in plays
    ]


def read_back(document: dict[str, Any]) -> list[tuple[Any, ...]]:
    read = bgstats_reader.read(document)
    return [
        (
            p.uuid,
            p.played.date(),
            p.game,
            p.bgg_id,
            [(s.player, s.score, s.rank, s.winner, s.seat) for s in p.scores],
        )
        for p in read.plays
    ]


def assert_read_as_the_app_holds(client: Client, group: Group) -> dict[str, Any]:
    document = client.get(f"/groups/{group.pk}/export-bgstats.json").json()
    ours, real = (
        bgstats_reader.shape(document),
        bgstats_reader.shape(bgstats_reader.shape_document()),
    )
    for kind, keys in real.items():
        missing = {k: t for k, t in keys.items() if ours[kind].get(k) != t}
        assert missing == {}, f"{kind} lacks, or types otherwise, what real files have"
    assert read_back(document) == the_apps_plays(group)
    # One person, one id: never two players of the file by the same uuid.
    uuids = [p["uuid"] for p in document["players"]]
    assert len(set(uuids)) == len(uuids)
    return document


def test_the_demo_reads_back_as_the_app_holds_it(client: Client) -> None:
    call_command("seed_demo")
    group = Group.objects.get(name="Demo table")
    client.force_login(User.objects.get(username="demo"))
    document = assert_read_as_the_app_holds(client, group)
    assert bgstats_reader.read(document).me == "demo"
    assert {g["name"]: g["bggId"] for g in document["games"]}["Shallow Sea"] == 428440


def test_a_group_of_300_plays_reads_back_as_the_app_holds_it(client: Client) -> None:
    call_command("seed_bench", plays=300, stdout=io.StringIO())
    group = Group.objects.get(name="Benchmark table")
    group.bgg_ids = {"reef-draft": 123456}
    group.save()
    client.force_login(User.objects.get(username="bench"))
    document = assert_read_as_the_app_holds(client, group)
    assert len(document["plays"]) == Play.objects.filter(group=group).finished().count() == 300
    read = bgstats_reader.read(document)
    assert {p.bgg_id for p in read.plays if p.game == "Reef Draft"} == {123456}
