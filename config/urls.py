from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("", include("league.urls_fairness")),  # before api/: its catch-all would answer /api/…/fairness/
    path("api/", include("league.api.urls")),
    path("", include("league.urls")),
]
