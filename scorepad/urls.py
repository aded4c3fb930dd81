from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import path

from scorepad import views

urlpatterns = [
    path("", views.home, name="home"),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("groups/", views.groups, name="groups"),
    path("groups/<int:group_id>/", views.group, name="group"),
    path("games/<slug:slug>/new/", views.new_play, name="new_play"),
    path("plays/<uuid:play_id>/", views.play, name="play"),
    path(
        "plays/<uuid:play_id>/rounds/<int:round_number>/players/<int:position>/",
        views.reef_entry,
        name="reef_entry",
    ),
    path("plays/<uuid:play_id>/finish/", views.finish, name="finish"),
    path("plays/<uuid:play_id>/result/", views.result, name="result"),
    path("plays/<uuid:play_id>/save/", views.save_play, name="save_play"),
    path("api/games/<slug:slug>/score", views.api_score, name="api_score"),
    path("admin/", admin.site.urls),
]
