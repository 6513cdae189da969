from django.contrib import admin
from django.urls import include, path

from league.views.accounts import login_throttled

urlpatterns = [
    # the admin's log-in is a door like the pages' one: the same throttles, counted together (league/throttles.py)
    path("admin/login/", login_throttled(admin.site.login)),
    path("admin/", admin.site.urls),
    path("api/", include("league.api.urls")),
    path("", include("league.urls")),
]

# one error format for every request: JSON under /api/, a styled page elsewhere (league/views/errors.py)
handler400 = "league.views.errors.bad_request"
handler403 = "league.views.errors.permission_denied"
handler404 = "league.views.errors.page_not_found"
handler500 = "league.views.errors.server_error"
