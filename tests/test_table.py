"""The table: phones join a play with its code, each enters its own seat, the host
runs the table, every phone follows it live; and who may change what, recorded."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client, override_settings
from django.utils import translation

from games.shallow_sea.data import FIRST_GAME_BLUE, FIRST_GAME_ORANGE, FIRST_GAME_SEALIFE
from scorepad.models import (
    JOIN_CODE_ALPHABET,
    JOIN_CODE_LENGTH,
    Correction,
    Group,
    Play,
    delete_play,
    read_join_code,
)
from tests.conftest import logged_in

pytestmark = pytest.mark.django_db

REEF = {"jellies": 2, "dolphins": 3, "seastar_3": 1, "pufferfish": 1, "coral": 1}


@pytest.fixture(autouse=True)
def fresh_guess_counts() -> None:
    cache.clear()


GUESSES = {"join_guesses_per_phone": "3/10m", "join_guesses": "5/10m"}


@pytest.fixture
def few_guesses() -> Iterator[None]:
    with override_settings(SCOREPAD_RATE_LIMITS={**settings.SCOREPAD_RATE_LIMITS, **GUESSES}):
        yield


# What each game's new-play screen needs besides the seats.
SETUP: dict[str, dict[str, Any]] = {
    "reef-draft": {"option_coral_penalty": "each"},
    "seagrass": {"mode": "log", "option_discovery": "false"},
    "shallow-sea": {
        "mode": "standard",
        "orange": [FIRST_GAME_ORANGE],
        "blue": [FIRST_GAME_BLUE],
        "sealife": list(FIRST_GAME_SEALIFE),
        "achievement": "none",
        "entry": "board",
    },
}


def host_starts(client: Client, slug: str = "reef-draft", **fields: str) -> Play:
    """The host's phone starts a play on the site, as a table does."""
    seats = {"seat_1": "Ana", "seat_2": "Ben", "seat_3": "Cleo", **SETUP[slug], **fields}
    response = client.post(f"/games/{slug}/new/", seats)
    assert response.status_code == 302, response.content.decode()[:300]
    play = Play.objects.latest("created")
    client.get(play.get_absolute_url())  # the host's screen shows the code
    play.refresh_from_db()
    assert play.join_code
    return play


def code_of(play: Play) -> str:
    assert play.join_code is not None
    return play.join_code


def take_seat(phone: Client, play: Play, position: int) -> Any:
    return phone.post(f"/j/{play.join_code}", {"action": "seat", "seat": position})


def reef_url(play: Play, position: int, round_number: int = 1) -> str:
    return f"/plays/{play.uuid}/rounds/{round_number}/players/{position}/"


