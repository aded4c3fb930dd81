"""What `make bench` relies on and what it changed: the benchmark seed, records and player
pages read in a fixed number of queries, gzip on the wire, persistent SQLite connections."""

from __future__ import annotations

import ast
import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, cast

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from scorepad import stats
from scorepad.models import Group, Play, PlayEvent
from scorepad.pads import all_pads
from tests.test_groups import record_play

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"


class TestSeedBench:
    def test_builds_finished_plays_through_the_real_scoring(self, tmp_path: Path) -> None:
        manifest = tmp_path / "manifest.json"
        plays = 2 * len(all_pads())
        call_command("seed_bench", plays=plays, live=2, manifest=manifest, stdout=io.StringIO())
        group = Group.objects.get(name="Benchmark table")
        finished = group.plays.finished()
        assert finished.count() == plays
        assert sorted(set(finished.values_list("game", flat=True))) == sorted(
            pad.slug for pad in all_pads()
        )
        # Reef Draft and Coral Stations are the worked examples, seated differently:
        # the same totals as the example's sheet, whoever holds them.
        for slug in ("reef-draft", "coral-stations"):
            sheet = json.loads((EXAMPLES / f"{slug}.sheet.json").read_text())
            for play in finished.filter(game=slug):
                totals = sorted(cast(int, r.total) for r in play.results.all())
                assert totals == sorted(p["total"] for p in sheet["players"])
        # The logs are stored as events, open stations included.
        coral = finished.filter(game="coral-stations").first()
        assert PlayEvent.objects.filter(play=coral, data__type="open_station").count() == 2
        # The account's player sits at every play.
        data = json.loads(manifest.read_text())
        owner = group.players.get(pk=data["player"])
        assert owner.results.filter(play__status=Play.Status.FINISHED).count() == plays
        # Plays being entered: two full oceans, and a Reef Draft round 3 waiting.
        assert len(data["live"]["shallow-sea"]) == len(data["live"]["reef-draft"]) == 2
        sea = Play.objects.get(uuid=data["live"]["shallow-sea"][0]["uuid"])
        assert not sea.is_finished
        assert all(len(r.entry["board"]["tiles"]) == 18 for r in sea.results.all())
        reef = Play.objects.get(uuid=data["live"]["reef-draft"][0]["uuid"])
        first = reef.ordered_results()[0]
        assert sorted(first.entry["rounds"]) == ["1", "2"]

    def test_refuses_a_database_it_has_seeded(self) -> None:
        call_command("seed_bench", plays=1, stdout=io.StringIO())
        with pytest.raises(CommandError, match="fresh database"):
            call_command("seed_bench", plays=1)


class TestRecords:
    def test_best_total_tied_goes_to_the_earliest_play(
        self, alice_client: Client, group: Group
    ) -> None:
        record_play(group, {"Ana": 40, "Ben": 30}, day=1)
        first = record_play(group, {"Ana": 20, "Ben": 61}, day=2)
        record_play(group, {"Ana": 61, "Ben": 10}, day=3)
        record_play(group, {"Cleo": 70, "Dev": 12}, game="seagrass", day=4)
        records = {r.slug: r for r in stats.group_records(group)}
        assert records["reef-draft"].best is not None
        assert records["seagrass"].best is not None
        assert (records["reef-draft"].best.play, records["reef-draft"].best.total) == (first, 61)
        assert records["reef-draft"].best.player.name == "Ben"
        assert records["seagrass"].best.total == 70
        assert [r.player.name for r in records["reef-draft"].latest_winners] == ["Ana"]
        assert [r.player.name for r in records["seagrass"].latest_winners] == ["Cleo"]

    def test_rivals_count_ties_as_neither(self, group: Group) -> None:
        record_play(group, {"Ana": 40, "Ben": 40}, day=1)
        record_play(group, {"Ana": 40, "Ben": 30, "Cleo": 50}, day=2)
        page = stats.player_page(group.players.get(name="Ana"))
        rivals = {r.name: (r.together, r.wins, r.losses) for r in page.rivals}
        assert rivals == {"Ben": (2, 1, 0), "Cleo": (1, 0, 1)}
        assert [(name, row.plays, row.wins, row.best) for name, row in page.games] == [
            ("Reef Draft", 2, 1, 40)
        ]

    def test_a_chart_shows_the_most_recent_plays(self, group: Group) -> None:
        for day in range(stats.CHART_PLAYS + 5):
            record_play(group, {"Ana": day, "Ben": 0}, day=day)
        page = stats.player_page(group.players.get(name="Ana"))
        ((name, chart),) = page.charts
        assert chart is not None
        assert name == f"Reef Draft, last {stats.CHART_PLAYS} plays"
        assert [p.value for p in chart.points] == list(range(5, stats.CHART_PLAYS + 5))
        assert page.plays == stats.CHART_PLAYS + 5  # the counts keep every play


def test_pages_go_out_gzipped_when_the_browser_accepts_it(
    alice_client: Client, group: Group
) -> None:
    url = f"/groups/{group.pk}/"
    plain = alice_client.get(url)
    zipped = alice_client.get(url, HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert "Content-Encoding" not in plain
    assert zipped["Content-Encoding"] == "gzip"
    assert len(zipped.content) < len(plain.content)
    assert "Accept-Encoding" in zipped["Vary"]


def settings_value(expression: str, **env: str) -> Any:
    """A setting as a fresh process reads it from this environment."""
    environ = {k: v for k, v in os.environ.items() if k not in ("CONN_MAX_AGE", "DATABASE_URL")}
    environ |= {"DEBUG": "1", **env}
    code = f"import scorepad.settings as s; print(repr({expression}))"
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=environ, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    return ast.literal_eval(out.stdout.strip())


def test_connections_are_kept_unless_told_otherwise() -> None:
    age = 's.DATABASES["default"]["CONN_MAX_AGE"]'
    postgres = "postgres://u:p@localhost:5432/scorepad"
    assert settings_value(age) == 600
    assert settings_value(age, DATABASE_URL=postgres) == 600
    assert settings_value(age, CONN_MAX_AGE="0") == 0
    assert settings_value(age, DATABASE_URL=postgres, CONN_MAX_AGE="0") == 0
    assert settings_value('s.DATABASES["default"]["CONN_HEALTH_CHECKS"]', DATABASE_URL=postgres)
