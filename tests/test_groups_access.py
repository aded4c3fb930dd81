"""Who gets into a group, and for how long: join links and claim links work for 14 days,
stop with their maker's membership, and a claim link works once and lets nobody in
without a valid join link or the owner's yes."""

from __future__ import annotations

import importlib
import re
from datetime import timedelta
from typing import Any

import pytest
from django.apps import apps as django_apps
from django.test import Client
from django.utils import timezone

from scorepad.models import ClaimLink, ClaimLinkQuerySet, Group, Invite
from tests.conftest import logged_in
from tests.test_groups import record_play

pytestmark = pytest.mark.django_db


def make_claim_link(client: Client, group: Group, name: str) -> str:
    """The claim link ``client``'s user makes on the guest's page, as its path."""
    guest = group.player_named(name)
    client.post(f"/groups/{group.pk}/players/{guest.pk}/claim-link/")
    page = client.get(f"/groups/{group.pk}/players/{guest.pk}/").content.decode()
    match = re.search(r"/claim/[\w-]+/", page)
    assert match, "the guest's page shows no claim link"
    return match.group()


def make_invite(client: Client, group: Group) -> str:
    client.post(f"/groups/{group.pk}/invites/")
    return group.invites.latest("pk").get_absolute_url()


def remove(owner: Client, group: Group, user: Any) -> None:
    response = owner.post(f"/groups/{group.pk}/members/{user.pk}/remove/")
    assert response.status_code == 302


def is_member(group: Group, user: Any) -> bool:
    return group.memberships.filter(user=user).exists()


class TestRemovalEndsTheLinksOneMade:
    def test_a_removed_member_cannot_come_back_with_their_claim_link(
        self, alice_client: Client, bob_client: Client, group: Group, bob: Any
    ) -> None:
        claim = make_claim_link(bob_client, group, "Dee")
        remove(alice_client, group, bob)
        assert bob_client.get(claim).status_code == 404
        assert bob_client.post(claim).status_code == 404
        assert not is_member(group, bob)
        assert group.players.get(name="Dee").is_guest

    def test_join_links_a_removed_member_made_stop_working(
        self,
        alice_client: Client,
        bob_client: Client,
        outsider_client: Client,
        group: Group,
        bob: Any,
        charlie: Any,
    ) -> None:
        join = make_invite(bob_client, group)
        remove(alice_client, group, bob)
        assert outsider_client.get(join).status_code == 404
        assert outsider_client.post(join).status_code == 404
        assert bob_client.post(join).status_code == 404
        assert not is_member(group, charlie) and not is_member(group, bob)

    def test_leaving_ends_them_too(
        self, bob_client: Client, outsider_client: Client, group: Group, charlie: Any
    ) -> None:
        join, claim = make_invite(bob_client, group), make_claim_link(bob_client, group, "Dee")
        bob_client.post(f"/groups/{group.pk}/leave/")
        assert outsider_client.get(join).status_code == 404
        assert outsider_client.get(claim).status_code == 404

    def test_the_links_of_other_members_keep_working(
        self, alice_client: Client, bob_client: Client, group: Group, bob: Any, make_user: Any
    ) -> None:
        join, claim = make_invite(alice_client, group), make_claim_link(alice_client, group, "Dee")
        remove(alice_client, group, bob)
        newcomer = logged_in(make_user("cleo"))
        assert newcomer.get(join).status_code == 200
        assert newcomer.get(claim).status_code == 200

    def test_the_removal_and_the_revoking_are_one_transaction(
        self, alice_client: Client, bob_client: Client, group: Group, bob: Any, monkeypatch: Any
    ) -> None:
        make_invite(bob_client, group)
        make_claim_link(bob_client, group, "Dee")

        def fail(self: Any) -> int:
            raise RuntimeError("the database went away")

        monkeypatch.setattr(ClaimLinkQuerySet, "revoke", fail)
        with pytest.raises(RuntimeError):
            alice_client.post(f"/groups/{group.pk}/members/{bob.pk}/remove/")
        assert is_member(group, bob)
        assert group.invites.active().filter(created_by=bob).exists()

    def test_old_join_links_of_former_members_are_revoked_by_the_migration(
        self, group: Group, alice: Any, bob: Any, charlie: Any
    ) -> None:
        """Links made before removal revoked them: the migration revokes those whose
        maker is no longer in the group (or whose account is gone)."""
        kept = Invite.objects.create(group=group, created_by=bob)
        gone = [
            Invite.objects.create(group=group, created_by=charlie),
            Invite.objects.create(group=group, created_by=None),
        ]
        revoke = importlib.import_module(
            "scorepad.migrations.0011_claim_links_and_expiry"
        ).revoke_invites_of_former_members
        revoke(django_apps, None)
        assert list(Invite.objects.active()) == [kept]
        assert all(Invite.objects.get(pk=i.pk).revoked for i in gone)


