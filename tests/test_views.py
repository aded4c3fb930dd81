"""Web views: happy path, outsider 404, wrong method 405 and htmx fragments for each."""

from __future__ import annotations

import gzip
import io
import json
import re
from pathlib import Path
from typing import Any

import brotli  # type: ignore[import-untyped]  # it ships no types
import pytest
from django.test import Client
from PIL import Image

import games
from games.contract import Sheet
from scorepad.codecs import Codec
from scorepad.entries import PlayState
from scorepad.models import Group, Membership, Play, Player, start_play
from tests.conftest import hosting
from tests.reef_draft_games import ROUND_POINTS, ROUNDS, TOTALS
from tests.test_examples import EXAMPLES, example_inputs

pytestmark = pytest.mark.django_db

HTMX: dict[str, Any] = {"HTTP_HX_REQUEST": "true"}  # WSGI environ, as **extra


def entry_url(play: Play, round_number: int, position: int) -> str:
    return f"/plays/{play.uuid}/rounds/{round_number}/players/{position}/"


def reef_form_data(reef: dict[str, Any], **extra: str) -> dict[str, str]:
    data = {k: str(v) for k, v in reef.items() if k != "on_shark"}
    data |= {f"on_shark_{k}": str(v) for k, v in reef.get("on_shark", {}).items()}
    return data | extra


def enter_rounds(client: Client, play: Play, rounds: list[dict[str, Any]]) -> None:
    for number, reefs in enumerate(rounds, 1):
        for position, name in enumerate(reefs):
            response = client.post(entry_url(play, number, position), reef_form_data(reefs[name]))
            assert response.status_code == 302, response.content.decode()


@pytest.fixture
def group_play(group: Group, alice: Any) -> Play:
    return start_play(game="reef-draft", names=["Ana", "Ben"], options={}, group=group, user=alice)


@pytest.fixture
def guest_play(client: Client) -> Play:
    """A play outside any group, hosted by ``client``'s phone (it holds the host key)."""
    from django.contrib.auth.models import AnonymousUser

    play = start_play(
        game="reef-draft", names=["Ana", "Ben"], options={}, group=None, user=AnonymousUser()
    )
    hosting(client, play)
    return play


@pytest.fixture
def finished_play(alice_client: Client, group_play: Play) -> Play:
    enter_rounds(alice_client, group_play, ROUNDS)
    assert alice_client.post(f"/plays/{group_play.uuid}/finish/").status_code == 302
    group_play.refresh_from_db()
    return group_play


class TestHome:
    def test_lists_the_games(self, client: Client) -> None:
        response = client.get("/")
        assert response.status_code == 200
        assert b"Reef Draft" in response.content
        assert b'href="/games/reef-draft/new/"' in response.content

    def test_answers_head_as_get_and_describes_the_site(self, client: Client) -> None:
        """Uptime checks and link previews ask HEAD; search results show the description."""
        head = client.head("/")
        assert head.status_code == 200 and head.content == b""
        assert client.post("/").status_code == 405
        assert '<meta name="description" content="Score your board game at the table' in (
            client.get("/").content.decode()
        )

    def test_shows_my_groups(self, alice_client: Client, group: Group) -> None:
        assert b"Thursday table" in alice_client.get("/").content

    def test_hides_other_groups(self, outsider_client: Client, group: Group) -> None:
        assert b"Thursday table" not in outsider_client.get("/").content

    def test_puts_the_plays_still_being_scored_first(
        self, alice_client: Client, alice: Any, group: Group, outsider_client: Client
    ) -> None:
        names = ["Ana", "Ben"]
        play = start_play(game="reef-draft", names=names, options={}, group=group, user=alice)
        body = alice_client.get("/").content.decode()
        assert "Ana, Ben · Thursday table" in body  # whose play, where: told apart from another
        link = body.index(f'href="/plays/{play.uuid}/"')
        assert body.index("<h2>Carry on</h2>") < link < body.index("<h2>Or a new game</h2>")
        assert (
            "Recent plays" not in body
        )  # nothing finished yet: an unfinished play is not "recent"
        assert str(play.uuid) not in outsider_client.get("/").content.decode()

    def test_post_is_not_allowed(self, client: Client) -> None:
        assert client.post("/").status_code == 405


class TestSignup:
    def test_creates_account_group_and_player(self, client: Client) -> None:
        response = client.post(
            "/accounts/signup/",
            {"username": "zoe", "password1": "tide-pool-42x", "password2": "tide-pool-42x"},
        )
        assert response.status_code == 302
        group = Group.objects.get(members__username="zoe")
        assert group.name == "zoe's table"
        assert group.memberships.get().role == Membership.Role.OWNER
        user = group.players.get().user
        assert user is not None
        assert user.username == "zoe"
        assert client.get("/groups/").status_code == 200  # logged in

    def test_mismatched_passwords_keep_the_form(self, client: Client) -> None:
        response = client.post(
            "/accounts/signup/",
            {"username": "zoe", "password1": "tide-pool-42x", "password2": "other-pool-42x"},
        )
        assert response.status_code == 200
        assert b'value="zoe"' in response.content
        assert not Group.objects.exists()

    def test_put_is_not_allowed(self, client: Client) -> None:
        assert client.put("/accounts/signup/").status_code == 405

    def test_next_must_stay_on_this_site(self, client: Client) -> None:
        response = client.post(
            "/accounts/signup/?next=https://evil.example/phish",
            {"username": "zoe", "password1": "tide-pool-42x", "password2": "tide-pool-42x"},
        )
        assert response["Location"] == "/"

    def test_next_on_this_site_is_followed(self, client: Client, guest_play: Play) -> None:
        response = client.post(
            f"/accounts/signup/?next=/plays/{guest_play.uuid}/result/",
            {"username": "zoe", "password1": "tide-pool-42x", "password2": "tide-pool-42x"},
        )
        assert response["Location"] == f"/plays/{guest_play.uuid}/result/"


