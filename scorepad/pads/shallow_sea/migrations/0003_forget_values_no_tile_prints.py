# A Sealife tile prints 1 to 10 VPs (games.shallow_sea.data.SEALIFE_VPS): a value past
# that, remembered for a group or kept in the catalogue, was a typo that pre-filled every
# later tile. It goes back to unknown, so the next tile asks for it again.

import django.core.validators
from django.db import migrations, models
from django.db.models import Q

LEAST, MOST = 1, 10  # SEALIFE_VPS as it was when this migration was written


def forget_values_no_tile_prints(apps, schema_editor):
    for model in ("GroupSealifeValue", "SealifeCatalogueEntry"):
        rows = apps.get_model("shallow_sea", model).objects
        for key in ("vp", "partial_vp"):
            rows.filter(Q(**{f"{key}__lt": LEAST}) | Q(**{f"{key}__gt": MOST})).update(
                **{key: None}
            )


class Migration(migrations.Migration):

    dependencies = [
        ('shallow_sea', '0002_group_sealife_values'),
    ]

    operations = [
        migrations.RunPython(forget_values_no_tile_prints, migrations.RunPython.noop),
        migrations.AlterField(
            model_name='groupsealifevalue',
            name='partial_vp',
            field=models.PositiveSmallIntegerField(blank=True, null=True, validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(10)], verbose_name='VPs per count met'),
        ),
        migrations.AlterField(
            model_name='groupsealifevalue',
            name='vp',
            field=models.PositiveSmallIntegerField(blank=True, null=True, validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(10)], verbose_name='VPs when completed'),
        ),
        migrations.AlterField(
            model_name='sealifecatalogueentry',
            name='partial_vp',
            field=models.PositiveSmallIntegerField(blank=True, null=True, validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(10)], verbose_name='VPs per count met'),
        ),
        migrations.AlterField(
            model_name='sealifecatalogueentry',
            name='vp',
            field=models.PositiveSmallIntegerField(blank=True, null=True, validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(10)], verbose_name='VPs when completed'),
        ),
    ]
