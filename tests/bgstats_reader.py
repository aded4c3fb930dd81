"""A reader of BG Stats files written from their shape (tests/fixtures/bgstats-shape.json,
made by hand in the shape of BG Stats' own export): what a tool that reads BG Stats
exports would take from one, read as strictly as such a tool reads it. Scorepad's BG
Stats file must read the same way and give back the plays the app holds."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

SHAPE = Path(__file__).parent / "fixtures" / "bgstats-shape.json"
MOMENT = "%Y-%m-%d %H:%M:%S"
UPPER_UUID = re.compile(r"[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}")
# The lists a file holds, and what each entry of them is called here.
RECORDS = ("games", "players", "locations", "plays")


@dataclass(frozen=True)
class Score:
    player: str
    player_uuid: str
    score: float | None
    rank: int
    winner: bool
    seat: int


@dataclass(frozen=True)
class ReadPlay:
    uuid: str
    played: datetime
    entered: datetime
    game: str
    bgg_id: int  # the game's
    logged_on_bgg: bool
    location: str
    minutes: int
    scores: tuple[Score, ...]


@dataclass(frozen=True)
class ReadFile:
    plays: list[ReadPlay]
    me: str
    anonymous: list[str]


def shape_document() -> dict[str, Any]:
    return json.loads(SHAPE.read_text())


def _by_id(document: dict[str, Any], kind: str) -> dict[int, dict[str, Any]]:
    rows = document[kind]
    ids = [row["id"] for row in rows]
    assert ids == list(range(1, len(rows) + 1)), f"{kind}' ids run 1, 2, 3…"
    for row in rows:
        assert UPPER_UUID.fullmatch(row["uuid"]), (
            f"{kind}: {row['uuid']!r} is not an upper-case uuid"
        )
        datetime.strptime(row["modificationDate"], MOMENT)
    return {row["id"]: row for row in rows}


def read(document: dict[str, Any]) -> ReadFile:
    games = _by_id(document, "games")
    players = _by_id(document, "players")
    locations = _by_id(document, "locations")
    plays: list[ReadPlay] = []
    for play in document["plays"]:
        assert UPPER_UUID.fullmatch(play["uuid"])
        game = games[play["gameRefId"]]
        assert isinstance(play["bggId"], int)  # the play's own id on BoardGameGeek, 0 if none
        scores = tuple(
            Score(
                player=players[s["playerRefId"]]["name"],
                player_uuid=players[s["playerRefId"]]["uuid"],
                score=float(s["score"]) if s["score"] != "" else None,
                rank=s["rank"],
                winner=s["winner"],
                seat=s["seatOrder"],
            )
            for s in play["playerScores"]
        )
        plays.append(
            ReadPlay(
                uuid=play["uuid"],
                played=datetime.strptime(play["playDate"], MOMENT),
                entered=datetime.strptime(play["entryDate"], MOMENT),
                game=game["name"],
                bgg_id=game["bggId"],
                logged_on_bgg=play["bggId"] != 0,
                location=locations[play["locationRefId"]]["name"],
                minutes=play["durationMin"],
                scores=scores,
            )
        )
    played = [p.played for p in plays]
    assert played == sorted(played, reverse=True), "the newest play first"
    return ReadFile(
        plays=plays,
        me=players[document["userInfo"]["meRefId"]]["name"],
        anonymous=[p["name"] for p in players.values() if p["isAnonymous"]],
    )


def _kind(value: Any) -> str:
    return type(value).__name__


def shape(document: dict[str, Any]) -> dict[str, dict[str, str]]:
    """Every key each kind of record has, with its value's type: the top level, games,
    players, locations, plays, their player scores, and userInfo."""
    found: dict[str, dict[str, str]] = {"file": {k: _kind(v) for k, v in document.items()}}
    for kind in RECORDS:
        found[kind] = {}
        for row in document[kind]:
            found[kind] |= {k: _kind(v) for k, v in row.items()}
    found["playerScores"] = {
        k: _kind(v)
        for play in document["plays"]
        for s in play["playerScores"]
        for k, v in s.items()
    }
    found["userInfo"] = {"meRefId": _kind(document["userInfo"]["meRefId"])}  # the rest optional
    return found
