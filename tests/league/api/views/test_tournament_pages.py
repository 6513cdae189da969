"""A tournament through the API a part at a time (league/api/views/tournaments.py,
league/selectors/tournament_pages.py): the detail says what a reader needs first, the matches come a round and a page
at a time, the entrants a page at a time in standing order, each followed by its Link header; a small tournament
still carries its bracket whole."""

import pytest

from league.api.views import tournaments as tournament_views
from league.models import Entrant, Tournament
from league.selectors import tournament_pages
from league.services.tournaments import TournamentSpec, tournament_create, tournament_register, tournament_start
from tests.league.api.helpers import pages_followed
from tests.league.factories import state_of
from tests.league.seasons.support import club_with_members

pytestmark = pytest.mark.django_db

GAME = "palace-infighting"


def _started(size: int, fmt: str = Tournament.Format.SINGLE_ELIM, game: str = GAME, **options) -> Tournament:
    club, organizer, members = club_with_members(size)
    spec = TournamentSpec(name=f"Cup of {size}", game=game, format=fmt, seeding=Tournament.Seeding.ENTERED, **options)
    tournament = tournament_create(club=club, by=organizer, spec=spec)
    for member in members:
        tournament_register(tournament=tournament, player=member)
    return tournament_start(tournament=tournament, by=organizer)


def test_a_large_tournaments_detail_leaves_its_bracket_out_and_links_its_lists(client_for, monkeypatch):
    # given: a bracket of 8 above a (lowered) limit of 4 inline, one of its players reading
    monkeypatch.setattr(tournament_views, "BRACKET_INLINE", 4)
    tournament = _started(8)
    entry = Entrant.objects.get(competition=tournament, seed=3)
    # when
    body = client_for(entry.player).get(f"/api/tournaments/{tournament.pk}/").json()
    # then: no bracket, entrants nor tables; their count, the round under way, the reader's entry and match, links
    assert (body["bracket"], body["entrants"], body["tables"]) == (None, None, None)
    assert (body["entrants_count"], body["current_round"]) == (8, 1)
    assert (body["your_entry"]["id"], body["your_entry"]["seed"]) == (entry.pk, 3)
    own = next(m["id"] for m in state_of(tournament)["matches"] if entry.pk in m["entrants"])  # its first round's
    assert body["your_match"]["id"] == own and entry.pk in body["your_match"]["entrants"]
    assert body["your_match"]["names"][body["your_match"]["entrants"].index(entry.pk)] == entry.player.display_name
    base = f"http://testserver/api/tournaments/{tournament.pk}"
    assert body["links"] == {"entrants": f"{base}/entrants/", "matches": f"{base}/matches/"}


def test_a_small_tournaments_detail_still_carries_its_bracket_entrants_and_tables(anon):
    tournament = _started(4)

    body = anon.get(f"/api/tournaments/{tournament.pk}/").json()

    assert body["bracket"]["matches"][0]["id"] == "W1.1" and len(body["entrants"]) == 4
    assert [t["match"] for t in body["tables"]] == ["W1.1", "W1.2"]
    assert (body["your_entry"], body["your_match"], body["current_round"]) == (None, None, 1)


def test_the_matches_of_a_round_come_a_page_at_a_time_in_the_brackets_order(anon, monkeypatch):
    # given: a bracket of 16 (8 first-round matches), pages of 3
    tournament = _started(16)
    monkeypatch.setattr(tournament_pages, "MATCHES_PAGE", 3)
    # when: the first round's pages are followed
    pages = pages_followed(anon, f"/api/tournaments/{tournament.pk}/matches/?round=1")
    # then: 3 + 3 + 2 matches, W1.1 to W1.8, each in play at its table, with its entrants' names
    assert [len(page) for page in pages] == [3, 3, 2]
    matches = [m for page in pages for m in page]
    assert [m["id"] for m in matches] == [f"W1.{n}" for n in range(1, 9)]
    names = dict(Entrant.objects.filter(competition=tournament).values_list("id", "player__display_name"))
    first = matches[0]
    assert (first["kind"], first["bracket"], first["round"], first["number"]) == ("bracket", "W", 1, 1)
    assert first["names"] == [names[e] for e in first["entrants"]]
    assert first["in_play"] and first["score"] == [0, 0] and len(first["tables"]) == 1


def test_every_match_comes_once_without_a_round(anon, monkeypatch):
    tournament = _started(8)
    monkeypatch.setattr(tournament_pages, "MATCHES_PAGE", 4)

    pages = pages_followed(anon, f"/api/tournaments/{tournament.pk}/matches/")

    assert [m["id"] for page in pages for m in page] == [m["id"] for m in state_of(tournament)["matches"]]


@pytest.mark.parametrize(
    ("fmt", "game", "options"),
    [
        (Tournament.Format.DOUBLE_ELIM, GAME, {}),
        (Tournament.Format.TWO_STAGE, GAME, {"groups": 2, "stage_top": 1}),
        (Tournament.Format.MULTI_ELIM, "the-court", {}),
    ],
)
def test_postgresql_and_python_list_the_same_matches_in_every_format(client_for, monkeypatch, fmt, game, options):
    # given: a started tournament of each shape of state (bracket, groups, multiplayer tables), read by an entrant
    tournament = _started(8, fmt, game, **options)
    client = client_for(Entrant.objects.filter(competition=tournament).order_by("pk").last().player)
    base = f"/api/tournaments/{tournament.pk}/"

    def read() -> tuple:
        detail = client.get(base).json()
        every, first = client.get(f"{base}matches/").json(), client.get(f"{base}matches/?round=1")
        return every, first.status_code, first.json(), detail["current_round"], detail["your_match"]

    # when: the lists are read as PostgreSQL picks them out of the state, then as Python reads the state whole
    in_sql = read()
    monkeypatch.setattr(tournament_pages, "_in_sql", lambda: False)
    in_python = read()
    # then: the same matches, of round 1 too (none in a group stage: 404), the same round under way and own match
    assert in_sql == in_python
    assert in_sql[0] and {m["kind"] for m in in_sql[0]} <= {"bracket", "group", "table"}
    assert in_sql[4] is not None


