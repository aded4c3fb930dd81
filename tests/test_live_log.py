"""Seagrass and Coral Stations on the phone: live log, undo, edits, final tally."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.utils import translation

import games
from scorepad.codecs import get_codec
from scorepad.models import Group, Play, play_from_input, start_play
from scorepad.pads.event_log.seagrass import SCREENS as SEAGRASS_SCREENS
from tests.conftest import hosting

pytestmark = pytest.mark.django_db

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
HTMX: dict[str, Any] = {"HTTP_HX_REQUEST": "true"}  # WSGI environ, as **extra


def form_data(event: dict[str, Any], players: list[str], **extra: str) -> dict[str, str]:
    """An event or tally as the screens post it (the names SpecForm gives its fields)."""
    data: dict[str, str] = {}
    for key, value in event.items():
        if key == "type":
            continue
        if isinstance(value, dict):
            data |= {f"{key}-{players.index(name)}": str(n) for name, n in value.items()}
        elif isinstance(value, list) and value and isinstance(value[0], dict):
            for row, reef in enumerate(value):
                data |= {f"{key}-{row}-{part}": str(n) for part, n in reef.items()}
        elif isinstance(value, list):
            data[key] = " ".join(str(v) for v in value)
        else:
            data[key] = str(value)
    return data | extra


def start(host: Client, game: str, players: list[str], mode: str = "log", **options: str) -> Play:
    """A guest play started on ``host``'s phone, which hosts it."""
    play = start_play(
        game=game, names=players, options=options, mode=mode, group=None, user=AnonymousUser()
    )
    hosting(host, play)
    return play


def add(client: Client, play: Play, event: dict[str, Any], players: list[str]) -> Any:
    url = f"/plays/{play.uuid}/events/new/{event['type']}/"
    return client.post(url, form_data(event, players, action="save"))


def tally(client: Client, play: Play, position: int, entry: dict[str, Any], players: list[str]):
    return client.post(f"/plays/{play.uuid}/players/{position}/tally/", form_data(entry, players))


@pytest.fixture
def seagrass_play(client: Client) -> Play:
    return start(client, "seagrass", ["Ana", "Ben"])


REEF = {"type": "reef", "size": 3, "adjacent": {"Ana": 4, "Ben": 2}}


class TestStart:
    def test_new_play_asks_how_to_score(self, client: Client) -> None:
        response = client.post(
            "/games/seagrass/new/",
            {"seat_1": "Ana", "seat_2": "Ben", "mode": "counts", "option_discovery": "true"},
        )
        play = Play.objects.get()
        assert response["Location"] == f"/plays/{play.uuid}/"
        assert (play.mode, play.options) == ("counts", {"discovery": "true"})

    def test_log_is_the_default(self, client: Client) -> None:
        page = client.get("/games/seagrass/new/").content.decode()
        assert re.search(r'<input type="radio" name="mode" value="log"[^>]* checked', page)


class TestHub:
    def test_shows_totals_and_the_log_newest_first(
        self, client: Client, seagrass_play: Play
    ) -> None:
        players = ["Ana", "Ben"]
        add(client, seagrass_play, REEF, players)
        add(client, seagrass_play, {"type": "colony", "player": "Ben", "creatures": 5}, players)
        response = client.get(f"/plays/{seagrass_play.uuid}/")
        assert [seat["total"] for seat in response.context["table"]["seats"]] == [8, 9]
        assert [(row["text"], row["points"]) for row in response.context["log"]] == [
            ("Ben: colony of 5 creatures", "Ben +5"),
            ("Reef of 3 tiles", "Ana +8, Ben +4"),
        ]
        kinds = [k.type for k in response.context["event_kinds"]]
        assert kinds == ["colony", "reef"]  # no discovery sets without the expansion

    def test_htmx_gets_the_totals_fragment(self, client: Client, seagrass_play: Play) -> None:
        response = client.get(f"/plays/{seagrass_play.uuid}/", **HTMX)
        body = response.content.decode()
        assert body.lstrip().startswith('<section id="totals"')
        assert "<html" not in body

    def test_outsider_gets_404(self, outsider_client: Client, group: Group, alice: Any) -> None:
        play = start_play(
            game="seagrass", names=["Ana", "Ben"], options={}, mode="log", group=group, user=alice
        )
        assert outsider_client.get(f"/plays/{play.uuid}/").status_code == 404
        assert outsider_client.get(f"/plays/{play.uuid}/events/new/reef/").status_code == 404
        assert outsider_client.post(f"/plays/{play.uuid}/events/undo/").status_code == 404
        assert outsider_client.get(f"/plays/{play.uuid}/players/0/tally/").status_code == 404


