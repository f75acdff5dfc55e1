import { expect, test } from "vitest";
import { ROOM_REFUSED_HEADER } from "~/meetings/room-protocol";
import { CLOSE_CODES } from "~/meetings/signalling";
import { createSignedInUser } from "../../factories/users";
import { fetchApp } from "../app";
import { connect, connectDirectly, createMeeting, MEDIA, requestSocket, TestSocket } from "./room-helpers";

// Who may connect to a meeting's room, and when: decided by the Worker from the session cookie and
// the booking before the room is reached; the room keeps one socket per person.

test("the booking's client and coach connect with their session cookies, each in their own role, and see each other arrive", async () => {
  const meeting = await createMeeting();
  const coach = await connect(meeting.id, meeting.coach.cookie);
  const welcomeCoach = await coach.next("welcome");
  expect(welcomeCoach).toMatchObject({ role: "coach", peer: null, recording: { state: "none" } });
  expect(Date.parse(welcomeCoach.closesAt)).toBe(Date.parse(meeting.booking.endsAt) + 30 * 60_000);

  const client = await connect(meeting.id, meeting.client.cookie);
  expect(await client.next("welcome")).toMatchObject({ role: "client", peer: { role: "coach", state: "lobby", media: null } });
  expect(await coach.next("peer")).toEqual({ type: "peer", peer: { role: "client", state: "lobby", media: null } });

  await client.ask({ type: "join", media: MEDIA }, "joined");
  expect(await coach.next("peer", (m) => m.peer.state === "in-call")).toEqual({ type: "peer", peer: { role: "client", state: "in-call", media: MEDIA } });
  coach.close();
  client.close();
});

test("anyone else signed in gets the 404, an admin too; without a session, 401; nothing reaches the room", async () => {
  const meeting = await createMeeting();
  const stranger = await createSignedInUser({ roles: ["client"] });
  const otherCoach = await createSignedInUser({ roles: ["coach"] });
  const admin = await createSignedInUser({ roles: ["admin"] });
  for (const cookie of [stranger.cookie, otherCoach.cookie, admin.cookie]) {
    const response = await requestSocket(meeting.id, cookie);
    expect(response.status).toBe(404);
    expect(response.webSocket).toBeNull();
    await response.body?.cancel();
  }
  const anonymous = await requestSocket(meeting.id);
  expect(anonymous.status).toBe(401);
  expect(anonymous.headers.get(ROOM_REFUSED_HEADER)).toBe("signed_out");
  expect(anonymous.headers.get("Location")).toBeNull();
  expect(anonymous.webSocket).toBeNull();
  await anonymous.body?.cancel();
  // A meeting id that is no booking's, and one that is no id at all.
  for (const id of [crypto.randomUUID(), "not-a-meeting"]) {
    const response = await requestSocket(id, meeting.client.cookie);
    expect(response.status).toBe(404);
    await response.body?.cancel();
  }
  // The room never heard of any of them: the participant who connects next is alone in it.
  const coach = await connect(meeting.id, meeting.coach.cookie);
  expect((await coach.next("welcome")).peer).toBeNull();
  coach.close();
});

test("a participant's request that is not a WebSocket upgrade is answered 426", async () => {
  const meeting = await createMeeting();
  const response = await requestSocket(meeting.id, meeting.client.cookie, { Upgrade: "" });
  expect(response.status).toBe(426);
  expect(response.headers.get(ROOM_REFUSED_HEADER)).toBe("not_websocket");
  await response.body?.cancel();
});

test("outside the room's hours the participants get 403 with the reason: not open yet, or closed", async () => {
  const later = await createMeeting({ startsInMinutes: 11 });
  const early = await requestSocket(later.id, later.client.cookie);
  expect(early.status).toBe(403);
  expect(early.headers.get(ROOM_REFUSED_HEADER)).toBe("not_open_yet");
  expect(await early.text()).toBe("The room is not open yet.");

  // Ten minutes before the start, the room is open.
  const soon = await createMeeting({ startsInMinutes: 9 });
  const coach = await connect(soon.id, soon.coach.cookie);
  coach.close();

  // A session that ended 31 minutes ago: its room closed a minute ago.
  const past = await createMeeting({ startsInMinutes: -91 });
  const late = await requestSocket(past.id, past.coach.cookie);
  expect(late.status).toBe(403);
  expect(late.headers.get(ROOM_REFUSED_HEADER)).toBe("closed");
  expect(await late.text()).toBe("The room has closed.");
});

