import type { ChatStreamEvent } from "./chat-types";

// Server-sent events of the chat stream: `event: <name>` and one JSON `data:` line per event.
// Plain TypeScript: the Worker writes them, and the browser, server functions and tests read them.

export const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "private, no-store",
  "X-Accel-Buffering": "no",
} as const;

/** One server-sent event as the chats send it: a name and a JSON payload. */
export type SseEvent = { event: string; data: unknown };

export function encodeSseEvent(event: SseEvent): string {
  return `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

// Reading them: the chat's replies stream as server-sent events over a fetch response (EventSource cannot POST or
// be stopped cleanly). This reads them incrementally: text arrives in arbitrary pieces, an event
// ends at a blank line, `data:` lines join with a newline, comments (":") and unknown fields are
// ignored, and CRLF, CR and LF line endings are all accepted (the SSE standard's rules).

const CHAT_EVENTS: readonly ChatStreamEvent["event"][] = ["snapshot", "delta", "done", "error"];

/**
 * An incremental parser: `push(text)` returns the complete events in it; the rest waits for more.
 * Events not named in `known` are skipped.
 */
export function createSseParser<E extends SseEvent = ChatStreamEvent>(known: readonly E["event"][] = CHAT_EVENTS as readonly E["event"][]) {
  const names = new Set<string>(known);
  let buffer = "";
  let name = "";
  let data: string[] = [];
  /** A CR at the end of a piece may be the first half of a CRLF split across pieces. */
  let pendingCr = false;

  function dispatch(out: E[]) {
    const event = name || "message";
    const payload = data.join("\n");
    name = "";
    data = [];
    if (!names.has(event) || payload === "") return;
    try {
      out.push({ event, data: JSON.parse(payload) } as E);
    } catch {
      // A malformed event is skipped; the stream goes on.
    }
  }

  function line(text: string, out: E[]) {
    if (text === "") return dispatch(out);
    if (text.startsWith(":")) return;
    const colon = text.indexOf(":");
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? "" : text.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") name = value;
    else if (field === "data") data.push(value);
  }

  return {
    push(text: string): E[] {
      const out: E[] = [];
      if (pendingCr && text.startsWith("\n")) text = text.slice(1);
      pendingCr = false;
      buffer += text;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const char = buffer[i];
        if (char !== "\n" && char !== "\r") continue;
        line(buffer.slice(start, i), out);
        if (char === "\r") {
          if (i + 1 === buffer.length) pendingCr = true;
          else if (buffer[i + 1] === "\n") i++;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
      return out;
    },
  };
}

/**
 * The events of a fetch response's body, as they arrive. Ends when the server closes the stream or
 * `signal` aborts (then it simply stops; the caller knows why).
 */
export function readChatStream(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<ChatStreamEvent> {
  return readSseStream<ChatStreamEvent>(body, CHAT_EVENTS, signal);
}

/** The events named in `known` of a fetch response's body, as they arrive (see readChatStream). */
export async function* readSseStream<E extends SseEvent>(
  body: ReadableStream<Uint8Array>,
  known: readonly E["event"][],
  signal?: AbortSignal,
): AsyncGenerator<E> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = createSseParser<E>(known);
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener("abort", cancel, { once: true });
  try {
    for (;;) {
      if (signal?.aborted) return;
      const { done, value } = await reader.read();
      // An event cut off by the end of the stream (no blank line after it) is dropped, as the standard says.
      if (done) return;
      yield* parser.push(decoder.decode(value, { stream: true }));
    }
  } catch (error) {
    if (signal?.aborted) return;
    throw error;
  } finally {
    signal?.removeEventListener("abort", cancel);
    cancel();
  }
}
