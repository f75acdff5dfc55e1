/**
 * Performance bench for the production build (`npm run bench`, flags: `--no-build`, `--no-lighthouse`,
 * `--port <n>` for the local server, 8788 unless given or set in BENCH_PORT, `--only-attribution` to
 * measure only the cost of attribution capture after the build, `--only-sizes` to stop after the
 * size budgets and the cold start: no local server, throughput or Lighthouse).
 *
 *   1. Build (`remix vite:build`) and apply local D1 migrations, then snapshot the build: build/client is
 *      copied and the Worker is bundled (`wrangler deploy --dry-run`) into a private temp directory, and
 *      everything below uses that snapshot (scripts/build-snapshot.ts). Others rebuild build/ while they
 *      work; without the snapshot, the server would serve a build that changes under it (or vanishes). A
 *      snapshot whose client and server halves differ (a rebuild landed in between) is retried.
 *   2. First-load JavaScript per route, gzip level 9, from the client build's manifest, against its
 *      budget: every page route, by its access in app/auth/route-access.ts (JS_BUDGETS_KB), or its own
 *      (ROUTE_JS_BUDGETS_KB: a lesson page, 100 kB).
 *      Then the Worker as deployed (bench-worker.ts): its size against WORKER_GZIP_BUDGET_KIB, and its
 *      cold start (a new workerd on the bundle until the first response, median of several).
 *   3. Throughput against the local server (scripts/serve.ts, as `npm start`) on 127.0.0.1 (in-process
 *      load generator): the home page from the warm edge cache, the home page rendered (a cookie the app does not know makes the edge cache step
 *      aside), the app's stylesheet (a static file of about the page's size) and the favicon. Then the
 *      CPU time per request, sequentially: the on-CPU time of every thread of the server's processes
 *      (/proc/<pid>/task/<tid>/schedstat, nanoseconds) before and after each request, median of many.
 *      Timers inside a Worker stand still while it computes, so in-Worker timing cannot measure this.
 *      Then the cost of attribution capture (decision record 006): the edge-cached home page for a
 *      browser without the attribution cookie, plain and landing from a campaign (so every request
 *      starts a session: a KV write and a Set-Cookie), and without a User-Agent (nothing counted).
 *   4. Lighthouse (mobile defaults, median of 3 runs) for every page in LIGHTHOUSE_PAGES.
 *   5. Summary on stdout and JSON in bench-results/latest.json.
 *
 * Sizes are budgets: the exit code is 1 when a page's first-load JavaScript or the Worker's size is
 * over budget, and when something could not be measured (build failure, wrangler not answering,
 * Lighthouse error, ...). The rest is a report: a missed throughput or Lighthouse target still exits 0.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { BLOG_POSTS } from "../app/content/blog-posts";
import { createWriteStream, existsSync, rmSync, type WriteStream } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createConnection } from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { constants as zlibConstants, gzipSync } from "node:zlib";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { groupCpuNs, median, percentile, ROOT } from "./bench-support";
import { findRemixManifest, snapshotBuild as snapshotBuildInto, type BuildSnapshot } from "./build-snapshot";
import { CHROMIUM_ARGS, resolveChromium } from "./chromium";
import { kib, measureColdStart, measureWorkerBundle, printWorker, type ColdStartReport, type WorkerBundleReport } from "./bench-worker";
import { ROUTE_ACCESS } from "../app/auth/route-access";

// ---------------------------------------------------------------------------------------------------
// Configuration
// ---------------------------------------------------------------------------------------------------

const RESULTS_DIR = path.join(ROOT, "bench-results");

const HOST = "127.0.0.1"; // the only host this script ever sends traffic to
const PORT = portArgument() ?? 8788;
const ORIGIN = `http://${HOST}:${PORT}`;

/** Pages audited by Lighthouse; each gets its own median. Add location pages, blog posts, ... here. */
const NEWEST_POST_SLUG = [...BLOG_POSTS].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))[0]!.slug;
const LIGHTHOUSE_PAGES: readonly { name: string; path: string }[] = [
  { name: "home", path: "/" },
  { name: "location", path: "/locations/sydney-business-coaching" },
  { name: "blog-post", path: `/blog/${NEWEST_POST_SLUG}` },
];
const LIGHTHOUSE_RUNS = 3;
const LIGHTHOUSE_CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type CategoryId = (typeof LIGHTHOUSE_CATEGORIES)[number];
/** Minimum score ×100 per category. */
const LIGHTHOUSE_TARGETS: Record<CategoryId, number> = {
  performance: 95,
  accessibility: 100,
  "best-practices": 95,
  seo: 100,
};
/**
 * Lazily loaded chunks to report, by the file name Vite gives them (their source module's name): the
 * floating AI coach button (after hydration, signed-in users only) and its chat window (on first open),
 * the ClarityAI plan cards (server-rendered, hydrated when their code arrives) and the profile's AI
 * assistant tab. A chunk `withPage` starts loading as soon as the page's modules run, so it counts in
 * the first load (and the budget) of every page whose modules import it.
 */
const LAZY_CHUNKS: readonly { name: string; prefix: string; withPage?: true }[] = [
  { name: "Floating chat buttons, after hydration", prefix: "floating-widgets-" },
  { name: "AI coach button (signed in), after hydration", prefix: "launcher-" },
  { name: "Service Assistant window, on open", prefix: "sales-window-" },
  { name: "AI coach chat window, on open", prefix: "coach-window-" },
  { name: "ClarityAI plan cards, with the page's modules", prefix: "clarityai-plan-cards-", withPage: true },
  { name: "Profile's AI assistant tab, where it shows", prefix: "ai-assistant-tab-" },
  { name: "Lesson's worksheet panel, where a lesson has one", prefix: "worksheet-panel-" },
  { name: "Lesson's worksheet editor (grid, live totals, saving), with its panel", prefix: "worksheet-editor-" },
];
/**
 * First-load JS budgets, kB (1 kB = 1000 bytes) of gzip, for every page route (a route module with a
 * default export) by its access in app/auth/route-access.ts: pages anyone may open, and pages for
 * signed-in users (any role).
 */
const JS_BUDGETS_KB = { public: 100, signedIn: 120 } as const;
/**
 * Pages with a budget of their own, tighter than their access's: a lesson page (issue 25) stays
 * within 100 kB, its worksheet's editor loading on demand (the lazy chunk above).
 */
const ROUTE_JS_BUDGETS_KB: Readonly<Record<string, number>> = { "routes/learning.lesson.$lessonId": 100 };
/** The Worker as deployed, gzip, KiB as wrangler prints them ("Total Upload"). */
const WORKER_GZIP_BUDGET_KIB = 1024;
const CLIENT_ENTRY_CANDIDATES = ["app/entry.client.tsx", "app/entry.client.jsx", "app/entry.client.ts", "app/entry.client.js"];
const ROOT_ROUTE_FILE = "app/root.tsx";

/**
 * Each endpoint gets `warmupMs` of unmeasured load, then `durationMs` measured, split into `rounds`
 * slices that alternate SSR and static so that background load on this shared machine hits both alike.
 */
