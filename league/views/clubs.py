"""A club's page (seasons, members, organizers; joining: a request to join, an invitation to answer, and for its
organizers the requests to approve and the invitations to send), the invitation link's page, and the leaderboards,
per game and per club. Joining always takes the player's consent (league.services.clubs)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import GAME_NAMES
from league.caller import player_or_none, player_required
from league.errors import ServiceError
from league.forms.clubs import InviteForm, JoinRequestForm
from league.labels import error_words
from league.links import site_link
from league.models import Club, Membership, Season
from league.replica.scope import replica_reads
from league.selectors.clubs import (
    club_invitations_pending,
    club_join_requests_pending,
    club_members_page,
    club_memberships,
    club_role_of,
    invitation_for,
    invitations_for,
    join_request_pending_of,
)
from league.selectors.my_games import club_directory, club_live_tables
from league.selectors.seasons import leaderboard
from league.services.clubs import (
    invitation_accept,
    invitation_create,
    invitation_decline,
    invitation_revoke,
    join_request_approve,
    join_request_create,
    join_request_decline,
)
from league.views.base import keyset_after, organizer_required


@replica_reads
def club_directory_view(request: HttpRequest) -> HttpResponse:
    """Every club, to find one and ask to join: a club's page is public, and joining takes an organizer's yes."""
    query = request.GET.get("q", "").strip()[:100]
    page = club_directory(query=query, after=keyset_after(request))
    return render(request, "league/clubs.html", {"clubs": page.clubs, "page": page, "query": query})


@replica_reads
def club_detail(
    request: HttpRequest, slug: str, invite_form: InviteForm | None = None, status: int = 200
) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    organizers = club_memberships(club=club).filter(role=Membership.Role.ORGANIZER)
    page = club_members_page(club=club, after=keyset_after(request))
    player = player_or_none(request)
    role = club_role_of(club=club, player=player)
    organizer = role == Membership.Role.ORGANIZER
    context = {
        "club": club,
        "seasons": Season.objects.filter(club=club).order_by("-created_at"),
        "organizers": [m.player for m in organizers],
        "members": [m.player for m in page.memberships],
        "members_page": page,
        "is_organizer": organizer,
        "is_member": role is not None,
        "invitation": next(iter(invitations_for(player=player).filter(club=club)), None) if player else None,
        "join_request": join_request_pending_of(club=club, player=player),
        "join_form": JoinRequestForm(),
        "games": GAME_NAMES,
        "live_tables": club_live_tables(club=club),
    }
    if organizer:
        context.update(
            join_requests=club_join_requests_pending(club=club),
            invitations=[
                (invitation, site_link("invitation", invitation.code))
                for invitation in club_invitations_pending(club=club)
            ],
            invite_form=invite_form or InviteForm(),
        )
    return render(request, "league/club.html", context, status=status)


@login_required
@require_POST
def club_join(request: HttpRequest, slug: str) -> HttpResponse:
    """The player asks to join; an organizer answers on the club page."""
    club = get_object_or_404(Club, slug=slug)
    form = JoinRequestForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(str(e) for errors in form.errors.values() for e in errors))
        return redirect("club", slug=club.slug)
    try:
        join_request_create(club=club, player=player_required(request), message=form.cleaned_data["message"])
    except ServiceError as error:
        messages.error(request, error_words(error))
    else:
        messages.success(request, _("Your request is sent: an organizer of the club will answer it."))
    return redirect("club", slug=club.slug)


@login_required
@require_POST
def club_invite(request: HttpRequest, slug: str) -> HttpResponse:
    """An organizer invites a player by username; the page then shows the invitation's link to send them."""
    club = get_object_or_404(Club, slug=slug)
    by = organizer_required(club, player_or_none(request))
    form = InviteForm(request.POST)
    if form.is_valid():
        try:
            invitation_create(club=club, by=by, player=form.cleaned_data["player"], role=form.cleaned_data["role"])
        except ServiceError as error:
            form.add_error("username", error_words(error))
        else:
            messages.success(request, _("The invitation is made: send its link to the player."))
            return redirect(_back(request), slug=club.slug)
    if _back(request) == "club_members":
        return club_members(request, club.slug, invite_form=form)
    return club_detail(request, club.slug, invite_form=form, status=400)


