"""Export and import: CSV, the Scorepad document and its import, the BG Stats play file."""

from __future__ import annotations

import copy
import csv
import gc
import html
import io
import json
import math
import re
import threading
import uuid
from collections.abc import Callable
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import OperationalError, connection
from django.test import Client
from django.utils import timezone

from games import reef_draft
from scorepad import bulk
from scorepad.codecs import get_codec
from scorepad.entries import PlayState
from scorepad.exports import bgstats, importing, reading
from scorepad.exports.document import FORMAT
from scorepad.exports.importing import ImportPlan
from scorepad.models import (
    Group,
    Play,
    Player,
    PlayEvent,
    Standing,
    create_group,
    finish_play,
    start_play,
    void_play,
)
from scorepad.models.changes import add_event
from tests.reef_draft_games import ROUNDS
from tests.test_records import assert_kept_equals_rebuild

pytestmark = pytest.mark.django_db

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
SEAGRASS = json.loads((EXAMPLES / "seagrass.json").read_text())
CORAL_COUNTS = {
    "Ana": {"points": -3, "shell_tiles": 2, "shoal_tiles": [3, 2]},
    "Ben": {"points": 10, "open_reefs": [{"tiles": 2, "clownfish": 1}]},
}
OPEN_STATION = {"type": "open_station", "high": 5, "low": 2, "tiles": {"Ana": 3, "Ben": 3}}


# --- plays built the way the site builds them: start, entries and events, finish -------


def _started(group: Group, user: Any, game: str, names: list[str], day: date, **kw: Any) -> Play:
    play = start_play(game=game, names=names, group=group, user=user, **kw)
    play.played_on = day
    play.save(update_fields=["played_on"])
    return play


def _enter(play: Play, entries: dict[str, dict[str, Any]]) -> None:
    for result in play.ordered_results():
        result.entry = entries[result.name]
        result.save(update_fields=["entry"])


def reef_play(group: Group, user: Any, day: date) -> Play:
    """tests/reef_draft_games.py: Ana 64, Ben 66."""
    play = _started(
        group, user, "reef-draft", ["Ana", "Ben"], day, options={"coral_penalty": "each"}
    )
    _enter(
        play,
        {
            name: {"rounds": {str(n): reefs[name] for n, reefs in enumerate(ROUNDS, 1)}}
            for name in ("Ana", "Ben")
        },
    )
    finish_play(play)
    return play


def seagrass_play(group: Group, user: Any, day: date, *, bulk: bool = False) -> Play:
    """docs/examples/seagrass.json logged event by event, then each player's tally."""
    play = _started(
        group, user, "seagrass", SEAGRASS["players"], day, mode="log", options={"discovery": "true"}
    )
    if bulk:
        PlayEvent.objects.bulk_create(
            PlayEvent(play=play, seq=seq, data=e) for seq, e in enumerate(SEAGRASS["events"], 1)
        )
    else:
        for event in SEAGRASS["events"]:
            add_event(play, event)
    _enter(play, {name: {"final": final} for name, final in SEAGRASS["final"].items()})
    finish_play(play)
    return play


def coral_counts_play(group: Group, user: Any, day: date) -> Play:
    """Counts typed at the end and one open station: Ana 6, Ben 15."""
    play = _started(group, user, "coral-stations", ["Ana", "Ben"], day, mode="counts", options={})
    _enter(play, {name: {"counts": counts} for name, counts in CORAL_COUNTS.items()})
    add_event(play, OPEN_STATION)
    finish_play(play)
    return play


@pytest.fixture
def history(group: Group, alice: Any) -> list[Play]:
    return [
        reef_play(group, alice, date(2025, 3, 14)),
        seagrass_play(group, alice, date(2025, 3, 15)),
        coral_counts_play(group, alice, date(2025, 3, 16)),
    ]


@pytest.fixture
def beach(alice: Any) -> Group:
    """Alice's second group, where the history goes."""
    return create_group("Beach house", alice)


def upload(client: Client, group: Group, document: Any, **kw: Any) -> Any:
    content = document if isinstance(document, bytes) else json.dumps(document).encode()
    file = SimpleUploadedFile("history.json", content, content_type="application/json")
    return client.post(f"/groups/{group.pk}/import/", {"file": file}, **kw)


def export(client: Client, group: Group) -> dict[str, Any]:
    response = client.get(f"/groups/{group.pk}/export.json")
    assert response.status_code == 200
    return json.loads(response.content)


URLS = ["export.csv", "export.json", "export-bgstats.json", "import/"]


class TestAccess:
    @pytest.mark.parametrize("url", URLS)
    def test_anonymous_is_sent_to_log_in(self, client: Client, group: Group, url: str) -> None:
        response = client.get(f"/groups/{group.pk}/{url}")
        assert response["Location"].startswith("/accounts/login/")

    def test_anonymous_import_is_sent_to_log_in(self, client: Client, group: Group) -> None:
        response = upload(client, group, {"format": FORMAT})
        assert response["Location"].startswith("/accounts/login/")

    @pytest.mark.parametrize("url", URLS)
    def test_outsider_gets_404(
        self, outsider_client: Client, group: Group, history: list[Play], url: str
    ) -> None:
        assert outsider_client.get(f"/groups/{group.pk}/{url}").status_code == 404

    def test_outsider_cannot_import_into_a_group_not_theirs(
        self, alice_client: Client, outsider_client: Client, group: Group, history: list[Play]
    ) -> None:
        document = export(alice_client, group)
        mallory_group = Group.objects.create(name="Mallory's")
        assert upload(outsider_client, group, document).status_code == 404
        assert not mallory_group.plays.exists()
        assert Play.objects.count() == 3

    @pytest.mark.parametrize("url", URLS[:3])
    def test_post_to_an_export_is_not_allowed(
        self, alice_client: Client, group: Group, url: str
    ) -> None:
        assert alice_client.post(f"/groups/{group.pk}/{url}").status_code == 405

    def test_put_to_import_is_not_allowed(self, alice_client: Client, group: Group) -> None:
        assert alice_client.put(f"/groups/{group.pk}/import/").status_code == 405

    def test_the_group_page_links_to_the_screen(self, alice_client: Client, group: Group) -> None:
        page = alice_client.get(f"/groups/{group.pk}/").content.decode()
        assert f'href="/groups/{group.pk}/import/"' in page

    def test_the_screen_links_every_export(
        self, alice_client: Client, group: Group, history: list[Play]
    ) -> None:
        response = alice_client.get(f"/groups/{group.pk}/import/")
        page = response.content.decode()
        assert response.context["play_count"] == 3
        for url in URLS[:3]:
            assert f'href="/groups/{group.pk}/{url}"' in page
        assert 'enctype="multipart/form-data"' in page