class TestJoinCodes:
    def test_codes_have_over_a_billion_values_and_no_look_alikes(self) -> None:
        assert len(JOIN_CODE_ALPHABET) ** JOIN_CODE_LENGTH >= 10**9
        assert not set("OIL") & set(JOIN_CODE_ALPHABET)

    def test_a_typed_code_is_read_whatever_the_case_and_look_alikes(self) -> None:
        assert read_join_code(" 7kq2-mo ") == "7KQ2M0"
        assert read_join_code("abcdel") == "ABCDE1"
        assert read_join_code("ABC") is None
        assert read_join_code("ABCDEU") is None  # not in the alphabet

    @staticmethod
    def lettered(play: Play) -> Play:
        """The play with a code of letters too (one of all digits reads the same in
        any case)."""
        Play.objects.filter(pk=play.pk).update(join_code="K7M2QX")
        play.refresh_from_db()
        return play

    def test_the_link_takes_any_case(self, client: Client) -> None:
        play = self.lettered(host_starts(client))
        phone = Client()
        response = phone.get(f"/j/{code_of(play).lower()}")
        assert response["Location"] == f"/j/{play.join_code}"
        assert "Which seat is yours?" in phone.get(f"/j/{play.join_code}").content.decode()

    def test_the_code_typed_in_the_box(self, client: Client) -> None:
        play = self.lettered(host_starts(client))
        response = Client().get("/j/", {"code": code_of(play).lower()})
        assert response["Location"] == f"/j/{play.join_code}"

    def test_a_finished_or_deleted_play_takes_no_one(self, client: Client) -> None:
        play = host_starts(client)
        code = play.join_code
        play.status = Play.Status.FINISHED
        play.save()
        assert Client().get(f"/j/{code}").status_code == 404
        delete_play(play)
        assert Client().get(f"/j/{code}").status_code == 404

    def test_closed_joining_takes_no_one_until_it_opens(self, client: Client) -> None:
        play = host_starts(client)
        client.post(f"/plays/{play.uuid}/table/change/", {"action": "close"})
        assert Client().get(f"/j/{play.join_code}").status_code == 404
        client.post(f"/plays/{play.uuid}/table/change/", {"action": "open"})
        assert Client().get(f"/j/{play.join_code}").status_code == 200

    def test_guesses_are_limited_per_phone(self, client: Client, few_guesses: None) -> None:
        play = host_starts(client)
        guesser = Client()
        for _ in range(3):
            assert guesser.get("/j/ZZZZZZ").status_code == 404
        response = guesser.get(f"/j/{play.join_code}")  # even the right one, for a while
        assert response.status_code == 429
        assert 0 < int(response["Retry-After"]) <= 600
        assert "This phone tried too many codes that fit no game." in response.content.decode()
        # Another phone at the same table (the same address) still joins.
        assert Client().get(f"/j/{play.join_code}").status_code == 200

    def test_guesses_are_limited_per_address(self, client: Client, few_guesses: None) -> None:
        play = host_starts(client)
        for _ in range(5):
            assert Client().get("/j/ZZZZZZ").status_code == 404  # a new phone each time
        response = Client().get(f"/j/{play.join_code}")
        assert response.status_code == 429
        page = response.content.decode()
        assert "Too many codes that fit no game were tried from here." in page
        assert Client(REMOTE_ADDR="203.0.113.9").get(f"/j/{play.join_code}").status_code == 200

    def test_the_phones_of_one_ipv6_64_guess_as_one_address(
        self, client: Client, few_guesses: None
    ) -> None:
        play = host_starts(client)
        for n in range(5):
            phone = Client(REMOTE_ADDR=f"2001:db8:1:2::{n + 1}")
            assert phone.get("/j/ZZZZZZ").status_code == 404
        same_block = Client(REMOTE_ADDR="2001:db8:1:2:ffff::1")
        assert same_block.get(f"/j/{play.join_code}").status_code == 429
        elsewhere = Client(REMOTE_ADDR="2001:db8:1:3::1")
        assert elsewhere.get(f"/j/{play.join_code}").status_code == 200

    def test_a_closed_or_finished_code_says_so_and_counts_no_guess(
        self, client: Client, few_guesses: None
    ) -> None:
        play = host_starts(client)
        client.post(f"/plays/{play.uuid}/table/change/", {"action": "close"})
        phone = Client()
        for _ in range(4):
            response = phone.get(f"/j/{play.join_code}")
        assert response.status_code == 404
        assert "closed joining" in response.content.decode()

    def test_only_the_host_sees_the_invite_panel(self, client: Client) -> None:
        play = host_starts(client)
        page = client.get(play.get_absolute_url()).content.decode()
        assert "Invite players" in page and code_of(play) in page and "<svg" in page
        phone = Client()
        take_seat(phone, play, 1)
        assert "Invite players" not in phone.get(play.get_absolute_url()).content.decode()


