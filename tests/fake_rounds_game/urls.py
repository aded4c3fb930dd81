# Kelp Forest has no screens of its own: the rounds family's serve it.
urlpatterns: list = []
