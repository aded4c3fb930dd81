"""A group's history as files: CSV, the Scorepad document, the BG Stats play file,
and importing a Scorepad document into a group."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.views.decorators.http import require_GET, require_http_methods

from scorepad.exports.bgstats import bgstats_document
from scorepad.exports.document import history_document, with_entries
from scorepad.exports.importing import import_history
from scorepad.exports.plays import filename, finished_plays
from scorepad.exports.reading import ImportRefused, Problem, read_json
from scorepad.exports.spreadsheet import csv_text
from scorepad.forms import Form
from scorepad.http import AuthenticatedHttpRequest
from scorepad.models import Group
from scorepad.views.common import get_group_for_user, private

MAX_UPLOAD_BYTES = 10 * 1024 * 1024  # about 1,500 plays as the export writes them


class ImportForm(Form):
    file = forms.FileField(
        label="Scorepad file (.json)",
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )

    def clean_file(self) -> Any:
        """The file's JSON; the document itself is read by ``import_history``."""
        upload = self.cleaned_data["file"]
        if upload.size > MAX_UPLOAD_BYTES:
            raise forms.ValidationError(
                f"The file is larger than {MAX_UPLOAD_BYTES // (1024 * 1024)} MB."
            )
        try:
            return read_json(upload.read())
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise forms.ValidationError(
                "This file is not a Scorepad export: it is not JSON."
            ) from None


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
    return _json_file(bgstats_document(plays, request.user), group, "-bgstats.json")


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
    ctx = {
        "group": group,
        "form": form,
        "problems": problems,
        "play_count": group.plays.finished().count(),
    }
    return render(request, "exports.html", ctx)
