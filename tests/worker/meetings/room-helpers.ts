import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { PARTICIPANT_HEADER, ROOM_CONNECT_URL, type RoomParticipant } from "~/meetings/room-protocol";
import type { ServerMessage } from "~/meetings/signalling";
import { createBooking, HOUR_MS } from "../../factories/bookings";
import { ALWAYS_OPEN, createSignedInCoach } from "../../factories/coaches";
import { createSignedInUser } from "../../factories/users";
import { waitFor } from "../../wait-for";
import { fetchApp } from "../app";

// A meeting of a fresh coach and client, and WebSockets to its room as a browser opens them: through
// the Worker, with the session cookie and nothing else.

const MINUTE_MS = 60_000;

export type TestMeeting = Awaited<ReturnType<typeof createMeeting>>;

/**
 * A confirmed 60-minute session of a new coach and a new client (both signed in), starting
 * `startsInMinutes` from now (5 minutes ago unless told: its room is open).
 */
export async function createMeeting({ startsInMinutes = -5 }: { startsInMinutes?: number } = {}) {
  const coach = await createSignedInCoach(ALWAYS_OPEN);
  const client = await createSignedInUser({ roles: ["client"] });
  const startsAt = new Date(Date.now() + startsInMinutes * MINUTE_MS);
  startsAt.setUTCMilliseconds(0);
  const booking = await createBooking({ coachId: coach.id, clientId: client.id, email: client.email, startsAt: startsAt.toISOString() });
  return { id: booking.id, booking, coach, client };
}

/** A booking that ends now plus `closesInMs` less the room's 30 minutes after the end: its room closes `closesInMs` from now. */
export async function createMeetingClosingIn(closesInMs: number) {
  const endsAt = Date.now() + closesInMs - 30 * MINUTE_MS;
  return createMeeting({ startsInMinutes: (endsAt - HOUR_MS - Date.now()) / MINUTE_MS });
}

/** One side of a WebSocket the test holds: what the room sent, in order, and how the socket ended. */
export class TestSocket {
  readonly received: ServerMessage[] = [];
  closed: { code: number; reason: string } | null = null;

  constructor(readonly socket: WebSocket) {
    socket.accept();
    socket.addEventListener("message", (event) => {
      this.received.push(JSON.parse(event.data as string) as ServerMessage);
    });
    socket.addEventListener("close", (event) => {
      this.closed = { code: event.code, reason: event.reason };
    });
  }

  send(message: unknown) {
    this.socket.send(typeof message === "string" ? message : JSON.stringify(message));
  }

  /** The first message of this type (matching `where`) the room sent after the `after`-th message, waiting for it. */
  async next<T extends ServerMessage["type"]>(
    type: T,
    where: (message: Extract<ServerMessage, { type: T }>) => boolean = () => true,
    after = 0,
  ): Promise<Extract<ServerMessage, { type: T }>> {
    return waitFor(
      () =>
        this.received
          .slice(after)
          .find((message): message is Extract<ServerMessage, { type: T }> => message.type === type && where(message as Extract<ServerMessage, { type: T }>)),
      { timeout: 5_000, message: `a "${type}" message (got ${JSON.stringify(this.received.map((m) => m.type))})` },
    );
  }

  /** Sends a message and waits for the answer of `type` that follows it. */
  async ask<T extends ServerMessage["type"]>(message: unknown, type: T, where?: (message: Extract<ServerMessage, { type: T }>) => boolean) {
    const after = this.received.length;
    this.send(message);
    return this.next(type, where, after);
  }

  count(type: ServerMessage["type"]) {
    return this.received.filter((message) => message.type === type).length;
  }

  async closedWith() {
    return waitFor(() => this.closed, { timeout: 5_000, message: "the socket to close" });
  }

  close() {
    if (!this.closed) this.socket.close(1000, "done");
  }
}

/** GET /meeting/:id/socket as a browser's WebSocket asks for it: the upgrade header and the cookie, nothing else. */
export function requestSocket(meetingId: string, cookie?: string, headers: Record<string, string> = {}) {
  return fetchApp(`/meeting/${meetingId}/socket`, { cookie, headers: { Upgrade: "websocket", ...headers } });
}

/** A WebSocket to the room, through the Worker; fails the test unless the upgrade succeeds. */
export async function connect(meetingId: string, cookie: string) {
  const response = await requestSocket(meetingId, cookie);
  expect(response.status, await (response.status === 101 ? "" : response.clone().text())).toBe(101);
  expect(response.webSocket).toBeTruthy();
  const socket = new TestSocket(response.webSocket!);
  await socket.next("welcome");
  return socket;
}

/** Both participants connected and joined to the call. */
export async function bothInCall(meeting: TestMeeting) {
  const coach = await connect(meeting.id, meeting.coach.cookie);
  const client = await connect(meeting.id, meeting.client.cookie);
  await coach.ask({ type: "join", media: MEDIA }, "joined");
  await client.ask({ type: "join", media: MEDIA }, "joined");
  await coach.next("peer", (m) => m.peer.role === "client" && m.peer.state === "in-call");
  return { coach, client };
}

export const MEDIA = { muted: false, camera: true, screen: false };

/** The meeting's room object. */
export function roomStub(meetingId: string) {
  return env.MEETING_ROOM.get(env.MEETING_ROOM.idFromName(meetingId));
}

/** A request straight to the room (as only the Worker's own code can make one), naming a participant. */
export function connectDirectly(meetingId: string, participant: RoomParticipant) {
  return roomStub(meetingId).fetch(ROOM_CONNECT_URL, { headers: { Upgrade: "websocket", [PARTICIPANT_HEADER]: JSON.stringify(participant) } });
}
