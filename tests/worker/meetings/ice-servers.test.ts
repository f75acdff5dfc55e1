import { env } from "cloudflare:workers";
import { expect, inject, test } from "vitest";
import { ICE_SERVERS_LIMIT, type IceServersAnswer } from "~/meetings/ice-servers.server";
import { allowConsoleErrors } from "../../console-errors";
import { FAKE_TURN_FAILING_KEY_ID, FAKE_TURN_KEY_API_TOKEN, FAKE_TURN_KEY_ID, type FakeTurnRequest } from "../../fakes/turn-server";
import { createSignedInUser } from "../../factories/users";
import { fetchApp } from "../app";
import { createMeeting } from "./room-helpers";

// GET /meeting/:id/ice-servers: the STUN/TURN servers for a participant while the room is open, from
// Cloudflare Realtime TURN (credentials minted per participant against the fake TURN server), a
// configured list, or none.

const MINUTE_MS = 60_000;

/** Settings with the fake TURN server's key (or another key id). */
function turnBindings(keyId = FAKE_TURN_KEY_ID, extra: Record<string, string> = {}): Env {
  return { ...env, TURN_KEY_ID: keyId, TURN_KEY_API_TOKEN: FAKE_TURN_KEY_API_TOKEN, TURN_API_URL: inject("fakeTurnUrl"), ...extra } as Env;
}

async function turnRequests(keyId = FAKE_TURN_KEY_ID): Promise<FakeTurnRequest[]> {
  return (await fetch(`${inject("fakeTurnUrl")}/__requests?key=${encodeURIComponent(keyId)}`)).json();
}

function iceServers(meetingId: string, cookie: string | undefined, bindings: Env = env) {
  return fetchApp(`/meeting/${meetingId}/ice-servers`, { cookie, bindings });
}

test("with a TURN key, each participant gets freshly minted credentials lasting until the room closes; the key's token never leaves the server", async () => {
  const meeting = await createMeeting();
  const before = (await turnRequests()).length;
  const closesAt = Date.parse(meeting.booking.endsAt) + 30 * MINUTE_MS;

  const response = await iceServers(meeting.id, meeting.client.cookie, turnBindings());
  expect(response.status).toBe(200);
  expect(response.headers.get("Cache-Control")).toContain("no-store");
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  const text = await response.text();
  expect(text).not.toContain(FAKE_TURN_KEY_API_TOKEN);
  expect(text).not.toContain(FAKE_TURN_KEY_ID);
  for (const [name, value] of response.headers) expect(`${name}: ${value}`).not.toContain(FAKE_TURN_KEY_API_TOKEN);
  const answer = JSON.parse(text) as IceServersAnswer;
  expect(answer.source).toBe("cloudflare-turn");
  // Port 53 is left out: browsers refuse it and would only wait for a timeout.
  expect(answer.iceServers).toEqual([
    { urls: ["stun:stun.cloudflare.com:3478"] },
    {
      urls: ["turn:turn.cloudflare.com:3478?transport=udp", "turn:turn.cloudflare.com:3478?transport=tcp", "turns:turn.cloudflare.com:5349?transport=tcp"],
      username: expect.stringMatching(/^user-/),
      credential: expect.stringMatching(/^credential-/),
    },
  ]);

  const minted = (await turnRequests()).slice(before);
  expect(minted).toHaveLength(1);
  expect(minted[0]!.authorization).toBe(`Bearer ${FAKE_TURN_KEY_API_TOKEN}`);
  expect(minted[0]!.username).toBe(answer.iceServers[1]!.username);
  // The credentials last until the room closes (55 minutes from now here, give or take the test's own time).
  const ttl = minted[0]!.ttl as number;
  expect(Math.abs(ttl - (closesAt - Date.now()) / 1000)).toBeLessThan(60);
  expect(Math.abs(Date.parse(answer.expiresAt!) - closesAt)).toBeLessThan(60_000);

  // The coach gets credentials of their own.
  const coach = (await (await iceServers(meeting.id, meeting.coach.cookie, turnBindings())).json()) as IceServersAnswer;
  expect(coach.source).toBe("cloudflare-turn");
  expect(coach.iceServers[1]!.username).not.toBe(answer.iceServers[1]!.username);
  expect((await turnRequests()).length).toBe(before + 2);
});

