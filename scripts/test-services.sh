#!/usr/bin/env bash
# What `npm test` needs besides Node, found, started or installed, one line per decision:
#   PostgreSQL with a database `test` (lib/db tests, two instances): the one on 127.0.0.1:5432
#     when it lets user postgres in without a password, else one of the run's own (embedded-postgres
#     from npm, in .data/test-postgres, on a free port, stopped when the run ends); either way its
#     address is exported as TEST_DATABASE_URL,
#   Redis on 127.0.0.1:6379 (the shared rate budget and cache),
#   Chromium at $CHROMIUM_PATH or /usr/bin/chromium (Playwright never downloads a browser).
# Redis and Chromium are installed from Debian's packages when the machine allows it (root and
# apt-get); otherwise a missing service stops the run with a sentence saying what to install.
# Nothing is skipped, and no file outside the repository is edited (scripts/test-services.test.ts).
#
# Sourced by scripts/test-all.sh (`source scripts/test-services.sh`), so that TEST_DATABASE_URL and
# the trap that stops the run's own PostgreSQL belong to the whole run.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

say() { printf '  %-11s %s\n' "$1:" "$2"; }
fail() {
  say "$1" "$2"
  printf '\n\033[1;31mCannot run the tests:\033[0m %s\n' "$3" >&2
  exit 1
}
can_install() { [[ "$(id -u)" == "0" ]] && command -v apt-get >/dev/null 2>&1; }
apt_updated=""
apt_install() {
  if [[ -z "$apt_updated" ]]; then
    apt-get update -qq >/dev/null
    apt_updated=1
  fi
  # apt's own notes (debconf, dpkg) go to a log; a failure shows its tail.
  if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/tmp/agency-desk-apt.log 2>&1; then
    tail -5 /tmp/agency-desk-apt.log >&2
    return 1
  fi
}

printf '\033[1m▶ services the tests need\033[0m\n'

# PostgreSQL ----------------------------------------------------------------------------------
# Found on 127.0.0.1:${TEST_PG_PORT:-5432} and used as it is, or the run's own started in .data/test-postgres
# (scripts/test-postgres.ts): never by editing the machine's files. Its address goes to every test
# as TEST_DATABASE_URL; the run's own is stopped when the run ends.
pg_out="$(node node_modules/tsx/dist/cli.mjs scripts/test-postgres.ts up)"
mapfile -t pg_lines <<<"$pg_out"
export TEST_DATABASE_URL="${pg_lines[0]}"
if [[ "${pg_lines[1]:-}" == "embedded" ]]; then
  stop_test_postgres() { node node_modules/tsx/dist/cli.mjs scripts/test-postgres.ts down || true; }
  trap stop_test_postgres EXIT
  # Stopped by Ctrl-C or kill too: the EXIT trap runs when the shell exits on these.
  trap 'exit 130' INT
  trap 'exit 143' TERM
fi

# Redis ---------------------------------------------------------------------------------------
redis_up() { command -v redis-cli >/dev/null 2>&1 && redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; }
if redis_up; then
  say Redis "running on 127.0.0.1:6379"
else
  if ! command -v redis-server >/dev/null 2>&1; then
    if can_install; then
      apt_install redis-server
      say Redis "none installed: installed Debian's redis-server"
    else
      fail Redis "none on 127.0.0.1:6379 and none installed" "install Redis (Debian: apt-get install redis-server), or start one on 127.0.0.1:6379."
    fi
  fi
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no >/dev/null
  for _ in $(seq 1 10); do redis_up && break; sleep 1; done
  redis_up || fail Redis "started redis-server, but it does not answer on 127.0.0.1:6379" "start Redis on 127.0.0.1:6379 by hand."
  say Redis "none on 127.0.0.1:6379: started redis-server (no persistence)"
fi

# Chromium ------------------------------------------------------------------------------------
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [[ -x "$chromium" ]]; then
  say Chromium "found at $chromium"
elif can_install && [[ "$chromium" == "/usr/bin/chromium" ]]; then
  apt_install chromium
  [[ -x "$chromium" ]] || fail Chromium "apt-get install chromium did not provide $chromium" "install Chromium and set CHROMIUM_PATH to it."
  say Chromium "none at $chromium: installed Debian's chromium"
else
  fail Chromium "none at $chromium" "install Chromium (Debian: apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary; the tests never download one."
fi
