"""A list a page at a time (league/api/paging.py): the rows stay the body, and the next page is the `Link` header's
rel="next" with the keyset that reads it, on every page but the last."""

from rest_framework.request import Request
from rest_framework.test import APIRequestFactory

from league.api.paging import page_cut, page_response


def _request(path: str) -> Request:
    return Request(APIRequestFactory().get(path))


def test_a_page_keeps_its_rows_as_the_body_and_links_the_next_page_by_its_keyset() -> None:
    response = page_response(_request("/api/clubs/3/members/"), [{"player_id": 41}, {"player_id": 42}], after=42)
    assert response.data == [{"player_id": 41}, {"player_id": 42}]
    assert response["Link"] == '<http://testserver/api/clubs/3/members/?after=42>; rel="next"'


def test_the_next_page_link_carries_only_the_keyset_not_the_query_of_this_page() -> None:
    response = page_response(_request("/api/clubs/3/tables/?before=90&extra=1"), [], before=57)
    assert response["Link"] == '<http://testserver/api/clubs/3/tables/?before=57>; rel="next"'


def test_the_last_page_has_no_link() -> None:
    response = page_response(_request("/api/seasons/5/standings/?after=200"), [{"rank": 201}], after=None)
    assert response.data == [{"rank": 201}]
    assert "Link" not in response


def test_a_link_keeps_a_filter_beside_the_keyset_and_a_none_in_either_means_the_last_page() -> None:
    path = "/api/tournaments/8/matches/?round=2"
    assert page_response(_request(path), [], round=2, after="W2.3")["Link"] == (
        '<http://testserver/api/tournaments/8/matches/?round=2&after=W2.3>; rel="next"'
    )
    assert "Link" not in page_response(_request(path), [], round=2, after=None)


def test_a_cut_of_rows_read_one_past_the_page_gives_the_page_and_its_last_rows_key() -> None:
    rows = [{"id": 9}, {"id": 7}, {"id": 4}]
    assert page_cut(rows, 2, key=lambda row: row["id"]) == ([{"id": 9}, {"id": 7}], 7)


def test_a_cut_of_no_more_rows_than_the_page_is_the_last_page() -> None:
    assert page_cut([{"id": 9}, {"id": 7}], 2, key=lambda row: row["id"]) == ([{"id": 9}, {"id": 7}], None)
    assert page_cut([], 2, key=lambda row: row["id"]) == ([], None)
