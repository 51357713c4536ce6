#!/usr/bin/env bash
# What `npm test` needs besides Node, found, started or installed, one line per decision:
#   PostgreSQL on 127.0.0.1:5432 with a database `test` (lib/db tests, two instances),
#   Redis on 127.0.0.1:6379 (the shared rate budget and cache),
#   Chromium at $CHROMIUM_PATH or /usr/bin/chromium (Playwright never downloads a browser).
# Debian packages are installed when the machine allows it (root and apt-get); otherwise a
# missing service stops the run with a sentence saying what to install. Nothing is skipped.
set -euo pipefail

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
pg_up() { command -v pg_isready >/dev/null 2>&1 && pg_isready -h 127.0.0.1 -p 5432 -q; }
if pg_up; then
  say PostgreSQL "running on 127.0.0.1:5432"
else
  if ! command -v pg_ctlcluster >/dev/null 2>&1; then
    if can_install; then
      apt_install postgresql
      say PostgreSQL "none installed: installed Debian's postgresql"
    else
      fail PostgreSQL "none on 127.0.0.1:5432 and none installed" \
        "install PostgreSQL (Debian: apt-get install postgresql), or start one on 127.0.0.1:5432 with trust auth for user postgres."
    fi
  fi
  version="$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n1)"
  [[ -n "$version" ]] || fail PostgreSQL "installed, but no cluster in /etc/postgresql" "create one with pg_createcluster, or start PostgreSQL on 127.0.0.1:5432."
  # Local test runs: trust on the loopback, as CI machines are set up.
  hba="/etc/postgresql/$version/main/pg_hba.conf"
  if [[ -w "$hba" ]] && ! grep -qE '^host\s+all\s+all\s+127\.0\.0\.1/32\s+trust' "$hba"; then
    sed -i '1i host all all 127.0.0.1/32 trust' "$hba"
  fi
  pg_ctlcluster --skip-systemctl-redirect "$version" main start 2>/dev/null || pg_ctlcluster "$version" main start
  for _ in $(seq 1 30); do pg_up && break; sleep 1; done
  pg_up || fail PostgreSQL "started cluster $version/main, but it does not answer on 127.0.0.1:5432" "check its log in /var/log/postgresql."
  say PostgreSQL "none on 127.0.0.1:5432: started cluster $version/main"
fi
if [[ "$(psql -h 127.0.0.1 -U postgres -d postgres -tAc "select 1 from pg_database where datname = 'test'" 2>/dev/null)" == "1" ]]; then
  say database "test exists"
else
  createdb -h 127.0.0.1 -U postgres test 2>/dev/null || fail database "cannot create database test" "allow user postgres to connect from 127.0.0.1 without a password (trust), or create the database test."
  say database "created test"
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
