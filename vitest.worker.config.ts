import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { readdirSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

// Which file starts first. Vitest runs the files that took longest last time first; with no timings
// (a fresh clone, as in CI) it runs the largest files first. That put the security suite's fuzz files,
// short files that replay the corpus over every endpoint (one to two minutes each), last of all, and
// the run waited for them at the end with the other workers idle. Files without timings start in this
// order instead: the fuzz files (tests/security/fuzz-*), the rest of tests/security/, then the others,
// each group in Vitest's own order.
class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      if (this.ctx.cache.getFileTestResults(`${file.project.name}:${relative(this.ctx.config.root, file.moduleId)}`)) return 2;
      if (file.moduleId.includes("/tests/security/fuzz-")) return 0;
      return file.moduleId.includes("/tests/security/") ? 1 : 2;
    };
    return [0, 1, 2].flatMap((group) => sorted.filter((file) => rank(file) === group));
  }
}

const TEST_FILES = ["tests/worker/**/*.test.ts", "tests/security/**/*.test.ts"];
// Files that need a Worker of their own (see `projects` below), each with the reason.
const ISOLATED_FILES = [
  // Counts the emails queued for one address: a previous file's jobs still in the queue would add theirs.
  "tests/worker/auth-email-flows.test.ts",
  // Replays webhooks against the outbox: a previous file's deliveries would be counted.
  "tests/worker/billing/webhook-hardening.test.ts",
  // Measures the home page's slot view from a cold slot cache.
  "tests/worker/booking-routes/slot-view-cost.test.ts",
  // The payouts sweep pays every due statement in the database and the sandbox's Connect accounts.
  "tests/worker/coach-payouts/**/*.test.ts",
  // Restarts the meeting rooms with abortAllDurableObjects(), which resets every Durable Object of the
  // Worker: a previous file's AI coach conversation still finishing a reply would be cut off mid-reply.
  "tests/worker/meetings/room-lifecycle.test.ts",
  // Waits on a chat's idle timeout with the clock its own.
  "tests/worker/sales-chat/closing-the-loop.test.ts",
  // Counts an account's wrong passwords in the rate-limit table across a minute of sign-ins: in a shared
  // Worker, work a previous file left running (its queued jobs) once cleared the count midway.
  "tests/security/lockout.test.ts",
];