class TestNewPlay:
    def test_missing_option_falls_back_to_an_error_not_a_crash(self, client: Client) -> None:
        response = client.post("/games/reef-draft/new/", {"seat_1": "A", "seat_2": "B"})
        assert response.status_code == 200
        assert "option_coral_penalty" in response.context["form"].errors

    def test_guests_can_start_without_an_account(self, client: Client) -> None:
        response = client.post(
            "/games/reef-draft/new/",
            {"seat_1": "Ana", "seat_2": " Ben ", "option_coral_penalty": "split"},
        )
        play = Play.objects.get()
        assert response["Location"] == f"/plays/{play.uuid}/"
        assert play.group is None
        assert play.options == {"coral_penalty": "split"}
        assert [r.player.name for r in play.ordered_results()] == ["Ana", "Ben"]

    def test_seats_keep_their_order_and_match_group_players(
        self, alice_client: Client, group: Group
    ) -> None:
        cleo = group.players.create(name="Cleo")
        response = alice_client.get(f"/games/reef-draft/new/?group={group.pk}")
        assert '<option value="Cleo">' in response.content.decode()
        alice_client.post(
            "/games/reef-draft/new/",
            {
                "group": group.pk,
                "seat_1": "Eve",
                "seat_2": "cleo",
                "seat_3": "Dan",
                "option_coral_penalty": "each",
            },
        )
        play = Play.objects.get()
        assert play.group == group
        assert [r.player.name for r in play.ordered_results()] == ["Eve", "Cleo", "Dan"]
        assert play.ordered_results()[1].player == cleo
        assert group.players.filter(name="Eve").exists()

    def test_first_seat_is_offered_to_me(self, alice_client: Client, group: Group) -> None:
        group.players.create(name="alice", user=group.memberships.get().user)
        response = alice_client.get(f"/games/reef-draft/new/?group={group.pk}")
        assert response.context["form"]["seat_1"].initial == "alice"

    def test_the_host_typing_another_name_is_still_seated_as_themselves(
        self, alice_client: Client, alice: Any, group: Group
    ) -> None:
        own = group.players.create(name="alice", user=alice)
        form = alice_client.get(f"/games/reef-draft/new/?group={group.pk}").context["form"]
        assert form["me"].initial is True
        seats = {"seat_1": "Alice W.", "seat_2": "Ben", "option_coral_penalty": "each"}
        alice_client.post(
            f"/games/reef-draft/new/?group={group.pk}", {**seats, "group": group.pk, "me": "on"}
        )
        play = Play.objects.get()
        first = play.ordered_results()[0]
        assert first.player == own
        assert not group.players.filter(name="Alice W.").exists()
        # Her phone holds her seat.
        assert play.phones.get(result=first).user == alice

    def test_a_guest_play_s_first_seat_is_the_signed_in_host_s(
        self, alice_client: Client, alice: Any
    ) -> None:
        seats = {"seat_1": "Al", "seat_2": "Ben", "option_coral_penalty": "each", "me": "on"}
        alice_client.post("/games/reef-draft/new/", seats)
        first, second = Play.objects.get().ordered_results()
        assert (first.player.name, first.player.user) == ("Al", alice)
        assert second.player.user is None

    def test_this_is_me_refuses_another_player_s_name(
        self, alice_client: Client, alice: Any, group: Group
    ) -> None:
        group.players.create(name="alice", user=alice)
        group.players.create(name="Ben")
        seats = {"seat_1": "ben", "seat_2": "Cleo", "option_coral_penalty": "each"}
        response = alice_client.post(
            f"/games/reef-draft/new/?group={group.pk}", {**seats, "group": group.pk, "me": "on"}
        )
        assert response.context["form"].errors["seat_1"] == [
            "ben is another of Thursday table's players: untick This is me, "
            "or type your own name as Player 1."
        ]
        assert not Play.objects.exists()
        # Unticked, Ben is seated as himself and the play is not alice's.
        alice_client.post(f"/games/reef-draft/new/?group={group.pk}", {**seats, "group": group.pk})
        assert Play.objects.get().ordered_results()[0].player.user is None

    def test_a_phone_without_an_account_is_not_asked(self, client: Client) -> None:
        assert "me" not in client.get("/games/reef-draft/new/").context["form"].fields

    def test_too_few_players_keeps_what_was_typed(self, client: Client) -> None:
        response = client.post(
            "/games/reef-draft/new/", {"seat_1": "Ana", "option_coral_penalty": "each"}
        )
        assert response.status_code == 200
        assert b"Reef Draft is for 2 to 5 players; you named 1." in response.content
        assert b'value="Ana"' in response.content
        assert not Play.objects.exists()

    def test_duplicate_names_are_refused(self, client: Client) -> None:
        response = client.post(
            "/games/reef-draft/new/",
            {"seat_1": "Ana", "seat_2": "ana", "option_coral_penalty": "each"},
        )
        assert response.context["form"].errors["seat_2"] == [
            "ana already has a seat; names must differ."
        ]
        assert not Play.objects.exists()

    def test_unknown_game_is_404(self, client: Client) -> None:
        assert client.get("/games/chess/new/").status_code == 404

    def test_outsider_cannot_start_in_a_group(self, outsider_client: Client, group: Group) -> None:
        assert outsider_client.get(f"/games/reef-draft/new/?group={group.pk}").status_code == 404

    def test_put_is_not_allowed(self, client: Client) -> None:
        assert client.put("/games/reef-draft/new/").status_code == 405


