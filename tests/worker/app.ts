import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "../../workers/app";
import { testClientIp } from "./client-ip";

/**
 * Sends a request through the Worker's fetch handler, as Cloudflare would, with the test bindings
 * or others (a production configuration, counting proxies), through the Worker or one made with
 * createWorker (e.g. with its own per-isolate state). A request without a CF-Connecting-IP
 * comes from this test's own address (see testClientIp).
 */
export async function fetchApp(input: Request | string, bindings: Env = env, app: Pick<typeof worker, "fetch"> = worker) {
  const request = typeof input === "string" ? new Request(`http://localhost${input}`, { redirect: "manual" }) : input;
  request.headers.set("CF-Connecting-IP", request.headers.get("CF-Connecting-IP") ?? testClientIp());
  const ctx = createExecutionContext();
  const response = await app.fetch(request as Request<unknown, IncomingRequestCfProperties>, bindings, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** The page's HTML with React's text separators removed and common entities decoded, for text assertions. */
export async function pageText(response: Response) {
  return (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&amp;", "&").replaceAll("&quot;", '"');
}

export function titleOf(html: string) {
  return html.match(/<title>([^<]*)<\/title>/)?.[1];
}

export function canonicalsOf(html: string) {
  return [...html.matchAll(/<link rel="canonical" href="([^"]+)"/g)].map((m) => m[1]!);
}

export function jsonLdBlocks(html: string): Record<string, unknown>[] {
  // Remix escapes <, > and & inside the block as \u003c etc., which JSON.parse reads back.
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}
