import { and, asc, desc, eq, inArray, lte, ne } from "drizzle-orm";
import * as z from "zod";
import { requireMeetingParticipant, type PermissionViewer } from "~/auth/permissions.server";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { bookings, meetingRecordingParts, meetingRecordings } from "~/db/schema";
import { findMeeting, type Meeting } from "~/meetings/meetings.server";
import { consentForRecording } from "~/meetings/recording-consents.server";
import {
  RECORDING_MAX_BYTES,
  RECORDING_MAX_PARTS,
  RECORDING_PART_SIZE,
  recordingContentType,
  recordingExtension,
  type MeetingRecording,
  type RecordingContentType,
} from "~/meetings/recording/upload-rules";
import { meetingRoleOf, windowOf } from "~/meetings/room.server";
import { recordingsOf, type MeetingPerson } from "~/meetings/user-data.server";
import { meetingWindow, meetingWindowSettings, roomState } from "~/meetings/window";
import { readBounded } from "~/platform/request-body.server";
import { parseRange } from "~/platform/http-range";

// Recordings of video meetings, only with both people's consent: the coach's browser records the
// call and uploads it to R2 in fixed-size parts (a multipart upload, resumable after a dropped
// connection), then completes it; the recording is attached to the booking, and both participants
// (and admins) can play and download it until the retention cron deletes it. Routes stay thin
// (app/routes/meeting.$meetingId.recordings*.ts); every rule is here.

export type RecordingsContext = Pick<AppContext, "db" | "env" | "cloudflare" | "services">;

/** A refusal the API answers as { error, message } with its 4xx status. */
export class RecordingRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A recording still uploading when the room closes may finish for this long after (the last parts
 * of a session that ran to the end); after it, the upload is abandoned and the cron aborts it.
 */
export const UPLOAD_GRACE_MS = 60 * 60_000;

const DAY_MS = 86_400_000;

type RecordingRow = typeof meetingRecordings.$inferSelect;

function bucketOf(context: Pick<AppContext, "cloudflare">): R2Bucket {
  return context.cloudflare.env.RECORDINGS;
}

/** The meeting when the viewer is its coach or client (admins too when allowed), with the viewer's role; the 404 otherwise. */
async function meetingFor(context: RecordingsContext, viewer: PermissionViewer, meetingId: string, allowAdmin = false) {
  const meeting = requireMeetingParticipant(viewer, await findMeeting(context.db, meetingId), { allowAdmin });
  return { meeting, role: meetingRoleOf(viewer, meeting) };
}

async function recordingOf(db: Db, meetingId: string, recordingId: string): Promise<RecordingRow | null> {
  return (
    (await db
      .select()
      .from(meetingRecordings)
      .where(and(eq(meetingRecordings.id, recordingId), eq(meetingRecordings.bookingId, meetingId)))
      .get()) ?? null
  );
}

function notFound(): RecordingRefused {
  return new RecordingRefused(404, "not_found", "There is no such recording of this meeting.");
}

// ── Starting ──────────────────────────────────────────────────────────────────────────────────

const StartSchema = z.object({ contentType: z.string().max(200).optional() }).strict();

/**
 * The coach starts a recording while the room is open, once the client has accepted the latest
 * request (consentForRecording): one recording per acceptance, made sure of by the database.
 */
