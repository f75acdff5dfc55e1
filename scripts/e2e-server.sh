#!/usr/bin/env bash
# Serves the production build for the Playwright journeys with fresh local D1/KV/queue state, through
# scripts/serve.ts (a snapshot of the build in workerd, behind the server's own HTTP front rather than
# wrangler's dev proxy; decision record 009).
set -euo pipefail
port="${1:-8789}"
state=".wrangler/e2e-state"
export CLOUDFLARE_CF_FETCH_ENABLED=false WRANGLER_SEND_METRICS=false
rm -rf "$state"
npx wrangler d1 migrations apply DB --local --persist-to "$state" >/dev/null
npx tsx scripts/seed.ts --persist-to "$state" >/dev/null
exec npx tsx scripts/serve.ts --port "$port" --persist-to "$state" --test-accounts