class TestPlayScoreboard:
    def test_shows_running_score(self, alice_client: Client, group_play: Play) -> None:
        enter_rounds(alice_client, group_play, ROUNDS[:1])
        response = alice_client.get(f"/plays/{group_play.uuid}/")
        assert response.status_code == 200
        rows = {row["result"].name: row for row in response.context["rows"]}
        assert rows["Ana"]["rounds"] == [22, None, None]
        assert rows["Ben"]["total"] == 17
        assert b"2 of 2 reefs in" in response.content

    def test_guest_play_is_reached_by_its_link(self, client: Client, guest_play: Play) -> None:
        assert client.get(f"/plays/{guest_play.uuid}/").status_code == 200

    def test_outsider_gets_404(self, outsider_client: Client, group_play: Play) -> None:
        assert outsider_client.get(f"/plays/{group_play.uuid}/").status_code == 404

    def test_anonymous_gets_404_for_a_group_play(self, client: Client, group_play: Play) -> None:
        assert client.get(f"/plays/{group_play.uuid}/").status_code == 404

    def test_post_is_not_allowed(self, alice_client: Client, group_play: Play) -> None:
        assert alice_client.post(f"/plays/{group_play.uuid}/").status_code == 405

    def test_htmx_gets_the_scoreboard_fragment(
        self, alice_client: Client, group_play: Play
    ) -> None:
        response = alice_client.get(f"/plays/{group_play.uuid}/", **HTMX)
        body = response.content.decode()
        assert 'id="board"' in body
        assert "<html" not in body
        assert "HX-Request" in response["Vary"]


