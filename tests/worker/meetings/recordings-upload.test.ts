import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { RECORDING_MAX_PARTS, RECORDING_PART_SIZE } from "~/meetings/recording/upload-rules";
import { countRows, fetchApp } from "../app";
import { bothConsent, completeAs, meetingWithPeople, patterned, putPart, recordingRow, signedInAs, startRecordingAs } from "./helpers";

// The recordings API's upload half: only the coach, only while the room is open, only with both
// consents (the coach's request and the client's acceptance of it); parts of a fixed size,
// resumable, completed into one file in R2 attached to the booking.

async function refusal(response: Response) {
  return { status: response.status, body: (await response.json()) as { error: string; message: string } };
}

test("no upload starts without both consents: nothing asked, a request alone, or a declined one", async () => {
  const meeting = await meetingWithPeople();
  const nothing = await refusal(await startRecordingAs(meeting.meetingId, meeting.coach.cookie));
  expect(nothing).toEqual({ status: 409, body: { error: "consent_required", message: "Recording needs the client's consent: ask to record first." } });

  await meeting.consent("coach", "requested");
  expect(await refusal(await startRecordingAs(meeting.meetingId, meeting.coach.cookie))).toEqual({
    status: 409,
    body: { error: "consent_required", message: "The client hasn't answered the request to record yet." },
  });

  await meeting.consent("client", "declined");
  expect(await refusal(await startRecordingAs(meeting.meetingId, meeting.coach.cookie))).toEqual({
    status: 409,
    body: { error: "consent_required", message: "The client declined the request to record." },
  });
  expect(await countRows("meeting_recordings", "booking_id = ?", meeting.meetingId)).toBe(0);
});

test("with both consents the coach starts one recording; the same consent cannot start a second", async () => {
  const meeting = await meetingWithPeople();
  await bothConsent(meeting);
  const started = await startRecordingAs(meeting.meetingId, meeting.coach.cookie);
  expect(started.status).toBe(201);
  const body = (await started.json()) as { recordingId: string; partSize: number };
  expect(body).toEqual({ recordingId: expect.stringMatching(/^[0-9a-f-]{36}$/), partSize: RECORDING_PART_SIZE });
  const row = await recordingRow(body.recordingId);
  expect(row).toMatchObject({ status: "uploading", content_type: "video/webm", upload_id: expect.any(String), uploaded_by: meeting.coach.id });

  const again = await refusal(await startRecordingAs(meeting.meetingId, meeting.coach.cookie));
  expect(again).toMatchObject({ status: 409, body: { error: "consent_required", message: expect.stringMatching(/used for a recording already/) } });
  expect(await countRows("meeting_recordings", "booking_id = ?", meeting.meetingId)).toBe(1);
});

test("accepted, started and then stopped needs a new request and a new acceptance", async () => {
  const meeting = await meetingWithPeople();
  await bothConsent(meeting);
  await meeting.consent("coach", "started");
  await meeting.consent("client", "stopped");
  expect(await refusal(await startRecordingAs(meeting.meetingId, meeting.coach.cookie))).toMatchObject({ status: 409, body: { error: "consent_required" } });
  await meeting.consent("coach", "requested");
  expect((await startRecordingAs(meeting.meetingId, meeting.coach.cookie)).status).toBe(409);
  await meeting.consent("client", "accepted");
  expect((await startRecordingAs(meeting.meetingId, meeting.coach.cookie)).status).toBe(201);
});

test("only the coach records: the client is refused, a stranger and an admin see no such meeting", async () => {
  const meeting = await meetingWithPeople();
  await bothConsent(meeting);
  expect(await refusal(await startRecordingAs(meeting.meetingId, meeting.client.cookie))).toEqual({
    status: 403,
    body: { error: "coach_only", message: "Only the coach can record a session." },
  });
  for (const roles of [["client"], ["coach"], ["admin"]] as const) {
    const someone = await signedInAs([...roles]);
    const response = await startRecordingAs(meeting.meetingId, someone.cookie);
    expect(response.status, roles.join()).toBe(404);
  }
  const visitor = await fetchApp(`/meeting/${meeting.meetingId}/recordings`, { json: {} });
  expect(visitor.status).toBe(302);
  expect(await countRows("meeting_recordings", "booking_id = ?", meeting.meetingId)).toBe(0);
});

