# Tide Pool has no screens of its own: the shared counts screens serve it.
urlpatterns: list = []
