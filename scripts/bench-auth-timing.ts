/**
 * Account-enumeration timing check for POST /auth/v1/otp, /recover and /resend: the median response
 * time for an address with an account against one without. They should be within 10% of each other.
 *
 *   tsx scripts/bench-auth-timing.ts                 serves the current build with the local server
 *                                                    (scripts/serve.ts) on 127.0.0.1:8790 (fresh local
 *                                                    state, migrated and seeded), measures, and stops it
 *   tsx scripts/bench-auth-timing.ts --url <origin>  measures a server that is already running
 *   --requests <n>                                   requests per endpoint and address kind (50)
 *
 * Each request comes from its own client address (CF-Connecting-IP, which the local server takes
 * from the client), so the per-source limits never answer instead of the endpoint. Requests for the two
 * kinds alternate, so drift in the machine's load falls on both alike. Exit code 1 when a median pair
 * differs by more than 10%.
 */
import { DEMO_ACCOUNTS } from "../app/db/seed-data";
import { freshState, median, startServer, type LocalServer } from "./bench-support";

const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const REQUESTS = Number(option("--requests") ?? 50);
const PORT = 8790;
const TOLERANCE = 0.1;
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

async function main() {
  const given = option("--url");
  const state = given ? null : freshState("clarity-auth-timing-");
  const origin = given ?? `http://127.0.0.1:${PORT}`;
  let server: LocalServer | null = null;
  try {
    if (state) server = await startServer({ port: PORT, state });
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
    server?.stop();
    state?.remove();
  }
}

await main();
