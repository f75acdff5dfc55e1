import { expect, test } from "vitest";
import {
  canSee,
  holdsByAccountOrAddress,
  notFoundResponse,
  notFoundUnless,
  requireCoachOf,
  requireFound,
  requireHolder,
  requireMeetingParticipant,
  requireOwned,
  type PermissionViewer,
} from "~/auth/permissions.server";

type Note = { id: string; ownerId: string | null };
type Meeting = { id: string; coachId: string; clientId: string | null };

const owner: PermissionViewer = { id: "user-owner", roles: ["client"] };
const stranger: PermissionViewer = { id: "user-stranger", roles: ["client", "coach"] };
const admin: PermissionViewer = { id: "user-admin", roles: ["admin"] };
const note: Note = { id: "note-1", ownerId: owner.id };
const ownerOfNote = (row: Note) => row.ownerId;
const participantsOf = (row: Meeting) => [row.coachId, row.clientId];

/** Runs `fn`, which must throw, and returns what it threw. */
function thrownBy(fn: () => unknown): unknown {
  try {
    fn();
  } catch (thrown) {
    return thrown;
  }
  throw new Error("expected a throw, but nothing was thrown");
}

/** Everything a browser could observe about a thrown Response. */
async function observable(thrown: unknown) {
  expect(thrown).toBeInstanceOf(Response);
  const response = thrown as Response;
  return { status: response.status, headers: [...response.headers.entries()], body: await response.text() };
}

test("the owner gets the very row back", () => {
  expect(requireOwned(owner, note, ownerOfNote)).toBe(note);
  expect(canSee(owner, note, ownerOfNote)).toBe(true);
});

test("someone else's row, a missing row and no viewer all throw the same 404", async () => {
  const missing = await observable(thrownBy(() => requireOwned(owner, null, ownerOfNote)));
  expect(missing).toEqual({ status: 404, headers: [["content-type", "text/plain;charset=UTF-8"]], body: "Not Found" });
  expect(await observable(thrownBy(() => requireOwned(owner, undefined, ownerOfNote)))).toEqual(missing);
  expect(await observable(thrownBy(() => requireOwned(stranger, note, ownerOfNote)))).toEqual(missing);
  expect(await observable(thrownBy(() => requireOwned(null, note, ownerOfNote)))).toEqual(missing);
  expect(await observable(thrownBy(() => notFoundUnless(false)))).toEqual(missing);
  expect(await observable(notFoundResponse())).toEqual(missing);
});

test("the 404 is the one the routes throw for a missing row", async () => {
  // app/routes/blog.$slug.tsx and its siblings: throw new Response("Not Found", { status: 404 }).
  expect(await observable(notFoundResponse())).toEqual(await observable(new Response("Not Found", { status: 404 })));
});

test("admins see only their own rows unless the call site allows them through", async () => {
  expect(canSee(admin, note, ownerOfNote)).toBe(false);
  expect((await observable(thrownBy(() => requireOwned(admin, note, ownerOfNote)))).status).toBe(404);
  expect(requireOwned(admin, note, ownerOfNote, { allowAdmin: true })).toBe(note);
  expect((await observable(thrownBy(() => requireOwned(admin, note, ownerOfNote, { allowAdmin: false })))).status).toBe(404);
  expect(canSee(admin, note, ownerOfNote, { allowAdmin: false })).toBe(false);
});

test("allowing admins lets in admins only, and never turns a missing row into a found one", async () => {
  expect(canSee(stranger, note, ownerOfNote, { allowAdmin: true })).toBe(false);
  expect((await observable(thrownBy(() => requireOwned(stranger, note, ownerOfNote, { allowAdmin: true })))).status).toBe(404);
  expect((await observable(thrownBy(() => requireOwned(admin, null, ownerOfNote, { allowAdmin: true })))).status).toBe(404);
  expect((await observable(thrownBy(() => requireOwned(null, note, ownerOfNote, { allowAdmin: true })))).status).toBe(404);
});

test("a row with several owners is visible to each of them and to nobody else", async () => {
  const coach: PermissionViewer = { id: "user-coach", roles: ["coach"] };
  const meeting: Meeting = { id: "meeting-1", coachId: coach.id, clientId: owner.id };
  expect(requireOwned(coach, meeting, participantsOf)).toBe(meeting);
  expect(requireOwned(owner, meeting, participantsOf)).toBe(meeting);
  expect(canSee(stranger, meeting, participantsOf)).toBe(false);
  expect((await observable(thrownBy(() => requireOwned(stranger, meeting, participantsOf)))).status).toBe(404);
});

test("an empty or missing owner id matches nobody", () => {
  const orphan: Note = { id: "note-2", ownerId: null };
  const blankViewer: PermissionViewer = { id: "", roles: [] };
  expect(canSee(owner, orphan, ownerOfNote)).toBe(false);
  expect(canSee(blankViewer, { id: "note-3", ownerId: "" }, ownerOfNote)).toBe(false);
  expect(canSee(blankViewer, { id: "meeting-2", coachId: "", clientId: null }, participantsOf)).toBe(false);
});

