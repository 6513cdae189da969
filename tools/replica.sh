#!/usr/bin/env bash
# A streaming replica of the local PostgreSQL, made and started when missing: the replica's tests
# (tests/league/replica/conftest.py) and bench/replica.py start it themselves; docs/scale.md, "Read replicas".
#
#   tools/replica.sh [start|stop|status]      (start when none is named)
#
# start   the primary (127.0.0.1:5432, REPLICA_PRIMARY_PORT) lets postgres connect for replication from 127.0.0.1
#         (a line added to its pg_hba.conf, and a reload, when it does not); the replica's data directory
#         (REPLICA_DATA, /var/lib/postgresql/replica-<port>) made by `pg_basebackup -R` when it is not a standby's;
#         the replica started on 127.0.0.1:5433 (REPLICA_PORT) when it does not answer; then it waits until the
#         replica has replayed what the primary had written, and makes it anew when it cannot (the WAL it needed is
#         gone: it was stopped too long). A second run finds everything in place and does nothing.
# stop    stops the replica; its data directory is kept, and the next start catches up or makes it anew
# status  says whether the replica answers, and how far behind the primary it is
#
# No replication slot: a replica left stopped never makes the primary keep WAL for it (it is made anew when it has
# fallen too far behind). The server runs as the postgres user (pg_ctl refuses root), like the primary that tools/bootstrap.sh starts. Two
# runs at once (two test workers) take turns on a lock. Only wal_level and max_wal_senders, which take a restart of
# the primary, are not fixed here: the tool says so and fails (PostgreSQL's defaults are right).
set -euo pipefail
cd "$(dirname "$0")/.."

PRIMARY_PORT="${REPLICA_PRIMARY_PORT:-5432}"
PORT="${REPLICA_PORT:-5433}"
DATA="${REPLICA_DATA:-/var/lib/postgresql/replica-$PORT}"
# the seconds a started replica has to replay what the primary had written before it is made anew
CATCH_UP="${REPLICA_CATCH_UP_SECONDS:-30}"

say() { printf '%s\n' "replica: $*" >&2; }