test("a recording starts only while the room is open", async () => {
  const early = await meetingWithPeople({ startsInMinutes: 60 });
  await bothConsent(early);
  expect(await refusal(await startRecordingAs(early.meetingId, early.coach.cookie))).toEqual({
    status: 409,
    body: { error: "room_not_open", message: "The room isn't open yet." },
  });
  // A 60-minute session that ended 31 minutes ago: the room closed a minute ago.
  const late = await meetingWithPeople({ startsInMinutes: -91 });
  await bothConsent(late);
  expect(await refusal(await startRecordingAs(late.meetingId, late.coach.cookie))).toMatchObject({ status: 409, body: { error: "room_not_open" } });
});

test("bad starts are 4xx with a clear message: an unsupported type, a form, broken JSON", async () => {
  const meeting = await meetingWithPeople();
  await bothConsent(meeting);
  expect(await refusal(await startRecordingAs(meeting.meetingId, meeting.coach.cookie, { contentType: "text/html" }))).toMatchObject({
    status: 415,
    body: { error: "unsupported_type", message: expect.stringMatching(/WebM or MP4/) },
  });
  expect((await startRecordingAs(meeting.meetingId, meeting.coach.cookie, { contentType: 5 })).status).toBe(400);
  expect((await startRecordingAs(meeting.meetingId, meeting.coach.cookie, "{not json")).status).toBe(400);
  const form = await fetchApp(`/meeting/${meeting.meetingId}/recordings`, { form: { contentType: "video/webm" }, cookie: meeting.coach.cookie });
  expect(form.status).toBe(400);
  expect(await countRows("meeting_recordings", "booking_id = ?", meeting.meetingId)).toBe(0);
  // Nothing was used up: the consent still starts a recording.
  expect((await startRecordingAs(meeting.meetingId, meeting.coach.cookie, { contentType: "video/mp4" })).status).toBe(201);
});

test("parts upload, resume from the list, replace a part, and complete into one file attached to the booking", async () => {
  const meeting = await meetingWithPeople();
  await bothConsent(meeting);
  const { recordingId } = (await (await startRecordingAs(meeting.meetingId, meeting.coach.cookie)).json()) as { recordingId: string };
  const path = `/meeting/${meeting.meetingId}/recordings/${recordingId}`;

  // Part 1 arrives garbled (a dropped connection's retry sends it again), part 3 (the last, short) arrives.
  expect(await (await putPart(meeting.meetingId, recordingId, 1, new Uint8Array(RECORDING_PART_SIZE).fill(7), meeting.coach.cookie)).json()).toEqual({
    n: 1,
    size: RECORDING_PART_SIZE,
  });
  expect(await (await putPart(meeting.meetingId, recordingId, 3, patterned(1234, 2 * RECORDING_PART_SIZE), meeting.coach.cookie)).json()).toEqual({
    n: 3,
    size: 1234,
  });
  // What to resume from.
  const listed = await fetchApp(`${path}/parts`, { cookie: meeting.coach.cookie });
  expect(await listed.json()).toEqual({
    parts: [
      { n: 1, size: RECORDING_PART_SIZE },
      { n: 3, size: 1234 },
    ],
  });

  const early = await refusal(await completeAs(meeting.meetingId, recordingId, meeting.coach.cookie));
  expect(early).toEqual({ status: 422, body: { error: "missing_parts", message: "Part 2 is missing: upload it, then complete." } });

  expect((await putPart(meeting.meetingId, recordingId, 1, patterned(RECORDING_PART_SIZE), meeting.coach.cookie)).status).toBe(200);
  expect((await putPart(meeting.meetingId, recordingId, 2, patterned(RECORDING_PART_SIZE, RECORDING_PART_SIZE), meeting.coach.cookie)).status).toBe(200);
  const done = await completeAs(meeting.meetingId, recordingId, meeting.coach.cookie, { durationSeconds: 95 });
  const size = 2 * RECORDING_PART_SIZE + 1234;
  expect(await done.json()).toEqual({ recordingId, size, durationSeconds: 95 });
  // A retry of the completion (its answer was lost) answers the same.
  expect(await (await completeAs(meeting.meetingId, recordingId, meeting.coach.cookie)).json()).toEqual({ recordingId, size, durationSeconds: 95 });

  const row = await recordingRow(recordingId);
  expect(row).toMatchObject({ status: "complete", upload_id: null, size_bytes: size, booking_id: meeting.meetingId });
  expect(await countRows("meeting_recording_parts", "recording_id = ?", recordingId)).toBe(0);
  // The file is the parts in order, the replaced part 1 included.
  const object = await env.RECORDINGS.get(row!.r2_key);
  const bytes = new Uint8Array(await object!.arrayBuffer());
  expect(bytes.byteLength).toBe(size);
  expect(bytes.subarray(0, 16)).toEqual(patterned(16));
  expect(bytes.subarray(size - 16)).toEqual(patterned(16, size - 16));

  // A complete recording takes no more parts.
  expect(await refusal(await putPart(meeting.meetingId, recordingId, 4, patterned(10), meeting.coach.cookie))).toMatchObject({
    status: 409,
    body: { error: "already_complete" },
  });
});