export async function startRecording(
  context: RecordingsContext,
  viewer: PermissionViewer,
  meetingId: string,
  body: unknown,
): Promise<{ recordingId: string; partSize: number }> {
  const { meeting, role } = await meetingFor(context, viewer, meetingId);
  if (role !== "coach") throw new RecordingRefused(403, "coach_only", "Only the coach can record a session.");
  const parsed = StartSchema.safeParse(body ?? {});
  if (!parsed.success) throw new RecordingRefused(400, "invalid_request", 'Send { contentType } as JSON, e.g. { "contentType": "video/webm" }.');
  const contentType = parsed.data.contentType === undefined ? "video/webm" : recordingContentType(parsed.data.contentType);
  if (!contentType) throw new RecordingRefused(415, "unsupported_type", "Recordings must be WebM or MP4 (video/webm, video/mp4, audio/webm or audio/mp4).");
  const now = context.services.clock.now();
  const state = roomState(windowOf(context, meeting), now);
  if (state !== "open") {
    throw new RecordingRefused(409, "room_not_open", state === "closed" ? "The room has closed: a new recording can't start." : "The room isn't open yet.");
  }
  const consent = await consentForRecording(context.db, meeting.id);
  if (!consent.granted) throw new RecordingRefused(409, "consent_required", consent.message);

  const recordingId = crypto.randomUUID();
  const key = `meetings/${meeting.id}/${recordingId}.${recordingExtension(contentType)}`;
  const upload = await bucketOf(context).createMultipartUpload(key, { httpMetadata: { contentType }, customMetadata: { meetingId: meeting.id } });
  const inserted = await context.db
    .insert(meetingRecordings)
    .values({
      id: recordingId,
      bookingId: meeting.id,
      uploadedBy: viewer.id,
      consentSeq: consent.acceptedSeq,
      r2Key: key,
      uploadId: upload.uploadId,
      status: "uploading",
      partSize: RECORDING_PART_SIZE,
      contentType,
      startedAt: now.toISOString(),
      deleteAfter: new Date(now.getTime() + context.env.RECORDING_RETENTION_DAYS * DAY_MS).toISOString(),
    })
    .onConflictDoNothing({ target: meetingRecordings.consentSeq })
    .returning({ id: meetingRecordings.id });
  if (inserted.length === 0) {
    // Another request used this consent a moment ago: nothing of this one is kept.
    await upload.abort().catch(() => undefined);
    throw new RecordingRefused(409, "consent_required", "This consent has been used for a recording already. Ask the client again to record another.");
  }
  return { recordingId, partSize: RECORDING_PART_SIZE };
}

// ── Uploading ─────────────────────────────────────────────────────────────────────────────────

/** The recording the viewer is uploading: theirs, of this meeting, and still open for parts. */
async function uploadFor(context: RecordingsContext, viewer: PermissionViewer, meetingId: string, recordingId: string) {
  const { meeting, role } = await meetingFor(context, viewer, meetingId);
  const recording = await recordingOf(context.db, meeting.id, recordingId);
  if (!recording) throw notFound();
  if (role !== "coach" || recording.uploadedBy !== viewer.id)
    throw new RecordingRefused(403, "coach_only", "Only the coach who started this recording can upload it.");
  return { meeting, recording };
}

function requireUploading(context: RecordingsContext, meeting: Meeting, recording: RecordingRow): asserts recording is RecordingRow & { uploadId: string } {
  if (recording.status === "deleted") throw new RecordingRefused(410, "deleted", "This recording has been deleted.");
  if (recording.status === "complete" || !recording.uploadId) throw new RecordingRefused(409, "already_complete", "This recording is already complete.");
  const uploadEnds = windowOf(context, meeting).closesAt.getTime() + UPLOAD_GRACE_MS;
  if (context.services.clock.now().getTime() >= uploadEnds) {
    throw new RecordingRefused(409, "upload_closed", "The time to upload this recording has passed: the room closed over an hour ago.");
  }
}

function partNumber(value: string | undefined): number {
  const n = /^\d{1,6}$/.test(value ?? "") ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > RECORDING_MAX_PARTS) {
    throw new RecordingRefused(400, "bad_part_number", `Part numbers run from 1 to ${RECORDING_MAX_PARTS}.`);
  }
  return n;
}

async function storedParts(db: Db, recordingId: string) {
  return db
    .select({ n: meetingRecordingParts.partNumber, size: meetingRecordingParts.sizeBytes, etag: meetingRecordingParts.etag })
    .from(meetingRecordingParts)
    .where(eq(meetingRecordingParts.recordingId, recordingId))
    .orderBy(asc(meetingRecordingParts.partNumber));
}

