import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { createDb } from "~/db/client.server";
import { consentForRecording, recordConsentDecision } from "~/meetings/recording-consents.server";
import type { MeetingRole } from "~/meetings/signalling";
import { createBooking } from "../../factories/bookings";
import { createCoach } from "../../factories/coaches";
import { createUser } from "../../factories/users";

// Recording consent stored with the booking: the room writes each step, the recordings API asks
// whether an upload may begin (the latest request accepted by the client, not stopped, not used).

const db = createDb(env.DB);

async function meeting() {
  const coach = await createCoach();
  const client = await createUser();
  const booking = await createBooking({ coachId: coach.id, clientId: client.id });
  let minute = 0;
  const step = (role: MeetingRole, decision: Parameters<typeof recordConsentDecision>[1]["decision"]) =>
    recordConsentDecision(db, {
      meetingId: booking.id,
      userId: role === "coach" ? coach.id : client.id,
      role,
      decision,
      at: new Date(Date.UTC(2026, 11, 2, 22, minute++)),
    });
  return { coach, client, booking, step };
}

test("each decision is stored with the booking: who, in which role, what and when", async () => {
  const { booking, coach, client, step } = await meeting();
  await step("coach", "requested");
  await step("client", "accepted");
  const { results } = await env.DB.prepare("SELECT user_id, role, decision, at FROM meeting_recording_consents WHERE booking_id = ? ORDER BY seq")
    .bind(booking.id)
    .all();
  expect(results).toEqual([
    { user_id: coach.id, role: "coach", decision: "requested", at: "2026-12-02T22:00:00.000Z" },
    { user_id: client.id, role: "client", decision: "accepted", at: "2026-12-02T22:01:00.000Z" },
  ]);
});

test("no consent before anything is asked, while the client has not answered, or after a decline", async () => {
  const { booking, step } = await meeting();
  expect(await consentForRecording(db, booking.id)).toMatchObject({ granted: false, reason: "not_requested" });
  await step("coach", "requested");
  expect(await consentForRecording(db, booking.id)).toMatchObject({ granted: false, reason: "awaiting_answer" });
  await step("client", "declined");
  expect(await consentForRecording(db, booking.id)).toMatchObject({ granted: false, reason: "declined", message: expect.stringMatching(/declined/) });
});

test("the client's acceptance of the latest request grants consent, before and after the recording starts", async () => {
  const { booking, step } = await meeting();
  await step("coach", "requested");
  await step("client", "declined");
  await step("coach", "requested");
  await step("client", "accepted");
  expect(await consentForRecording(db, booking.id)).toMatchObject({
    granted: true,
    requestedAt: "2026-12-02T22:02:00.000Z",
    acceptedAt: "2026-12-02T22:03:00.000Z",
  });
  await step("coach", "started");
  expect(await consentForRecording(db, booking.id)).toMatchObject({ granted: true, acceptedAt: "2026-12-02T22:03:00.000Z" });
});

test("accepted then stopped needs a new request, and the new acceptance grants again", async () => {
  const { booking, step } = await meeting();
  await step("coach", "requested");
  await step("client", "accepted");
  await step("coach", "started");
  await step("client", "stopped");
  expect(await consentForRecording(db, booking.id)).toMatchObject({ granted: false, reason: "stopped" });
  await step("coach", "requested");
  expect(await consentForRecording(db, booking.id)).toMatchObject({ granted: false, reason: "awaiting_answer" });
  await step("client", "accepted");
  expect(await consentForRecording(db, booking.id)).toMatchObject({ granted: true, acceptedAt: "2026-12-02T22:05:00.000Z" });
});

test("a step out of turn or by the wrong role changes nothing: the coach cannot accept for the client", async () => {
  const { booking, step } = await meeting();
  await step("client", "accepted");
  expect(await consentForRecording(db, booking.id)).toMatchObject({ granted: false, reason: "not_requested" });
  await step("coach", "requested");
  await step("coach", "accepted");
  expect(await consentForRecording(db, booking.id)).toMatchObject({ granted: false, reason: "awaiting_answer" });
});

test("a consent is used up by the recording made under it", async () => {
  const { booking, coach, step } = await meeting();
  await step("coach", "requested");
  await step("client", "accepted");
  const consent = await consentForRecording(db, booking.id);
  expect(consent.granted).toBe(true);
  if (!consent.granted) return;
  await env.DB.prepare(
    `INSERT INTO meeting_recordings (id, booking_id, uploaded_by, consent_seq, r2_key, part_size, content_type, started_at, delete_after)
     VALUES (?, ?, ?, ?, ?, 5242880, 'video/webm', '2026-12-02T22:05:00.000Z', '2027-03-02T22:05:00.000Z')`,
  )
    .bind(crypto.randomUUID(), booking.id, coach.id, consent.acceptedSeq, `test/${crypto.randomUUID()}`)
    .run();
  expect(await consentForRecording(db, booking.id)).toMatchObject({ granted: false, reason: "used" });
});
