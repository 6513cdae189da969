"""Settings from the environment; with nothing set, the embedded default (SQLite + filesystem broker) for a first run.

Every variable is listed, with what it does and its default, in docs/deploy.md. DEBUG is off unless set (`make run`
sets it); with DEBUG off, SECRET_KEY must be set, and the site is served as a production one by default: HTTPS only
(redirect, HSTS, secure cookies), so that `manage.py check --deploy` is clean. The tests run on
`config.settings_test`.
"""

import os
from pathlib import Path

import dj_database_url

from config.sentry import sentry_start

BASE_DIR = Path(__file__).resolve().parent.parent
DATA_DIR = Path(os.environ.get("DATA_DIR", BASE_DIR / "data"))


def _flag(name: str, default: bool) -> bool:
    return os.environ.get(name, str(default)).strip().lower() in {"1", "true", "yes", "on"}


DEBUG = _flag("DEBUG", False)
SECRET_KEY = os.environ.get("SECRET_KEY", "dev-only-insecure-key-change-me" if DEBUG else "")
if not SECRET_KEY:
    raise RuntimeError("SECRET_KEY must be set when DEBUG is off")
ALLOWED_HOSTS = [h.strip() for h in os.environ.get("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver").split(",")]
# where the site is, for every link that leaves it (mails, push, the calendar, invitations; league/links.py): never
# taken from a request's Host header; `make run` sets it to the address it serves, a check warns when its host is not
# in ALLOWED_HOSTS
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")
# Web Push (league/services/push.py): the site's VAPID key pair (base64url, raw P-256 keys; `manage.py vapid_keys`
# makes one, `make run` does for the demo), the contact the push services may write to, and the push services a
# browser's subscription may point at (`scheme://host` patterns: the server posts to that address)
VAPID_PUBLIC_KEY = os.environ.get("VAPID_PUBLIC_KEY", "")
VAPID_PRIVATE_KEY = os.environ.get("VAPID_PRIVATE_KEY", "")
VAPID_SUBJECT = os.environ.get("VAPID_SUBJECT", "mailto:noreply@localhost")
PUSH_SERVICES = [
    p.strip()
    for p in os.environ.get(
        "PUSH_SERVICES",
        "https://fcm.googleapis.com,https://updates.push.services.mozilla.com,https://*.push.apple.com,"
        "https://*.notify.windows.com",
    ).split(",")
    if p.strip()
]

# --- HTTPS: on by default in production (DEBUG off), each switch from the environment (docs/deploy.md) ----------------
SECURE_SSL_REDIRECT = _flag("SECURE_SSL_REDIRECT", not DEBUG)
SESSION_COOKIE_SECURE = _flag("SESSION_COOKIE_SECURE", not DEBUG)
CSRF_COOKIE_SECURE = _flag("CSRF_COOKIE_SECURE", not DEBUG)
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "0" if DEBUG else str(365 * 86400)))
SECURE_HSTS_INCLUDE_SUBDOMAINS = _flag("SECURE_HSTS_INCLUDE_SUBDOMAINS", not DEBUG)
# the header says the site consents to the browsers' preload list; submitting it there is a separate, manual step
SECURE_HSTS_PRELOAD = _flag("SECURE_HSTS_PRELOAD", not DEBUG)
# behind a reverse proxy that terminates TLS: it says so in X-Forwarded-Proto (set only when the proxy always sets or
# overwrites that header, or a client could claim HTTPS)
if _flag("SECURE_PROXY_SSL_HEADER", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
CSRF_TRUSTED_ORIGINS = [o.strip() for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()]
SESSION_COOKIE_HTTPONLY = True
# a refused CSRF check is a styled page in the reader's language, or the API's JSON error (league/views/errors.py)
CSRF_FAILURE_VIEW = "league.views.errors.csrf_failure"
# the Content-Security-Policy of every answer (league/security_headers.py), in the shape of Django 6.0's SECURE_CSP:
# scripts from this site only (no inline script, no handler attribute, no eval), styles from it and from style=""
# attributes (the boards set CSS variables inline), nothing from another origin, no framing
SECURE_CSP = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}
# the browser features no page uses, refused to the site and to anything it would frame; sound may play (the turn's
# chime) and a board may go full screen
PERMISSIONS_POLICY = {
    "accelerometer": "",
    "autoplay": "self",
    "camera": "",
    "display-capture": "",
    "fullscreen": "self",
    "geolocation": "",
    "gyroscope": "",
    "magnetometer": "",
    "microphone": "",
    "midi": "",
    "payment": "",
    "usb": "",
    "xr-spatial-tracking": "",
}

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.forms",  # the form renderer below finds Django's widget templates through it
    "django_htmx",
    "template_partials",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI's files, served locally (SPECTACULAR_SETTINGS below)
    "django_celery_beat",
    "league",
]