class TestNewEvent:
    def test_preview_shows_the_award_and_stores_nothing(
        self, client: Client, seagrass_play: Play
    ) -> None:
        url = f"/plays/{seagrass_play.uuid}/events/new/reef/"
        response = client.post(url, form_data(REEF, ["Ana", "Ben"], action="preview"))
        assert response.context["points"] == "Ana +8, Ben +4"
        assert not seagrass_play.events.exists()

    def test_htmx_preview_is_a_fragment(self, client: Client, seagrass_play: Play) -> None:
        url = f"/plays/{seagrass_play.uuid}/events/new/reef/"
        response = client.post(url, form_data(REEF, ["Ana", "Ben"]), **HTMX)
        body = response.content.decode()
        assert body.lstrip().startswith('<div class="live" id="preview"')
        assert "Ana +8, Ben +4" in body
        assert "HX-Request" in response["Vary"]
        assert not seagrass_play.events.exists()

    def test_two_player_second_needs_half_the_leaders_creatures(
        self, client: Client, seagrass_play: Play
    ) -> None:
        url = f"/plays/{seagrass_play.uuid}/events/new/reef/"
        reef = {"type": "reef", "size": 4, "adjacent": {"Ana": 5, "Ben": 2}}
        response = client.post(url, form_data(reef, ["Ana", "Ben"], action="preview"))
        assert response.context["points"] == "Ana +16"

    def test_save_adds_to_the_log(self, client: Client, seagrass_play: Play) -> None:
        response = add(client, seagrass_play, REEF, ["Ana", "Ben"])
        assert response["Location"] == f"/plays/{seagrass_play.uuid}/"
        assert [e.data for e in seagrass_play.logged_events()] == [REEF]

    def test_invalid_event_is_shown_at_the_field_and_not_stored(
        self, client: Client, seagrass_play: Play
    ) -> None:
        url = f"/plays/{seagrass_play.uuid}/events/new/reef/"
        reef = {"type": "reef", "size": 0, "adjacent": {"Ana": 1, "Ben": 0}}
        response = client.post(url, form_data(reef, ["Ana", "Ben"], action="save"))
        assert response.status_code == 200
        assert "size" in response.context["form"].errors
        assert not seagrass_play.events.exists()

    def test_stepper_without_javascript(self, client: Client, seagrass_play: Play) -> None:
        url = f"/plays/{seagrass_play.uuid}/events/new/colony/"
        data = {"player": "Ana", "creatures": "2", "step": "creatures:1"}
        response = client.post(url, data)
        assert response.context["form"]["creatures"].value() == "3"
        assert response.context["points"] == "Ana +3"

    def test_a_field_not_reached_yet_is_no_mistake_in_the_preview(
        self, client: Client, seagrass_play: Play
    ) -> None:
        url = f"/plays/{seagrass_play.uuid}/events/new/colony/"
        preview = client.post(url, {"creatures": "3"}, headers={"HX-Request": "true"})
        assert preview.context["form"].errors == {}
        assert "choose one" not in preview.text
        saved = client.post(url, {"creatures": "3", "action": "save"})
        # Saving says which field and what it needs, not "This field is required."
        assert saved.context["form"].errors["player"] == ["Who: choose one."]
        assert not seagrass_play.events.exists()

    def test_discovery_set_needs_the_expansion(self, client: Client, seagrass_play: Play) -> None:
        url = f"/plays/{seagrass_play.uuid}/events/new/discovery_set/"
        assert client.get(url).status_code == 404
        with_discovery = start(client, "seagrass", ["Ana", "Ben"], discovery="true")
        url = f"/plays/{with_discovery.uuid}/events/new/discovery_set/"
        response = client.post(url, {"player": "Ben", "action": "preview"})
        assert response.context["points"] == "Ben +10"

    def test_reef_draft_has_no_log(self, client: Client) -> None:
        play = start(client, "reef-draft", ["Ana", "Ben"], mode="standard")
        assert client.get(f"/plays/{play.uuid}/events/new/reef/").status_code == 404

    def test_put_is_not_allowed(self, client: Client, seagrass_play: Play) -> None:
        assert client.put(f"/plays/{seagrass_play.uuid}/events/new/reef/").status_code == 405


