"""A BG Stats play file, so a group that also logs in BG Stats types nothing twice."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterable, Mapping
from datetime import datetime, time
from typing import Any
from urllib.parse import urlencode

from django.utils import timezone

from games.contract import GameInfo
from scorepad.exports.plays import source_id
from scorepad.models import Play, Player, PlayerAlias, Result
from scorepad.models.groups import FILE_ID_NAMESPACE, file_id

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
# Stats imports (a Board Game Arena converter, MagicPlayExporter) agree on. As in real
# files: scores as strings, uuids in capitals, the newest play first, each play with
# when it was entered and last changed, an anonymous player, the exporting member as
# "me" (userInfo) even with no plays, and empty groups, tags and challenges. BG Stats
# wants a time of day for a play: the time it was recorded, where that was on the day
# played; else 20:00 (an evening), never midnight. A game's BoardGameGeek id is its
# GameInfo's (0 where none is known yet). A play's length (durationMin) is from when the
# table began to when it was first finished, 0 where unknown; Scorepad keeps no start
# players or teams.

BGSTATS_NAMESPACE = FILE_ID_NAMESPACE
BGSTATS_ABOUT = (
    "Plays exported by Scorepad for Board Game Stats (BG Stats). Open this file with "
    "BG Stats to import them."
)
BGSTATS_LOCATION = "Scorepad"
BGSTATS_ANONYMOUS = "Anonymous player"
# A game with no BoardGameGeek id: BG Stats' own game (see bgg_id).
OWN_GAME_BGG_ID = 0
# A play entered on a later day than it was played: BG Stats still wants a time.
EVENING = time(20, 0)


def bgg_id(info: GameInfo, given: Mapping[str, int]) -> int:
    """The game's BoardGameGeek id: its data's, else the one its group gave it, else what
    BG Stats writes for a game of its own."""
    return info.bgg_id or given.get(info.slug) or OWN_GAME_BGG_ID


def _bgstats_uuid(kind: str, key: Any) -> str:
    """The same thing gets the same uuid in every file, so BG Stats can match it again."""
    return _written(file_id(kind, key))


def _written(id: uuid.UUID) -> str:
    return str(id).upper()


def person_ids(players: Iterable[Player], users: Iterable[int] = ()) -> dict[int, str]:
    """Each person's id in BG Stats files, by player (and by account, for ``users``):
    one person in every group. An account's players share the account's id (or the id
    files named its person by before: PlayerAlias), a guest has its own. One query."""
    players = list(players)
    accounts = {p.user_id for p in players if p.user_id is not None} | set(users)
    kept = dict(
        PlayerAlias.objects.filter(user_id__in=accounts).values_list("user_id", "uuid")
        if accounts
        else ()
    )

    def of_account(user_id: int) -> str:
        return _written(kept[user_id]) if user_id in kept else _bgstats_uuid("user", user_id)

    ids = {
        p.pk: of_account(p.user_id) if p.user_id is not None else _written(p.own_file_id)
        for p in players
    }
    return ids | {-user_id: of_account(user_id) for user_id in users}


def _stamp(moment: datetime) -> str:
    """A moment as BG Stats writes one: local time, to the second."""
    return timezone.localtime(moment).strftime("%Y-%m-%d %H:%M:%S")


def bgstats_play_date(play: Play) -> str:
    """BG Stats wants a time too: when the play was recorded, if that was the day;
    otherwise an evening's."""
    recorded = timezone.localtime(play.created)
    at = recorded.time().replace(microsecond=0) if recorded.date() == play.played_on else EVENING
    return f"{play.played_on.isoformat()} {at.isoformat()}"


# Where a push link opens BG Stats (its app, or its web page that hands over to it).
PUSH_URL = "https://app.bgstatsapp.com/addPlay.html"


def push_link(play: Play, results: Iterable[Result]) -> str:
    """The link that opens BG Stats with this one play ready to save (its documented
    push format): the game, the date, each player's score, rank and win, and the ids
    BG Stats remembers its matches by."""
    results = list(results)
    people = person_ids(r.player for r in results)
    data = {
        "sourceName": "Scorepad",
        "sourcePlayId": source_id(play).upper(),
        "playDate": bgstats_play_date(play),
        "location": BGSTATS_LOCATION,
        "durationMin": play.duration_minutes or 0,
        "game": {
            "name": play.info.name,
            "bggId": bgg_id(play.info, play.group.bgg_ids if play.group else {}),
            "highestWins": True,
            "noPoints": False,
            "sourceGameId": play.game,
        },
        "players": [
            {
                "name": result.player.name,
                "score": result.total,
                "rank": result.rank,
                "winner": result.is_winner,
                "startPlayer": False,
                "role": "",
                "sourcePlayerId": people[result.player_id],
            }
            for result in results
        ],
    }
    return f"{PUSH_URL}?{urlencode({'data': json.dumps(data, separators=(',', ':'))})}"