const LOAD = { concurrency: 16, warmupMs: 2_000, durationMs: 8_000, rounds: 4 };
const SSR_PATH = "/";
const STATIC_PATH = "/favicon.svg"; // served by wrangler's asset server from the copy of build/client
/** The home page from the warm edge cache against the app's stylesheet, a static file of about its size. */
const MIN_CACHED_STYLESHEET_RATIO = 0.8;
/** The home page from the warm edge cache against the favicon (the bench's first comparison). */
const MIN_SSR_STATIC_RATIO = 0.5;
/** A cookie the app never sets: the edge cache answers BYPASS and the page is rendered (decision record 005). */
const RENDER_COOKIE = "bench=render";
/** A browser's User-Agent and Fetch Metadata: attribution ignores bots and counts only page loads. */
const BROWSER_HEADERS = {
  "user-agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36",
  "sec-fetch-dest": "document",
  "sec-fetch-mode": "navigate",
};
/** Campaign parameters on the home page: without the cookie, every such request is a new session. */
const CAMPAIGN_QUERY = "?utm_source=bench&utm_medium=email&utm_campaign=attribution-bench";
/** Throughput the campaign landing may lose against the plain page load (both from the edge cache). */
const MAX_ATTRIBUTION_COST = 0.1;
/** Sequential requests per endpoint for the CPU time per request. */
const CPU_SAMPLES = 60;
/** Public pages whose uncached render's CPU time is reported, one line each. */
const CPU_RENDERED_PAGES: readonly string[] = ["/", "/services", "/about", "/locations/sydney-business-coaching", `/blog/${NEWEST_POST_SLUG}`, "/resources"];

// Sign-in latency through the auth API with the seeded demo accounts (README "Demo accounts").
const SIGN_IN_ACCOUNTS = ["admin@clarityai.test", "coach@clarityai.test", "client@clarityai.test"];
const DEMO_PASSWORD = "Demo-Coaching-2026!";
const SIGN_IN_SAMPLES = 18; // 6 per account: inside the per-account (10) and per-address (30) limits
const BUILD_ATTEMPTS = 3;
const SERVER_READY_TIMEOUT_MS = 90_000;

// ---------------------------------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------------------------------

interface TargetCheck {
  name: string;
  value: number;
  target: string;
  pass: boolean;
  /** A budget: when missed, the bench fails (exit code 1). */
  budget?: boolean;
}

interface RouteBundle {
  route: string;
  /** Remix's route id (routes/admin.users); none for the client entry. */
  id?: string;
  /** A page: the route module has a default export (resource routes have none). */
  page: boolean;
  files: { file: string; gzipBytes: number }[];
  gzipBytes: number;
  kb: number;
}

interface BundleReport {
  source: string;
  routes: RouteBundle[];
  /** Chunks loaded later, on demand: what each downloads beyond what the page already has. */
  lazy: { name: string; files: { file: string; gzipBytes: number }[]; gzipBytes: number; kb: number }[];
}

interface LoadResult {
  path: string;
  ok: number;
  non200: number;
  errors: number;
  seconds: number;
  rps: number;
  p50Ms: number;
  p95Ms: number;
  bytesPerResponse: number;
  /** 200s that set a cookie. */
  setCookies: number;
  /** X-Edge-Cache values seen (HIT, STALE, MISS, BYPASS; "none" for static files). */
  edgeCache: Record<string, number>;
}

interface ThroughputReport {
  concurrency: number;
  durationMs: number;
  rounds: number;
  /** 1-minute load average before and after; above the CPU count the figures are noisy. */
  loadAverage: [number, number];
  /** The home page answered from the warm edge cache. */
  cached: LoadResult;
  /** The home page rendered for every request (the edge cache stepping aside). */
  rendered: LoadResult;
  stylesheet: LoadResult;
  favicon: LoadResult;
  ratios: { cachedToStylesheet: number; cachedToFavicon: number; renderedToFavicon: number };
  cpu?: CpuReport;
}

interface AttributionReport {
  concurrency: number;
  durationMs: number;
  rounds: number;
  loadAverage: [number, number];
  /** The home page for a browser without the attribution cookie: a direct visit, its page view counted. */
  plain: LoadResult;
  /** The same with campaign parameters: a new session every request (KV write, Set-Cookie, page view). */
  campaign: LoadResult;
  /** The same as `plain` without a User-Agent: a bot to attribution, so nothing is counted. */
  noUserAgent: LoadResult;
  /** Throughput lost, as a fraction: 1 − campaign / plain. */
  captureCost: number;
  /** 1 − plain / noUserAgent: what counting a page view costs. */
  pageViewCost: number;
}

interface CpuReport {
  method: string;
  samples: number;
  /** Median CPU milliseconds per request. */
  renderedMs: number;
  cachedMs: number;
  stylesheetMs: number;
  /** Rendered minus stylesheet: the render's own share, without what every request costs. */
  renderOnlyMs: number;
  /** The same two figures for each page of CPU_RENDERED_PAGES, rendered (the edge cache bypassed). */
  pages: { path: string; renderedMs: number; renderOnlyMs: number }[];
}

interface FailingAudit {
  id: string;
  title: string;
  score: number;
  displayValue?: string;
  weight: number;
  /** A few offending elements or URLs, to know where to look. */
  examples: string[];
}

interface LighthouseRun {
  scores: Record<CategoryId, number>;
  failing: Record<CategoryId, FailingAudit[]>;
  metrics: Record<string, number | undefined>;
  reportFile: string;
}

interface LighthousePageReport {
  name: string;
  url: string;
  runs: LighthouseRun[];
  median: Record<CategoryId, number>;
  /** Audit id → how many runs it failed in, per category. */
  failingAudits: Record<CategoryId, { id: string; title: string; runs: number; displayValue?: string; examples: string[] }[]>;
}

type Snapshot = BuildSnapshot & { dir: string };

interface SignInReport {
  samples: number;
  medianMs: number;
  p95Ms: number;
  passwordHash: { algorithm: string; parameters: string; medianMs: number };
}

/**
 * Sign-in latency (median, p95) of POST /auth/v1/token?grant_type=password against the local server, and
 * the cost of one password hash alone. The sign-in rate-limit counters of the local database are
 * cleared first so repeated bench runs measure sign-ins, not refusals.
 */
async function measureSignIn(): Promise<SignInReport> {
  await run("npx", ["wrangler", "d1", "execute", "DB", "--local", "--command", "DELETE FROM rate_limits WHERE key LIKE 'auth-signin%'"], wranglerEnv());
  const { hashPassword, SCRYPT_PARAMS } = await import("../app/auth/password.server");
  const hashTimes: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await hashPassword("Benchmark-Password-2026");
    hashTimes.push(performance.now() - started);
  }
  const latencies: number[] = [];
  for (let i = 0; i < SIGN_IN_SAMPLES; i++) {
    const email = SIGN_IN_ACCOUNTS[i % SIGN_IN_ACCOUNTS.length]!;
    const started = performance.now();
    const response = await fetch(`${ORIGIN}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Supabase-Api-Version": "2024-01-01" },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`sign-in for ${email} answered ${response.status} (are the demo accounts seeded?)`);
    latencies.push(performance.now() - started);
  }
  return {
    samples: latencies.length,
    medianMs: round(median(latencies)),
    p95Ms: round(percentile(latencies, 95)),
    passwordHash: {
      algorithm: "scrypt (node:crypto)",
      parameters: `N=2^${SCRYPT_PARAMS.ln}, r=${SCRYPT_PARAMS.r}, p=${SCRYPT_PARAMS.p}`,
      medianMs: round(median(hashTimes)),
    },
  };
}

function printSignIn(report: SignInReport): void {
  console.log(`\nSign-in (POST /auth/v1/token?grant_type=password, ${report.samples} sequential sign-ins)`);
  console.log(`  median ${report.medianMs} ms, p95 ${report.p95Ms} ms`);
  console.log(
    `  password hash: ${report.passwordHash.algorithm}, ${report.passwordHash.parameters}: ${report.passwordHash.medianMs} ms per hash (median of 5, in Node on this machine)`,
  );
}

interface BenchResults {
  generatedAt: string;
  node: string;
  /** 1-minute load average when the bench started: other work on this machine skews throughput. */
  loadAverage: number;
  cpus: number;
  built: boolean;
  bundle?: BundleReport;
  worker?: WorkerBundleReport;
  coldStart?: ColdStartReport;
  throughput?: ThroughputReport;
  attribution?: AttributionReport;
  lighthouse?: LighthousePageReport[];
  signIn?: SignInReport;
  targets: TargetCheck[];
  errors: string[];
}

// ---------------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------------

/** `--port <n>` (or `--port=<n>`, or BENCH_PORT=<n> through `npm run bench`): where the local server listens. */
function portArgument(): number | undefined {
  const index = process.argv.findIndex((arg) => arg === "--port" || arg.startsWith("--port="));
  if (index < 0 && !process.env.BENCH_PORT) return undefined;
  const value = index < 0 ? process.env.BENCH_PORT : process.argv[index]!.includes("=") ? process.argv[index]!.split("=")[1] : process.argv[index + 1];
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1024 || port > 65535) throw new Error(`--port needs a port number from 1024 to 65535, not ${value}`);
  return port;
}

function log(message: string): void {
  console.log(`› ${message}`);
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((row) => row.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? "").length)));
  const line = (row: string[]) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");
  return [line(cells[0]!), widths.map((w) => "-".repeat(w)).join("  "), ...cells.slice(1).map(line)].map((l) => `  ${l}`).join("\n");
}

const passLabel = (pass: boolean) => (pass ? "PASS" : "FAIL");

/** Runs a command to completion, capturing its output; rejects with the output tail on failure. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(" ")} exited with ${code}:\n${output.split("\n").slice(-25).join("\n")}`));
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// 1. Build and migrations
// ---------------------------------------------------------------------------------------------------

