"""Each seat's colour and initial (scorepad/models/colours.py): given at setup without
anyone choosing, chosen there without JavaScript, remembered by the group's player for
next time, and shown wherever the player appears; and a result leaves out the lines a
mode never has (Category.modes)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client

from scorepad.codecs import get_codec
from scorepad.models import Group, Play, start_play
from scorepad.models.colours import PALETTE, initial_of, seat_colours

HTMX = {"HX-Request": "true"}
REEF = {"option_coral_penalty": "each"}


def colours(play: Play) -> list[str]:
    return [r.colour for r in play.ordered_results()]


def result_url(play: Play) -> str:
    return f"/plays/{play.uuid}/result/"


class TestGivenColours:
    def test_nobody_chooses_the_palette_in_seat_order(self) -> None:
        assert seat_colours([], ["", "", ""]) == ["red", "orange", "yellow"]

    def test_a_player_keeps_last_times_colour_and_the_others_take_the_next_free(self) -> None:
        assert seat_colours([], ["", "blue", ""]) == ["red", "blue", "orange"]

    def test_a_chosen_colour_goes_first_even_over_a_remembered_one(self) -> None:
        assert seat_colours(["", "", "blue"], ["", "blue", ""]) == ["red", "orange", "blue"]

    def test_two_remembering_one_colour_the_first_seat_keeps_it(self) -> None:
        assert seat_colours([], ["teal", "teal"]) == ["teal", "red"]

    def test_more_seats_than_colours_start_the_palette_again(self) -> None:
        given = seat_colours([], [""] * (len(PALETTE) + 1))
        assert given[: len(PALETTE)] == list(PALETTE)
        assert given[-1] == PALETTE[0]

    def test_an_unknown_colour_is_automatic(self) -> None:
        assert seat_colours(["mauve"], ["", ""]) == ["red", "orange"]

    @pytest.mark.parametrize(
        ("name", "initial"), [("ana", "A"), ("🐙 Bartholomew", "B"), ("42nd", "4"), ("🐙", "🐙")]
    )
    def test_an_initial_is_the_first_letter_past_any_emoji(self, name: str, initial: str) -> None:
        assert initial_of(name) == initial


class TestRemembered:
    def test_a_groups_player_keeps_their_colour_for_next_time(
        self, group: Group, alice: Any
    ) -> None:
        first = start_play(
            game="reef-draft",
            names=["Ana", "Ben"],
            options={},
            group=group,
            user=alice,
            colours=["", "green"],
        )
        assert colours(first) == ["red", "green"]
        assert group.players.get(name="Ben").colour == "green"
        # Next time nobody chooses: Ben is green again, wherever he sits.
        second = start_play(
            game="reef-draft", names=["Cleo", "ben", "Ana"], options={}, group=group, user=alice
        )
        assert colours(second) == ["orange", "green", "red"]
        assert group.players.get(name="Cleo").colour == "orange"

    def test_a_guest_play_gives_colours_too(self, db: Any) -> None:
        play = start_play(
            game="reef-draft", names=["Ana", "Ben"], options={}, group=None, user=AnonymousUser()
        )
        assert colours(play) == ["red", "orange"]


class TestSetup:
    def test_the_setup_offers_each_seat_a_colour_as_a_select(
        self, alice_client: Client, group: Group
    ) -> None:
        body = alice_client.get(f"/games/reef-draft/new/?group={group.pk}").content.decode()
        assert '<select name="colour_1"' in body and '<option value="" selected>' in body
        assert '<option value="purple">Purple</option>' in body
        # Every game's setup, a game's own screen too.
        sea = alice_client.get(f"/games/shallow-sea/new/?group={group.pk}").content.decode()
        assert '<select name="colour_4"' in sea

    def test_a_colour_chosen_then_remembered(self, alice_client: Client, group: Group) -> None:
        seats = {"group": group.pk, "seat_1": "Eve", "seat_2": "Dan", **REEF}
        alice_client.post("/games/reef-draft/new/", {**seats, "colour_2": "pink"})
        assert colours(Play.objects.get()) == ["red", "pink"]
        alice_client.post("/games/reef-draft/new/", {**seats, "seat_1": "Dan", "seat_2": "Eve"})
        assert colours(Play.objects.order_by("-created")[0]) == ["pink", "red"]

    def test_two_seats_of_one_colour_are_refused(self, client: Client, db: Any) -> None:
        response = client.post(
            "/games/reef-draft/new/",
            {"seat_1": "Ana", "seat_2": "Ben", "colour_1": "blue", "colour_2": "blue", **REEF},
        )
        assert response.context["form"].errors["colour_2"] == [
            "Blue is another seat's already: choose another, or leave it automatic."
        ]
        assert not Play.objects.exists()

    def test_an_outsider_starts_nothing_in_the_group(
        self, outsider_client: Client, group: Group
    ) -> None:
        data = {"group": group.pk, "seat_1": "Ana", "seat_2": "Ben", "colour_1": "red", **REEF}
        assert outsider_client.post("/games/reef-draft/new/", data).status_code == 404
        assert not Play.objects.exists()


class TestShown:
    @pytest.fixture
    def play(self, make_play: Any, group: Group, alice: Any) -> Play:
        return make_play("reef-draft", group=group, user=alice, finish=True)

    def test_the_table_and_every_place_on_the_result_show_the_seats_dots(
        self, make_play: Any, alice_client: Client, group: Group, alice: Any, play: Play
    ) -> None:
        in_progress = make_play("reef-draft", group=group, user=alice)
        names = [r.name for r in in_progress.ordered_results()]
        table = alice_client.get(in_progress.get_absolute_url()).content.decode()
        assert f'<span class="seat-dot seat-red" data-initial="{names[0][0]}"' in table
        body = alice_client.get(result_url(play)).content.decode()
        first, second = play.ordered_results()[:2]
        # The podium, the key above the breakdown, and each column's head.
        assert body.count('class="seat-dot seat-red"') >= 3
        assert body.count(f'class="seat-dot seat-{second.seat_colour}"') >= 3
        assert f'<span class="visually-hidden">{first.name}</span>' in body
        assert '<ol class="seat-key"' in body
        assert 'class="seat-mark seat-red"' in body  # the player's bar in the chart

    def test_the_breakdown_fragment_keeps_the_dots_and_opens_at_the_explanation(
        self, alice_client: Client, play: Play
    ) -> None:
        key = play.info.categories[0].key
        response = alice_client.get(result_url(play), {"line": key, "player": "0"}, headers=HTMX)
        body = response.content.decode()
        assert "<html" not in body and 'id="breakdown-region"' in body
        assert 'class="seat-dot seat-red"' in body
        assert 'hx-swap="outerHTML show:#explained:top"' in body
        assert response["Vary"] == "HX-Request" or "HX-Request" in response["Vary"]

    def test_an_outsider_sees_no_result(self, outsider_client: Client, play: Play) -> None:
        assert outsider_client.get(result_url(play)).status_code == 404

    def test_the_groups_history_lines_show_the_dots(
        self, alice_client: Client, group: Group, play: Play
    ) -> None:
        body = alice_client.get(group.get_absolute_url()).content.decode()
        assert 'class="seat-dot seat-red"' in body
        # The records' narrow name column: the colour as a bar, the name whole beside it.
        assert '<th scope="row" class="name marked seat-red"><a href=' in body


class TestLinesOfAMode:
    """Shallow Sea's Lionfish card is on the table only when playing alone."""

    def test_a_game_of_several_leaves_out_a_solo_line(
        self, make_play: Any, alice_client: Client, group: Group, alice: Any
    ) -> None:
        play = make_play("shallow-sea", group=group, user=alice, finish=True)
        response = alice_client.get(result_url(play))
        assert "lionfish" not in [row.key for row in response.context["table"].rows]
        assert "Lionfish card" not in response.content.decode()

    def test_a_solo_game_keeps_it(
        self, make_play: Any, alice_client: Client, group: Group, alice: Any
    ) -> None:
        play = make_play("shallow-sea", solo_example(), group=group, user=alice, finish=True)
        rows = alice_client.get(result_url(play)).context["table"].rows
        assert "lionfish" in [row.key for row in rows]