// Integration tests run inside workerd with the real bindings from wrangler.toml (local D1, KV,
// Durable Object and queue). The Worker under test imports the Remix server build: build first.
export default defineConfig(async () => {
  const migrations = await readD1Migrations(fileURLToPath(new URL("./migrations", import.meta.url)));
  // Static files are served by the platform in front of the Worker, not by the Worker the pool runs:
  // tests that meet a link to one check it against this list instead.
  const publicFiles = readdirSync(fileURLToPath(new URL("./public", import.meta.url)), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `${entry.parentPath.slice(fileURLToPath(new URL("./public", import.meta.url)).length)}/${entry.name}`.replace(/^\/?/, "/"));
  const serverBuildDir = fileURLToPath(new URL("./build/server/", import.meta.url));
  return {
    plugins: [
      // Each test file runs in a fresh workerd that loads the Worker's modules again, every module sent
      // from Node as a string with its source map inlined. For what is already a bundle (the Remix server
      // build, the pre-bundled dependencies) that map is most of the bytes: 30 MB a file instead of 9.5,
      // which made loading the Worker most of each file's time. Those modules go without; the app's and
      // the tests' own modules keep theirs. TEST_BUNDLE_SOURCE_MAPS=1 keeps them all when a stack trace
      // into the server build is wanted.
      {
        name: "no-source-maps-for-bundles",
        transform(code: string, id: string) {
          if (process.env.TEST_BUNDLE_SOURCE_MAPS || !(id.startsWith(serverBuildDir) || id.includes("/node_modules/.vite/"))) return undefined;
          return { code, map: { mappings: "" } };
        },
      } satisfies Plugin,
      cloudflareTest({
        main: "./workers/app.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          // BOOKING_EARLIEST_START "00:00": the test coaches are open around the clock and tests book
          // whatever time comes first; the tests of the rule set it (tests/worker/booking-routes/booking-landing.test.ts).
          bindings: { TEST_MIGRATIONS: migrations, TEST_PUBLIC_FILES: publicFiles, APP_ENV: "test", BOOKING_EARLIEST_START: "00:00" },
          // The queue consumer runs in the background as in production, but without wrangler.toml's
          // 5-second batch wait: tests wait for what a job writes (e.g. an emailed code), not for a timer.
          queueConsumers: { "clarityai-jobs": { maxBatchSize: 10, maxBatchTimeout: 0, maxRetries: 3, deadLetterQueue: "clarityai-jobs-dlq" } },
        },
      }),
    ],
    resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
    // workerd runs React's production build, which has no jsxDEV: compile the JSX of modules that
    // tests import directly (e.g. the email templates) for the production runtime too.
    esbuild: { jsx: "automatic" as const, jsxDev: false },
    test: {
      // Two projects. "shared": a Vitest worker loads the Worker's modules once and runs file after
      // file in it, each on a database set up afresh (tests/worker/setup-database.ts) — loading the
      // modules is most of a file's cost. "isolated": a file that depends on what only a fresh Worker
      // has (module state such as a warm cache, or a queue with nothing of another file's still in
      // flight) gets a Worker of its own; name it ISOLATED_FILES below.
      projects: [
        { extends: true as const, test: { name: "shared", include: TEST_FILES, exclude: ISOLATED_FILES, isolate: false } },
        { extends: true as const, test: { name: "isolated", include: ISOLATED_FILES } },
      ],
      // Password hashing (scrypt, ~160 ms a hash) makes account tests slow on a busy 2-core machine.
      testTimeout: 20_000,
      // Three files at a time, even on 2 cores (vitest's default there is one): most of a file's time is
      // workerd starting and waiting on I/O. On 2 cores, 113 files take 7.6 minutes this way, 8.9 with two.
      maxWorkers: 3,
      sequence: { sequencer: LongestFirstSequencer },
      setupFiles: ["./tests/worker/setup-database.ts", "./tests/console-error-guard.ts"],
      // A fake Turnstile siteverify endpoint on loopback (tests/security/lockout.test.ts).
      // The OpenAI-compatible fake model for the AI coach (tests/worker/ai-coach/).
      // A fake email provider (Resend, Postmark and SendGrid APIs) for delivery (tests/worker/email/).
      // The Stripe-compatible fake server for billing (tests/worker/billing/).
      // GA4, Google Ads (with Google's OAuth token endpoint) and Meta for conversion forwarding (tests/worker/attribution/).
      // Cloudflare Realtime TURN's credential endpoint for the meetings' ICE servers (tests/worker/meetings/).
      globalSetup: [
        "./tests/fakes/turnstile-server.ts",
        "./tests/fakes/openai-server.ts",
        "./tests/fakes/email-server.ts",
        "./tests/fakes/stripe-server.ts",
        "./tests/fakes/analytics-server.ts",
        "./tests/fakes/turn-server.ts",
      ],
      deps: {
        optimizer: {
          // @remix-run/cloudflare is CommonJS that workerd can't import as it is; the rest are every package
          // the Worker imports: pre-bundled, each loads as one module instead of hundreds, which is most
          // of the time each test file takes to start.
          ssr: {
            enabled: true,
            include: [
              "@remix-run/cloudflare",
              "@remix-run/server-runtime",
              "@remix-run/react",
              "@date-fns/tz",
              "bcryptjs",
              "drizzle-orm",
              "drizzle-orm/batch",
              "drizzle-orm/d1",
              "drizzle-orm/sqlite-core",
              "isbot",
              "jose",
              "markdown-it",
              "openai",
              "react",
              "react/jsx-runtime",
              "react-dom/server",
              "stripe",
              "uqr",
              "zod",
            ],
          },
        },
      },
    },
  };
});
