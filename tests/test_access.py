"""Rights come from the account and the group at the moment of the request, or from a
capability only its holder has (a guest play's host key); a phone's cookie only says
which seat the device holds (issue 21's findings, each as a player met it).
tests/test_authorization.py checks the whole table of who may do what."""

from __future__ import annotations

import html
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scorepad.models import Group, Invite, Play, Removal
from scorepad.table import PHONE_COOKIE
from tests.conftest import logged_in
from tests.test_table import REEF, host_starts, reef_url, take_seat

pytestmark = pytest.mark.django_db


def same_phone(client: Client) -> Client:
    """The same browser, signed out: only its phone's cookie is left."""
    phone = Client()
    phone.cookies[PHONE_COOKIE] = client.cookies[PHONE_COOKIE].value
    return phone


def close_joining(client: Client, play: Play) -> int:
    url = reverse("table_action", args=[play.uuid])
    return client.post(url, {"action": "close"}).status_code


def joining_open(play: Play) -> bool:
    play.refresh_from_db()
    return play.joining_open


def jellies(play: Play, position: int = 0) -> int:
    result = play.results.get(position=position)
    return result.entry.get("rounds", {}).get("1", {}).get("jellies", 0)


class TestAGroupPlayIsTheAccounts:
    """A member hosts a group's play by being a member, not by a phone that once opened it."""

    @pytest.fixture
    def play(self, bob_client: Client, group: Group) -> Play:
        play = host_starts(bob_client, group=str(group.pk))
        assert bob_client.get(play.get_absolute_url()).status_code == 200
        return play

    def test_logged_out_the_phone_neither_reads_nor_changes_it(
        self, bob_client: Client, play: Play
    ) -> None:
        phone = same_phone(bob_client)
        assert phone.get(play.get_absolute_url()).status_code == 404
        assert phone.post(reef_url(play, 0), REEF).status_code == 404
        assert close_joining(phone, play) == 404
        assert jellies(play) == 0 and joining_open(play)

    def test_another_account_on_the_phone_has_its_own_rights(
        self, bob_client: Client, play: Play, charlie: Any
    ) -> None:
        phone = same_phone(bob_client)
        phone.force_login(charlie)
        assert phone.get(play.get_absolute_url()).status_code == 404
        assert close_joining(phone, play) == 404
        assert joining_open(play)
        # From charlie's own phone it is the same.
        assert logged_in(charlie).get(play.get_absolute_url()).status_code == 404

    def test_a_removed_member_loses_the_plays_they_had_opened(
        self, bob_client: Client, play: Play, group: Group, alice: Any, bob: Any
    ) -> None:
        group.remove_member(bob, by=alice)
        assert bob_client.get(play.get_absolute_url()).status_code == 404
        assert bob_client.post(reef_url(play, 0), REEF).status_code == 404
        assert close_joining(bob_client, play) == 404
        assert jellies(play) == 0 and joining_open(play)

    def test_a_removed_member_is_not_let_back_to_the_table_by_its_code(
        self, bob_client: Client, play: Play, group: Group, alice: Any, bob: Any
    ) -> None:
        group.remove_member(bob, by=alice)
        assert bob_client.get(f"/j/{play.join_code}").status_code == 404
        assert take_seat(bob_client, play, 2).status_code == 404
        assert not play.phones.filter(result__position=2).exists()

    def test_every_member_hosts_it_from_any_phone(self, play: Play, alice_client: Client) -> None:
        assert close_joining(alice_client, play) == 302
        assert not joining_open(play)


