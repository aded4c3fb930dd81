from django.db import migrations, models


def recount(apps, schema_editor):
    """The records counted a solo play as a win: worked out again from the plays. A fresh
    database has none, and so never runs records.rebuild, written for the models as they
    are now, against older tables."""
    Play = apps.get_model("scorepad", "Play")
    if Play.objects.filter(status="finished").exists():
        from scorepad import records

        records.rebuild()


class Migration(migrations.Migration):
    dependencies = [
        ("scorepad", "0014_access_from_accounts"),
    ]

    operations = [
        migrations.AddField(
            model_name="standing",
            name="contested",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.RenameField(
            model_name="gametally",
            old_name="latest",
            new_name="latest_contested",
        ),
        migrations.RunPython(recount, migrations.RunPython.noop),
    ]