/** Part n of the recording (1-based): the request's body, at most one part's size. The same part again replaces it. */
export async function putRecordingPart(
  context: RecordingsContext,
  viewer: PermissionViewer,
  meetingId: string,
  recordingId: string,
  n: string | undefined,
  request: Request,
): Promise<{ n: number; size: number }> {
  const { meeting, recording } = await uploadFor(context, viewer, meetingId, recordingId);
  requireUploading(context, meeting, recording);
  const number = partNumber(n);
  const tooLarge = new RecordingRefused(413, "part_too_large", `A part is at most ${recording.partSize} bytes.`);
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > recording.partSize) throw tooLarge;
  let bytes: Uint8Array<ArrayBuffer> | null;
  try {
    bytes = request.body ? await readBounded(request.body, recording.partSize) : new Uint8Array();
  } catch {
    throw new RecordingRefused(400, "unreadable_body", "The part couldn't be read: send it again.");
  }
  if (!bytes) throw tooLarge;
  if (bytes.byteLength === 0) throw new RecordingRefused(400, "empty_part", "A part can't be empty.");
  const others = (await storedParts(context.db, recording.id)).filter((part) => part.n !== number);
  if (others.reduce((sum, part) => sum + part.size, 0) + bytes.byteLength > RECORDING_MAX_BYTES) {
    throw new RecordingRefused(413, "recording_too_large", `A recording can be at most ${RECORDING_MAX_BYTES / 1024 ** 3} GiB.`);
  }
  const uploaded = await bucketOf(context).resumeMultipartUpload(recording.r2Key, recording.uploadId).uploadPart(number, bytes);
  const uploadedAt = context.services.clock.now().toISOString();
  await context.db
    .insert(meetingRecordingParts)
    .values({ recordingId: recording.id, partNumber: number, etag: uploaded.etag, sizeBytes: bytes.byteLength, uploadedAt })
    .onConflictDoUpdate({
      target: [meetingRecordingParts.recordingId, meetingRecordingParts.partNumber],
      set: { etag: uploaded.etag, sizeBytes: bytes.byteLength, uploadedAt },
    });
  return { n: number, size: bytes.byteLength };
}

/** The parts uploaded so far: what a recorder resumes from. */
export async function listRecordingParts(
  context: RecordingsContext,
  viewer: PermissionViewer,
  meetingId: string,
  recordingId: string,
): Promise<{ parts: { n: number; size: number }[] }> {
  const { recording } = await uploadFor(context, viewer, meetingId, recordingId);
  const parts = await storedParts(context.db, recording.id);
  return { parts: parts.map(({ n, size }) => ({ n, size })) };
}

const CompleteSchema = z.object({ durationSeconds: z.number().int().min(0).max(86_400).optional() }).strict();

/**
 * Joins the parts into the recording's file. The parts must run 1…N with every part but the last of
 * the full part size. Completing a complete recording again answers the same (a retry after a lost answer).
 */
