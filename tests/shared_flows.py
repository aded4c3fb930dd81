"""What every game's finished play goes through after its own screens, for the tests of
the games only the tests know (tests/test_seam.py, tests/test_rounds_family.py)."""

from __future__ import annotations

import csv
import io
from typing import Any

from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from scorepad.models import Group, Play, create_group


def kept_exported_and_imported(
    client: Client, alice: Any, group: Group, play: Play, categories: list[str]
) -> None:
    """Saved to alice's group, the finished ``play`` is in the history and both exports
    (the CSV's last columns its ``categories``), and the JSON document imports into
    another group, scored again by the game: the same seats, totals, ranks and entries."""
    name, results = play.info.name, play.ordered_results()
    client.force_login(alice)
    saved = client.post(f"/plays/{play.uuid}/save/", {"group": group.pk})
    assert saved["Location"] == group.get_absolute_url()
    history = client.get(f"/groups/{group.pk}/?game={play.game}")
    assert [p.uuid for p in history.context["page"]] == [play.uuid]
    assert name in {r.name for r in history.context["records"]}

    rows = list(csv.reader(io.StringIO(client.get(f"/groups/{group.pk}/export.csv").text)))
    assert rows[0][-len(categories) :] == categories
    assert [row[2:5] for row in rows[1:]] == [[name, r.name, str(r.total)] for r in results]
    document = client.get(f"/groups/{group.pk}/export.json").content

    beach = create_group("Beach house", alice)
    upload = SimpleUploadedFile("history.json", document, "application/json")
    client.post(f"/groups/{beach.pk}/import/", {"file": upload})
    [copy] = beach.plays.all()
    assert [(r.name, r.total, r.rank, r.entry) for r in copy.ordered_results()] == [
        (r.name, r.total, r.rank, r.entry) for r in results
    ]
