/**
 * Serves the production build locally in workerd with every binding of wrangler.toml live: D1, KV,
 * the Durable Object, the queue and its consumers, static assets, and the crons, fired on their
 * schedule as Cloudflare fires them. Secrets come from `.dev.vars` as with `wrangler dev`.
 *
 * Usage: tsx scripts/serve.ts [--port 8787] [--host localhost] [--persist-to .wrangler/state]
 *          [--var NAME:value]… [--worker <bundled app.js> --assets <client dir>] [--test-accounts]
 *
 * --test-accounts (the Playwright journeys' server only, scripts/e2e-server.sh; loopback hosts only)
 * also answers POST /__test/accounts, a confirmed account written straight into the local D1, and
 * POST /__test/sessions, a web session for an account started by the app's own sign-in functions
 * (tests/e2e/session-worker.ts): a journey that is not about signing in starts signed in without the
 * form. Neither is part of the app's build; `npm start` and deploys never serve them.
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
    "test-accounts": { type: "boolean", default: false },
  },
});
const port = Number(values.port);
if (values["test-accounts"] && !["localhost", "127.0.0.1", "::1"].includes(values.host))
  throw new Error("--test-accounts makes accounts and sessions without a password: loopback hosts only");
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

// POST /__test/accounts {email, passwordHash, firstName, lastName, roles}: a confirmed account with an
// email identity, a profile and roles, as a sign-up confirmed by its emailed code leaves it (the
// journeys' own server only: never part of `npm start`).
const ROLES = new Set(["admin", "coach", "client"]);
const testAccounts: WorkerOptions = {
  name: "test-accounts",
  modules: true,
  routes: ["*/__test/accounts"],
  compatibilityDate: config.compatibility_date,
  serviceBindings: {
    CREATE: async (request: Request, miniflare: Miniflare) => {
      const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
      const text = (key: string) => (typeof body?.[key] === "string" ? (body[key] as string) : "");
      const roles = Array.isArray(body?.roles) ? body.roles : [];
      const [email, passwordHash, firstName, lastName] = [text("email").trim().toLowerCase(), text("passwordHash"), text("firstName"), text("lastName")];
      if (request.method !== "POST" || !/^[^@\s]+@[^@\s]+$/.test(email) || !passwordHash.startsWith("$") || !roles.every((role) => ROLES.has(role)))
        return new Response("POST {email, passwordHash, firstName, lastName, roles}", { status: 400 });
      const db = await miniflare.getD1Database("DB", config.name);
      const id = crypto.randomUUID();
      const now = new Date().toISOString();
      await db.batch([
        db
          .prepare(
            "INSERT INTO users (id, email, password_hash, email_confirmed_at, user_metadata, app_metadata, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
          )
          .bind(
            id,
            email,
            passwordHash,
            now,
            JSON.stringify({ first_name: firstName, last_name: lastName }),
            JSON.stringify({ provider: "email", providers: ["email"] }),
            now,
            now,
          ),
        db
          .prepare("INSERT INTO identities (id, user_id, provider, provider_id, identity_data, email) VALUES (?, ?, 'email', ?, ?, ?)")
          .bind(crypto.randomUUID(), id, id, JSON.stringify({ sub: id, email, email_verified: true }), email),
        db.prepare("INSERT INTO profiles (user_id, first_name, last_name) VALUES (?, ?, ?)").bind(id, firstName, lastName),
        ...roles.map((role) => db.prepare("INSERT INTO user_roles (user_id, role) VALUES (?, ?)").bind(id, role)),
      ]);
      return Response.json({ id, email }, { status: 201 });
    },
  },
  script: "export default { fetch: (request, env) => env.CREATE.fetch(request) };",
};

