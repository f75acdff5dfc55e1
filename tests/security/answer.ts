import { env } from "cloudflare:workers";
import { fetchApp } from "../worker/app";

/**
 * Sends `request` through the Worker, reads its answer with `read`, then ends the request as the
 * platform does once an answer has gone out: its signal aborts. Remix's single-fetch encoder arms a
 * ~5-second timer for every data or page request that only that abort clears. Deployed, the end of
 * the request cancels it; here every test runs inside one long-lived request, so the sweeps' thousands
 * of requests kept as many timers (and the answers they hold) alive, up to workerd's limit of 10,000
 * active timers.
 */
export async function answerOf<T>(request: Request, read: (response: Response) => Promise<T>, bindings: Env = env): Promise<T> {
  const ended = new AbortController();
  try {
    return await read(await fetchApp(new Request(request, { signal: ended.signal }), { bindings }));
  } finally {
    ended.abort();
  }
}
