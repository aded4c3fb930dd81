"""Data kept across a deploy: what the migrations do to rows already there."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client

from scorepad.table import HOSTED

BEFORE_HOST_KEYS = [("scorepad", "0013_group_pages_key")]


def migrate(targets: list[tuple[str, str]] | None = None) -> Any:
    """The database migrated to ``targets`` (by default every app's latest); the apps as
    they were then."""
    executor = MigrationExecutor(connection)
    targets = targets or executor.loader.graph.leaf_nodes()
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_the_phone_that_started_a_guest_play_still_hosts_it() -> None:
    """Before, a guest play's host was a phone by its cookie; now, its session holds the
    play's host key: the sessions that started guest plays (the plays they list as on
    this device) hold theirs after the migration, and nobody else's."""
    old = migrate(BEFORE_HOST_KEYS)
    try:
        Play = old.get_model("scorepad", "Play")
        hosted = Play.objects.create(game="reef-draft")
        other = Play.objects.create(game="reef-draft")
        in_a_group = Play.objects.create(
            game="reef-draft", group=old.get_model("scorepad", "Group").objects.create(name="G")
        )
        session = SessionStore()
        session["plays_on_this_device"] = [str(hosted.uuid), str(in_a_group.uuid)]
        session.create()
        bystander = SessionStore()
        bystander["something"] = 1
        bystander.create()
    finally:
        migrate()
    from scorepad.models import Play as NewPlay

    keys = dict(NewPlay.objects.values_list("uuid", "host_key"))
    assert len(set(keys.values())) == 3  # each play its own key
    assert SessionStore(session.session_key).load()[HOSTED] == {str(hosted.uuid): keys[hosted.uuid]}
    assert HOSTED not in SessionStore(bystander.session_key).load()
    # That phone is the host: it closes joining.
    phone = Client()
    phone.cookies["sessionid"] = str(session.session_key)
    url = f"/plays/{hosted.uuid}/table/change/"
    assert phone.post(url, {"action": "close"}).status_code == 302
    assert phone.post(f"/plays/{other.uuid}/table/change/", {"action": "close"}).status_code == 403


BEFORE_SESSION_ACCOUNTS = [("scorepad", "0016_voids_and_every_line_corrected")]
MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"


@pytest.mark.django_db(transaction=True)
def test_a_deploy_keeps_everyone_signed_in() -> None:
    """Sessions move to the table that names their account: a session signed in before
    is signed in after, by the same account, and an expired one does not move."""
    old = migrate(BEFORE_SESSION_ACCOUNTS)
    try:
        user = old.get_model("auth", "User").objects.create(username="alice")
        signed = SessionStore()
        signed.update({SESSION_KEY: str(user.pk), BACKEND_SESSION_KEY: MODEL_BACKEND})
        signed[HASH_SESSION_KEY] = ""  # set below, from the account as the site reads it
        signed.create()
        expired = SessionStore()
        expired.set_expiry(-1)
        expired.create()
    finally:
        migrate()
    from django.contrib.auth import get_user_model

    from scorepad.models import Session
    from scorepad.sessions import SessionStore as NewStore

    account = get_user_model().objects.get(username="alice")
    assert dict(Session.objects.values_list("session_key", "account_id")) == {
        signed.session_key: account.pk
    }
    kept = NewStore(signed.session_key)
    kept[HASH_SESSION_KEY] = account.get_session_auth_hash()
    kept.save()
    phone = Client()
    phone.cookies["sessionid"] = str(signed.session_key)
    assert phone.get("/").context["user"] == account