async function build(): Promise<void> {
  log("building (npx remix vite:build)");
  await run("npx", ["remix", "vite:build"]);
}

/** Temp directories to delete on the way out, however the bench ends. */
const tempDirs = new Set<string>();

function removeTempDirsNow(): void {
  for (const dir of tempDirs) {
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
      tempDirs.delete(dir);
    } catch (error) {
      console.error(`could not remove ${dir}: ${errorMessage(error)}`);
    }
  }
}

/** The build's snapshot (build-snapshot.ts) in a temp dir of its own. */
async function snapshotBuild(): Promise<Snapshot> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "clarity-bench-"));
  tempDirs.add(dir);
  try {
    log(`snapshotting the build into ${dir}`);
    return { dir, ...(await snapshotBuildInto(dir)) };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    tempDirs.delete(dir);
    throw error;
  }
}

/** Build (unless skipped) and snapshot, retrying when a concurrent build gets in the way. */
async function prepareSnapshot(skipBuild: boolean): Promise<Snapshot> {
  for (let attempt = 1; ; attempt++) {
    try {
      if (!skipBuild) await build();
      return await snapshotBuild();
    } catch (error) {
      if (attempt >= BUILD_ATTEMPTS) throw error;
      log(`attempt ${attempt} failed (${errorMessage(error).split("\n")[0]}); a concurrent build may have collided, retrying`);
      await sleep(3_000 * attempt);
    }
  }
}

async function applyMigrations(): Promise<void> {
  log("applying local D1 migrations (npx wrangler d1 migrations apply DB --local) and the demo content seed");
  await run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local"], wranglerEnv());
  await run("npx", ["tsx", "scripts/seed.ts"], wranglerEnv());
}

// ---------------------------------------------------------------------------------------------------
// 2. First-load JavaScript per route
// ---------------------------------------------------------------------------------------------------

interface ViteManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type ViteManifest = Record<string, ViteManifestChunk>;

interface RemixManifest {
  entry: { module: string; imports?: string[] };
  routes: Record<string, { id: string; parentId?: string; module: string; imports?: string[] }>;
}

/** A route's first-load JS as a list of files relative to build/client, and the route's own module. */
type FirstLoadFiles = Map<string, { files: string[]; module?: string }>;

const stripQuery = (id: string) => id.replace(/\?.*$/, "");

/**
 * The Vite manifest, if the build kept it. Remix deletes build/client/.vite/manifest.json after the
 * build unless vite.config.ts sets `build.manifest: true`, in which case it moves it to
 * build/.vite/client-manifest.json.
 */
async function readViteManifest(snapshot: Snapshot): Promise<{ manifest: ViteManifest; file: string } | undefined> {
  const candidates = [
    { file: path.join(snapshot.clientDir, ".vite", "manifest.json"), shown: "build/client/.vite/manifest.json" },
    { file: path.join(snapshot.viteDir, "client-manifest.json"), shown: "build/.vite/client-manifest.json" },
  ];
  for (const { file, shown } of candidates) {
    if (existsSync(file)) return { manifest: JSON.parse(await readFile(file, "utf8")) as ViteManifest, file: shown };
  }
  return undefined;
}

/**
 * entry.client + root + route module, with their static imports (not dynamicImports), deduplicated.
 * The Vite manifest knows no route tree: a route under a layout route would also load the layout,
 * which this does not add (today every route is a direct child of root; the Remix path handles both).
 */
function firstLoadFromViteManifest(manifest: ViteManifest): FirstLoadFiles {
  const bySrc = new Map<string, string>(); // source file -> manifest key
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry) bySrc.set(stripQuery(chunk.src ?? key), key);
  }
  const entryKey =
    CLIENT_ENTRY_CANDIDATES.map((src) => bySrc.get(src)).find(Boolean) ?? [...bySrc.entries()].find(([src]) => /entry\.client\.[jt]sx?$/.test(src))?.[1];
  const rootKey = bySrc.get(ROOT_ROUTE_FILE);
  if (!entryKey || !rootKey) throw new Error("Vite manifest has no client entry or root route entry");

  // Static imports only, transitively; dynamicImports are loaded later, not on first load.
  const closure = (keys: string[]): string[] => {
    const files = new Set<string>();
    const seen = new Set<string>();
    const walk = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      const chunk = manifest[key];
      if (!chunk) throw new Error(`Vite manifest references missing chunk ${key}`);
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) walk(imported);
    };
    keys.forEach(walk);
    return [...files];
  };

  const result: FirstLoadFiles = new Map();
  const routeSrcs = [...bySrc.keys()].filter((src) => src === ROOT_ROUTE_FILE || src.startsWith("app/routes/")).sort();
  for (const src of routeSrcs) result.set(src, { files: closure([entryKey, rootKey, bySrc.get(src)!]), module: manifest[bySrc.get(src)!]!.file });
  result.set(stripQuery(manifest[entryKey]!.src ?? entryKey), { files: closure([entryKey]) });
  return result;
}

/** Remix's own manifest lists, per route, the module plus its transitive static imports. */
async function firstLoadFromRemixManifest(file: string): Promise<FirstLoadFiles> {
  const text = await readFile(file, "utf8");
  const json = text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1);
  const manifest = JSON.parse(json) as RemixManifest;
  const toFile = (url: string) => url.replace(/^\//, "");
  const moduleFiles = (m: { module: string; imports?: string[] }) => [m.module, ...(m.imports ?? [])].map(toFile);
  if (!manifest.routes["root"]) throw new Error("Remix manifest has no root route");

  const sourceFor = (routeId: string): string => {
    for (const ext of [".tsx", ".ts", ".jsx", ".js", ".mdx", ".md"]) {
      for (const candidate of [`app/${routeId}${ext}`, `app/${routeId}/route${ext}`]) {
        if (existsSync(path.join(ROOT, candidate))) return candidate;
      }
    }
    return `app/${routeId}`;
  };

  const result: FirstLoadFiles = new Map();
  const entryFiles = moduleFiles(manifest.entry);
  for (const route of Object.values(manifest.routes).sort((a, b) => a.id.localeCompare(b.id))) {
    // A first load renders the route and all its parents (layouts) up to root.
    const files = [...entryFiles];
    for (let r: typeof route | undefined = route; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) {
      files.push(...moduleFiles(r));
    }
    result.set(sourceFor(route.id), { files: [...new Set(files)], module: toFile(route.module) });
  }
  const entrySource = CLIENT_ENTRY_CANDIDATES.find((c) => existsSync(path.join(ROOT, c))) ?? "entry.client";
  result.set(entrySource, { files: [...new Set(entryFiles)] });
  return result;
}

