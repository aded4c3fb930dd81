from django.urls import path

from scorepad.pads.shallow_sea import personal, views

urlpatterns = [
    path("games/shallow-sea/sealife/", views.sealife_catalogue, name="shallow_sea_catalogue"),
    path(
        "plays/<uuid:play_id>/players/<int:position>/ocean/", views.ocean, name="shallow_sea_ocean"
    ),
    path(
        "plays/<uuid:play_id>/players/<int:position>/ocean/offline-forms/",
        views.ocean_offline_forms,
        name="shallow_sea_offline_forms",
    ),
    path(
        "plays/<uuid:play_id>/players/<int:position>/ocean/spaces/<str:space>/",
        views.ocean_space,
        name="shallow_sea_space",
    ),
    path(
        "plays/<uuid:play_id>/players/<int:position>/ocean/bubbles/<str:bubble>/",
        views.ocean_bubble,
        name="shallow_sea_bubble",
    ),
    path(
        "plays/<uuid:play_id>/players/<int:position>/sheet/",
        views.sheet,
        name="shallow_sea_sheet",
    ),
    path("me/achievements/", personal.achievement_sheet, name="achievements"),
    path("me/achievements/tick/", personal.tick, name="tick_achievement"),
    path("me/solo/", personal.solo_ladder, name="solo_ladder"),
]
