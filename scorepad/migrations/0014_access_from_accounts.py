"""Rights from the account and capabilities (issue 21): a phone no longer hosts by its
cookie (TablePhone.is_host goes); a guest play gets a host key of its own, and the
sessions that started guest plays on their device keep hosting them (they hold the key
now); an owner's removal is remembered, so a removed member comes back only when an
owner lets them in; a change a phone sent again keeps a digest of what it changed, and an
entry part when its phone made it, so that its outbox's late or reused changes never
overwrite a newer one."""

import secrets

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models

import scorepad.models

# As scorepad/views/common.py and scorepad/table.py name them.
DEVICE_PLAYS = "plays_on_this_device"
HOSTED = "hosted_plays"


def give_each_play_a_host_key(apps, schema_editor):
    Play = apps.get_model("scorepad", "Play")
    plays = list(Play.objects.only("pk"))
    for play in plays:
        play.host_key = secrets.token_urlsafe(32)
    Play.objects.bulk_update(plays, ["host_key"], batch_size=1000)


def keep_todays_hosts(apps, schema_editor):
    """A session that started guest plays on its device (the plays it lists as on this
    device) hosted them by its phone's cookie: it holds their host keys now."""
    from django.contrib.sessions.backends.db import SessionStore

    Play = apps.get_model("scorepad", "Play")
    Session = apps.get_model("sessions", "Session")
    store = SessionStore()
    for session in Session.objects.iterator():
        data = store.decode(session.session_data)
        started = data.get(DEVICE_PLAYS) or []
        if not started:
            continue
        keys = dict(
            Play.objects.filter(uuid__in=started, group__isnull=True).values_list("uuid", "host_key")
        )
        if not keys:
            continue
        hosted = data.get(HOSTED, {})
        hosted.update({str(uuid): key for uuid, key in keys.items()})
        data[HOSTED] = hosted
        session.session_data = store.encode(data)
        session.save(update_fields=["session_data"])


class Migration(migrations.Migration):
    dependencies = [
        ("scorepad", "0013_group_pages_key"),
        ("sessions", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="play",
            name="host_key",
            field=models.CharField(editable=False, max_length=64, null=True),
        ),
        migrations.RunPython(give_each_play_a_host_key, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="play",
            name="host_key",
            field=models.CharField(
                default=scorepad.models.new_host_key, editable=False, max_length=64
            ),
        ),
        migrations.RunPython(keep_todays_hosts, migrations.RunPython.noop),
        migrations.RemoveField(
            model_name="tablephone",
            name="is_host",
        ),
        migrations.AddField(
            model_name="appliedchange",
            name="digest",
            field=models.CharField(blank=True, default="", max_length=64),
        ),
        migrations.AddField(
            model_name="result",
            name="written_made",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.CreateModel(
            name="Removal",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("removed", models.DateTimeField(default=django.utils.timezone.now)),
                ("asked", models.DateTimeField(blank=True, null=True)),
                (
                    "group",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="removals",
                        to="scorepad.group",
                    ),
                ),
                (
                    "removed_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "user",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(fields=("group", "user"), name="one_removal_per_group")
                ],
            },
        ),
    ]
