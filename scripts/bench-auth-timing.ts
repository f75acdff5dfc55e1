/**
 * Account-enumeration timing check for POST /auth/v1/otp, /recover and /resend: the median response
 * time for an address with an account against one without. They should be within 10% of each other.
 *
 *   tsx scripts/bench-auth-timing.ts                 serves the current build with `wrangler dev` on
 *                                                    127.0.0.1:8790 (fresh local state, migrated and
 *                                                    seeded), measures, and stops it
 *   tsx scripts/bench-auth-timing.ts --url <origin>  measures a server that is already running
 *   --requests <n>                                   requests per endpoint and address kind (50)
 *
 * Each request comes from its own client address (CF-Connecting-IP, which `wrangler dev` takes from
 * the client), so the per-source limits never answer instead of the endpoint. Requests for the two
 * kinds alternate, so drift in the machine's load falls on both alike. Exit code 1 when a median pair
 * differs by more than 10%.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { DEMO_ACCOUNTS } from "../app/db/seed-data";

const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const REQUESTS = Number(option("--requests") ?? 50);
const PORT = 8790;
const TOLERANCE = 0.1;
const STATE_DIR = ".wrangler/bench-auth-timing-state";
const EXISTING = DEMO_ACCOUNTS.find((account) => account.role === "client")?.email ?? DEMO_ACCOUNTS[0]!.email;

type Endpoint = { name: string; path: string; body: (email: string) => Record<string, unknown> };
const ENDPOINTS: Endpoint[] = [
  { name: "POST /otp", path: "/auth/v1/otp", body: (email) => ({ email, create_user: false }) },
  { name: "POST /recover", path: "/auth/v1/recover", body: (email) => ({ email }) },
  { name: "POST /resend", path: "/auth/v1/resend", body: (email) => ({ email, type: "signup" }) },
];

let nextAddress = 1;
/** A client address of its own for every request: 10.x.y.z. */
function clientAddress() {
  const n = nextAddress++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function timed(origin: string, endpoint: Endpoint, email: string) {
  const started = performance.now();
  const response = await fetch(`${origin}${endpoint.path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": clientAddress() },
    body: JSON.stringify(endpoint.body(email)),
  });
  const text = await response.text();
  const elapsed = performance.now() - started;
  if (response.status !== 200 || text !== "{}") throw new Error(`${endpoint.name} for ${email}: ${response.status} ${text.slice(0, 200)}`);
  return elapsed;
}

function run(command: string, commandArgs: string[]) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, commandArgs, { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false" } });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${commandArgs.join(" ")} exited with ${code}`))));
  });
}

async function startServer(): Promise<{ origin: string; server: ChildProcess }> {
  rmSync(STATE_DIR, { recursive: true, force: true });
  await run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE_DIR]);
  await run("npx", ["tsx", "scripts/seed.ts", "--persist-to", STATE_DIR]);
  const server = spawn("npx", ["wrangler", "dev", "--ip", "127.0.0.1", "--port", String(PORT), "--persist-to", STATE_DIR, "--log-level", "warn"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false" },
    detached: true,
  });
  const origin = `http://127.0.0.1:${PORT}`;
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      if ((await fetch(`${origin}/auth/v1/.well-known/jwks.json`)).ok) return { origin, server };
    } catch {
      // Not listening yet.
    }
    await sleep(500);
  }
  throw new Error("wrangler dev did not answer within 60 s");
}

async function main() {
  const given = option("--url");
  const started = given ? null : await startServer();
  const origin = given ?? started!.origin;
  try {
    const results: { endpoint: string; existing: number; missing: number; difference: number }[] = [];
    for (const endpoint of ENDPOINTS) {
      // Warm-up: first requests compile code paths and open the database.
      for (let i = 0; i < 5; i++) {
        await timed(origin, endpoint, EXISTING);
        await timed(origin, endpoint, `warm-up-${i}-${Date.now()}@example.com.au`);
      }
      const existing: number[] = [];
      const missing: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const missingEmail = `nobody-${Date.now()}-${i}@example.com.au`;
        // Alternate which kind goes first, so neither always follows the other's background work.
        if (i % 2) {
          existing.push(await timed(origin, endpoint, EXISTING));
          missing.push(await timed(origin, endpoint, missingEmail));
        } else {
          missing.push(await timed(origin, endpoint, missingEmail));
          existing.push(await timed(origin, endpoint, EXISTING));
        }
      }
      const [a, b] = [median(existing), median(missing)];
      results.push({ endpoint: endpoint.name, existing: a, missing: b, difference: Math.abs(a - b) / Math.min(a, b) });
    }
    console.log(`Median response time over ${REQUESTS} requests each (existing account ${EXISTING} vs a missing address):`);
    for (const row of results) {
      const verdict = row.difference <= TOLERANCE ? "ok" : "MISSED";
      console.log(
        `  ${row.endpoint.padEnd(14)} existing ${row.existing.toFixed(2)} ms   missing ${row.missing.toFixed(2)} ms   difference ${(row.difference * 100).toFixed(1)}%   ${verdict}`,
      );
    }
    process.exitCode = results.every((row) => row.difference <= TOLERANCE) ? 0 : 1;
  } finally {
    if (started?.server.pid) process.kill(-started.server.pid, "SIGTERM");
  }
}

await main();