def test_a_decided_match_shows_how_and_its_winner(client_for, monkeypatch):
    tournament = _started(4)
    organizer = tournament.club.memberships.get(role="organizer").player
    loser = Entrant.objects.get(competition=tournament, seed=1)
    ruling = {"match": "W1.1", "player_id": loser.player_id, "reason": "absent"}
    ruled = client_for(organizer).post(f"/api/tournaments/{tournament.pk}/forfeit/", ruling, format="json")
    assert ruled.status_code == 200

    match = client_for(organizer).get(f"/api/tournaments/{tournament.pk}/matches/?round=1").json()[0]

    winner = next(e for e in match["entrants"] if e != loser.pk)
    assert (match["id"], match["decided"], match["winner"], match["in_play"]) == ("W1.1", "forfeit", winner, False)
    assert match["note"] == f"{loser.pk}: absent"


@pytest.mark.parametrize("round_", ["x", "0", "-1", "1.5", "99999"])
def test_a_bad_round_is_400_on_round(anon, round_):
    tournament = _started(4)

    response = anon.get(f"/api/tournaments/{tournament.pk}/matches/?round={round_}")

    assert response.status_code == 400
    assert (response.json()["error"]["code"], response.json()["error"]["field"]) == ("invalid", "round")


def test_a_round_without_a_match_is_404_on_round(anon):
    tournament = _started(4)

    response = anon.get(f"/api/tournaments/{tournament.pk}/matches/?round=7")

    assert response.status_code == 404
    assert (response.json()["error"]["code"], response.json()["error"]["field"]) == ("not_found", "round")


@pytest.mark.parametrize("after", ["w1.1", "W1.1;", "W1." + "1" * 9, "W" + "1" * 5000, "", "W1.9", "W2.1&round=1"])
def test_a_bad_after_on_the_matches_is_400_on_after(anon, after):
    # a malformed id, or one that is no match of the list asked for (W2.1 is not in round 1)
    tournament = _started(4)

    response = anon.get(f"/api/tournaments/{tournament.pk}/matches/", {"round": 1, "after": after})

    assert response.status_code == 400
    assert (response.json()["error"]["code"], response.json()["error"]["field"]) == ("invalid", "after")


@pytest.mark.parametrize("path", ["", "matches/", "entrants/"])
def test_an_unknown_tournament_is_a_404_on_each_of_its_lists(anon, path):
    response = anon.get(f"/api/tournaments/987654/{path}")

    assert response.status_code == 404 and response.json()["error"]["code"] == "not_found"


def test_the_entrants_come_a_page_at_a_time_in_standing_order(anon, client_for, monkeypatch):
    # given: a bracket of 4 whose first match is ruled (its loser placed), pages of 3
    tournament = _started(4, third_place=False)
    organizer = tournament.club.memberships.get(role="organizer").player
    loser = Entrant.objects.get(competition=tournament, seed=1)
    ruling = {"match": "W1.1", "player_id": loser.player_id}
    client_for(organizer).post(f"/api/tournaments/{tournament.pk}/forfeit/", ruling, format="json")
    monkeypatch.setattr(tournament_pages, "ENTRANTS_PAGE", 3)
    # when
    pages = pages_followed(anon, f"/api/tournaments/{tournament.pk}/entrants/")
    # then: the detail's order (the placed loser first, then those still in by seed), each once
    whole = anon.get(f"/api/tournaments/{tournament.pk}/").json()["entrants"]
    assert [len(page) for page in pages] == [3, 1]
    assert [e["id"] for page in pages for e in page] == [e["id"] for e in whole]
    assert pages[0][0]["id"] == loser.pk and pages[0][0]["place"] is not None


@pytest.mark.parametrize("after", ["x", "0", "99999999999999999999"])
def test_a_bad_after_on_the_entrants_is_400_on_after(anon, after):
    tournament = _started(4)

    response = anon.get(f"/api/tournaments/{tournament.pk}/entrants/?after={after}")

    assert response.status_code == 400 and response.json()["error"]["field"] == "after"


def test_an_after_that_is_another_tournaments_entrant_is_400_on_after(anon):
    tournament, other = _started(4), _started(4)
    stranger = Entrant.objects.filter(competition=other).first()

    response = anon.get(f"/api/tournaments/{tournament.pk}/entrants/?after={stranger.pk}")

    assert response.status_code == 400 and response.json()["error"]["field"] == "after"


def test_the_python_sequence_dresses_a_multiplayer_table_as_a_match():
    state = {"rounds": [{"number": 2, "final": True, "byes": [], "tables": [{"number": 1, "seats": [4, 7, 9]}]}]}

    [match] = tournament_pages.matches_in_order(state)

    assert (match["id"], match["round"], match["entrants"], match["final"]) == ("R2.1", 2, [4, 7, 9], True)
