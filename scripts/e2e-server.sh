#!/usr/bin/env bash
# The server Playwright tests run against (playwright.config.ts): a production build of
# the app with the sandbox mounted, on data directories emptied at every start.
set -euo pipefail
cd "$(dirname "$0")/.."
port="${1:-3100}"
rm -rf "${SANDBOX_DATA_DIR:-.data/e2e-sandbox}" "${PGLITE_DIR:-.data/e2e-pglite}"
if [[ -z "${E2E_SKIP_BUILD:-}" || ! -f .next/BUILD_ID ]]; then
  npx next build
fi
# exec: Playwright stops this PID, which is then the server itself.
exec node node_modules/next/dist/bin/next start -p "$port" -H 127.0.0.1