class TestSeats:
    def test_a_phone_takes_a_seat_and_lands_on_its_own_screen(self, client: Client) -> None:
        play = host_starts(client)
        response = take_seat(Client(), play, 1)
        assert response["Location"] == reef_url(play, 1)

    def test_a_seat_held_by_another_phone_is_not_taken_twice(self, client: Client) -> None:
        play = host_starts(client)
        ben, intruder = Client(), Client()
        take_seat(ben, play, 1)
        response = take_seat(intruder, play, 1)
        assert response["Location"] == f"/j/{play.join_code}"
        page = intruder.get(f"/j/{play.join_code}").content.decode()
        assert "seat is on another phone" in page and "Ask the host for it" in page
        assert intruder.post(reef_url(play, 1), REEF).status_code == 403

    def test_the_host_hands_an_asked_for_seat_over(self, client: Client) -> None:
        play = host_starts(client)
        old, new = Client(), Client()
        take_seat(old, play, 1)
        new.post(f"/j/{play.join_code}", {"action": "ask", "seat": 1})
        [seat] = [
            s for s in client.get(play.get_absolute_url()).context["table"]["seats"] if s["asking"]
        ]
        phone = seat["asking"][0]
        client.post(f"/plays/{play.uuid}/table/change/", {"action": "hand_over", "phone": phone.pk})
        assert new.post(reef_url(play, 1), REEF).status_code == 302
        assert old.post(reef_url(play, 1), REEF).status_code == 403

    def test_a_phone_waiting_for_a_seat_looks_again_without_reloading(self, client: Client) -> None:
        play = host_starts(client)
        take_seat(Client(), play, 1)
        asking = Client()
        waiting = asking.post(f"/j/{play.join_code}", {"action": "ask", "seat": 1}, follow=True)
        page = waiting.content.decode()
        assert "Waiting for the host to hand you" in page
        # Its seats every 5 s with htmx; without JavaScript, the whole page.
        poll = re.search(r'<div id="join-seats"([^>]*)>', page)
        assert poll and 'hx-trigger="every 5s"' in poll[1] and 'hx-select="#join-seats"' in poll[1]
        assert '<noscript><meta http-equiv="refresh" content="5"></noscript>' in page
        watching = Client().get(f"/j/{play.join_code}").content.decode()
        assert "every 5s" not in watching and "refresh" not in watching

    def test_a_released_seat_is_free_and_its_old_phone_only_watches(self, client: Client) -> None:
        play = host_starts(client)
        ben, other = Client(), Client()
        take_seat(ben, play, 1)
        client.post(f"/plays/{play.uuid}/table/change/", {"action": "release", "seat": 1})
        assert ben.post(reef_url(play, 1), REEF).status_code == 403
        assert take_seat(other, play, 1)["Location"] == reef_url(play, 1)

    def test_a_phone_leaves_its_seat(self, client: Client) -> None:
        play = host_starts(client)
        ben = Client()
        take_seat(ben, play, 1)
        ben.post(f"/plays/{play.uuid}/table/change/", {"action": "leave"})
        assert take_seat(Client(), play, 1)["Location"] == reef_url(play, 1)

    def test_only_the_host_runs_the_table(self, client: Client) -> None:
        play = host_starts(client)
        ben = Client()
        take_seat(ben, play, 1)
        response = ben.post(f"/plays/{play.uuid}/table/change/", {"action": "close"})
        assert response.status_code == 403

    def test_a_watching_phone_follows_but_enters_nothing(self, client: Client) -> None:
        play = host_starts(client)
        watcher = Client()
        assert watcher.post(f"/j/{play.join_code}", {"action": "watch"})["Location"] == (
            play.get_absolute_url()
        )
        assert watcher.get(play.get_absolute_url()).status_code == 200
        assert watcher.post(reef_url(play, 0), REEF).status_code == 403


