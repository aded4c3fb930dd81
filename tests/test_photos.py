"""The photo of a play's final board (scorepad/photos.py, scorepad/views/photos.py): kept
upright, resized and without its location; refused with a reason when it is no photo, too
large in bytes or in pixels; shown on the result and in the history; left out of exports."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from PIL import ExifTags, Image

from scorepad.models import Group, Play, PlayPhoto, void_play
from scorepad.photos import LONG_SIDE, MAX_BYTES, THUMBNAIL_SIDE, prepare
from tests.test_groups import record_play

pytestmark = pytest.mark.django_db


def camera_jpeg(width: int, height: int) -> bytes:
    """A phone camera's JPEG: held sideways (EXIF orientation 6: the pixels need turning
    90° clockwise), with the camera's make and where it was taken."""
    image = Image.new("RGB", (width, height), (20, 110, 190))
    exif = Image.Exif()
    exif[ExifTags.Base.Make] = "Phone maker"
    exif[ExifTags.Base.Orientation] = 6
    exif.get_ifd(ExifTags.IFD.GPSInfo).update(
        {
            ExifTags.GPS.GPSLatitudeRef: "N",
            ExifTags.GPS.GPSLatitude: (51.0, 30.0, 12.0),
            ExifTags.GPS.GPSLongitudeRef: "W",
            ExifTags.GPS.GPSLongitude: (0.0, 7.0, 40.0),
        }
    )
    out = io.BytesIO()
    image.save(out, "JPEG", exif=exif)
    return out.getvalue()


_SMALL = camera_jpeg(40, 30)
BOARD_PHOTO = prepare(io.BytesIO(_SMALL), len(_SMALL))  # what the URL sweeps attach


def upload(client: Client, play: Play, data: bytes, name: str = "board.jpg") -> Any:
    photo = SimpleUploadedFile(name, data, content_type="image/jpeg")
    return client.post(f"/plays/{play.uuid}/photo/", {"photo": photo}, follow=True)


def said(response: Any) -> list[str]:
    return [str(m) for m in response.context["messages"]]


@pytest.fixture
def play(group: Group) -> Play:
    return record_play(group, {"Ana": 50, "Ben": 40})


def test_a_members_photo_is_kept_upright_resized_and_without_its_location(
    alice_client: Client, play: Play
) -> None:
    response = upload(alice_client, play, camera_jpeg(4000, 3000))
    assert said(response) == ["Photo kept with the play."]
    served = alice_client.get(f"/plays/{play.uuid}/photo.jpg")
    assert served["Content-Type"] == "image/jpeg"
    image = Image.open(io.BytesIO(served.getvalue()))
    # 4000 × 3000 held sideways: 3000 × 4000 upright, its longest side 1600.
    assert image.size == (1200, LONG_SIDE)
    exif = image.getexif()
    assert ExifTags.Base.Make not in exif
    assert ExifTags.IFD.GPSInfo not in exif
    assert exif.get_ifd(ExifTags.IFD.GPSInfo) == {}
    small = Image.open(
        io.BytesIO(alice_client.get(f"/plays/{play.uuid}/photo-small.jpg").getvalue())
    )
    assert small.size == (180, THUMBNAIL_SIDE)


def test_the_result_and_the_history_show_the_photo(
    alice_client: Client, play: Play, group: Group
) -> None:
    upload(alice_client, play, camera_jpeg(800, 600))
    version = PlayPhoto.objects.get(play=play).version
    result = alice_client.get(f"/plays/{play.uuid}/result/").content.decode()
    assert f'src="/plays/{play.uuid}/photo.jpg?v={version}" width="600" height="800"' in result
    history = alice_client.get(f"/groups/{group.pk}/").content.decode()
    assert f"/plays/{play.uuid}/photo-small.jpg?v={version}" in history


