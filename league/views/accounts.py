"""Sign-up (a user and its player, through the clubs service) and a player's profile."""

from django.contrib.auth import login
from django.db.models import Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language

from league.errors import ServiceError
from league.forms import SignUpForm, add_service_error
from league.models import Player, RatingEvent, Result
from league.services.clubs import player_create


def signup(request: HttpRequest) -> HttpResponse:
    form = SignUpForm(request.POST or None, initial={"language": get_language()})
    if request.method == "POST" and form.is_valid():
        try:
            player = player_create(
                username=form.cleaned_data["username"],
                password=form.cleaned_data["password1"],
                display_name=form.cleaned_data["display_name"],
                language=form.cleaned_data["language"],
            )
        except ServiceError as error:
            add_service_error(form, error)
        else:
            login(request, player.user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect("profile", player_id=player.pk)
    return render(request, "registration/signup.html", {"form": form}, status=400 if form.errors else 200)


def profile(request: HttpRequest, player_id: int) -> HttpResponse:
    player = get_object_or_404(
        Player.objects.prefetch_related(
            "ratings",
            Prefetch("rating_events", queryset=RatingEvent.objects.order_by("at", "id"), to_attr="history"),
        ),
        pk=player_id,
    )
    results = Result.objects.filter(player=player).select_related("table").order_by("-table__finished_at")[:50]
    charts = {}
    for event in player.history:
        charts.setdefault(event.game, []).append(event)
    return render(
        request,
        "league/profile.html",
        {"profile": player, "ratings": player.ratings.all(), "results": results, "charts": charts},
    )