def solo_example() -> dict[str, Any]:
    """Shallow Sea's worked example played alone: its first ocean, with the Lionfish card."""
    data = get_codec("shallow-sea").example_input()
    first = data["players"][0]
    board = {"lionfish": 3, **data["boards"][first]}
    return {**data, "mode": "solo", "players": [first], "boards": {first: board}}


def test_who_wins_most_draws_each_players_bar_in_their_colour(
    make_play: Any, alice_client: Client, group: Group, alice: Any
) -> None:
    play = make_play("reef-draft", group=group, user=alice, finish=True)
    response = alice_client.get(group.get_absolute_url())
    chart = response.context["records"].wins_chart
    colours = {r.name: r.seat_colour for r in play.ordered_results()}
    assert [bar.seat for bar in chart.bars] == [colours[bar.label] for bar in chart.bars]
    assert '<rect class="bar seat-red"' in response.content.decode()


def test_the_history_marks_each_plays_card_with_its_winners_colour(
    make_play: Any, alice_client: Client, group: Group, alice: Any
) -> None:
    play = make_play("reef-draft", group=group, user=alice, finish=True)
    (winner,) = [r for r in play.ordered_results() if r.is_winner]
    body = alice_client.get(group.get_absolute_url()).content.decode()
    assert f'<li class="play-card seat-{winner.seat_colour}">' in body
    # Each seat's score, the winner's with its star.
    assert body.count('<span class="score won">') == 1
    assert body.count('<span class="score">') == len(play.ordered_results()) - 1