class TestEditAndUndo:
    def test_edit_recomputes_every_total(self, client: Client, seagrass_play: Play) -> None:
        players = ["Ana", "Ben"]
        add(client, seagrass_play, REEF, players)
        add(client, seagrass_play, {"type": "colony", "player": "Ben", "creatures": 5}, players)
        changed = {"type": "reef", "size": 5, "adjacent": {"Ana": 1, "Ben": 3}}
        client.post(
            f"/plays/{seagrass_play.uuid}/events/1/", form_data(changed, players, action="save")
        )
        seats = client.get(f"/plays/{seagrass_play.uuid}/").context["table"]["seats"]
        # Ben leads a size-5 reef: 24; Ana has a third of his creatures, under half: 0.
        assert [seat["total"] for seat in seats] == [0, 29]

    def test_edit_screen_shows_the_event(self, client: Client, seagrass_play: Play) -> None:
        add(client, seagrass_play, REEF, ["Ana", "Ben"])
        response = client.get(f"/plays/{seagrass_play.uuid}/events/1/")
        assert response.context["form"].initial["adjacent-0"] == 4

    def test_delete_asks_first_and_sits_apart_from_save(
        self, client: Client, seagrass_play: Play
    ) -> None:
        add(client, seagrass_play, REEF, ["Ana", "Ben"])
        body = client.get(f"/plays/{seagrass_play.uuid}/events/1/").content.decode()
        folded = re.search(r'<details class="delete-event">(.*?)</details>', body, re.S)
        assert folded and "<summary>Delete this event…</summary>" in folded[1]
        assert 'value="delete"' in folded[1] and "Yes, delete it" in folded[1]
        assert body.count('value="delete"') == 1  # nowhere else, not under Save
        # Work out the points: only for a phone without JavaScript (it previews live).
        assert re.search(r'<button[^>]*value="preview"[^>]*class="no-js-only"', body)

    def test_delete_an_earlier_event(self, client: Client, seagrass_play: Play) -> None:
        players = ["Ana", "Ben"]
        add(client, seagrass_play, REEF, players)
        add(client, seagrass_play, {"type": "colony", "player": "Ben", "creatures": 5}, players)
        client.post(f"/plays/{seagrass_play.uuid}/events/1/", {"action": "delete"})
        assert [e.seq for e in seagrass_play.logged_events()] == [2]

    def test_undo_removes_the_last_event(self, client: Client, seagrass_play: Play) -> None:
        players = ["Ana", "Ben"]
        add(client, seagrass_play, REEF, players)
        add(client, seagrass_play, {"type": "colony", "player": "Ben", "creatures": 5}, players)
        response = client.post(f"/plays/{seagrass_play.uuid}/events/undo/", follow=True)
        assert [e.data["type"] for e in seagrass_play.logged_events()] == ["reef"]
        assert "Removed: Ben: colony of 5 creatures." in response.content.decode()

    def test_undo_on_an_empty_log_says_so(self, client: Client, seagrass_play: Play) -> None:
        response = client.post(f"/plays/{seagrass_play.uuid}/events/undo/", follow=True)
        assert "nothing to undo" in response.content.decode()

    def test_undo_needs_post(self, client: Client, seagrass_play: Play) -> None:
        assert client.get(f"/plays/{seagrass_play.uuid}/events/undo/").status_code == 405

    def test_unknown_event_is_404(self, client: Client, seagrass_play: Play) -> None:
        assert client.get(f"/plays/{seagrass_play.uuid}/events/9/").status_code == 404


