/**
 * What the benches share: summary statistics, and for the benches that run on a state of their own
 * (bench-ai.ts, bench-marketing.ts) the throwaway local state, the local server on it and the demo
 * accounts' sign-in.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { setTimeout as sleep } from "node:timers/promises";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false" };

/** The seed's demo accounts (scripts/seed.ts). */
export const DEMO_CLIENT = { email: "client@clarityai.test", password: "Demo-Coaching-2026!" };
export const DEMO_ADMIN = { email: "admin@clarityai.test", password: "Demo-Coaching-2026!" };

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** `--port <n>`, or the bench's own port. */
export function portFlag(fallback: number): number {
  const index = process.argv.indexOf("--port");
  return index > -1 ? Number(process.argv[index + 1]) : fallback;
}

export type BenchState = {
  dir: string;
  /** `npx <args> --persist-to <dir>`, e.g. a `wrangler d1 execute DB --local` on this state. */
  run(args: string[]): void;
  remove(): void;
};

/** A throwaway `--persist-to` directory with the migrations and the seed applied, as scripts/e2e-server.sh does. */
export function freshState(prefix: string): BenchState {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const state: BenchState = {
    dir,
    run: (args) => execFileSync("npx", [...args, "--persist-to", dir], { cwd: ROOT, env, stdio: ["ignore", "ignore", "inherit"] }),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
  try {
    state.run(["wrangler", "d1", "migrations", "apply", "DB", "--local"]);
    state.run(["tsx", "scripts/seed.ts"]);
  } catch (error) {
    state.remove();
    throw error;
  }
  return state;
}

export type LocalServer = {
  /** The server's process group (npx, tsx, workerd): what groupCpuNs sums. */
  processGroup: number;
  stop(): void;
};

/**
 * scripts/serve.ts (the build in workerd, as `npm start` serves it) on this state, on 127.0.0.1, in
 * its own process group so stop() reaches it and workerd alike; resolves once /about answers.
 * `vars` are `--var NAME:value` settings besides PUBLIC_SITE_URL; `logs` shows the Worker's log.
 */
export async function startServer(options: {
  port: number;
  state: BenchState;
  vars?: Record<string, string>;
  logs?: boolean;
  /** Serve the journeys' POST /__test/accounts, /__test/sessions and /__test/bookings too (scripts/serve.ts --test-accounts). */
  testAccounts?: boolean;
}): Promise<LocalServer> {
  const origin = `http://127.0.0.1:${options.port}`;
  const vars = { ...options.vars, PUBLIC_SITE_URL: origin };
  const child = spawn(
    "npx",
    [
      "tsx",
      "scripts/serve.ts",
      "--port",
      String(options.port),
      "--host",
      "127.0.0.1",
      "--persist-to",
      options.state.dir,
      ...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
      ...(options.testAccounts ? ["--test-accounts"] : []),
    ],
    { cwd: ROOT, env, stdio: ["ignore", options.logs ? "inherit" : "ignore", "inherit"], detached: true },
  );
  const server = {
    processGroup: child.pid ?? -1,
    stop() {
      if (!child.pid) return;
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
    },
  };
  try {
    await waitForServer(child, origin);
  } catch (error) {
    server.stop();
    throw error;
  }
  return server;
}

async function waitForServer(child: ChildProcess, origin: string) {
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error("the local server exited");
    try {
      const response = await fetch(`${origin}/about`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  throw new Error("the local server did not answer within 90 s");
}

/**
 * On-CPU nanoseconds so far of every thread of every process in the group (Linux /proc): read before
 * and after a request, the difference is what the local server spent on it. Timers inside a Worker
 * stand still while it computes, so in-Worker timing cannot measure this.
 */
export async function groupCpuNs(processGroup: number): Promise<number> {
  let total = 0;
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, "utf8");
      // pgrp is the 3rd field after the parenthesised command name.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== processGroup) continue;
      for (const task of await readdir(`/proc/${entry}/task`)) {
        total += Number((await readFile(`/proc/${entry}/task/${task}/schedstat`, "utf8")).split(" ")[0]);
      }
    } catch {
      // the process or thread ended meanwhile
    }
  }
  return total;
}

/** Signs in through /auth as a browser does; the session cookie as a Cookie header value. */
export async function signIn(origin: string, account: { email: string; password: string }, redirectTo: string): Promise<string> {
  const body = new URLSearchParams({ intent: "sign-in", email: account.email, password: account.password, redirectTo });
  const response = await fetch(`${origin}/auth`, { method: "POST", body, redirect: "manual", headers: { Origin: origin } });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("__Host-session="));
  if (!cookie) throw new Error(`sign-in failed: ${response.status}`);
  return cookie.split(";")[0]!;
}
