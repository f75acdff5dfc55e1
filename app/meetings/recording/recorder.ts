import { RECORDING_PART_SIZE, recordingContentType, type RecordingApiError } from "./upload-rules";
import { createPartBuffer, isRetryable, partsToResend, pickMimeType, retryDelayMs } from "./upload-parts";

// The coach's browser records the call and uploads it while it records (the recordings API,
// app/meetings/recordings.server.ts): MediaRecorder's chunks are gathered into parts of the API's
// fixed size and each full part is sent at once, tried again after a failure with growing waits;
// a part that still fails is kept and sent again when the recording stops, after asking the server
// which parts it has. stop() sends the last part and completes the recording. No UI: the call's
// buttons (app/meetings/ui/call/) drive it, and only after both people's consent (the room's).

export type RecorderState = "idle" | "starting" | "recording" | "stopping" | "done" | "failed";

export type Recorder = {
  /** Asks the server for a recording (the coach's, with both consents) and starts recording; rejects with a RecorderError when refused. */
  start(): Promise<void>;
  /** Stops recording, sends what is left and completes the upload. */
  stop(): Promise<{ recordingId: string }>;
  readonly state: RecorderState;
  /** Called on every change of state (with the error when it fails); answers a function that stops the calls. */
  onState(callback: (state: RecorderState, error?: RecorderError) => void): () => void;
};

export type RecorderOptions = {
  meetingId: string;
  stream: MediaStream;
  fetch?: typeof fetch;
  /** Stand-ins for tests: the MediaRecorder class, and how to wait between tries. */
  MediaRecorder?: typeof MediaRecorder;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
};

/** Why recording failed: the server's code and message (consent_required, coach_only…), or the browser's. */
export class RecorderError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = "RecorderError";
  }
}

