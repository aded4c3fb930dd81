from django.db import migrations, models


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
    ]