async function measureBundles(snapshot: Snapshot): Promise<BundleReport> {
  const vite = await readViteManifest(snapshot);
  let source: string;
  let firstLoad: FirstLoadFiles;
  if (vite) {
    source = `Vite manifest ${vite.file}`;
    firstLoad = firstLoadFromViteManifest(vite.manifest);
  } else {
    const remixManifest = await findRemixManifest(snapshot.clientDir);
    source = `Remix manifest build/client/assets/${path.basename(remixManifest)}; no Vite manifest (Remix deletes it unless vite.config.ts sets build.manifest: true)`;
    firstLoad = await firstLoadFromRemixManifest(remixManifest);
  }

  const gzipCache = new Map<string, number>();
  const gzipSize = async (file: string): Promise<number> => {
    let size = gzipCache.get(file);
    if (size === undefined) {
      size = gzipSync(await readFile(path.join(snapshot.clientDir, file)), { level: zlibConstants.Z_BEST_COMPRESSION }).length;
      gzipCache.set(file, size);
    }
    return size;
  };

  // A chunk and its static imports (read from the chunk's own import statements), less the files in
  // `loaded`, which it adds them to.
  const staticClosure = async (start: string, loaded: Set<string>): Promise<string[]> => {
    const files: string[] = [];
    const queue = [start];
    while (queue.length) {
      const file = queue.shift()!;
      if (loaded.has(file)) continue;
      loaded.add(file);
      files.push(file);
      const code = await readFile(path.join(snapshot.clientDir, file), "utf8");
      for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g)) queue.push(`assets/${match[1]}`);
    }
    return files;
  };

  // Each lazy chunk less whatever the root's first load and the chunks reported before it have
  // already brought in.
  const loaded = new Set(firstLoad.get(ROOT_ROUTE_FILE)?.files ?? []);
  const assetNames = await readdir(path.join(snapshot.clientDir, "assets"));
  const lazy: BundleReport["lazy"] = [];
  const withPage: string[] = [];
  for (const { name, prefix, withPage: loadsWithPage } of LAZY_CHUNKS) {
    const start = assetNames.find((n) => n.startsWith(prefix) && n.endsWith(".js"));
    if (!start) throw new Error(`no lazily loaded chunk assets/${prefix}*.js in the build`);
    if (loadsWithPage) withPage.push(`assets/${start}`);
    const files = await staticClosure(`assets/${start}`, loaded);
    const sized = [];
    for (const file of files) sized.push({ file, gzipBytes: await gzipSize(file) });
    const gzipBytes = sized.reduce((sum, f) => sum + f.gzipBytes, 0);
    lazy.push({ name, files: sized, gzipBytes, kb: round(gzipBytes / 1000, 1) });
  }

  const rank = (route: string) => (route === ROOT_ROUTE_FILE ? 0 : route.startsWith("app/routes/") ? 1 : 2);
  const ordered = [...firstLoad].sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
  const routes: RouteBundle[] = [];
  for (const [route, { files: modules, module }] of ordered) {
    // The page's modules, and the chunks they start loading at once (withPage) that one of them imports.
    const files = [...modules];
    const inPage = new Set(files);
    for (const chunk of withPage) {
      const dynamicImport = `import("./${path.basename(chunk)}")`;
      const importers = await Promise.all(
        modules.filter((f) => f.endsWith(".js")).map(async (f) => (await readFile(path.join(snapshot.clientDir, f), "utf8")).includes(dynamicImport)),
      );
      if (importers.some(Boolean)) files.push(...(await staticClosure(chunk, inPage)));
    }
    const sized = [];
    for (const file of files.filter((f) => f.endsWith(".js"))) sized.push({ file, gzipBytes: await gzipSize(file) });
    const gzipBytes = sized.reduce((sum, f) => sum + f.gzipBytes, 0);
    const id = module ? routeIdOf(route) : undefined;
    const page = Boolean(module && id !== "root" && /\bas default\b|\bexport default\b/.test(await readFile(path.join(snapshot.clientDir, module), "utf8")));
    routes.push({ route, id, page, files: sized, gzipBytes, kb: round(gzipBytes / 1000, 1) });
  }
  return { source, routes, lazy };
}

const bundleTargetName = (route: string) => `first-load JS ${route} (kB gzip)`;

