from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import path

from scorepad.views import exports, groups, me, reef_draft, scored_during_play, shallow_sea, site
from scorepad.views.health import healthz

urlpatterns = [
    path("", site.home, name="home"),
    path("accounts/signup/", site.signup, name="signup"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("me/achievements/", me.achievement_sheet, name="achievements"),
    path("me/achievements/tick/", me.tick, name="tick_achievement"),
    path("me/solo/", me.solo_ladder, name="solo_ladder"),
    path("groups/", groups.groups, name="groups"),
    path("groups/<int:group_id>/", groups.group, name="group"),
    path("groups/<int:group_id>/people/", groups.people, name="people"),
    path("groups/<int:group_id>/rename/", groups.rename, name="rename_group"),
    path("groups/<int:group_id>/invites/", groups.create_invite, name="create_invite"),
    path(
        "groups/<int:group_id>/invites/<int:invite_id>/revoke/",
        groups.revoke_invite,
        name="revoke_invite",
    ),
    path(
        "groups/<int:group_id>/members/<int:user_id>/remove/",
        groups.remove_member,
        name="remove_member",
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
    path("groups/<int:group_id>/players/<int:player_id>/", groups.player, name="player"),
    path(
        "groups/<int:group_id>/players/<int:player_id>/claim-link/",
        groups.claim_link,
        name="claim_link",
    ),
    path("groups/<int:group_id>/players/<int:player_id>/merge/", groups.merge, name="merge_player"),
    path("join/<str:token>/", groups.join, name="join"),
    path("claim/<str:token>/", groups.claim, name="claim"),
    path("plays/<uuid:play_id>/delete/", groups.delete_play, name="delete_play"),
    # Shallow Sea's own setup screen, before the generic one.
    path("games/shallow-sea/new/", shallow_sea.new_play, name="shallow_sea_new"),
    path("games/shallow-sea/sealife/", shallow_sea.sealife_catalogue, name="shallow_sea_catalogue"),
    path(
        "plays/<uuid:play_id>/players/<int:position>/ocean/",
        shallow_sea.ocean,
        name="shallow_sea_ocean",
    ),
    path(
        "plays/<uuid:play_id>/players/<int:position>/ocean/spaces/<str:space>/",
        shallow_sea.ocean_space,
        name="shallow_sea_space",
    ),
    path(
        "plays/<uuid:play_id>/players/<int:position>/ocean/bubbles/<str:bubble>/",
        shallow_sea.ocean_bubble,
        name="shallow_sea_bubble",
    ),
    path(
        "plays/<uuid:play_id>/players/<int:position>/sheet/",
        shallow_sea.sheet,
        name="shallow_sea_sheet",
    ),
    path("games/<slug:slug>/new/", site.new_play, name="new_play"),
    path("plays/<uuid:play_id>/", site.play, name="play"),
    path(
        "plays/<uuid:play_id>/rounds/<int:round_number>/players/<int:position>/",
        reef_draft.reef_entry,
        name="reef_entry",
    ),
    path(
        "plays/<uuid:play_id>/events/new/<slug:event_type>/",
        scored_during_play.new_event,
        name="new_event",
    ),
    path(
        "plays/<uuid:play_id>/events/<int:seq>/", scored_during_play.edit_event, name="edit_event"
    ),
    path("plays/<uuid:play_id>/events/undo/", scored_during_play.undo_event, name="undo_event"),
    path(
        "plays/<uuid:play_id>/players/<int:position>/tally/",
        scored_during_play.player_tally,
        name="player_tally",
    ),
    path("plays/<uuid:play_id>/finish/", site.finish, name="finish"),
    path("plays/<uuid:play_id>/result/", site.result, name="result"),
    path("plays/<uuid:play_id>/save/", site.save_play, name="save_play"),
    path("games/seagrass/reef-award/", scored_during_play.reef_award, name="reef_award"),
    path("api/games/<slug:slug>/score", site.api_score, name="api_score"),
    path(
        "api/games/seagrass/reef-award",
        scored_during_play.api_reef_award,
        name="api_reef_award",
    ),
    path("admin/", admin.site.urls),
    path("healthz", healthz, name="healthz"),
]
