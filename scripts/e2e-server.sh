#!/usr/bin/env bash
# Serves the production build for the Playwright journeys with fresh local D1/KV/queue state.
set -euo pipefail
port="${1:-8789}"
state=".wrangler/e2e-state"
export CLOUDFLARE_CF_FETCH_ENABLED=false
rm -rf "$state"
npx wrangler d1 migrations apply DB --local --persist-to "$state" >/dev/null
npx tsx scripts/seed.ts --persist-to "$state" >/dev/null
exec npx wrangler dev --port "$port" --persist-to "$state" --test-scheduled --log-level warn --var "PUBLIC_SITE_URL:http://localhost:${port}"
