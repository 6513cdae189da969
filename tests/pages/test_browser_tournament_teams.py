"""A Coinche tournament team against team in headless Chromium (issue 22: "Coinche team against team"): the
organizer enters a team from the page's form (the other teams through the service), starts it, a semifinal is
played through the move pipeline by random legal moves, the organizer rules the other semifinal forfeited from the
page's form, and the bracket names each team "Alice & Bob".

Screenshots (phone and desktop, English and Korean) go to artifacts/screenshots/tournament-teams/
(TEAM_SCREENSHOTS=docs/screenshots/tournament-teams to renew a committed set).
"""

import random

import pytest

from league.models import Entrant, Table, Tournament
from league.services.clubs import club_create
from league.services.tournaments import TournamentSpec, tournament_create, tournament_register
from tests.league.factories import MembershipFactory, PlayerFactory, state_of
from tests.league.playing import play_moves
from tests.pages.screens import player_context, shoot, shots_dir

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
]

NAMES = ["Alice", "Bob", "Chloé", "Dae", "Eun", "Farid", "Gil", "Hana"]


def test_t_d2_t_d4_a_coinche_team_bracket_runs_from_the_pages(live_server, browser):
    shots = shots_dir("TEAM_SCREENSHOTS", "tournament-teams")
    organizer = PlayerFactory(display_name="Olivia")
    club = club_create(name="Lyon Belote Club", organizer=organizer)
    m = [MembershipFactory(club=club, player=PlayerFactory(display_name=name)).player for name in NAMES]
    spec = TournamentSpec(
        name="Coinche Cup", game="coinche", format="single_elim", seeding="entered", options={"target_score": 300}
    )
    tournament = tournament_create(club=club, by=organizer, spec=spec)

    # the organizer enters the first team from the page's form; the other three through the service
    context = player_context(browser, live_server, organizer, viewport="desktop")
    page = context.new_page()
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/")
    page.select_option("form[aria-labelledby=enter-team] select[name=player]", str(m[0].pk))
    page.select_option("form[aria-labelledby=enter-team] select[name=partner]", str(m[1].pk))
    page.click("form[aria-labelledby=enter-team] button[type=submit]")
    page.wait_for_selector("table.standings td:has-text('Alice')")
    # the team's cell: its name, then the organizer's Remove button
    team_cell = page.locator("table.standings tbody tr").first.inner_text().split("\t")[2]
    assert team_cell.splitlines()[0].strip() == "Alice & Bob"
    for i in (2, 4, 6):
        tournament_register(tournament=tournament, player=m[i], partner=m[i + 1], by=organizer)

    # the organizer starts it: two semifinals, each a table of four with partners opposite
    page.click("button:has-text('Start the tournament')")
    page.wait_for_selector("svg.bracket")
    assert page.locator("svg.bracket g.m.live").count() == 2
    assert "Alice & Bob" in page.locator("svg.bracket").text_content()
    tables = list(Table.objects.filter(tournament_link__tournament=tournament).order_by("id"))
    assert [t.players for t in tables] == [4, 4]

    # one semifinal is played to its end; the organizer rules the other forfeited from the page
    play_moves(tables[0], random.Random(22))
    page.reload()
    other = Entrant.objects.get(competition=tournament, player=m[2])
    match = next(x for x in state_of(Tournament.objects.get())["matches"] if other.pk in x["entrants"])
    page.select_option("form[aria-labelledby=forfeit] select[name=forfeit]", f"{match['id']}:{m[2].pk}")
    page.fill("form[aria-labelledby=forfeit] input[name=reason]", "no show")
    page.click("form[aria-labelledby=forfeit] button[type=submit]")
    page.wait_for_selector("svg.bracket g.m.live")
    tables[1].refresh_from_db()
    assert tables[1].status == Table.Status.ANNULLED
    # the final is in play: the semifinals' winners
    assert Table.objects.filter(tournament_link__tournament=tournament, status=Table.Status.ACTIVE).count() == 1
    context.close()
    shoot(browser, live_server, organizer, f"/tournaments/{tournament.pk}/", "coinche-final", shots=shots)
    assert any(shots.glob("coinche-final-phone-en.*"))  # a PNG under docs/, a JPEG elsewhere (screens.capture)