class TestCsv:
    def test_one_row_per_player_per_play_with_every_scoring_line(
        self, alice_client: Client, group: Group, alice: Any
    ) -> None:
        reef = reef_play(group, alice, date(2025, 3, 14))
        coral = coral_counts_play(group, alice, date(2025, 3, 15))
        start_play(game="reef-draft", names=["Ana", "Ben"], options={}, group=group, user=alice)
        response = alice_client.get(f"/groups/{group.pk}/export.csv")
        assert response["Content-Type"] == "text/csv; charset=utf-8"
        today = timezone.localdate().isoformat()
        assert response["Content-Disposition"] == (
            f'attachment; filename="scorepad-thursday-table-{today}.csv"'
        )
        # Reef Draft's lines, then Coral Stations'; a line a game does not score is empty
        # (counts entry scores no stations, surfacing or discards). The unfinished play
        # is left out.
        assert response.content.decode() == (
            "date,play,game,player,total,rank,winner,"
            "seastars,jellies,seahorses,dolphins,fish,coral,"
            "stations,surfacing,discards,points,open_stations,open_reefs,shells,shoals\r\n"
            f"2025-03-14,{reef.uuid},Reef Draft,Ana,64,2,no,15,20,10,9,4,6,,,,,,,,\r\n"
            f"2025-03-14,{reef.uuid},Reef Draft,Ben,66,1,yes,9,5,20,15,17,0,,,,,,,,\r\n"
            f"2025-03-15,{coral.uuid},Coral Stations,Ana,6,2,no,,,,,,,,,,-3,2,0,2,5\r\n"
            f"2025-03-15,{coral.uuid},Coral Stations,Ben,15,1,yes,,,,,,,,,,10,2,3,0,0\r\n"
        )

    def test_a_name_a_spreadsheet_would_run_is_quoted(
        self, alice_client: Client, group: Group, alice: Any
    ) -> None:
        reef_play(group, alice, date(2025, 3, 14))
        group.players.filter(name="Ben").update(name="=HYPERLINK(1)")
        response = alice_client.get(f"/groups/{group.pk}/export.csv")
        rows = list(csv.reader(io.StringIO(response.content.decode())))
        assert [row[3] for row in rows[1:]] == ["Ana", "'=HYPERLINK(1)"]

    def test_an_empty_history_is_the_header(self, alice_client: Client, group: Group) -> None:
        response = alice_client.get(f"/groups/{group.pk}/export.csv")
        assert response.content.decode() == "date,play,game,player,total,rank,winner\r\n"


class TestJsonExport:
    def test_holds_everything_entered_and_scored(
        self, alice_client: Client, group: Group, history: list[Play]
    ) -> None:
        response = alice_client.get(f"/groups/{group.pk}/export.json")
        assert response["Content-Type"] == "application/json"
        today = timezone.localdate().isoformat()
        assert response["Content-Disposition"] == (
            f'attachment; filename="scorepad-thursday-table-{today}.json"'
        )
        document = json.loads(response.content)
        assert (document["format"], document["version"]) == ("scorepad-history", 1)
        assert document["group"] == "Thursday table"
        seagrass = document["plays"][1]
        play = history[1]
        assert play.finished_at is not None
        assert seagrass == {
            "id": str(play.uuid),
            "game": "seagrass",
            "date": "2025-03-15",
            "started": None,  # entered in one go: when it began is not known
            "finished": play.finished_at.isoformat(timespec="seconds"),
            "mode": "log",
            "options": {"discovery": "true"},
            "players": ["Ana", "Ben", "Cleo", "Dev"],
            "entries": {name: {"final": final} for name, final in SEAGRASS["final"].items()},
            "events": SEAGRASS["events"],
            "results": [
                {
                    "player": r.name,
                    "total": r.total,
                    "rank": r.rank,
                    "winner": r.rank == 1,
                    "breakdown": r.breakdown,
                    "tiebreak": r.tiebreak,
                    "extra": r.extra,
                }
                for r in play.ordered_results()
            ],
            "notes": [
                "Cleo and Ana tie on 46 points; the tie-break (most unplayed tiles: Cleo 5, "
                "Ana 3) puts Cleo ahead of Ana."
            ],
        }
        assert [p["game"] for p in document["plays"]] == [
            "reef-draft",
            "seagrass",
            "coral-stations",
        ]


def _compare(play: Play) -> dict[str, Any]:
    results = play.ordered_results()
    return {
        "game": play.game,
        "date": play.played_on,
        "mode": play.mode,
        "options": play.options,
        "status": play.status,
        "players": [r.name for r in results],
        "entries": [r.entry for r in results],
        "events": [e.data for e in play.logged_events()],
        "totals": [r.total for r in results],
        "ranks": [r.rank for r in results],
        "breakdowns": [r.breakdown for r in results],
        "notes": play.notes,
    }