MIDDLEWARE = [
    # the probes, /healthz and /readyz, before anything else: no HTTPS redirect, host check, session, throttle, log
    # line or metric for them (league/health.py)
    "league.health.HealthMiddleware",
    # every other request's id, its log line and its metrics, around all the rest (league/request_log.py)
    "league.request_log.RequestLogMiddleware",
    # every wait of a request on Redis shares one budget (league/redis_waits.py)
    "league.middleware.RedisBudgetMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # the Content-Security-Policy, the Permissions-Policy, no caching of a signed-in caller's answers (issue 35)
    "league.security_headers.SecurityHeadersMiddleware",
    # before anything reads a body or a query string: limits and the one error format (league/input.py)
    "league.middleware.InputGuardMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "league.middleware.PlayerLanguageMiddleware",
    # every time on the pages in the player's time zone (their settings)
    "league.timezones.PlayerTimeZoneMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
        },
    },
]

# every form of the pages through the project's templates (templates/forms/): one look for every form
FORM_RENDERER = "league.forms.base.FormRenderer"

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{DATA_DIR / 'cardleague.sqlite3'}"), conn_max_age=60
    )
}
# a connection kept between requests is checked before a request uses it: after a database restart the first request
# of each thread reconnects instead of failing (issue 19)
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # the move pipeline locks rows; on SQLite that is the whole database, so wait rather than fail; WAL lets readers
    # go on while one writer writes (and a writer not wait for readers)
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # W038: SQLite has no deferrable unique constraint, so the standings' (season, rank) one is not made there. Known
    # and meant: the guard is PostgreSQL's (a row-by-row check would refuse the update that moves ranks round), and
    # the warning on every start of the demo and `make check` said nothing new (issue 38)
    SILENCED_SYSTEM_CHECKS = ["models.W038"]
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # an unreachable server fails a request in seconds (a 503), not after the TCP timeout's minutes
    DATABASES["default"].setdefault("OPTIONS", {})["connect_timeout"] = int(os.environ.get("DB_CONNECT_TIMEOUT", "5"))
    # the move pipeline's hand-written statements (league/sql/) are bound on the server and prepared once a connection
    # has run one 5 times (psycopg's own default: a statement run once or twice, a bulk write of some size, is not
    # worth a prepared statement's slot); Django's own queries bind on the client and are never prepared. A pooler
    # that hands a connection to another client between transactions without carrying prepared statements along
    # (PgBouncer in transaction mode before 1.21) needs DB_PREPARED_STATEMENTS=0
    DATABASES["default"]["OPTIONS"]["prepare_threshold"] = (
        5 if os.environ.get("DB_PREPARED_STATEMENTS", "1") != "0" else None
    )

