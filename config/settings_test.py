"""The settings of the test suite (pytest's DJANGO_SETTINGS_MODULE): the settings of config/settings.py from the same
environment (DATABASE_URL, CELERY_BROKER_URL, ...), with what the tests need on top.

- A secret key of their own: DEBUG is off in the tests, as in production, and the settings then want one.
- Plain HTTP: no redirect to HTTPS, no secure-only cookies, no HSTS (the test client and the live server speak
  HTTP); tests/config/test_deploy.py checks production's own settings.
- Tasks run in the test process (on-commit work such as standings happens as in production, with no worker), unless
  CELERY_TASK_ALWAYS_EAGER=0 says otherwise: the worker that tests/league/test_tasks.py starts runs on these settings
  with it off.
"""

import os

os.environ.setdefault("SECRET_KEY", "test-only-insecure-key")

from config.settings import *  # noqa: F403
from config.settings import _flag

CELERY_TASK_ALWAYS_EAGER = _flag("CELERY_TASK_ALWAYS_EAGER", True)
# the test client speaks plain HTTP: production's redirect to HTTPS and its secure-only cookies are tested on
# config.settings itself (tests/config/test_deploy.py)
SECURE_SSL_REDIRECT = SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = False
SECURE_HSTS_SECONDS = 0
# fast password hashing: the tests make hundreds of users
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
