from django.urls import path

from league import views

urlpatterns = [
    path("", views.home, name="home"),
]