export async function completeRecording(
  context: RecordingsContext,
  viewer: PermissionViewer,
  meetingId: string,
  recordingId: string,
  body: unknown,
): Promise<{ recordingId: string; size: number; durationSeconds?: number }> {
  const { meeting, recording } = await uploadFor(context, viewer, meetingId, recordingId);
  const parsed = CompleteSchema.safeParse(body ?? {});
  if (!parsed.success) throw new RecordingRefused(400, "invalid_request", "Send { durationSeconds } (whole seconds) as JSON, or nothing.");
  const answer = (size: number, duration: number | null) => ({ recordingId: recording.id, size, ...(duration !== null ? { durationSeconds: duration } : {}) });
  if (recording.status === "complete") return answer(recording.sizeBytes, recording.durationSeconds);
  requireUploading(context, meeting, recording);

  const parts = await storedParts(context.db, recording.id);
  if (parts.length === 0) throw new RecordingRefused(422, "no_parts", "Nothing has been uploaded yet: upload the parts, then complete.");
  const missing = parts.findIndex((part, i) => part.n !== i + 1);
  if (missing !== -1) throw new RecordingRefused(422, "missing_parts", `Part ${missing + 1} is missing: upload it, then complete.`);
  const short = parts.slice(0, -1).find((part) => part.size !== recording.partSize);
  if (short) {
    throw new RecordingRefused(
      422,
      "bad_part_size",
      `Part ${short.n} has ${short.size} bytes: every part but the last must have ${recording.partSize}. Upload it again.`,
    );
  }
  let size: number;
  try {
    const object = await bucketOf(context)
      .resumeMultipartUpload(recording.r2Key, recording.uploadId)
      .complete(parts.map((part) => ({ partNumber: part.n, etag: part.etag })));
    size = object.size;
  } catch {
    throw new RecordingRefused(409, "upload_failed", "The recording's parts couldn't be joined. Upload the parts again, then complete.");
  }
  const duration = parsed.data.durationSeconds ?? null;
  await context.db.batch([
    context.db
      .update(meetingRecordings)
      .set({ status: "complete", uploadId: null, sizeBytes: size, durationSeconds: duration, completedAt: context.services.clock.now().toISOString() })
      .where(eq(meetingRecordings.id, recording.id)),
    context.db.delete(meetingRecordingParts).where(eq(meetingRecordingParts.recordingId, recording.id)),
  ]);
  return answer(size, duration);
}

// ── Playing and downloading ──────────────────────────────────────────────────────────────────

function downloadName(meeting: Meeting, recording: RecordingRow): string {
  const day = meeting.startsAt.slice(0, 10);
  return `clarityai-session-${day}-${recording.id.slice(0, 8)}.${recordingExtension(recording.contentType as RecordingContentType)}`;
}

