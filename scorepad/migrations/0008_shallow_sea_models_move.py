# Shallow Sea's models now belong to its own app (scorepad.pads.shallow_sea); the
# tables stay, only Django's state of them leaves this app. Their content types
# follow, so permissions granted on them keep pointing at them.

from django.db import migrations

MOVED = ("achievementtick", "sealifecatalogueentry")


def move_content_types(apps, schema_editor, source="scorepad", target="shallow_sea"):
    ContentType = apps.get_model("contenttypes", "ContentType")
    for model in MOVED:
        if not ContentType.objects.filter(app_label=target, model=model).exists():
            ContentType.objects.filter(app_label=source, model=model).update(app_label=target)


def move_back(apps, schema_editor):
    move_content_types(apps, schema_editor, source="shallow_sea", target="scorepad")


class Migration(migrations.Migration):

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("scorepad", "0007_achievement_ticks"),
        ("shallow_sea", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="AchievementTick"),
                migrations.DeleteModel(name="SealifeCatalogueEntry"),
            ],
            database_operations=[],
        ),
        migrations.RunPython(move_content_types, move_back),
    ]
