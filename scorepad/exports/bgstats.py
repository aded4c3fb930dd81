"""A BG Stats play file, so a group that also logs in BG Stats types nothing twice."""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from datetime import time
from typing import Any

from django.utils import timezone

from scorepad.exports.plays import source_id
from scorepad.models import Play

#
# BG Stats documents one way in for other apps: "push" links carrying ONE play as JSON
# (https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/:
# game {name, bggId, highestWins, noPoints, sourceGameId}, playDate "YYYY-MM-DD HH:MM:SS",
# players [{name, score, rank, winner, startPlayer, role, sourcePlayerId}], sourceName,
# sourcePlayId). For a whole history we write BG Stats' own play file instead, the
# shape of its export and of the files it opens to import plays: top-level "games",
# "players", "locations" and "plays", each play with "gameRefId", "locationRefId",
# "playDate" and "playerScores" [{playerRefId, score, rank, winner, seatOrder,
# startPlayer, newPlayer}]. That file format is not published; the keys below are the
# ones a real BG Stats play file (pastebin.com/iDbHyBui) and tools that write files BG
# Stats imports (a Board Game Arena converter, MagicPlayExporter) agree on. Those files
# write scores as strings, as here. Scorepad knows no BoardGameGeek ids (bggId 0, as
# those tools write when unknown), durations, start players or teams.

BGSTATS_NAMESPACE = uuid.UUID("ebbbc369-d58e-4727-9670-8b10064539fc")
BGSTATS_ABOUT = (
    "Plays exported by Scorepad for Board Game Stats (BG Stats). Open this file with "
    "BG Stats to import them."
)
BGSTATS_LOCATION = "Scorepad"


def _bgstats_uuid(kind: str, key: Any) -> str:
    """The same thing gets the same uuid in every file, so BG Stats can match it again."""
    return str(uuid.uuid5(BGSTATS_NAMESPACE, f"{kind}:{key}"))


def bgstats_play_date(play: Play) -> str:
    """BG Stats wants a time too: when the play was recorded, if that was the day."""
    recorded = timezone.localtime(play.created)
    at = recorded.time().replace(microsecond=0) if recorded.date() == play.played_on else time()
    return f"{play.played_on.isoformat()} {at.isoformat()}"


def bgstats_document(plays: Iterable[Play], user: Any = None) -> dict[str, Any]:
    game_ids: dict[str, int] = {}
    player_ids: dict[int, int] = {}
    games_out: list[dict[str, Any]] = []
    players_out: list[dict[str, Any]] = []
    plays_out: list[dict[str, Any]] = []
    me = None
    for play in plays:
        if play.game not in game_ids:
            game_ids[play.game] = len(game_ids) + 1
            games_out.append(
                {
                    "id": game_ids[play.game],
                    "uuid": _bgstats_uuid("game", play.game),
                    "name": play.info.name,
                    "bggId": 0,
                    "highestWins": True,
                    "noPoints": False,
                    "cooperative": False,
                    "usesTeams": False,
                }
            )
        scores = []
        for result in play.results.all():
            player = result.player
            if player.pk not in player_ids:
                player_ids[player.pk] = len(player_ids) + 1
                players_out.append(
                    {
                        "id": player_ids[player.pk],
                        "uuid": _bgstats_uuid("player", player.pk),
                        "name": player.name,
                        "isAnonymous": False,
                    }
                )
                if user is not None and player.user_id is not None and player.user_id == user.pk:
                    me = player_ids[player.pk]
            scores.append(
                {
                    "playerRefId": player_ids[player.pk],
                    "score": str(result.total),
                    "rank": result.rank,
                    "winner": result.is_winner,
                    "seatOrder": result.position + 1,
                    "startPlayer": False,
                    "newPlayer": False,
                }
            )
        plays_out.append(
            {
                "uuid": source_id(play),
                "gameRefId": game_ids[play.game],
                "locationRefId": 1,
                "playDate": bgstats_play_date(play),
                "durationMin": 0,
                "rounds": 0,
                "ignored": False,
                "manualWinner": False,
                "usesTeams": False,
                "playerScores": scores,
            }
        )
    document: dict[str, Any] = {
        "about": BGSTATS_ABOUT,
        "games": games_out,
        "players": players_out,
        "locations": [
            {"id": 1, "uuid": _bgstats_uuid("location", "scorepad"), "name": BGSTATS_LOCATION}
        ],
        "plays": plays_out,
    }
    if me is not None:
        document["userInfo"] = {"meRefId": me}
    return document