class TestReefEntry:
    def test_save_goes_to_the_next_player(self, client: Client, guest_play: Play) -> None:
        response = client.post(
            entry_url(guest_play, 1, 0), reef_form_data(ROUNDS[0]["Ana"], go="next")
        )
        assert response["Location"] == entry_url(guest_play, 1, 1)
        ana = guest_play.ordered_results()[0]
        assert ana.entry["rounds"]["1"]["jellies"] == 4
        assert ana.entry["rounds"]["1"]["on_shark"] == {
            "clownfish": 0,
            "pufferfish": 0,
            "anglerfish": 0,
        }

    def test_last_player_goes_on_to_the_next_round(self, client: Client, guest_play: Play) -> None:
        response = client.post(
            entry_url(guest_play, 1, 1), reef_form_data(ROUNDS[0]["Ben"], go="next")
        )
        assert response["Location"] == entry_url(guest_play, 2, 0)

    def test_last_reef_of_the_game_goes_to_the_scoreboard(
        self, client: Client, guest_play: Play
    ) -> None:
        response = client.post(
            entry_url(guest_play, 3, 1), reef_form_data(ROUNDS[2]["Ben"], go="next")
        )
        assert response["Location"] == f"/plays/{guest_play.uuid}/"

    def test_shows_saved_values(self, client: Client, guest_play: Play) -> None:
        client.post(entry_url(guest_play, 2, 1), reef_form_data(ROUNDS[1]["Ben"]))
        response = client.get(entry_url(guest_play, 2, 1))
        assert response.context["form"].initial["on_shark_anglerfish"] == 1
        assert response.context["form"].initial["dolphins"] == 5

    def test_fish_on_sharks_are_said_to_stay_in_their_own_row(
        self, client: Client, guest_play: Play
    ) -> None:
        body = client.get(entry_url(guest_play, 1, 0)).content.decode()
        assert 'aria-describedby="on-shark-hint"' in body
        assert "each is still in its own row" in body
        assert "Clown fish 2 and 1 here" in body

    def test_fish_on_sharks_beyond_the_fish_is_shown_at_the_field(
        self, client: Client, guest_play: Play
    ) -> None:
        data = reef_form_data({"sharks": 2, "pufferfish": 1}, on_shark_pufferfish="2")
        response = client.post(entry_url(guest_play, 1, 0), data)
        assert response.status_code == 200
        form = response.context["form"]
        assert form.errors["on_shark_pufferfish"] == [
            "Round 1, Ana: 2 puffer fish on sharks, but the reef has only 1 puffer fish."
        ]
        assert b'name="on_shark_pufferfish" value="2"' in response.content
        assert guest_play.ordered_results()[0].entry == {}

    def test_deck_limit_across_the_game_is_reported_and_nothing_saved(
        self, client: Client, guest_play: Play
    ) -> None:
        client.post(entry_url(guest_play, 1, 0), reef_form_data({"coral": 6}))
        response = client.post(entry_url(guest_play, 2, 0), reef_form_data({"coral": 5}))
        assert response.context["errors"] == [
            "The rounds together show 11 coral cards, but the deck has only 10."
        ]
        assert "2" not in guest_play.ordered_results()[0].entry["rounds"]

    def test_negative_count_is_refused_by_the_form(self, client: Client, guest_play: Play) -> None:
        response = client.post(entry_url(guest_play, 1, 0), {"jellies": "-1"})
        assert "jellies" in response.context["form"].errors
        assert guest_play.ordered_results()[0].entry == {}

    def test_plus_button_without_javascript_adds_one(
        self, client: Client, guest_play: Play
    ) -> None:
        data = reef_form_data({"jellies": 3}, step="jellies:1")
        response = client.post(entry_url(guest_play, 1, 0), data)
        assert response["Location"] == entry_url(guest_play, 1, 0) + "#row-jellies"
        assert guest_play.ordered_results()[0].entry["rounds"]["1"]["jellies"] == 4

    def test_minus_button_stops_at_zero(self, client: Client, guest_play: Play) -> None:
        client.post(entry_url(guest_play, 1, 0), {"jellies": "0", "step": "jellies:-1"})
        assert guest_play.ordered_results()[0].entry["rounds"]["1"]["jellies"] == 0

    def test_htmx_saves_and_returns_the_live_fragment_with_points(
        self, client: Client, guest_play: Play
    ) -> None:
        response = client.post(
            entry_url(guest_play, 1, 0), reef_form_data({"jellies": 4, "dolphins": 3}), **HTMX
        )
        body = response.content.decode()
        assert response.status_code == 200
        assert body.lstrip().startswith('<div class="live" id="reef-live"')
        assert "<html" not in body
        assert 'name="jellies"' not in body  # inputs stay as the player left them
        assert "7 of 10 cards" in body
        assert response.context["round_points"] == 16  # 2 pairs of jellies 10 + 3 dolphins 6
        assert "HX-Request" in response["Vary"]
        assert guest_play.ordered_results()[0].entry["rounds"]["1"]["jellies"] == 4
        # This seat's chip, now entered but short of a hand: the only chip sent again.
        chips = re.findall(r'<li id="seat-(\d)" hx-swap-oob="true">(.*?)</li>', body)
        assert [position for position, _ in chips] == ["0"]
        assert 'aria-label="entered, but not 10 cards"' in chips[0][1]
        assert 'aria-current="page"' in chips[0][1]
        assert len(gzip.compress(response.content)) <= 1536  # issue 14: ≤ 1.5 KB gzip

    def test_the_chip_turns_to_a_tick_once_the_hand_is_in(
        self, client: Client, guest_play: Play
    ) -> None:
        reef = {"jellies": 4, "dolphins": 3, "coral": 3}
        body = client.post(entry_url(guest_play, 1, 0), reef_form_data(reef), **HTMX)
        chip = re.search(r'<li id="seat-0" hx-swap-oob="true">(.*?)</li>', body.content.decode())
        assert chip and 'aria-label="entered"' in chip[1]
        page = client.get(entry_url(guest_play, 1, 0)).content.decode()
        assert page.count('<li id="seat-') == 2  # the whole screen has every seat's
        assert "hx-swap-oob" not in page

    def test_htmx_error_fills_the_field_error_slot(self, client: Client, guest_play: Play) -> None:
        data = reef_form_data({"sharks": 1, "pufferfish": 0}, on_shark_pufferfish="1")
        response = client.post(entry_url(guest_play, 1, 0), data, **HTMX)
        body = response.content.decode()
        assert (
            '<p class="field-error" id="id_on_shark_pufferfish-error" hx-swap-oob="true">'
            "Round 1, Ana: 1 puffer fish on sharks, but the reef has only 0 puffer fish.</p>"
        ) in body
        assert "Not saved" in body
        assert guest_play.ordered_results()[0].entry == {}

    def test_htmx_error_not_tied_to_one_field_is_listed_on_top(
        self, client: Client, guest_play: Play
    ) -> None:
        data = reef_form_data({"clownfish": 1, "pufferfish": 1}, on_shark_clownfish="1")
        data |= {"on_shark_pufferfish": "1", "sharks": "1"}
        response = client.post(entry_url(guest_play, 1, 0), data, **HTMX)
        assert response.context["errors"] == [
            "Round 1, Ana: 2 fish on sharks, but the reef has 1 shark and each shark eats "
            "only one fish."
        ]

    def test_correcting_a_finished_play_scores_it_again(
        self, alice_client: Client, finished_play: Play
    ) -> None:
        # Ana's round 3: one dolphin fewer (3 points -> 1), one clown fish more (+1).
        corrected = ROUNDS[2]["Ana"] | {"dolphins": 1, "clownfish": 3}
        alice_client.post(entry_url(finished_play, 3, 0), reef_form_data(corrected))
        finished_play.refresh_from_db()
        assert finished_play.status == Play.Status.FINISHED
        assert [r.total for r in finished_play.ordered_results()] == [63, 66]

    def test_a_correction_is_checked_and_stored_with_one_scoring(
        self, alice_client: Client, finished_play: Play, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        codec = type(finished_play.codec)
        scored: list[list[str]] = []
        real_final_sheet = codec.final_sheet

        def counted(self: Codec, state: PlayState) -> Sheet:
            scored.append(state.players)
            return real_final_sheet(self, state)

        monkeypatch.setattr(codec, "final_sheet", counted)
        corrected = ROUNDS[2]["Ana"] | {"dolphins": 1, "clownfish": 3}
        alice_client.post(entry_url(finished_play, 3, 0), reef_form_data(corrected))
        assert scored == [["Ana", "Ben"]]
        assert [r.total for r in finished_play.ordered_results()] == [63, 66]

    def test_saving_the_same_reef_changes_nothing(
        self, alice_client: Client, finished_play: Play
    ) -> None:
        before = finished_play.updated
        alice_client.post(entry_url(finished_play, 3, 0), reef_form_data(ROUNDS[2]["Ana"]))
        finished_play.refresh_from_db()
        assert (finished_play.status, finished_play.updated) == (Play.Status.FINISHED, before)

    def test_a_correction_that_breaks_the_round_is_refused_and_the_play_stays_finished(
        self, alice_client: Client, finished_play: Play
    ) -> None:
        before = [r.entry for r in finished_play.ordered_results()]
        broken = ROUNDS[2]["Ana"] | {"dolphins": 5}
        response = alice_client.post(entry_url(finished_play, 3, 0), reef_form_data(broken))
        assert response.status_code == 200  # the form again, with the game's reason
        assert (
            "Round 3, Ana&#x27;s reef: 13 cards, but every reef ends a round with exactly 10"
            in response.text
        )
        finished_play.refresh_from_db()
        assert finished_play.status == Play.Status.FINISHED
        assert [r.entry for r in finished_play.ordered_results()] == before
        assert not finished_play.corrections.exists()

    @pytest.mark.parametrize("round_number, position", [(4, 0), (0, 0), (1, 2)])
    def test_no_such_round_or_seat_is_404(
        self, client: Client, guest_play: Play, round_number: int, position: int
    ) -> None:
        assert client.get(entry_url(guest_play, round_number, position)).status_code == 404

    def test_outsider_gets_404(self, outsider_client: Client, group_play: Play) -> None:
        assert outsider_client.get(entry_url(group_play, 1, 0)).status_code == 404
        assert outsider_client.post(entry_url(group_play, 1, 0), {"jellies": 2}).status_code == 404

    def test_put_is_not_allowed(self, client: Client, guest_play: Play) -> None:
        assert client.put(entry_url(guest_play, 1, 0)).status_code == 405


class TestFinish:
    def test_a_game_of_two_rounds_is_not_over(self, client: Client, guest_play: Play) -> None:
        enter_rounds(client, guest_play, ROUNDS[:2])
        response = client.post(f"/plays/{guest_play.uuid}/finish/", follow=True)
        assert [str(m) for m in response.context["messages"]] == [
            "The game is not over yet: enter every round before finishing."
        ]
        guest_play.refresh_from_db()
        assert guest_play.status == Play.Status.IN_PROGRESS

    def test_stores_every_result(self, finished_play: Play) -> None:
        results = {r.name: r for r in finished_play.ordered_results()}
        assert finished_play.status == Play.Status.FINISHED
        assert {name: r.total for name, r in results.items()} == TOTALS
        assert results["Ben"].rank == 1
        assert results["Ana"].rank == 2
        assert results["Ana"].breakdown["coral"] == 6
        assert results["Ana"].extra["rounds"] == ROUND_POINTS["Ana"]
        assert results["Ben"].tiebreak == {"coral": 3}

    def test_incomplete_game_says_what_is_missing(self, client: Client, guest_play: Play) -> None:
        enter_rounds(client, guest_play, ROUNDS[:1])
        client.post(entry_url(guest_play, 2, 0), reef_form_data({"jellies": 2}))
        response = client.post(f"/plays/{guest_play.uuid}/finish/", follow=True)
        assert response.redirect_chain == [(f"/plays/{guest_play.uuid}/", 302)]
        assert [str(m) for m in response.context["messages"]] == [
            "Round 2 has no reef for Ben.",
            "Round 2, Ana's reef: 2 cards, but every reef ends a round with exactly 10, "
            "the hand size for 2 players.",
        ]
        assert b"Round 2 has no reef for Ben." in response.content
        guest_play.refresh_from_db()
        assert guest_play.status == Play.Status.IN_PROGRESS

    def test_get_is_not_allowed(self, client: Client, guest_play: Play) -> None:
        assert client.get(f"/plays/{guest_play.uuid}/finish/").status_code == 405

    def test_outsider_gets_404(self, outsider_client: Client, group_play: Play) -> None:
        assert outsider_client.post(f"/plays/{group_play.uuid}/finish/").status_code == 404


class TestResult:
    def test_shows_ranks_breakdown_and_winner(
        self, alice_client: Client, finished_play: Play
    ) -> None:
        response = alice_client.get(f"/plays/{finished_play.uuid}/result/")
        assert response.status_code == 200
        assert [r.name for r in response.context["by_rank"]] == ["Ben", "Ana"]
        coral = next(row for row in response.context["table"].rows if row.label == "Coral")
        assert [cell.value for cell in coral.cells] == [6, 0]
        assert response.context["rounds"][1]["values"] == [23, 27]
        assert b"Winner" in response.content

    def test_explains_the_tie_break(self, client: Client, guest_play: Play) -> None:
        # Ana: 8 + 8 + 11 + coral most (4 cards) 6 = 33; Ben: 8 + 11 + 14 = 33, 3 coral.
        common = {"jellies": 2, "seahorses": 2}
        tied_rounds = [
            {
                "Ana": common | {"dolphins": 2, "coral": 2, "sharks": 2},
                "Ben": common | {"dolphins": 2, "coral": 1, "sharks": 2, "turtles": 1},
            },
            {
                "Ana": common | {"dolphins": 2, "coral": 1, "sharks": 1, "turtles": 2},
                "Ben": common | {"dolphins": 3, "coral": 1, "sharks": 1, "turtles": 1},
            },
            {
                "Ana": common | {"dolphins": 2, "coral": 1, "clownfish": 3},
                "Ben": common | {"dolphins": 3, "coral": 1, "clownfish": 1, "pufferfish": 1},
            },
        ]
        enter_rounds(client, guest_play, tied_rounds)
        client.post(f"/plays/{guest_play.uuid}/finish/")
        response = client.get(f"/plays/{guest_play.uuid}/result/")
        assert [(r.name, r.total, r.rank) for r in response.context["by_rank"]] == [
            ("Ana", 33, 1),
            ("Ben", 33, 2),
        ]
        assert (
            "Ana and Ben tie on 33 points; the tie-break (most coral cards: Ana 4, Ben 3) "
            "puts Ana ahead of Ben."
        ) in response.content.decode()

    def test_unfinished_play_redirects_to_the_scoreboard(
        self, client: Client, guest_play: Play
    ) -> None:
        response = client.get(f"/plays/{guest_play.uuid}/result/")
        assert response["Location"] == f"/plays/{guest_play.uuid}/"

    def test_outsider_gets_404(self, outsider_client: Client, finished_play: Play) -> None:
        assert outsider_client.get(f"/plays/{finished_play.uuid}/result/").status_code == 404

    def test_post_is_not_allowed(self, alice_client: Client, finished_play: Play) -> None:
        assert alice_client.post(f"/plays/{finished_play.uuid}/result/").status_code == 405


class TestSavePlay:
    def test_guest_play_moves_into_the_group_matching_players(
        self, alice_client: Client, group: Group, guest_play: Play
    ) -> None:
        hosting(alice_client, guest_play)  # the host's phone, signed in
        ana = group.players.create(name="Ana")
        enter_rounds(alice_client, guest_play, ROUNDS)
        alice_client.post(f"/plays/{guest_play.uuid}/finish/")
        response = alice_client.post(f"/plays/{guest_play.uuid}/save/", {"group": group.pk})
        assert response["Location"] == f"/groups/{group.pk}/"
        guest_play.refresh_from_db()
        assert guest_play.group == group
        results = guest_play.ordered_results()
        assert results[0].player == ana
        assert results[1].player.group == group
        assert not Player.objects.filter(group__isnull=True).exists()

    def test_an_unfinished_play_is_not_saved(
        self, alice_client: Client, group: Group, guest_play: Play
    ) -> None:
        hosting(alice_client, guest_play)
        alice_client.post(f"/plays/{guest_play.uuid}/save/", {"group": group.pk})
        guest_play.refresh_from_db()
        assert guest_play.group is None

    def test_anonymous_is_sent_to_log_in(self, client: Client, guest_play: Play) -> None:
        response = client.post(f"/plays/{guest_play.uuid}/save/", {"group": 1})
        assert response["Location"].startswith("/accounts/login/")

    def test_outsider_cannot_save_into_a_group_not_theirs(
        self, outsider_client: Client, group: Group, guest_play: Play
    ) -> None:
        response = outsider_client.post(f"/plays/{guest_play.uuid}/save/", {"group": group.pk})
        assert response.status_code == 404
        guest_play.refresh_from_db()
        assert guest_play.group is None

    def test_get_is_not_allowed(self, alice_client: Client, guest_play: Play) -> None:
        assert alice_client.get(f"/plays/{guest_play.uuid}/save/").status_code == 405


class TestGroups:
    def test_lists_and_creates_groups(self, alice_client: Client, group: Group) -> None:
        assert b"Thursday table" in alice_client.get("/groups/").content
        response = alice_client.post("/groups/", {"name": "Beach house"})
        created = Group.objects.get(name="Beach house")
        assert response["Location"] == f"/groups/{created.pk}/"
        assert created.memberships.get().role == Membership.Role.OWNER

    def test_anonymous_is_sent_to_log_in(self, client: Client) -> None:
        assert client.get("/groups/")["Location"].startswith("/accounts/login/")

    def test_put_is_not_allowed(self, alice_client: Client) -> None:
        assert alice_client.put("/groups/").status_code == 405


class TestGroupHistory:
    def test_lists_finished_plays_with_winner(
        self, alice_client: Client, finished_play: Play, group: Group
    ) -> None:
        response = alice_client.get(f"/groups/{group.pk}/")
        assert response.status_code == 200
        assert list(response.context["page"]) == [finished_play]
        assert f"/plays/{finished_play.uuid}/result/".encode() in response.content
        assert (
            'Ben 66 <span class="trophy" role="img" aria-label="winner">★</span>'
            in response.content.decode()
        )

    def test_outsider_gets_404(self, outsider_client: Client, group: Group) -> None:
        assert outsider_client.get(f"/groups/{group.pk}/").status_code == 404

    def test_post_is_not_allowed(self, alice_client: Client, group: Group) -> None:
        assert alice_client.post(f"/groups/{group.pk}/").status_code == 405


class TestScoreApi:
    def test_scores_without_storing(self, client: Client) -> None:
        data = {"players": ["Ana", "Ben"], "rounds": ROUNDS}
        response = client.post(
            "/api/games/reef-draft/score", json.dumps(data), content_type="application/json"
        )
        assert response.status_code == 200
        sheet = response.json()
        assert sheet == games.score_json("reef-draft", data)
        assert {p["name"]: p["total"] for p in sheet["players"]} == TOTALS
        assert sheet["winners"] == ["Ben"]
        assert not Play.objects.exists()

    @pytest.mark.parametrize("example", example_inputs(), ids=lambda p: p.stem)
    def test_every_worked_example(self, client: Client, example: Path) -> None:
        response = client.post(
            f"/api/games/{example.stem}/score",
            example.read_text(),
            content_type="application/json",
        )
        expected = json.loads(example.with_name(f"{example.stem}.sheet.json").read_text())
        assert response.json() == expected

    def test_the_sheet_explains_each_line_with_its_events(self, client: Client) -> None:
        """docs/contract.md: the API returns ``explain`` as ``Sheet.to_json()`` has it."""
        example = EXAMPLES / "seagrass.json"
        response = client.post(
            "/api/games/seagrass/score", example.read_text(), content_type="application/json"
        )
        dev = next(p for p in response.json()["players"] if p["name"] == "Dev")
        assert dev["explain"][1] == {
            "line": "reefs",
            "text": "Completed reefs: reef of 4 tiles, most creatures (9) → 16",
            "points": 16,
            "events": [13],
        }

    def test_explanations_are_english_unless_a_language_is_asked_for(self, client: Client) -> None:
        data = {"players": ["Ana", "Ben"], "rounds": ROUNDS}
        body = json.dumps(data)

        def first_text(url: str, **headers: str) -> str:
            response = client.post(url, body, content_type="application/json", headers=headers)
            return response.json()["players"][0]["explain"][0]["text"]

        url = "/api/games/reef-draft/score"
        assert first_text(url, accept_language="de").startswith("Seastars: round 1")
        assert first_text(f"{url}?language=de").startswith("Seesterne: Runde 1")
        assert first_text(f"{url}?language=fr").startswith("Étoiles de mer\u00a0: manche 1")
        refused = client.post(f"{url}?language=xx", body, content_type="application/json")
        assert refused.status_code == 400
        assert refused.json()["errors"] == [
            {"field": "language", "message": "The language must be one of: en, de, fr."}
        ]

    def test_invalid_input_is_400_with_errors(self, client: Client) -> None:
        data = {"players": ["Ana"], "rounds": []}
        response = client.post(
            "/api/games/reef-draft/score", json.dumps(data), content_type="application/json"
        )
        assert response.status_code == 400
        fields = [e["field"] for e in response.json()["errors"]]
        assert fields == ["players", "rounds"]

    def test_body_that_is_not_json_is_400(self, client: Client) -> None:
        response = client.post(
            "/api/games/reef-draft/score", "{players", content_type="application/json"
        )
        assert response.status_code == 400
        assert response.json() == {
            "errors": [{"field": "", "message": "The request body must be JSON."}]
        }

    def test_unknown_game_is_404_in_json(self, client: Client) -> None:
        response = client.post("/api/games/chess/score", "{}", content_type="application/json")
        assert response.status_code == 404
        assert response.json()["errors"][0]["field"] == "game"

    def test_get_is_not_allowed_in_json(self, client: Client) -> None:
        response = client.get("/api/games/reef-draft/score")
        assert response.status_code == 405
        assert response["Allow"] == "POST"
        assert response.json()["errors"][0]["message"] == "Send the input with POST."

    @pytest.mark.parametrize(
        "body",
        # Deeper than the JSON reader goes, yet inside the size the API reads.
        ["[" * 30_000 + "]" * 30_000, "9" * 5000, b"\xff\xfe"],
        ids=["deep", "long", "utf"],
    )
    def test_absurd_bodies_are_400(self, client: Client, body: Any) -> None:
        response = client.post("/api/games/reef-draft/score", body, content_type="application/json")
        assert response.status_code == 400


class TestGuestPlaysOnThisDevice:
    def test_home_lists_the_guest_plays_started_here(self, client: Client) -> None:
        client.post(
            "/games/reef-draft/new/",
            {"seat_1": "Ana", "seat_2": "Ben", "option_coral_penalty": "each"},
        )
        play = Play.objects.get()
        response = client.get("/")
        # Still being scored: at the top, to carry on; once finished, among this phone's.
        assert response.context["carry_on"] == [play]
        assert response.context["on_this_device"] == []
        assert f"/plays/{play.uuid}/".encode() in response.content
        play.status = Play.Status.FINISHED
        play.save(update_fields=["status"])
        response = client.get("/")
        assert response.context["carry_on"] == []
        assert response.context["on_this_device"] == [play]

    def test_another_device_does_not_see_them(self, client: Client, guest_play: Play) -> None:
        elsewhere = Client().get("/").context
        assert elsewhere["on_this_device"] == [] and elsewhere["carry_on"] == []


def test_the_home_page_joins_a_table_by_its_code(client: Client) -> None:
    """Issue 26: a player handed a code starts from the home page, not a hidden screen."""
    page = client.get("/").content.decode()
    assert "Join a game" in page and 'action="/j/"' in page and 'name="code"' in page
    response = client.get("/j/", {"code": "7kq2mx"})  # as the home page's form sends it
    assert response.status_code == 302
    assert response["Location"] == "/j/7KQ2MX"


class TestGarbageIds:
    def test_group_id_that_is_not_a_number_is_404(self, alice_client: Client) -> None:
        assert alice_client.get("/games/reef-draft/new/?group=abc").status_code == 404

    def test_save_without_a_group_is_404(self, alice_client: Client, guest_play: Play) -> None:
        assert alice_client.post(f"/plays/{guest_play.uuid}/save/").status_code == 404


def test_games_without_entry_screens_are_not_offered(client: Client, monkeypatch: Any) -> None:
    from scorepad import pads

    monkeypatch.delitem(pads.pad_registry(), "seagrass")
    assert b"/games/seagrass/new/" not in client.get("/").content
    assert client.get("/games/seagrass/new/").status_code == 404


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("2.5", "Jellies: a whole number, like 3 (not 2.5, not 1e3)."),
        ("1e3", "Jellies: a whole number, like 3 (not 2.5, not 1e3)."),
        ("-1", "Jellies: at least 0."),
        ("15", "Jellies: at most 14."),
    ],
)
def test_a_count_says_what_it_takes_in_the_players_words(
    client: Client, guest_play: Play, typed: str, said: str
) -> None:
    response = client.post(entry_url(guest_play, 1, 0), reef_form_data({}, jellies=typed))
    assert response.context["form"].errors["jellies"] == [said]
    assert "Ensure this value" not in response.content.decode()
    assert guest_play.ordered_results()[0].entry == {}


