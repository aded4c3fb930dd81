from django.urls import path

from scorepad.pads.shallow_sea import personal
from scorepad.pads.shallow_sea.views import catalogue, ocean, ocean_taps, sheet

urlpatterns = [
    path("games/shallow-sea/sealife/", catalogue.sealife_catalogue, name="shallow_sea_catalogue"),
    path(
        "plays/<uuid:play_id>/players/<int:position>/ocean/", ocean.ocean, name="shallow_sea_ocean"
    ),
    path(
        "plays/<uuid:play_id>/players/<int:position>/ocean/offline-forms/",
        ocean.ocean_offline_forms,
        name="shallow_sea_offline_forms",
    ),
    path(
        "plays/<uuid:play_id>/players/<int:position>/ocean/spaces/<str:space>/",
        ocean_taps.ocean_space,
        name="shallow_sea_space",
    ),
    path(
        "plays/<uuid:play_id>/players/<int:position>/ocean/bubbles/<str:bubble>/",
        ocean_taps.ocean_bubble,
        name="shallow_sea_bubble",
    ),
    path(
        "plays/<uuid:play_id>/players/<int:position>/sheet/",
        sheet.sheet,
        name="shallow_sea_sheet",
    ),
    path("me/achievements/", personal.achievement_sheet, name="achievements"),
    path("me/achievements/tick/", personal.tick, name="tick_achievement"),
    path("me/solo/", personal.solo_ladder, name="solo_ladder"),
]