/** MediaRecorder hands over what it has recorded this often. */
const TIMESLICE_MS = 1_000;
/** About 1.7 GB for a 90-minute session: within the API's limit, and clear enough for a coaching call. */
const VIDEO_BITS_PER_SECOND = 2_500_000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createRecorder(options: RecorderOptions): Recorder {
  const fetcher = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const sleep = options.sleep ?? wait;
  const random = options.random ?? Math.random;
  const base = `/meeting/${encodeURIComponent(options.meetingId)}/recordings`;
  const listeners = new Set<(state: RecorderState, error?: RecorderError) => void>();
  let state: RecorderState = "idle";
  let recordingId: string | null = null;
  let recorder: MediaRecorder | null = null;
  let buffer = createPartBuffer(RECORDING_PART_SIZE);
  let nextPart = 1;
  let startedAt = 0;
  /** Parts whose upload failed for now: sent again when the recording stops. */
  const held = new Map<number, Uint8Array>();
  /** Chunks are handled one after another, in the order MediaRecorder gave them. */
  let queue: Promise<void> = Promise.resolve();
  let fatal: RecorderError | null = null;

  function setState(next: RecorderState, error?: RecorderError) {
    state = next;
    for (const listener of listeners) listener(next, error);
  }

  async function refusal(response: Response): Promise<RecorderError> {
    const body = (await response.json().catch(() => null)) as Partial<RecordingApiError> | null;
    return new RecorderError(body?.error ?? "http_error", body?.message ?? `The server answered ${response.status}.`, response.status);
  }

  /** One request, tried again while the failure is worth it; answers the response, or throws the last failure. */
  async function send(path: string, init: () => RequestInit): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      let response: Response | null = null;
      try {
        response = await fetcher(path, { credentials: "same-origin", ...init() });
      } catch {
        // No answer: the network dropped.
      }
      if (response?.ok) return response;
      const delay = isRetryable(response?.status ?? null) ? retryDelayMs(attempt, random()) : null;
      if (delay === null) {
        throw response ? await refusal(response) : new RecorderError("network", "The recording couldn't be uploaded: the connection dropped.");
      }
      await response?.body?.cancel().catch(() => undefined);
      await sleep(delay);
    }
  }

  async function uploadPart(n: number, bytes: Uint8Array) {
    await send(`${base}/${recordingId}/parts/${n}`, () => ({
      method: "PUT",
      headers: { "Content-Type": "application/octet-stream" },
      body: bytes as Uint8Array<ArrayBuffer>,
    }));
  }

  /** Sends a part; one that keeps failing is kept for the resume at the end, unless the server refused it for good. */
  async function sendOrHold(n: number, bytes: Uint8Array) {
    try {
      await uploadPart(n, bytes);
      held.delete(n);
    } catch (error) {
      held.set(n, bytes);
      if (error instanceof RecorderError && error.status !== null && !isRetryable(error.status)) fatal ??= error;
    }
  }

  function onChunk(blob: Blob) {
    if (blob.size === 0) return;
    queue = queue.then(async () => {
      const parts = buffer.push(new Uint8Array(await blob.arrayBuffer()));
      for (const part of parts) await sendOrHold(nextPart++, part);
    });
  }

  function fail(error: RecorderError): never {
    setState("failed", error);
    throw error;
  }

  return {
    get state() {
      return state;
    },
    onState(callback) {
      listeners.add(callback);
      return () => listeners.delete(callback);
    },
    async start() {
      if (state !== "idle" && state !== "done" && state !== "failed") throw new RecorderError("busy", "A recording is already running.");
      const Recorder = options.MediaRecorder ?? globalThis.MediaRecorder;
      if (!Recorder) fail(new RecorderError("unsupported", "This browser can't record calls. Try the latest Chrome, Edge, Firefox or Safari."));
      const mimeType = pickMimeType((type) => Recorder.isTypeSupported(type), options.stream.getVideoTracks().length > 0);
      const contentType = recordingContentType(mimeType);
      if (!mimeType || !contentType) fail(new RecorderError("unsupported", "This browser can't record in a format we can keep (WebM or MP4)."));
      setState("starting");
      buffer = createPartBuffer(RECORDING_PART_SIZE);
      nextPart = 1;
      held.clear();
      fatal = null;
      queue = Promise.resolve();
      try {
        const response = await send(base, () => ({ method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ contentType }) }));
        recordingId = ((await response.json()) as { recordingId: string }).recordingId;
      } catch (error) {
        fail(error instanceof RecorderError ? error : new RecorderError("network", "The recording couldn't start."));
      }
      try {
        recorder = new Recorder(options.stream, { mimeType, videoBitsPerSecond: VIDEO_BITS_PER_SECOND });
      } catch {
        fail(new RecorderError("unsupported", "This browser couldn't start recording the call."));
      }
      recorder.addEventListener("dataavailable", (event) => onChunk(event.data));
      recorder.start(TIMESLICE_MS);
      startedAt = Date.now();
      setState("recording");
    },
    async stop() {
      if (state !== "recording" || !recorder || !recordingId) throw new RecorderError("not_recording", "Nothing is being recorded.");
      setState("stopping");
      const media = recorder;
      // The last chunk arrives before "stop" fires.
      const stopped = new Promise<void>((resolve) => media.addEventListener("stop", () => resolve(), { once: true }));
      if (media.state !== "inactive") media.stop();
      else queueMicrotask(() => media.dispatchEvent(new Event("stop")));
      await stopped;
      await queue;
      const last = buffer.finish();
      if (last) await sendOrHold(nextPart++, last);
      if (fatal) fail(fatal);
      if (held.size > 0) {
        // Resume: ask which parts arrived (an answer lost on the way may hide a part that did) and send the rest.
        const listed = (await (await send(`${base}/${recordingId}/parts`, () => ({ method: "GET" }))).json()) as { parts: { n: number; size: number }[] };
        for (const n of partsToResend(held, listed.parts)) {
          try {
            await uploadPart(n, held.get(n)!);
          } catch (error) {
            fail(error instanceof RecorderError ? error : new RecorderError("network", "The recording couldn't be uploaded."));
          }
        }
        held.clear();
      }
      if (nextPart === 1) fail(new RecorderError("empty", "Nothing was recorded."));
      const durationSeconds = Math.round((Date.now() - startedAt) / 1000);
      try {
        await send(`${base}/${recordingId}/complete`, () => ({
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ durationSeconds }),
        }));
      } catch (error) {
        fail(error instanceof RecorderError ? error : new RecorderError("network", "The recording couldn't be completed."));
      }
      setState("done");
      return { recordingId };
    },
  };
}
