# The two set-up commands of the README: `make run` and `make test`. Both install what they need (tools/bootstrap.sh).
VENV ?= .venv
PY := $(VENV)/bin/python
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/test
TEST_BROKER_URL ?= redis://127.0.0.1:6379/15
ADDRESS ?= 127.0.0.1:8000
# the demo runs with DEBUG on (the development server serves the static files); nothing else does unless told; its
# links (mails, push, calendar, invitations) lead to the address it serves
DEMO := DEBUG=1 SITE_URL=http://$(ADDRESS)
# the demo's files: data/, or DATA_DIR as the settings read it (SQLite, the broker's folder)
DATA := $(or $(DATA_DIR),data)
# the demo's Web Push keys: made once there and kept (a browser's subscription is bound to them)
VAPID_ENV := $(DATA)/vapid.env
# what `make lint` type-checks with --strict (the engines)
MYPY_GAMES ?= games
# what `ruff format` keeps formatted (migrations excepted, by pyproject's ruff settings)
FORMATTED := .
# make check: the fast tests on SQLite (schema from the models: --nomigrations), the conformance kit at a small size;
# the modules of the browser and fuzzing tests are not even collected (importing Playwright and Schemathesis costs
# seconds in every worker)
CHECK_ENV := DATABASE_URL=sqlite:///:memory: CELERY_BROKER_URL=memory:// CONFORMANCE_UNITS=16
# the test runs keep their compiled modules (__pycache__/, ignored by git) even where the environment says not to
# write them (PYTHONDONTWRITEBYTECODE, set on the CI machines): pytest otherwise rewrites the asserts of every test
# module again in every worker, 7 s of CPU each run
KEEP_BYTECODE := PYTHONDONTWRITEBYTECODE=
CHECK_TESTS := tests --ignore=tests/league/api/test_schemathesis.py --ignore-glob='tests/pages/test_browser_*.py' \
	-p no:schemathesis -p no:hypothesispytest

.PHONY: install run demo-info demo-reset test check lint format

$(VENV)/.installed: pyproject.toml
	@tools/bootstrap.sh venv

install: $(VENV)/.installed

# web + Celery worker + beat on the embedded defaults (SQLite, filesystem broker in data/), with the demo club loaded;
# the URL and the log-ins come last (and again on Enter, or with `make demo-info`)
run: $(VENV)/.installed
	@echo "run: preparing the database and the demo club in $(DATA)/ ..."
	@$(DEMO) $(PY) manage.py migrate --noinput -v 0
	@$(DEMO) $(PY) manage.py schedule_install
	@$(DEMO) $(PY) manage.py demo_load
	@$(DEMO) $(PY) manage.py vapid_keys $(VAPID_ENV)
	@set -a && . "$(abspath $(VAPID_ENV))" && set +a && $(DEMO) $(PY) manage.py serve_all $(ADDRESS)

# the demo's URL and log-ins
demo-info: $(VENV)/.installed
	@$(DEMO) $(PY) manage.py demo_info $(ADDRESS)

# the demo from scratch: its database and broker folder removed and loaded again (stop `make run` first)
demo-reset: $(VENV)/.installed
	rm -f $(DATA)/cardleague.sqlite3 $(DATA)/cardleague.sqlite3-journal
	rm -rf $(DATA)/broker
	@$(DEMO) $(PY) manage.py migrate --noinput -v 0
	@$(DEMO) $(PY) manage.py schedule_install
	@$(DEMO) $(PY) manage.py demo_load

# the whole suite on PostgreSQL with Redis as the broker (started when not running; Chromium and gettext installed
# when missing), then the lint
test:
	@tools/bootstrap.sh
	$(KEEP_BYTECODE) DATABASE_URL=$${DATABASE_URL:-$(TEST_DATABASE_URL)} \
		CELERY_BROKER_URL=$${CELERY_BROKER_URL:-$(TEST_BROKER_URL)} \
		$(PY) -m pytest -n 2 --dist loadgroup -q -p no:cacheprovider
	@$(MAKE) --no-print-directory lint

# lint + the fast tests, in under a minute on 2 cores (50 s, docs/benchmarks.md): SQLite in memory, no browser, no
# PostgreSQL-only test, a small conformance run; `make test` is the whole suite
check: lint
	$(KEEP_BYTECODE) $(CHECK_ENV) $(PY) -m pytest -n 2 -q -p no:cacheprovider --nomigrations \
		-m "(not slow or conformance) and not browser and not postgres" $(CHECK_TESTS)

lint: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check $(FORMATTED)
	$(VENV)/bin/lint-imports
	$(PY) tools/lint_function_imports.py
	$(VENV)/bin/mypy league config
	$(VENV)/bin/mypy --strict $(MYPY_GAMES)

format: $(VENV)/.installed
	$(VENV)/bin/ruff format $(FORMATTED)
	$(VENV)/bin/ruff check --fix .