def test_a_new_photo_takes_the_place_of_the_old_and_one_can_be_taken_off(
    alice_client: Client, play: Play
) -> None:
    upload(alice_client, play, camera_jpeg(800, 600))
    first = PlayPhoto.objects.get(play=play).version
    upload(alice_client, play, camera_jpeg(900, 600))
    assert PlayPhoto.objects.get(play=play).version != first
    response = alice_client.post(f"/plays/{play.uuid}/photo/", {"remove": "1"}, follow=True)
    assert said(response) == ["The photo is gone."]
    assert not PlayPhoto.objects.filter(play=play).exists()
    assert alice_client.get(f"/plays/{play.uuid}/photo.jpg").status_code == 404


def test_a_file_that_is_no_image_is_refused(alice_client: Client, play: Play) -> None:
    response = upload(alice_client, play, b"Ana 50, Ben 40\n", name="scores.jpg")
    assert said(response) == ["That is not a photo: send a JPEG, PNG or WebP image."]
    assert not PlayPhoto.objects.exists()


def test_an_image_of_another_kind_is_refused(alice_client: Client, play: Play) -> None:
    out = io.BytesIO()
    Image.new("RGB", (40, 30)).save(out, "BMP")
    response = upload(alice_client, play, out.getvalue(), name="board.bmp")
    assert said(response) == ["That is not a photo: send a JPEG, PNG or WebP image."]


def test_a_file_over_the_limit_is_refused_unread(alice_client: Client, play: Play) -> None:
    response = upload(alice_client, play, b"\xff" * (MAX_BYTES + 1))
    assert said(response) == [
        "That photo is 15.0 MB; photos up to 15 MB are kept. Take it again at a lower size."
    ]
    assert not PlayPhoto.objects.exists()


def test_a_decompression_bomb_is_refused_before_it_is_decoded(
    alice_client: Client, play: Play
) -> None:
    # 20,000 × 20,000 one-bit pixels: a few kilobytes of PNG, 400 megapixels once decoded
    # (Pillow's own guard refuses it as the file opens).
    out = io.BytesIO()
    Image.new("1", (20_000, 20_000)).save(out, "PNG")
    assert len(out.getvalue()) < 100_000
    response = upload(alice_client, play, out.getvalue(), name="board.png")
    assert said(response) == ["That image is too large: photos of up to 50 megapixels are kept."]
    assert not PlayPhoto.objects.exists()


def test_an_image_over_50_megapixels_is_refused_unread(alice_client: Client, play: Play) -> None:
    out = io.BytesIO()
    Image.new("1", (8_000, 6_251)).save(out, "PNG")  # 50,008,000 pixels
    response = upload(alice_client, play, out.getvalue(), name="board.png")
    assert said(response) == [
        "That image is 8000 × 6251 pixels: photos of up to 50 megapixels are kept."
    ]
    assert not PlayPhoto.objects.exists()


def test_a_cut_short_photo_is_refused(alice_client: Client, play: Play) -> None:
    response = upload(alice_client, play, camera_jpeg(800, 600)[:2000])
    assert said(response) == ["That photo could not be read: it may be cut short. Try again."]


def test_an_outsider_neither_sees_nor_attaches_the_photo(
    alice_client: Client, outsider_client: Client, play: Play
) -> None:
    upload(alice_client, play, camera_jpeg(80, 60))
    assert alice_client.get(f"/plays/{play.uuid}/photo.jpg").status_code == 200
    assert outsider_client.get(f"/plays/{play.uuid}/photo.jpg").status_code == 404
    assert upload(outsider_client, play, camera_jpeg(90, 60)).status_code == 404
    assert Client().get(f"/plays/{play.uuid}/photo-small.jpg").status_code == 404


def test_no_photo_on_a_play_taken_out_of_the_history(
    alice_client: Client, play: Play, alice: Any
) -> None:
    void_play(play, alice)
    assert upload(alice_client, play, camera_jpeg(80, 60)).status_code == 403
    assert not PlayPhoto.objects.exists()


def test_exports_leave_the_photo_out(alice_client: Client, play: Play, group: Group) -> None:
    upload(alice_client, play, camera_jpeg(80, 60))
    version = PlayPhoto.objects.get(play=play).version
    for export in ("export.json", "export.csv", "export-bgstats.json"):
        response = alice_client.get(f"/groups/{group.pk}/{export}")
        body = response.getvalue()
        assert b"photo" not in body and version.encode() not in body