test("notFoundUnless lets a true condition through without throwing", () => {
  const row: Note | null = note;
  notFoundUnless(row);
  expect(row.id).toBe("note-1");
});

test("requireFound returns the row and throws the same 404 for a missing one", async () => {
  expect(requireFound(note)).toBe(note);
  const missing = await observable(notFoundResponse());
  expect(await observable(thrownBy(() => requireFound(null)))).toEqual(missing);
  expect(await observable(thrownBy(() => requireFound(undefined)))).toEqual(missing);
});

test("extra headers on the 404 change neither its status nor its body", async () => {
  const thrown = await observable(thrownBy(() => notFoundUnless(false, { headers: { "Cache-Control": "private, no-store" } })));
  expect(thrown.status).toBe(404);
  expect(thrown.body).toBe("Not Found");
  expect(thrown.headers).toContainEqual(["cache-control", "private, no-store"]);
});

type Payment = { id: string; userId: string | null; email: string | null };
const holderOf = (row: Payment) => ({ userId: row.userId, email: row.email });

test("a row held by an account is that account's; a guest's row is the address's until an account holds it", async () => {
  const viewer: PermissionViewer = { id: "user-alex", roles: ["client"], email: "Alex@Example.com.au" };
  const mine: Payment = { id: "p1", userId: viewer.id, email: "someone-else@example.com.au" };
  const guest: Payment = { id: "p2", userId: null, email: "alex@example.com.au" };
  const othersWithMyAddress: Payment = { id: "p3", userId: "user-other", email: "alex@example.com.au" };
  expect(requireHolder(viewer, mine, holderOf)).toBe(mine);
  expect(requireHolder(viewer, guest, holderOf)).toBe(guest);
  // The address never opens a row an account already holds.
  expect(holdsByAccountOrAddress(viewer, othersWithMyAddress)).toBe(false);
  expect((await observable(thrownBy(() => requireHolder(viewer, othersWithMyAddress, holderOf)))).status).toBe(404);
  // A viewer without an address, or a guest row without one, matches nothing by address.
  expect(holdsByAccountOrAddress({ id: "user-x", roles: [] }, guest)).toBe(false);
  expect(holdsByAccountOrAddress(viewer, { userId: null, email: null })).toBe(false);
  expect(holdsByAccountOrAddress(null, guest)).toBe(false);
  expect((await observable(thrownBy(() => requireHolder(viewer, null, holderOf)))).status).toBe(404);
});

test("a meeting's participants are its booking's coach and client; anyone else, admins included, gets the 404", async () => {
  const coach: PermissionViewer = { id: "user-coach", roles: ["coach"] };
  const client: PermissionViewer = { id: "user-client", roles: ["client"], email: "client@example.com.au" };
  const booked = { id: "b1", coachId: coach.id, clientId: client.id, email: "client@example.com.au" };
  const guestBooking = { id: "b2", coachId: coach.id, clientId: null, email: "CLIENT@example.com.au" };
  expect(requireMeetingParticipant(coach, booked)).toBe(booked);
  expect(requireMeetingParticipant(client, booked)).toBe(booked);
  expect(requireMeetingParticipant(client, guestBooking)).toBe(guestBooking);
  const missing = await observable(notFoundResponse());
  for (const outsider of [stranger, admin, { id: "user-other", roles: ["client"], email: "other@example.com.au" } satisfies PermissionViewer]) {
    expect(await observable(thrownBy(() => requireMeetingParticipant(outsider, booked)))).toEqual(missing);
  }
  // Another account with the same address is not the client of a booking an account holds.
  expect(await observable(thrownBy(() => requireMeetingParticipant({ id: "user-twin", roles: ["client"], email: "client@example.com.au" }, booked)))).toEqual(
    missing,
  );
  expect(await observable(thrownBy(() => requireMeetingParticipant(client, null)))).toEqual(missing);
  expect(await observable(thrownBy(() => requireMeetingParticipant(null, booked)))).toEqual(missing);
  expect(requireMeetingParticipant(admin, booked, { allowAdmin: true })).toBe(booked);
});

test("a coach sees a client only when the client has booked them", async () => {
  const coach: PermissionViewer = { id: "user-coach", roles: ["coach"] };
  const otherCoach: PermissionViewer = { id: "user-coach-2", roles: ["coach"] };
  const client = { id: "user-client", coachIds: [coach.id] };
  expect(requireCoachOf(coach, client)).toBe(client);
  const missing = await observable(notFoundResponse());
  expect(await observable(thrownBy(() => requireCoachOf(otherCoach, client)))).toEqual(missing);
  expect(await observable(thrownBy(() => requireCoachOf(coach, { id: "user-new", coachIds: [] })))).toEqual(missing);
  expect(await observable(thrownBy(() => requireCoachOf(coach, null)))).toEqual(missing);
  expect(await observable(thrownBy(() => requireCoachOf(admin, client)))).toEqual(missing);
  expect(requireCoachOf(admin, client, { allowAdmin: true })).toBe(client);
});
