from django.conf import settings
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import URLPattern, URLResolver, include, path, register_converter
from django.urls.converters import StringConverter
from django.views.decorators.csp import csp_override

from scorepad import languages
from scorepad.forms import LoginForm, NewPasswordForm
from scorepad.models import TOKEN_CHARACTER
from scorepad.views import app, exports, groups, photos, site, table
from scorepad.views.common import private
from scorepad.views.health import healthz


class TokenConverter(StringConverter):
    """A join or claim link's token, a host key: anything but what secrets.token_urlsafe
    writes is a 404."""

    regex = f"{TOKEN_CHARACTER}+"


register_converter(TokenConverter, "token")

handler403 = "scorepad.views.site.permission_denied"


def _without_trusted_types[Urls: tuple](urls: Urls) -> Urls:
    """Django's admin writes HTML through innerHTML (jQuery, its select boxes), which the
    site's Trusted Types refuse: its pages go without them. Its logins still go through
    django-axes, and no player sees it."""

    def each(patterns: list[URLPattern | URLResolver]) -> None:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                each(pattern.url_patterns)
            else:
                pattern.callback = csp_override(settings.CSP_WITHOUT_TRUSTED_TYPES)(
                    pattern.callback
                )

    each(urls[0])
    return urls


urlpatterns = [
    path("", site.home, name="home"),
    path("accounts/signup/", site.signup, name="signup"),
    path("accounts/login/", languages.LoginView.as_view(form_class=LoginForm), name="login"),
    path("language/", languages.choose, name="set_language"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/password/", site.password_change, name="password_change"),
    path("accounts/password/reset/", site.password_reset, name="password_reset"),
    # Django's own password views, in templates/registration/.
    path(
        "accounts/password/changed/",
        private(auth_views.PasswordChangeDoneView.as_view()),
        name="password_change_done",
    ),
    path(
        "accounts/password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "accounts/password/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(form_class=NewPasswordForm),
        name="password_reset_confirm",
    ),
    path(
        "accounts/password/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    path("groups/", groups.groups, name="groups"),
    path("groups/<int:group_id>/", groups.group, name="group"),
    path("groups/<int:group_id>/people/", groups.people, name="people"),
    path("groups/<int:group_id>/review/<int:year>/", groups.group_review, name="group_review"),
    path(
        "groups/<int:group_id>/review/<int:year>/card.png",
        groups.group_review_card,
        name="group_review_card",
    ),
    path("groups/<int:group_id>/rename/", groups.rename, name="rename_group"),
    path("groups/<int:group_id>/invites/", groups.create_invite, name="create_invite"),
    path(
        "groups/<int:group_id>/invites/<int:invite_id>/revoke/",
        groups.revoke_invite,
        name="revoke_invite",
    ),
    path(
        "groups/<int:group_id>/claim-links/<int:claim_link_id>/revoke/",
        groups.revoke_claim_link,
        name="revoke_claim_link",
    ),
    path(
        "groups/<int:group_id>/claim-links/<int:claim_link_id>/let-in/",
        groups.let_in,
        name="let_in",
    ),
    path(
        "groups/<int:group_id>/members/<int:user_id>/remove/",
        groups.remove_member,
        name="remove_member",
    ),
    path(
        "groups/<int:group_id>/removed/<int:user_id>/let-back-in/",
        groups.let_back_in,
        name="let_back_in",
    ),
    path(
        "groups/<int:group_id>/removed/<int:user_id>/turn-down/",
        groups.turn_down,
        name="turn_down",
    ),
    path("groups/<int:group_id>/leave/", groups.leave, name="leave_group"),
    path("groups/<int:group_id>/export.csv", exports.export_csv, name="export_csv"),
    path("groups/<int:group_id>/export.json", exports.export_json, name="export_json"),
    path(
        "groups/<int:group_id>/export-bgstats.json",
        exports.export_bgstats,
        name="export_bgstats",
    ),
    path("groups/<int:group_id>/import/", exports.import_plays, name="import_plays"),
    path("groups/<int:group_id>/bgg-ids/", exports.save_bgg_ids, name="save_bgg_ids"),
    path("groups/<int:group_id>/players/<int:player_id>/", groups.player, name="player"),
    path(
        "groups/<int:group_id>/players/<int:player_id>/review/<int:year>/",
        groups.player_review,
        name="player_review",
    ),
    path(
        "groups/<int:group_id>/players/<int:player_id>/review/<int:year>/card.png",
        groups.player_review_card,
        name="player_review_card",
    ),
    path(
        "groups/<int:group_id>/players/<int:player_id>/claim-link/",
        groups.claim_link,
        name="claim_link",
    ),
    path("groups/<int:group_id>/players/<int:player_id>/merge/", groups.merge, name="merge_player"),
    path("join/<token:token>/", groups.join, name="join"),
    path("claim/<token:token>/", groups.claim, name="claim"),
    path("plays/<uuid:play_id>/void/", groups.void_play, name="void_play"),
    path("plays/<uuid:play_id>/restore/", groups.restore_play, name="restore_play"),
    path("games/<slug:slug>/new/", site.new_play, name="new_play"),
    path("plays/<uuid:play_id>/", site.play, name="play"),
    path("plays/<uuid:play_id>/table/", table.table, name="table"),
    path("plays/<uuid:play_id>/table/change/", table.table_action, name="table_action"),
    path("j/", table.join_code, name="join_code"),
    path("j/<str:code>", table.join, name="join_play"),
    path("plays/<uuid:play_id>/finish/", site.finish, name="finish"),
    path("plays/<uuid:play_id>/result/", site.result, name="result"),
    path("plays/<uuid:play_id>/result.png", site.result_card, name="result_card"),
    path("plays/<uuid:play_id>/save/", site.save_play, name="save_play"),
    path("plays/<uuid:play_id>/photo/", photos.play_photo, name="play_photo"),
    path("plays/<uuid:play_id>/photo.jpg", photos.photo_image, name="photo_image"),
    path(
        "plays/<uuid:play_id>/photo-small.jpg",
        photos.photo_image,
        {"size": "thumbnail"},
        name="photo_thumbnail",
    ),
    path("plays/<uuid:play_id>/host/<token:key>/", site.host_play, name="host_play"),
    # Each game's own screens (settings.SCOREPAD_PADS): its entry screens and pages.
    *(path("", include(f"{package}.urls")) for package in settings.SCOREPAD_PADS),
    path("api/games/<slug:slug>/score", site.api_score, name="api_score"),
    path("admin/", _without_trusted_types(admin.site.urls)),
    path("healthz", healthz, name="healthz"),
    path("manifest.webmanifest", app.manifest, name="manifest"),
    path("sw.js", app.service_worker, name="service_worker"),
    path("offline/", app.offline, name="offline"),
    path("favicon.ico", app.favicon, name="favicon"),
]
