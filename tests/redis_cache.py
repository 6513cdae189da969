"""The Redis that a test may use as Django's cache, as CACHE_URL makes it in production: the run's own broker's
(CELERY_BROKER_URL=redis://..., as `make test` and CI set it), or None where the run has none."""

import os


def redis_url() -> str | None:
    broker = os.environ.get("CELERY_BROKER_URL", "")
    return broker if broker.startswith("redis://") else None


SKIP_WITHOUT_REDIS = {
    "condition": redis_url() is None,
    "reason": "needs Redis (CELERY_BROKER_URL=redis://...); run by `make test`",
}
