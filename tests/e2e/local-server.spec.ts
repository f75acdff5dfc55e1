import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { expect, test } from "@playwright/test";

// The local server itself (scripts/serve.ts, decision record 009), as any HTTP client meets it: Node's
// fetch keeps a connection open between requests and sends the next request on it.

/**
 * workerd, which runs the Worker, closes a connection once it has been idle for 5 s (kj's fixed
 * pipeline timeout); the local server must keep it open longer, as it announces.
 */
const WORKERD_IDLE_TIMEOUT_MS = 5_000;

test("a keep-alive connection still answers after an idle pause past workerd's idle timeout", async ({ baseURL }) => {
  // An origin of this test's own (127.0.0.1, where the other tests use localhost), so fetch's pool
  // holds no connection but the one made here.
  const origin = new URL(baseURL!);
  origin.hostname = "127.0.0.1";
  const connections: string[] = [];
  const onConnect = (message: unknown) => {
    const { connectParams } = message as { connectParams: { hostname: string; port: string } };
    if (connectParams.hostname === origin.hostname && connectParams.port === origin.port) connections.push(connectParams.hostname);
  };
  subscribe("undici:client:connected", onConnect);
  try {
    const first = await fetch(new URL("/resources", origin));
    expect(first.status).toBe(200);
    await first.text();

    // The pause a busy client makes between two requests: its event loop does not run (as during
    // execFileSync), so it cannot see a connection being closed before it sends on it again. One
    // second past workerd's idle timeout, so a connection it serves directly has been closed by then.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, WORKERD_IDLE_TIMEOUT_MS + 1_000);

    const second = await fetch(new URL("/resources", origin));
    expect(second.status).toBe(200);
    await second.text();
    // The same connection carried both: the pause really was spent on an open, idle connection,
    // which the server had said it would keep.
    expect(connections).toHaveLength(1);
    expect(first.headers.get("keep-alive")).toMatch(/^timeout=\d+$/);
  } finally {
    unsubscribe("undici:client:connected", onConnect);
  }
});