class TestClaimingNeedsAWayIn:
    def test_an_outsider_with_a_claim_link_waits_for_the_owner(
        self,
        alice_client: Client,
        bob_client: Client,
        outsider_client: Client,
        group: Group,
        charlie: Any,
    ) -> None:
        record_play(group, {"Ana": 50, "Dee": 40})
        claim = make_claim_link(bob_client, group, "Dee")
        page = outsider_client.get(claim).content.decode()
        assert "which you are not in" in page and "ask to join" in page
        response = outsider_client.post(claim, follow=True)
        assert "owner is asked to let you in" in response.content.decode()
        assert not is_member(group, charlie)
        assert group.players.get(name="Dee").is_guest
        assert outsider_client.get(f"/groups/{group.pk}/").status_code == 404
        people = alice_client.get(f"/groups/{group.pk}/people/").content.decode()
        assert "charlie says they are" in people and "Let charlie in" in people

    def test_the_owner_lets_them_in_as_the_guest(
        self, alice_client: Client, outsider_client: Client, group: Group, charlie: Any
    ) -> None:
        record_play(group, {"Ana": 50, "Dee": 40})
        outsider_client.post(make_claim_link(alice_client, group, "Dee"))
        (waiting,) = ClaimLink.objects.of_group(group).waiting()
        response = alice_client.post(f"/groups/{group.pk}/claim-links/{waiting.pk}/let-in/")
        assert response.status_code == 302
        assert is_member(group, charlie)
        dee = group.players.get(user=charlie)
        assert (dee.name, dee.results.count()) == ("Dee", 1)
        assert not ClaimLink.objects.exists()

    def test_the_owner_turns_them_down(
        self, alice_client: Client, outsider_client: Client, group: Group, charlie: Any
    ) -> None:
        outsider_client.post(make_claim_link(alice_client, group, "Dee"))
        (waiting,) = ClaimLink.objects.of_group(group).waiting()
        response = alice_client.post(
            f"/groups/{group.pk}/claim-links/{waiting.pk}/revoke/", follow=True
        )
        assert "charlie is not let in, and Dee stays a guest" in response.content.decode()
        assert not is_member(group, charlie) and group.players.get(name="Dee").is_guest
        assert not response.context["waiting"]
        url = f"/groups/{group.pk}/claim-links/{waiting.pk}/let-in/"
        assert alice_client.post(url).status_code == 404

    def test_only_the_owner_lets_anyone_in(
        self, alice_client: Client, bob_client: Client, outsider_client: Client, group: Group
    ) -> None:
        outsider_client.post(make_claim_link(alice_client, group, "Dee"))
        (waiting,) = ClaimLink.objects.of_group(group).waiting()
        url = f"/groups/{group.pk}/claim-links/{waiting.pk}/"
        assert bob_client.post(url + "let-in/").status_code == 403
        assert bob_client.post(url + "revoke/").status_code == 403
        assert ClaimLink.objects.waiting().get() == waiting

    def test_a_member_becomes_the_guest_at_once(
        self, alice_client: Client, bob_client: Client, group: Group, bob: Any
    ) -> None:
        record_play(group, {"Ana": 50, "Dee": 40})
        claim = make_claim_link(alice_client, group, "Dee")
        assert "count for your account (bob)" in bob_client.get(claim).content.decode()
        bob_client.post(claim)
        assert group.players.get(user=bob).results.count() == 1
        assert not group.players.filter(name="Dee").exists()

    def test_a_join_link_first_and_the_claim_needs_no_yes(
        self, alice_client: Client, outsider_client: Client, group: Group, charlie: Any
    ) -> None:
        record_play(group, {"Ana": 50, "Dee": 40})
        join, claim = make_invite(alice_client, group), make_claim_link(alice_client, group, "Dee")
        outsider_client.post(join)
        outsider_client.post(claim)
        assert group.players.get(user=charlie).results.count() == 1

    def test_a_claim_link_works_once(
        self, alice_client: Client, outsider_client: Client, group: Group, make_user: Any
    ) -> None:
        claim = make_claim_link(alice_client, group, "Dee")
        outsider_client.post(claim)
        someone_else = logged_in(make_user("dana"))
        assert someone_else.get(claim).status_code == 404
        assert someone_else.post(claim).status_code == 404
        assert outsider_client.post(claim).status_code == 404
        waiting = ClaimLink.objects.waiting().values_list("claimed_by__username", flat=True)
        assert list(waiting) == ["charlie"]