as_postgres() {
  if [ "$(id -un)" = postgres ]; then
    "$@"
  elif [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    sudo -u postgres "$@"
  fi
}

primary() { psql -X -q -At -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -d postgres -c "$1"; }
replica() { psql -X -q -At -h 127.0.0.1 -p "$PORT" -U postgres -d postgres -c "$1"; }

answers() { pg_isready -q -h 127.0.0.1 -p "$PORT" 2>/dev/null; }

# the primary's major version: pg_basebackup and the server must be of it
bindir() {
  local major
  major="$(primary "SELECT current_setting('server_version_num')::int / 10000")"
  printf '/usr/lib/postgresql/%s/bin' "$major"
}

replication_allowed() {
  psql -X -q -At "host=127.0.0.1 port=$PRIMARY_PORT user=postgres replication=true" -c IDENTIFY_SYSTEM \
    >/dev/null 2>&1
}

primary_ready() {
  pg_isready -q -h 127.0.0.1 -p "$PRIMARY_PORT" || { say "the primary does not answer at 127.0.0.1:$PRIMARY_PORT"; exit 1; }
  local level senders
  level="$(primary 'SHOW wal_level')"
  senders="$(primary 'SHOW max_wal_senders')"
  if [ "$level" = minimal ] || [ "$senders" -lt 2 ]; then
    say "the primary has wal_level=$level, max_wal_senders=$senders: set replica and 2 or more, then restart it"
    exit 1
  fi
  if replication_allowed; then
    return
  fi
  # the replication rule takes the method of the rule that lets postgres in from 127.0.0.1 today
  local hba method
  hba="$(primary 'SHOW hba_file')"
  method="$(primary "SELECT auth_method FROM pg_hba_file_rules WHERE type = 'host' AND address = '127.0.0.1'
    AND ('all' = ANY(database) OR 'postgres' = ANY(database)) ORDER BY line_number LIMIT 1")"
  say "letting postgres replicate from 127.0.0.1 ($hba, $method) and reloading the primary ..."
  printf '%s\n' "host replication postgres 127.0.0.1/32 ${method:-trust}  # tools/replica.sh" >>"$hba"
  primary 'SELECT pg_reload_conf()' >/dev/null
  for _ in $(seq 10); do replication_allowed && return; sleep 0.2; done
  say "the primary still refuses a replication connection from 127.0.0.1 (see $hba)"
  exit 1
}

# the parameters a hot standby must hold at least as high as its primary's, read from the primary
settings_file() {
  local name
  printf '%s\n' "# written by tools/replica.sh: a hot standby of 127.0.0.1:$PRIMARY_PORT"
  printf '%s\n' "port = $PORT" "listen_addresses = '127.0.0.1'" "hot_standby = on"
  printf '%s\n' "shared_buffers = 32MB" "hba_file = '$DATA/pg_hba.conf'" "ident_file = '$DATA/pg_ident.conf'"
  for name in max_connections max_worker_processes max_wal_senders max_prepared_transactions \
    max_locks_per_transaction; do
    printf '%s = %s\n' "$name" "$(primary "SHOW $name")"
  done
}

make_anew() {
  local bin="$1"
  say "copying the primary into $DATA (pg_basebackup -R) ..."
  as_postgres "$bin/pg_ctl" -D "$DATA" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$DATA"
  mkdir -p "$(dirname "$DATA")"
  as_postgres "$bin/pg_basebackup" -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -D "$DATA" -R -X stream -c fast
  settings_file | as_postgres tee "$DATA/postgresql.conf" >/dev/null
  as_postgres cp "$(primary 'SHOW hba_file')" "$DATA/pg_hba.conf"
  as_postgres cp "$(primary 'SHOW ident_file')" "$DATA/pg_ident.conf"
}

server_start() {
  local bin="$1"
  say "starting the replica at 127.0.0.1:$PORT ..."
  # the server must not inherit the lock (fd 9), or it would hold it for as long as it runs
  as_postgres "$bin/pg_ctl" -D "$DATA" -l "$DATA/replica.log" -w -t 60 start >/dev/null 9>&- || {
    say "the replica did not start (its log: $DATA/replica.log)"
    return 1
  }
}

# whether the replica replays, within CATCH_UP seconds, everything the primary had flushed when asked
caught_up() {
  local target
  target="$(primary 'SELECT pg_current_wal_flush_lsn()')"
  for _ in $(seq $((CATCH_UP * 5))); do
    [ "$(replica "SELECT pg_last_wal_replay_lsn() >= '$target'::pg_lsn" 2>/dev/null)" = t ] && return 0
    sleep 0.2
  done
  return 1
}

start() {
  exec 9>"/tmp/cardleague-replica-$PORT.lock"
  flock 9
  primary_ready
  local bin
  bin="$(bindir)"
  if answers; then
    if [ "$(replica 'SELECT pg_is_in_recovery()')" != t ]; then
      say "something that is not a standby answers at 127.0.0.1:$PORT"
      exit 1
    fi
  else
    if [ ! -f "$DATA/standby.signal" ] || [ ! -f "$DATA/postgresql.conf" ]; then
      make_anew "$bin"
    fi
    server_start "$bin" || { make_anew "$bin" && server_start "$bin"; }
  fi
  if ! caught_up; then
    say "the replica did not catch up with the primary in $CATCH_UP s: making it anew"
    make_anew "$bin"
    server_start "$bin"
    caught_up || { say "the new replica does not catch up either (its log: $DATA/replica.log)"; exit 1; }
  fi
}

stop() {
  exec 9>"/tmp/cardleague-replica-$PORT.lock"
  flock 9
  if [ -f "$DATA/postmaster.pid" ]; then
    as_postgres "$(bindir)/pg_ctl" -D "$DATA" -m fast -w stop >/dev/null
    say "stopped"
  fi
}

status() {
  if ! answers; then
    say "not running at 127.0.0.1:$PORT"
    return 3
  fi
  local behind
  behind="$(replica "SELECT pg_wal_lsn_diff('$(primary 'SELECT pg_current_wal_flush_lsn()')', pg_last_wal_replay_lsn())")"
  say "a standby at 127.0.0.1:$PORT, $behind bytes of WAL behind the primary"
}

case "${1:-start}" in
  start | stop | status) "${1:-start}" ;;
  *) say "unknown command $1 (start, stop, status)"; exit 2 ;;
esac
