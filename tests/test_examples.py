"""Every worked example in docs/examples scores exactly as its hand-computed sheet.

For each ``docs/examples/<slug>.json`` with a sibling ``<slug>.sheet.json``:
``games.score_json(slug, input) == sheet``. Pure pytest: no Django, no database.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import games

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
SHEET_SUFFIX = ".sheet.json"


def example_inputs() -> list[Path]:
    return sorted(
        path
        for path in EXAMPLES.glob("*.json")
        if not path.name.endswith(SHEET_SUFFIX)
        and path.with_name(path.stem + SHEET_SUFFIX).exists()
    )


def test_there_are_examples():
    assert example_inputs(), f"no <slug>.json with a <slug>{SHEET_SUFFIX} in {EXAMPLES}"


@pytest.mark.parametrize("example", example_inputs(), ids=lambda path: path.stem)
def test_example_scores_as_its_sheet(example: Path):
    slug = example.stem
    data = json.loads(example.read_text(encoding="utf-8"))
    expected = json.loads(example.with_name(slug + SHEET_SUFFIX).read_text(encoding="utf-8"))
    assert games.score_json(slug, data) == expected
