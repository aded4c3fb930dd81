from django.urls import path

from scorepad.pads.reef_draft import views

urlpatterns = [
    path(
        "plays/<uuid:play_id>/rounds/<int:round_number>/players/<int:position>/",
        views.reef_entry,
        name="reef_entry",
    ),
]
