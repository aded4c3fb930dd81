"""Each seat's colour, and each player's last one (scorepad/models/colours.py). Seats
already there stay blank: they show the palette's colour for their position."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scorepad", "0018_sessions_signed_in_with_their_account"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="colour",
            field=models.CharField(
                blank=True,
                default="",
                choices=[
                    ("red", "Red"),
                    ("orange", "Orange"),
                    ("yellow", "Yellow"),
                    ("green", "Green"),
                    ("teal", "Teal"),
                    ("blue", "Blue"),
                    ("purple", "Purple"),
                    ("pink", "Pink"),
                ],
                max_length=10,
            ),
        ),
        migrations.AddField(
            model_name="result",
            name="colour",
            field=models.CharField(
                blank=True,
                default="",
                choices=[
                    ("red", "Red"),
                    ("orange", "Orange"),
                    ("yellow", "Yellow"),
                    ("green", "Green"),
                    ("teal", "Teal"),
                    ("blue", "Blue"),
                    ("purple", "Purple"),
                    ("pink", "Pink"),
                ],
                max_length=10,
            ),
        ),
    ]
