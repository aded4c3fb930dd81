"""Queries compiled once per process (scorepad/prepared.py): each run sends its own
values, so what one request finds is never another's."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import connection

from scorepad.models import Group, Membership
from scorepad.models.groups import group_of_user, player_of_user


def test_each_run_finds_what_its_own_values_find(
    alice: Any, bob: Any, charlie: Any, group: Group, django_assert_num_queries: Any
):
    other = Group.objects.create(name="Sunday table")
    Membership.objects.create(group=other, user=charlie, role=Membership.Role.OWNER)
    # The first run compiles; those after it send other accounts and other groups.
    found: dict[tuple[str, str], Any] = {
        (user.username, g.name): group_of_user(user, g.pk)
        for user in (alice, bob, charlie)
        for g in (group, other)
    }
    roles = {key: g.viewer_role if g else None for key, g in found.items()}
    assert roles == {
        ("alice", "Thursday table"): "owner",
        ("alice", "Sunday table"): None,
        ("bob", "Thursday table"): "member",
        ("bob", "Sunday table"): None,
        ("charlie", "Thursday table"): None,
        ("charlie", "Sunday table"): "owner",
    }
    with django_assert_num_queries(0):  # the viewer's role came with the group
        assert found["alice", "Thursday table"].is_owner(alice)
        assert not found["bob", "Thursday table"].is_owner(bob)
    assert group_of_user(AnonymousUser(), group.pk) is None


def test_a_player_comes_with_its_group_seen_by_whoever_asked(
    alice: Any, bob: Any, charlie: Any, group: Group, django_assert_num_queries: Any
):
    noor = group.players.create(name="Noor")
    with django_assert_num_queries(1):
        seen: Any = player_of_user(bob, group.pk, noor.pk)
        assert seen is not None and seen.name == "Noor"
        assert seen.group.seen_from(seen).viewer_role == "member"
    as_owner: Any = player_of_user(alice, group.pk, noor.pk)
    assert as_owner is not None and as_owner.group.seen_from(as_owner).is_owner(alice)
    assert player_of_user(charlie, group.pk, noor.pk) is None
    elsewhere = Group.objects.create(name="Sunday table")
    assert player_of_user(alice, elsewhere.pk, noor.pk) is None


@pytest.mark.django_db(transaction=True)
def test_a_query_compiled_on_one_thread_runs_on_another(alice: Any, group: Group):
    """A threaded server answers on several threads, each with its own connection."""
    assert group_of_user(alice, group.pk) is not None  # compiled here
    found: list[Any] = []

    def on_another_thread() -> None:
        try:
            found.append(group_of_user(alice, group.pk))
        except Exception as e:  # noqa: BLE001 - the thread's failure is the test's answer
            found.append(e)
        finally:
            connection.close()

    thread = threading.Thread(target=on_another_thread)
    thread.start()
    thread.join()
    assert isinstance(found[0], Group) and found[0].name == "Thursday table"
