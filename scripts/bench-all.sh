#!/usr/bin/env bash
# `npm run bench`: every benchmark in bench/, each printing its figures.
set -euo pipefail
cd "$(dirname "$0")/.."
for b in bench/*.ts; do
  printf '\n== %s\n' "$b"
  # As Next's server does, so that the BFF's server-only modules (lib/tds/client) load.
  npx tsx --conditions=react-server "$b"
done
