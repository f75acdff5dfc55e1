import { expect, test } from "vitest";
import type { ChatStreamEvent } from "~/ai-coach/chat-types";
import { createSseParser, readChatStream } from "~/ai-coach/sse";

const delta = (text: string): ChatStreamEvent => ({ event: "delta", data: { messageId: "m1", text } });

test("events split across arbitrary chunks are put back together", () => {
  const wire = 'event: delta\ndata: {"messageId":"m1","text":"Hel"}\n\nevent: delta\ndata: {"messageId":"m1","text":"lo"}\n\n';
  for (let size = 1; size <= wire.length; size++) {
    const parser = createSseParser();
    const events: ChatStreamEvent[] = [];
    for (let i = 0; i < wire.length; i += size) events.push(...parser.push(wire.slice(i, i + size)));
    expect(events, `chunks of ${size}`).toEqual([delta("Hel"), delta("lo")]);
  }
});

test("CRLF and CR line endings, comments, unknown fields and a space-less colon are accepted", () => {
  const parser = createSseParser();
  const events = [
    ...parser.push(': keep-alive\r\n\r\nevent:delta\r\nid: 7\r\ndata:{"messageId":"m1","text":"a"}\r'),
    ...parser.push('\n\r\nevent: delta\rdata: {"messageId":"m1","text":"b"}\r\r'),
  ];
  expect(events).toEqual([delta("a"), delta("b")]);
});

test("multi-line data joins with newlines; unknown events and malformed JSON are skipped", () => {
  const parser = createSseParser();
  const events = parser.push(
    'event: ping\ndata: {}\n\nevent: delta\ndata: {not json}\n\nevent: done\ndata: {"messageId":"m1","status":"stopped",\ndata: "content":"Hi","escalationTriggered":false}\n\n',
  );
  expect(events).toEqual([{ event: "done", data: { messageId: "m1", status: "stopped", content: "Hi", escalationTriggered: false } }]);
});

function streamOf(chunks: string[]) {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

test("a response body is read event by event; an event cut off by the end of the stream is dropped", async () => {
  const events: ChatStreamEvent[] = [];
  for await (const event of readChatStream(
    streamOf(['event: delta\ndata: {"messageId":"m1","te', 'xt":"é"}\n\n', 'event: delta\ndata: {"messageId":"m1","text":"x"}']),
  ))
    events.push(event);
  expect(events).toEqual([delta("é")]);
});

test("multi-byte characters split between chunks are decoded whole", async () => {
  const bytes = new TextEncoder().encode('event: delta\ndata: {"messageId":"m1","text":"G’day"}\n\n');
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const byte of bytes) controller.enqueue(new Uint8Array([byte]));
      controller.close();
    },
  });
  const events: ChatStreamEvent[] = [];
  for await (const event of readChatStream(body)) events.push(event);
  expect(events).toEqual([delta("G’day")]);
});

test("aborting stops reading and cancels the body", async () => {
  let cancelled = false;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode('event: delta\ndata: {"messageId":"m1","text":"a"}\n\n'));
    },
    cancel() {
      cancelled = true;
    },
  });
  const controller = new AbortController();
  const events: ChatStreamEvent[] = [];
  for await (const event of readChatStream(body, controller.signal)) {
    events.push(event);
    controller.abort();
  }
  expect(events).toEqual([delta("a")]);
  expect(cancelled).toBe(true);
});
