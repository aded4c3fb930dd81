"""The Sealife catalogue: what each Sealife type prints, for every user's tiles."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from scorepad.http import AuthenticatedHttpRequest
from scorepad.pads.shallow_sea.forms.catalogue import CatalogueForm
from scorepad.pads.shallow_sea.models import SealifeCatalogueEntry
from scorepad.views.common import private


@login_required
@private
@require_http_methods(["GET", "POST"])
def sealife_catalogue(request: AuthenticatedHttpRequest) -> HttpResponse:
    """What each Sealife type prints, for every user's tiles: changed only here, by a
    signed-in user (values typed at a table stay with that play and its group)."""
    entries = {row.code: row for row in SealifeCatalogueEntry.objects.select_related("updated_by")}
    initial = {}
    for code, row in SealifeCatalogueEntry.objects.known().items():
        initial[f"vp_{code}"] = row.vp
        initial[f"partial_vp_{code}"] = row.partial_vp
    if request.method == "POST":
        form = CatalogueForm(request.POST, initial=initial)
        if form.is_valid():
            changed = SealifeCatalogueEntry.objects.edit(form.values(), request.user)
            messages.success(
                request,
                _("Saved: %(types)s.") % {"types": ", ".join(changed)}
                if changed
                else _("Nothing was changed."),
            )
            return redirect("shallow_sea_catalogue")
    else:
        form = CatalogueForm(initial=initial)
    return render(request, "shallow_sea/catalogue.html", {"form": form, "rows": form.rows(entries)})
