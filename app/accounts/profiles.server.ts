import { eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { auditLog, authSessions, emailOutbox, identities, leads, mfaFactors, profiles, userRoles, users } from "~/db/schema";

export type Profile = typeof profiles.$inferSelect;

function metadataName(json: string, key: "first_name" | "last_name"): string | null {
  try {
    const value: unknown = (JSON.parse(json) as Record<string, unknown>)[key];
    return typeof value === "string" && value.trim() ? value.trim().slice(0, 100) : null;
  } catch {
    return null;
  }
}

/**
 * SPEC §7 ensure_user_profile: the user's profile row, created on first need from the names they
 * gave at sign-up. Insert-or-ignore, so two first requests at once still leave exactly one row.
 */
export async function ensureProfile(db: Db, userId: string): Promise<Profile> {
  const existing = await db.query.profiles.findFirst({ where: eq(profiles.userId, userId) });
  if (existing) return existing;
  const user = await db.query.users.findFirst({ columns: { userMetadata: true }, where: eq(users.id, userId) });
  if (!user) throw new Error("ensureProfile: no such user");
  await db
    .insert(profiles)
    .values({ userId, firstName: metadataName(user.userMetadata, "first_name"), lastName: metadataName(user.userMetadata, "last_name") })
    .onConflictDoNothing({ target: profiles.userId });
  const created = await db.query.profiles.findFirst({ where: eq(profiles.userId, userId) });
  if (!created) throw new Error("ensureProfile: row missing after insert");
  return created;
}

/** The addresses outbox rows use for this user: the email address, and "sms:" + phone for texts. */
function outboxAddresses(user: { email: string | null; phone: string | null }): string[] {
  return [user.email?.toLowerCase(), user.phone ? `sms:${user.phone}` : undefined].filter((a): a is string => Boolean(a));
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Everything stored about the user, for "Download all my data" (APP 12 access). Secrets are left
 * out: the password hash, TOTP secrets, refresh-token hashes and one-time-code hashes are not
 * personal information the user gave us, and would only weaken the account if the file leaked.
 */
export async function collectUserData(db: Db, userId: string) {
  const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user) return null;
  const { passwordHash: _passwordHash, userMetadata, appMetadata, ...account } = user;
  const email = user.email?.toLowerCase() ?? null;
  const addresses = outboxAddresses(user);
  const [profile, roles, identityRows, factorRows, sessionRows, leadRows, auditRows, outboxRows] = await Promise.all([
    db.query.profiles.findFirst({ where: eq(profiles.userId, userId) }),
    db.select({ role: userRoles.role, createdAt: userRoles.createdAt }).from(userRoles).where(eq(userRoles.userId, userId)),
    db.select().from(identities).where(eq(identities.userId, userId)),
    db
      .select({
        id: mfaFactors.id,
        friendlyName: mfaFactors.friendlyName,
        factorType: mfaFactors.factorType,
        status: mfaFactors.status,
        phone: mfaFactors.phone,
        lastChallengedAt: mfaFactors.lastChallengedAt,
        createdAt: mfaFactors.createdAt,
        updatedAt: mfaFactors.updatedAt,
      })
      .from(mfaFactors)
      .where(eq(mfaFactors.userId, userId)),
    db.select().from(authSessions).where(eq(authSessions.userId, userId)),
    email
      ? db
          .select()
          .from(leads)
          .where(sql`lower(${leads.email}) = ${email}`)
      : Promise.resolve([]),
    db
      .select()
      .from(auditLog)
      .where(or(eq(auditLog.actorId, userId), eq(auditLog.targetId, userId)))
      .orderBy(auditLog.createdAt),
    addresses.length
      ? db
          .select()
          .from(emailOutbox)
          .where(inArray(sql`lower(${emailOutbox.toAddress})`, addresses))
      : Promise.resolve([]),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    user: { ...account, userMetadata: parseJson(userMetadata), appMetadata: parseJson(appMetadata) },
    profile: profile ?? null,
    roles,
    identities: identityRows.map((row) => ({ ...row, identityData: parseJson(row.identityData) })),
    factors: factorRows,
    sessions: sessionRows.map((row) => ({ ...row, amr: parseJson(row.amr) })),
    leads: leadRows,
    auditLog: auditRows.map((row) => ({ ...row, detail: parseJson(row.detail) })),
    emails: outboxRows.map(({ dedupeKey: _dedupeKey, ...row }) => row),
  };
}

export type UserDataExport = NonNullable<Awaited<ReturnType<typeof collectUserData>>>;

function randomHex(bytes: number) {
  return [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Deletes the account in one D1 batch (all or nothing). The users row cascades to identities,
 * sessions, refresh tokens, factors and their challenges, one-time tokens, flow states, roles and
 * the profile. Enquiries they sent keep their business facts but lose everything that identifies
 * them; emails to them are deleted; audit rows already hold ids only, and lose the address hash.
 * Returns the ids of the auth sessions that were live, so the caller can drop them from KV.
 */
export async function deleteUserData(db: Db, userId: string): Promise<{ sessionIds: string[] } | null> {
  const user = await db.query.users.findFirst({ columns: { id: true, email: true, phone: true }, where: eq(users.id, userId) });
  if (!user) return null;
  const email = user.email?.toLowerCase() ?? null;
  const [sessions, leadRows] = await Promise.all([
    db.select({ id: authSessions.id }).from(authSessions).where(eq(authSessions.userId, userId)),
    email
      ? db
          .select({ id: leads.id })
          .from(leads)
          .where(sql`lower(${leads.email}) = ${email}`)
      : Promise.resolve([]),
  ]);
  const addresses = outboxAddresses(user);
  const anonymiseLeads = leadRows.map((lead) =>
    db
      .update(leads)
      .set({
        name: "Deleted user",
        // A random stand-in: unique per enquiry, and not a hash of the address, so it cannot be
        // matched back to the person by hashing guesses.
        email: `deleted-${randomHex(8)}@invalid`,
        company: null,
        phone: null,
        message: null,
        marketingConsentAt: null,
        marketingConsentSource: null,
      })
      .where(eq(leads.id, lead.id))
  );
  await db.batch([
    db
      .update(auditLog)
      .set({ ipHash: null })
      .where(or(eq(auditLog.actorId, userId), eq(auditLog.targetId, userId))),
    ...(addresses.length ? [db.delete(emailOutbox).where(inArray(sql`lower(${emailOutbox.toAddress})`, addresses))] : []),
    ...anonymiseLeads,
    db.delete(users).where(eq(users.id, userId)),
    db
      .insert(auditLog)
      .values({
        id: crypto.randomUUID(),
        action: "user_deleted",
        actorId: userId,
        targetId: userId,
        detail: JSON.stringify({ leads_anonymised: leadRows.length }),
      }),
  ]);
  return { sessionIds: sessions.map((s) => s.id) };
}

const dateTime = new Intl.DateTimeFormat("en-AU", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Australia/Sydney",
  timeZoneName: "short",
});

/** An ISO timestamp in Sydney time, e.g. "21 Nov 2026, 7:55 pm AEDT" — formatted on the server so hydration matches. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "—" : dateTime.format(date);
}

/** A short, human description of a browser's User-Agent header, e.g. "Firefox on Windows". */
export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return "Unknown device";
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /OPR\/|Opera/.test(ua)
    ? "Opera"
    : /Firefox\//.test(ua)
    ? "Firefox"
    : /Chrome\/|CriOS\//.test(ua)
    ? "Chrome"
    : /Safari\//.test(ua) && /Version\//.test(ua)
    ? "Safari"
    : /^(node|undici|curl|supabase|Go-http-client|python)/i.test(ua) || /supabase|auth-js/i.test(ua)
    ? "An app or script"
    : "A browser";
  const os = /iPhone|iPad|iPod/.test(ua)
    ? "iOS"
    : /Android/.test(ua)
    ? "Android"
    : /Windows/.test(ua)
    ? "Windows"
    : /Mac OS X|Macintosh/.test(ua)
    ? "macOS"
    : /CrOS/.test(ua)
    ? "ChromeOS"
    : /Linux/.test(ua)
    ? "Linux"
    : null;
  return os ? `${browser} on ${os}` : browser;
}
