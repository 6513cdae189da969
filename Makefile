# The two set-up commands of the README: `make run` and `make test`.
VENV ?= .venv
PY := $(VENV)/bin/python
PYTHON ?= python3
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/test
TEST_BROKER_URL ?= redis://127.0.0.1:6379/15

.PHONY: run test lint install

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install -q --upgrade pip
	$(VENV)/bin/pip install -q -e '.[test]'
	touch $@

install: $(VENV)/.installed

# web + Celery worker + beat on the embedded defaults (SQLite, filesystem broker), with the demo club loaded
run: $(VENV)/.installed
	$(PY) manage.py migrate --noinput
	$(PY) manage.py schedule_install
	$(PY) manage.py demo_load
	$(PY) manage.py serve_all

# the whole suite on PostgreSQL with Redis as the broker (both on this machine; .ci/run starts them if needed)
test: $(VENV)/.installed
	DATABASE_URL=$${DATABASE_URL:-$(TEST_DATABASE_URL)} CELERY_BROKER_URL=$${CELERY_BROKER_URL:-$(TEST_BROKER_URL)} \
		$(PY) -m pytest -n 2 --dist loadgroup -q -p no:cacheprovider
	$(VENV)/bin/ruff check .

lint: $(VENV)/.installed
	$(VENV)/bin/ruff check .
