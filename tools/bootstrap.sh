#!/usr/bin/env bash
# What the tests need on this machine, installed or started when missing; used by `make test` and by .ci/run.
#
#   tools/bootstrap.sh [venv] [browser] [services]     (all three when none is named)
#
# venv      the virtualenv .venv with the package and its test extras (again whenever pyproject.toml changed)
# browser   Debian's Chromium (the browser tests), a Korean font (the Korean screenshots) and gettext (the Korean
#           catalogue), by apt-get when missing
# services  PostgreSQL at 127.0.0.1:5432 and Redis at 127.0.0.1:6379, started when they do not answer
#
# Every step says what it does before a slow part, so that a first run is never silent. With BOOTSTRAP_DRY_RUN=1 it
# only checks: it names what it would install or start ("would ...") and changes nothing (tests/test_bootstrap.py).
#
# No check pipes into a command that may stop reading early (`grep -q`, `head`): under pipefail the writer's SIGPIPE
# fails the check although what it looks for is there, and a machine that has everything installs it again.
set -euo pipefail
cd "$(dirname "$0")/.."

VENV="${VENV:-.venv}"
PYTHON="${PYTHON:-python3}"
steps=("$@")
[ ${#steps[@]} -eq 0 ] && steps=(venv browser services)

say() { printf '%s\n' "bootstrap: $*" >&2; }

# in a dry run, says what the step would do and succeeds (the step then returns); otherwise fails
dry_run() {
  [ "${BOOTSTRAP_DRY_RUN:-0}" = 1 ] || return 1
  say "would $*"
}

# pip's own lines as one line that keeps changing on a terminal (what it is collecting or installing now); only its
# errors elsewhere (CI's log)
progress() {
  if [ -t 2 ]; then
    while IFS= read -r line; do
      case "$line" in WARNING:\ Location*) continue ;; esac
      printf '\r\033[K  %s' "${line:0:110}" >&2
    done
    printf '\r\033[K' >&2
  else
    grep -E "^(ERROR|error)" >&2 || true
  fi
}

venv() {
  if [ -f "$VENV/.installed" ] && [ "$VENV/.installed" -nt pyproject.toml ]; then
    return
  fi
  if dry_run "install the package and its test tools into $VENV"; then return; fi
  say "installing the package and its test tools into $VENV (pip; a minute or two the first time) ..."
  [ -x "$VENV/bin/python" ] || "$PYTHON" -m venv "$VENV"
  "$VENV/bin/pip" install --disable-pip-version-check --progress-bar off --upgrade pip 2>&1 | progress
  "$VENV/bin/pip" install --disable-pip-version-check --progress-bar off -e '.[test]' 2>&1 | progress
  "$VENV/bin/python" -c "import django, league" 2>/dev/null || { say "the install failed"; exit 1; }
  touch "$VENV/.installed"
  say "installed"
}

# the font families read whole, then searched: `fc-list | grep -qi nanum` failed one run in two (issue 38)
korean_font_installed() {
  local families
  families="$(fc-list : family 2>/dev/null)" || return 1
  [[ "${families,,}" == *nanum* ]]
}

browser() {
  if command -v chromium >/dev/null 2>&1 && command -v msgfmt >/dev/null 2>&1 && korean_font_installed; then
    return
  fi
  if dry_run "install Chromium, a Korean font and gettext with apt-get"; then return; fi
  say "installing Chromium, a Korean font and gettext with apt-get (the browser tests; a few minutes the first time) ..."
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q chromium fonts-nanum gettext >/dev/null
  say "Chromium, the font and gettext installed"
}

services() {
  if ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null && ! dry_run "start PostgreSQL"; then
    say "starting PostgreSQL ..."
    local versions=(/etc/postgresql/*/)  # a glob, not `ls | head` (above): the first cluster version
    pg_ctlcluster --skip-systemctl-redirect "$(basename "${versions[0]}")" main start
    for _ in $(seq 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
    pg_isready -q -h 127.0.0.1 -p 5432 || { say "PostgreSQL did not start"; exit 1; }
  fi
  if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && ! dry_run "start Redis"; then
    say "starting Redis ..."
    mkdir -p /var/lib/redis /var/log/redis
    redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
      --dir /var/lib/redis --logfile /var/log/redis/ci.log
    for _ in $(seq 30); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 1; done
    redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 || { say "Redis did not start"; exit 1; }
  fi
}

for step in "${steps[@]}"; do
  case "$step" in
    venv|browser|services) "$step" ;;
    *) say "unknown step $step (venv, browser, services)"; exit 2 ;;
  esac
done
