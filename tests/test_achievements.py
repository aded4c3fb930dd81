"""Achievement Record Sheets and solo ladders, read from stored Shallow Sea results."""

from __future__ import annotations

import re
from datetime import date, timedelta
from typing import Any

import pytest
from django.test import Client

from scorepad import records
from scorepad.models import Group, Play, Result, create_group, delete_play
from scorepad.pads.shallow_sea.models import AchievementTick

pytestmark = pytest.mark.django_db


def solo_board(client: Client, group: Group) -> list[str]:
    """The group page's solo board, row by row, as its HTML shows it."""
    html = client.get(f"/groups/{group.pk}/").content.decode()
    board = re.search(r'<ol class="list solo-board">(.*?)</ol>', html, re.S)
    rows = re.findall(r"<li[^>]*>(.*?)</li>", board[1] if board else "", re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", row).split()) for row in rows]


def shallow_sea_result(
    group: Group,
    user: Any,
    total: int,
    *,
    day: int = 0,
    mode: str = "standard",
    achievements: list[dict[str, Any]] | None = None,
) -> Result:
    """A finished Shallow Sea play as finish_play stores it for this user's player."""
    play = Play.objects.create(
        game="shallow-sea",
        mode=mode,
        group=group,
        status=Play.Status.FINISHED,
        played_on=date(2026, 3, 1) + timedelta(days=day),
    )
    player = group.players.get_or_create(user=user, defaults={"name": user.username})[0]
    result = Result.objects.create(
        play=play,
        player=player,
        position=0,
        total=total,
        rank=1,
        extra={"achievements": achievements or []},
    )
    records.count(Play.objects.filter(pk=play.pk))  # as finish_play counts it
    return result


def earned(kind: str, number: int, value: bool | None = True) -> dict[str, Any]:
    return {"kind": kind, "number": number, "earned": value}


class TestRecordSheet:
    def test_marks_link_to_the_first_play_that_earned_them(
        self, alice_client: Client, alice: Any, group: Group
    ) -> None:
        first = shallow_sea_result(group, alice, 150, day=1, achievements=[earned("scenario", 3)])
        shallow_sea_result(group, alice, 155, day=5, achievements=[earned("scenario", 3)])
        shallow_sea_result(
            group,
            alice,
            131,
            day=7,
            achievements=[earned("standard", 1), earned("standard", 2, False)],
        )
        sheet = alice_client.get("/me/achievements/").context["sheet"]
        boxes = {(b.kind, b.number): b for _, _, row in sheet.sections for b in row}
        assert boxes[("scenario", 3)].play == first.play
        assert boxes[("scenario", 3)].earned_on == date(2026, 3, 2)
        assert boxes[("standard", 1)].done and not boxes[("standard", 2)].done
        assert sheet.checked == 2
        assert sheet.total == 50
        assert [len(row) for _, _, row in sheet.sections] == [15, 25, 10]

    def test_ranks_at_ten_boxes_and_the_next_goal(
        self, alice_client: Client, alice: Any, group: Group
    ) -> None:
        shallow_sea_result(
            group, alice, 190, achievements=[earned("standard", n) for n in range(1, 11)]
        )
        sheet = alice_client.get("/me/achievements/").context["sheet"]
        assert (sheet.checked, sheet.rank) == (10, "Sea Explorer")
        assert sheet.next_rank == (20, "Reef Adventurer")
        assert sheet.to_next_rank == 10
        assert (sheet.next_goal.kind, sheet.next_goal.number) == ("scenario", 1)
        assert [box["checked"] for box in sheet.track][9:11] == [True, False]

    def test_board_silent_achievement_is_left_to_tick(
        self, alice_client: Client, alice: Any, group: Group
    ) -> None:
        shallow_sea_result(group, alice, 140, achievements=[earned("standard", 20, None)])
        response = alice_client.get("/me/achievements/")
        boxes = {
            (b.kind, b.number): b for _, _, row in response.context["sheet"].sections for b in row
        }
        assert boxes[("standard", 20)].to_tick and not boxes[("standard", 20)].done
        assert "A play could not tell from the board" in response.content.decode()

    def test_tick_by_hand_with_a_note_and_take_it_back(
        self, alice_client: Client, alice: Any
    ) -> None:
        response = alice_client.post(
            "/me/achievements/tick/", {"kind": "modified", "number": "4", "note": "paper sheet"}
        )
        assert response["Location"] == "/me/achievements/#modified-4"
        tick = AchievementTick.objects.get(user=alice)
        assert (tick.kind, tick.number, tick.note) == ("modified", 4, "paper sheet")
        assert alice_client.get("/me/achievements/").context["sheet"].checked == 1
        alice_client.post(
            "/me/achievements/tick/", {"kind": "modified", "number": "4", "action": "untick"}
        )
        assert not AchievementTick.objects.exists()

    def test_unknown_achievement_is_404(self, alice_client: Client) -> None:
        response = alice_client.post("/me/achievements/tick/", {"kind": "modified", "number": "11"})
        assert response.status_code == 404

    def test_each_player_of_a_play_records_their_own(
        self, alice_client: Client, alice: Any, make_user: Any, group: Group
    ) -> None:
        bob = make_user("bob")
        group.join(bob)
        shallow_sea_result(group, alice, 140, achievements=[earned("scenario", 1)])
        shallow_sea_result(group, bob, 120, achievements=[earned("scenario", 1, False)])
        assert alice_client.get("/me/achievements/").context["sheet"].checked == 1
        bob_client = Client()
        bob_client.force_login(bob)
        assert bob_client.get("/me/achievements/").context["sheet"].checked == 0

    def test_a_deleted_play_takes_its_marks_with_it(
        self, alice_client: Client, alice: Any, group: Group
    ) -> None:
        result = shallow_sea_result(group, alice, 140, achievements=[earned("scenario", 1)])
        delete_play(result.play)
        assert alice_client.get("/me/achievements/").context["sheet"].checked == 0

    def test_needs_login(self, client: Client) -> None:
        assert client.get("/me/achievements/")["Location"].startswith("/accounts/login/")

    def test_methods(self, alice_client: Client) -> None:
        assert alice_client.post("/me/achievements/").status_code == 405
        assert alice_client.get("/me/achievements/tick/").status_code == 405


class TestSoloLadder:
    def test_best_current_and_next_title(
        self, alice_client: Client, alice: Any, group: Group
    ) -> None:
        shallow_sea_result(group, alice, 147, day=1, mode="solo")
        shallow_sea_result(group, alice, 162, day=2, mode="solo")
        shallow_sea_result(group, alice, 133, day=3, mode="solo")
        shallow_sea_result(group, alice, 200, day=4, mode="standard")  # not solo
        response = alice_client.get("/me/solo/")
        ladder = response.context["ladder"]
        assert [r.total for r in ladder.plays] == [147, 162, 133]
        assert (ladder.best.total, ladder.best_title) == (162, "Mariner")
        assert ladder.current_title == "Swimmer"
        assert ladder.next_title == ("Merfolk", 8)
        assert [p.value for p in ladder.chart.points] == [147, 162, 133]
        page = response.content.decode()
        assert '<figure class="chart">' in page
        assert "scorepad/results.css" in page  # what draws the chart (issue 26)

    def test_empty_ladder_invites_a_first_play(self, alice_client: Client) -> None:
        response = alice_client.get("/me/solo/")
        assert response.context["ladder"].best is None
        assert "Score a solo game" in response.content.decode()

    def test_group_board_shows_each_members_best(
        self, alice_client: Client, alice: Any, make_user: Any, group: Group
    ) -> None:
        bob = make_user("bob")
        group.join(bob)
        shallow_sea_result(group, alice, 147, mode="solo")
        shallow_sea_result(group, alice, 171, day=1, mode="solo")
        shallow_sea_result(group, bob, 192, mode="solo")
        [panel] = alice_client.get(f"/groups/{group.pk}/").context["panels"]
        board = panel.context["solo_board"]
        assert board == [
            {"name": "bob", "best": 192, "title": "Poseidon"},
            {"name": "alice", "best": 171, "title": "Merfolk"},
        ]

    def test_the_kept_group_page_follows_its_members_solo_plays_anywhere(
        self, alice_client: Client, alice: Any, make_user: Any, group: Group
    ) -> None:
        bob = make_user("bob")
        own = create_group("Bob's own", bob)
        shallow_sea_result(group, alice, 147, mode="solo")
        shallow_sea_result(own, bob, 133, mode="solo")
        assert solo_board(alice_client, group) == ["alice Diver 147"]  # drawn, and kept
        group.join(bob)
        assert solo_board(alice_client, group) == ["alice Diver 147", "bob Swimmer 133"]
        shallow_sea_result(own, bob, 192, day=1, mode="solo")
        assert solo_board(alice_client, group) == ["bob Poseidon 192", "alice Diver 147"]
        group.remove_member(bob)
        assert solo_board(alice_client, group) == ["alice Diver 147"]

    def test_needs_login(self, client: Client) -> None:
        assert client.get("/me/solo/")["Location"].startswith("/accounts/login/")

    def test_post_is_not_allowed(self, alice_client: Client) -> None:
        assert alice_client.post("/me/solo/").status_code == 405