class TestAPhoneChangesOnlyItsOwnSeat:
    """Every game's entry screens: a seat's phone enters its own seat, not another."""

    @pytest.mark.parametrize(
        "slug, own, other",
        [
            ("reef-draft", "rounds/1/players/{}/", "rounds/1/players/{}/"),
            ("seagrass", "players/{}/tally/", "players/{}/tally/"),
            ("shallow-sea", "players/{}/ocean/", "players/{}/ocean/spaces/R1C2/"),
        ],
    )
    def test_own_seat_yes_other_seat_no(
        self, client: Client, slug: str, own: str, other: str
    ) -> None:
        play = host_starts(client, slug)
        ben = Client()
        take_seat(ben, play, 1)
        assert ben.get(f"/plays/{play.uuid}/{own.format(1)}").status_code == 200
        refused = ben.get(f"/plays/{play.uuid}/{other.format(0)}")
        assert refused.status_code == 403
        assert "your phone holds Ben" in refused.content.decode()
        assert client.get(f"/plays/{play.uuid}/{other.format(1)}").status_code == 200  # host

    def test_a_seat_phone_logs_events_and_undoes_only_its_own(self, client: Client) -> None:
        play = host_starts(client, "seagrass", mode="log")
        ben = Client()
        take_seat(ben, play, 1)
        colony = {"player": "Ben", "creatures": "3", "action": "save"}
        assert ben.post(f"/plays/{play.uuid}/events/new/colony/", colony).status_code == 302
        client.post(f"/plays/{play.uuid}/events/new/colony/", {**colony, "player": "Ana"})
        first, second = play.logged_events()
        assert (first.seat, second.seat) == (1, None)
        # Ben's phone neither edits the host's event nor undoes it: its undo is its own.
        assert ben.get(f"/plays/{play.uuid}/events/{second.seq}/").status_code == 403
        ben.post(f"/plays/{play.uuid}/events/undo/", {"last": first.seq})
        assert [e.seq for e in play.logged_events()] == [second.seq]

    def test_a_seat_phone_logs_as_its_own_player_unless_it_chooses(self, client: Client) -> None:
        """Issue 26: a seated phone's "who" starts on its own seat, one tap fewer."""
        play = host_starts(client, "seagrass", mode="log")
        ben = Client()
        take_seat(ben, play, 1)
        url = f"/plays/{play.uuid}/events/new/colony/"
        assert ben.get(url).context["form"]["player"].value() == "Ben"
        assert client.get(url).context["form"]["player"].value() in (None, "")  # the host's
        ben.post(url, {"player": "Ana", "creatures": "3", "action": "save"})
        [logged] = play.logged_events()
        assert logged.data["player"] == "Ana"


class TestTheGroupsTable:
    def test_a_phone_without_an_account_joins_a_group_play(
        self, alice_client: Client, group: Group
    ) -> None:
        play = host_starts(alice_client)
        assert play.group == group
        phone = Client()
        assert phone.get(play.get_absolute_url()).status_code == 404  # not joined yet
        assert take_seat(phone, play, 2)["Location"] == reef_url(play, 2)
        assert phone.get(play.get_absolute_url()).status_code == 200
        assert phone.post(reef_url(play, 2), REEF).status_code == 302

    def test_a_signed_in_player_joining_their_seat_counts_it_for_them(
        self, client: Client, make_user: Any
    ) -> None:
        play = host_starts(client)
        cleo = make_user("cleo")
        take_seat(logged_in(cleo), play, 2)
        assert play.ordered_results()[2].player.user == cleo

    def test_a_signed_in_member_on_their_named_seat_plays_as_their_own_player(
        self, alice_client: Client, group: Group, make_user: Any
    ) -> None:
        cleo = make_user("cleo")
        group.join(cleo)  # her player in the group is called "cleo"
        group.players.create(name="Cleo")  # and a guest of the same name sits at the play
        play = host_starts(alice_client)
        seat = play.ordered_results()[2]
        seat.player = group.players.get(name="Cleo")
        seat.save()
        take_seat(logged_in(cleo), play, 2)
        assert play.ordered_results()[2].player == group.players.get(user=cleo)

    def test_saving_a_guest_play_needs_the_host_and_keeps_every_seat(
        self, alice: Any, group: Group
    ) -> None:
        host = Client()
        play = host_starts(host, "seagrass", mode="counts")  # a guest play
        ben = Client()
        take_seat(ben, play, 1)
        for position in range(3):
            url = f"/plays/{play.uuid}/players/{position}/tally/"
            host.post(url, {"points": "3", "unplayed_tiles": "0"})
        host.post(f"/plays/{play.uuid}/finish/")
        ben.force_login(alice)  # a member, but on a seat's phone: not the host
        assert ben.post(f"/plays/{play.uuid}/save/", {"group": group.pk}).status_code == 403
        host.force_login(alice)
        assert host.post(f"/plays/{play.uuid}/save/", {"group": group.pk}).status_code == 302
        play.refresh_from_db()
        assert play.group == group
        phone = Client()
        phone.cookies = ben.cookies  # the same phone, signed out again
        phone.cookies.pop("sessionid")
        assert phone.get(play.get_absolute_url()).status_code == 200
        assert phone.get(f"/plays/{play.uuid}/result/").status_code == 200