class TestReadingTheFile:
    def test_a_file_saved_with_a_byte_order_mark_imports(
        self, alice_client: Client, group: Group, beach: Group, history: list[Play]
    ) -> None:
        content = "\N{BYTE ORDER MARK}".encode() + json.dumps(export(alice_client, group)).encode()
        response = upload(alice_client, beach, content, follow=False)
        assert response.status_code == 302
        assert beach.plays.count() == len(history)

    def test_what_the_fast_reader_refuses_is_read_for_the_import_to_name(self) -> None:
        data = reading.read_json(b'{"a": NaN, "b": 123456789012345678901234567890, "c": "\\ud800"}')
        assert math.isnan(data["a"])
        assert data["b"] == 123456789012345678901234567890
        assert data["c"] == "\ud800"

    @pytest.mark.parametrize("content", [b"{", b"\xff\xfe{}", b"", b"[1,]"])
    def test_what_is_not_json_is_a_value_error(self, content: bytes) -> None:
        with pytest.raises(ValueError):
            reading.read_json(content)

    @pytest.mark.parametrize("on", [True, False])
    def test_cycles_are_collected_after_the_write_as_before_it(self, on: bool) -> None:
        was_on = gc.isenabled()
        try:
            (gc.enable if on else gc.disable)()
            with bulk.cycles_collected_after():
                assert not gc.isenabled()
            assert gc.isenabled() == on
        finally:
            (gc.enable if was_on else gc.disable)()

    def test_the_fast_writer_writes_what_the_standard_one_does(self) -> None:
        value = {1: [1.5, "é 🐙", None, True], "big": 2**70, "nested": {"a": [[]]}}
        written = bulk.FastJSONEncoder().encode(value)
        assert json.loads(written) == json.loads(json.dumps(value))


