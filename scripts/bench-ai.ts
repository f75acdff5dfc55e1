/**
 * AI coach bench (part of `npm run bench`; flags: `--port <n>`, 8795 unless given).
 *
 *   1. Starts the OpenAI-compatible fake model (tests/fakes/openai-server.ts) with a known
 *      first-token delay, and the local server (scripts/serve.ts) on the current build with fresh
 *      local state (migrations and the seed, as scripts/e2e-server.sh does), pointed at the fake.
 *   2. Gives the demo client a Pro subscription and signs in through /auth as a browser does.
 *   3. Time to first token through the Worker and the Conversation Durable Object: from sending
 *      POST /ai-coach/chat to the first delta event, minus the fake's own delay; median of 40.
 *   4. Fills a conversation with 1,000 messages, then times loading it: GET …/stream (the snapshot,
 *      which closes at once when idle) and GET …/:id (JSON); median of 30 each.
 *
 * Targets: time to first token ≤ 30 ms (median), loading 1,000 messages ≤ 50 ms. A report: the exit
 * code is 0 when a target is missed and 1 only when something could not be measured.
 */
import { startFakeOpenAi } from "../tests/fakes/openai-server";
import { DEMO_CLIENT, freshState, median, percentile, portFlag, signIn, startServer, type LocalServer } from "./bench-support";

const PORT = portFlag(8795);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const FIRST_TOKEN_DELAY_MS = 50;
const TTFT_RUNS = 40;
const LOAD_RUNS = 30;
const CONVERSATION_MESSAGES = 1_000;
const p90 = (values: number[]) => percentile(values, 90);

type Sent = { conversationId: string; snapshotMs: number | null; firstDeltaMs: number | null; totalMs: number };

