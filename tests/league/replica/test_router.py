"""league/replica/router.py: a read goes to the replica only inside a read page's scope and outside a transaction on
the primary; writes and migrations are the primary's (no replica needed: the scope is opened by hand)."""

import pytest
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.test import RequestFactory

from league.models import Club
from league.replica import scope
from league.replica.router import ReplicaRouter
from league.replica.scope import replica_reads

router = ReplicaRouter()


@pytest.mark.django_db(transaction=True)
def test_a_read_page_reads_the_replica_but_not_inside_a_transaction_on_the_primary(monkeypatch) -> None:
    # given: a read page that may read the replica now
    monkeypatch.setattr(scope, "replica_wanted", lambda request: True)
    seen = {}

    @replica_reads
    def page(request: HttpRequest) -> HttpResponse:
        seen["read"] = router.db_for_read(Club)
        seen["write"] = router.db_for_write(Club)
        with transaction.atomic():
            seen["read in a transaction"] = router.db_for_read(Club)
        return HttpResponse()

    # when: it runs, and a read is made after it
    page(RequestFactory().get("/"))
    # then: its reads went to the replica, but a write and a read within a write's transaction to the primary
    assert seen == {"read": "replica", "write": "default", "read in a transaction": "default"}
    assert router.db_for_read(Club) == "default"


def test_outside_a_read_page_every_read_is_the_primarys() -> None:
    assert router.db_for_read(Club) == "default"


def test_only_the_primary_is_migrated() -> None:
    assert router.allow_migrate("default", "league")
    assert not router.allow_migrate("replica", "league")
