from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scorepad", "0004_sealife_catalogue"),
    ]

    operations = [
        migrations.AddField(
            model_name="play",
            name="imported_from",
            field=models.UUIDField(blank=True, editable=False, null=True),
        ),
    ]
