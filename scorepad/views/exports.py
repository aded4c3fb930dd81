"""A group's history as files: CSV, the Scorepad document, the BG Stats play file,
and importing a Scorepad document into a group."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scorepad.exports.bgstats import bgstats_document
from scorepad.exports.document import history_document, with_entries
from scorepad.exports.importing import import_history
from scorepad.exports.plays import filename, finished_plays
from scorepad.exports.reading import ImportRefused, Problem, read_json
from scorepad.exports.spreadsheet import csv_text
from scorepad.forms import Form
from scorepad.http import AuthenticatedHttpRequest
from scorepad.models import Group
from scorepad.pads import all_pads
from scorepad.views.common import get_group_for_user, private

MAX_UPLOAD_BYTES = 10 * 1024 * 1024  # about 1,500 plays as the export writes them


class ImportForm(Form):
    file = forms.FileField(
        label=gettext_lazy("Scorepad file (.json)"),
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )

    def clean_file(self) -> Any:
        """The file's JSON; the document itself is read by ``import_history``."""
        upload = self.cleaned_data["file"]
        if upload.size > MAX_UPLOAD_BYTES:
            raise forms.ValidationError(
                gettext("The file is larger than %(most)s MB.")
                % {"most": MAX_UPLOAD_BYTES // (1024 * 1024)}
            )
        try:
            return read_json(upload.read())
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise forms.ValidationError(
                gettext("This file is not a Scorepad export: it is not JSON.")
            ) from None


# A game's page on BoardGameGeek: https://boardgamegeek.com/boardgame/<id>/<its-name>
BGG_PAGE = re.compile(r"boardgamegeek\.com/boardgame(?:expansion)?/(\d+)", re.IGNORECASE)
LARGEST_BGG_ID = 10_000_000


class BggIdsForm(Form):
    """The BoardGameGeek id of each game the site knows none for, as the group says:
    the number, or the game's page on BoardGameGeek pasted whole."""

    def __init__(self, group: Group, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.group = group
        for pad in all_pads():
            if pad.info.bgg_id:
                continue
            given = group.bgg_ids.get(pad.slug)
            self.fields[pad.slug] = forms.CharField(
                label=pad.info.name,
                required=False,
                max_length=200,
                initial=str(given) if given else "",
                widget=forms.TextInput(attrs={"inputmode": "url", "autocomplete": "off"}),
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        for slug, written in list(data.items()):
            data[slug] = self._bgg_id(slug, written.strip())
        if self.errors:
            self.add_error(
                None, gettext("Nothing was saved: correct the ids below, then save again.")
            )
            first = next(name for name in self.fields if name in self.errors)
            self.fields[first].widget.attrs["autofocus"] = True  # brought into view
        return data

    def _bgg_id(self, slug: str, written: str) -> int | None:
        if not written:
            return None
        found = BGG_PAGE.search(written)
        number = found[1] if found else written
        label = self.fields[slug].label
        if number.isdigit() and 0 < int(number) < LARGEST_BGG_ID:
            return int(number)
        if number.isdigit():
            self.add_error(
                slug,
                gettext("%(game)s: BoardGameGeek's ids run from 1 to %(largest)s.")
                % {"game": label, "largest": f"{LARGEST_BGG_ID - 1:,}"},
            )
        else:
            self.add_error(
                slug,
                gettext(
                    "%(game)s: write the number in its BoardGameGeek address "
                    "(boardgamegeek.com/boardgame/<number>/…), or paste that address."
                )
                % {"game": label},
            )
        return None

    def save(self) -> None:
        ids = {slug: number for slug, number in self.cleaned_data.items() if number}
        Group.objects.filter(pk=self.group.pk).update(bgg_ids=ids)


def _attachment(response: HttpResponse, group: Group, suffix: str) -> HttpResponse:
    name = filename(group, suffix, timezone.localdate())
    response["Content-Disposition"] = content_disposition_header(True, name)
    return response


def _json_file(document: dict[str, Any], group: Group, suffix: str) -> HttpResponse:
    response = JsonResponse(document, json_dumps_params={"indent": 2, "ensure_ascii": False})
    return _attachment(response, group, suffix)


@login_required
@private
@require_GET
def export_csv(request: AuthenticatedHttpRequest, group_id: int) -> HttpResponse:
    group = get_group_for_user(request, group_id)
    plays = finished_plays(group).with_results()
    response = HttpResponse(csv_text(plays), content_type="text/csv; charset=utf-8")
    return _attachment(response, group, ".csv")


@login_required
@private
@require_GET
def export_json(request: AuthenticatedHttpRequest, group_id: int) -> HttpResponse:
    group = get_group_for_user(request, group_id)
    plays = with_entries(finished_plays(group))
    document = history_document(group, plays, timezone.localtime())
    return _json_file(document, group, ".json")


@login_required
@private
@require_GET
def export_bgstats(request: AuthenticatedHttpRequest, group_id: int) -> HttpResponse:
    group = get_group_for_user(request, group_id)
    plays = finished_plays(group).with_results()
    me = group.players.filter(user=request.user).first()
    document = bgstats_document(plays, request.user, me, group.created, group.bgg_ids)
    return _json_file(document, group, "-bgstats.json")


@login_required
@private
@require_http_methods(["GET", "POST"])
def import_plays(request: AuthenticatedHttpRequest, group_id: int) -> HttpResponse:
    """The export links, and the form that brings a Scorepad file into this group."""
    group = get_group_for_user(request, group_id)
    form = ImportForm(request.POST, request.FILES) if request.method == "POST" else ImportForm()
    problems: list[Problem] = []
    if request.method == "POST" and form.is_valid():
        try:
            report = import_history(form.cleaned_data["file"], group, request.user)
        except ImportRefused as refused:
            problems = refused.problems
        else:
            messages.success(request, report.message())
            return redirect(group)
    return _exports_page(request, group, form=form, problems=problems)


def _exports_page(
    request: AuthenticatedHttpRequest,
    group: Group,
    *,
    form: ImportForm | None = None,
    problems: list[Problem] | None = None,
    bgg_form: BggIdsForm | None = None,
) -> HttpResponse:
    ctx = {
        "group": group,
        "form": form or ImportForm(),
        "problems": problems or [],
        "bgg_form": bgg_form or BggIdsForm(group),
        "play_count": group.plays.finished().count(),
    }
    return render(request, "exports.html", ctx)


@login_required
@require_POST
def save_bgg_ids(request: AuthenticatedHttpRequest, group_id: int) -> HttpResponse:
    """The group's BoardGameGeek ids for the games the site knows none for: any member
    may set them, as any member may export or import the group's plays."""
    group = get_group_for_user(request, group_id)
    form = BggIdsForm(group, request.POST)
    if not form.is_valid():
        return _exports_page(request, group, bgg_form=form)
    form.save()
    messages.success(
        request, gettext("Saved: the BG Stats file and links name these games by their ids.")
    )
    return redirect("import_plays", group.pk)