class TestCorrectingAFinishedLog:
    """A play in the history whose log is corrected stays finished, and each change is
    recorded, whether or not it moved a point."""

    @pytest.fixture
    def finished(self, alice: Any, group: Group) -> Play:
        example = get_codec("seagrass").example_input()
        return play_from_input("seagrass", example, group=group, user=alice, finish=True)

    def test_a_change_that_moves_no_point_is_recorded_and_so_is_its_undoing(
        self, alice_client: Client, finished: Play
    ) -> None:
        players = [r.name for r in finished.ordered_results()]
        totals = [r.total for r in finished.ordered_results()]
        # Dev's one creature by this reef is under half of Ana's five: it scores nothing.
        reef = finished.logged_events()[5]
        assert reef.data["adjacent"] == {"Ana": 5, "Ben": 2, "Cleo": 0, "Dev": 1}
        none_by_dev = {**reef.data, "adjacent": {**reef.data["adjacent"], "Dev": 0}}
        url = f"/plays/{finished.uuid}/events/{reef.seq}/"
        for event in (none_by_dev, reef.data):
            alice_client.post(url, form_data(event, players, action="save"))
        finished.refresh_from_db()
        assert finished.status == Play.Status.FINISHED
        assert [r.total for r in finished.ordered_results()] == totals
        corrections = list(finished.corrections.all())
        assert [(c.by, c.result, c.lines) for c in corrections] == [("alice", None, {})] * 2
        assert all(c.read_what().startswith("Changed in the log: Reef of 2") for c in corrections)
        with translation.override("de"):
            assert all(c.read_what().startswith("Im Protokoll geändert: ") for c in corrections)
        page = alice_client.get(f"/plays/{finished.uuid}/result/").content.decode()
        assert page.count("No point moved.") == 2


class TestTally:
    def test_saves_and_goes_to_the_next_player(self, client: Client, seagrass_play: Play) -> None:
        response = tally(client, seagrass_play, 0, {"unplayed_tiles": 3}, ["Ana", "Ben"])
        assert response["Location"] == f"/plays/{seagrass_play.uuid}/players/1/tally/"
        assert seagrass_play.ordered_results()[0].entry == {"final": {"unplayed_tiles": 3}}

    def test_stepper_without_javascript_saves_and_stays(
        self, client: Client, seagrass_play: Play
    ) -> None:
        url = f"/plays/{seagrass_play.uuid}/players/0/tally/"
        response = client.post(url, {"unplayed_tiles": "3", "step": "unplayed_tiles:1"})
        assert response["Location"] == url
        assert seagrass_play.ordered_results()[0].entry == {"final": {"unplayed_tiles": 4}}

    def test_too_many_unplayed_tiles_is_refused_at_the_field(
        self, client: Client, seagrass_play: Play
    ) -> None:
        response = tally(client, seagrass_play, 0, {"unplayed_tiles": 40}, ["Ana", "Ben"])
        assert "unplayed_tiles" in response.context["form"].errors
        assert seagrass_play.ordered_results()[0].entry == {}

    def test_htmx_autosave_returns_the_status_fragment(
        self, client: Client, seagrass_play: Play
    ) -> None:
        url = f"/plays/{seagrass_play.uuid}/players/1/tally/"
        response = client.post(url, {"unplayed_tiles": "2"}, **HTMX)
        assert response.content.decode().lstrip().startswith('<div class="live" id="status"')
        assert seagrass_play.ordered_results()[1].entry == {"final": {"unplayed_tiles": 2}}

    def test_no_such_seat_is_404(self, client: Client, seagrass_play: Play) -> None:
        assert client.get(f"/plays/{seagrass_play.uuid}/players/5/tally/").status_code == 404

    def test_put_is_not_allowed(self, client: Client, seagrass_play: Play) -> None:
        assert client.put(f"/plays/{seagrass_play.uuid}/players/0/tally/").status_code == 405


