import type { ServerBuild } from "@remix-run/cloudflare";
import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
// @ts-ignore -- the server build exists only after `npm run build`; the Worker under test serves this same build.
import * as serverBuild from "../../../build/server/index.js";
import { createBooking, daysFromNow } from "../../factories/bookings";
import { createSignedInCoach } from "../../factories/coaches";
import { createUser } from "../../factories/users";
import { fetchApp } from "../app";
import { giveProfile, writeNotes } from "./helpers";

// Generated from the server build's route manifest: every coach-portal route with an id in its
// path (and the session pages coaches reach from the portal), filled with ANOTHER coach's ids,
// answers 404 to this coach, for its loader and, where it has one, its action; filled with the
// coach's own ids, it is found. A route a later change adds under /coach is covered without
// editing this file, as long as its param is of a kind named below; a param of an unknown kind
// fails the first test until it is mapped here.

type ManifestRoute = ServerBuild["routes"][string];
const MANIFEST = (serverBuild as unknown as ServerBuild).routes;

/** What an id in a portal URL names. */
type Kind = "booking" | "client" | "statement" | "payout" | "artefact" | "format";

/** A param's kind by its name… */
const PARAM_KINDS: Record<string, Kind> = {
  bookingId: "booking",
  sessionId: "booking",
  meetingId: "booking",
  clientId: "client",
  statementId: "statement",
  payoutId: "payout",
  artefactId: "artefact",
  // Not an id: the file format of a download, the same for both coaches.
  format: "format",
};
/** …or by the segment before it ("/coach/statements/:id"). */
const SEGMENT_KINDS: Record<string, Kind> = {
  sessions: "booking",
  bookings: "booking",
  notes: "booking",
  clients: "client",
  statements: "statement",
  payouts: "payout",
  artefacts: "artefact",
};

/** Session pages outside /coach that the portal links to: a coach's session and its record (notes, summary, outcome). */
const MORE_ROUTE_IDS = ["routes/meeting.$meetingId", "routes/meeting.$meetingId_.record"];

function pattern(route: ManifestRoute): string {
  const segments: string[] = [];
  for (let current: ManifestRoute | undefined = route; current; current = current.parentId ? MANIFEST[current.parentId] : undefined) {
    if (current.path) segments.unshift(current.path);
  }
  return `/${segments.join("/")}`.replace(/\/+/g, "/");
}

type Param = { name: string; kind: Kind | null };

function paramsOf(path: string): Param[] {
  const segments = path.split("/");
  const params: Param[] = [];
  segments.forEach((segment, index) => {
    for (const match of segment.matchAll(/:([\w-]+)/g)) {
      const name = match[1]!;
      params.push({ name, kind: PARAM_KINDS[name] ?? SEGMENT_KINDS[segments[index - 1] ?? ""] ?? null });
    }
  });
  return params;
}

const ROUTES = Object.values(MANIFEST)
  .filter((route) => (pattern(route).startsWith("/coach/") || MORE_ROUTE_IDS.includes(route.id)) && pattern(route).includes(":"))
  .sort((a, b) => a.id.localeCompare(b.id));

// ---------------------------------------------------------------------------------------------
// Ids of each kind belonging to one coach.

/** A row for a table another change adds: its NOT NULL columns without a default get plausible values. */
async function insertOwnedRow(table: string, coachId: string, values: Record<string, unknown>): Promise<string> {
  const { results } = await env.DB.prepare(`PRAGMA table_info(${table})`).all<{
    name: string;
    type: string;
    notnull: number;
    dflt_value: unknown;
    pk: number;
  }>();
  const id = crypto.randomUUID();
  const row: Record<string, unknown> = { ...values };
  for (const column of results) {
    if (column.name in row) continue;
    if (column.name === "id") row.id = id;
    else if (column.name === "coach_id") row.coach_id = coachId;
    else if (column.notnull && column.dflt_value === null) row[column.name] = /INT/i.test(column.type) ? 0 : `${column.name}-${id.slice(0, 8)}`;
  }
  const names = Object.keys(row);
  await env.DB.prepare(`INSERT INTO ${table} (${names.join(", ")}) VALUES (${names.map(() => "?").join(", ")})`)
    .bind(...names.map((name) => row[name]))
    .run();
  return (row.id as string) ?? id;
}

let statements = 0;

async function statementOf(coachId: string): Promise<string> {
  const suffix = crypto.randomUUID().slice(0, 8);
  statements += 1;
  return insertOwnedRow("coach_statements", coachId, {
    number: `ST-OWN-${suffix}`,
    // A month of its own for each statement (unique per coach and period).
    period: `${2090 + Math.floor(statements / 12)}-${String((statements % 12) + 1).padStart(2, "0")}`,
    kind: "payment_statement",
    supplier_name: "Owner Coach",
    recipient_name: "ClarityAI Coaching Pty Ltd",
    recipient_abn: "51824753556",
    issued_at: new Date().toISOString(),
  });
}

async function payoutOf(coachId: string): Promise<string> {
  const table = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE '%payout%' AND name NOT LIKE '%account%' ORDER BY length(name) LIMIT 1",
  ).first<string>("name");
  if (!table) throw new Error("a /coach route names a payout, but there is no payouts table: map the payout kind's rows in this test");
  const columns = (await env.DB.prepare(`PRAGMA table_info(${table})`).all<{ name: string }>()).results.map((c) => c.name);
  const values: Record<string, unknown> = {};
  if (columns.includes("statement_id")) values.statement_id = await statementOf(coachId);
  if (columns.includes("status")) values.status = "held";
  if (columns.includes("currency")) values.currency = "aud";
  if (columns.includes("amount_cents")) values.amount_cents = 12_345;
  return insertOwnedRow(table, coachId, values);
}

