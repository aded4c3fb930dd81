from django.urls import path

from scorepad.pads.rounds import views

urlpatterns = [
    path(
        "plays/<uuid:play_id>/rounds/<int:round_number>/players/<int:position>/",
        views.round_entry,
        name="round_entry",
    ),
]
