"""Sessions kept with the account signed in on them (scorepad/sessions.py), so that a
request reads its session and its account in one query. The sessions still live move
over, each with the account its data names: nobody is signed out by the deploy."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models
from django.utils import timezone

# As django.contrib.auth names it.
SESSION_KEY = "_auth_user_id"


def move_live_sessions(apps, schema_editor):
    from django.contrib.sessions.backends.db import SessionStore

    Old = apps.get_model("sessions", "Session")
    New = apps.get_model("scorepad", "Session")
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    store = SessionStore()
    accounts = {str(pk) for pk in User.objects.values_list("pk", flat=True)}
    moved = []
    for old in Old.objects.filter(expire_date__gt=timezone.now()).iterator():
        account = store.decode(old.session_data).get(SESSION_KEY)
        moved.append(
            New(
                session_key=old.session_key,
                session_data=old.session_data,
                expire_date=old.expire_date,
                account_id=account if account in accounts else None,
            )
        )
    New.objects.bulk_create(moved, batch_size=1000)


class Migration(migrations.Migration):
    dependencies = [
        ("scorepad", "0016_voids_and_every_line_corrected"),
        ("sessions", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="Session",
            fields=[
                (
                    "session_key",
                    models.CharField(
                        max_length=40, primary_key=True, serialize=False, verbose_name="session key"
                    ),
                ),
                ("session_data", models.TextField(verbose_name="session data")),
                ("expire_date", models.DateTimeField(db_index=True, verbose_name="expire date")),
                (
                    "account",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "verbose_name": "session",
                "verbose_name_plural": "sessions",
                "abstract": False,
            },
        ),
        migrations.RunPython(move_live_sessions, migrations.RunPython.noop),
    ]