test("nobody but a participant of an open room makes the server mint: no session 401, a stranger or an admin 404, outside the hours 403", async () => {
  const meeting = await createMeeting();
  const later = await createMeeting({ startsInMinutes: 60 });
  const stranger = await createSignedInUser({ roles: ["client"] });
  const admin = await createSignedInUser({ roles: ["admin"] });
  const before = (await turnRequests()).length;

  const anonymous = await iceServers(meeting.id, undefined, turnBindings());
  expect(anonymous.status).toBe(401);
  expect(anonymous.headers.get("Location")).toBeNull();
  expect(await anonymous.text()).not.toContain("turn:");
  for (const cookie of [stranger.cookie, admin.cookie]) {
    const refused = await iceServers(meeting.id, cookie, turnBindings());
    expect(refused.status).toBe(404);
    expect(await refused.text()).not.toContain("turn:");
  }
  const early = await iceServers(later.id, later.client.cookie, turnBindings());
  expect(early.status).toBe(403);
  expect(await early.json()).toEqual({ error: "not_open_yet", message: "The room is not open yet." });
  expect(early.headers.get("Cache-Control")).toContain("no-store");
  expect((await turnRequests()).length).toBe(before);
});

test("with a configured list and no TURN key, the list is given as it is; with neither, none", async () => {
  const meeting = await createMeeting();
  const list = [
    { urls: "stun:stun.example.net:3478" },
    { urls: ["turn:turn.example.net:3478?transport=udp"], username: "coaching", credential: "shared-secret" },
  ];
  const configured = await iceServers(meeting.id, meeting.client.cookie, { ...env, ICE_SERVERS: JSON.stringify(list) } as Env);
  expect(configured.status).toBe(200);
  expect(configured.headers.get("Cache-Control")).toContain("no-store");
  expect(await configured.json()).toEqual({ iceServers: list, source: "configured", expiresAt: null });

  const none = await iceServers(meeting.id, meeting.coach.cookie);
  expect(none.status).toBe(200);
  expect(await none.json()).toEqual({ iceServers: [], source: "none", expiresAt: null });
});

test("when minting fails, the configured list is given instead, and the failure is logged without the token", async () => {
  const errors = allowConsoleErrors();
  const meeting = await createMeeting();
  const list = [{ urls: "stun:stun.example.net:3478" }];
  const response = await iceServers(meeting.id, meeting.client.cookie, turnBindings(FAKE_TURN_FAILING_KEY_ID, { ICE_SERVERS: JSON.stringify(list) }));
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ iceServers: list, source: "configured", expiresAt: null });
  expect((await turnRequests(FAKE_TURN_FAILING_KEY_ID)).length).toBeGreaterThan(0);
  expect(errors.join("\n")).toContain("TURN credentials could not be minted");
  expect(errors.join("\n")).not.toContain(FAKE_TURN_KEY_API_TOKEN);
});

test("a participant asking for TURN credentials over and over is refused with 429 once past the hourly allowance, and nothing more is minted", async () => {
  const meeting = await createMeeting();
  const before = (await turnRequests()).length;
  for (let request = 1; request <= ICE_SERVERS_LIMIT.limit; request++) {
    const response = await iceServers(meeting.id, meeting.coach.cookie, turnBindings());
    expect(response.status, `request ${request}`).toBe(200);
    await response.body?.cancel();
  }
  const refused = await iceServers(meeting.id, meeting.coach.cookie, turnBindings());
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  expect(refused.headers.get("Cache-Control")).toContain("no-store");
  expect(await refused.json()).toMatchObject({ error: "too_many_requests" });
  expect((await turnRequests()).length - before).toBe(ICE_SERVERS_LIMIT.limit);
  // The other participant has an allowance of their own.
  expect((await iceServers(meeting.id, meeting.client.cookie, turnBindings())).status).toBe(200);
});