// POST /__test/bookings {coachEmail, clientEmail, startsInMinutes?}: a confirmed booking between two
// accounts, starting that many minutes from now (5 unless given), so a journey can open its meeting
// room at once. PATCH /__test/bookings {id, startsInMinutes}: moves a booking made through the pages
// to start that many minutes from now, its length kept, so a journey can meet in its room and mark
// its outcome without waiting for the booked day (the journeys' own server only).
const testBookings: WorkerOptions = {
  name: "test-bookings",
  modules: true,
  routes: ["*/__test/bookings"],
  compatibilityDate: config.compatibility_date,
  serviceBindings: {
    BOOK: async (request: Request, miniflare: Miniflare) => {
      const body = (await request.json().catch(() => null)) as { id?: unknown; coachEmail?: unknown; clientEmail?: unknown; startsInMinutes?: unknown } | null;
      const startsIn = typeof body?.startsInMinutes === "number" ? body.startsInMinutes : 5;
      if (request.method === "PATCH") {
        if (typeof body?.id !== "string" || typeof body.startsInMinutes !== "number") return new Response("PATCH {id, startsInMinutes}", { status: 400 });
        const db = await miniflare.getD1Database("DB", config.name);
        const booking = await db.prepare("SELECT starts_at, ends_at FROM bookings WHERE id = ?").bind(body.id).first<{ starts_at: string; ends_at: string }>();
        if (!booking) return new Response("No such booking", { status: 404 });
        const startsAt = Date.now() + startsIn * 60_000;
        const length = Date.parse(booking.ends_at) - Date.parse(booking.starts_at);
        await db
          .prepare("UPDATE bookings SET starts_at = ?, ends_at = ? WHERE id = ?")
          .bind(new Date(startsAt).toISOString(), new Date(startsAt + length).toISOString(), body.id)
          .run();
        return new Response(null, { status: 204 });
      }
      if (request.method !== "POST" || typeof body?.coachEmail !== "string" || typeof body.clientEmail !== "string")
        return new Response("POST {coachEmail, clientEmail, startsInMinutes?}", { status: 400 });
      const db = await miniflare.getD1Database("DB", config.name);
      const userOf = (email: string) => db.prepare("SELECT id FROM users WHERE email = ?").bind(email.toLowerCase()).first<{ id: string }>();
      const [coach, client, type] = await Promise.all([
        userOf(body.coachEmail),
        userOf(body.clientEmail),
        db
          .prepare("SELECT id, duration_minutes FROM booking_types WHERE kind = 'session' ORDER BY sort_order LIMIT 1")
          .first<{ id: string; duration_minutes: number }>(),
      ]);
      if (!coach || !client || !type) return new Response("No such coach, client or session type", { status: 400 });
      const id = crypto.randomUUID();
      const startsAt = new Date(Date.now() + startsIn * 60_000);
      const endsAt = new Date(startsAt.getTime() + type.duration_minutes * 60_000);
      await db
        .prepare(
          `INSERT INTO bookings (id, reference, coach_id, client_id, booking_type_id, starts_at, ends_at, status, name, email, client_time_zone, payment_method)
           VALUES (?, ?, ?, ?, ?, ?, ?, 'confirmed', 'Test Client', ?, 'Australia/Sydney', 'free')`,
        )
        .bind(
          id,
          `CA-T${id.slice(0, 6).toUpperCase()}`,
          coach.id,
          client.id,
          type.id,
          startsAt.toISOString(),
          endsAt.toISOString(),
          body.clientEmail.toLowerCase(),
        )
        .run();
      return Response.json({ id }, { status: 201 });
    },
  },
  script: "export default { fetch: (request, env) => env.BOOK.fetch(request) };",
};

// POST /__test/d1 {statements}: SQL a journey needs in the database that no page writes (last month's
// completed sessions, a module of its own), run in one batch through the server's own D1 rather than
// by a second process writing the same SQLite file, which could leave the app's writes meanwhile
// (a cron's job) refused as "database is locked" (the journeys' own server only).
const testD1: WorkerOptions = {
  name: "test-d1",
  modules: true,
  routes: ["*/__test/d1"],
  compatibilityDate: config.compatibility_date,
  serviceBindings: {
    RUN: async (request: Request, miniflare: Miniflare) => {
      const body = (await request.json().catch(() => null)) as { statements?: unknown } | null;
      const statements = Array.isArray(body?.statements) ? body.statements : [];
      if (request.method !== "POST" || !statements.length || !statements.every((sql) => typeof sql === "string" && sql.trim()))
        return new Response("POST {statements: [sql, …]}", { status: 400 });
      const db = await miniflare.getD1Database("DB", config.name);
      await db.batch(statements.map((sql: string) => db.prepare(sql)));
      return new Response(null, { status: 204 });
    },
  },
  script: "export default { fetch: (request, env) => env.RUN.fetch(request) };",
};

