import { expect, test } from "vitest";
import { createRecorder, RecorderError, type RecorderState } from "~/meetings/recording/recorder";
import { createPartBuffer, isRetryable, partsToResend, pickMimeType, retryDelayMs, UPLOAD_ATTEMPTS } from "~/meetings/recording/upload-parts";
import { RECORDING_PART_SIZE } from "~/meetings/recording/upload-rules";

// The recorder's pure parts (part buffering, the retry schedule, what to resume) and its upload
// flow against a stand-in MediaRecorder and server.

const bytes = (size: number, from = 0) => Uint8Array.from({ length: size }, (_, i) => (from + i) % 251);

test("chunks are gathered into parts of exactly the part size, the rest kept for the last part", () => {
  const buffer = createPartBuffer(10);
  expect(buffer.push(bytes(4))).toEqual([]);
  expect(buffer.buffered).toBe(4);
  // A chunk that fills one part and spills into the next, then one that fills two at once.
  expect(buffer.push(bytes(9, 4))).toEqual([bytes(10)]);
  expect(buffer.push(bytes(20, 13))).toEqual([bytes(10, 10), bytes(10, 20)]);
  expect(buffer.buffered).toBe(3);
  expect(buffer.finish()).toEqual(bytes(3, 30));
  expect(buffer.finish()).toBeNull();
  expect(() => createPartBuffer(0)).toThrow(RangeError);
});

test("a part handed out is not changed by later chunks", () => {
  const buffer = createPartBuffer(4);
  const [first] = buffer.push(bytes(4));
  buffer.push(new Uint8Array([9, 9, 9, 9]));
  expect(first).toEqual(bytes(4));
});

test("retries wait 1, 2, 4, 8 and 16 seconds (up to a fifth more with jitter), then give up", () => {
  expect(Array.from({ length: UPLOAD_ATTEMPTS }, (_, i) => retryDelayMs(i + 1))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, null]);
  expect(retryDelayMs(2, 1)).toBe(2_400);
  expect(retryDelayMs(2, 7)).toBe(2_400);
  expect(retryDelayMs(2, -1)).toBe(2_000);
});

test("only no answer, a timeout, throttling and server errors are tried again", () => {
  expect([null, 408, 429, 500, 503].map(isRetryable)).toEqual([true, true, true, true, true]);
  expect([400, 403, 404, 409, 413, 422].map(isRetryable)).toEqual([false, false, false, false, false, false]);
});

test("after a break, the parts the server lacks or holds cut short are sent again", () => {
  const held = new Map([
    [2, bytes(10)],
    [3, bytes(10)],
    [5, bytes(4)],
  ]);
  expect(
    partsToResend(held, [
      { n: 1, size: 10 },
      { n: 2, size: 10 },
      { n: 3, size: 6 },
    ]),
  ).toEqual([3, 5]);
});

test("the format is WebM where the browser records it, MP4 otherwise, audio-only without a camera", () => {
  expect(pickMimeType(() => true, true)).toBe("video/webm;codecs=vp8,opus");
  expect(pickMimeType((type) => type.startsWith("video/mp4"), true)).toBe("video/mp4;codecs=avc1,mp4a.40.2");
  expect(pickMimeType(() => true, false)).toBe("audio/webm;codecs=opus");
  expect(pickMimeType(() => false, true)).toBeNull();
});

// ── The flow, with a stand-in MediaRecorder and server ─────────────────────────────────────────

class FakeMediaRecorder extends EventTarget {
  static instances: FakeMediaRecorder[] = [];
  static isTypeSupported = (type: string) => type.startsWith("video/webm");
  state: "inactive" | "recording" = "inactive";
  constructor(
    readonly stream: unknown,
    readonly options: { mimeType: string },
  ) {
    super();
    FakeMediaRecorder.instances.push(this);
  }
  start() {
    this.state = "recording";
  }
  emit(data: Uint8Array) {
    const event = new Event("dataavailable") as Event & { data: Blob };
    event.data = new Blob([data as Uint8Array<ArrayBuffer>]);
    this.dispatchEvent(event);
  }
  stop() {
    this.state = "inactive";
    this.emit(bytes(100, 7));
    this.dispatchEvent(new Event("stop"));
  }
}

const stream = { getVideoTracks: () => [{}] } as unknown as MediaStream;

