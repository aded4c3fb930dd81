"""A correction's who and what are kept in no language (games.words.to_stored), so each
reader reads them in their own. Text written before stays as it was (a stored string
reads as itself); it moves through new columns because neither database turns free
text into JSON in place."""

from django.db import migrations, models


def carry_text_over(apps, schema_editor):
    Correction = apps.get_model("scorepad", "Correction")
    for correction in Correction.objects.only("what", "by").iterator():
        correction.what_words = correction.what
        correction.by_words = correction.by
        correction.save(update_fields=["what_words", "by_words"])


def carry_text_back(apps, schema_editor):
    Correction = apps.get_model("scorepad", "Correction")
    for correction in Correction.objects.only("what_words", "by_words").iterator():
        correction.what = str(correction.what_words)[:200]
        correction.by = str(correction.by_words)[:100]
        correction.save(update_fields=["what", "by"])


class Migration(migrations.Migration):
    dependencies = [
        ("scorepad", "0027_account_language"),
    ]

    operations = [
        migrations.AddField(
            model_name="correction",
            name="what_words",
            field=models.JSONField(blank=True, default=str),
        ),
        migrations.AddField(
            model_name="correction",
            name="by_words",
            field=models.JSONField(blank=True, default=str),
        ),
        migrations.RunPython(carry_text_over, carry_text_back),
        migrations.RemoveField(model_name="correction", name="what"),
        migrations.RemoveField(model_name="correction", name="by"),
        migrations.RenameField(model_name="correction", old_name="what_words", new_name="what"),
        migrations.RenameField(model_name="correction", old_name="by_words", new_name="by"),
    ]
