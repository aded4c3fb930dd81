"""A photo of the final board, made from a phone's upload with Pillow: checked (an image
Pillow reads, of a kind a phone takes, not too large in bytes nor in pixels, so that a
small file declaring a huge image is refused before it is decoded), turned upright as the
camera held it, resized, and re-encoded as JPEG from its pixels alone: the camera's
location and every other metadata stay behind."""

from __future__ import annotations

import hashlib
import io
import warnings
from dataclasses import dataclass
from typing import IO

from django.utils.translation import gettext as _
from PIL import Image, ImageOps, UnidentifiedImageError

# What a phone's camera or its gallery sends.
KINDS = {"JPEG", "PNG", "WEBP"}
MAX_BYTES = 15 * 1024 * 1024
# 50 megapixels: a 48-megapixel camera's photo; beyond, a file is refused unread.
MAX_PIXELS = 50_000_000
# The longest side kept: sharp on any phone, a few hundred kilobytes.
LONG_SIDE = 1600
THUMBNAIL_SIDE = 240
MEGAPIXELS = MAX_PIXELS // 1_000_000


def _too_many_pixels() -> str:
    return _("photos of up to %(megapixels)s megapixels are kept.") % {"megapixels": MEGAPIXELS}


class PhotoRefused(Exception):
    """An upload that is not a photo we keep; the message says why, to the player."""


@dataclass(frozen=True)
class Photo:
    image: bytes
    width: int
    height: int
    thumbnail: bytes
    version: str


def _jpeg(image: Image.Image, quality: int, icc_profile: bytes | None) -> bytes:
    out = io.BytesIO()
    image.save(
        out, "JPEG", quality=quality, optimize=True, progressive=True, icc_profile=icc_profile
    )
    return out.getvalue()


def prepare(upload: IO[bytes], size: int) -> Photo:
    """The photo to keep from ``upload`` of ``size`` bytes; PhotoRefused if it is none."""
    if size > MAX_BYTES:
        raise PhotoRefused(
            _(
                "That photo is %(size)s MB; photos up to %(most)s MB are kept. Take it again "
                "at a lower size."
            )
            % {"size": f"{size / 1024 / 1024:.1f}", "most": MAX_BYTES // 1024 // 1024}
        )
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            source = Image.open(upload)
            if source.format not in KINDS:
                raise PhotoRefused(_("That is not a photo: send a JPEG, PNG or WebP image."))
            width, height = source.size
            if width * height > MAX_PIXELS:
                raise PhotoRefused(
                    _("That image is %(width)s × %(height)s pixels: %(why)s")
                    % {"width": width, "height": height, "why": _too_many_pixels()}
                )
            # A JPEG decodes straight at a fraction of its size: less memory, less time.
            source.draft("RGB", (LONG_SIDE, LONG_SIDE))
            upright = ImageOps.exif_transpose(source)
            icc_profile = source.info.get("icc_profile")
            board = upright.convert("RGB")
    except UnidentifiedImageError as error:
        raise PhotoRefused(_("That is not a photo: send a JPEG, PNG or WebP image.")) from error
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as error:
        raise PhotoRefused(
            _("That image is too large: %(why)s") % {"why": _too_many_pixels()}
        ) from error
    except (OSError, SyntaxError, ValueError) as error:
        raise PhotoRefused(
            _("That photo could not be read: it may be cut short. Try again.")
        ) from error
    board.thumbnail((LONG_SIDE, LONG_SIDE), Image.Resampling.LANCZOS)
    image = _jpeg(board, 82, icc_profile)
    small = board.copy()
    small.thumbnail((THUMBNAIL_SIDE, THUMBNAIL_SIDE), Image.Resampling.LANCZOS)
    return Photo(
        image=image,
        width=board.width,
        height=board.height,
        thumbnail=_jpeg(small, 75, icc_profile),
        version=hashlib.sha256(image).hexdigest()[:16],
    )
