#!/usr/bin/env bash
# Serves the production build for the Playwright journeys with fresh local D1/KV/queue state.
#
# It serves a snapshot of the build, not build/ itself: the Worker bundled once (`wrangler deploy
# --dry-run`) and a copy of build/client, under .wrangler/ where wrangler dev watches nothing. Served
# from build/, any change there (a rebuild while the journeys run) reloads the Worker, and a POST in
# flight during a reload is answered 503 "Your worker restarted mid-request".
set -euo pipefail
port="${1:-8789}"
state=".wrangler/e2e-state"
snapshot=".wrangler/e2e-build"
export CLOUDFLARE_CF_FETCH_ENABLED=false WRANGLER_SEND_METRICS=false
rm -rf "$state" "$snapshot"
mkdir -p "$snapshot"
cp -R build/client "$snapshot/client"
npx wrangler deploy --dry-run --outdir "$snapshot/worker" >/dev/null
npx wrangler d1 migrations apply DB --local --persist-to "$state" >/dev/null
npx tsx scripts/seed.ts --persist-to "$state" >/dev/null
# --config: given a script, wrangler would otherwise leave out wrangler.toml's bindings.
exec npx wrangler dev "$snapshot/worker/app.js" --no-bundle --assets "$snapshot/client" --config wrangler.toml \
  --port "$port" --persist-to "$state" --test-scheduled --log-level warn --var "PUBLIC_SITE_URL:http://localhost:${port}"