@pytest.mark.parametrize("slug", ["seagrass", "coral-stations"])
def test_the_worked_example_entered_on_the_site_scores_as_the_api(
    client: Client, slug: str
) -> None:
    """The docs' worked example, tapped in event by event, gives the documented sheet."""
    example = json.loads((EXAMPLES / f"{slug}.json").read_text())
    expected = json.loads((EXAMPLES / f"{slug}.sheet.json").read_text())
    players = example["players"]
    options = {k: "true" if v is True else v for k, v in example.get("options", {}).items()}
    play = start(client, slug, players, **options)
    for event in example["events"]:
        assert add(client, play, event, players).status_code == 302
    for position, name in enumerate(players):
        assert tally(client, play, position, example["final"][name], players).status_code == 302
    for station in example.get("open_stations", []):
        assert add(client, play, {"type": "open_station", **station}, players).status_code == 302
    response = client.post(f"/plays/{play.uuid}/finish/")
    assert response["Location"] == f"/plays/{play.uuid}/result/"
    stored = {r.name: (r.total, r.rank, r.breakdown) for r in play.ordered_results()}
    assert stored == {
        p["name"]: (p["total"], p["rank"], p["breakdown"]) for p in expected["players"]
    }
    assert games.score_json(slug, example) == expected


class TestCoralStations:
    def test_surfacing_form_helps_with_research_funds(self, client: Client) -> None:
        play = start(client, "coral-stations", ["Ana", "Ben"])
        url = f"/plays/{play.uuid}/events/new/surfacing/"
        data = {
            "player": "Ana",
            "reefs-0-tiles": "3",
            "reefs-0-clownfish": "1",
            "funds-divers_on_board": "3",
            "funds-money_before": "9",
            "action": "preview",
        }
        response = client.post(url, data)
        assert response.context["points"] == "Ana +4"
        funds = response.context["helper"]["result"]
        assert (funds.income, funds.holdings, funds.forfeited) == (6, 12, 3)

    def test_the_funds_line_is_replaced_not_added_to(self, client: Client) -> None:
        play = start(client, "coral-stations", ["Ana", "Ben"])
        url = f"/plays/{play.uuid}/events/new/surfacing/"
        data = {"player": "Ana", "funds-divers_on_board": "3", "funds-money_before": "2"}
        update = client.post(url, data, headers={"HX-Request": "true"}).content.decode()
        # The line under the helper's fields is swapped where it is, out of band: the
        # prompt it showed goes, and the answer is the one line left.
        assert re.search(r'<p id="funds-result"[^>]*hx-swap-oob="true"', update)
        assert "Income 6: you now hold 8." in update
        assert "Enter both" not in update

    def test_counts_entry_with_an_open_station(self, client: Client) -> None:
        players = ["Ana", "Ben"]
        play = start(client, "coral-stations", players, mode="counts")
        hub = client.get(f"/plays/{play.uuid}/")
        assert hub.context["event_kinds"] == []
        tally(client, play, 0, {"points": -3, "shell_tiles": 2, "shoal_tiles": [3, 2]}, players)
        tally(
            client, play, 1, {"points": 10, "open_reefs": [{"tiles": 2, "clownfish": 1}]}, players
        )
        station = {"type": "open_station", "high": 5, "low": 2, "tiles": {"Ana": 3, "Ben": 3}}
        add(client, play, station, players)
        client.post(f"/plays/{play.uuid}/finish/")
        # Ana: -3 + 2 shells + 5 shoals + 2 (tied most on the open station) = 6;
        # Ben: 10 + open reef 2 tiles + 1 clownfish + 2 = 15.
        assert [(r.total, r.rank) for r in play.ordered_results()] == [(6, 2), (15, 1)]


