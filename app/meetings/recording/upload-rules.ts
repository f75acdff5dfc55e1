// How a recording travels from the coach's browser to R2, shared by the recorder (browser) and the
// recordings API (server): fixed-size parts, a size limit, and the file types a browser records.

const MIB = 1024 * 1024;

/**
 * Every part but the last has exactly this many bytes: R2 needs parts of at least 5 MiB (but the
 * last) and of equal size. The browser buffers what MediaRecorder gives it until a part is full;
 * at about 2.5 Mbit/s that is a part every 17 seconds, and never more than one part held in memory
 * beyond what is being sent.
 */
export const RECORDING_PART_SIZE = 5 * MIB;

/** The largest recording: a 90-minute session at 2.5 Mbit/s is about 1.7 GB. */
export const RECORDING_MAX_BYTES = 2048 * MIB;

/** How many parts a recording of the largest size has. */
export const RECORDING_MAX_PARTS = Math.ceil(RECORDING_MAX_BYTES / RECORDING_PART_SIZE);

/** The containers a browser's MediaRecorder writes (Chromium and Firefox: WebM; Safari: MP4), audio-only calls included. */
export const RECORDING_CONTENT_TYPES = ["video/webm", "video/mp4", "audio/webm", "audio/mp4"] as const;
export type RecordingContentType = (typeof RECORDING_CONTENT_TYPES)[number];

/** "video/webm;codecs=vp8,opus" → "video/webm"; null for anything else. */
export function recordingContentType(mimeType: string | null | undefined): RecordingContentType | null {
  const base = (mimeType ?? "").split(";", 1)[0]!.trim().toLowerCase();
  return (RECORDING_CONTENT_TYPES as readonly string[]).includes(base) ? (base as RecordingContentType) : null;
}

/** The file extension of a recording's type. */
export function recordingExtension(contentType: RecordingContentType): "webm" | "mp4" {
  return contentType.endsWith("mp4") ? "mp4" : "webm";
}

/** What the API answers when it refuses: a code the recorder acts on, and a message a person can read. */
export type RecordingApiError = { error: string; message: string };

/** A complete recording as the meeting's record lists it (listMeetingRecordings, recordings.server.ts). */
export type MeetingRecording = {
  id: string;
  meetingId: string;
  contentType: string;
  sizeBytes: number;
  durationSeconds: number | null;
  startedAt: string;
  completedAt: string;
  /** When the retention cron deletes it. */
  deleteAfter: string;
  /** Where the player reads it (Range requests). */
  playUrl: string;
  /** The same file as an attachment. */
  downloadUrl: string;
};