# a streaming replica of the primary (docs/scale.md, "Read replicas"): the public read pages and their API read from
# it (league/replica/); unset, there is no second alias and every read is the primary's
DATABASE_ROUTERS: list[str] = []
if os.environ.get("DATABASE_REPLICA_URL"):
    if DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
        raise RuntimeError("DATABASE_REPLICA_URL is a streaming replica of a PostgreSQL DATABASE_URL")
    DATABASES["replica"] = dj_database_url.parse(os.environ["DATABASE_REPLICA_URL"], conn_max_age=60)
    DATABASES["replica"]["CONN_HEALTH_CHECKS"] = True
    # the primary's options (connect_timeout, prepared statements); a replica that does not answer a connection is
    # found by one request of a process, which waits that long, and left alone for a while (league/replica/health.py)
    DATABASES["replica"]["OPTIONS"] = dict(DATABASES["default"].get("OPTIONS", {}))
    DATABASE_ROUTERS = ["league.replica.router.ReplicaRouter"]
    # after the authentication: it sees who wrote (league/replica/sticky.py)
    MIDDLEWARE.insert(
        MIDDLEWARE.index("django.contrib.auth.middleware.AuthenticationMiddleware") + 1,
        "league.replica.sticky.ReplicaStickyMiddleware",
    )
# a player's reads stay on the primary this many seconds after their own write (league/replica/sticky.py)
CARDLEAGUE_REPLICA_STICKY_SECONDS = int(os.environ.get("REPLICA_STICKY_SECONDS", "5"))
# a replica further behind than this serves no reads; the primary does (league/replica/health.py)
CARDLEAGUE_REPLICA_MAX_LAG_SECONDS = float(os.environ.get("REPLICA_MAX_LAG_SECONDS", "10"))

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("ko", "한국어")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = DATA_DIR / "static"
STATICFILES_DIRS = [BASE_DIR / "static"] if (BASE_DIR / "static").is_dir() else []

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "inbox"  # a player lands on "Your turn"
LOGOUT_REDIRECT_URL = "/"

# API tokens expire this many days after they are made (0: never); league/services/tokens.py
API_TOKEN_TTL_DAYS = int(os.environ.get("API_TOKEN_TTL_DAYS", "90"))

# the least time per move of any table, friendly or of a season (league.services.tables.min_time_per_move)
CARDLEAGUE_MIN_TIME_PER_MOVE = int(os.environ.get("MIN_TIME_PER_MOVE", "3600"))

# the backend that sends (EMAIL_BACKEND), behind one that counts what it sent and what failed (league/mail.py)
CARDLEAGUE_EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_BACKEND = "league.mail.CountingBackend"
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = _flag("EMAIL_USE_TLS", False)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "cardleague <noreply@localhost>")

# --- Celery ----------------------------------------------------------------------------------------------------------
_BROKER_DIR = DATA_DIR / "broker"
# the seconds a request may wait on Redis in all, the throttles' cache and the outbox's publish together
# (league/redis_waits.py): a move is answered within a second whatever Redis does
CARDLEAGUE_REDIS_BUDGET = _REDIS_BUDGET = float(os.environ.get("REDIS_BUDGET", "0.25"))
# the throttles of every door count in the cache (league/throttles.py): a shared one (CACHE_URL=redis://...) makes a
# limit hold across the server's worker processes; without it each process counts on its own (fine for one process
# and for the tests)
CACHES = {
    "default": (
        {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": os.environ["CACHE_URL"],
            # a hung Redis holds a request for the budget of its waits on Redis at most (league/redis_waits.py; what
            # a door does then: league/throttles.py); each wait is given what is left of it
            "OPTIONS": {"socket_connect_timeout": _REDIS_BUDGET, "socket_timeout": _REDIS_BUDGET},
        }
        if os.environ.get("CACHE_URL")
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}

# the filesystem broker has no host, but its URL names one: from a URL without it, kombu logs "No hostname was
# supplied" for each connection it makes (the worker's, beat's, each process's first task)
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "filesystem://localhost")
if CELERY_BROKER_URL.startswith("filesystem://"):
    for sub in ("out", "processed", "control"):
        (_BROKER_DIR / sub).mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS: dict[str, object] = {
        "data_folder_in": str(_BROKER_DIR / "out"),
        "data_folder_out": str(_BROKER_DIR / "out"),
        "data_folder_processed": str(_BROKER_DIR / "processed"),
        "control_folder": str(_BROKER_DIR / "control"),
    }