class TestAGuestPlaysHostKey:
    """A guest play's host is whoever holds its host key: never a phone that joined."""

    def test_a_joined_phone_opening_the_plays_address_is_not_the_host(self, client: Client) -> None:
        play = host_starts(client)
        ben = Client()
        landed = take_seat(ben, play, 1)
        assert landed.status_code == 302
        # The address a joining phone is sent to, opened afresh (a new cookie), and by
        # the seat's phone itself: reading, not hosting.
        for phone in (Client(), ben):
            page = phone.get(play.get_absolute_url())
            assert page.status_code == 200 and page.context["table"]["access"].is_host is False
            assert "Invite players" not in page.content.decode()
            assert close_joining(phone, play) == 403
            assert phone.post(reef_url(play, 0), REEF).status_code == 403
        assert joining_open(play) and jellies(play) == 0
        # The host still is.
        assert client.post(reef_url(play, 0), REEF).status_code == 302
        assert jellies(play) == REEF["jellies"]

    def test_the_host_link_hosts_from_another_phone(self, client: Client) -> None:
        play = host_starts(client)
        page = client.get(play.get_absolute_url()).content.decode()
        host_link = reverse("host_play", args=[play.uuid, play.host_key])
        assert host_link in page  # in the host's invite panel only
        assert play.host_key not in Client().get(play.get_absolute_url()).content.decode()
        other = Client()
        assert other.get(host_link).status_code == 302
        assert close_joining(other, play) == 302
        assert not joining_open(play)

    def test_a_wrong_host_key_finds_nothing(self, client: Client) -> None:
        play = host_starts(client)
        wrong = reverse("host_play", args=[play.uuid, play.host_key[:-1] + "x"])
        other = Client()
        assert other.get(wrong).status_code == 404
        assert close_joining(other, play) == 403

    def test_the_join_code_is_no_host_key(self, client: Client) -> None:
        play = host_starts(client)
        assert play.join_code
        assert Client().get(f"/plays/{play.uuid}/host/{play.join_code}/").status_code == 404

    def test_logging_out_ends_hosting(self, make_user: Any) -> None:
        host = Client()
        play = host_starts(host)
        host.force_login(make_user("dora"))  # signs up mid-game: the key goes along
        assert close_joining(host, play) == 302
        host.post(reverse("logout"))
        assert (
            host.post(reverse("table_action", args=[play.uuid]), {"action": "open"}).status_code
            == 403
        )
        assert not joining_open(play)

    def test_a_seated_player_cannot_save_it_to_her_group(
        self, client: Client, make_user: Any
    ) -> None:
        play = host_starts(client, "seagrass", mode="counts")
        cleo = make_user("cleo")
        her_group = Group.objects.create(name="Cleo's table")
        her_group.join(cleo)
        seat = Client()
        take_seat(seat, play, 2)
        for position in range(3):
            client.post(f"/plays/{play.uuid}/players/{position}/tally/", {"points": "3"})
        assert client.post(f"/plays/{play.uuid}/finish/").status_code == 302
        seat.force_login(cleo)
        refused = seat.post(f"/plays/{play.uuid}/save/", {"group": her_group.pk})
        assert refused.status_code == 403
        play.refresh_from_db()
        assert play.group is None
        # The host, signing in, saves it; a second save says where it is.
        host = make_user("ana")
        hosts_group = Group.objects.create(name="Ana's table")
        hosts_group.join(host)
        client.force_login(host)
        assert (
            client.post(f"/plays/{play.uuid}/save/", {"group": hosts_group.pk}).status_code == 302
        )
        again = client.post(f"/plays/{play.uuid}/save/", {"group": hosts_group.pk}, follow=True)
        assert "already in the history of Ana's table" in html.unescape(again.text)


class TestARemovedMember:
    def test_comes_back_only_when_an_owner_says_yes(
        self,
        group: Group,
        alice: Any,
        bob: Any,
        make_user: Any,
        alice_client: Client,
        bob_client: Client,
    ) -> None:
        carol = make_user("carol")
        group.join(carol)
        carols_link = Invite.objects.create(group=group, created_by=carol)
        group.remove_member(bob, by=alice)
        # Another member's link, still working for anyone else, does not let bob back.
        asked = bob_client.post(reverse("join", args=[carols_link.token]), follow=True)
        assert "once an owner lets you in" in asked.content.decode()
        assert group.membership_of(bob) is None
        people = alice_client.get(reverse("people", args=[group.pk])).content.decode()
        assert "Asking to come back" in people and "Let bob back in" in people
        # A member who is not an owner cannot say yes.
        carol_client = logged_in(carol)
        let_back = reverse("let_back_in", args=[group.pk, bob.pk])
        assert carol_client.post(let_back).status_code == 403
        assert group.membership_of(bob) is None
        assert alice_client.post(let_back).status_code == 302
        assert group.membership_of(bob) is not None
        assert not Removal.objects.filter(group=group, user=bob).exists()

    def test_an_owner_may_turn_them_down(
        self, group: Group, alice: Any, bob: Any, alice_client: Client, bob_client: Client
    ) -> None:
        link = Invite.objects.create(group=group, created_by=alice)
        group.remove_member(bob, by=alice)
        bob_client.post(reverse("join", args=[link.token]))
        assert alice_client.post(reverse("turn_down", args=[group.pk, bob.pk])).status_code == 302
        assert Removal.objects.get(group=group, user=bob).asked is None
        assert group.membership_of(bob) is None

    def test_who_left_on_their_own_may_come_back_with_a_link(
        self, group: Group, alice: Any, bob: Any, bob_client: Client
    ) -> None:
        link = Invite.objects.create(group=group, created_by=alice)
        bob_client.post(reverse("leave_group", args=[group.pk]))
        assert group.membership_of(bob) is None
        bob_client.post(reverse("join", args=[link.token]))
        assert group.membership_of(bob) is not None


class TestAFinishedTable:
    def test_seats_of_a_finished_play_are_no_longer_handed_over(
        self, alice_client: Client, bob_client: Client, group: Group
    ) -> None:
        play = host_starts(alice_client, "seagrass", mode="counts", group=str(group.pk))
        asking = Client()
        take_seat(asking, play, 1)
        for position in range(3):
            alice_client.post(f"/plays/{play.uuid}/players/{position}/tally/", {"points": "3"})
        alice_client.post(f"/plays/{play.uuid}/finish/")
        phone = play.phones.get(result__position=1)
        table = reverse("table_action", args=[play.uuid])
        for action in ("hand_over", "release", "close"):
            data = {"action": action, "seat": "1", "phone": str(phone.pk)}
            assert bob_client.post(table, data).status_code == 403
        assert asking.post(table, {"action": "leave"}).status_code == 403
        assert play.phones.get(pk=phone.pk).result is not None