test("nothing the browser sends can name another person: the room knows only who the session cookie says", async () => {
  const meeting = await createMeeting();
  const forged = JSON.stringify({ meetingId: meeting.id, userId: meeting.coach.id, role: "coach", closesAt: "2099-01-01T00:00:00.000Z" });
  const response = await fetchApp(`/meeting/${meeting.id}/socket?role=coach&userId=${meeting.coach.id}`, {
    cookie: meeting.client.cookie,
    headers: { Upgrade: "websocket", "X-Meeting-Participant": forged },
  });
  expect(response.status).toBe(101);
  const client = new TestSocket(response.webSocket!);
  const welcome = await client.next("welcome");
  expect(welcome.role).toBe("client");
  expect(welcome.closesAt).not.toBe("2099-01-01T00:00:00.000Z");
  // The coach's place is still free: the coach connects as themself.
  const coach = await connect(meeting.id, meeting.coach.cookie);
  expect((await coach.next("welcome")).role).toBe("coach");
  // A client who tries a coach's message is refused by role.
  await client.ask({ type: "join", media: MEDIA }, "joined");
  expect(await client.ask({ type: "recording-consent-request" }, "error")).toEqual({ type: "error", code: "not_allowed", detail: "recording-consent-request" });
  client.close();
  coach.close();
});

test("the same person connecting again (a reload, a second tab) replaces their older socket, which closes with 4001", async () => {
  const meeting = await createMeeting();
  const coach = await connect(meeting.id, meeting.coach.cookie);
  const first = await connect(meeting.id, meeting.client.cookie);
  await first.ask({ type: "join", media: MEDIA }, "joined");
  const second = await connect(meeting.id, meeting.client.cookie);
  expect(await first.closedWith()).toEqual({ code: CLOSE_CODES.replaced, reason: "You joined from another window." });
  // The coach sees the client back in the lobby (their old peer connection is gone), never a departure.
  await coach.next("peer", (m) => m.peer.role === "client" && m.peer.state === "lobby", 2);
  expect(coach.count("peer-left")).toBe(0);
  // The newer socket is the client's: it joins and is the one the coach's messages reach.
  await second.ask({ type: "join", media: MEDIA }, "joined");
  await coach.ask({ type: "join", media: MEDIA }, "joined");
  coach.send({ type: "offer", sdp: "v=0 offer-after-reload" });
  expect((await second.next("offer")).sdp).toBe("v=0 offer-after-reload");
  expect(first.count("offer")).toBe(0);
  // A third socket of the same person replaces the second in turn.
  const third = await connect(meeting.id, meeting.client.cookie);
  expect((await second.closedWith()).code).toBe(CLOSE_CODES.replaced);
  third.close();
  coach.close();
});

test("the room refuses a third person in a taken place (409) and a participant of another meeting (400)", async () => {
  const meeting = await createMeeting();
  const client = await connect(meeting.id, meeting.client.cookie);
  const closesAt = new Date(Date.parse(meeting.booking.endsAt) + 30 * 60_000).toISOString();
  const intruder = await connectDirectly(meeting.id, { meetingId: meeting.id, userId: crypto.randomUUID(), role: "client", closesAt });
  expect(intruder.status).toBe(409);
  expect(intruder.headers.get(ROOM_REFUSED_HEADER)).toBe("room_full");
  await intruder.body?.cancel();
  const elsewhere = await connectDirectly(meeting.id, { meetingId: crypto.randomUUID(), userId: meeting.coach.id, role: "coach", closesAt });
  expect(elsewhere.status).toBe(400);
  expect(elsewhere.headers.get(ROOM_REFUSED_HEADER)).toBe("bad_participant");
  await elsewhere.body?.cancel();
  // The client is still connected and alone.
  expect(client.closed).toBeNull();
  expect(client.count("peer")).toBe(0);
  client.close();
});
