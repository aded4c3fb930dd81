"""The rounds family, on a game declared as data alone: Kelp Forest (tests/fake_rounds_game,
its game module and a declaration) through every shared flow, with no view, form or
template of its own."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from scorepad.models import Group, Play
from tests.fake_rounds_game import game as kelp_forest
from tests.fake_rounds_game.codecs import EXAMPLE
from tests.shared_flows import kept_exported_and_imported

pytestmark = pytest.mark.django_db

SLUG = kelp_forest.INFO.slug
HTMX: dict[str, Any] = {"HTTP_HX_REQUEST": "true"}  # WSGI environ, as **extra


def round_url(play: Play, round_number: int, position: int) -> str:
    return f"/plays/{play.uuid}/rounds/{round_number}/players/{position}/"


def enter(phone: Client, play: Play, round_number: int, position: int) -> Any:
    """The seat's counts of the example's round, saved with Save."""
    url = round_url(play, round_number, position)
    page = phone.get(url)
    assert page.status_code == 200, page.content.decode()[:300]
    name = EXAMPLE["players"][position]
    counts = EXAMPLE["rounds"][round_number - 1][name]
    form = {"base": page.context["base"], "editor": page.context["editor"], "go": "next"}
    response = phone.post(url, {**form, **counts})
    assert response.status_code == 302, response.content.decode()[:500]
    return response


def take_seat(phone: Client, play: Play, position: int) -> Any:
    return phone.post(f"/j/{play.join_code}", {"action": "seat", "seat": position})


def test_a_rounds_game_declared_as_data_goes_through_every_shared_flow(
    client: Client, alice: Any, group: Group
) -> None:
    assert f"/games/{SLUG}/new/" in client.get("/").content.decode()

    # A guest table starts a play: the host's phone shows the code, two phones join.
    seats = {f"seat_{i}": name for i, name in enumerate(EXAMPLE["players"], 1)}
    response = client.post(f"/games/{SLUG}/new/", seats)
    play = Play.objects.get(game=SLUG)
    assert response["Location"] == play.get_absolute_url()
    hub = client.get(play.get_absolute_url())
    assert [r["number"] for r in hub.context["rounds"]] == [1, 2, 3, 4]
    assert "Enter the forests" in hub.content.decode()
    play.refresh_from_db()
    assert play.join_code
    ben, cleo = Client(), Client()
    assert take_seat(ben, play, 1)["Location"] == round_url(play, 1, 1)
    assert take_seat(cleo, play, 2)["Location"] == round_url(play, 1, 2)

    # Each phone enters its own seat only, and a round opens once the one before is in.
    assert ben.get(round_url(play, 1, 0)).status_code == 403
    early = ben.get(round_url(play, 2, 1), follow=True)
    assert "Round 2 opens once round 1 is in: waiting for Ana, Ben, Cleo." in [
        str(m) for m in early.context["messages"]
    ]
    page = ben.get(round_url(play, 1, 1)).content.decode()
    assert "<h1>Round 1: Ben's forest</h1>" in page
    assert "Ben&#x27;s forest at the end of round 1" in page
    assert "2 points each." in page

    # A count saved with htmx answers with the live panel and the seat's chip alone.
    live = ben.post(round_url(play, 1, 1), {"kelp": "2", "otters": "1"}, **HTMX)
    body = live.content.decode()
    assert body.lstrip().startswith('<div class="live" id="reef-live"')
    # The round's own points, named by its number ("Round 14" read as a round's number).
    assert 'Round 1: <strong class="round-points">4</strong>' in body
    assert " of " not in re.sub(r"<[^>]+>", "", body.split("</div>")[0])  # no size declared
    assert re.findall(r'<li id="seat-(\d)" hx-swap-oob="true">', body) == ["1"]
    assert "HX-Request" in live["Vary"]
    refused = ben.post(round_url(play, 1, 1), {"urchins": "11"})
    assert refused.context["form"].errors["urchins"] == ["Urchins: at most 10."]

    for number in range(1, kelp_forest.ROUNDS + 1):
        last = number == kelp_forest.ROUNDS
        table = play.get_absolute_url()
        # The host goes on to the next round of the seats no other phone holds (its own).
        host_next = enter(client, play, number, 0)["Location"]
        assert host_next == (table if last else round_url(play, number + 1, 0))
        assert enter(ben, play, number, 1)["Location"] == table  # waits for Cleo's
        cleo_next = enter(cleo, play, number, 2)["Location"]  # the round is in
        assert cleo_next == (table if last else round_url(play, number + 1, 2))

    # The scoreboard: each round's points, and the majority and penalty once it is over.
    board = client.get(play.get_absolute_url())
    rows = {row["result"].name: row for row in board.context["rows"]}
    assert rows["Ana"]["rounds"] == [4, 4, 4, 4]
    assert [rows[name]["total"] for name in EXAMPLE["players"]] == [21, 13, 21]
    assert "3 of 3 forests in" in board.content.decode()

    # Finish: the result is the game's own score of the same rounds, explained.
    assert client.post(f"/plays/{play.uuid}/finish/")["Location"] == f"/plays/{play.uuid}/result/"
    expected = kelp_forest.score(kelp_forest.parse(EXAMPLE)).to_json()
    play.refresh_from_db()
    results = play.ordered_results()
    assert [(r.name, r.total, r.rank, r.breakdown) for r in results] == [
        (p["name"], p["total"], p["rank"], p["breakdown"]) for p in expected["players"]
    ]
    assert play.readable_notes() == expected["notes"]
    page = client.get(f"/plays/{play.uuid}/result/").content.decode()
    assert "Kelp Forest: result" in page and "fewest urchins: Cleo 1, Ana 4" in page
    line = client.get(f"/plays/{play.uuid}/result/?line=forest&player=0").content.decode()
    assert "Most kelp: the most, 12 kelp fronds → 5" in line
    line = client.get(f"/plays/{play.uuid}/result/?line=otters&player=2").content.decode()
    assert "Otters: round 1, 2 otters × 2 = 4; " in line and "4 + 4 + 4 + 2 = 14" in line

    # Saved to alice's group, in its history, both exports and a re-import.
    assert [r.total for r in results] == [21, 13, 21]
    categories = ["kelp", "otters", "urchins", "forest", "blight"]
    kept_exported_and_imported(client, alice, group, play, categories)