class TestLive:
    def test_an_unchanged_table_answers_304(self, client: Client) -> None:
        play = host_starts(client)
        response = client.get(play.get_absolute_url(), HTTP_HX_REQUEST="true")
        etag = response["ETag"]
        unchanged = client.get(
            play.get_absolute_url(), HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag
        )
        assert unchanged.status_code == 304 and unchanged.content == b""
        take_seat(Client(), play, 1)
        changed = client.get(
            play.get_absolute_url(), HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag
        )
        assert changed.status_code == 200 and changed["ETag"] != etag

    def test_every_phone_is_sent_to_the_result_once_finished(self, client: Client) -> None:
        play = host_starts(client)
        ben = Client()
        take_seat(ben, play, 1)
        bar = ben.get(f"/plays/{play.uuid}/table/", HTTP_HX_REQUEST="true")
        assert bar.status_code == 200 and "Ben" in bar.content.decode()
        play.status = Play.Status.FINISHED
        play.save()
        play.save_and_tell_table()
        moved = ben.get(
            f"/plays/{play.uuid}/table/", HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=bar["ETag"]
        )
        assert moved["HX-Redirect"] == f"/plays/{play.uuid}/result/"

    def test_hidden_totals_show_when_every_seat_is_done(self, client: Client) -> None:
        play = host_starts(client, "seagrass", mode="counts", hide_totals="on")
        for position in range(3):
            url = f"/plays/{play.uuid}/players/{position}/tally/"
            client.post(url, {"points": str(5 + position), "unplayed_tiles": "0"})
            seats = client.get(play.get_absolute_url()).context["table"]["seats"]
            totals = [seat["total"] for seat in seats]
            assert totals == ([None] * 3 if position < 2 else [5, 6, 7])


class TestFinishingAndCorrections:
    def finished_in_group(self, alice_client: Client) -> Play:
        play = host_starts(alice_client, "seagrass", mode="counts")
        for position in range(3):
            url = f"/plays/{play.uuid}/players/{position}/tally/"
            alice_client.post(url, {"points": str(10 + position), "unplayed_tiles": "0"})
        alice_client.post(f"/plays/{play.uuid}/finish/")
        play.refresh_from_db()
        assert play.is_finished
        return play

    def test_a_seat_finishes_only_when_all_are_done_and_the_host_allows(
        self, client: Client
    ) -> None:
        play = host_starts(client, "seagrass", mode="counts")
        ben = Client()
        take_seat(ben, play, 1)
        for position in range(3):
            url = f"/plays/{play.uuid}/players/{position}/tally/"
            client.post(url, {"points": "4", "unplayed_tiles": "0"})
        assert ben.post(f"/plays/{play.uuid}/finish/").status_code == 403
        client.post(f"/plays/{play.uuid}/table/change/", {"action": "seats_may_finish"})
        assert ben.post(f"/plays/{play.uuid}/finish/")["Location"].endswith("/result/")

    def test_another_member_may_not_correct_a_play_in_the_history(
        self, alice_client: Client, bob_client: Client
    ) -> None:
        play = self.finished_in_group(alice_client)
        url = f"/plays/{play.uuid}/players/0/tally/"
        assert bob_client.post(url, {"points": "99", "unplayed_tiles": "0"}).status_code == 403
        assert not Correction.objects.exists()

    def test_the_recorder_corrects_and_it_is_recorded(self, alice_client: Client) -> None:
        play = self.finished_in_group(alice_client)
        url = f"/plays/{play.uuid}/players/1/tally/"
        alice_client.post(url, {"points": "20", "unplayed_tiles": "0"})
        # Ben's 20 passes the third seat's 12: both places moved, each seat's lines kept.
        ben, third = Correction.objects.select_related("result").order_by("result__position")
        assert ben.result is not None and ben.result.name == "Ben"
        assert (ben.old_total, ben.new_total) == (11, 20)
        assert (ben.read_by(), ben.read_what()) == ("alice", "Ben's entry")
        assert ben.lines == {"points": [11, 20], "rank": [2, 1]}
        assert (third.old_total, third.new_total, third.lines) == (12, 12, {"rank": [1, 2]})
        with translation.override("de"):
            assert ben.read_what() == "Eintrag von Ben"
        with translation.override("fr"):
            assert ben.read_what() == "Saisie de Ben"
        page = alice_client.get(f"/plays/{play.uuid}/result/").content.decode()
        assert page.count("Ben&#x27;s entry, by alice at ") == 1  # one change, two seats moved
        assert "<strong>Ben</strong>: total 11 → 20" in page
        assert "<li>Point tokens: 11 → 20</li>" in page and "<li>Place: 2 → 1</li>" in page

    def test_the_seats_own_player_corrects_their_seat(
        self, alice_client: Client, group: Group, make_user: Any
    ) -> None:
        play = self.finished_in_group(alice_client)
        ana = make_user("ana")
        group.join(ana)
        own = group.players.get(user=ana)
        result = play.ordered_results()[0]
        result.player = own
        result.save()
        url = f"/plays/{play.uuid}/players/0/tally/"
        ana_phone = logged_in(ana)
        assert ana_phone.post(url, {"points": "30", "unplayed_tiles": "0"}).status_code == 302
        assert (
            ana_phone.post(
                f"/plays/{play.uuid}/players/1/tally/", {"points": "1", "unplayed_tiles": "0"}
            ).status_code
            == 403
        )
        assert {c.by for c in Correction.objects.all()} == {"ana"}