class TestImport:
    def test_round_trip_into_another_group(
        self, alice_client: Client, alice: Any, group: Group, beach: Group, history: list[Play]
    ) -> None:
        ana = beach.players.create(name="Ana")
        document = export(alice_client, group)
        response = upload(alice_client, beach, document, follow=True)
        assert response.redirect_chain == [(f"/groups/{beach.pk}/", 302)]
        assert [str(m) for m in response.context["messages"]] == ["Imported 3 plays."]
        imported = list(beach.plays.order_by("played_on"))
        assert [_compare(p) for p in imported] == [_compare(p) for p in history]
        assert [p.imported_from for p in imported] == [p.uuid for p in history]
        assert {p.recorded_by for p in imported} == {alice}
        assert imported[0].ordered_results()[0].player == ana  # matched by name
        assert set(beach.players.values_list("name", flat=True)) == {
            "alice",
            "Ana",
            "Ben",
            "Cleo",
            "Dev",
        }
        # Nothing lost: the new group's export holds the same plays, ids included.
        assert export(alice_client, beach)["plays"] == document["plays"]

    def test_the_same_file_twice_skips_what_is_already_here(
        self, alice_client: Client, group: Group, beach: Group, history: list[Play]
    ) -> None:
        document = export(alice_client, group)
        upload(alice_client, beach, document, follow=True)
        response = upload(alice_client, beach, document, follow=True)
        assert [str(m) for m in response.context["messages"]] == [
            "Imported 0 plays. 3 were already in this group and skipped."
        ]
        assert beach.plays.count() == 3

    def test_a_play_removed_from_the_history_is_not_brought_back_by_its_file(
        self, alice_client: Client, alice: Any, group: Group, beach: Group, history: list[Play]
    ) -> None:
        document = export(alice_client, group)
        upload(alice_client, beach, document, follow=True)
        duplicate = beach.plays.get(imported_from=history[0].uuid)
        void_play(duplicate, alice)
        void_play(history[1], alice)  # and one removed where the file was written
        for into in (beach, group):
            response = upload(alice_client, into, document, follow=True)
            assert [str(m) for m in response.context["messages"]] == [
                "Imported 0 plays. 3 were already in this group and skipped."
            ]
        assert list(beach.plays.voided()) == [duplicate]
        assert beach.plays.finished().count() == 2
        assert len(export(alice_client, group)["plays"]) == 2  # what the history holds

    def test_plays_that_came_from_here_are_skipped(
        self, alice_client: Client, group: Group, beach: Group, history: list[Play]
    ) -> None:
        upload(alice_client, beach, export(alice_client, group), follow=True)
        document = export(alice_client, beach)
        document["plays"].append(copy.deepcopy(document["plays"][0]) | {"id": str(uuid.uuid4())})
        response = upload(alice_client, group, document, follow=True)
        assert [str(m) for m in response.context["messages"]] == [
            "Imported 1 play. 3 were already in this group and skipped."
        ]
        assert group.plays.count() == 4

    def test_the_same_play_twice_in_one_file_is_imported_once(
        self, alice_client: Client, group: Group, beach: Group, history: list[Play]
    ) -> None:
        document = export(alice_client, group)
        document["plays"].append(document["plays"][0])
        response = upload(alice_client, beach, document, follow=True)
        assert [str(m) for m in response.context["messages"]] == [
            "Imported 3 plays. 1 was already in this group and skipped."
        ]

    def test_names_spelled_differently_follow_the_group(
        self, alice_client: Client, group: Group, beach: Group, alice: Any
    ) -> None:
        seagrass_play(group, alice, date(2025, 3, 15))
        ana = beach.players.create(name="ANA")
        upload(alice_client, beach, export(alice_client, group))
        play = beach.plays.get()
        assert play.ordered_results()[0].player == ana
        assert play.logged_events()[0].data == {"type": "colony", "player": "ANA", "creatures": 3}
        assert play.results.get(player=ana).entry == {"final": SEAGRASS["final"]["Ana"]}
        assert [r.total for r in play.ordered_results()] == [
            r.total for r in group.plays.get().ordered_results()
        ]

    def test_plays_that_do_not_score_refuse_the_whole_file(
        self, alice_client: Client, group: Group, beach: Group, history: list[Play]
    ) -> None:
        document = export(alice_client, group)
        reef, seagrass, coral = document["plays"]
        del reef["entries"]["Ben"]["rounds"]["3"]  # round 3 is missing a reef
        seagrass["date"] = "last Tuesday"
        seagrass["players"][3] = "Zed"  # a new name, which must not be kept either
        seagrass["entries"]["Zed"] = seagrass["entries"].pop("Dev")
        coral["events"] = [OPEN_STATION | {"high": -1}]
        players_before = set(Player.objects.values_list("pk", flat=True))
        response = upload(alice_client, beach, document)
        assert response.status_code == 200
        problems = [(p.where, p.messages) for p in response.context["problems"]]
        assert problems[0] == (
            "Play 1 (Reef Draft, 2025-03-14)",
            ["Round 3 has no reef for Ben."],
        )
        assert problems[1] == (
            "Play 2 (Seagrass)",
            ["Its date is missing or not written as YYYY-MM-DD."],
        )
        assert problems[2][0] == "Play 3 (Coral Stations, 2025-03-16)"
        assert problems[2][1]
        page = response.content.decode()
        assert "Nothing was imported." in page
        assert "<strong>Play 1 (Reef Draft, 2025-03-14)</strong>: Round 3 has no reef for Ben." in (
            page
        )
        assert not beach.plays.exists()
        assert set(Player.objects.values_list("pk", flat=True)) == players_before

    def test_a_play_of_the_wrong_shape_is_refused(
        self, alice_client: Client, group: Group, beach: Group, history: list[Play]
    ) -> None:
        document = export(alice_client, group)
        document["plays"][0]["entries"]["Ana"] = {"rounds": ["not", "a", "round"]}
        document["plays"][1] = {"game": "chess", "players": "Ana and Ben", "events": [{}]}
        response = upload(alice_client, beach, document)
        problems = [(p.where, p.messages) for p in response.context["problems"]]
        assert problems == [
            (
                "Play 1 (Reef Draft, 2025-03-14)",
                ["Its entries are not in the form Scorepad saves them, so it cannot be scored."],
            ),
            (
                "Play 2",
                [
                    "It has no play id, which every exported play carries.",
                    "Scorepad has no game called 'chess'.",
                    "Its date is missing or not written as YYYY-MM-DD.",
                    "Its players must be a list of names of 1 to 60 characters.",
                    "Its logged events must be a list of events, each with its type.",
                ],
            ),
        ]
        assert not beach.plays.exists()

    @pytest.mark.parametrize(
        "document, message",
        [
            ({"plays": []}, "It is not a Scorepad export."),
            ([1, 2], "It is not a Scorepad export."),
            ({"format": "scorepad-history", "plays": []}, "It does not say which version"),
            ({"format": "scorepad-history", "version": 2, "plays": []}, "a newer Scorepad"),
            ({"format": "scorepad-history", "version": 1}, "It holds no list of plays."),
        ],
    )
    def test_a_file_that_is_not_an_export_is_refused(
        self, alice_client: Client, beach: Group, document: Any, message: str
    ) -> None:
        response = upload(alice_client, beach, document)
        assert response.status_code == 200
        [problem] = response.context["problems"]
        assert problem.where == "The file"
        assert message in problem.messages[0]
        assert message in response.content.decode()

    def test_a_bg_stats_file_is_refused_and_the_scorepad_file_named(
        self, alice_client: Client, beach: Group, make_play: Any
    ) -> None:
        make_play("reef-draft", group=beach, finish=True)
        bgstats = alice_client.get(f"/groups/{beach.pk}/export-bgstats.json").json()
        response = upload(alice_client, beach, bgstats)
        [problem] = response.context["problems"]
        assert problem.messages == [reading.BGSTATS_REFUSED]
        assert "It is a BG Stats file." in response.content.decode()
        assert beach.plays.count() == 1

    def test_a_file_that_is_not_json_is_refused(self, alice_client: Client, beach: Group) -> None:
        response = upload(alice_client, beach, b"date,play,game\r\n")
        assert response.context["form"].errors["file"] == [
            "This file is not a Scorepad export: it is not JSON."
        ]

    def test_no_file_is_refused(self, alice_client: Client, beach: Group) -> None:
        response = alice_client.post(f"/groups/{beach.pk}/import/")
        assert response.context["form"].errors["file"] == ["Scorepad file (.json): choose a file."]

    def test_a_file_too_large_is_refused(
        self, alice_client: Client, beach: Group, monkeypatch: Any
    ) -> None:
        from scorepad.views import exports as views

        monkeypatch.setattr(views, "MAX_UPLOAD_BYTES", 10)
        response = upload(alice_client, beach, {"format": "scorepad-history"})
        assert "larger than" in response.context["form"].errors["file"][0]


def with_raw(document: dict[str, Any], path: tuple[Any, ...], text: str) -> bytes:
    """The document as a file, with the JSON ``text`` written at ``path`` (NaN, say, which
    JSON's writer will not write but its reader takes)."""
    document = copy.deepcopy(document)
    *parents, last = path
    holder: Any = document
    for key in parents:
        holder = holder[key]
    holder[last] = "@here@"
    return json.dumps(document).replace('"@here@"', text).encode()


def many_plays(document: dict[str, Any], count: int) -> dict[str, Any]:
    """The document's plays again and again, each with an id of its own."""
    plays = document["plays"]
    return {
        **document,
        "plays": [{**plays[i % len(plays)], "id": str(uuid.uuid4())} for i in range(count)],
    }