async function send(cookie: string, message: string, conversationId: string | null): Promise<Sent> {
  const started = performance.now();
  const response = await fetch(`${ORIGIN}/ai-coach/chat`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/json" },
    body: JSON.stringify({ message, conversationId, clientMessageId: `bench-${crypto.randomUUID()}` }),
  });
  if (response.status !== 200 || !response.body) throw new Error(`chat answered ${response.status}: ${await response.text()}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let firstDeltaMs: number | null = null;
  let snapshotMs: number | null = null;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += value;
    if (snapshotMs === null && buffer.includes("event: snapshot")) snapshotMs = performance.now() - started;
    if (firstDeltaMs === null && buffer.includes("event: delta")) firstDeltaMs = performance.now() - started;
  }
  if (!buffer.includes("event: done")) throw new Error("the reply stream ended without done");
  return { conversationId: response.headers.get("X-Conversation-Id")!, snapshotMs, firstDeltaMs, totalMs: performance.now() - started };
}

async function timeGet(cookie: string, url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { Cookie: cookie } });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  if (text.length < 10_000) throw new Error(`${url} answered too little (${text.length} bytes)`);
  return performance.now() - started;
}

async function main() {
  const state = freshState("clarityai-bench-ai-");
  const fake = await startFakeOpenAi({ firstTokenDelayMs: FIRST_TOKEN_DELAY_MS, chunkDelayMs: 0 });
  let server: LocalServer | undefined;
  try {
    state.run([
      "wrangler",
      "d1",
      "execute",
      "DB",
      "--local",
      "--command",
      `INSERT OR REPLACE INTO ai_subscriptions (user_id, stripe_customer_id, stripe_subscription_id, tier, billing_interval, status) SELECT id, 'cus_bench', 'sub_bench', 'pro', 'month', 'active' FROM users WHERE email = '${DEMO_CLIENT.email}'`,
    ]);
    server = await startServer({
      port: PORT,
      state,
      logs: Boolean(process.env.BENCH_AI_LOGS),
      vars: { OPENAI_API_KEY: "bench-key", OPENAI_BASE_URL: fake.url, CLARITYAI_DAILY_MESSAGES_PRO: "100000" },
    });
    const cookie = await signIn(ORIGIN, DEMO_CLIENT, "/profile");

    // Warm up: the first requests compile and open the Durable Object.
    let { conversationId } = await send(cookie, "Warm-up question about cash flow", null);
    for (let i = 0; i < 3; i++) await send(cookie, "Another warm-up", conversationId);

    const ttft: number[] = [];
    const snapshots: number[] = [];
    for (let i = 0; i < TTFT_RUNS; i++) {
      const sent = await send(cookie, `How do I improve cash flow in month ${i + 1}?`, i % 10 === 0 ? null : conversationId);
      if (i % 10 === 0) conversationId = sent.conversationId;
      if (sent.firstDeltaMs === null) throw new Error("no delta arrived");
      ttft.push(sent.firstDeltaMs - FIRST_TOKEN_DELAY_MS);
      if (sent.snapshotMs !== null) snapshots.push(sent.snapshotMs);
    }
    console.log(
      `  (the stream's first event, the snapshot, arrives after a median ${median(snapshots).toFixed(1)} ms: the Worker's checks and the message stored)`,
    );
    // For scale: a signed-in JSON request that only reads (GET /ai-coach/status: the session, the plan, the meter).
    const baseline: number[] = [];
    for (let i = 0; i < TTFT_RUNS; i++) {
      const started = performance.now();
      const response = await fetch(`${ORIGIN}/ai-coach/status`, { headers: { Cookie: cookie } });
      await response.text();
      baseline.push(performance.now() - started);
    }
    console.log(`  (for scale, a signed-in read, GET /ai-coach/status, takes a median ${median(baseline).toFixed(1)} ms end to end)`);
    if (process.argv.includes("--ttft-only")) {
      console.log(`  time to first token minus the model's delay: median ${median(ttft).toFixed(1)} ms, p90 ${p90(ttft).toFixed(1)} ms`);
      return;
    }

    const long = await send(cookie, "Start of a long conversation [fast]", null);
    for (let n = 2; n < CONVERSATION_MESSAGES; n += 2) await send(cookie, `Message ${n / 2} [fast]`, long.conversationId);
    const streamLoads: number[] = [];
    const jsonLoads: number[] = [];
    for (let i = 0; i < LOAD_RUNS; i++) {
      streamLoads.push(await timeGet(cookie, `${ORIGIN}/ai-coach/conversations/${long.conversationId}/stream`));
      jsonLoads.push(await timeGet(cookie, `${ORIGIN}/ai-coach/conversations/${long.conversationId}`));
    }
    const check = await (await fetch(`${ORIGIN}/ai-coach/conversations/${long.conversationId}`, { headers: { Cookie: cookie } })).json();
    const count = (check as { messages: unknown[] }).messages.length;

    const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
    console.log("\nAI coach (local server on 127.0.0.1, fake model with a %d ms first-token delay)", FIRST_TOKEN_DELAY_MS);
    console.log(
      `  time to first token through Worker + Durable Object, minus the model's delay: median ${fmt(median(ttft))}, p90 ${fmt(p90(ttft))} (n=${ttft.length}; target ≤ 30 ms) ${median(ttft) <= 30 ? "OK" : "MISSED"}`,
    );
    console.log(
      `  loading a ${count}-message conversation, GET …/stream snapshot: median ${fmt(median(streamLoads))}, p90 ${fmt(p90(streamLoads))} (n=${streamLoads.length}; target ≤ 50 ms) ${median(streamLoads) <= 50 ? "OK" : "MISSED"}`,
    );
    console.log(`  loading it as JSON, GET /ai-coach/conversations/:id: median ${fmt(median(jsonLoads))}, p90 ${fmt(p90(jsonLoads))} (n=${jsonLoads.length})`);
  } finally {
    server?.stop();
    await fake.close();
    state.remove();
  }
}

main().catch((error) => {
  console.error("bench-ai:", error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