class TestWhatAPhoneIsTold:
    def test_a_refused_autosave_sends_the_phone_to_the_table_with_the_reason(
        self, client: Client
    ) -> None:
        play = host_starts(client)
        ben = Client()
        take_seat(ben, play, 1)
        client.post(f"/plays/{play.uuid}/table/change/", {"action": "release", "seat": 1})
        response = ben.post(reef_url(play, 1), REEF, HTTP_HX_REQUEST="true")
        assert response.status_code == 200 and response["HX-Redirect"] == play.get_absolute_url()
        page = ben.get(play.get_absolute_url()).content.decode()
        assert "Not saved: Your phone does not hold Ben" in page

    def test_another_seats_screen_offers_the_phones_own(self, client: Client) -> None:
        play = host_starts(client)
        ben = Client()
        take_seat(ben, play, 1)
        page = ben.get(reef_url(play, 0)).content.decode()
        assert "Enter Ben's scores" in page and reef_url(play, 1) in page

    def test_a_phone_joining_a_live_log_starts_on_the_log(self, client: Client) -> None:
        play = host_starts(client, "seagrass", mode="log")
        assert take_seat(Client(), play, 1)["Location"] == play.get_absolute_url()

    def test_a_phone_asking_for_a_seat_waits_for_the_host(self, client: Client) -> None:
        play = host_starts(client)
        take_seat(Client(), play, 1)
        asking = Client()
        asking.post(f"/j/{play.join_code}", {"action": "ask", "seat": 1})
        page = asking.get(f"/j/{play.join_code}").content.decode()
        assert "Waiting for the host to hand you Ben" in page
        assert '<meta http-equiv="refresh"' in page

    def test_hidden_totals_keep_an_events_points_hidden_too(self, client: Client) -> None:
        play = host_starts(client, "seagrass", mode="log", hide_totals="on")
        colony = {"player": "Ana", "creatures": "3"}
        preview = client.post(f"/plays/{play.uuid}/events/new/colony/", colony)
        assert preview.context["points"] is None and preview.context["points_hidden"]
        added = client.post(
            f"/plays/{play.uuid}/events/new/colony/", {**colony, "action": "save"}, follow=True
        )
        assert "Added: Ana: colony of 3 creatures." in added.content.decode()
        assert "Ana +3" not in added.content.decode()

    def test_a_finished_plays_entry_screen_says_a_change_is_a_correction(
        self, client: Client
    ) -> None:
        play = host_starts(client, "seagrass", mode="counts")
        for position in range(3):
            url = f"/plays/{play.uuid}/players/{position}/tally/"
            client.post(url, {"points": "3", "unplayed_tiles": "0"})
        client.post(f"/plays/{play.uuid}/finish/")
        page = client.get(f"/plays/{play.uuid}/players/0/tally/").content.decode()
        assert "This game is finished: a change made here is a correction" in page