type Coach = Awaited<ReturnType<typeof createSignedInCoach>>;

/** One id of each kind belonging to the coach: a session, a client (with a completed session and private notes), a statement, a payout. */
/** A pricing worksheet the client shared with the coach (its CSV is the "format" every route is filled with). */
async function artefactOf(coachId: string, clientId: string): Promise<string> {
  const id = crypto.randomUUID();
  const answers = JSON.stringify({ item: "Owned item", costs: [{ label: "Labour", amount: 60 }], targetMarginPercent: 40, gstRegistered: true });
  await env.DB.prepare(
    "INSERT INTO learning_shared_artefacts (id, user_id, coach_id, lesson_id, kind, title, answers, shared_at) VALUES (?, ?, ?, 'pricing-margins-gst-inclusive-price', 'pricing-calculator', 'Price it', ?, '2026-11-01T00:00:00.000Z')",
  )
    .bind(id, clientId, coachId, answers)
    .run();
  return id;
}

/** One id of each kind belonging to the coach: a session, a client (with a completed session, private notes and a shared worksheet), a statement, a payout. */
async function idsOf(coach: Coach, kinds: Set<Kind>): Promise<Record<Kind, string>> {
  const client = await createUser({ roles: ["client"], firstName: "Owned", lastName: "Client" });
  const session = await createBooking({ coachId: coach.id, clientId: client.id, email: client.email, startsAt: daysFromNow(3, 1) });
  const done = await createBooking({ coachId: coach.id, clientId: client.id, email: client.email, startsAt: daysFromNow(-3, 1), status: "completed" });
  await writeNotes(done.id, coach.id, `Private notes of coach ${coach.id}`);
  return {
    booking: session.id,
    client: client.id,
    statement: kinds.has("statement") ? await statementOf(coach.id) : "",
    payout: kinds.has("payout") ? await payoutOf(coach.id) : "",
    artefact: kinds.has("artefact") ? await artefactOf(coach.id, client.id) : "",
    format: "csv",
  };
}

function fill(path: string, ids: Record<Kind, string>): string {
  return paramsOf(path).reduce((url, param) => url.replace(`:${param.name}`, encodeURIComponent(ids[param.kind!])), path);
}

// ---------------------------------------------------------------------------------------------

test("every id-bearing coach-portal route has params of a known kind", () => {
  const unknown = ROUTES.flatMap((route) =>
    paramsOf(pattern(route))
      .filter((param) => param.kind === null)
      .map((param) => `${route.id} (${pattern(route)}): param :${param.name} — map its kind in tests/worker/coach-network/ownership.test.ts`),
  );
  expect(unknown).toEqual([]);
  // The generator found the portal's own id routes, so the test below is not vacuous.
  expect(ROUTES.map((route) => route.id)).toEqual(
    expect.arrayContaining([
      "routes/coach.clients.$clientId",
      "routes/coach.statements.$id_.xero[.]csv",
      "routes/coach.statements.$id_.myob[.]txt",
      "routes/coach.clients.$clientId_.artefacts.$artefactId.$format",
      ...MORE_ROUTE_IDS,
    ]),
  );
});

test("another coach's sessions, clients, notes, statements and payouts are not found (404) on every portal route; the coach's own are", async () => {
  const kinds = new Set(ROUTES.flatMap((route) => paramsOf(pattern(route)).map((param) => param.kind!)));
  const [me, other] = await Promise.all([createSignedInCoach(), createSignedInCoach()]);
  await Promise.all([giveProfile(me.id), giveProfile(other.id)]);
  const [mine, theirs] = await Promise.all([idsOf(me, kinds), idsOf(other, kinds)]);

  const failures: string[] = [];
  for (const route of ROUTES) {
    const path = pattern(route);
    const foreign = fill(path, theirs);
    const get = await fetchApp(foreign, { cookie: me.cookie });
    const body = await get.text();
    if (get.status !== 404) failures.push(`GET ${foreign} (${route.id}) with another coach's ids: expected 404, got ${get.status}`);
    if (body.includes(`Private notes of coach ${other.id}`)) failures.push(`GET ${foreign} (${route.id}) shows the other coach's private notes`);
    if (route.module.action) {
      const post = await fetchApp(foreign, { cookie: me.cookie, form: { intent: "save-notes", notes: "Overwritten" } });
      await post.body?.cancel();
      if (post.status !== 404) failures.push(`POST ${foreign} (${route.id}) with another coach's ids: expected 404, got ${post.status}`);
    }
    const own = fill(path, mine);
    const ownGet = await fetchApp(own, { cookie: me.cookie });
    await ownGet.body?.cancel();
    if (ownGet.status === 404 || ownGet.status >= 500)
      failures.push(`GET ${own} (${route.id}) with the coach's own ids: expected it found, got ${ownGet.status}`);
  }
  expect(failures).toEqual([]);
  // Nothing of the other coach's was changed by the posts.
  const notes = await env.DB.prepare("SELECT body FROM session_notes WHERE coach_id = ?").bind(other.id).first<string>("body");
  expect(notes).toBe(`Private notes of coach ${other.id}`);
});
