"""Seasons through the API (league/api/views/seasons.py): organizers create, open, register, start, run rounds,
rule on tables; everyone reads seasons, entrants, rounds, standings and leaderboards."""

import pytest

from league.models import Entrant, Round, Season, Table, TableRuling
from league.selectors import seasons as season_selectors
from league.services.seasons import SeasonSpec, entrant_register, season_create, season_open_registration
from tests.league.api.helpers import error, pages_followed
from tests.league.factories import MembershipFactory, PlayerFactory

pytestmark = pytest.mark.django_db

GAME = "palace-infighting"


@pytest.fixture
def members(club):
    return [MembershipFactory(club=club).player for _ in range(4)]


def _create(client, club, **extra) -> dict:
    response = client.post(f"/api/clubs/{club.pk}/seasons/", {"game": GAME, "name": "Winter", **extra}, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def _running(client, club, members) -> dict:
    season = _create(client, club)
    client.post(f"/api/seasons/{season['id']}/open/")
    for player in members:
        client.post(f"/api/seasons/{season['id']}/entrants/", {"player_id": player.pk}, format="json")
    response = client.post(f"/api/seasons/{season['id']}/start/")
    assert response.status_code == 200, response.json()
    return response.json()


def test_organizer_creates_a_season_in_draft(client_for, club, organizer) -> None:
    body = _create(client_for(organizer), club, format="round_robin", time_per_move=3600)

    season = Season.objects.get(pk=body["id"])
    assert (season.status, season.game, season.time_per_move) == ("draft", GAME, 3600)
    assert (body["status"], body["club"]["id"], body["name"]) == ("draft", club.pk, "Winter")
    assert "seed" not in body


def test_a_member_cannot_create_a_season(client_for, club, members) -> None:
    response = client_for(members[0]).post(
        f"/api/clubs/{club.pk}/seasons/", {"game": GAME, "name": "Winter"}, format="json"
    )

    assert response.status_code == 403
    assert response.json() == error("permission_denied", None, "Only an organizer of the club may do this.")
    assert not Season.objects.exists()


def test_bad_season_settings_name_the_field(client_for, club, organizer) -> None:
    response = client_for(organizer).post(
        f"/api/clubs/{club.pk}/seasons/", {"game": GAME, "name": "W", "partners": "fixed"}, format="json"
    )

    assert response.status_code == 400
    assert response.json() == error("invalid", "partners", "Palace Infighting has no partnerships.")


def test_registration_and_start_open_the_first_round(client_for, club, organizer, members) -> None:
    client = client_for(organizer)

    season = _running(client, club, members)

    assert season["status"] == "running"
    entrants = client.get(f"/api/seasons/{season['id']}/entrants/").json()
    assert sorted(e["player_id"] for e in entrants) == sorted(p.pk for p in members)
    rounds = client.get(f"/api/seasons/{season['id']}/rounds/").json()
    assert [(r["number"], r["status"]) for r in rounds][:1] == [(1, "running")]
    seated = sorted(p["id"] for t in rounds[0]["tables"] for p in t["seats"])
    assert seated == sorted(p.pk for p in members)
    assert len(rounds[0]["tables"]) == 2


def test_standings_list_every_entrant(client_for, club, organizer, members) -> None:
    client = client_for(organizer)
    season = _running(client, club, members)

    rows = client.get(f"/api/seasons/{season['id']}/standings/").json()

    assert sorted(r["rank"] for r in rows) == [1, 2, 3, 4]
    entrants = Entrant.objects.filter(competition_id=season["id"]).values_list("pk", flat=True)
    assert {r["entrant_id"] for r in rows} == set(entrants)
    assert all(r["played"] == 0 for r in rows)


def test_a_member_cannot_manage_a_season(client_for, club, organizer, members) -> None:
    season = _create(client_for(organizer), club)
    member = client_for(members[0])

    opened = member.post(f"/api/seasons/{season['id']}/open/")
    registered = member.post(f"/api/seasons/{season['id']}/entrants/", {"player_id": members[0].pk}, format="json")

    assert (opened.status_code, registered.status_code) == (403, 403)
    assert Season.objects.get(pk=season["id"]).status == "draft"


def test_starting_a_draft_is_a_409_wrong_status(client_for, club, organizer) -> None:
    season = _create(client_for(organizer), club)

    response = client_for(organizer).post(f"/api/seasons/{season['id']}/start/")

    assert response.status_code == 409
    assert response.json() == error("wrong_status", "status", "The season is draft; this needs it registration.")


def test_next_round_while_one_runs_is_409(client_for, club, organizer, members) -> None:
    client = client_for(organizer)
    season = _running(client, club, members)

    response = client.post(f"/api/seasons/{season['id']}/rounds/")

    assert response.status_code == 409
    assert response.json() == error("round_running", None, "The current round is still running.")


def test_annulling_a_season_table_records_a_ruling(client_for, club, organizer, members) -> None:
    client = client_for(organizer)
    season = _running(client, club, members)
    table = Table.objects.filter(round__season_id=season["id"]).first()

    response = client.post(f"/api/tables/{table.pk}/annul/", {"reason": "misdeal"}, format="json")

    assert response.status_code == 200
    assert response.json()["status"] == "annulled"
    assert TableRuling.objects.get(table=table).kind == "annulled"


def test_forfeit_awards_the_table(client_for, club, organizer, members) -> None:
    client = client_for(organizer)
    season = _running(client, club, members)
    table = Table.objects.filter(round__season_id=season["id"]).first()
    loser = Entrant.objects.get(competition_id=season["id"], player=table.seats.get(index=0).player)

    response = client.post(f"/api/tables/{table.pk}/forfeit/", {"entrants": [loser.pk]}, format="json")

    assert response.status_code == 200
    assert (response.json()["kind"], response.json()["forfeiting"]) == ("forfeit", [loser.pk])


def test_withdrawing_an_entrant(client_for, club, organizer, members) -> None:
    client = client_for(organizer)
    season = _running(client, club, members)
    entrant = Entrant.objects.filter(competition_id=season["id"]).first()

    response = client.post(f"/api/seasons/{season['id']}/entrants/{entrant.pk}/withdraw/", {}, format="json")

    assert response.status_code == 200
    assert response.json()["withdrawn"] is True


def test_season_detail_and_list(anon, client_for, club, organizer) -> None:
    season = _create(client_for(organizer), club)

    assert anon.get(f"/api/seasons/{season['id']}/").json()["name"] == "Winter"
    assert [s["id"] for s in anon.get(f"/api/clubs/{club.pk}/seasons/").json()] == [season["id"]]
    assert anon.get("/api/seasons/987654/").json() == error("not_found", "season_id", "No such season.")


def test_finish_is_for_organizers(client_for, club, organizer, members) -> None:
    season = _create(client_for(organizer), club)

    response = client_for(members[0]).post(f"/api/seasons/{season['id']}/finish/")

    assert response.status_code == 403
    assert response.json() == error("not_organizer", None, "Only an organizer of this club may do this.")


def test_leaderboard_of_a_game(anon) -> None:
    response = anon.get(f"/api/leaderboards/{GAME}/")

    assert (response.status_code, response.json()) == (200, [])


def test_leaderboard_of_an_unknown_game_is_404(anon) -> None:
    assert anon.get("/api/leaderboards/chess/").json() == error("not_found", "game", "No such game: 'chess'.")


def test_leaderboard_of_an_unknown_club_is_404(anon) -> None:
    response = anon.get(f"/api/leaderboards/{GAME}/", {"club": "99999"})

    assert (response.status_code, response.json()) == (404, error("not_found", "club", "No such club."))


def test_leaderboard_limit_is_checked(anon) -> None:
    assert anon.get(f"/api/leaderboards/{GAME}/", {"limit": "0"}).json() == error(
        "invalid", "limit", "A whole number from 1 to 1000."
    )


def test_rounds_of_a_season_not_started_are_empty(anon, client_for, club, organizer) -> None:
    season = _create(client_for(organizer), club)

    assert anon.get(f"/api/seasons/{season['id']}/rounds/").json() == []
    assert not Round.objects.exists()


# --- finding 11: dates in order, a points table's fault named ---------------------------------------------------------


def test_a_season_that_ends_before_it_starts_is_refused(client_for, club, organizer) -> None:
    response = client_for(organizer).post(
        f"/api/clubs/{club.pk}/seasons/",
        {"game": GAME, "name": "Backwards", "starts_on": "2026-06-01", "ends_on": "2026-05-01"},
        format="json",
    )

    assert response.status_code == 400
    assert response.json()["error"]["code"] == "ends_before_start"
    assert response.json()["error"]["field"] == "ends_on"


@pytest.mark.parametrize(
    ("points", "says"),
    [
        ({"place": {"2": [3, 0]}}, 'no "place"'),
        ({"draw": 1}, 'needs "places"'),
        ({"places": {"x": [3, 0]}}, 'not "x"'),
        ({"places": {"2": [3]}}, "lists 2 numbers"),
        ({"places": {"2": ["a", 0]}}, "lists numbers"),
        ({"places": {"2": [3, 0]}, "bye": "x"}, '"bye" is a number'),
    ],
)
def test_a_bad_points_table_gets_a_message_naming_what_is_wrong(client_for, club, organizer, points, says) -> None:
    response = client_for(organizer).post(
        f"/api/clubs/{club.pk}/seasons/", {"game": GAME, "name": "Odd points", "points_table": points}, format="json"
    )

    assert response.status_code == 400
    error = response.json()["error"]
    assert (error["field"], error["code"]) == ("points_table", "bad_points_table")
    assert says in error["message"] and error["message"] != "'places'"


def test_the_schema_knows_a_seeding_table(anon) -> None:
    schema = anon.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    status = schema["components"]["schemas"]["TableView"]["properties"]["status"]

    assert "seeding" in status["pattern"]


def _registered(club, organizer, count: int, *, name: str = "Open") -> Season:
    """A season open for registration with `count` members of the club entered."""
    season = season_create(club=club, by=organizer, spec=SeasonSpec(game=GAME, name=name))
    season_open_registration(season=season, by=organizer)
    for player in PlayerFactory.create_batch(count):
        MembershipFactory(club=club, player=player)
        entrant_register(season=season, by=organizer, player=player)
    return season


def test_the_entrants_come_a_page_at_a_time_in_seed_order_each_once(anon, club, organizer, monkeypatch) -> None:
    # given: 7 entrants, two of them sharing a seed rank, and pages of 3
    season = _registered(club, organizer, 7)
    Entrant.objects.filter(competition=season).update(seed=5)
    Entrant.objects.filter(pk=Entrant.objects.filter(competition=season).order_by("-pk")[0].pk).update(seed=1)
    whole = list(Entrant.objects.filter(competition=season).order_by("seed", "id").values_list("pk", flat=True))
    monkeypatch.setattr(season_selectors, "ENTRANTS_PAGE", 3)
    # when: a client follows the Link headers
    pages = pages_followed(anon, f"/api/seasons/{season.pk}/entrants/")
    # then: three pages, the whole list in seed order, ties by id
    assert (len(pages), [e["id"] for page in pages for e in page]) == (3, whole)


@pytest.mark.parametrize("after", ["x", "0", "1e3", "99999999999999999999"])
def test_a_bad_after_on_the_entrants_is_400_on_after(anon, club, organizer, after) -> None:
    season = _registered(club, organizer, 1)

    response = anon.get(f"/api/seasons/{season.pk}/entrants/?after={after}")

    assert response.status_code == 400
    assert (response.json()["error"]["code"], response.json()["error"]["field"]) == ("invalid", "after")


def test_an_after_that_is_another_seasons_entrant_is_400_on_after(anon, club, organizer) -> None:
    season, other = _registered(club, organizer, 1), _registered(club, organizer, 1, name="Other")
    stranger = Entrant.objects.get(competition=other)

    response = anon.get(f"/api/seasons/{season.pk}/entrants/?after={stranger.pk}")

    assert response.status_code == 400 and response.json()["error"]["field"] == "after"


def test_the_entrants_of_an_unknown_season_are_a_404(anon) -> None:
    assert anon.get("/api/seasons/987654/entrants/").status_code == 404


def test_the_rounds_list_an_odd_fields_bye_and_its_tables_seats_in_seat_order(client_for, club, organizer, members):
    # given: five entrants, so that one sits the first round out
    client = client_for(organizer)
    season = _running(client, club, [*members, MembershipFactory(club=club).player])
    # when
    [first] = client.get(f"/api/seasons/{season['id']}/rounds/").json()
    # then: the bye's entrant, and each table's seats as its Seat rows say, with the club named
    round_ = Round.objects.get(season_id=season["id"], number=1)
    assert first["byes"] == [bye.entrant_id for bye in round_.byes.all()] and len(first["byes"]) == 1
    for table in first["tables"]:
        seats = Table.objects.get(pk=table["id"]).seats.order_by("index")
        assert [p["id"] for p in table["seats"]] == [seat.player_id for seat in seats]
        assert table["club"] == {"id": club.pk, "name": club.name, "slug": club.slug}
