"""Shallow Sea's own data: achievements ticked by hand, the Sealife catalogue, and the
Sealife values a group's players typed at their table.

The first two tables were created by the shared app (their names stay scorepad_*)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.shallow_sea.data import SEALIFE, SEALIFE_VPS
from scorepad.models import Group

# What a Sealife tile can print (the game's SEALIFE_VPS), for the admin's forms.
PRINTED = [MinValueValidator(SEALIFE_VPS[0]), MaxValueValidator(SEALIFE_VPS[-1])]


class AchievementTickQuerySet(models.QuerySet["AchievementTick"]):
    def tick(self, user: Any, kind: str, number: int, note: str) -> None:
        """Tick the achievement by hand, or change the note of the tick already there."""
        self.update_or_create(user=user, kind=kind, number=number, defaults={"note": note})

    def untick(self, user: Any, kind: str, number: int) -> None:
        self.filter(user=user, kind=kind, number=number).delete()


class AchievementTick(models.Model):
    """A Shallow Sea achievement a player ticked by hand, with their note: one a board
    cannot show, or one earned before they used Scorepad."""

    class Kind(models.TextChoices):
        SCENARIO = "scenario", "Scenario"
        STANDARD = "standard", "Standard rules"
        MODIFIED = "modified", "Modified rules"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.CASCADE, related_name="achievement_ticks"
    )
    kind = models.CharField(max_length=10, choices=Kind.choices)
    number = models.PositiveSmallIntegerField()
    note = models.CharField(max_length=200, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    objects = AchievementTickQuerySet.as_manager()

    class Meta:
        db_table = "scorepad_achievementtick"
        constraints = [
            models.UniqueConstraint(fields=["user", "kind", "number"], name="one_tick_each")
        ]

    def __str__(self) -> str:
        return f"{self.user}: {self.kind} {self.number}"


class SealifeCatalogueQuerySet(models.QuerySet["SealifeCatalogueEntry"]):
    def known(self) -> dict[str, SealifeCatalogueEntry]:
        """Every Sealife type's row; types without one get the engine's values."""
        rows = {row.code: row for row in self.all()}
        return {
            code: rows.get(code)
            or SealifeCatalogueEntry(code=code, vp=kind.vp, partial_vp=kind.partial_vp)
            for code, kind in SEALIFE.items()
        }

    @transaction.atomic
    def edit(self, values: dict[str, tuple[int | None, int | None]], user: Any) -> list[str]:
        """Save the catalogue screen: each type's (VPs, VPs per count). Returns the
        types that changed, in words."""
        rows = {row.code: row for row in self.all()}
        changed = []
        for code, (vp, partial_vp) in values.items():
            row = rows.get(code) or SealifeCatalogueEntry(code=code)
            if row.pk and (row.vp, row.partial_vp) == (vp, partial_vp):
                continue
            if not row.pk and vp is None and partial_vp is None:
                continue
            row.vp, row.partial_vp = vp, partial_vp
            row.source = SealifeCatalogueEntry.Source.EDITED
            row.updated_by = user
            row.updated = timezone.now()
            row.save()
            changed.append(f"{SEALIFE[code].name} ({code})")
        return changed


class SealifeCatalogueEntry(models.Model):
    """What one Sealife type's tiles print (the rulebook's pictures held it).

    Site data, seeded with what the scoring engine knows (games.shallow_sea.data.SEALIFE,
    where every value starts unknown) and changed only on the catalogue screen, by a
    signed-in user: what pre-fills everyone's tiles is never a value typed at some table.
    A play never reads it back: each of its tiles keeps the values it was scored with."""

    class Source(models.TextChoices):
        ENGINE = "engine", _("The rulebook's text")
        EDITED = "edited", _("Edited in the catalogue")

    code = models.CharField(max_length=2, unique=True)
    vp = models.PositiveSmallIntegerField(
        "VPs when completed", null=True, blank=True, validators=PRINTED
    )
    partial_vp = models.PositiveSmallIntegerField(
        "VPs per count met", null=True, blank=True, validators=PRINTED
    )
    source = models.CharField(max_length=10, choices=Source.choices, default=Source.ENGINE)
    updated = models.DateTimeField(auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )

    objects = SealifeCatalogueQuerySet.as_manager()

    class Meta:
        db_table = "scorepad_sealifecatalogueentry"
        ordering = ["code"]
        verbose_name_plural = "Sealife catalogue entries"

    def __str__(self) -> str:
        return f"Sealife {self.code}: {self.vp} VP, {self.partial_vp} per count"


@dataclass(frozen=True)
class Lesson:
    """What a player typed for a Sealife type (its values that differ from what
    pre-filled the tile), against what the play's group remembers of it: ``differing``
    is each value the group remembers otherwise, as (remembered, typed)."""

    code: str
    typed: dict[str, int]
    differing: dict[str, tuple[int, int]]

    @property
    def asked(self) -> str:
        """The values the question is about, as the form carries them back with the
        answer: an answer to another question (the values typed again) is none."""
        return ",".join(f"{key}={value}" for key, value in sorted(self.typed.items()))


class GroupSealifeValueQuerySet(models.QuerySet["GroupSealifeValue"]):
    """The one place that decides what a table teaches its groups: a value a group has
    none of yet is remembered at once; one that differs from what the group remembers
    only when the player said so (``learn``'s ``replace``), for a typo (6 for 9) would
    pre-fill every later play."""

    def lesson(
        self, group_id: int, code: str, vp: int | None, partial_vp: int | None
    ) -> Lesson | None:
        """What typing these values (None: not typed) would teach the group; None when
        nothing was typed."""
        typed = {k: v for k, v in (("vp", vp), ("partial_vp", partial_vp)) if v is not None}
        if not typed:
            return None
        row = self.filter(group_id=group_id, code=code).first()
        differing = {
            key: (known, value)
            for key, value in typed.items()
            if row and (known := getattr(row, key)) is not None and known != value
        }
        return Lesson(code, typed, differing)

    @transaction.atomic
    def learn(self, group_id: int, by: Any, lesson: Lesson, *, replace: bool) -> bool:
        """Keep the lesson's values for the group: where it has none, and (with
        ``replace``) over one it remembers. True if a value is new. ``by``: the account
        that typed them, None for a phone without one (a seat's)."""
        row, created = self.get_or_create(
            group_id=group_id, code=lesson.code, defaults={**lesson.typed, "updated_by": by}
        )
        if created:
            return True
        new = {
            key: value
            for key, value in lesson.typed.items()
            if getattr(row, key) != value and (replace or getattr(row, key) is None)
        }
        if not new:
            return False
        for key, value in new.items():
            setattr(row, key, value)
        row.updated_by = by
        row.save()
        return True

    def for_groups(self, groups: Any) -> dict[str, GroupSealifeValue]:
        """The newest value each type has in any of ``groups``."""
        found: dict[str, GroupSealifeValue] = {}
        for row in self.filter(group__in=groups).order_by("-updated"):
            found.setdefault(row.code, row)
        return found


class GroupSealifeValue(models.Model):
    """What one Sealife type prints, as someone typed it at one of the group's plays (a
    member, the host, a phone holding a seat): it pre-fills that group's later plays, and
    no one else's."""

    group = models.ForeignKey(Group, models.CASCADE, related_name="sealife_values")
    code = models.CharField(max_length=2)
    vp = models.PositiveSmallIntegerField(
        "VPs when completed", null=True, blank=True, validators=PRINTED
    )
    partial_vp = models.PositiveSmallIntegerField(
        "VPs per count met", null=True, blank=True, validators=PRINTED
    )
    updated = models.DateTimeField(auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )

    objects = GroupSealifeValueQuerySet.as_manager()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["group", "code"], name="one_sealife_value_per_group")
        ]

    def __str__(self) -> str:
        return f"{self.group}: Sealife {self.code}: {self.vp} VP, {self.partial_vp} per count"
