import { expect, test } from "vitest";
import type { PermissionViewer } from "~/auth/permissions.server";
import type { AppContext } from "~/context.server";
import type { Meeting } from "~/meetings/meetings.server";
import { PARTICIPANT_HEADER, ROOM_CONNECT_URL, ROOM_REFUSED_HEADER, RoomParticipantSchema } from "~/meetings/room-protocol";
import { connectToMeetingRoom, meetingRoleOf } from "~/meetings/room.server";
import { fixedClock } from "~/platform/clock";

// The Worker's side of the room: who may connect, when, and what the room is told. The room itself
// (workers/meeting-room.ts) is exercised in workerd.

const MEETING: Meeting = {
  id: "3f1d2c4b-5a69-4e7f-8a1b-2c3d4e5f6a7b",
  coachId: "coach-1",
  clientId: "client-1",
  email: "client@example.com",
  // 9:30–10:30 am AEDT on Thursday 3 December 2026: open 9:20 am to 11:00 am.
  startsAt: "2026-12-02T22:30:00.000Z",
  endsAt: "2026-12-02T23:30:00.000Z",
};
const DURING = "2026-12-02T22:25:00.000Z";

const coach: PermissionViewer = { id: "coach-1", roles: ["coach"] };
const client: PermissionViewer = { id: "client-1", roles: ["client"], email: "client@example.com" };
const stranger: PermissionViewer = { id: "someone-else", roles: ["client", "coach"] };
const admin: PermissionViewer = { id: "admin-1", roles: ["admin"] };

type Forwarded = { name: string; url: string; headers: Headers };

function contextAt(now: string, settings = { MEETING_OPENS_BEFORE_MINUTES: 10, MEETING_CLOSES_AFTER_MINUTES: 30 }) {
  const forwarded: Forwarded[] = [];
  const namespace = {
    idFromName: (name: string) => ({ name }),
    get: (id: { name: string }) => ({
      fetch: async (url: string, init: RequestInit) => {
        forwarded.push({ name: id.name, url, headers: new Headers(init.headers) });
        return new Response("room answered", { status: 200 });
      },
    }),
  };
  const context = {
    cloudflare: { env: { MEETING_ROOM: namespace } },
    env: settings,
    services: { clock: fixedClock(now) },
  } as unknown as AppContext;
  return { context, forwarded };
}

function upgrade(headers: Record<string, string> = {}) {
  return new Request(`https://example.com/meeting/${MEETING.id}/socket`, { headers: { Upgrade: "websocket", ...headers } });
}

async function statusOf(promise: Promise<Response>): Promise<number> {
  try {
    return (await promise).status;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

test("the coach and the client have their places; admins and strangers have none", () => {
  expect(meetingRoleOf(coach, MEETING)).toBe("coach");
  expect(meetingRoleOf(client, MEETING)).toBe("client");
  expect(meetingRoleOf({ id: "guest-account", roles: ["client"], email: "CLIENT@example.com" }, { ...MEETING, clientId: null })).toBe("client");
  expect(meetingRoleOf({ id: "guest-account", roles: ["client"], email: "client@example.com" }, MEETING)).toBeNull();
  expect(meetingRoleOf(stranger, MEETING)).toBeNull();
  expect(meetingRoleOf(admin, MEETING)).toBeNull();
  expect(meetingRoleOf(null, MEETING)).toBeNull();
});

test("a participant's socket goes to the meeting's own room, naming who the session says they are", async () => {
  for (const [viewer, role] of [
    [coach, "coach"],
    [client, "client"],
  ] as const) {
    const { context, forwarded } = contextAt(DURING);
    const response = await connectToMeetingRoom(context, upgrade(), viewer, MEETING);
    expect(await response.text()).toBe("room answered");
    expect(forwarded).toHaveLength(1);
    expect(forwarded[0]?.name).toBe(MEETING.id);
    expect(forwarded[0]?.url).toBe(ROOM_CONNECT_URL);
    expect(forwarded[0]?.headers.get("Upgrade")).toBe("websocket");
    const participant = RoomParticipantSchema.parse(JSON.parse(forwarded[0]?.headers.get(PARTICIPANT_HEADER) ?? "null"));
    expect(participant).toEqual({ meetingId: MEETING.id, userId: viewer.id, role, closesAt: "2026-12-03T00:00:00.000Z" });
  }
});

test("nothing the browser sends reaches the room: not its participant header, not its cookies", async () => {
  const { context, forwarded } = contextAt(DURING);
  const forged = JSON.stringify({ meetingId: MEETING.id, userId: "coach-1", role: "coach", closesAt: "2030-01-01T00:00:00.000Z" });
  await connectToMeetingRoom(context, upgrade({ [PARTICIPANT_HEADER]: forged, Cookie: "__Host-session=abc" }), client, MEETING);
  const headers = forwarded[0]?.headers;
  expect(JSON.parse(headers?.get(PARTICIPANT_HEADER) ?? "null")).toMatchObject({ userId: "client-1", role: "client" });
  expect(headers?.get("Cookie")).toBeNull();
});

test("strangers, admins and a missing meeting get the 404, and the room is never reached", async () => {
  const { context, forwarded } = contextAt(DURING);
  expect(await statusOf(connectToMeetingRoom(context, upgrade(), stranger, MEETING))).toBe(404);
  expect(await statusOf(connectToMeetingRoom(context, upgrade(), admin, MEETING))).toBe(404);
  expect(await statusOf(connectToMeetingRoom(context, upgrade(), coach, null))).toBe(404);
  expect(forwarded).toHaveLength(0);
});

test("outside the room's hours a participant is refused with 403 and the reason", async () => {
  for (const [now, reason] of [
    ["2026-12-02T22:19:59.000Z", "not_open_yet"],
    ["2026-12-03T00:00:00.000Z", "closed"],
  ] as const) {
    const { context, forwarded } = contextAt(now);
    const response = await connectToMeetingRoom(context, upgrade(), coach, MEETING);
    expect(response.status, now).toBe(403);
    expect(response.headers.get(ROOM_REFUSED_HEADER)).toBe(reason);
    expect(forwarded).toHaveLength(0);
  }
  // The margins come from the settings.
  const { context } = contextAt("2026-12-02T22:00:00.000Z", { MEETING_OPENS_BEFORE_MINUTES: 30, MEETING_CLOSES_AFTER_MINUTES: 30 });
  expect((await connectToMeetingRoom(context, upgrade(), coach, MEETING)).status).toBe(200);
});

test("a request that is not a WebSocket upgrade is refused with 426", async () => {
  const { context, forwarded } = contextAt(DURING);
  const response = await connectToMeetingRoom(context, new Request(`https://example.com/meeting/${MEETING.id}/socket`), coach, MEETING);
  expect(response.status).toBe(426);
  expect(forwarded).toHaveLength(0);
});