class TestImportLimits:
    """Whatever the file holds: an answer in words, never a 500, and bounded work."""

    @pytest.mark.parametrize(
        "path, text, message",
        [
            pytest.param(
                (0, "entries", "Ana", "rounds", "1", "jellies"),
                "NaN",
                "Its entries.Ana.rounds.1.jellies is NaN (not a number): a play holds only "
                "ordinary numbers.",
                id="nan-in-an-entry",
            ),
            pytest.param(
                (0, "options", "coral_penalty"),
                "Infinity",
                "Its options.coral_penalty is a number too large to keep (Infinity, or one like "
                "1e400): a play holds only ordinary numbers.",
                id="infinity-in-the-options",
            ),
            pytest.param(
                (1, "events", 0, "creatures"),
                "1e400",
                "Its events[0].creatures is a number too large to keep (Infinity, or one like "
                "1e400): a play holds only ordinary numbers.",
                id="1e400-in-an-event",
            ),
            pytest.param(
                (1, "entries", "Ben", "final", "note"),
                '"\\u0000"',
                "Its entries.Ben.final.note holds a character that cannot be kept (NUL, or half "
                "of a character pair).",
                id="nul-in-an-entry",
            ),
            pytest.param(
                (0, "entries", "Ben", "notes"),
                '{"a": ' * 980 + "1" + "}" * 980,
                "Its entries.Ben.notes" + ".a" * 18 + " is nested more than 20 levels deep; "
                "no game's entry is.",
                id="an-entry-980-deep",
            ),
        ],
    )
    def test_what_no_play_can_hold_is_refused_by_its_field(
        self,
        alice_client: Client,
        group: Group,
        beach: Group,
        history: list[Play],
        path: tuple[Any, ...],
        text: str,
        message: str,
    ) -> None:
        document = export(alice_client, group)
        play, *rest = path
        response = upload(alice_client, beach, with_raw(document, ("plays", play, *rest), text))
        assert response.status_code == 200
        [problem] = response.context["problems"]
        assert problem.messages == [message]
        assert not beach.plays.exists()

    def test_a_file_of_more_plays_than_one_file_brings_is_refused(
        self, alice_client: Client, group: Group, beach: Group, history: list[Play], monkeypatch
    ) -> None:
        monkeypatch.setattr(reading, "MOST_PLAYS", 2)
        response = upload(alice_client, beach, export(alice_client, group))
        [problem] = response.context["problems"]
        assert (problem.where, problem.messages) == (
            "The file",
            ["It holds 3 plays; one file brings in at most 2. Split it into smaller files and "
             "import each."],
        )  # fmt: skip

    def test_the_first_problems_are_listed_and_the_rest_counted(
        self, alice_client: Client, group: Group, beach: Group, history: list[Play], monkeypatch
    ) -> None:
        monkeypatch.setattr(importing, "PROBLEMS_SHOWN", 1)
        document = export(alice_client, group)
        for play in document["plays"]:
            play["date"] = "soon"
        response = upload(alice_client, beach, document)
        problems = [(p.where, p.messages) for p in response.context["problems"]]
        assert problems == [
            ("Play 1 (Reef Draft)", ["Its date is missing or not written as YYYY-MM-DD."]),
            ("And 2 more plays", ["They cannot be imported either."]),
        ]

    def test_more_players_than_the_game_seats_cost_nothing_per_player(
        self,
        alice_client: Client,
        group: Group,
        beach: Group,
        history: list[Play],
        django_assert_max_num_queries: Any,
    ) -> None:
        document = export(alice_client, group)
        reef = document["plays"][0]
        reef["players"] = [f"Player {i}" for i in range(500)]
        reef["entries"] = {name: {} for name in reef["players"]}
        with django_assert_max_num_queries(12):
            response = upload(alice_client, beach, document)
        assert [(p.where, p.messages) for p in response.context["problems"]] == [
            ("Play 1 (Reef Draft, 2025-03-14)", ["It has 500 players; Reef Draft is for 2 to 5."])
        ]

    def test_the_entries_of_people_not_playing_are_named_five_at_most(
        self, alice_client: Client, group: Group, beach: Group, history: list[Play]
    ) -> None:
        document = export(alice_client, group)
        document["plays"][0]["entries"] |= {f"Guest {i}": {} for i in range(8)}
        response = upload(alice_client, beach, document)
        [problem] = response.context["problems"]
        assert problem.messages == [
            "It has entries for Guest 0, Guest 1, Guest 2, Guest 3, Guest 4 and 3 more, "
            "who did not play."
        ]

    def test_a_round_past_the_last_is_refused_without_building_the_rounds_before_it(
        self, alice_client: Client, group: Group, beach: Group, history: list[Play]
    ) -> None:
        document = export(alice_client, group)
        reef = document["plays"][0]
        reef["entries"]["Ana"]["rounds"]["100000000"] = reef["entries"]["Ana"]["rounds"]["1"]
        response = upload(alice_client, beach, document)
        [problem] = response.context["problems"]
        assert problem.messages == ["Give the reefs of 1 to 3 rounds, one object per round."]
        state = PlayState(["Ana"], {}, "standard", {"Ana": {"rounds": {"5000": {}}}})
        assert len(get_codec("reef-draft").to_input(state)["rounds"]) == 3 + 1

    @pytest.mark.parametrize("plays", [3, 30, 300])
    def test_the_same_few_queries_for_any_number_of_plays(
        self,
        alice_client: Client,
        group: Group,
        beach: Group,
        history: list[Play],
        plays: int,
        django_assert_max_num_queries: Any,
    ) -> None:
        document = many_plays(export(alice_client, group), plays)
        # session with its account, group; the group's players and the plays already
        # here; then the write transaction (a savepoint in a test, and its release): the
        # lock, both again to see nothing changed meanwhile, the new players, the newest
        # play's id, plays, their ids, results, events (each by two statements at most:
        # its full batches of rows, the rest); then the records, worked out beforehand
        # (a savepoint and its release, the groups where the seats' people are members,
        # the groups locked and their pages_key changed, the standings, head to head and
        # game tallies each read and written, and each game's best result's id); then the
        # ratings of every game at once: the steps from the earliest play imported on
        # deleted, each player's last step before it, the seats replayed, the new steps (two
        # statements at most), the ratings deleted and written again; the plays' feats
        # toward the game records (two statements at most)
        with django_assert_max_num_queries(29 + 3 + 7 + 2):
            response = upload(alice_client, beach, document, follow=False)
        assert response.status_code == 302
        # The plays' ids rise in the file's order, batch after batch, as the records
        # worked out beforehand took them to (each chart's newest plays).
        sources = beach.plays.order_by("pk").values_list("imported_from", flat=True)
        assert [str(source) for source in sources] == [p["id"] for p in document["plays"]]
        assert_kept_equals_rebuild()


