from django.urls import path

from scorepad.pads.counts import views

urlpatterns = [
    path(
        "plays/<uuid:play_id>/players/<int:position>/tally/",
        views.seat_sheet,
        name="player_tally",
    ),
]
