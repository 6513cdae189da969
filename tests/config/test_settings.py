"""config/settings.py: what the environment chooses (read in a fresh interpreter, as a server process would)."""

import json
import os
import subprocess
import sys

from django.conf import settings

READ = (
    "import json, config.settings as s; "
    "print(json.dumps([s.CACHES['default']['BACKEND'], s.CACHES['default'].get('LOCATION'), "
    "s.REST_FRAMEWORK['NUM_PROXIES']]))"
)


def _settings_with(**env: str) -> list:
    clean = {k: v for k, v in os.environ.items() if k not in ("CACHE_URL", "NUM_PROXIES")}
    out = subprocess.run(
        [sys.executable, "-c", READ], env={**clean, **env}, cwd=settings.BASE_DIR, capture_output=True, text=True,
        check=True,
    )
    return json.loads(out.stdout)


def test_a_cache_url_gives_a_shared_redis_cache_and_num_proxies_is_read() -> None:
    assert _settings_with(CACHE_URL="redis://127.0.0.1:6379/2", NUM_PROXIES="1") == [
        "django.core.cache.backends.redis.RedisCache", "redis://127.0.0.1:6379/2", 1,
    ]


def test_without_them_each_process_counts_on_its_own_and_no_proxy_is_trusted() -> None:
    assert _settings_with() == ["django.core.cache.backends.locmem.LocMemCache", None, None]
