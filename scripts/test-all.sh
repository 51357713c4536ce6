#!/usr/bin/env bash
# `npm test`: every check the project has, in order, stopping at the first failure.
# Needs PostgreSQL at 127.0.0.1:5432 with a database `test` (lib/db tests), Redis at
# 127.0.0.1:6379 (the BFF's shared rate budget and cache) and Chromium at
# /usr/bin/chromium (Playwright); .ci/run makes sure of all three.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

started=$SECONDS
step() { printf '\n\033[1m▶ %s\033[0m\n' "$1"; step_started=$SECONDS; }
done_step() { printf '\033[2m  %s took %ss\033[0m\n' "$1" $((SECONDS - step_started)); }

step "lint (eslint)"
npx eslint .
done_step lint

step "typecheck (tsc --noEmit)"
npx next typegen >/dev/null
npx tsc --noEmit
done_step typecheck

step "unit and integration tests (vitest)"
npx vitest run
done_step vitest

step "production build (next build)"
npx next build
done_step build

step "key-leak check (built assets and a crawl of the running app)"
npx tsx scripts/check-key-leak.ts
done_step key-leak

step "two instances, one rate budget (built app on PostgreSQL and Redis)"
npx tsx scripts/two-instances.ts
done_step two-instances

step "end-to-end tests (playwright)"
E2E_SKIP_BUILD=1 npx playwright test
done_step playwright

printf '\n\033[1;32mAll checks passed\033[0m in %ss\n' $((SECONDS - started))
