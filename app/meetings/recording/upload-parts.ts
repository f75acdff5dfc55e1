// The pure parts of the recorder (recorder.ts): MediaRecorder's small chunks gathered into parts of
// the API's fixed size, and when to try an upload again. Browser-safe, no I/O.

/**
 * Gathers chunks into parts of exactly `partSize` bytes (R2 needs every part but the last at the
 * same size). push() answers the parts it filled, in order; finish() answers what is left (the last,
 * shorter part), or null when nothing is.
 */
export function createPartBuffer(partSize: number) {
  if (!Number.isInteger(partSize) || partSize <= 0) throw new RangeError(`A part size must be a positive whole number of bytes, not ${partSize}`);
  let current = new Uint8Array(partSize);
  let filled = 0;
  return {
    /** Bytes waiting for their part to fill. */
    get buffered() {
      return filled;
    },
    push(chunk: Uint8Array): Uint8Array[] {
      const full: Uint8Array[] = [];
      let offset = 0;
      while (offset < chunk.byteLength) {
        const take = Math.min(partSize - filled, chunk.byteLength - offset);
        current.set(chunk.subarray(offset, offset + take), filled);
        filled += take;
        offset += take;
        if (filled === partSize) {
          full.push(current);
          current = new Uint8Array(partSize);
          filled = 0;
        }
      }
      return full;
    },
    finish(): Uint8Array | null {
      if (filled === 0) return null;
      const last = current.slice(0, filled);
      current = new Uint8Array(partSize);
      filled = 0;
      return last;
    },
  };
}

/** How many times one request is tried before the recorder gives up on it for now (and resumes it at the end). */
export const UPLOAD_ATTEMPTS = 6;

/**
 * The wait before try number `attempt + 1` (attempt counts from 1): 1 s, 2 s, 4 s, 8 s, 16 s,
 * never more than 30 s; null once UPLOAD_ATTEMPTS tries have been made. `jitter` (0–1, random in the
 * browser) spreads retries by up to a fifth more so that a recovering network is not hit at once.
 */
export function retryDelayMs(attempt: number, jitter = 0): number | null {
  if (attempt >= UPLOAD_ATTEMPTS) return null;
  const base = Math.min(1_000 * 2 ** (attempt - 1), 30_000);
  return Math.round(base * (1 + 0.2 * Math.min(Math.max(jitter, 0), 1)));
}

/** Whether a failed request is worth trying again: no answer at all, a timeout, throttling, or a server error. A refusal (4xx) is final. */
export function isRetryable(status: number | null): boolean {
  return status === null || status === 408 || status === 429 || status >= 500;
}

/**
 * The parts still to send after a break, given what the server lists: those it lacks, or holds at
 * another size (a part cut short by the break).
 */
export function partsToResend(held: ReadonlyMap<number, Uint8Array>, uploaded: readonly { n: number; size: number }[]): number[] {
  const sizes = new Map(uploaded.map((part) => [part.n, part.size]));
  return [...held.keys()].filter((n) => sizes.get(n) !== held.get(n)!.byteLength).sort((a, b) => a - b);
}

/** The MediaRecorder formats to try, best first: WebM (VP8 + Opus) where the browser has it, MP4 (Safari) otherwise. */
export const VIDEO_MIME_TYPES = ["video/webm;codecs=vp8,opus", "video/webm;codecs=vp9,opus", "video/webm", "video/mp4;codecs=avc1,mp4a.40.2", "video/mp4"];
export const AUDIO_MIME_TYPES = ["audio/webm;codecs=opus", "audio/webm", "audio/mp4"];

/** The first format the browser records, for a call with or without video; null when it records none of them. */
export function pickMimeType(isTypeSupported: (type: string) => boolean, hasVideo: boolean): string | null {
  return (hasVideo ? VIDEO_MIME_TYPES : AUDIO_MIME_TYPES).find((type) => isTypeSupported(type)) ?? null;
}
