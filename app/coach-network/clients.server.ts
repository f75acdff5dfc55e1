import { and, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { notFoundResponse, requireCoachOf, type PermissionViewer } from "~/auth/permissions.server";
import type { Db } from "~/db/client.server";
import { bookings, bookingTypes, sessionNotes, sessionSummaries, users, type ActionItem, type BookingStatus } from "~/db/schema";

// The coach's clients: the people who have had (or have booked) sessions with this coach. A client
// with an account is known by their user id; a guest (a discovery call booked without an account)
// by an opaque key derived from this coach and the address they booked with, so the address never
// appears in a URL and one coach's key for a guest means nothing to another coach. Every query is
// scoped to the coach: another coach's client is not found (404), whether or not they exist.

/** The statuses that put a client on the coach's books (a lapsed or unpaid hold does not). */
export const CLIENT_STATUSES: BookingStatus[] = ["confirmed", "completed", "no_show", "cancelled"];

const GUEST_PREFIX = "g-";

/** The opaque key of a guest client of this coach: "g-" and 24 hex digits of SHA-256(coach id, address). */
export async function guestClientKey(coachId: string, email: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${coachId}\n${email.toLowerCase()}`));
  return `${GUEST_PREFIX}${[...new Uint8Array(digest)]
    .slice(0, 12)
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("")}`;
}

export type CoachClientSummary = {
  key: string;
  name: string;
  company: string | null;
  guest: boolean;
  sessions: number;
  lastStartsAt: string;
  nextStartsAt: string | null;
};

/** The coach's clients, the most recently seen first. */
export async function listCoachClients(db: Db, coachId: string, now: Date): Promise<CoachClientSummary[]> {
  const at = now.toISOString();
  const rows = await db
    .select({
      clientId: bookings.clientId,
      email: sql<string>`lower(${bookings.email})`,
      name: sql<string>`max(${bookings.name})`,
      company: sql<string | null>`max(${bookings.company})`,
      sessions: sql<number>`sum(${bookings.status} IN ('completed', 'confirmed', 'no_show') AND ${bookings.startsAt} <= ${at})`,
      lastStartsAt: sql<string>`max(${bookings.startsAt})`,
      nextStartsAt: sql<string | null>`min(CASE WHEN ${bookings.status} = 'confirmed' AND ${bookings.startsAt} > ${at} THEN ${bookings.startsAt} END)`,
    })
    .from(bookings)
    .where(and(eq(bookings.coachId, coachId), inArray(bookings.status, CLIENT_STATUSES)))
    .groupBy(sql`coalesce(${bookings.clientId}, lower(${bookings.email}))`)
    .orderBy(desc(sql`max(${bookings.startsAt})`))
    .limit(1000)
    .all();
  return Promise.all(
    rows.map(async (row) => ({
      key: row.clientId ?? (await guestClientKey(coachId, row.email)),
      name: row.name,
      company: row.company,
      guest: row.clientId === null,
      sessions: Number(row.sessions ?? 0),
      lastStartsAt: row.lastStartsAt,
      nextStartsAt: row.nextStartsAt,
    })),
  );
}

/** Who a client key names, for this coach: an account (with its address) or a guest's address. */
type ClientIdentity = { kind: "account"; userId: string; email: string | null } | { kind: "guest"; email: string };

/** The bookings of this coach that belong to the client (by account, or by the address a guest booked with). */
function clientBookingsWhere(coachId: string, who: ClientIdentity): SQL {
  const mine =
    who.kind === "guest"
      ? and(isNull(bookings.clientId), eq(sql`lower(${bookings.email})`, who.email))
      : who.email
        ? or(eq(bookings.clientId, who.userId), and(isNull(bookings.clientId), eq(sql`lower(${bookings.email})`, who.email.toLowerCase())))
        : eq(bookings.clientId, who.userId);
  return and(eq(bookings.coachId, coachId), inArray(bookings.status, CLIENT_STATUSES), mine)!;
}

const KEY_PATTERN = /^(g-[0-9a-f]{24}|[0-9a-f-]{36})$/;

async function identify(db: Db, coachId: string, key: string): Promise<ClientIdentity | null> {
  if (!KEY_PATTERN.test(key)) return null;
  if (key.startsWith(GUEST_PREFIX)) {
    const emails = await db
      .selectDistinct({ email: sql<string>`lower(${bookings.email})` })
      .from(bookings)
      .where(and(eq(bookings.coachId, coachId), isNull(bookings.clientId), inArray(bookings.status, CLIENT_STATUSES)))
      .all();
    for (const { email } of emails) if ((await guestClientKey(coachId, email)) === key) return { kind: "guest", email };
    return null;
  }
  const user = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, key)).get();
  return user ? { kind: "account", userId: user.id, email: user.email } : null;
}

export type ClientSession = {
  id: string;
  reference: string;
  startsAt: string;
  endsAt: string;
  status: BookingStatus;
  typeName: string;
  notes: string | null;
  summary: { text: string; items: ActionItem[]; sentAt: string | null } | null;
};

export type CoachClient = {
  key: string;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  guest: boolean;
  sessions: ClientSession[];
};

/**
 * One client of the coach's, with the history of their sessions with this coach, the summaries the
 * coach shared (or is drafting) and the coach's private notes. The 404 when the key names nobody
 * this coach has had sessions with (requireCoachOf), so a coach can't learn whether another
 * coach's client exists. An admin reads another coach's client only where allowAdmin says so (the
 * audited read of private notes).
 */
export async function requireCoachClient(
  db: Db,
  viewer: PermissionViewer,
  key: string,
  options: { coachId?: string; allowAdmin?: boolean } = {},
): Promise<CoachClient> {
  const coachId = options.coachId ?? viewer.id;
  const who = await identify(db, coachId, key);
  if (!who) throw notFoundResponse();
  const rows = await db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      status: bookings.status,
      name: bookings.name,
      email: bookings.email,
      company: bookings.company,
      phone: bookings.phone,
      typeName: bookingTypes.name,
      notes: sessionNotes.body,
      summary: sessionSummaries.summary,
      actionItems: sessionSummaries.actionItems,
      summarySentAt: sessionSummaries.sentAt,
    })
    .from(bookings)
    .innerJoin(bookingTypes, eq(bookingTypes.id, bookings.bookingTypeId))
    // Only this coach's notes and summaries: the booking's coach wrote them.
    .leftJoin(sessionNotes, and(eq(sessionNotes.bookingId, bookings.id), eq(sessionNotes.coachId, coachId)))
    .leftJoin(sessionSummaries, and(eq(sessionSummaries.bookingId, bookings.id), eq(sessionSummaries.coachId, coachId)))
    .where(clientBookingsWhere(coachId, who))
    .orderBy(desc(bookings.startsAt))
    .limit(500)
    .all();
  const client = requireCoachOf(viewer, rows.length ? { id: key, coachIds: [coachId] } : null, { allowAdmin: options.allowAdmin === true });
  const latest = rows[0]!;
  return {
    key: client.id,
    name: latest.name,
    email: who.kind === "account" && who.email ? who.email : latest.email,
    company: rows.find((row) => row.company)?.company ?? null,
    phone: rows.find((row) => row.phone)?.phone ?? null,
    guest: who.kind === "guest",
    sessions: rows.map((row) => ({
      id: row.id,
      reference: row.reference,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      status: row.status,
      typeName: row.typeName,
      notes: row.notes,
      summary: row.summary === null ? null : { text: row.summary, items: parseItems(row.actionItems), sentAt: row.summarySentAt },
    })),
  };
}

function parseItems(json: string | null): ActionItem[] {
  try {
    const value: unknown = JSON.parse(json ?? "[]");
    return Array.isArray(value) ? (value as ActionItem[]) : [];
  } catch {
    return [];
  }
}
