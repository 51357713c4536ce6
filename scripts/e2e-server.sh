#!/usr/bin/env bash
# The server Playwright tests run against (playwright.config.ts): a production build of
# the app with the sandbox mounted, on data directories emptied at every start.
#
# Its log goes to a file (E2E_SERVER_LOG, default test-results/e2e-server.log), not between the
# test results: what it prints while starting is shown once it answers (or, when it cannot
# start, with its exit code), and a failed test shows the lines logged while it ran
# (e2e/fixtures.ts). Should the server stop during the run, its last lines are shown.
set -euo pipefail
cd "$(dirname "$0")/.."
port="${1:-3100}"
log="${E2E_SERVER_LOG:-test-results/e2e-server.log}"
rm -rf "${SANDBOX_DATA_DIR:-.data/e2e-sandbox}" "${PGLITE_DIR:-.data/e2e-pglite}"
if [[ -z "${E2E_SKIP_BUILD:-}" || ! -f .next/BUILD_ID ]]; then
  npx next build
fi
mkdir -p "$(dirname "$log")"
: >"$log"
# Playwright stops the whole process group (this script and the server) when the run ends.
node node_modules/next/dist/bin/next start -p "$port" -H 127.0.0.1 >>"$log" 2>&1 &
server=$!

# Start-up: until Next says it is ready (a few seconds), or the server stops.
ready=""
for ((i = 0; i < 2400; i++)); do
  if grep -q "Ready in" "$log"; then
    ready=1
    break
  fi
  if ! kill -0 "$server" 2>/dev/null; then break; fi
  sleep 0.25
done
cat "$log"
if [[ -z "$ready" ]]; then
  status=0
  wait "$server" || status=$?
  echo "The e2e server did not start (exit code ${status}); its whole log is above and in ${log}." >&2
  exit "$(( status == 0 ? 1 : status ))"
fi
printf '\nThe e2e server answers on port %s; its log continues in %s (a failed test shows the lines of its own time).\n' "$port" "$log"

status=0
wait "$server" || status=$?
{
  echo "The e2e server stopped (exit code ${status}). Its last lines (all of them in ${log}):"
  tail -n 60 "$log"
} >&2
exit "$status"
