"""The outbox behind follow_up_enqueue (league/services/follow_up.py): follow-up work commits or rolls back with the
write that asks for it, is published once it commits, and what the broker did not take waits for the drain."""

from datetime import timedelta

import pytest
from django.db import transaction

from league.logs import log_context
from league.models import OutboxMessage
from league.services import follow_up

pytestmark = pytest.mark.django_db(transaction=True)

TASK = "league.tasks.standings_refresh"


@pytest.fixture
def published(monkeypatch: pytest.MonkeyPatch) -> list:
    """What reaches the broker; `published.up = False` makes the broker refuse."""

    class Sent(list):
        up = True
        request_ids: list[str] = []

    sent = Sent()

    def publish(*, task: str, kwargs: dict, connection: object = None, request_id: str = "") -> bool:
        if sent.up:
            sent.append((task, kwargs))
            sent.request_ids.append(request_id)
        return sent.up

    monkeypatch.setattr(follow_up, "follow_up_publish", publish)
    monkeypatch.setattr(follow_up, "DRAIN_GRACE", timedelta(0))
    follow_up.broker_pause_end()
    yield sent
    follow_up.broker_pause_end()


def test_work_asked_for_in_a_transaction_that_rolls_back_is_never_sent(published):
    with pytest.raises(RuntimeError), transaction.atomic():
        follow_up.follow_up_enqueue(task=TASK, table_id=1)
        raise RuntimeError("the move failed")
    assert (published, OutboxMessage.objects.count()) == ([], 0)


def test_committed_work_is_sent_once_and_leaves_the_outbox(published):
    with transaction.atomic():
        follow_up.follow_up_enqueue(task=TASK, table_id=7)
        # nothing is sent before the commit
        assert published == [] and OutboxMessage.objects.count() == 1
    assert (published, OutboxMessage.objects.count()) == ([(TASK, {"table_id": 7})], 0)


def test_work_the_broker_did_not_take_waits_for_the_drain(published):
    # given the broker refuses: the work stays in the outbox
    published.up = False
    with transaction.atomic():
        follow_up.follow_up_enqueue(task=TASK, table_id=3)
    assert OutboxMessage.objects.count() == 1
    assert follow_up.outbox_drain(limit=10) == 0
    assert OutboxMessage.objects.get().attempts == 1
    # when the broker is back, the drain sends it once
    published.up = True
    assert follow_up.outbox_drain(limit=10) == 1
    assert (published, OutboxMessage.objects.count()) == ([(TASK, {"table_id": 3})], 0)
    assert follow_up.outbox_drain(limit=10) == 0


def test_the_drain_sends_work_with_the_request_id_of_the_request_that_wrote_it(published):
    # given work written during a request whose send failed (the broker refused)
    published.up = False
    with log_context(request_id="req-0001-abcd"), transaction.atomic():
        follow_up.follow_up_enqueue(task=TASK, table_id=5)
    assert OutboxMessage.objects.get().request_id == "req-0001-abcd"
    # when the drain sends it later, in a context of its own (beat's task)
    published.up = True
    with log_context(request_id="", task="league.tasks.outbox_drain"):
        assert follow_up.outbox_drain(limit=10) == 1
    # then the task goes with the request's id, not the drain's
    assert (published, published.request_ids) == ([(TASK, {"table_id": 5})], ["req-0001-abcd"])
