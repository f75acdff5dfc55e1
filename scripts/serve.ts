/**
 * Serves the production build locally in workerd with every binding of wrangler.toml live: D1, KV,
 * the Durable Object, the queue and its consumers, static assets, and the crons, fired on their
 * schedule as Cloudflare fires them. Secrets come from `.dev.vars` as with `wrangler dev`.
 *
 * Usage: tsx scripts/serve.ts [--port 8787] [--host localhost] [--persist-to .wrangler/state]
 *          [--var NAME:value]… [--worker <bundled app.js> --assets <client dir>]
 *
 * It runs the Worker in Miniflare directly rather than under `wrangler dev`: wrangler 4.86's dev proxy
 * (the last release for Node 20) sends each request on to the Worker over a pooled connection that
 * both ends close after 5 s idle, and a form post sent on one as it closes fails with "Network
 * connection lost" (cloudflare/workers-sdk#15252). Clients talk to a small HTTP server of our own
 * (scripts/http-front.ts), which keeps their idle connections open as long as it announces, and sends
 * each request on to workerd on a connection used for that request alone: workerd closes idle
 * connections after 5 s (sooner after a long answer), unannounced and not configurable.
 *
 * What it serves is a snapshot: the Worker bundled once as `wrangler deploy` would upload it, and a
 * copy of build/client, under .wrangler/serve-<port>/ (or a snapshot of the caller's, given with
 * --worker and --assets). A rebuild while it runs changes nothing until it is started again. Local
 * state is kept where `wrangler d1 … --local --persist-to` keeps it.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { Cron } from "croner";
import { Log, LogLevel, Miniflare, Response, type Request, type WorkerOptions } from "miniflare";
import { snapshotBuild } from "./build-snapshot";
import { startHttpFront } from "./http-front";
import { appWorker } from "./worker-options";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "8787" },
    host: { type: "string", default: "localhost" },
    "persist-to": { type: "string", default: ".wrangler/state" },
    var: { type: "string", multiple: true, default: [] },
    worker: { type: "string" },
    assets: { type: "string" },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port <= 0) throw new Error(`--port must be a port number, not "${values.port}"`);
const vars = Object.fromEntries(
  values.var.map((setting) => {
    const at = setting.indexOf(":");
    if (at <= 0) throw new Error(`--var takes NAME:value, not "${setting}"`);
    return [setting.slice(0, at), setting.slice(at + 1)];
  }),
);

if (Boolean(values.worker) !== Boolean(values.assets)) throw new Error("--worker and --assets go together");
const snapshot =
  values.worker && values.assets
    ? { workerFile: path.resolve(values.worker), clientDir: path.resolve(values.assets) }
    : await snapshotBuild(path.join(ROOT, ".wrangler", `serve-${port}`));

const { config, worker } = appWorker(snapshot, { PUBLIC_SITE_URL: `http://localhost:${port}`, ...vars });

// GET /__scheduled?cron=<expression> fires one cron now, as `wrangler dev --test-scheduled` does:
// a small Worker on that path hands the expression to fireCron here.
const cronTrigger: WorkerOptions = {
  name: "cron-trigger",
  modules: true,
  routes: ["*/__scheduled*"],
  compatibilityDate: config.compatibility_date,
  serviceBindings: {
    FIRE: async (request: Request) => {
      const cron = new URL(request.url).searchParams.get("cron");
      if (!cron) return new Response("Add ?cron=<expression>, e.g. ?cron=0+16+*+*+*", { status: 400 });
      const outcome = await fireCron(cron, new Date());
      return new Response(outcome, { status: outcome === "ok" ? 200 : 500 });
    },
  },
  script: "export default { fetch: (request, env) => env.FIRE.fetch(request) };",
};

const mf = new Miniflare({
  workers: [worker, cronTrigger],
  // Reached only through the HTTP front below, on a port of the system's choosing.
  host: "127.0.0.1",
  port: 0,
  // The same layout as wrangler's --persist-to, so `wrangler d1 migrations apply --local` and the seed share it.
  defaultPersistRoot: path.join(path.resolve(ROOT, values["persist-to"]), "v3"),
  // Request.cf is a fixed placeholder: there is no internet to fetch Cloudflare's from.
  cf: false,
  log: new Log(LogLevel.WARN),
});
const front = await startHttpFront({ host: values.host, port, upstream: await mf.ready });

// Crons: each fires on its schedule (UTC, as on Cloudflare) with its own expression, as the
// scheduled handler expects.
async function fireCron(cron: string, scheduledTime: Date): Promise<string> {
  try {
    const app = await mf.getWorker(config.name);
    const { outcome } = await app.scheduled({ cron, scheduledTime });
    if (outcome !== "ok") console.error(`cron "${cron}": ${outcome}`);
    return outcome;
  } catch (error) {
    console.error(`cron "${cron}":`, error instanceof Error ? error.message : error);
    return "exception";
  }
}
const crons = config.triggers.crons ?? [];
for (const expression of crons) {
  new Cron(expression, { timezone: "UTC", protect: true }, async (job: Cron) => {
    await fireCron(expression, job.currentRun() ?? new Date());
  });
}

console.log(`Serving ${config.name} at http://${values.host}:${port}/ (state in ${values["persist-to"]}; crons: ${crons.join(", ") || "none"})`);

const stop = async () => {
  await front.close();
  await mf.dispose();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
