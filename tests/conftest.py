from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from scorepad.models import Group, Membership


@pytest.fixture
def make_user(db: Any) -> Any:
    def make(username: str) -> Any:
        return get_user_model().objects.create_user(username, password="pw-for-tests-123")

    return make


@pytest.fixture
def alice(make_user: Any) -> Any:
    return make_user("alice")


@pytest.fixture
def group(alice: Any) -> Group:
    group = Group.objects.create(name="Thursday table")
    Membership.objects.create(group=group, user=alice, role=Membership.Role.OWNER)
    return group


@pytest.fixture
def alice_client(alice: Any) -> Client:
    client = Client()
    client.force_login(alice)
    return client


@pytest.fixture
def outsider_client(make_user: Any) -> Client:
    client = Client()
    client.force_login(make_user("mallory"))
    return client