# publishing a task (league/services/follow_up.py) waits at most this many seconds for the broker, on a connection of
# its own: a hung broker delays follow-up work (the outbox keeps it) and never a request
CARDLEAGUE_PUBLISH_TIMEOUT = float(os.environ.get("BROKER_PUBLISH_TIMEOUT", "0.3"))
# (kombu's connection retries off: one try, then the outbox keeps the message for the drain)
CARDLEAGUE_PUBLISH_TRANSPORT_OPTIONS: dict[str, object] = {"max_retries": 0, "interval_start": 0}
if CELERY_BROKER_URL.startswith(("redis://", "rediss://")):
    CARDLEAGUE_PUBLISH_TRANSPORT_OPTIONS |= {
        "socket_timeout": CARDLEAGUE_PUBLISH_TIMEOUT,
        "socket_connect_timeout": CARDLEAGUE_PUBLISH_TIMEOUT,
    }
CELERY_RESULT_BACKEND = None
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# on: tasks run in the process that sends them, with no worker (config/settings_test.py turns it on for the tests)
CELERY_TASK_ALWAYS_EAGER = _flag("CELERY_TASK_ALWAYS_EAGER", False)
CELERY_TASK_EAGER_PROPAGATES = True
# django-celery-beat's database scheduler, touching BEAT_HEARTBEAT_FILE at each tick (league/beat.py)
CELERY_BEAT_SCHEDULER = "league.beat:Scheduler"
# a task's print() stays on the worker's stdout instead of becoming a log record: the console mail backend's mails
# (addresses included) never enter the logs
CELERY_WORKER_REDIRECT_STDOUTS = False
CELERY_TIMEZONE = TIME_ZONE
# a worker killed whole leaves the messages it held (late acknowledgement, prefetch) in Redis's unacked set; another
# worker puts them back on their queue once they are older than the visibility timeout (kombu's default: an hour).
# The timeout must outlast the longest a live worker holds a message: a task's hard time limit, plus the longest
# countdown of a retry (DATABASE_RETRY in league/tasks.py: 120 s), or the message would be run twice at once; the
# follow-ups a crash leaves undone are meanwhile run by the beat's follow_ups_repair within a minute or two
# (docs/reliability.md, "A worker killed whole")
CELERY_TASK_TIME_LIMIT = int(os.environ.get("TASK_TIME_LIMIT", "300"))
CELERY_TASK_SOFT_TIME_LIMIT = CELERY_TASK_TIME_LIMIT - min(30, CELERY_TASK_TIME_LIMIT // 10)
CARDLEAGUE_VISIBILITY_TIMEOUT = int(os.environ.get("BROKER_VISIBILITY_TIMEOUT", "600"))
if CELERY_BROKER_URL.startswith(("redis://", "rediss://")):
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "visibility_timeout": CARDLEAGUE_VISIBILITY_TIMEOUT,
        # how often a worker looks for such messages (every 10 s: kombu's default looked every 100 s), and how long
        # the lock that one worker takes to look is kept when that worker dies looking (kombu's default: 5 min)
        "unacked_restore_interval": min(10, max(1, CARDLEAGUE_VISIBILITY_TIMEOUT // 6)),
        "unacked_restore_throttle": 1,
        "unacked_mutex_expire": 60,
    }
# the beat's follow_ups_repair (league/services/after_tables.py): every this many seconds, the follow-up of every
# table that ended more than FOLLOW_UP_GRACE seconds ago and whose follow-up has not completed
CARDLEAGUE_FOLLOW_UP_REPAIR_EVERY = int(os.environ.get("FOLLOW_UP_REPAIR_EVERY", "60"))
CARDLEAGUE_FOLLOW_UP_GRACE = int(os.environ.get("FOLLOW_UP_GRACE", "60"))

# the moves' and ledger's partitions on PostgreSQL (docs/scale.md, "Partitioning"): each holds the rows of this many
# table ids (~5 weeks of new tables at the plan's 55,000 a day), and the monthly job keeps this many partitions
# beyond the table id sequence; `manage.py moves_archive` writes a partition's rows under MOVE_ARCHIVE_DIR
CARDLEAGUE_MOVE_PARTITION_SPAN = int(os.environ.get("MOVE_PARTITION_SPAN", "2000000"))
CARDLEAGUE_MOVE_PARTITIONS_AHEAD = int(os.environ.get("MOVE_PARTITIONS_AHEAD", "2"))
CARDLEAGUE_MOVE_ARCHIVE_DIR = Path(os.environ.get("MOVE_ARCHIVE_DIR", DATA_DIR / "move_archive"))

# --- REST framework --------------------------------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "league.api.errors.exception_handler",
    # behind a reverse proxy: how many, so that the client's address is read from X-Forwarded-For (the token
    # throttle counts per address; unset, every client's own header is ignored)
    "NUM_PROXIES": int(os.environ["NUM_PROXIES"]) if os.environ.get("NUM_PROXIES") else None,
    # the one throttle policy of every door (league/throttles.py): moves through the pages and the API together;
    # password attempts at the log-in page, the admin's log-in, the password change and POST /api/auth/token/
    # together (the AUTH_TOKEN_* names are the variables of before, still read); the doors that send mail; sign-up
    "DEFAULT_THROTTLE_RATES": {
        "move_submit": os.environ.get("MOVE_SUBMIT_RATE", "60/minute"),
        "login_user_client": os.environ.get("LOGIN_USER_CLIENT_RATE", "10/minute"),
        "login_username": os.environ.get("LOGIN_USERNAME_RATE", os.environ.get("AUTH_TOKEN_USERNAME_RATE", "100/hour")),
        "login_ip": os.environ.get("LOGIN_IP_RATE", os.environ.get("AUTH_TOKEN_IP_RATE", "30/minute")),
        "mail_account": os.environ.get("MAIL_ACCOUNT_RATE", "5/hour"),
        "mail_recipient": os.environ.get("MAIL_RECIPIENT_RATE", "3/hour"),
        "mail_ip": os.environ.get("MAIL_IP_RATE", "20/hour"),
        "signup_ip": os.environ.get("SIGNUP_IP_RATE", "10/hour"),
    },
}
SPECTACULAR_SETTINGS = {
    "TITLE": "cardleague API",
    "DESCRIPTION": "Leagues, seasons and tables for five card games, played by correspondence.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI from this site's static files (drf-spectacular-sidecar), never a CDN: /api/docs/ works offline
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

# --- Logs, errors (docs/operations.md) --------------------------------------------------------------------------------
# one JSON line per event in production; `make run` (DEBUG) prints short text lines
LOG_FORMAT = os.environ.get("LOG_FORMAT", "text" if DEBUG else "json")
if LOG_FORMAT not in ("json", "text"):
    raise RuntimeError("LOG_FORMAT is json or text")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # every record carries the ids of the request or task it was logged in (league/logs.py)
    "filters": {"context": {"()": "league.logs.ContextFilter"}},
    "formatters": {"json": {"()": "league.logs.JsonFormatter"}, "text": {"()": "league.logs.TextFormatter"}},
    "handlers": {
        "console": {"class": "logging.StreamHandler", "formatter": LOG_FORMAT, "filters": ["context"]},
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {
        # Django's own handlers go: its records reach the root's handler alone, once (issue 38: a 4xx was printed
        # twice, by Django's console handler and by the root's)
        "django": {"handlers": [], "level": "INFO", "propagate": True},
        # a 4xx is in the request's own line (league/request_log.py); a 5xx is logged here with its traceback
        "django.request": {"level": "ERROR"},
        # runserver's line for each request: the request's own line replaces it (`make run` prints one per request)
        "django.server": {"handlers": [], "level": "CRITICAL", "propagate": False},
    },
}

# error reports when SENTRY_DSN is set, scrubbed (config/sentry.py); nothing is sent, or loaded, without it
sentry_start()
