from django.urls import path

from scorepad.pads.event_log import views

urlpatterns = [
    path(
        "plays/<uuid:play_id>/events/new/<slug:event_type>/",
        views.new_event,
        name="new_event",
    ),
    path("plays/<uuid:play_id>/events/<int:seq>/", views.edit_event, name="edit_event"),
    path("plays/<uuid:play_id>/events/undo/", views.undo_event, name="undo_event"),
    path("games/seagrass/reef-award/", views.reef_award, name="reef_award"),
    path("api/games/seagrass/reef-award", views.api_reef_award, name="api_reef_award"),
]