@pytest.mark.django_db(transaction=True)
class TestImportWhileOthersWrite:
    """The file is scored with no transaction open: SQLite's one write lock is held only
    while the scored plays are written, so other people's saves go on meanwhile."""

    def test_scoring_holds_no_lock_and_others_save_meanwhile(
        self, alice_client: Client, group: Group, beach: Group, history: list[Play], monkeypatch
    ) -> None:
        document = export(alice_client, group)
        seen: list[tuple[bool, str]] = []
        score = reef_draft.score

        def meanwhile(game: Any) -> Any:
            table = saved_elsewhere(lambda: Group.objects.create(name="Someone else's table"))
            seen.append((connection.in_atomic_block, table))
            return score(game)

        monkeypatch.setattr(reef_draft, "score", meanwhile)
        response = upload(alice_client, beach, document)
        assert response.status_code == 302
        assert seen == [(False, "saved")]
        assert beach.plays.count() == 3
        assert Group.objects.filter(name="Someone else's table").exists()

    def test_a_player_who_joined_meanwhile_takes_the_seat_of_that_name(
        self, alice_client: Client, group: Group, beach: Group, history: list[Play], monkeypatch
    ) -> None:
        document = export(alice_client, group)
        score = reef_draft.score

        def meanwhile(game: Any) -> Any:
            if not beach.players.filter(name="ANA").exists():
                saved_elsewhere(lambda: Player.objects.create(group=beach, name="ANA"))
            return score(game)

        monkeypatch.setattr(reef_draft, "score", meanwhile)
        upload(alice_client, beach, document)
        ana = beach.players.get(name__iexact="ana")
        assert ana.name == "ANA"
        play = beach.plays.get(game="reef-draft")
        assert play.ordered_results()[0].player == ana
        assert play.ordered_results()[0].entry == document["plays"][0]["entries"]["Ana"]
        assert_kept_equals_rebuild()

    def test_what_the_plays_count_adds_to_the_records_as_they_are_when_written(
        self,
        alice_client: Client,
        alice: Any,
        group: Group,
        beach: Group,
        history: list[Play],
        monkeypatch: pytest.MonkeyPatch,
    ) -> None:
        """The records the file's plays add are worked out while they are scored, before
        the transaction; the records they add to are read under its lock: a play finished
        meanwhile by the same players (the plan still fits) counts as well."""
        document = export(alice_client, group)
        for name in ("Ana", "Ben", "Cleo", "Dev"):
            beach.players.create(name=name)
        score, plan = reef_draft.score, importing.plan_import
        plans: list[ImportPlan] = []
        finished: list[str] = []

        def meanwhile(game: Any) -> Any:
            if not finished:
                finished.append("started")  # the play finished here is scored too
                finished.append(saved_elsewhere(lambda: reef_play(beach, alice, date(2025, 4, 1))))
            return score(game)

        def planned(*args: Any) -> ImportPlan:
            plans.append(plan(*args))
            return plans[-1]

        monkeypatch.setattr(reef_draft, "score", meanwhile)
        monkeypatch.setattr(importing, "plan_import", planned)
        upload(alice_client, beach, document)
        assert finished == ["started", "saved"]
        assert len(plans) == 1  # made once, before the transaction
        ana = Standing.objects.get(player__group=beach, player__name="Ana", game="reef-draft")
        assert ana.plays == 2
        assert beach.tallies.get(game="reef-draft").plays == 2
        assert_kept_equals_rebuild()


def saved_elsewhere(save: Callable[[], object]) -> str:
    """``save`` run by someone else, from another thread (its own database connection),
    as a request on another worker would; "saved", or why it could not."""
    outcome: list[str] = []

    def run() -> None:
        try:
            save()
            outcome.append("saved")
        except OperationalError as e:
            outcome.append(str(e))
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    return outcome[0]


