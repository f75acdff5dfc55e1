import { expect, test } from "vitest";
import { RECORDING_PART_SIZE } from "~/meetings/recording/upload-rules";
import { listMeetingRecordings } from "~/meetings/recordings.server";
import { fetchApp } from "../app";
import { bothConsent, completedRecording, db, meetingWithPeople, patterned, signedInAs, startRecordingAs } from "./helpers";

// Playing and downloading a recording: both participants and admins, Range requests for the
// player's seeking, ?download=1 as an attachment; nobody else learns it exists.

test("both participants and an admin play the whole file; a stranger gets the 404 and a visitor is sent to sign in", async () => {
  const meeting = await meetingWithPeople();
  const { recordingId, size } = await completedRecording(meeting);
  const path = `/meeting/${meeting.meetingId}/recordings/${recordingId}`;
  const admin = await signedInAs(["admin"]);
  for (const cookie of [meeting.coach.cookie, meeting.client.cookie, admin.cookie]) {
    const response = await fetchApp(path, { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("video/webm");
    expect(response.headers.get("Content-Length")).toBe(String(size));
    expect(response.headers.get("Accept-Ranges")).toBe("bytes");
    expect(response.headers.get("Content-Disposition")).toMatch(/^inline; filename="clarityai-session-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.webm"$/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.byteLength).toBe(size);
    expect(bytes.subarray(RECORDING_PART_SIZE - 4, RECORDING_PART_SIZE + 4)).toEqual(patterned(8, RECORDING_PART_SIZE - 4));
  }
  for (const roles of [["client"], ["coach"]] as const) {
    const stranger = await signedInAs([...roles]);
    const response = await fetchApp(path, { cookie: stranger.cookie });
    expect(response.status).toBe(404);
    await response.body?.cancel();
  }
  const visitor = await fetchApp(path);
  expect(visitor.status).toBe(302);
  expect(visitor.headers.get("Location")).toMatch(/^\/auth\?/);
});

test("Range requests: a span across a part boundary, an open end, a suffix; one outside the file is 416", async () => {
  const meeting = await meetingWithPeople();
  const { recordingId, size } = await completedRecording(meeting, 5000);
  const path = `/meeting/${meeting.meetingId}/recordings/${recordingId}`;
  const ranged = (range: string) => fetchApp(path, { cookie: meeting.client.cookie, headers: { Range: range } });

  const across = await ranged(`bytes=${RECORDING_PART_SIZE - 50}-${RECORDING_PART_SIZE + 49}`);
  expect(across.status).toBe(206);
  expect(across.headers.get("Content-Range")).toBe(`bytes ${RECORDING_PART_SIZE - 50}-${RECORDING_PART_SIZE + 49}/${size}`);
  expect(across.headers.get("Content-Length")).toBe("100");
  expect(new Uint8Array(await across.arrayBuffer())).toEqual(patterned(100, RECORDING_PART_SIZE - 50));

  const openEnded = await ranged(`bytes=${size - 10}-`);
  expect(openEnded.status).toBe(206);
  expect(openEnded.headers.get("Content-Range")).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
  expect(new Uint8Array(await openEnded.arrayBuffer())).toEqual(patterned(10, size - 10));

  const suffix = await ranged("bytes=-300");
  expect(suffix.status).toBe(206);
  expect(suffix.headers.get("Content-Range")).toBe(`bytes ${size - 300}-${size - 1}/${size}`);
  expect(new Uint8Array(await suffix.arrayBuffer())).toEqual(patterned(300, size - 300));

  // An end past the file is cut to the file.
  const long = await ranged(`bytes=${size - 2}-${size + 100}`);
  expect(long.headers.get("Content-Range")).toBe(`bytes ${size - 2}-${size - 1}/${size}`);
  await long.body?.cancel();

  const outside = await ranged(`bytes=${size}-`);
  expect(outside.status).toBe(416);
  expect(outside.headers.get("Content-Range")).toBe(`bytes */${size}`);
  expect(await outside.text()).toMatch(/outside the recording/);

  // Several ranges, or nonsense: the whole file is a valid answer.
  for (const range of ["bytes=0-1,5-6", "pages=1-2", "bytes=9-3"]) {
    const whole = await ranged(range);
    expect(whole.status, range).toBe(200);
    expect(whole.headers.get("Content-Length")).toBe(String(size));
    await whole.body?.cancel();
  }
});

test("?download=1 sends the file as an attachment with a readable name", async () => {
  const meeting = await meetingWithPeople();
  const { recordingId } = await completedRecording(meeting);
  const response = await fetchApp(`/meeting/${meeting.meetingId}/recordings/${recordingId}?download=1`, { cookie: meeting.client.cookie });
  expect(response.status).toBe(200);
  const day = meeting.booking.startsAt.slice(0, 10);
  expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="clarityai-session-${day}-${recordingId.slice(0, 8)}.webm"`);
  await response.body?.cancel();
});

test("a recording still uploading, or another meeting's, is not there to play", async () => {
  const meeting = await meetingWithPeople();
  await bothConsent(meeting);
  const { recordingId } = (await (await startRecordingAs(meeting.meetingId, meeting.coach.cookie)).json()) as { recordingId: string };
  const uploading = await fetchApp(`/meeting/${meeting.meetingId}/recordings/${recordingId}`, { cookie: meeting.client.cookie });
  expect(uploading.status).toBe(404);
  expect(await uploading.json()).toEqual({ error: "not_found", message: "There is no such recording of this meeting." });

  const other = await meetingWithPeople();
  const done = await completedRecording(other);
  const crossed = await fetchApp(`/meeting/${meeting.meetingId}/recordings/${done.recordingId}`, { cookie: meeting.client.cookie });
  expect(crossed.status).toBe(404);
  await crossed.body?.cancel();
});

test("the meeting's recordings are listed for its record page and its participants and admins", async () => {
  const meeting = await meetingWithPeople();
  const { recordingId, size } = await completedRecording(meeting);
  const listed = await listMeetingRecordings(db, meeting.meetingId);
  expect(listed).toEqual([
    {
      id: recordingId,
      meetingId: meeting.meetingId,
      contentType: "video/webm",
      sizeBytes: size,
      durationSeconds: 42,
      startedAt: expect.any(String),
      completedAt: expect.any(String),
      deleteAfter: expect.any(String),
      playUrl: `/meeting/${meeting.meetingId}/recordings/${recordingId}`,
      downloadUrl: `/meeting/${meeting.meetingId}/recordings/${recordingId}?download=1`,
    },
  ]);
  const admin = await signedInAs(["admin"]);
  for (const cookie of [meeting.client.cookie, admin.cookie]) {
    const response = await fetchApp(`/meeting/${meeting.meetingId}/recordings`, { cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ recordings: JSON.parse(JSON.stringify(listed)) });
  }
  expect((await fetchApp(`/meeting/${meeting.meetingId}/recordings`, { cookie: (await signedInAs()).cookie })).status).toBe(404);
});