// POST /__test/dead-letters {to, subject}: an email waiting to send whose delivery job used up its
// retries, recorded as the dead-letter consumer records one (failed_jobs), so a journey can replay
// it from "Needs attention" (the journeys' own server only).
const testDeadLetters: WorkerOptions = {
  name: "test-dead-letters",
  modules: true,
  routes: ["*/__test/dead-letters"],
  compatibilityDate: config.compatibility_date,
  serviceBindings: {
    DEAD: async (request: Request, miniflare: Miniflare) => {
      const body = (await request.json().catch(() => null)) as { to?: unknown; subject?: unknown } | null;
      if (request.method !== "POST" || typeof body?.to !== "string" || typeof body.subject !== "string")
        return new Response("POST {to, subject}", { status: 400 });
      const db = await miniflare.getD1Database("DB", config.name);
      const [outboxId, failedJobId] = [crypto.randomUUID(), crypto.randomUUID()];
      const now = new Date().toISOString();
      await db.batch([
        db
          .prepare("INSERT INTO email_outbox (id, dedupe_key, to_address, subject, text_body, status, provider) VALUES (?, ?, ?, ?, ?, 'pending', 'outbox')")
          .bind(outboxId, `test:${outboxId}`, body.to, body.subject, `${body.subject}\n\nSent by the journeys' server.`),
        db
          .prepare(
            "INSERT INTO failed_jobs (id, message_id, type, body, outbox_id, error, attempts, queued_at, failed_at) VALUES (?, ?, 'email.send', ?, ?, 'Email provider answered 503', 4, ?, ?)",
          )
          .bind(failedJobId, `test-${failedJobId}`, JSON.stringify({ type: "email.send", version: 1, outboxId }), outboxId, now, now),
      ]);
      return Response.json({ outboxId, failedJobId }, { status: 201 });
    },
  },
  script: "export default { fetch: (request, env) => env.DEAD.fetch(request) };",
};

// POST /__test/sessions {email}: tests/e2e/session-worker.ts, bundled here, with the app's bindings
// (the same local D1 and KV) but none of its Durable Objects, queue consumers or assets.
async function testSessions(): Promise<WorkerOptions> {
  const { build } = await import("esbuild");
  const outfile = path.join(path.dirname(snapshot.workerFile), "..", "test-sessions", "worker.js");
  await build({
    entryPoints: [path.join(ROOT, "tests", "e2e", "session-worker.ts")],
    bundle: true,
    format: "esm",
    platform: "node",
    conditions: ["workerd", "worker", "browser"],
    external: ["cloudflare:*"],
    jsx: "automatic",
    tsconfig: path.join(ROOT, "tsconfig.json"),
    outfile,
    logLevel: "warning",
  });
  const { durableObjects: _objects, queueConsumers: _consumers, assets: _assets, ...shared } = worker as WorkerOptions & Record<string, unknown>;
  return {
    ...shared,
    name: "test-sessions",
    routes: ["*/__test/sessions"],
    modulesRoot: path.dirname(outfile),
    modules: [{ type: "ESModule", path: outfile }],
  } as WorkerOptions;
}

const mf = new Miniflare({
  workers: [worker, cronTrigger, ...(values["test-accounts"] ? [testAccounts, testBookings, testDeadLetters, testD1, await testSessions()] : [])],
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
if (values["test-accounts"])
  console.log(
    "POST /__test/accounts, /__test/sessions, /__test/bookings and /__test/dead-letters make accounts, sessions, bookings and failed emails, PATCH /__test/bookings moves one, POST /__test/d1 runs SQL (--test-accounts): for the journeys' server only",
  );

const stop = async () => {
  await front.close();
  await mf.dispose();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
