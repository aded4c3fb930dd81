"""Shareable cards: a period's review and a play's result as PNG images, drawn with
Pillow (a phone's share sheet takes an image where it would not take a page), in the
DejaVu fonts Debian's fonts-dejavu-core installs (``make`` installs it; settings'
``CARD_FONT_DIR`` says where). Without them, Pillow's own font draws the card.

A card shows what its page shows its reader, nothing more: it is drawn from the same
review or result, behind the same access check.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from django.conf import settings
from django.utils import dateformat
from django.utils.translation import gettext, ngettext
from PIL import Image, ImageDraw, ImageFont

from scorepad.codecs import get_codec
from scorepad.models import Play, Result
from scorepad.models.colours import SEAT_HEX, initial_of
from scorepad.models.plays import CONTESTED
from scorepad.review import Review

WIDTH = 1080
MARGIN = 72
INK = "#eef2f8"
MUTED = "#9fb0c8"
ACCENT = "#f5a524"
BACKGROUND = "#10192b"
PANEL = "#1b2942"

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@cache
def font(size: int, *, bold: bool = False) -> Font:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    try:
        return ImageFont.truetype(str(Path(settings.CARD_FONT_DIR) / name), size)
    except OSError:
        return ImageFont.load_default(size)


def fitted(draw: ImageDraw.ImageDraw, text: str, face: Font, width: float) -> str:
    """The text, cut with an ellipsis where it would run wider than ``width``."""
    if draw.textlength(text, font=face) <= width:
        return text
    while text and draw.textlength(text + "…", font=face) > width:
        text = text[:-1]
    return text.rstrip() + "…"


class Card:
    """A card being drawn from the top down: each line below the last."""

    def __init__(self, height: int) -> None:
        self.image = Image.new("RGB", (WIDTH, height), BACKGROUND)
        self.draw = ImageDraw.Draw(self.image)
        self.y = MARGIN
        self.draw.rectangle((0, 0, WIDTH, 14), fill=ACCENT)

    def text(
        self, text: str, size: int, *, colour: str = INK, bold: bool = False, gap: int = 14
    ) -> None:
        face = font(size, bold=bold)
        self.draw.text(
            (MARGIN, self.y),
            fitted(self.draw, text, face, WIDTH - 2 * MARGIN),
            font=face,
            fill=colour,
        )
        self.y += size + gap

    def fact(self, title: str, value: str) -> None:
        """A panel with a small title over its value."""
        top = self.y
        self.draw.rounded_rectangle((MARGIN, top, WIDTH - MARGIN, top + 118), radius=22, fill=PANEL)
        inner = WIDTH - 2 * MARGIN - 56
        self.draw.text((MARGIN + 28, top + 18), title, font=font(28), fill=MUTED)
        face = font(40, bold=True)
        self.draw.text(
            (MARGIN + 28, top + 56), fitted(self.draw, value, face, inner), font=face, fill=INK
        )
        self.y = top + 118 + 20

    def bars(self, rows: Sequence[tuple[str, int]], height: int = 180) -> None:
        """Columns for ``rows`` of (label, count), side by side, labelled underneath."""
        most = max((n for _, n in rows), default=0) or 1
        slot = (WIDTH - 2 * MARGIN) / len(rows)
        base = self.y + height
        for at, (label, n) in enumerate(rows):
            left = MARGIN + at * slot + slot * 0.18
            right = MARGIN + (at + 1) * slot - slot * 0.18
            top = base - max(n / most * height, 4 if n else 0)
            if n:
                self.draw.rounded_rectangle((left, top, right, base), radius=6, fill=ACCENT)
            middle = (left + right) / 2
            self.draw.text((middle, base + 12), label[:1], font=font(26), fill=MUTED, anchor="mt")
        self.y = base + 56

    def seat(self, rank: int | None, result: Result, winner: bool) -> None:
        """One seat of a result: its place, its colour with its initial, name and total."""
        top = self.y
        self.draw.rounded_rectangle(
            (MARGIN, top, WIDTH - MARGIN, top + 104),
            radius=22,
            fill=PANEL,
            outline=ACCENT if winner else None,
            width=4,
        )
        self.draw.text(
            (MARGIN + 28, top + 52),
            f"{rank or '–'}",
            font=font(40, bold=True),
            fill=MUTED,
            anchor="lm",
        )
        centre = (MARGIN + 130, top + 52)
        self.draw.ellipse(
            (centre[0] - 30, centre[1] - 30, centre[0] + 30, centre[1] + 30),
            fill=SEAT_HEX[result.seat_colour],
        )
        self.draw.text(
            centre,
            initial_of(result.player.name),
            font=font(32, bold=True),
            fill="#10192b",
            anchor="mm",
        )
        total = "–" if result.total is None else str(result.total)
        total_face = font(48, bold=True)
        total_width = self.draw.textlength(total, font=total_face)
        self.draw.text(
            (WIDTH - MARGIN - 28, top + 52), total, font=total_face, fill=INK, anchor="rm"
        )
        name_face = font(40, bold=winner)
        room = WIDTH - MARGIN - 28 - total_width - 24 - (MARGIN + 180)
        self.draw.text(
            (MARGIN + 180, top + 52),
            fitted(self.draw, result.player.name, name_face, room),
            font=name_face,
            fill=INK,
            anchor="lm",
        )
        self.y = top + 104 + 16

    def png(self) -> bytes:
        image = self.image.crop((0, 0, WIDTH, self.y + MARGIN - 20))
        out = io.BytesIO()
        image.save(out, "PNG", optimize=True)
        return out.getvalue()


def review_card(review: Review) -> bytes:
    card = Card(1600)
    card.text(gettext("Scorepad · in review"), 30, colour=MUTED)
    card.text(review.player.name if review.player else review.group.name, 60, bold=True)
    card.text(review.period.label, 52, colour=ACCENT, bold=True, gap=36)
    games = len(review.games)
    plays = ngettext("%(count)s play", "%(count)s plays", review.plays) % {"count": review.plays}
    played = ngettext("%(count)s game", "%(count)s games", games) % {"count": games}
    card.text(f"{plays} · {played}", 44, bold=True, gap=32)
    if review.games:
        top = review.games[0]
        card.fact(gettext("Most played"), f"{top.label} · {top.plays}")
    if review.nights:
        night = review.nights[0]
        card.fact(
            gettext("Busiest night"),
            ngettext("%(night)s · %(count)s plays", "%(night)s · %(count)s plays", night.plays)
            % {"night": night.label, "count": night.plays},
        )
    if review.winners and not review.player:
        first = review.winners[0]
        card.fact(
            gettext("Most wins"),
            gettext("%(name)s · %(wins)s of %(plays)s")
            % {"name": first.name, "wins": first.wins, "plays": first.contested},
        )
    if review.player and review.winners:
        mine = review.winners[0]
        card.fact(
            gettext("Wins"),
            gettext("%(wins)s of %(plays)s") % {"wins": mine.wins, "plays": mine.contested},
        )
    if review.best_scores:
        best = review.best_scores[0]
        by = "" if review.player else f"{best.seat.player.name} · "
        card.fact(gettext("Best score"), f"{best.seat.total} · {by}{best.game}")
    if review.streaks:
        run = review.streaks[0]
        by = "" if review.player else f"{run.name} · "
        streak = gettext("%(wins)s at %(game)s") % {"wins": run.streak, "game": run.game}
        card.fact(gettext("Longest run of wins"), f"{by}{streak}")
    if review.nemesis:
        card.fact(
            gettext("Nemesis"),
            ngettext(
                "%(name)s · ahead %(count)s times",
                "%(name)s · ahead %(count)s times",
                review.nemesis.losses,
            )
            % {"name": review.nemesis.name, "count": review.nemesis.losses},
        )
    if not review.period.month and review.plays:
        card.y += 16
        card.bars([(m.label, m.plays) for m in review.by_month])
    return card.png()


def result_card(play: Play, results: list[Result], group_name: str) -> bytes:
    card = Card(400 + 120 * len(results))
    day = dateformat.format(play.played_on, "j M Y")
    card.text(gettext("Scorepad · %(day)s") % {"day": day}, 30, colour=MUTED)
    card.text(get_codec(play.game).info.name, 60, bold=True)
    card.text(group_name, 36, colour=ACCENT, gap=36)
    contested = len(results) >= CONTESTED
    for result in sorted(results, key=lambda r: (r.rank or len(results) + 1, r.position)):
        card.seat(result.rank if contested else None, result, contested and result.rank == 1)
    return card.png()