def test_attach_errors_reads_the_forms_field_for_and_refuses_a_form_without_one() -> None:
    """A game's message goes by the field its path names (``GameForm.field_for``); what
    names no field goes to the top; a form that cannot say where is told so, not guessed."""
    from django import forms

    from games.contract import FieldError, InvalidInput
    from scorepad.views.common import GameForm, attach_errors

    class Counts(forms.Form):
        shells = forms.IntegerField()

        def field_for(self, path: str) -> str | None:
            return path if path in self.fields else None

    error = InvalidInput([FieldError("counts.Ana.shells", "Too many."), FieldError("", "Whole.")])
    form = Counts(data={"shells": "1"})
    assert form.is_valid() and isinstance(form, GameForm)
    assert attach_errors(error, form, "counts.Ana.") == ["Whole."]
    assert form.errors["shells"] == ["Too many."]
    plain = forms.Form(data={})
    assert plain.is_valid() and not isinstance(plain, GameForm)
    with pytest.raises(TypeError, match="field_for"):
        attach_errors(error, plain, "counts.Ana.")
    assert attach_errors(error, plain, "counts.Ana.", lambda path: None) == ["Too many.", "Whole."]


@pytest.mark.parametrize("path", ["/sw.js", "/manifest.webmanifest"])
def test_the_worker_and_the_manifest_come_in_brotli_to_a_browser_that_takes_it(
    client: Client, path: str
) -> None:
    plain = client.get(path)
    assert "Content-Encoding" not in plain
    answer = client.get(path, headers={"Accept-Encoding": "gzip, deflate, br, zstd"})
    assert answer["Content-Encoding"] == "br"
    assert "Accept-Encoding" in answer["Vary"]
    assert brotli.decompress(answer.content) == plain.content
    assert len(answer.content) < len(gzip.compress(plain.content))
    gzipped = client.get(path, headers={"Accept-Encoding": "gzip"})
    assert gzipped["Content-Encoding"] == "gzip"
    assert gzip.decompress(gzipped.content) == plain.content


def test_the_manifest_names_the_app_and_shows_phone_screens_for_the_rich_install_sheet(
    client: Client,
) -> None:
    manifest = client.get("/manifest.webmanifest").json()
    assert manifest["id"] == "/"
    shots = manifest["screenshots"]
    assert len(shots) >= 1 and all(s["form_factor"] == "narrow" for s in shots)
    for shot in shots:
        width, height = (int(n) for n in shot["sizes"].split("x"))
        assert shot["label"] and height / width <= 2.3  # Chrome's longest allowed
        served = client.get(shot["src"])
        assert served.status_code == 200
        body = b"".join(served.streaming_content) if served.streaming else served.content  # type: ignore[attr-defined]
        with Image.open(io.BytesIO(body)) as image:
            assert image.size == (width, height) and image.format == "PNG"