class TestBgStats:
    def test_play_file(
        self, alice_client: Client, alice: Any, group: Group, history: list[Play]
    ) -> None:
        reef, seagrass, coral = history
        group.players.filter(name="Ana").update(user=alice)
        response = alice_client.get(f"/groups/{group.pk}/export-bgstats.json")
        today = timezone.localdate().isoformat()
        assert response["Content-Disposition"] == (
            f'attachment; filename="scorepad-thursday-table-{today}-bgstats.json"'
        )
        document = json.loads(response.content)

        def upper_uuid(key: str) -> str:
            return str(uuid.uuid5(bgstats.BGSTATS_NAMESPACE, key)).upper()

        def stamp(moment: datetime) -> str:
            return timezone.localtime(moment).strftime("%Y-%m-%d %H:%M:%S")

        # As BG Stats writes its files: the newest play first, so its game and players too.
        assert document["games"] == [
            {
                "id": n,
                "uuid": upper_uuid(f"game:{slug}"),
                "name": name,
                "bggName": name,
                "bggId": 0,
                "bggYear": 0,
                "minPlayTime": 0,
                "maxPlayTime": 0,
                "minPlayerCount": low,
                "maxPlayerCount": high,
                "minAge": 0,
                "designers": "",
                "urlThumb": "",
                "urlImage": "",
                "rating": 0,
                "highestWins": True,
                "noPoints": False,
                "cooperative": False,
                "usesTeams": False,
                "isBaseGame": 1,
                "isExpansion": 0,
                "preferredImage": 0,
                "metaData": "{}",
                "copies": [],
                "modificationDate": stamp(play.updated),  # its one play's last change
            }
            for n, slug, name, low, high, play in [
                (1, "coral-stations", "Coral Stations", 2, 4, coral),
                (2, "seagrass", "Seagrass", 2, 4, seagrass),
                (3, "reef-draft", "Reef Draft", 2, 5, reef),
            ]
        ]
        players = {p.name: p for p in group.players.all()}

        def latest(name: str) -> datetime:
            """When a play they sat at last changed."""
            return max(p.updated for p in history if p.results.filter(player__name=name).exists())

        assert document["players"] == [
            *(
                {
                    "id": n,
                    # Ana is Alice's: one person in every group, by her account's id.
                    "uuid": upper_uuid(
                        f"user:{alice.pk}" if name == "Ana" else f"player:{players[name].pk}"
                    ),
                    "name": name,
                    "isAnonymous": False,
                    "bggUsername": "",
                    "modificationDate": stamp(latest(name)),
                }
                for n, name in enumerate(["Ana", "Ben", "Cleo", "Dev"], 1)
            ),
            {
                "id": 5,
                "uuid": upper_uuid("player:anonymous"),
                "name": "Anonymous player",
                "isAnonymous": True,
                "bggUsername": "",
                "modificationDate": stamp(group.created),
            },
        ]
        assert document["locations"] == [
            {
                "id": 1,
                "uuid": upper_uuid("location:scorepad"),
                "name": "Scorepad",
                "modificationDate": stamp(group.created),
            }
        ]
        assert (document["groups"], document["tags"], document["challenges"]) == ([], [], [])
        assert document["userInfo"] == {"meRefId": 1}
        assert [p["uuid"] for p in document["plays"]] == [
            str(p.uuid).upper() for p in (coral, seagrass, reef)
        ]
        assert document["plays"][2] == {
            "uuid": str(reef.uuid).upper(),
            "gameRefId": 3,
            "locationRefId": 1,
            "playDate": "2025-03-14 20:00:00",
            "entryDate": stamp(reef.created),
            "modificationDate": stamp(reef.updated),
            "bggId": 0,  # not logged on BoardGameGeek
            "durationMin": 0,
            "board": "",
            "scoringSetting": 0,
            "importPlayId": 0,
            "nemestatsId": 0,
            "rating": 0,
            "playImages": "[]",
            "rounds": 0,
            "ignored": False,
            "manualWinner": False,
            "usesTeams": False,
            "expansionPlays": [],
            "playerScores": [
                {
                    "playerRefId": 1,
                    "score": "64",
                    "rank": 2,
                    "winner": False,
                    "seatOrder": 1,
                    "startPlayer": False,
                    "newPlayer": True,  # Ana's first Reef Draft
                    "role": "",
                },
                {
                    "playerRefId": 2,
                    "score": "66",
                    "rank": 1,
                    "winner": True,
                    "seatOrder": 2,
                    "startPlayer": False,
                    "newPlayer": True,
                    "role": "",
                },
            ],
        }
        scores = [
            (s["playerRefId"], s["score"], s["winner"])
            for s in document["plays"][0]["playerScores"]
        ]
        assert scores == [(1, "6", False), (2, "15", True)]

    def test_a_play_recorded_on_its_day_keeps_the_time(self, group: Group, alice: Any) -> None:
        play = reef_play(group, alice, timezone.localdate())
        Play.objects.filter(pk=play.pk).update(
            created=timezone.make_aware(datetime.combine(play.played_on, datetime.min.time()))
            + timedelta(hours=21, minutes=5, seconds=7)
        )
        play.refresh_from_db()
        assert bgstats.bgstats_play_date(play) == f"{play.played_on.isoformat()} 21:05:07"

    def test_the_result_page_sends_one_play_to_bg_stats(
        self, alice_client: Client, alice: Any, group: Group
    ) -> None:
        play = reef_play(group, alice, date(2025, 3, 14))
        page = alice_client.get(f"/plays/{play.uuid}/result/").content.decode()
        [href] = re.findall(r'href="(https://app\.bgstatsapp\.com/addPlay\.html\?[^"]+)"', page)
        query = parse_qs(urlsplit(html.unescape(href)).query)
        data = json.loads(query["data"][0])
        assert (data["sourceName"], data["sourcePlayId"]) == ("Scorepad", str(play.uuid).upper())
        assert (data["playDate"], data["location"]) == ("2025-03-14 20:00:00", "Scorepad")
        assert data["game"] == {
            "name": "Reef Draft",
            "bggId": 0,
            "highestWins": True,
            "noPoints": False,
            "sourceGameId": "reef-draft",
        }
        players = {p.name: p.pk for p in group.players.all()}
        assert [
            (p["name"], p["score"], p["rank"], p["winner"], p["sourcePlayerId"])
            for p in data["players"]
        ] == [
            (
                "Ana",
                64,
                2,
                False,
                str(uuid.uuid5(bgstats.BGSTATS_NAMESPACE, f"player:{players['Ana']}")).upper(),
            ),
            (
                "Ben",
                66,
                1,
                True,
                str(uuid.uuid5(bgstats.BGSTATS_NAMESPACE, f"player:{players['Ben']}")).upper(),
            ),
        ]

    def test_shallow_sea_carries_its_boardgamegeek_id(
        self, alice_client: Client, group: Group, make_play: Any
    ) -> None:
        make_play("shallow-sea", group=group, finish=True)
        document = alice_client.get(f"/groups/{group.pk}/export-bgstats.json").json()
        [game] = document["games"]
        # The play's own bggId is its id on BoardGameGeek once logged there: none here.
        assert (game["name"], game["bggId"], document["plays"][0]["bggId"]) == (
            "Shallow Sea",
            428440,
            0,
        )

    def test_a_group_gives_a_game_its_boardgamegeek_id(
        self, alice_client: Client, alice: Any, group: Group, history: list[Play]
    ) -> None:
        page = alice_client.get(f"/groups/{group.pk}/import/").content.decode()
        # Shallow Sea's id is known; the other three are asked for.
        asked = set(re.findall(r'<label for="id_[^"]+">([^<]+)', page))
        assert {"Reef Draft", "Seagrass", "Coral Stations"} <= asked
        assert "Shallow Sea" not in asked
        answer = alice_client.post(
            f"/groups/{group.pk}/bgg-ids/",
            {
                "reef-draft": "https://boardgamegeek.com/boardgame/123456/reef-draft",
                "seagrass": " 654321 ",
            },
        )
        assert answer.status_code == 302
        assert Group.objects.get(pk=group.pk).bgg_ids == {"reef-draft": 123456, "seagrass": 654321}
        document = alice_client.get(f"/groups/{group.pk}/export-bgstats.json").json()
        ids = {g["name"]: g["bggId"] for g in document["games"]}
        assert ids == {"Reef Draft": 123456, "Seagrass": 654321, "Coral Stations": 0}
        page = alice_client.get(f"/plays/{history[0].uuid}/result/").content.decode()
        [href] = re.findall(r'href="(https://app\.bgstatsapp\.com/addPlay\.html\?[^"]+)"', page)
        pushed = json.loads(parse_qs(urlsplit(html.unescape(href)).query)["data"][0])
        assert pushed["game"]["bggId"] == 123456

    def test_a_boardgamegeek_id_that_is_not_one_is_refused_naming_the_game(
        self, alice_client: Client, group: Group
    ) -> None:
        group.bgg_ids = {"seagrass": 654321}
        group.save()
        answer = alice_client.post(
            f"/groups/{group.pk}/bgg-ids/", {"reef-draft": "reef", "seagrass": "654321"}
        )
        assert answer.status_code == 200
        page = html.unescape(answer.content.decode())
        assert "Reef Draft: write the number in its BoardGameGeek address" in page
        assert "Nothing was saved: correct the ids below" in page
        assert re.search(r'name="reef-draft" value="reef"[^>]*autofocus', page)  # in view
        assert Group.objects.get(pk=group.pk).bgg_ids == {"seagrass": 654321}  # nothing lost
        too_big = alice_client.post(f"/groups/{group.pk}/bgg-ids/", {"reef-draft": "99999999999"})
        assert "Reef Draft: BoardGameGeek's ids run from 1 to 9,999,999." in html.unescape(
            too_big.content.decode()
        )

    def test_only_members_give_ids(
        self, alice_client: Client, outsider_client: Client, client: Client, group: Group
    ) -> None:
        assert alice_client.post(f"/groups/{group.pk}/bgg-ids/", {}).status_code == 302
        assert (
            outsider_client.post(f"/groups/{group.pk}/bgg-ids/", {"reef-draft": "1"}).status_code
            == 404
        )
        assert client.post(f"/groups/{group.pk}/bgg-ids/", {"reef-draft": "1"}).status_code == 302
        assert Group.objects.get(pk=group.pk).bgg_ids == {}

    def test_the_member_is_me_even_with_no_plays(
        self, alice_client: Client, alice: Any, group: Group, history: list[Play]
    ) -> None:
        document = alice_client.get(f"/groups/{group.pk}/export-bgstats.json").json()
        # Alice sits at none of them, and has no player in the group: her account's name.
        me = next(p for p in document["players"] if p["id"] == document["userInfo"]["meRefId"])
        assert (me["name"], me["isAnonymous"]) == ("alice", False)
        group.players.create(name="Alice at the table", user=alice)
        document = alice_client.get(f"/groups/{group.pk}/export-bgstats.json").json()
        me = next(p for p in document["players"] if p["id"] == document["userInfo"]["meRefId"])
        mine = group.players.get(user__username="alice")
        expected = str(uuid.uuid5(bgstats.BGSTATS_NAMESPACE, f"user:{alice.pk}")).upper()
        assert (me["name"], me["uuid"]) == (mine.name, expected)  # the same person as before


