"""The result page: the podium, the points by category, and every breakdown line
explaining itself (scorepad/result_page.py); Shallow Sea's lines light their spaces on
the player's drawn ocean, on the result page and in the ocean screen's live panel."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from games.contract import Explanation
from scorepad.models import Group, Play, Result
from scorepad.pads.shallow_sea.geometry import BUBBLE_SHAPES, bubble_point
from scorepad.result_page import podium
from tests.test_history_charts import SVG_NUMBERS

HTMX = {"HX-Request": "true"}


def result_url(play: Play) -> str:
    return f"/plays/{play.uuid}/result/"


def lit(body: str) -> tuple[set[str], set[str]]:
    """The spaces and bubbles drawn lit in ``body``."""
    spaces = set(re.findall(r'class="[^"]*\blit\b[^"]*"[^>]*data-place="(R\dC\d)"', body))
    bubbles = set(re.findall(r'class="bubble[^"]*\blit\b[^"]*"[^>]*data-place="([^"]+)"', body))
    return spaces, bubbles


def drawn_bubbles(explanation: Explanation) -> set[str]:
    """The explanation's bubbles by the names the board draws them with."""
    return {BUBBLE_SHAPES[point].name for b in explanation.bubbles if (point := bubble_point(b))}


@pytest.fixture
def sea_play(make_play: Any, group: Group, alice: Any) -> Play:
    return make_play("shallow-sea", group=group, user=alice, finish=True)


def explanation(play: Play, position: int, line: str) -> Explanation:
    sheet = play.score(partial=False)
    return next(e for e in sheet.players[position].explain if e.line == line)


class TestPodium:
    def place(self, position: int, rank: int, total: int) -> Result:
        return Result(position=position, rank=rank, total=total)

    def test_winner_first_shared_places_together_and_the_note_beside_them(self) -> None:
        a, b, c, d = (
            self.place(0, 3, 40),
            self.place(1, 1, 50),
            self.place(2, 2, 48),
            self.place(3, 2, 48),
        )
        places = podium([a, b, c, d], ["C and D tie on 48 points; ..."])
        assert [(p.title, [r.position for r in p.results]) for p in places] == [
            ("Winner", [1]),
            ("Shared 2nd", [2, 3]),
            ("3rd", [0]),
        ]
        assert [(p.tied, p.note) for p in places] == [
            (False, ""),
            (True, "C and D tie on 48 points; ..."),
            (False, ""),
        ]

    def test_a_tie_break_that_parts_them_marks_both_places(self) -> None:
        places = podium(
            [self.place(0, 2, 30), self.place(1, 1, 30), self.place(2, 3, 10)], ["parted"]
        )
        assert [(p.title, p.tied, p.note) for p in places] == [
            ("Winner", True, ""),
            ("2nd", True, "parted"),
            ("3rd", False, ""),
        ]

    def test_a_shared_win(self) -> None:
        (place,) = podium([self.place(0, 1, 9), self.place(1, 1, 9)], ["shared"])
        assert (place.title, place.note) == ("Shared win", "shared")


