"""The settings of the test suite (pytest's DJANGO_SETTINGS_MODULE): the settings of config/settings.py from the same
environment (DATABASE_URL, CELERY_BROKER_URL, ...), with what the tests need on top.

- A secret key of their own: DEBUG is off in the tests, as in production, and the settings then want one.
- Plain HTTP: no redirect to HTTPS, no secure-only cookies, no HSTS (the test client and the live server speak
  HTTP); tests/config/test_deploy.py checks production's own settings.
- No read replica whatever the environment says (DATABASE_REPLICA_URL): the replica's own tests start one and
  install it (tests/league/replica/conftest.py).
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
# the hour-long bars (accounts made per address, mails, a username from anywhere) would carry one test's attempts
# into the next within a worker process, whose client is always 127.0.0.1: they are lifted here unless the
# environment sets them, and the tests of those bars set the production defaults (league.throttles.DEFAULT_RATES)
_LIFTED = {
    scope: os.environ.get(variable, "10000/hour")
    for scope, variable in {
        "signup_ip": "SIGNUP_IP_RATE",
        "mail_account": "MAIL_ACCOUNT_RATE",
        "mail_recipient": "MAIL_RECIPIENT_RATE",
        "mail_ip": "MAIL_IP_RATE",
        "login_username": "LOGIN_USERNAME_RATE",
    }.items()
}
REST_FRAMEWORK = {
    **REST_FRAMEWORK,  # noqa: F405
    "DEFAULT_THROTTLE_RATES": {**REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], **_LIFTED},  # type: ignore[dict-item]  # noqa: F405
}
# the suite needs no replica, whatever the environment says: the replica's own tests start one and install the
# alias, the router and the middleware themselves (tests/league/replica/conftest.py)
DATABASES.pop("replica", None)  # noqa: F405
DATABASE_ROUTERS = []
MIDDLEWARE = [name for name in MIDDLEWARE if name != "league.replica.sticky.ReplicaStickyMiddleware"]  # noqa: F405
