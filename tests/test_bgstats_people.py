"""A person is one BG Stats player in every group: an account's players share the
account's id; a guest has its own; an account whose person files named otherwise before
keeps that id (PlayerAlias)."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.test import Client

from scorepad.codecs import get_codec
from scorepad.models import Group, PlayerAlias, claim_guest, create_group
from scorepad.models.groups import FILE_ID_NAMESPACE
from tests.test_migrations import migrate

pytestmark = pytest.mark.django_db


def written(kind: str, key: Any) -> str:
    return str(uuid.uuid5(FILE_ID_NAMESPACE, f"{kind}:{key}")).upper()


def ids_in_file(client: Client, group: Group) -> dict[str, str]:
    document = client.get(f"/groups/{group.pk}/export-bgstats.json").json()
    return {p["name"]: p["uuid"] for p in document["players"] if not p["isAnonymous"]}


def a_play_seating(name: str, group: Group, user: Any, make_play: Any) -> None:
    """The worked example, its first seat taken by ``name`` (a player of the group)."""
    example = get_codec("reef-draft").example_input()
    make_play(
        "reef-draft",
        _renamed(example, example["players"][0], name),
        group=group,
        user=user,
        finish=True,
    )


def _renamed(data: Any, old: str, new: str) -> Any:
    if isinstance(data, dict):
        return {(new if k == old else k): _renamed(v, old, new) for k, v in data.items()}
    if isinstance(data, list):
        return [_renamed(v, old, new) for v in data]
    return new if data == old else data


def test_an_account_is_one_player_in_every_group(
    alice_client: Client, alice: Any, make_play: Any
) -> None:
    thursday, beach = create_group("Thursday", alice), create_group("Beach house", alice)
    for group in (thursday, beach):
        a_play_seating("alice", group, alice, make_play)
    first, second = ids_in_file(alice_client, thursday), ids_in_file(alice_client, beach)
    assert first["alice"] == second["alice"] == written("user", alice.pk)
    # The guests are two people to BG Stats, one per group: nothing says otherwise.
    guests = sorted(set(first) - {"alice"})
    assert guests and all(first[name] != second[name] for name in guests)
    assert first[guests[0]] == written("player", thursday.players.get(name=guests[0]).pk)


def test_a_guest_claimed_by_an_account_with_no_plays_keeps_its_id_everywhere(
    alice_client: Client, alice: Any, group: Group, make_play: Any, make_user: Any
) -> None:
    make_play("reef-draft", group=group, user=alice, finish=True)
    guest = group.players.exclude(user=alice).first()
    assert guest is not None
    before = ids_in_file(alice_client, group)[guest.name]
    bob = make_user("bob")
    claim_guest(guest, bob)
    assert PlayerAlias.objects.get(user=bob).uuid == guest.own_file_id
    assert ids_in_file(alice_client, group)[guest.name] == before
    # Bob's player in a group of his own is the same person, by the same id.
    camp = create_group("Camp", bob)
    a_play_seating("bob", camp, bob, make_play)
    bob_client = Client()
    bob_client.force_login(bob)
    assert ids_in_file(bob_client, camp)["bob"] == before


def test_a_guest_claimed_by_an_account_with_plays_elsewhere_takes_the_accounts_id(
    alice_client: Client, alice: Any, group: Group, make_play: Any
) -> None:
    a_play_seating("alice", create_group("Beach house", alice), alice, make_play)
    make_play("reef-draft", group=group, user=alice, finish=True)
    guest = group.players.first()
    assert guest is not None and guest.user is None
    claim_guest(guest, alice)
    assert not PlayerAlias.objects.filter(user=alice).exists()
    assert ids_in_file(alice_client, group)[guest.name] == written("user", alice.pk)


BEFORE_ALIASES = [("scorepad", "0025_group_bgg_ids")]


@pytest.mark.django_db(transaction=True)
def test_a_deploy_keeps_the_ids_files_gave_each_account() -> None:
    """Before, files named every player by its own id: each account keeps its first
    player's (the one with plays), in every group; a guest keeps its own."""
    old = migrate(BEFORE_ALIASES)
    try:
        OldUser = old.get_model("auth", "User")
        Group_ = old.get_model("scorepad", "Group")
        Player_ = old.get_model("scorepad", "Player")
        Play_ = old.get_model("scorepad", "Play")
        Result_ = old.get_model("scorepad", "Result")
        ana = OldUser.objects.create(username="ana")
        idle = OldUser.objects.create(username="idle")
        first, second = (Group_.objects.create(name=n) for n in ("First", "Second"))
        unplayed = Player_.objects.create(group=first, name="Ana", user=ana)
        Player_.objects.create(group=first, name="Idle", user=idle)
        played = Player_.objects.create(group=second, name="Ana", user=ana)
        play = Play_.objects.create(game="reef-draft", group=second, status="finished")
        Result_.objects.create(play=play, player=played, position=0)
    finally:
        migrate()
    assert unplayed.pk < played.pk
    assert dict(PlayerAlias.objects.values_list("user__username", "uuid")) == {
        "ana": uuid.uuid5(FILE_ID_NAMESPACE, f"player:{played.pk}")
    }