def bgstats_document(
    plays: Iterable[Play],
    user: Any = None,
    me: Player | None = None,
    since: datetime | None = None,
    bgg_ids: Mapping[str, int] | None = None,
) -> dict[str, Any]:
    """The plays as a BG Stats file, newest first. BG Stats' "me" (userInfo): ``me``,
    the exporting member's player, or, if they have none in the group, a player of
    their account's name; ``since``: when the group was made, the time its location
    and any player with no play here were last changed; ``bgg_ids``: the ids the group
    gave games the site knows none for."""
    given = bgg_ids or {}
    game_ids: dict[str, int] = {}
    player_ids: dict[int, int] = {}
    games_out: list[dict[str, Any]] = []
    players_out: list[dict[str, Any]] = []
    plays_out: list[dict[str, Any]] = []
    changed: dict[int, datetime] = {}  # each player's latest play's last change
    game_changed: dict[str, datetime] = {}  # and each game's
    game_lengths: dict[str, list[int]] = {}  # each game's recorded lengths, in minutes
    newest_first = sorted(plays, key=lambda p: (p.played_on, p.created, p.pk), reverse=True)
    seated = [r.player for play in newest_first for r in play.results.all()]
    # Each player's first play of each game: read newest first, the oldest is written last.
    firsts = {
        (r.player_id, play.game): play.pk for play in newest_first for r in play.results.all()
    }
    signed_in = user is not None and user.is_authenticated and me is None
    people = person_ids([*seated, *([me] if me else [])], [user.pk] if signed_in else [])

    def player_ref(player: Player) -> int:
        if player.pk not in player_ids:
            player_ids[player.pk] = len(player_ids) + 1
            players_out.append(
                {
                    "id": player_ids[player.pk],
                    "uuid": people[player.pk],
                    "name": player.name,
                    "isAnonymous": False,
                    "bggUsername": "",
                }
            )
        return player_ids[player.pk]

    for play in newest_first:
        if play.game not in game_ids:
            game_ids[play.game] = len(game_ids) + 1
            games_out.append(
                {
                    "id": game_ids[play.game],
                    "uuid": _bgstats_uuid("game", play.game),
                    "name": play.info.name,
                    "bggName": play.info.name,
                    "bggId": bgg_id(play.info, given),
                    # Scorepad keeps no box details: no year (0, as BG Stats writes for
                    # a game it has none of; it fills them in from BoardGameGeek for a
                    # game with an id); for the playing time, the shortest and longest
                    # the group recorded (below), else 0.
                    "bggYear": 0,
                    "minPlayTime": 0,
                    "maxPlayTime": 0,
                    "minPlayerCount": play.info.min_players,
                    "maxPlayerCount": play.info.max_players,
                    "minAge": 0,
                    "designers": "",
                    "urlThumb": "",
                    "urlImage": "",
                    "rating": 0,
                    "highestWins": True,
                    "noPoints": False,
                    "cooperative": False,
                    "usesTeams": False,
                    # Numbers, not true/false, as BG Stats writes them.
                    "isBaseGame": 1,
                    "isExpansion": 0,
                    "preferredImage": 0,
                    "metaData": "{}",  # a JSON text inside the JSON, as BG Stats writes it
                    "copies": [],
                }
            )
        game_changed[play.game] = max(game_changed.get(play.game, play.updated), play.updated)
        if play.duration_minutes:
            game_lengths.setdefault(play.game, []).append(play.duration_minutes)
        scores = []
        for result in play.results.all():
            changed[result.player_id] = max(
                changed.get(result.player_id, play.updated), play.updated
            )
            scores.append(
                {
                    "playerRefId": player_ref(result.player),
                    "score": str(result.total),
                    "rank": result.rank,
                    "winner": result.is_winner,
                    # From 1: real files write 0 where the seats were not recorded.
                    "seatOrder": result.position + 1,
                    "startPlayer": False,
                    # Their first play of the game (in this file), as BG Stats marks it.
                    "newPlayer": firsts[(result.player_id, play.game)] == play.pk,
                    "role": "",
                }
            )
        plays_out.append(
            {
                "uuid": source_id(play).upper(),
                "gameRefId": game_ids[play.game],
                "locationRefId": 1,
                "playDate": bgstats_play_date(play),
                "entryDate": _stamp(play.created),
                "modificationDate": _stamp(play.updated),
                # A play's own BoardGameGeek id, once logged there: none of ours is.
                "bggId": 0,
                "durationMin": play.duration_minutes or 0,
                "board": "",
                "scoringSetting": 0,
                "importPlayId": 0,
                "nemestatsId": 0,
                "rating": 0,
                "playImages": "[]",  # a JSON text, as BG Stats writes it
                "rounds": 0,
                "ignored": False,
                "manualWinner": False,
                "usesTeams": False,
                "expansionPlays": [],
                "playerScores": scores,
            }
        )
    made = since or timezone.now()
    if me is not None:
        me_ref: int | None = player_ref(me)
    elif signed_in:
        me_ref = len(players_out) + 1
        players_out.append(
            {
                "id": me_ref,
                "uuid": people[-user.pk],
                "name": user.get_username(),
                "isAnonymous": False,
                "bggUsername": "",
                "modificationDate": _stamp(made),
            }
        )
    else:
        me_ref = None
    for pk, ref in player_ids.items():
        players_out[ref - 1]["modificationDate"] = _stamp(changed.get(pk, made))
    for slug, ref in game_ids.items():
        games_out[ref - 1]["modificationDate"] = _stamp(game_changed[slug])
        if lengths := game_lengths.get(slug):
            games_out[ref - 1] |= {"minPlayTime": min(lengths), "maxPlayTime": max(lengths)}
    anonymous = len(players_out) + 1
    players_out.append(
        {
            "id": anonymous,
            "uuid": _bgstats_uuid("player", "anonymous"),
            "name": BGSTATS_ANONYMOUS,
            "isAnonymous": True,
            "bggUsername": "",
            "modificationDate": _stamp(made),
        }
    )
    return {
        "about": BGSTATS_ABOUT,
        "games": games_out,
        "players": players_out,
        "locations": [
            {
                "id": 1,
                "uuid": _bgstats_uuid("location", "scorepad"),
                "name": BGSTATS_LOCATION,
                "modificationDate": _stamp(made),
            }
        ],
        "plays": plays_out,
        "groups": [],
        "tags": [],
        "challenges": [],
        "userInfo": {"meRefId": me_ref if me_ref is not None else anonymous},
    }
