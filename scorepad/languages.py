"""The site's language for a reader: chosen in the menu and remembered by the phone (a
cookie) and by the account, so that signing in on a new phone brings the choice along.
Without a choice, LocaleMiddleware reads the browser's Accept-Language."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from games.words import Rendered
from scorepad.models import AccountLanguage

CHOICES = dict(settings.LANGUAGES)


def in_each_language(make: Callable[[], str]) -> Rendered:
    """What ``make`` says, in each of the site's languages, to be kept and read later
    in the reader's (for words Django's gettext puts together, such as a screen's
    description of a logged event)."""
    texts = []
    for language in CHOICES:
        with translation.override(language):
            texts.append((language, make()))
    return Rendered(tuple(texts))


def remember_on_phone(response: HttpResponse, language: str) -> None:
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )


@require_POST
def choose(request: HttpRequest) -> HttpResponse:
    """The menu's language buttons: back to the page they were pressed on, in it."""
    language = request.POST.get("language", "")
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        back = "/"
    response = redirect(back)
    if language in CHOICES:
        if request.user.is_authenticated:
            AccountLanguage.remember(request.user, language)
        remember_on_phone(response, language)
    return response


class LoginView(auth_views.LoginView):
    """Django's, then the language the account chose in the menu on this phone too (an
    account that never chose reads in each phone's browser language)."""

    def form_valid(self, form: AuthenticationForm) -> HttpResponse:
        response = super().form_valid(form)
        if language := AccountLanguage.of(form.get_user()):
            remember_on_phone(response, language)
        return response
