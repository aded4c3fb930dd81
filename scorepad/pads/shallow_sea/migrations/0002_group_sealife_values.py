# Values typed at a table stay with the play and, for a signed-in player, their groups
# (GroupSealifeValue); the site catalogue changes only when a signed-in user edits it.
# What earlier tables taught it (source "table", typed by anyone, signed in or not)
# goes back to unknown: no one ever checked it.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def forget_values_typed_at_tables(apps, schema_editor):
    entries = apps.get_model("shallow_sea", "SealifeCatalogueEntry")
    entries.objects.filter(source="table").update(
        vp=None, partial_vp=None, source="engine", updated_by=None
    )


class Migration(migrations.Migration):
    dependencies = [
        ("scorepad", "0010_applied_changes"),
        ("shallow_sea", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RunPython(forget_values_typed_at_tables, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="sealifecatalogueentry",
            name="source",
            field=models.CharField(
                choices=[("engine", "The rulebook's text"), ("edited", "Edited in the catalogue")],
                default="engine",
                max_length=10,
            ),
        ),
        migrations.CreateModel(
            name="GroupSealifeValue",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("code", models.CharField(max_length=2)),
                ("vp", models.PositiveSmallIntegerField(blank=True, null=True, verbose_name="VPs when completed")),
                ("partial_vp", models.PositiveSmallIntegerField(blank=True, null=True, verbose_name="VPs per count met")),
                ("updated", models.DateTimeField(auto_now=True)),
                ("group", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="sealife_values", to="scorepad.group")),
                ("updated_by", models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name="+", to=settings.AUTH_USER_MODEL)),
            ],
            options={
                "constraints": [models.UniqueConstraint(fields=("group", "code"), name="one_sealife_value_per_group")],
            },
        ),
    ]
