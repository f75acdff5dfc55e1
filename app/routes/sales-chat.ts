import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { SSE_HEADERS, encodeSseEvent } from "~/ai-coach/sse";
import { jsonResponse, readJsonBody } from "~/data-api/http.server";
import { finishSalesChatTurn, produceSalesReply, SalesChatError, startSalesChatTurn } from "~/sales-chat/chat.server";
import type { SalesChatEvent } from "~/sales-chat/types";

// POST /sales-chat: the Service Assistant widget's message → the reply as server-sent events
// (SalesChatEvent). For everyone, signed in or not. Refusals are JSON { error, code, fields? }.

const NO_STORE = { "Cache-Control": "private, no-store" };

function refusal(error: SalesChatError): Response {
  return jsonResponse(error.toJSON(), { status: error.status, headers: { ...NO_STORE, ...error.headers } });
}

function readBody(request: Request): Promise<unknown> {
  return readJsonBody(
    request,
    (status, code, message) => new SalesChatError(status, code, message),
    "That conversation is too long to send. Please start a new conversation.",
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return refusal(new SalesChatError(405, "method_not_allowed", "Use POST for this request.", undefined, { Allow: "POST" }));
  let turn;
  try {
    turn = await startSalesChatTurn(context, request, await readBody(request));
  } catch (error) {
    if (error instanceof SalesChatError) return refusal(error);
    throw error;
  }

  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const encoder = new TextEncoder();
  // The visitor closed the page or pressed nothing more: stop the model rather than write to no one.
  const gone = new AbortController();
  const send = (event: SalesChatEvent) => void writer.write(encoder.encode(encodeSseEvent(event))).catch(() => gone.abort());

  const work = (async () => {
    try {
      const reply = await produceSalesReply(context, turn, { signal: gone.signal, pace: true, onText: (text) => send({ event: "delta", data: { text } }) });
      await finishSalesChatTurn(context, turn, reply);
      send({ event: "done", data: reply });
    } catch (error) {
      console.error("sales chat: the reply failed", error instanceof Error ? error.message : String(error));
      send({ event: "error", data: { code: "reply_failed", message: "Failed to send message. Please try again." } });
    } finally {
      // Not awaited: closing waits for the reader, and the work must not wait for the browser.
      writer.close().catch(() => undefined);
    }
  })();
  context.cloudflare.ctx.waitUntil(work);
  return new Response(readable, { headers: SSE_HEADERS });
}