/** A server that accepts the recording's requests, losing the first `failPuts` part uploads of part 2 and the given statuses. */
function fakeServer({ failPartTwo = 0, refuseStart = false } = {}) {
  const calls: string[] = [];
  const parts = new Map<number, number>();
  let partTwoFailures = 0;
  const fetcher = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    calls.push(`${method} ${url}`);
    if (method === "POST" && url.endsWith("/recordings")) {
      if (refuseStart) {
        return Response.json({ error: "consent_required", message: "The client hasn't answered the request to record yet." }, { status: 409 });
      }
      expect(JSON.parse(String(init?.body))).toEqual({ contentType: "video/webm" });
      return Response.json({ recordingId: "rec-1", partSize: RECORDING_PART_SIZE }, { status: 201 });
    }
    const part = /\/parts\/(\d+)$/.exec(url);
    if (method === "PUT" && part) {
      const n = Number(part[1]);
      if (n === 2 && partTwoFailures < failPartTwo) {
        partTwoFailures++;
        if (partTwoFailures === 1) throw new TypeError("Failed to fetch");
        return new Response("Bad gateway", { status: 502 });
      }
      const size = (init?.body as Uint8Array).byteLength;
      parts.set(n, size);
      return Response.json({ n, size });
    }
    if (url.endsWith("/parts")) return Response.json({ parts: [...parts].map(([n, size]) => ({ n, size })) });
    if (url.endsWith("/complete")) return Response.json({ recordingId: "rec-1", size: [...parts.values()].reduce((a, b) => a + b, 0) });
    return new Response("Not found", { status: 404 });
  };
  return { calls, parts, fetch: fetcher as typeof fetch };
}

function recorderWith(server: ReturnType<typeof fakeServer>, waits: number[]) {
  FakeMediaRecorder.instances = [];
  const recorder = createRecorder({
    meetingId: "meeting-1",
    stream,
    fetch: server.fetch,
    MediaRecorder: FakeMediaRecorder as unknown as typeof MediaRecorder,
    sleep: async (ms) => {
      waits.push(ms);
    },
    random: () => 0,
  });
  const states: RecorderState[] = [];
  recorder.onState((state) => states.push(state));
  return { recorder, states, media: () => FakeMediaRecorder.instances[0]! };
}

test("the recorder uploads each full part as it fills, retries a failed one, and completes with the last part on stop", async () => {
  const server = fakeServer({ failPartTwo: 2 });
  const waits: number[] = [];
  const { recorder, states, media } = recorderWith(server, waits);
  await recorder.start();
  expect(recorder.state).toBe("recording");
  expect(media().options.mimeType).toBe("video/webm;codecs=vp8,opus");
  media().emit(bytes(RECORDING_PART_SIZE - 10));
  media().emit(bytes(RECORDING_PART_SIZE + 20));
  const { recordingId } = await recorder.stop();
  expect(recordingId).toBe("rec-1");
  // Part 2 failed twice (no answer, then a 502) and went through on the third try, after 1 s and 2 s.
  expect(waits).toEqual([1_000, 2_000]);
  expect(Object.fromEntries(server.parts)).toEqual({ 1: RECORDING_PART_SIZE, 2: RECORDING_PART_SIZE, 3: 110 });
  expect(server.calls.at(-1)).toBe("POST /meeting/meeting-1/recordings/rec-1/complete");
  expect(states).toEqual(["starting", "recording", "stopping", "done"]);
});

test("a part that keeps failing is resumed on stop: the recorder asks which parts arrived and sends the rest", async () => {
  const server = fakeServer({ failPartTwo: UPLOAD_ATTEMPTS });
  const waits: number[] = [];
  const { recorder, media } = recorderWith(server, waits);
  await recorder.start();
  media().emit(bytes(2 * RECORDING_PART_SIZE));
  await recorder.stop();
  expect(server.calls).toContain("GET /meeting/meeting-1/recordings/rec-1/parts");
  const resumed = server.calls.lastIndexOf("PUT /meeting/meeting-1/recordings/rec-1/parts/2");
  expect(resumed).toBeGreaterThan(server.calls.indexOf("GET /meeting/meeting-1/recordings/rec-1/parts"));
  expect(Object.fromEntries(server.parts)).toEqual({ 1: RECORDING_PART_SIZE, 2: RECORDING_PART_SIZE, 3: 100 });
});

test("a refused start (no consent) fails with the server's message and records nothing", async () => {
  const server = fakeServer({ refuseStart: true });
  const { recorder, states } = recorderWith(server, []);
  const error = await recorder.start().catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(RecorderError);
  expect(error).toMatchObject({ code: "consent_required", status: 409, message: "The client hasn't answered the request to record yet." });
  expect(FakeMediaRecorder.instances).toEqual([]);
  expect(states).toEqual(["starting", "failed"]);
});
