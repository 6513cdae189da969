"""Routes of provably fair dealing, pages and API (included from config/urls.py before the API's catch-all)."""

from django.urls import path

from league import api_fairness, views_fairness

urlpatterns = [
    path("tables/<int:table_id>/verify/", views_fairness.table_verify_page, name="fairness_verify"),
    path("tables/<int:table_id>/entropy/", views_fairness.table_entropy, name="fairness_entropy"),
    path("tables/<int:table_id>/replay/", views_fairness.table_replay, name="fairness_replay"),
    path("tables/<int:table_id>/record.json", views_fairness.table_record, name="fairness_record"),
    path("tables/<int:table_id>/history.txt", views_fairness.table_history, name="fairness_history"),
    path("seasons/<int:season_id>/export/<str:kind>.csv", views_fairness.season_export, name="fairness_season_csv"),
    path("api/tables/<int:table_id>/fairness/", api_fairness.FairnessView.as_view(), name="api-table-fairness"),
    path(
        "api/tables/<int:table_id>/fairness/entropy/",
        api_fairness.EntropyView.as_view(),
        name="api-table-fairness-entropy",
    ),
    path(
        "api/tables/<int:table_id>/fairness/export/",
        api_fairness.RecordView.as_view(),
        name="api-table-fairness-export",
    ),
]