@pytest.mark.parametrize("plays", [5, 50])
class TestQueryCounts:
    """The same number of queries for 5 plays as for 50."""

    @pytest.fixture
    def long_history(self, group: Group, alice: Any, plays: int) -> None:
        for n in range(plays):
            day = date(2025, 1, 1) + timedelta(days=n)
            if n % 2:
                seagrass_play(group, alice, day, bulk=True)
            else:
                reef_play(group, alice, day)

    def test_csv(
        self, alice_client: Client, group: Group, long_history: None, django_assert_num_queries
    ) -> None:
        # session with its account, group, plays, results with their players
        with django_assert_num_queries(4):
            alice_client.get(f"/groups/{group.pk}/export.csv")

    def test_json(
        self, alice_client: Client, group: Group, long_history: None, django_assert_num_queries
    ) -> None:
        # session with its account, group, plays, results with their players, events
        with django_assert_num_queries(5):
            alice_client.get(f"/groups/{group.pk}/export.json")

    def test_bgstats(
        self, alice_client: Client, group: Group, long_history: None, django_assert_num_queries
    ) -> None:
        # session with its account, group, the member's player, plays, their results, the
        # ids files named the accounts' people by before (PlayerAlias)
        with django_assert_num_queries(6):
            alice_client.get(f"/groups/{group.pk}/export-bgstats.json")

    def test_screen(
        self, alice_client: Client, group: Group, long_history: None, django_assert_num_queries
    ) -> None:
        # session with its account, group, count
        with django_assert_num_queries(3):
            alice_client.get(f"/groups/{group.pk}/import/")