def _back(request: HttpRequest) -> str:
    """The page an organizer's form came from: the members page says so, the club page does not."""
    return "club_members" if request.POST.get("back") == "members" else "club"


@login_required
def club_members(request: HttpRequest, slug: str, invite_form: InviteForm | None = None) -> HttpResponse:
    """The organizers' page of the club's people: members and their roles, the requests to answer, the invitations
    to send (their links) or revoke. Every change is a POST to a service."""
    club = get_object_or_404(Club, slug=slug)
    organizer_required(club, player_or_none(request))
    page = club_members_page(club=club, after=keyset_after(request))
    organizers = club_memberships(club=club).filter(role=Membership.Role.ORGANIZER)
    context = {
        "club": club,
        # every organizer on every page, then a page of the members
        "memberships": [*organizers, *page.memberships],
        "members_page": page,
        "join_requests": club_join_requests_pending(club=club),
        "invitations": [
            (invitation, site_link("invitation", invitation.code)) for invitation in club_invitations_pending(club=club)
        ],
        "invite_form": invite_form or InviteForm(),
    }
    return render(request, "league/members.html", context, status=400 if invite_form is not None else 200)


@login_required
@require_POST
def club_invitation_revoke(request: HttpRequest, slug: str, invitation_id: int) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    try:
        invitation_revoke(invitation_id=invitation_id, by=player_required(request))
    except ServiceError as error:
        messages.error(request, error_words(error))
    else:
        messages.success(request, _("The invitation is revoked: its link no longer works."))
    return redirect("club_members", slug=club.slug)


@login_required
@require_POST
def join_request_answer(request: HttpRequest, request_id: int, answer: str) -> HttpResponse:
    """An organizer approves or declines a request to join (the service checks who may)."""
    if answer not in ("approve", "decline"):
        raise Http404
    by = player_required(request)
    try:
        if answer == "approve":
            club = join_request_approve(request_id=request_id, by=by).club
            messages.success(request, _("The player has joined the club."))
        else:
            club = join_request_decline(request_id=request_id, by=by).club
            messages.success(request, _("The request is declined."))
    except ServiceError as error:
        messages.error(request, error_words(error))
        return redirect("home")
    return redirect(_back(request), slug=club.slug)


@login_required
def invitation_page(request: HttpRequest, code: str) -> HttpResponse:
    """The invitation link: who invites the player to which club, with Accept and Decline. Someone else's code is a
    404, as a code that does not exist."""
    invitation = invitation_for(code=code, player=player_required(request))
    if invitation is None:
        raise Http404
    return render(request, "league/invitation.html", {"invitation": invitation})


@login_required
@require_POST
def invitation_answer(request: HttpRequest, code: str, answer: str) -> HttpResponse:
    if answer not in ("accept", "decline"):
        raise Http404
    player = player_required(request)
    try:
        if answer == "accept":
            club = invitation_accept(code=code, player=player).club
            messages.success(request, _("Welcome to %(club)s.") % {"club": club.name})
            return redirect("club", slug=club.slug)
        invitation_decline(code=code, player=player)
    except ServiceError as error:
        messages.error(request, error_words(error))
        return redirect("home")
    messages.success(request, _("The invitation is declined."))
    return redirect("home")


@replica_reads
def leaderboard_view(request: HttpRequest, game: str, slug: str | None = None) -> HttpResponse:
    if game not in GAME_NAMES:
        raise Http404
    club = get_object_or_404(Club, slug=slug) if slug else None
    rows = leaderboard(game=game, club=club)
    return render(request, "league/leaderboard.html", {"game": game, "club": club, "rows": rows, "games": GAME_NAMES})
