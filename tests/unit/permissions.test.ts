import { expect, test } from "vitest";
import { canSee, notFoundResponse, notFoundUnless, requireOwned, type PermissionViewer } from "~/auth/permissions.server";

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