class TestReefAwardCalculator:
    def test_screen_works_from_the_address(self, client: Client) -> None:
        response = client.get(
            "/games/seagrass/reef-award/",
            {"players": "3", "size": "4", "seat_1": "5", "seat_2": "2", "seat_3": "2"},
        )
        assert response.context["award"] == {"Player 1": 16, "Player 2": 4, "Player 3": 4}

    def test_htmx_gets_the_award_fragment(self, client: Client) -> None:
        response = client.get(
            "/games/seagrass/reef-award/",
            {"players": "2", "size": "3", "seat_1": "4", "seat_2": "2"},
            **HTMX,
        )
        body = response.content.decode()
        assert body.lstrip().startswith('<div class="live" id="award"')
        assert "<strong>8</strong>" in body and "<strong>4</strong>" in body

    def test_bad_size_says_why(self, client: Client) -> None:
        response = client.get(
            "/games/seagrass/reef-award/", {"players": "2", "size": "0", "seat_1": "1"}
        )
        assert response.context["errors"] == ["The reef: the reef size cannot be less than 1."]

    def test_post_is_not_allowed(self, client: Client) -> None:
        assert client.post("/games/seagrass/reef-award/").status_code == 405

    def test_api(self, client: Client) -> None:
        body = {"players": ["Ana", "Ben"], "size": 3, "adjacent": {"Ana": 4, "Ben": 2}}
        response = client.post(
            "/api/games/seagrass/reef-award", json.dumps(body), content_type="application/json"
        )
        assert response.json() == {"points": {"Ana": 8, "Ben": 4}}

    def test_api_errors(self, client: Client) -> None:
        body = {"players": ["Ana", "Ben"], "size": 2, "adjacent": {"Zed": 1}}
        response = client.post(
            "/api/games/seagrass/reef-award", json.dumps(body), content_type="application/json"
        )
        assert response.status_code == 400
        assert response.json()["errors"][0]["field"] == "adjacent.Zed"


def test_result_shows_only_the_lines_this_entry_scores(client: Client) -> None:
    players = ["Ana", "Ben"]
    play = start(client, "coral-stations", players)
    add(client, play, {"type": "discard", "player": "Ben", "tiles": 1}, players)
    for position in range(2):
        tally(client, play, position, {"shell_tiles": 3 if position == 0 else 6}, players)
    client.post(f"/plays/{play.uuid}/finish/")
    response = client.get(f"/plays/{play.uuid}/result/")
    labels = [row.label for row in response.context["table"].rows]
    assert "Points scored during play" not in labels  # a counts-entry line
    assert labels[0] == "Surrounded stations"
    # Ana 3 shells, Ben 6 shells − 3 for the discard: 3 each, a shared first place.
    assert [(r.total, r.rank) for r in response.context["by_rank"]] == [(3, 1), (3, 1)]
    assert "names no tie-break: players tied on points share the place" in (
        response.content.decode()
    )


class TestOpenStationsFromTheTally:
    def test_the_tally_lists_them_and_adds_one_before_any_tally_is_saved(
        self, client: Client
    ) -> None:
        play = start(client, "coral-stations", ["Ana", "Ben"])
        tally_path = f"/plays/{play.uuid}/players/0/tally/"
        body = client.get(tally_path).content.decode()
        assert "<h3>Open stations</h3>" in body
        add_url = f"/plays/{play.uuid}/events/new/open_station/?back={quote(tally_path)}"
        assert f'href="{add_url}"' in body

        screen = client.get(add_url).content.decode()
        assert f'<input type="hidden" name="back" value="{tally_path}">' in screen
        station = {"high": "4", "low": "2", "tiles-0": "1", "tiles-1": "0"}
        saved = client.post(add_url, {**station, "back": tally_path, "action": "save"})
        assert saved.status_code == 302 and saved["Location"] == tally_path  # back in the flow
        assert [e.data["type"] for e in play.logged_events()] == ["open_station"]
        assert "Open station 4/2" in client.get(tally_path).content.decode()

    def test_back_leads_only_to_this_plays_screens(self, client: Client) -> None:
        play = start(client, "coral-stations", ["Ana", "Ben"])
        other = start(client, "coral-stations", ["Cy", "Di"])
        url = f"/plays/{play.uuid}/events/new/open_station/"
        station = {"high": "4", "low": "2", "tiles-0": "1", "tiles-1": "0", "action": "save"}
        for elsewhere in ["https://evil.example/", f"/plays/{other.uuid}/", "//evil.example/"]:
            response = client.post(url, {**station, "back": elsewhere})
            assert response["Location"] == play.get_absolute_url()


def test_a_log_line_of_one_says_it_in_the_singular() -> None:
    kinds = {kind.type: kind for kind in SEAGRASS_SCREENS.events}
    assert kinds["reef"].describe({"size": 1}) == "Reef of 1 tile"
    assert kinds["reef"].describe({"size": 3}) == "Reef of 3 tiles"
    assert (
        kinds["colony"].describe({"player": "Ana", "creatures": 1}) == "Ana: colony of 1 creature"
    )
