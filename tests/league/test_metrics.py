"""The metrics (league/metrics.py), scraped over HTTP from the exporter as Prometheus would: after a few moves (some
refused), a sweep, a finished table, a failing table, a lost follow-up and the periodic refresh, every counter and
gauge says what happened. Counters are the process's own since it started (other tests count too): each is read
before and after. Multi-process counting (gunicorn's workers) is tests/config/test_gunicorn_conf.py."""

import json
import random
import re
import urllib.request
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.core.mail import send_mail
from django.db import OperationalError
from django.test import override_settings
from django.utils import timezone
from prometheus_client import REGISTRY
from prometheus_client.parser import text_string_to_metric_families
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games import get_engine
from games.core.conformance import concrete
from league import metrics, tasks
from league.models import OutboxMessage, Table
from league.services.notifications import notification_add
from tests.league.api.test_whole_tables import _unthrottled
from tests.league.factories import rated_table_for, table_for
from tests.league.playing import short_options

pytestmark = pytest.mark.django_db(transaction=True)

GAME = "mini-poker"
Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


@pytest.fixture(scope="module")
def scrape() -> Iterator[Callable[[], Samples]]:
    """GET the exporter (on a free port, as METRICS_PORT would serve it) and parse what it answers."""
    server, thread = metrics.exporter_start(port=0)
    url = f"http://127.0.0.1:{server.server_port}/metrics"

    def read() -> Samples:
        with urllib.request.urlopen(url, timeout=5) as response:
            text = response.read().decode()
        return {
            (sample.name, frozenset(sample.labels.items())): sample.value
            for family in text_string_to_metric_families(text)
            for sample in family.samples
        }

    yield read
    server.shutdown()
    thread.join()


def _value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


def _api(table: Table) -> dict[int, APIClient]:
    clients = {}
    for seat in table.seats.select_related("player__user"):
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=seat.player.user).key}")
        clients[seat.index] = client
    return clients


def _play_out(table: Table, clients: dict[int, APIClient], rng: random.Random) -> int:
    """Random legal moves through the API to the end of the table; how many were accepted."""
    engine, played = get_engine(table.game), 0
    while True:
        table.refresh_from_db()
        if table.status != Table.Status.ACTIVE:
            return played
        seat = rng.choice(engine.to_act(table.state))
        move = concrete(rng.choice(engine.legal_moves(table.state, seat)), rng)
        response = clients[seat].post(
            f"/api/tables/{table.pk}/moves/", {"move": move, "expected_version": table.version}, format="json"
        )
        assert response.status_code == 201, response.content
        played += 1


def test_a_scrape_after_play_finds_every_counter_and_gauge(scrape: Callable[[], Samples]) -> None:
    before = scrape()
    now = timezone.now()

    # given a table played out through the API, with one stale move refused on the way (a finished table: its
    # follow-up task runs in process, as on a worker)
    played = table_for(GAME, options=short_options(GAME))
    clients = _api(played)
    stale = clients[0].post(f"/api/tables/{played.pk}/moves/", {"move": {}, "expected_version": 99}, format="json")
    assert stale.status_code == 409
    with override_settings(REST_FRAMEWORK=_unthrottled()):
        accepted = _play_out(played, clients, random.Random(4))
    # and a table overdue by an hour that the sweep can play, one it cannot (its state is broken: it is marked)
    overdue, broken = (table_for(GAME, options=short_options(GAME)) for _ in range(2))
    Table.objects.filter(pk=broken.pk).update(state={"corrupt": True})
    Table.objects.filter(pk__in=[overdue.pk, broken.pk]).update(deadline=now - timedelta(hours=1))
    # and a rated table that ended ten minutes ago whose follow-up was lost, a message the outbox still holds
    lost = rated_table_for(GAME, options=short_options(GAME))
    Table.objects.filter(pk=lost.pk).update(status=Table.Status.FINISHED, finished_at=now - timedelta(minutes=10))
    waiting = OutboxMessage.objects.create(task="league.tasks.standings_refresh", kwargs={"table_id": lost.pk})
    OutboxMessage.objects.filter(pk=waiting.pk).update(created_at=now - timedelta(minutes=3))

    # when the sweep and the periodic refresh of the gauges run, and the exporter is scraped
    tasks.sweep_overdue_tables.delay()
    # the moves' "your move" rows leave the outbox by their own beat task, every few seconds
    tasks.turn_notify_drain.delay()
    tasks.metrics_refresh.delay()
    after = scrape()

    def delta(name: str, **labels: str) -> float:
        return _value(after, name, **labels) - _value(before, name, **labels)

    route = {"route": "api/tables/<id:table_id>/moves/", "method": "POST"}
    # requests by route and status, with their latency
    assert delta("cardleague_http_requests_total", **route, status="201") == accepted
    assert delta("cardleague_http_requests_total", **route, status="409") == 1
    assert delta("cardleague_http_request_duration_seconds_count", **route) == accepted + 1
    assert delta("cardleague_http_request_duration_seconds_bucket", **route, le="+Inf") == accepted + 1
    assert delta("cardleague_http_request_duration_seconds_sum", **route) > 0
    # moves by game and result, a refusal by its code
    assert delta("cardleague_moves_total", game=GAME, result="accepted", code="") == accepted
    assert delta("cardleague_moves_total", game=GAME, result="refused", code="stale_version") == 1
    # the sweep: its run and duration, the table it played, and the gauges after it
    assert delta("cardleague_sweep_duration_seconds_count") == 1
    assert delta("cardleague_sweep_tables_total") == 1
    assert delta("cardleague_sweep_timeouts_total") >= 1
    assert _value(after, "cardleague_sweep_failing_tables") == 1
    assert _value(after, "cardleague_sweep_overdue_tables") == 1  # the broken one, still waiting
    assert 3600 <= _value(after, "cardleague_sweep_overdue_oldest_seconds") < 3700
    # the outbox and the follow-ups
    assert _value(after, "cardleague_outbox_backlog") == 1
    assert 180 <= _value(after, "cardleague_outbox_oldest_seconds") < 280
    assert _value(after, "cardleague_follow_ups_pending", kind="rating") == 1
    assert 600 <= _value(after, "cardleague_follow_ups_oldest_seconds", kind="rating") < 700
    assert _value(after, "cardleague_follow_ups_pending", kind="bracket") == 0
    # the lost table is also an ended table whose whole follow-up never ran (what the repair task looks for)
    assert _value(after, "cardleague_follow_ups_pending", kind="table") == 1
    assert abs(_value(after, "cardleague_gauges_refreshed_timestamp_seconds") - timezone.now().timestamp()) < 60
    # the tasks: the finished table's follow-up, the sweep, the refresh
    for task in ("standings_refresh", "sweep_overdue_tables", "metrics_refresh"):
        assert delta("cardleague_task_runs_total", task=f"league.tasks.{task}") == 1, task
        assert delta("cardleague_task_duration_seconds_count", task=f"league.tasks.{task}") == 1, task