class TestClaimLinksOnThePeoplePage:
    def test_they_are_listed_with_who_made_them(
        self, alice_client: Client, bob_client: Client, group: Group
    ) -> None:
        claim = make_claim_link(bob_client, group, "Dee")
        page = alice_client.get(f"/groups/{group.pk}/people/").content.decode()
        assert f"http://testserver{claim}" in page
        assert "made by bob, works until" in page

    def test_the_owner_revokes_one(
        self, alice_client: Client, bob_client: Client, group: Group
    ) -> None:
        claim = make_claim_link(bob_client, group, "Dee")
        (link,) = alice_client.get(f"/groups/{group.pk}/people/").context["claim_links"]
        response = alice_client.post(
            f"/groups/{group.pk}/claim-links/{link.pk}/revoke/", follow=True
        )
        assert "That claim link for Dee no longer works." in response.content.decode()
        assert bob_client.get(claim).status_code == 404
        assert not response.context["claim_links"]

    def test_a_member_cannot_revoke_one(self, bob_client: Client, group: Group) -> None:
        claim = make_claim_link(bob_client, group, "Dee")
        link = ClaimLink.objects.get()
        assert (
            bob_client.post(f"/groups/{group.pk}/claim-links/{link.pk}/revoke/").status_code == 403
        )
        assert bob_client.get(claim).status_code == 200

    def test_a_guest_page_shows_the_same_link_until_it_is_used(
        self, bob_client: Client, group: Group
    ) -> None:
        assert make_claim_link(bob_client, group, "Dee") == make_claim_link(
            bob_client, group, "Dee"
        )
        assert ClaimLink.objects.count() == 1

    @pytest.mark.parametrize("links", [1, 8])
    def test_the_page_costs_the_same_however_many_links(
        self,
        alice_client: Client,
        bob_client: Client,
        group: Group,
        make_user: Any,
        links: int,
        django_assert_num_queries: Any,
    ) -> None:
        for n in range(links):
            make_invite(bob_client, group)
            make_claim_link(bob_client, group, f"Guest {n}")
            logged_in(make_user(f"asker{n}")).post(make_claim_link(alice_client, group, f"G{n}"))
        # session with its account, group (with the viewer's role), members, join links, claim links,
        # waiting claims, removed members asking back, players.
        with django_assert_num_queries(8):
            page = alice_client.get(f"/groups/{group.pk}/people/")
        assert len(page.context["waiting"]) == len(page.context["claim_links"]) == links


class TestLinksExpire:
    @pytest.mark.parametrize(("days", "works"), [(13, True), (15, False)])
    def test_a_join_link_works_for_14_days(
        self, alice_client: Client, outsider_client: Client, group: Group, days: int, works: bool
    ) -> None:
        join = make_invite(alice_client, group)
        Invite.objects.update(created=timezone.now() - timedelta(days=days))
        assert (outsider_client.get(join).status_code == 200) is works
        assert (
            len(alice_client.get(f"/groups/{group.pk}/people/").context["invites"]) == 1
        ) is works

    @pytest.mark.parametrize(("days", "works"), [(13, True), (15, False)])
    def test_a_claim_link_works_for_14_days(
        self, alice_client: Client, outsider_client: Client, group: Group, days: int, works: bool
    ) -> None:
        claim = make_claim_link(alice_client, group, "Dee")
        ClaimLink.objects.update(created=timezone.now() - timedelta(days=days))
        assert (outsider_client.get(claim).status_code == 200) is works
        # An expired link gives way to a new one on the guest's page.
        assert (make_claim_link(alice_client, group, "Dee") == claim) is works