class TestResultPage:
    def test_podium_tie_break_and_points_by_category(
        self, alice_client: Client, make_play: Any, group: Group, alice: Any
    ) -> None:
        play = make_play("reef-draft", group=group, user=alice, finish=True)
        response = alice_client.get(result_url(play))
        assert response.status_code == 200
        places = response.context["places"]
        # The worked example: Cleo wins on 44; Ana and Ben tie on 43 and share 2nd.
        assert [(p.title, [r.name for r in p.results]) for p in places] == [
            ("Winner", ["Cleo"]),
            ("Shared 2nd", ["Ana", "Ben"]),
            ("4th", ["Dev"]),
        ]
        assert places[1].note == play.readable_notes()[0]
        body = response.content.decode()
        assert (
            body.index("Winner") < body.index("Shared 2nd") < body.index(play.readable_notes()[0])
        )
        assert body.index(play.readable_notes()[0]) < body.index("4th")
        chart = response.context["points_chart"]
        assert [(b.name, b.total) for b in chart.bars] == [
            ("Cleo", 44),
            ("Ana", 43),
            ("Ben", 43),
            ("Dev", 24),
        ]
        assert [label for _, label in chart.legend][0] == "Seastars"
        assert "Points by category" in body and '<rect class="segment seg-blue' in body

    def test_the_ecosystem_cards_are_drawn_in_their_own_colours(
        self, alice_client: Client, sea_play: Play
    ) -> None:
        chart = alice_client.get(result_url(sea_play)).context["points_chart"]
        colours = {label: colour for colour, label in chart.legend}
        assert colours["Orange Ecosystem card"] == "orange"
        assert colours["Blue Ecosystem card"] == "blue"
        others = {c for label, c in colours.items() if "Ecosystem" not in label}
        assert others and not others & {"orange", "blue"}

    def test_every_number_links_to_its_explanation(
        self, alice_client: Client, sea_play: Play
    ) -> None:
        body = alice_client.get(result_url(sea_play)).content.decode()
        assert f'href="{result_url(sea_play)}?line=orange&amp;player=0#explained"' in body
        assert f'hx-get="{result_url(sea_play)}?line=orange&amp;player=0"' in body
        # A line of no points explains nothing: no link (Lionfish, out of solo).
        assert "line=lionfish" not in body

    def test_a_selected_line_shows_its_sentence_and_lights_its_spaces(
        self, alice_client: Client, sea_play: Play
    ) -> None:
        response = alice_client.get(
            result_url(sea_play), {"line": "incomplete_fish", "player": "0"}
        )
        expected = explanation(sea_play, 0, "incomplete_fish")
        body = response.content.decode()
        assert str(expected.text) in body
        assert lit(body) == (set(expected.spaces), drawn_bubbles(expected))
        assert 'class="selected"' in body

    def test_a_line_for_every_player(self, alice_client: Client, sea_play: Play) -> None:
        response = alice_client.get(result_url(sea_play), {"line": "orange"})
        selected = response.context["table"].selected
        assert [r.position for r, _ in selected.lines] == [0, 1]
        assert selected.board is None

    @pytest.mark.parametrize(
        "query", [{"line": "nonsense", "player": "0"}, {"line": "orange", "player": "9"}, {}]
    )
    def test_nothing_known_selects_nothing(
        self, alice_client: Client, sea_play: Play, query: dict
    ) -> None:
        response = alice_client.get(result_url(sea_play), query)
        assert response.status_code == 200
        assert response.context["table"].selected is None

    def test_a_tie_break_line_is_explained_apart_from_a_line_of_its_name(
        self, alice_client: Client, make_play: Any, group: Group, alice: Any
    ) -> None:
        play = make_play("reef-draft", group=group, user=alice, finish=True)
        response = alice_client.get(result_url(play), {"line": "tiebreak-coral", "player": "0"})
        ((_, line),) = response.context["table"].selected.lines
        assert line.tiebreak and str(line.text).startswith("Tie-break, most coral cards")

    def test_htmx_gets_the_breakdown_region_only(
        self, alice_client: Client, sea_play: Play
    ) -> None:
        response = alice_client.get(
            result_url(sea_play), {"line": "orange", "player": "1"}, headers=HTMX
        )
        body = response.content.decode()
        assert body.lstrip().startswith('<section id="breakdown-region"')
        assert "<html" not in body and "Ranking" not in body
        assert str(explanation(sea_play, 1, "orange").text) in body
        assert "HX-Request" in response["Vary"]

    def test_outsider_gets_404(
        self, alice_client: Client, outsider_client: Client, sea_play: Play
    ) -> None:
        query = {"line": "orange", "player": "0"}
        assert alice_client.get(result_url(sea_play), query).status_code == 200
        assert outsider_client.get(result_url(sea_play), query).status_code == 404
        assert outsider_client.get(result_url(sea_play), query, headers=HTMX).status_code == 404


class TestOceanLivePanel:
    def ocean(self, play: Play, position: int = 0) -> str:
        return f"/plays/{play.uuid}/players/{position}/ocean/"

    def test_each_line_links_to_the_board_with_it_lit(
        self, alice_client: Client, sea_play: Play
    ) -> None:
        body = alice_client.get(self.ocean(sea_play)).content.decode()
        assert f'href="{self.ocean(sea_play)}?line=orange#ocean"' in body
        assert lit(body) == (set(), set())

    def test_a_selected_line_lights_exactly_its_spaces(
        self, alice_client: Client, sea_play: Play
    ) -> None:
        response = alice_client.get(self.ocean(sea_play), {"line": "incomplete_fish"})
        expected = explanation(sea_play, 0, "incomplete_fish")
        body = response.content.decode()
        assert lit(body) == (set(expected.spaces), drawn_bubbles(expected))
        assert str(expected.text) in body
        # Tapping it again clears it.
        assert f'href="{self.ocean(sea_play)}#ocean"' in body

    def test_htmx_swaps_the_board_and_the_live_panel(
        self, alice_client: Client, sea_play: Play
    ) -> None:
        response = alice_client.get(self.ocean(sea_play), {"line": "row_2"}, headers=HTMX)
        body = response.content.decode()
        assert body.lstrip().startswith('<section id="board"')
        assert 'id="live"' in body and 'hx-swap-oob="true"' in body
        assert lit(body)[0] == set(explanation(sea_play, 0, "row_2").spaces)

    def test_fish_mode_keeps_its_mode(self, alice_client: Client, sea_play: Play) -> None:
        body = alice_client.get(self.ocean(sea_play), {"tap": "fish"}).content.decode()
        assert f'href="{self.ocean(sea_play)}?tap=fish&amp;line=orange#ocean"' in body

    def test_outsider_gets_404(
        self, alice_client: Client, outsider_client: Client, sea_play: Play
    ) -> None:
        query = {"line": "orange"}
        assert alice_client.get(self.ocean(sea_play), query).status_code == 200
        assert outsider_client.get(self.ocean(sea_play), query).status_code == 404


def test_a_tie_note_reads_in_the_reader_s_language(
    alice_client: Client, make_play: Any, group: Group, alice: Any
) -> None:
    play = make_play("reef-draft", group=group, user=alice, finish=True)
    german = alice_client.get(result_url(play), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert (
        "Ana und Ben liegen mit 43 Punkten gleichauf; der Gleichstand (die meisten "
        "Korallenkarten: Ana 2, Ben 2) ändert nichts, sie teilen sich den Platz."
    ) in german
    french = alice_client.get(result_url(play), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Ana et Ben sont à égalité avec 43 points" in french
    # The points chart draws as in English: its numbers are numbers, not French words.
    drawn = [match.group(1) for match in SVG_NUMBERS.finditer(french)]
    assert drawn and [value for value in drawn if "," in value] == []