/** The recording's file for its meeting's participants and admins: Range requests honoured, `download` as an attachment. */
export async function recordingFileResponse(
  context: RecordingsContext,
  viewer: PermissionViewer,
  meetingId: string,
  recordingId: string,
  request: Request,
): Promise<Response> {
  const { meeting } = await meetingFor(context, viewer, meetingId, true);
  const recording = await recordingOf(context.db, meeting.id, recordingId);
  if (!recording || recording.status !== "complete") throw notFound();
  const size = recording.sizeBytes;
  const range = parseRange(request.headers.get("Range"), size);
  const download = new URL(request.url).searchParams.get("download") === "1";
  const headers = new Headers({
    "Content-Type": recording.contentType,
    "Accept-Ranges": "bytes",
    "Content-Disposition": `${download ? "attachment" : "inline"}; filename="${downloadName(meeting, recording)}"`,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  });
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${size}`);
    headers.set("Content-Type", "text/plain; charset=utf-8");
    headers.delete("Content-Disposition");
    return new Response(`The range asked for is outside the recording (${size} bytes).`, { status: 416, headers });
  }
  const object = await bucketOf(context).get(recording.r2Key, range ? { range } : undefined);
  if (!object) throw notFound();
  headers.set("ETag", object.httpEtag);
  if (!range) {
    headers.set("Content-Length", String(size));
    return new Response(request.method === "HEAD" ? null : object.body, { status: 200, headers });
  }
  headers.set("Content-Length", String(range.length));
  headers.set("Content-Range", `bytes ${range.offset}-${range.offset + range.length - 1}/${size}`);
  return new Response(request.method === "HEAD" ? null : object.body, { status: 206, headers });
}

// ── The meeting's record ─────────────────────────────────────────────────────────────────────

/** The meeting's complete recordings, oldest first (the caller has checked who may see the meeting's record). */
export async function listMeetingRecordings(db: Db, meetingId: string): Promise<MeetingRecording[]> {
  const rows = await db
    .select()
    .from(meetingRecordings)
    .where(and(eq(meetingRecordings.bookingId, meetingId), eq(meetingRecordings.status, "complete")))
    .orderBy(asc(meetingRecordings.startedAt));
  return rows.map((row) => {
    const playUrl = `/meeting/${row.bookingId}/recordings/${row.id}`;
    return {
      id: row.id,
      meetingId: row.bookingId,
      contentType: row.contentType,
      sizeBytes: row.sizeBytes,
      durationSeconds: row.durationSeconds,
      startedAt: row.startedAt,
      completedAt: row.completedAt ?? row.startedAt,
      deleteAfter: row.deleteAfter,
      playUrl,
      downloadUrl: `${playUrl}?download=1`,
    };
  });
}

// ── Deleting: retention, abandoned uploads, accounts ─────────────────────────────────────────

/** Removes recordings' files from R2 (aborting uploads still open) and marks them deleted. */
async function deleteRecordingFiles(context: Pick<AppContext, "db" | "cloudflare">, rows: RecordingRow[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  const bucket = bucketOf(context);
  for (const row of rows) {
    if (row.uploadId) {
      // An upload R2 no longer knows (already aborted or expired) has nothing left to abort.
      await bucket
        .resumeMultipartUpload(row.r2Key, row.uploadId)
        .abort()
        .catch(() => undefined);
    }
  }
  for (let i = 0; i < rows.length; i += 1000) await bucket.delete(rows.slice(i, i + 1000).map((row) => row.r2Key));
  const ids = rows.map((row) => row.id);
  await context.db.batch([
    context.db.update(meetingRecordings).set({ status: "deleted", uploadId: null, deletedAt: now.toISOString() }).where(inArray(meetingRecordings.id, ids)),
    context.db.delete(meetingRecordingParts).where(inArray(meetingRecordingParts.recordingId, ids)),
  ]);
}

/**
 * The daily retention sweep at `now`: recordings past their delete-after date, and uploads abandoned
 * (still open an hour after their room closed) are deleted. Idempotent.
 */
export async function purgeRecordings(context: Pick<AppContext, "db" | "cloudflare" | "env">, now: Date): Promise<{ expired: number; abandoned: number }> {
  const nowIso = now.toISOString();
  const expired = await context.db
    .select()
    .from(meetingRecordings)
    .where(and(ne(meetingRecordings.status, "deleted"), lte(meetingRecordings.deleteAfter, nowIso)))
    .limit(500);
  // Only uploads started over an hour ago can be abandoned; whether one is depends on its room's closing.
  const candidates = await context.db
    .select({ recording: meetingRecordings, startsAt: bookings.startsAt, endsAt: bookings.endsAt })
    .from(meetingRecordings)
    .innerJoin(bookings, eq(bookings.id, meetingRecordings.bookingId))
    .where(and(eq(meetingRecordings.status, "uploading"), lte(meetingRecordings.startedAt, new Date(now.getTime() - UPLOAD_GRACE_MS).toISOString())))
    .limit(500);
  const expiredIds = new Set(expired.map((row) => row.id));
  const settings = meetingWindowSettings(context.env);
  const abandoned = candidates
    .filter(({ recording }) => !expiredIds.has(recording.id))
    .filter(({ startsAt, endsAt }) => now.getTime() >= meetingWindow({ startsAt, endsAt }, settings).closesAt.getTime() + UPLOAD_GRACE_MS)
    .map(({ recording }) => recording);
  await deleteRecordingFiles(context, [...expired, ...abandoned], now);
  return { expired: expired.length, abandoned: abandoned.length };
}

/**
 * Before an account's deletion: the files of the recordings of the person's meetings (and any they
 * uploaded) leave R2. The rows go in the deletion's batch (meetings/user-data.server.ts).
 */
export async function deleteRecordingFilesOf(context: Pick<AppContext, "db" | "cloudflare">, user: MeetingPerson, now: Date): Promise<number> {
  const rows = await context.db
    .select()
    .from(meetingRecordings)
    .where(and(recordingsOf(context, user), ne(meetingRecordings.status, "deleted")))
    .orderBy(desc(meetingRecordings.startedAt));
  await deleteRecordingFiles(context, rows, now);
  return rows.length;
}
