import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { countRows, fetchApp } from "../app";
import { deliverJobs, fireCron, holdBatches } from "../queue";
import { bothConsent, completedRecording, meetingWithPeople, patterned, putPart, recordingRow, startRecordingAs } from "./helpers";

// Recordings do not outlive their retention period, an abandoned upload is aborted, and a person's
// recordings leave with their account and appear in their data export.

const DAY_MS = 86_400_000;
const DAILY_CRON = "0 16 * * *";

/** The daily cron at `at`, as Cloudflare fires it, and the retention job it enqueues, run as the queue runs it. */
async function dailySweepAt(at: number) {
  const held = holdBatches();
  await fireCron(DAILY_CRON, at);
  const sweep = held.filter((job) => (job as { type: string }).type === "meetings.recordings-retention");
  expect(sweep).toEqual([{ type: "meetings.recordings-retention", version: 1, scheduledAt: new Date(at).toISOString() }]);
  const result = await deliverJobs(sweep);
  expect(result.retryMessages).toEqual([]);
}

test("the daily cron deletes a recording once RECORDING_RETENTION_DAYS (90) have passed, not before", async () => {
  const meeting = await meetingWithPeople();
  const { recordingId } = await completedRecording(meeting);
  const row = await recordingRow(recordingId);
  const deleteAfter = Date.parse((row as unknown as { delete_after: string }).delete_after);
  expect(deleteAfter - Date.now()).toBeGreaterThan(89.9 * DAY_MS);
  expect(deleteAfter - Date.now()).toBeLessThanOrEqual(90 * DAY_MS);

  await dailySweepAt(deleteAfter - DAY_MS);
  expect((await recordingRow(recordingId))?.status).toBe("complete");
  expect(await env.RECORDINGS.head(row!.r2_key)).not.toBeNull();

  await dailySweepAt(deleteAfter + 60_000);
  expect(await recordingRow(recordingId)).toMatchObject({ status: "deleted", deleted_at: new Date(deleteAfter + 60_000).toISOString() });
  expect(await env.RECORDINGS.head(row!.r2_key)).toBeNull();
  const played = await fetchApp(`/meeting/${meeting.meetingId}/recordings/${recordingId}`, { cookie: meeting.client.cookie });
  expect(played.status).toBe(404);
  await played.body?.cancel();
  // Run again: nothing left to do, nothing fails.
  await dailySweepAt(deleteAfter + DAY_MS);
});

test("RECORDING_RETENTION_DAYS sets the period", async () => {
  const meeting = await meetingWithPeople();
  await bothConsent(meeting);
  const response = await fetchApp(`/meeting/${meeting.meetingId}/recordings`, {
    json: {},
    cookie: meeting.coach.cookie,
    bindings: { ...env, RECORDING_RETENTION_DAYS: "7" } as unknown as Env,
  });
  const { recordingId } = (await response.json()) as { recordingId: string };
  const row = (await recordingRow(recordingId)) as unknown as { started_at: string; delete_after: string };
  expect(Date.parse(row.delete_after) - Date.parse(row.started_at)).toBe(7 * DAY_MS);
});

test("an upload left open an hour after its room closed is aborted by the cron; one in a room still open is kept", async () => {
  const meeting = await meetingWithPeople();
  await bothConsent(meeting);
  const { recordingId } = (await (await startRecordingAs(meeting.meetingId, meeting.coach.cookie)).json()) as { recordingId: string };
  expect((await putPart(meeting.meetingId, recordingId, 1, patterned(1000), meeting.coach.cookie)).status).toBe(200);

  // The session ends 55 minutes from now; the room closes 30 minutes later; uploads may finish for an hour after.
  await dailySweepAt(Date.now() + 2 * 3_600_000);
  expect((await recordingRow(recordingId))?.status).toBe("uploading");

  await dailySweepAt(Date.now() + 3 * 3_600_000);
  expect(await recordingRow(recordingId)).toMatchObject({ status: "deleted", upload_id: null });
  expect(await countRows("meeting_recording_parts", "recording_id = ?", recordingId)).toBe(0);
});

test("deleting the client's account deletes the files and rows of their meetings' recordings, and no one else's", async () => {
  const meeting = await meetingWithPeople();
  const mine = await completedRecording(meeting);
  const other = await meetingWithPeople();
  const theirs = await completedRecording(other);
  const [myKey, theirKey] = [(await recordingRow(mine.recordingId))!.r2_key, (await recordingRow(theirs.recordingId))!.r2_key];

  const response = await fetchApp("/profile?tab=privacy", { form: { intent: "delete-account", confirm: "DELETE" }, cookie: meeting.client.cookie });
  expect(response.status).toBe(302);
  expect(await countRows("users", "id = ?", meeting.client.id)).toBe(0);
  expect(await env.RECORDINGS.head(myKey)).toBeNull();
  expect(await recordingRow(mine.recordingId)).toBeNull();
  expect(await countRows("meeting_recording_consents", "user_id = ?", meeting.client.id)).toBe(0);

  expect(await env.RECORDINGS.head(theirKey)).not.toBeNull();
  expect((await recordingRow(theirs.recordingId))?.status).toBe("complete");
});

test("the data export lists the recordings of the person's meetings and their consent decisions", async () => {
  const meeting = await meetingWithPeople();
  const { recordingId, size } = await completedRecording(meeting);
  const response = await fetchApp("/profile/export.json", { cookie: meeting.client.cookie });
  expect(response.status).toBe(200);
  const data = (await response.json()) as { meetingRecordings: unknown[]; meetingRecordingConsents: unknown[] };
  expect(data.meetingRecordings).toEqual([
    expect.objectContaining({
      id: recordingId,
      meetingId: meeting.meetingId,
      status: "complete",
      sizeBytes: size,
      downloadPath: `/meeting/${meeting.meetingId}/recordings/${recordingId}?download=1`,
    }),
  ]);
  expect(data.meetingRecordingConsents).toEqual([expect.objectContaining({ meetingId: meeting.meetingId, role: "client", decision: "accepted" })]);
});