/** app/routes/admin.users.tsx or app/routes/admin.users/route.tsx → routes/admin.users, as Remix names it. */
function routeIdOf(source: string): string {
  return source.replace(/^app\//, "").replace(/\/route\.[jt]sx?$|\.[jt]sx?$/, "");
}

/** Every page's budget by its access (route-access.ts; a route missing there is an error, as in the authz test). */
function bundleTargets(report: BundleReport): TargetCheck[] {
  const pages = report.routes.filter((r) => r.page);
  if (pages.length === 0) throw new Error("no page routes found in the client build");
  return pages.map((r) => {
    const access = ROUTE_ACCESS[r.id!];
    if (!access) throw new Error(`${r.id} is not in app/auth/route-access.ts, so its first-load JS has no budget`);
    const own = ROUTE_JS_BUDGETS_KB[r.id!];
    const maxKb = own ?? (access === "public" ? JS_BUDGETS_KB.public : JS_BUDGETS_KB.signedIn);
    return {
      name: bundleTargetName(r.route),
      value: r.kb,
      target: `≤ ${maxKb} (${own !== undefined ? "its own budget" : access === "public" ? "public" : "signed in"})`,
      pass: r.kb <= maxKb,
      budget: true,
    };
  });
}

function printBundles(report: BundleReport, targets: TargetCheck[]): void {
  console.log(`\nFirst-load JavaScript per route (gzip -9, kB = 1000 B; source: ${report.source})`);
  console.log(
    table(
      ["route", "files", "kB gzip", "target"],
      // Pages, the root and the client entry: a resource route loads no JavaScript of its own.
      report.routes
        .filter((r) => r.page || r.id === undefined || r.id === "root")
        .map((r) => {
          const target = targets.find((t) => t.name === bundleTargetName(r.route));
          return [r.route, r.files.length, r.kb.toFixed(1), target ? `${target.target} ${passLabel(target.pass)}` : ""];
        }),
    ),
  );
  for (const [label, publicPages] of [
    ["public pages", true],
    ["signed-in pages", false],
  ] as const) {
    const pages = report.routes.filter((r) => r.page && (ROUTE_ACCESS[r.id!] === "public") === publicPages).sort((a, b) => b.kb - a.kb);
    if (pages[0]) console.log(`  largest of the ${pages.length} ${label}: ${pages[0].kb.toFixed(1)} kB (${pages[0].route})`);
  }
  console.log("\nLazily loaded JavaScript (beyond the root's first load and the chunks above it)");
  console.log(
    table(
      ["chunk", "files", "kB gzip"],
      report.lazy.map((l) => [l.name, l.files.length, l.kb.toFixed(1)]),
    ),
  );
}

// ---------------------------------------------------------------------------------------------------
// 3. The local server and SSR throughput
// ---------------------------------------------------------------------------------------------------

function wranglerEnv(): NodeJS.ProcessEnv {
  return { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };
}

class LocalServer {
  private child?: ChildProcess;
  private logStream?: WriteStream;
  private exited = false;
  readonly logFile = path.join(RESULTS_DIR, "local-server.log");

  /** The server runs in its own process group, led by the process this started. */
  get processGroup(): number | undefined {
    return this.exited ? undefined : this.child?.pid;
  }

  /** Serves the snapshot: the pre-bundled Worker (no rebuilds, no file watching of build/) and its assets. */
  async start(snapshot: Snapshot): Promise<void> {
    if (await portInUse(PORT)) throw new Error(`port ${PORT} is already in use; stop whatever listens there first`);
    log(`starting the local server on ${ORIGIN} (log: ${path.relative(ROOT, this.logFile)})`);
    this.logStream = createWriteStream(this.logFile);
    // The local server of `npm start` (decision record 009) on this snapshot and the default local state.
    const args = ["tsx", "scripts/serve.ts", "--worker", snapshot.workerFile, "--assets", snapshot.clientDir, "--port", String(PORT), "--host", HOST];
    const child = spawn("npx", args, {
      cwd: ROOT,
      env: wranglerEnv(),
      detached: true, // own process group, so stop() reaches npx, wrangler and workerd alike
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    child.stdout?.pipe(this.logStream, { end: false });
    child.stderr?.pipe(this.logStream, { end: false });
    child.on("exit", () => (this.exited = true));
    await this.waitUntilReady();
  }

  private async waitUntilReady(): Promise<void> {
    const deadline = Date.now() + SERVER_READY_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (this.exited) throw new Error(`the local server exited early; see ${this.logFile}:\n${await this.logTail()}`);
      try {
        const response = await fetch(`${ORIGIN}/`, { signal: AbortSignal.timeout(5_000) });
        await response.arrayBuffer();
        if (response.status === 200) return;
      } catch {
        // not listening yet
      }
      await sleep(250);
    }
    throw new Error(`the local server did not answer 200 on ${ORIGIN}/ within ${SERVER_READY_TIMEOUT_MS / 1000} s:\n${await this.logTail()}`);
  }

  async logTail(lines = 20): Promise<string> {
    try {
      return (await readFile(this.logFile, "utf8")).split("\n").slice(-lines).join("\n");
    } catch {
      return "(no log)";
    }
  }

  /** Terminates the whole process group; SIGKILL if it has not gone after 5 s. */
  async stop(): Promise<void> {
    const pid = this.child?.pid;
    if (pid !== undefined && !this.exited) {
      killGroup(pid, "SIGTERM");
      const deadline = Date.now() + 5_000;
      while (!this.exited && Date.now() < deadline) await sleep(100);
      killGroup(pid, "SIGKILL"); // also reaps workerd if it outlived its parent
    }
    this.child = undefined;
    this.logStream?.end();
  }

  /** Synchronous last resort for process exit handlers. */
  killNow(): void {
    if (this.child?.pid !== undefined && !this.exited) killGroup(this.child.pid, "SIGKILL");
  }
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // group already gone
  }
}

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: HOST, port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

interface LoadTally {
  name: string;
  path: string;
  headers: Record<string, string>;
  ok: number;
  non200: number;
  errors: number;
  bytes: number;
  ms: number;
  latencies: number[];
  edgeCache: Record<string, number>;
  /** 200s that set a cookie. */
  setCookies: number;
}

const newTally = (name: string, urlPath: string, headers: Record<string, string> = {}): LoadTally => ({
  name,
  path: urlPath,
  headers: { accept: "text/html,*/*", ...headers },
  ok: 0,
  non200: 0,
  errors: 0,
  bytes: 0,
  ms: 0,
  latencies: [],
  edgeCache: {},
  setCookies: 0,
});

/** Closed-loop load: `concurrency` workers each send one request at a time until the deadline. */
async function generateLoad(tally: LoadTally, durationMs: number): Promise<void> {
  const url = `${ORIGIN}${tally.path}`;
  const start = performance.now();
  const deadline = start + durationMs;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        const response = await fetch(url, { headers: tally.headers, signal: AbortSignal.timeout(10_000) });
        const body = await response.arrayBuffer(); // read fully, as a browser would
        if (response.status === 200) {
          tally.ok++;
          tally.bytes += body.byteLength;
          tally.latencies.push(performance.now() - t0);
          const edge = response.headers.get("x-edge-cache") ?? "none";
          tally.edgeCache[edge] = (tally.edgeCache[edge] ?? 0) + 1;
          if (response.headers.has("set-cookie")) tally.setCookies++;
        } else {
          tally.non200++;
        }
      } catch {
        tally.errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: LOAD.concurrency }, worker));
  tally.ms += performance.now() - start; // includes the requests still in flight at the deadline
}

function summarize(tally: LoadTally): LoadResult {
  if (tally.ok === 0) throw new Error(`no 200 responses from ${tally.path} (${tally.non200} non-200, ${tally.errors} errors)`);
  const seconds = tally.ms / 1000;
  return {
    path: tally.path,
    ok: tally.ok,
    non200: tally.non200,
    errors: tally.errors,
    seconds: round(seconds, 2),
    rps: round(tally.ok / seconds, 1),
    p50Ms: round(percentile(tally.latencies, 50), 1),
    p95Ms: round(percentile(tally.latencies, 95), 1),
    bytesPerResponse: Math.round(tally.bytes / tally.ok),
    setCookies: tally.setCookies,
    edgeCache: tally.edgeCache,
  };
}

/** The X-Edge-Cache values seen, for a table cell: "HIT 1200, MISS 1". */
function edgeCacheSummary(edgeCache: Record<string, number>): string {
  return Object.entries(edgeCache)
    .map(([status, n]) => `${status} ${n}`)
    .join(", ");
}

/** The app's stylesheet in the snapshot (the largest .css file of the client build), as a URL path. */
async function stylesheetPath(snapshot: Snapshot): Promise<string> {
  const assets = path.join(snapshot.clientDir, "assets");
  const sheets = (await readdir(assets)).filter((name) => name.endsWith(".css"));
  if (sheets.length === 0) throw new Error("no .css file in build/client/assets");
  const sized = await Promise.all(sheets.map(async (name) => ({ name, size: (await readFile(path.join(assets, name))).byteLength })));
  return `/assets/${sized.sort((a, b) => b.size - a.size)[0]!.name}`;
}

async function expectEdgeCache(urlPath: string, headers: Record<string, string>, expected: string[]): Promise<void> {
  const response = await fetch(`${ORIGIN}${urlPath}`, { headers });
  await response.arrayBuffer();
  const edge = response.headers.get("x-edge-cache");
  if (response.status !== 200 || !expected.includes(edge ?? "")) {
    throw new Error(`${urlPath} answered ${response.status} with X-Edge-Cache ${edge}, expected ${expected.join(" or ")}`);
  }
}

async function measureThroughput(snapshot: Snapshot, processGroup: number | undefined): Promise<ThroughputReport> {
  const stylesheet = await stylesheetPath(snapshot);
  for (const staticPath of [STATIC_PATH, stylesheet]) {
    const check = await fetch(`${ORIGIN}${staticPath}`);
    await check.arrayBuffer();
    if (check.status !== 200) throw new Error(`static asset ${staticPath} answered ${check.status}`);
  }
  // The edge cache is warm after one request, and the cookie really makes the Worker render.
  await expectEdgeCache(SSR_PATH, {}, ["MISS", "HIT", "STALE"]);
  await expectEdgeCache(SSR_PATH, {}, ["HIT"]);
  await expectEdgeCache(SSR_PATH, { cookie: RENDER_COOKIE }, ["BYPASS"]);

  const loadBefore = os.loadavg()[0] ?? 0;
  const slice = LOAD.durationMs / LOAD.rounds;
  const tallies = () => [
    newTally("cached", SSR_PATH),
    newTally("rendered", SSR_PATH, { cookie: RENDER_COOKIE }),
    newTally("stylesheet", stylesheet),
    newTally("favicon", STATIC_PATH),
  ];
  log(
    `load ${SSR_PATH} (edge cache), ${SSR_PATH} (rendered), ${stylesheet} and ${STATIC_PATH}: ${LOAD.warmupMs / 1000} s warm-up each, then ${LOAD.durationMs / 1000} s each in ${LOAD.rounds} alternating slices, concurrency ${LOAD.concurrency}`,
  );
  for (const warmup of tallies()) await generateLoad(warmup, LOAD.warmupMs);
  const measured = tallies();
  for (let i = 0; i < LOAD.rounds; i++) {
    // Each round starts with the next endpoint, so none is always first or last.
    for (let j = 0; j < measured.length; j++) await generateLoad(measured[(i + j) % measured.length]!, slice);
  }
  const [cached, rendered, sheet, favicon] = measured.map(summarize) as [LoadResult, LoadResult, LoadResult, LoadResult];
  const cpu = processGroup === undefined ? undefined : await measureCpu(processGroup, stylesheet);
  return {
    concurrency: LOAD.concurrency,
    durationMs: LOAD.durationMs,
    rounds: LOAD.rounds,
    loadAverage: [round(loadBefore, 2), round(os.loadavg()[0] ?? 0, 2)],
    cached,
    rendered,
    stylesheet: sheet,
    favicon,
    ratios: {
      cachedToStylesheet: round(cached.rps / sheet.rps, 2),
      cachedToFavicon: round(cached.rps / favicon.rps, 2),
      renderedToFavicon: round(rendered.rps / favicon.rps, 2),
    },
    cpu,
  };
}