def test_task_failures_and_retries_are_counted_by_task(
    scrape: Callable[[], Samples], monkeypatch: pytest.MonkeyPatch
) -> None:
    name = "league.tasks.standings_refresh"
    calls: list[int] = []

    def follow_up(*, table_id: int) -> None:
        calls.append(table_id)
        if len(calls) == 1:
            raise OperationalError("the database went away")  # retried (tasks.DATABASE_RETRY)
        if table_id == 13:
            raise RuntimeError("a bug")

    monkeypatch.setattr(tasks, "table_follow_up", follow_up)
    before = scrape()
    # (run in process, the retry runs at once, where a worker would run it after its countdown)
    tasks.standings_refresh.apply(kwargs={"table_id": 12}, throw=False)
    assert tasks.standings_refresh.apply(kwargs={"table_id": 13}, throw=False).state == "FAILURE"
    after = scrape()

    assert calls == [12, 12, 13]
    for metric, expected in (("runs", 3), ("retries", 1), ("failures", 1)):
        counted = _value(after, f"cardleague_task_{metric}_total", task=name)
        assert counted - _value(before, f"cardleague_task_{metric}_total", task=name) == expected, metric


class _RefusingBackend:
    def __init__(self, **kwargs: object) -> None:
        pass

    def send_messages(self, messages: list) -> int:
        raise OSError("the mail server refused")


def test_notifications_and_mails_are_counted_sent_and_failed(scrape: Callable[[], Samples], settings) -> None:
    table = table_for(GAME, options=short_options(GAME))
    player = table.seats.first().player
    before = scrape()
    settings.EMAIL_BACKEND = "league.mail.CountingBackend"
    settings.CARDLEAGUE_EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    send_mail("subject", "body", None, ["a@example.org"])
    settings.CARDLEAGUE_EMAIL_BACKEND = f"{__name__}._RefusingBackend"
    with pytest.raises(OSError):
        send_mail("subject", "body", None, ["a@example.org"])
    assert notification_add(player=player, kind="your_move", key="k-1", now=timezone.now(), table=table)
    assert not notification_add(player=player, kind="your_move", key="k-1", now=timezone.now(), table=table)
    after = scrape()

    def delta(name: str, **labels: str) -> float:
        return _value(after, name, **labels) - _value(before, name, **labels)

    assert (delta("cardleague_mails_total", result="sent"), delta("cardleague_mails_total", result="failed")) == (1, 1)
    assert delta("cardleague_notifications_total", kind="your_move", result="sent") == 1


def _exported() -> dict[str, set[str]]:
    """Each metric family of the service, with the names its samples take in the exposition."""
    suffixes = {"counter": ("_total",), "histogram": ("_bucket", "_count", "_sum"), "gauge": ("",)}
    return {
        family.name: {family.name + suffix for suffix in suffixes[family.type]}
        for family in REGISTRY.collect()
        if family.name.startswith("cardleague_")
    }


def test_every_metric_the_dashboard_and_the_alerts_name_is_exported_and_each_is_on_the_dashboard() -> None:
    docs = Path(settings.BASE_DIR, "docs")
    dashboard = json.loads((docs / "grafana" / "cardleague.json").read_text())
    expressions = [target["expr"] for panel in dashboard["panels"] for target in panel["targets"]]
    alerts = [line for line in (docs / "operations.md").read_text().splitlines() if line.startswith("| **")]
    named = {name for text in [*expressions, *alerts] for name in re.findall(r"cardleague_[a-z_]+", text)}
    exported = _exported()

    assert len(alerts) == 7
    # (a runbook line may name a histogram by its family's name)
    assert named - set().union(set(exported), *exported.values()) == set()
    shown = {name for expression in expressions for name in re.findall(r"cardleague_[a-z_]+", expression)}
    assert [family for family, names in exported.items() if not names & shown] == []
