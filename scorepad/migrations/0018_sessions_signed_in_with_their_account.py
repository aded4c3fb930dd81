"""Sessions signed in with Django's ModelBackend name the backend that replaced it
(scorepad.sessions.SessionAccountBackend, which reads the account with the session): a
session names the backend it signed in with, and one no longer listed in settings is
signed out. Nobody is signed out by the deploy."""

from django.db import migrations
from django.utils import timezone

# As django.contrib.auth names it.
BACKEND_SESSION_KEY = "_auth_user_backend"
REPLACED = "django.contrib.auth.backends.ModelBackend"
REPLACING = "scorepad.sessions.SessionAccountBackend"


def rename_backend(apps, schema_editor, before: str, after: str) -> None:
    from django.contrib.sessions.backends.db import SessionStore

    Session = apps.get_model("scorepad", "Session")
    store = SessionStore()
    renamed = []
    signed_in = Session.objects.filter(account__isnull=False, expire_date__gt=timezone.now())
    for session in signed_in.iterator():
        data = store.decode(session.session_data)
        if data.get(BACKEND_SESSION_KEY) == before:
            data[BACKEND_SESSION_KEY] = after
            session.session_data = store.encode(data)
            renamed.append(session)
    Session.objects.bulk_update(renamed, ["session_data"], batch_size=1000)


def forwards(apps, schema_editor):
    rename_backend(apps, schema_editor, REPLACED, REPLACING)


def backwards(apps, schema_editor):
    rename_backend(apps, schema_editor, REPLACING, REPLACED)


class Migration(migrations.Migration):
    dependencies = [("scorepad", "0017_sessions_with_their_account")]

    operations = [migrations.RunPython(forwards, backwards)]