test("bad parts are refused with a clear 4xx and change nothing", async () => {
  const meeting = await meetingWithPeople();
  await bothConsent(meeting);
  const { recordingId } = (await (await startRecordingAs(meeting.meetingId, meeting.coach.cookie)).json()) as { recordingId: string };
  const put = (n: number | string, bytes: Uint8Array<ArrayBuffer>, cookie = meeting.coach.cookie) => putPart(meeting.meetingId, recordingId, n, bytes, cookie);

  expect(await refusal(await put(0, patterned(10)))).toMatchObject({ status: 400, body: { error: "bad_part_number" } });
  expect(await refusal(await put(RECORDING_MAX_PARTS + 1, patterned(10)))).toMatchObject({ status: 400, body: { error: "bad_part_number" } });
  expect(await refusal(await put("1.5", patterned(10)))).toMatchObject({ status: 400, body: { error: "bad_part_number" } });
  expect(await refusal(await put(1, new Uint8Array()))).toEqual({ status: 400, body: { error: "empty_part", message: "A part can't be empty." } });
  expect(await refusal(await put(1, patterned(RECORDING_PART_SIZE + 1)))).toMatchObject({ status: 413, body: { error: "part_too_large" } });
  // The client cannot upload into the coach's recording; a stranger does not learn it exists.
  expect(await refusal(await put(1, patterned(10), meeting.client.cookie))).toMatchObject({ status: 403, body: { error: "coach_only" } });
  expect((await put(1, patterned(10), (await signedInAs()).cookie)).status).toBe(404);
  // Another meeting's path does not reach this recording.
  const other = await meetingWithPeople();
  expect((await putPart(other.meetingId, recordingId, 1, patterned(10), other.coach.cookie)).status).toBe(404);
  // A POST where a PUT is meant.
  const posted = await fetchApp(`/meeting/${meeting.meetingId}/recordings/${recordingId}/parts/1`, {
    body: patterned(10),
    contentType: "application/octet-stream",
    cookie: meeting.coach.cookie,
  });
  expect(posted.status).toBe(405);
  expect(await countRows("meeting_recording_parts", "recording_id = ?", recordingId)).toBe(0);

  // A short part that is not the last cannot be completed: it must be sent again at full size.
  await put(1, patterned(100));
  await put(2, patterned(100));
  expect(await refusal(await completeAs(meeting.meetingId, recordingId, meeting.coach.cookie))).toEqual({
    status: 422,
    body: { error: "bad_part_size", message: `Part 1 has 100 bytes: every part but the last must have ${RECORDING_PART_SIZE}. Upload it again.` },
  });
  expect(await refusal(await completeAs(meeting.meetingId, recordingId, meeting.coach.cookie, { durationSeconds: -1 }))).toMatchObject({ status: 400 });
  expect((await recordingRow(recordingId))?.status).toBe("uploading");
});

test("with nothing uploaded, completing says so", async () => {
  const meeting = await meetingWithPeople();
  await bothConsent(meeting);
  const { recordingId } = (await (await startRecordingAs(meeting.meetingId, meeting.coach.cookie)).json()) as { recordingId: string };
  expect(await refusal(await completeAs(meeting.meetingId, recordingId, meeting.coach.cookie))).toMatchObject({ status: 422, body: { error: "no_parts" } });
});
