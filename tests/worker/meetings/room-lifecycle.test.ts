import { abortAllDurableObjects, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { createDb } from "~/db/client.server";
import { consentForRecording } from "~/meetings/recording-consents.server";
import { CLOSE_CODES } from "~/meetings/signalling";
import { MeetingRoom } from "../../../workers/meeting-room";
import { bothInCall, connect, createMeeting, createMeetingClosingIn, MEDIA, requestSocket, roomStub } from "./room-helpers";

// The room's life: evicted between messages (hibernation) without losing who is connected or what
// was said, closed by its alarm at its closing time, and the recording's consent through its states.

const INSTANCE_MARK = Symbol.for("meetings.test.instance");

/** Marks the room's current instance, so a test can tell a fresh one (after eviction) from it. */
function markInstance(meetingId: string) {
  return runInDurableObject(roomStub(meetingId), (room) => {
    (room as unknown as Record<symbol, boolean>)[INSTANCE_MARK] = true;
  });
}

function isMarkedInstance(meetingId: string) {
  return runInDurableObject(roomStub(meetingId), (room) => (room as unknown as Record<symbol, boolean>)[INSTANCE_MARK] === true);
}

test("a room woken from hibernation (a fresh instance over the same storage and sockets) knows each socket's person and the chat", async () => {
  const meeting = await createMeeting();
  const { coach, client } = await bothInCall(meeting);
  await client.ask({ type: "chat", clientMessageId: crypto.randomUUID(), text: "Before the eviction" }, "chat");
  // What the runtime does on waking a hibernated object: construct it anew and hand it the event. The
  // fresh instance has nothing in memory: who a socket is must come from its attachment, the chat
  // from storage.
  await runInDurableObject(roomStub(meeting.id), async (_room, state) => {
    const [coachSocket] = state.getWebSockets("coach");
    const woken = new MeetingRoom(state, env);
    await woken.webSocketMessage(coachSocket!, JSON.stringify({ type: "offer", sdp: "v=0 after-eviction" }));
    await woken.webSocketMessage(coachSocket!, JSON.stringify({ type: "chat", clientMessageId: crypto.randomUUID(), text: "After the eviction" }));
  });
  expect(await client.next("offer")).toEqual({ type: "offer", from: "coach", sdp: "v=0 after-eviction" });
  expect((await client.next("chat", (m) => m.message.from === "coach")).message.text).toBe("After the eviction");
  const joined = await client.ask({ type: "join", media: MEDIA }, "joined");
  expect(joined.chat.map((message) => `${message.from}: ${message.text}`)).toEqual(["client: Before the eviction", "coach: After the eviction"]);
  expect(joined.peer).toEqual({ role: "coach", state: "in-call", media: MEDIA });
  coach.close();
  client.close();
});

test("after the room is reset (as a deploy does), its sockets drop; the participants reconnect to the same chat, and the recording that was running has ended", async () => {
  const meeting = await createMeeting();
  const { coach, client } = await bothInCall(meeting);
  await client.ask({ type: "chat", clientMessageId: crypto.randomUUID(), text: "Before the reset" }, "chat");
  await coach.ask({ type: "recording-consent-request" }, "recording");
  await client.ask({ type: "recording-consent-answer", accepted: true }, "recording");
  await coach.ask({ type: "recording-start" }, "recording", (m) => m.recording.state === "recording");
  await markInstance(meeting.id);
  await abortAllDurableObjects();
  // A new instance: nothing the old one held in memory is left, and its sockets are gone.
  expect(await isMarkedInstance(meeting.id)).toBe(false);
  expect((await coach.closedWith()).code).toBe(1006);
  // The reset took the coach's recorder with it (no close event told the room): the recording has
  // ended, as when someone reconnects, and the log says so.
  const again = await connect(meeting.id, meeting.client.cookie);
  expect((await again.next("welcome")).recording.state).toBe("none");
  expect((await roomStub(meeting.id).recordingConsent()).map((entry) => entry.event)).toEqual(["requested", "accepted", "started", "stopped"]);
  const joined = await again.ask({ type: "join", media: MEDIA }, "joined");
  expect(joined.chat.map((message) => `${message.from}: ${message.text}`)).toEqual(["client: Before the reset"]);
  expect(joined.peer).toBeNull();
  again.close();
});

test("the room's alarm closes every socket at the closing time (4002), and the room then refuses connections", async () => {
  const meeting = await createMeetingClosingIn(2_500);
  const coach = await connect(meeting.id, meeting.coach.cookie);
  const client = await connect(meeting.id, meeting.client.cookie);
  expect(await runInDurableObject(roomStub(meeting.id), (_room, state) => state.storage.getAlarm())).toBe(Date.parse(meeting.booking.endsAt) + 30 * 60_000);
  expect(await coach.closedWith()).toEqual({ code: CLOSE_CODES.roomClosed, reason: "The room has closed." });
  expect((await client.closedWith()).code).toBe(CLOSE_CODES.roomClosed);
  const late = await requestSocket(meeting.id, meeting.client.cookie);
  expect(late.status).toBe(403);
  await late.body?.cancel();
});

test("recording needs the client's consent: request, accept, start, stop, each step shown to both and logged with who and when", async () => {
  const meeting = await createMeeting();
  const { coach, client } = await bothInCall(meeting);
  // Nothing starts without a consent, and the client cannot ask.
  expect(await coach.ask({ type: "recording-start" }, "error")).toEqual({ type: "error", code: "no_consent", detail: "recording-start while none" });
  expect((await client.ask({ type: "recording-consent-request" }, "error")).code).toBe("not_allowed");

  const requested = await coach.ask({ type: "recording-consent-request" }, "recording");
  expect(requested).toMatchObject({ recording: { state: "requested" }, by: "coach" });
  await client.next("recording", (m) => m.recording.state === "requested");
  // Still no start before the answer; a second request is out of turn.
  expect((await coach.ask({ type: "recording-start" }, "error")).code).toBe("no_consent");
  expect((await coach.ask({ type: "recording-consent-request" }, "error")).code).toBe("not_allowed");

  expect((await client.ask({ type: "recording-consent-answer", accepted: false }, "recording")).recording.state).toBe("declined");
  await coach.next("recording", (m) => m.recording.state === "declined");
  expect((await coach.ask({ type: "recording-start" }, "error")).code).toBe("no_consent");

  await coach.ask({ type: "recording-consent-request" }, "recording", (m) => m.recording.state === "requested");
  expect((await client.ask({ type: "recording-consent-answer", accepted: true }, "recording")).recording.state).toBe("consented");
  expect((await coach.ask({ type: "recording-start" }, "recording")).recording.state).toBe("recording");
  await client.next("recording", (m) => m.recording.state === "recording");
  // Either may stop it; a new recording needs a new request.
  expect(await client.ask({ type: "recording-stop" }, "recording")).toMatchObject({ recording: { state: "none" }, by: "client" });
  expect((await coach.ask({ type: "recording-start" }, "error")).code).toBe("no_consent");

  const log = await roomStub(meeting.id).recordingConsent();
  expect(log.map((entry) => [entry.event, entry.role, entry.userId])).toEqual([
    ["requested", "coach", meeting.coach.id],
    ["declined", "client", meeting.client.id],
    ["requested", "coach", meeting.coach.id],
    ["accepted", "client", meeting.client.id],
    ["started", "coach", meeting.coach.id],
    ["stopped", "client", meeting.client.id],
  ]);
  for (const entry of log) expect(Math.abs(Date.parse(entry.at) - Date.now())).toBeLessThan(60_000);
  coach.close();
  client.close();
});

test("a recording ends when either person's connection does: a reload stops it, and the other side is told", async () => {
  const meeting = await createMeeting();
  const { coach, client } = await bothInCall(meeting);
  await coach.ask({ type: "recording-consent-request" }, "recording");
  await client.ask({ type: "recording-consent-answer", accepted: true }, "recording");
  await coach.ask({ type: "recording-start" }, "recording", (m) => m.recording.state === "recording");
  const reloaded = await connect(meeting.id, meeting.coach.cookie);
  expect(await client.next("recording", (m) => m.recording.state === "none")).toMatchObject({ by: "coach" });
  expect((await reloaded.next("welcome")).recording.state).toBe("none");
  const log = await roomStub(meeting.id).recordingConsent();
  expect(log.at(-1)).toMatchObject({ event: "stopped", role: "coach", userId: meeting.coach.id });
  client.close();
  reloaded.close();
});

test("each consent step the room applies is stored with the booking in D1 before the room announces it, so an upload may begin the moment the coach sees consent", async () => {
  const meeting = await createMeeting();
  const db = createDb(env.DB);
  const { coach, client } = await bothInCall(meeting);
  await coach.ask({ type: "recording-consent-request" }, "recording");
  expect(await consentForRecording(db, meeting.id)).toMatchObject({ granted: false, reason: "awaiting_answer" });
  await client.ask({ type: "recording-consent-answer", accepted: true }, "recording");
  // The coach's browser starts uploading as soon as it hears "consented": D1 already says so.
  await coach.next("recording", (m) => m.recording.state === "consented");
  expect(await consentForRecording(db, meeting.id)).toMatchObject({ granted: true });
  await coach.ask({ type: "recording-start" }, "recording", (m) => m.recording.state === "recording");
  await client.ask({ type: "recording-stop" }, "recording", (m) => m.recording.state === "none");
  expect(await consentForRecording(db, meeting.id)).toMatchObject({ granted: false, reason: "stopped" });
  const { results } = await env.DB.prepare("SELECT user_id, role, decision, at FROM meeting_recording_consents WHERE booking_id = ? ORDER BY seq")
    .bind(meeting.id)
    .all<{ user_id: string; role: string; decision: string; at: string }>();
  expect(results.map((row) => [row.decision, row.role, row.user_id])).toEqual([
    ["requested", "coach", meeting.coach.id],
    ["accepted", "client", meeting.client.id],
    ["started", "coach", meeting.coach.id],
    ["stopped", "client", meeting.client.id],
  ]);
  // The same instants as the room's own log.
  expect(results.map((row) => row.at)).toEqual((await roomStub(meeting.id).recordingConsent()).map((entry) => entry.at));

  // A recording that ends because someone reconnects is stopped in D1 too.
  await coach.ask({ type: "recording-consent-request" }, "recording", (m) => m.recording.state === "requested");
  await client.ask({ type: "recording-consent-answer", accepted: true }, "recording");
  const reloaded = await connect(meeting.id, meeting.client.cookie);
  await coach.next("recording", (m) => m.recording.state === "none" && m.by === "client");
  expect(await consentForRecording(db, meeting.id)).toMatchObject({ granted: false, reason: "stopped" });
  coach.close();
  reloaded.close();
});
