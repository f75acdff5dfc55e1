#!/usr/bin/env bash
# Serves the production build for the Playwright journeys with fresh local D1/KV/queue state, through
# scripts/serve.ts (a snapshot of the build in workerd, behind the server's own HTTP front rather than
# wrangler's dev proxy; decision record 009).
#
#   e2e-server.sh [port]            fresh state (migrations and seed), then serve
#   e2e-server.sh --prepare         only the fresh state, marked as prepared; `npm test` runs this
#                                   beside the static checks, so the journeys' server starts at once
#   E2E_PREPARED=1 e2e-server.sh    serve a state made by --prepare (once: the mark is used up), or
#                                   make a fresh one when there is none
set -euo pipefail
state=".wrangler/e2e-state"
mark="$state/.prepared"
export CLOUDFLARE_CF_FETCH_ENABLED=false WRANGLER_SEND_METRICS=false

prepare() {
  rm -rf "$state"
  npx wrangler d1 migrations apply DB --local --persist-to "$state" >/dev/null
  npx tsx scripts/seed.ts --persist-to "$state" >/dev/null
}

if [ "${1:-}" = "--prepare" ]; then
  prepare
  touch "$mark"
  exit 0
fi
port="${1:-8789}"
if [ -n "${E2E_PREPARED:-}" ] && [ -f "$mark" ]; then
  rm "$mark"
else
  prepare
fi
exec npx tsx scripts/serve.ts --port "$port" --persist-to "$state" --test-accounts
