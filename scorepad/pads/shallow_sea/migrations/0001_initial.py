# Shallow Sea's two models move here from the shared app: their tables stay as they are
# (scorepad_achievementtick, scorepad_sealifecatalogueentry); only Django's state moves.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ("scorepad", "0007_achievement_ticks"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="AchievementTick",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("kind", models.CharField(choices=[("scenario", "Scenario"), ("standard", "Standard rules"), ("modified", "Modified rules")], max_length=10)),
                        ("number", models.PositiveSmallIntegerField()),
                        ("note", models.CharField(blank=True, max_length=200)),
                        ("created", models.DateTimeField(auto_now_add=True)),
                        ("user", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="achievement_ticks", to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        "db_table": "scorepad_achievementtick",
                        "constraints": [models.UniqueConstraint(fields=("user", "kind", "number"), name="one_tick_each")],
                    },
                ),
                migrations.CreateModel(
                    name="SealifeCatalogueEntry",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("code", models.CharField(max_length=2, unique=True)),
                        ("vp", models.PositiveSmallIntegerField(blank=True, null=True, verbose_name="VPs when completed")),
                        ("partial_vp", models.PositiveSmallIntegerField(blank=True, null=True, verbose_name="VPs per count met")),
                        ("source", models.CharField(choices=[("engine", "The rulebook's text"), ("table", "Typed at the table"), ("edited", "Edited in the catalogue")], default="engine", max_length=10)),
                        ("updated", models.DateTimeField(auto_now=True)),
                        ("updated_by", models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name="+", to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        "db_table": "scorepad_sealifecatalogueentry",
                        "verbose_name_plural": "Sealife catalogue entries",
                        "ordering": ["code"],
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