/**
 * Median CPU time per request, one request at a time: what the local server's processes (workerd and its
 * node parent) spent between sending the request and reading the whole answer. It includes what
 * every request costs locally (HTTP, the local KV and D1); the stylesheet shows
 * that floor, and rendered minus stylesheet is the render's own share.
 */
async function measureCpu(processGroup: number, stylesheet: string): Promise<CpuReport | undefined> {
  if (!existsSync("/proc/self/schedstat")) return undefined;
  const sample = async (urlPath: string, headers: Record<string, string>) => {
    const values: number[] = [];
    for (let i = 0; i < CPU_SAMPLES; i++) {
      const before = await groupCpuNs(processGroup);
      const response = await fetch(`${ORIGIN}${urlPath}`, { headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${urlPath} answered ${response.status} while measuring CPU time`);
      values.push((await groupCpuNs(processGroup)) - before);
    }
    return round(median(values) / 1e6, 2);
  };
  log(
    `CPU time per request: ${CPU_SAMPLES} sequential requests each for ${SSR_PATH} rendered, ${SSR_PATH} from the edge cache, ${stylesheet} and the other pages rendered`,
  );
  const renderedMs = await sample(SSR_PATH, { cookie: RENDER_COOKIE });
  const cachedMs = await sample(SSR_PATH, {});
  const stylesheetMs = await sample(stylesheet, {});
  const pages = [];
  for (const path of CPU_RENDERED_PAGES) {
    const pageMs = path === SSR_PATH ? renderedMs : await sample(path, { cookie: RENDER_COOKIE });
    pages.push({ path, renderedMs: pageMs, renderOnlyMs: round(pageMs - stylesheetMs, 2) });
  }
  return {
    method: "sum of /proc/<pid>/task/<tid>/schedstat on-CPU time over the local server's process group, before and after each sequential request; median",
    samples: CPU_SAMPLES,
    renderedMs,
    cachedMs,
    stylesheetMs,
    renderOnlyMs: round(renderedMs - stylesheetMs, 2),
    pages,
  };
}

function throughputTargets(report: ThroughputReport): TargetCheck[] {
  const { cachedToStylesheet, cachedToFavicon } = report.ratios;
  return [
    {
      name: "edge-cached / stylesheet throughput ratio",
      value: cachedToStylesheet,
      target: `≥ ${MIN_CACHED_STYLESHEET_RATIO}`,
      pass: cachedToStylesheet >= MIN_CACHED_STYLESHEET_RATIO,
    },
    {
      name: "edge-cached / favicon throughput ratio",
      value: cachedToFavicon,
      target: `≥ ${MIN_SSR_STATIC_RATIO}`,
      pass: cachedToFavicon >= MIN_SSR_STATIC_RATIO,
    },
  ];
}

function printThroughput(report: ThroughputReport, targets: TargetCheck[]): void {
  console.log(
    `\nThroughput (local server, ${report.concurrency} concurrent, ${report.durationMs / 1000} s each in ${report.rounds} alternating slices, 200s only)`,
  );
  const rows: [string, LoadResult][] = [
    [`${report.cached.path} edge cache`, report.cached],
    [`${report.rendered.path} rendered`, report.rendered],
    [`${report.stylesheet.path}`, report.stylesheet],
    [`${report.favicon.path}`, report.favicon],
  ];
  console.log(
    table(
      ["endpoint", "req/s", "p50 ms", "p95 ms", "200s", "non-200", "errors", "bytes", "X-Edge-Cache"],
      rows.map(([name, r]) => [
        name,
        r.rps.toFixed(1),
        r.p50Ms.toFixed(1),
        r.p95Ms.toFixed(1),
        r.ok,
        r.non200,
        r.errors,
        r.bytesPerResponse,
        edgeCacheSummary(r.edgeCache),
      ]),
    ),
  );
  for (const target of targets) console.log(`  ${target.name}: ${target.value.toFixed(2)} (target ${target.target}) ${passLabel(target.pass)}`);
  console.log(`  rendered / favicon throughput ratio: ${report.ratios.renderedToFavicon.toFixed(2)} (every request rendered, for comparison)`);
  if (report.cpu) {
    const cpu = report.cpu;
    console.log(`  CPU time per request (median of ${cpu.samples}, all of the local server's threads):`);
    console.log(`    ${SSR_PATH} rendered ${cpu.renderedMs} ms, from the edge cache ${cpu.cachedMs} ms, stylesheet ${cpu.stylesheetMs} ms`);
    console.log(`    the render's own share (rendered − stylesheet): ${cpu.renderOnlyMs} ms`);
    console.log(`  uncached render, median CPU per page (rendered; its own share after the stylesheet's ${cpu.stylesheetMs} ms floor):`);
    for (const page of cpu.pages) console.log(`    ${page.path.padEnd(45)} ${page.renderedMs} ms (${page.renderOnlyMs} ms)`);
  } else {
    console.log("  CPU time per request: not measured (needs Linux /proc)");
  }
  const [before, after] = report.loadAverage;
  const cpus = os.cpus().length;
  if (Math.max(before, after) > cpus) {
    console.log(`  note: load average ${before} → ${after} on ${cpus} CPUs; other work was competing, absolute req/s are low and noisy`);
  }
}

/**
 * The cost of attribution capture on the edge-cached home page, measured like the throughput above
 * (warm-up, then alternating slices). Every request is a browser without the attribution cookie, so
 * each campaign landing starts a new session: a KV write in the background and a Set-Cookie.
 */
async function measureAttribution(): Promise<AttributionReport> {
  const check = async (urlPath: string, headers: Record<string, string>, wantCookie: boolean) => {
    const response = await fetch(`${ORIGIN}${urlPath}`, { headers: { accept: "text/html,*/*", ...headers } });
    await response.arrayBuffer();
    const edge = response.headers.get("x-edge-cache");
    const cookie = response.headers.get("set-cookie") ?? "";
    if (response.status !== 200 || edge !== "HIT" || cookie.includes("__Host-attribution=") !== wantCookie) {
      throw new Error(
        `${urlPath} answered ${response.status}, X-Edge-Cache ${edge}, ${cookie ? "a" : "no"} Set-Cookie; expected a HIT ${wantCookie ? "with" : "without"} the attribution cookie`,
      );
    }
  };
  await expectEdgeCache(SSR_PATH, {}, ["MISS", "HIT", "STALE"]);
  await check(SSR_PATH, BROWSER_HEADERS, false);
  await check(`${SSR_PATH}${CAMPAIGN_QUERY}`, BROWSER_HEADERS, true);

  const loadBefore = os.loadavg()[0] ?? 0;
  const slice = LOAD.durationMs / LOAD.rounds;
  const tallies = () => [
    newTally("plain", SSR_PATH, BROWSER_HEADERS),
    newTally("campaign", `${SSR_PATH}${CAMPAIGN_QUERY}`, BROWSER_HEADERS),
    newTally("no User-Agent", SSR_PATH, { "user-agent": "" }),
  ];
  log(
    `attribution: ${SSR_PATH} for a browser, plain and with campaign parameters (a new session each), and without a User-Agent: ${LOAD.warmupMs / 1000} s warm-up each, then ${LOAD.durationMs / 1000} s each in ${LOAD.rounds} alternating slices, concurrency ${LOAD.concurrency}`,
  );
  for (const warmup of tallies()) await generateLoad(warmup, LOAD.warmupMs);
  const measured = tallies();
  for (let i = 0; i < LOAD.rounds; i++) {
    for (let j = 0; j < measured.length; j++) await generateLoad(measured[(i + j) % measured.length]!, slice);
  }
  const [plain, campaign, noUserAgent] = measured.map(summarize) as [LoadResult, LoadResult, LoadResult];
  if (campaign.setCookies !== campaign.ok) throw new Error(`only ${campaign.setCookies} of ${campaign.ok} campaign landings set the attribution cookie`);
  if (plain.setCookies !== 0) throw new Error(`${plain.setCookies} plain page loads set a cookie`);
  return {
    concurrency: LOAD.concurrency,
    durationMs: LOAD.durationMs,
    rounds: LOAD.rounds,
    loadAverage: [round(loadBefore, 2), round(os.loadavg()[0] ?? 0, 2)],
    plain,
    campaign,
    noUserAgent,
    captureCost: round(1 - campaign.rps / plain.rps, 3),
    pageViewCost: round(1 - plain.rps / noUserAgent.rps, 3),
  };
}

function attributionTargets(report: AttributionReport): TargetCheck[] {
  return [
    {
      name: "attribution capture cost (1 − campaign / plain req/s)",
      value: report.captureCost,
      target: `≤ ${MAX_ATTRIBUTION_COST}`,
      pass: report.captureCost <= MAX_ATTRIBUTION_COST,
    },
  ];
}

function printAttribution(report: AttributionReport, targets: TargetCheck[]): void {
  console.log(
    `\nAttribution capture (edge-cached ${SSR_PATH}, no attribution cookie, ${report.concurrency} concurrent, ${report.durationMs / 1000} s each in ${report.rounds} alternating slices)`,
  );
  const rows: [string, LoadResult][] = [
    ["browser, plain (page view counted)", report.plain],
    ["browser, campaign (new session: batched KV write + Set-Cookie)", report.campaign],
    ["no User-Agent (nothing counted)", report.noUserAgent],
  ];
  console.log(
    table(
      ["request", "req/s", "p50 ms", "p95 ms", "200s", "Set-Cookie", "X-Edge-Cache"],
      rows.map(([name, r]) => [name, r.rps.toFixed(1), r.p50Ms.toFixed(1), r.p95Ms.toFixed(1), r.ok, r.setCookies, edgeCacheSummary(r.edgeCache)]),
    ),
  );
  for (const target of targets) {
    console.log(`  ${target.name}: ${(target.value * 100).toFixed(1)} % (target ≤ ${round(MAX_ATTRIBUTION_COST * 100)} %) ${passLabel(target.pass)}`);
  }
  console.log(`  page view counting cost (1 − plain / no User-Agent req/s): ${(report.pageViewCost * 100).toFixed(1)} % (for comparison)`);
  const [before, after] = report.loadAverage;
  if (Math.max(before, after) > os.cpus().length) console.log(`  note: load average ${before} → ${after}; other work was competing, the figures are noisy`);
}

// ---------------------------------------------------------------------------------------------------
// 4. Lighthouse
// ---------------------------------------------------------------------------------------------------

const METRIC_AUDITS = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"];

/** Up to three offending nodes (selector + explanation) or URLs from an audit's details table. */
function auditExamples(details: unknown, max = 3): string[] {
  const items = (details as { items?: unknown } | undefined)?.items;
  if (!Array.isArray(items)) return [];
  const examples: string[] = [];
  for (const item of items as Record<string, unknown>[]) {
    const node = item["node"] as { selector?: string; snippet?: string; explanation?: string } | undefined;
    const url = typeof item["url"] === "string" ? item["url"] : undefined;
    const text = node ? `${node.selector ?? node.snippet ?? "?"}${node.explanation ? ` — ${node.explanation.replace(/\s+/g, " ").slice(0, 220)}` : ""}` : url;
    if (text && !examples.includes(text)) examples.push(text);
    if (examples.length >= max) break;
  }
  return examples;
}

async function runLighthouseOnce(url: string, reportFile: string): Promise<LighthouseRun> {
  const chromium = await resolveChromium();
  const chrome = await launch({
    chromePath: chromium.executablePath,
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
    envVars: chromium.env,
    logLevel: "silent",
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...LIGHTHOUSE_CATEGORIES],
    });
    if (!result) throw new Error("Lighthouse returned no result");
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse runtime error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    await writeFile(reportFile, typeof result.report === "string" ? result.report : JSON.stringify(lhr));

    const scores = {} as Record<CategoryId, number>;
    const failing = {} as Record<CategoryId, FailingAudit[]>;
    for (const id of LIGHTHOUSE_CATEGORIES) {
      const category = lhr.categories[id];
      if (!category || category.score === null) throw new Error(`Lighthouse produced no ${id} score`);
      scores[id] = Math.round(category.score * 100);
      // An audit "fails" below 0.9, Lighthouse's own pass threshold; informative/manual audits have no score.
      failing[id] = category.auditRefs.flatMap((ref) => {
        const audit = lhr.audits[ref.id];
        if (!audit || audit.score === null || audit.score >= 0.9) return [];
        if (audit.scoreDisplayMode !== "binary" && audit.scoreDisplayMode !== "numeric" && audit.scoreDisplayMode !== "metricSavings") return [];
        return [
          {
            id: ref.id,
            title: audit.title,
            score: audit.score,
            displayValue: audit.displayValue,
            weight: ref.weight,
            examples: auditExamples(audit.details),
          },
        ];
      });
    }
    const metrics = Object.fromEntries(METRIC_AUDITS.map((id) => [id, lhr.audits[id]?.numericValue]));
    return { scores, failing, metrics, reportFile: path.relative(ROOT, reportFile) };
  } finally {
    await chrome.kill();
  }
}

async function runLighthousePage(page: { name: string; path: string }): Promise<LighthousePageReport> {
  const url = `${ORIGIN}${page.path}`;
  const runs: LighthouseRun[] = [];
  for (let i = 1; i <= LIGHTHOUSE_RUNS; i++) {
    log(`lighthouse ${page.name} (${url}) run ${i}/${LIGHTHOUSE_RUNS}`);
    const reportFile = path.join(RESULTS_DIR, `lighthouse-${page.name}-${i}.json`);
    const lhRun = await runLighthouseOnce(url, reportFile);
    log(`  ${LIGHTHOUSE_CATEGORIES.map((id) => `${id} ${lhRun.scores[id]}`).join(", ")}`);
    runs.push(lhRun);
  }

  const medianScores = {} as Record<CategoryId, number>;
  const failingAudits = {} as LighthousePageReport["failingAudits"];
  for (const id of LIGHTHOUSE_CATEGORIES) {
    medianScores[id] = median(runs.map((r) => r.scores[id]));
    const byAudit = new Map<string, LighthousePageReport["failingAudits"][CategoryId][number]>();
    for (const r of runs) {
      for (const audit of r.failing[id]) {
        const entry = byAudit.get(audit.id) ?? { id: audit.id, title: audit.title, runs: 0, examples: [] };
        entry.runs++;
        entry.displayValue = audit.displayValue;
        entry.examples = audit.examples;
        byAudit.set(audit.id, entry);
      }
    }
    failingAudits[id] = [...byAudit.values()].sort((a, b) => b.runs - a.runs || a.id.localeCompare(b.id));
  }
  return { name: page.name, url, runs, median: medianScores, failingAudits };
}

function lighthouseTargets(pages: LighthousePageReport[]): TargetCheck[] {
  return pages.flatMap((page) =>
    LIGHTHOUSE_CATEGORIES.map((id) => {
      const min = LIGHTHOUSE_TARGETS[id];
      const value = page.median[id];
      return { name: `lighthouse ${page.name} ${id}`, value, target: min === 100 ? "= 100" : `≥ ${min}`, pass: value >= min };
    }),
  );
}

function printLighthouse(pages: LighthousePageReport[], targets: TargetCheck[]): void {
  for (const page of pages) {
    console.log(`\nLighthouse ${page.name} ${page.url} (mobile defaults, ${page.runs.length} runs, scores ×100)`);
    const rows = LIGHTHOUSE_CATEGORIES.map((id) => {
      const target = targets.find((t) => t.name === `lighthouse ${page.name} ${id}`)!;
      return [id, ...page.runs.map((r) => r.scores[id]), page.median[id], target.target, passLabel(target.pass)];
    });
    console.log(table(["category", ...page.runs.map((_, i) => `run ${i + 1}`), "median", "target", ""], rows));
    const metricRows = METRIC_AUDITS.map((id) => {
      const values = page.runs.map((r) => r.metrics[id]).filter((v): v is number => v !== undefined);
      const med = median(values);
      return [id, id === "cumulative-layout-shift" ? med.toFixed(3) : `${Math.round(med)} ms`];
    });
    console.log(table(["metric (median, simulated)", "value"], metricRows));
    for (const id of LIGHTHOUSE_CATEGORIES) {
      const failing = page.failingAudits[id];
      if (failing.length === 0) continue;
      console.log(`  ${id} audits below 0.9:`);
      for (const audit of failing) {
        console.log(`    - ${audit.id} (${audit.runs}/${page.runs.length} runs)${audit.displayValue ? ` ${audit.displayValue}` : ""}: ${audit.title}`);
        for (const example of audit.examples) console.log(`        · ${example}`);
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// 5. Orchestration
// ---------------------------------------------------------------------------------------------------

function printSummary(results: BenchResults): void {
  console.log("\nSummary");
  // One line for the pages within their first-load JS budget; each page over it is listed.
  const pagesWithin = results.targets.filter((t) => t.name.startsWith("first-load JS") && t.pass);
  const shown = results.targets.filter((t) => !pagesWithin.includes(t));
  if (shown.length) {
    console.log(
      table(
        ["target", "value", "goal", ""],
        shown.map((t) => [t.name, t.value, t.target, passLabel(t.pass)]),
      ),
    );
  }
  if (pagesWithin.length) console.log(`  first-load JS: ${pagesWithin.length} pages within their budgets (listed above)`);
  const failed = results.targets.filter((t) => !t.pass).length;
  console.log(`  ${results.targets.length - failed}/${results.targets.length} targets met`);
  const overBudget = results.targets.filter((t) => t.budget && !t.pass);
  if (overBudget.length) console.log(`  FAIL: ${overBudget.length} size budget(s) exceeded: ${overBudget.map((t) => t.name).join("; ")}`);
  if (results.errors.length) {
    console.log(`  ${results.errors.length} measurement error(s):`);
    for (const error of results.errors) console.log(`    - ${error.split("\n")[0]}`);
  }
  console.log(`  JSON: ${path.relative(ROOT, path.join(RESULTS_DIR, "latest.json"))}`);
}

async function main(): Promise<number> {
  const skipBuild = process.argv.includes("--no-build");
  await mkdir(RESULTS_DIR, { recursive: true });
  const results: BenchResults = {
    generatedAt: new Date().toISOString(),
    node: process.version,
    loadAverage: round(os.loadavg()[0] ?? 0, 2),
    cpus: os.cpus().length,
    built: !skipBuild,
    targets: [],
    errors: [],
  };

  /** Runs one step; a failure is recorded (and printed) and the bench carries on where it can. */
  const step = async <T>(name: string, fn: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await fn();
    } catch (error) {
      const message = `${name}: ${errorMessage(error)}`;
      console.error(`✗ ${message}`);
      results.errors.push(message);
      return undefined;
    }
  };

  const server = new LocalServer();
  const cleanUpNow = () => {
    server.killNow();
    removeTempDirsNow();
  };
  process.once("exit", cleanUpNow);
  process.once("SIGINT", () => process.exit(130)); // exit runs cleanUpNow
  process.once("SIGTERM", () => process.exit(143));

  try {
    const snapshot = await step("build", () => prepareSnapshot(skipBuild));
    const onlySizes = process.argv.includes("--only-sizes");
    const migrated = onlySizes ? false : await step("migrations", async () => (await applyMigrations(), true));
    if (!snapshot) throw new Error("nothing measured without a build");

    const onlyAttribution = process.argv.includes("--only-attribution");
    results.bundle = onlyAttribution ? undefined : await step("first-load JS", () => measureBundles(snapshot));
    if (results.bundle) {
      const bundle = results.bundle;
      const targets = await step("first-load JS targets", async () => bundleTargets(bundle));
      results.targets.push(...(targets ?? []));
      printBundles(bundle, targets ?? []);
    }

    if (!onlyAttribution) {
      results.worker = await step("Worker bundle", () => measureWorkerBundle(snapshot));
      const workerTargets: TargetCheck[] = results.worker
        ? [
            {
              name: "Worker bundle (KiB gzip)",
              value: kib(results.worker.gzipBytes),
              target: `≤ ${WORKER_GZIP_BUDGET_KIB}`,
              pass: results.worker.gzipBytes <= WORKER_GZIP_BUDGET_KIB * 1024,
              budget: true,
            },
          ]
        : [];
      results.targets.push(...workerTargets);
      // Before the local server starts, so that nothing else of the bench competes for the CPU.
      results.coldStart = await step("cold start", () => measureColdStart(snapshot));
      printWorker(results.worker, results.coldStart, workerTargets);
    }

    if (onlySizes) {
      // Sizes and the cold start only: no local server.
    } else if (migrated && (await step("local server", async () => (await server.start(snapshot), true)))) {
      results.throughput = onlyAttribution ? undefined : await step("throughput", () => measureThroughput(snapshot, server.processGroup));
      if (results.throughput) {
        const targets = throughputTargets(results.throughput);
        results.targets.push(...targets);
        printThroughput(results.throughput, targets);
      }

      results.attribution = await step("attribution capture", measureAttribution);
      if (results.attribution) {
        const targets = attributionTargets(results.attribution);
        results.targets.push(...targets);
        printAttribution(results.attribution, targets);
      }

      results.signIn = onlyAttribution ? undefined : await step("sign-in latency", measureSignIn);
      if (results.signIn) printSignIn(results.signIn);

      const pages: LighthousePageReport[] = [];
      for (const page of onlyAttribution || process.argv.includes("--no-lighthouse") ? [] : LIGHTHOUSE_PAGES) {
        const report = await step(`lighthouse ${page.name}`, () => runLighthousePage(page));
        if (report) pages.push(report);
      }
      if (pages.length) {
        results.lighthouse = pages;
        const targets = lighthouseTargets(pages);
        results.targets.push(...targets);
        printLighthouse(pages, targets);
      }
    } else if (!migrated) {
      results.errors.push("local server: not started because the migrations failed");
    }
  } catch (error) {
    results.errors.push(`bench: ${errorMessage(error)}`);
  } finally {
    await server.stop();
    removeTempDirsNow();
  }

  await writeFile(path.join(RESULTS_DIR, "latest.json"), `${JSON.stringify(results, null, 2)}\n`);
  printSummary(results);
  return results.errors.length || results.targets.some((t) => t.budget && !t.pass) ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
