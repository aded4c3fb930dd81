"""`manage.py score` gives the same sheet as the pure function and the API."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_examples import example_inputs

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs" / "examples" / "reef-draft.json"


def run_score(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tests.settings"}
    return subprocess.run(
        [sys.executable, "manage.py", "score", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        check=False,
    )


@pytest.mark.parametrize("example", example_inputs(), ids=lambda p: p.stem)
def test_scores_each_worked_example_as_documented(example: Path) -> None:
    done = run_score(example.stem, str(example))
    assert done.returncode == 0, done.stderr
    expected = json.loads(example.with_name(f"{example.stem}.sheet.json").read_text())
    assert json.loads(done.stdout) == expected


@pytest.mark.parametrize(
    ("language", "coral", "tiebreak"),
    [
        (
            [],
            "Coral: most coral cards (3) → 6",
            "Tie-break, most coral cards: 1 + 1 + 1 = 3",
        ),
        (
            ["--language", "de"],
            "Korallen: die meisten Korallenkarten (3) → 6",
            "Gleichstand, die meisten Korallenkarten: 1 + 1 + 1 = 3",
        ),
    ],
    ids=["english", "german"],
)
def test_the_sheet_explains_each_line_with_its_rounds_in_the_language_asked_for(
    language: list[str], coral: str, tiebreak: str
) -> None:
    """docs/contract.md: the command prints ``explain`` as ``Sheet.to_json()`` has it;
    English unless ``--language`` says otherwise, the keys English always."""
    done = run_score("reef-draft", str(EXAMPLE), *language)
    assert done.returncode == 0, done.stderr
    cleo = next(p for p in json.loads(done.stdout)["players"] if p["name"] == "Cleo")
    assert cleo["explain"][-2:] == [
        {"line": "coral", "text": coral, "points": 6, "rounds": [1, 2, 3]},
        {"line": "coral", "text": tiebreak, "points": 3, "rounds": [1, 2, 3], "tiebreak": True},
    ]


def test_a_language_the_site_does_not_speak_is_refused() -> None:
    assert run_score("reef-draft", str(EXAMPLE), "--language", "xx").returncode == 2


def test_scores_standard_input() -> None:
    done = run_score("reef-draft", stdin=EXAMPLE.read_text())
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["winners"] == ["Cleo"]


def test_invalid_input_prints_errors_and_exits_1() -> None:
    done = run_score("reef-draft", stdin=json.dumps({"players": ["Ana", "Ana"], "rounds": []}))
    assert done.returncode == 1
    assert json.loads(done.stdout) == {
        "errors": [
            {"field": "players[1]", "message": "Two players are called 'Ana'; names must differ."},
            {
                "field": "rounds",
                "message": "Give the reefs of 1 to 3 rounds, one object per round.",
            },
        ]
    }


def test_text_that_is_not_json_exits_1() -> None:
    done = run_score("reef-draft", stdin="players: Ana")
    assert done.returncode == 1
    assert json.loads(done.stdout)["errors"][0]["field"] == ""


def test_a_missing_file_is_an_error_not_a_traceback() -> None:
    done = run_score("reef-draft", "/nonexistent/game.json")
    assert done.returncode == 1
    assert json.loads(done.stdout)["errors"][0]["field"] == "file"
    assert "Traceback" not in done.stderr


def test_absurd_json_is_an_error_not_a_traceback() -> None:
    done = run_score("reef-draft", stdin="[" * 100_000 + "]" * 100_000)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    done = run_score("reef-draft", stdin="9" * 5000)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
