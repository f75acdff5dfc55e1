import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { createDb } from "~/db/client.server";
import { recordConsentDecision } from "~/meetings/recording-consents.server";
import type { MeetingRole } from "~/meetings/signalling";
import type { RecordingConsentDecision } from "~/db/schema";
import { RECORDING_PART_SIZE } from "~/meetings/recording/upload-rules";
import { createBooking } from "../../factories/bookings";
import { createCoach } from "../../factories/coaches";
import { createUser, webSession } from "../../factories/users";
import { fetchApp } from "../app";

// A meeting with its coach and client signed in, and the recordings API as their browsers call it.

export const db = createDb(env.DB);
const MINUTE_MS = 60_000;

/** A 60-minute session between a new coach and a new client, starting `startsInMinutes` from now (its room open by default). */
export async function meetingWithPeople({ startsInMinutes = -5 }: { startsInMinutes?: number } = {}) {
  const coach = await createCoach();
  const client = await createUser();
  const booking = await createBooking({
    coachId: coach.id,
    clientId: client.id,
    startsAt: new Date(Date.now() + startsInMinutes * MINUTE_MS).toISOString(),
  });
  const [coachCookie, clientCookie] = await Promise.all([webSession(coach), webSession(client)]);
  let step = 0;
  const consent = async (role: MeetingRole, decision: RecordingConsentDecision) =>
    recordConsentDecision(db, {
      meetingId: booking.id,
      userId: role === "coach" ? coach.id : client.id,
      role,
      decision,
      at: new Date(Date.now() + step++),
    });
  return { booking, meetingId: booking.id, coach: { ...coach, cookie: coachCookie }, client: { ...client, cookie: clientCookie }, consent };
}

/** Both consents for a new recording: the coach asks, the client accepts. */
export async function bothConsent(meeting: Awaited<ReturnType<typeof meetingWithPeople>>) {
  await meeting.consent("coach", "requested");
  await meeting.consent("client", "accepted");
}

export async function signedInAs(roles: ("admin" | "coach" | "client")[] = []) {
  const user = await createUser({ roles });
  return { ...user, cookie: await webSession(user) };
}

export function startRecordingAs(meetingId: string, cookie: string, json: unknown = { contentType: "video/webm;codecs=vp8,opus" }) {
  return fetchApp(`/meeting/${meetingId}/recordings`, { json, cookie });
}

export function putPart(meetingId: string, recordingId: string, n: number | string, bytes: Uint8Array<ArrayBuffer>, cookie: string) {
  return fetchApp(`/meeting/${meetingId}/recordings/${recordingId}/parts/${n}`, {
    method: "PUT",
    body: bytes,
    contentType: "application/octet-stream",
    cookie,
  });
}

export function completeAs(meetingId: string, recordingId: string, cookie: string, json: unknown = {}) {
  return fetchApp(`/meeting/${meetingId}/recordings/${recordingId}/complete`, { json, cookie });
}

/** `size` bytes whose values follow their position (offset `from`), so any range of a file of them can be checked. */
export function patterned(size: number, from = 0): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (from + i) % 251;
  return bytes;
}

/** A complete recording of two full parts and a short last one, by the meeting's coach with both consents. */
export async function completedRecording(meeting: Awaited<ReturnType<typeof meetingWithPeople>>, lastPart = 1000) {
  await bothConsent(meeting);
  const started = await startRecordingAs(meeting.meetingId, meeting.coach.cookie);
  expect(started.status, await started.clone().text()).toBe(201);
  const { recordingId } = (await started.json()) as { recordingId: string };
  for (const [n, size] of [
    [1, RECORDING_PART_SIZE],
    [2, RECORDING_PART_SIZE],
    [3, lastPart],
  ] as const) {
    const put = await putPart(meeting.meetingId, recordingId, n, patterned(size, (n - 1) * RECORDING_PART_SIZE), meeting.coach.cookie);
    expect(put.status, await put.clone().text()).toBe(200);
  }
  const done = await completeAs(meeting.meetingId, recordingId, meeting.coach.cookie, { durationSeconds: 42 });
  expect(done.status, await done.clone().text()).toBe(200);
  return { recordingId, size: 2 * RECORDING_PART_SIZE + lastPart };
}

export async function recordingRow(id: string) {
  return env.DB.prepare("SELECT * FROM meeting_recordings WHERE id = ?")
    .bind(id)
    .first<{ status: string; r2_key: string; upload_id: string | null; size_bytes: number }>();
}
