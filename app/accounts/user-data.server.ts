import { desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { getTableConfig, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { SCHEMA_TABLES } from "~/db/tables.server";
import type { Db } from "~/db/client.server";
import { randomHex } from "~/utils/hex";
import { escalationsForExport } from "~/ai-coach/escalations.server";
import { conversionsForExport, eraseUserConversions } from "~/attribution/retention.server";
import {
  aiConversations,
  aiEscalations,
  aiSubscriptions,
  aiUsage,
  auditLog,
  conversions,
  authSessions,
  billingCustomers,
  billingInvoices,
  bookingNotices,
  bookingPayments,
  bookings,
  coachDateOverrides,
  coachSchedules,
  coachTimeOff,
  creditLedger,
  packagePurchases,
  paymentRefunds,
  refundRequests,
  emailOutbox,
  emailSuppressions,
  failedJobs,
  flowStates,
  identities,
  leadActivities,
  leads,
  marketingConsentRequests,
  mfaChallenges,
  mfaFactors,
  oneTimeTokens,
  paymentsSandboxObjects,
  profiles,
  refreshTokens,
  userRoles,
  users,
} from "~/db/schema";

/** The account whose data is exported or deleted: its users row. */
export type DataSubject = typeof users.$inferSelect;

export type Erasure = {
  // Run in the account-deletion batch, before the users row goes.
  statements: BatchItem<"sqlite">[];
  // Counts recorded in the user_deleted audit entry.
  auditDetail?: Record<string, number>;
};

export type UserDataSource = {
  table: SQLiteTable;
  // Where the rows appear in "Download all my data". Left out for rows that are secrets or
  // short-lived sign-in state: not information the user gave us, and a risk if the file leaked.
  export?: { key: string; read: (db: Db, user: DataSubject) => Promise<unknown> };
  // What deleting the account does to the rows: "account" is the users row itself; "cascade" means
  // ON DELETE CASCADE removes them with it (the coverage test checks the chain of foreign keys).
  erase: "account" | "cascade" | ((db: Db, user: DataSubject) => Promise<Erasure>);
};

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

// Enquiries carry no user id: the lead is the user's when it has the account's address.
async function leadIdsOf(db: Db, user: DataSubject): Promise<string[]> {
  if (!user.email) return [];
  const rows = await db
    .select({ id: leads.id })
    .from(leads)
    .where(sql`lower(${leads.email}) = ${user.email.toLowerCase()}`);
  return rows.map((row) => row.id);
}

// A client's bookings: made while signed in, or with the account's address.
function bookingsOf(user: DataSubject): SQL {
  const byAccount = eq(bookings.clientId, user.id);
  return user.email ? (or(byAccount, sql`lower(${bookings.email}) = ${user.email.toLowerCase()}`) as SQL) : byAccount;
}

// Outbox rows are addressed to the email address, or to "sms:" + phone for texts.
function outboxOf(user: DataSubject): SQL | undefined {
  const addresses = [user.email?.toLowerCase(), user.phone ? `sms:${user.phone}` : undefined].filter((a): a is string => Boolean(a));
  return addresses.length ? inArray(sql`lower(${emailOutbox.toAddress})`, addresses) : undefined;
}

// Audit rows hold ids only: the user's are those they did or that were done to them.
function auditOf(user: DataSubject): SQL | undefined {
  return or(eq(auditLog.actorId, user.id), eq(auditLog.targetId, user.id));
}

/**
 * Every table that holds user data, in the order of the export file. Data export and account
 * deletion both walk this list, and a test fails when a table that holds user data is missing.
 */
export const USER_DATA: UserDataSource[] = [
  {
    table: users,
    export: {
      key: "user",
      read: async (_db, { passwordHash: _passwordHash, userMetadata, appMetadata, ...account }) => ({
        ...account,
        userMetadata: parseJson(userMetadata),
        appMetadata: parseJson(appMetadata),
      }),
    },
    erase: "account",
  },
  {
    table: profiles,
    export: { key: "profile", read: async (db, user) => (await db.query.profiles.findFirst({ where: eq(profiles.userId, user.id) })) ?? null },
    erase: "cascade",
  },
  {
    table: userRoles,
    export: {
      key: "roles",
      read: (db, user) => db.select({ role: userRoles.role, createdAt: userRoles.createdAt }).from(userRoles).where(eq(userRoles.userId, user.id)),
    },
    erase: "cascade",
  },
  {
    table: identities,
    export: {
      key: "identities",
      read: async (db, user) =>
        (await db.select().from(identities).where(eq(identities.userId, user.id))).map((row) => ({ ...row, identityData: parseJson(row.identityData) })),
    },
    erase: "cascade",
  },
  {
    table: mfaFactors,
    // Without the TOTP secret and the last accepted step.
    export: {
      key: "factors",
      read: (db, user) =>
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
          .where(eq(mfaFactors.userId, user.id)),
    },
    erase: "cascade",
  },
  {
    table: authSessions,
    export: {
      key: "sessions",
      read: async (db, user) =>
        (await db.select().from(authSessions).where(eq(authSessions.userId, user.id))).map((row) => ({ ...row, amr: parseJson(row.amr) })),
    },
    erase: "cascade",
  },
  {
    table: leads,
    // Each lead with its enquiries (lead_activities), newest first, and the requests for marketing
    // consent (marketing_consent_requests); without the owning team member's id.
    export: {
      key: "leads",
      read: async (db, user) => {
        const ids = await leadIdsOf(db, user);
        if (!ids.length) return [];
        const [rows, activities, consentRequests] = await Promise.all([
          db.select().from(leads).where(inArray(leads.id, ids)).orderBy(leads.createdAt),
          db.select().from(leadActivities).where(inArray(leadActivities.leadId, ids)).orderBy(desc(leadActivities.createdAt)),
          db.select().from(marketingConsentRequests).where(inArray(marketingConsentRequests.leadId, ids)).orderBy(marketingConsentRequests.requestedAt),
        ]);
        return rows.map(({ ownerId: _ownerId, ...lead }) => ({
          ...lead,
          activities: activities
            .filter((activity) => activity.leadId === lead.id)
            .map((activity) => ({
              ...activity,
              details: parseJson(activity.details),
              transcript: parseJson(activity.transcript),
              attribution: parseJson(activity.attribution),
            })),
          marketingConsentRequests: consentRequests.filter((request) => request.leadId === lead.id),
        }));
      },
    },
    // Enquiries keep their business facts but lose everything that identifies the person.
    erase: async (db, user) => {
      const ids = await leadIdsOf(db, user);
      const statements = ids.map((id) =>
        db
          .update(leads)
          .set({
            name: "Deleted user",
            // A random stand-in: unique per lead (the address is the unique key), and not a hash of
            // the address, so it cannot be matched back to the person by hashing guesses.
            email: `deleted-${randomHex(8)}@invalid`,
            company: null,
            phone: null,
            notes: null,
            marketingConsentAt: null,
            marketingConsentSource: null,
          })
          .where(eq(leads.id, id)),
      );
      return { statements, auditDetail: { leads_anonymised: ids.length } };
    },
  },
  {
    // Exported inside "leads" above, with the lead each belongs to. The lead is anonymised rather
    // than deleted, so its activities stay as counts by source and date; what the person wrote or
    // said, where they came from and the page they were on go. The ids are read before the batch
    // runs: by then the leads entry has replaced the email address they are found by.
    table: leadActivities,
    erase: async (db, user) => {
      const ids = await leadIdsOf(db, user);
      return {
        statements: ids.length
          ? [
              db
                .update(leadActivities)
                .set({ message: null, details: null, transcript: null, attribution: null, pagePath: null })
                .where(inArray(leadActivities.leadId, ids)),
            ]
          : [],
      };
    },
  },
  {
    // Exported inside "leads" above. The proof of consent goes with the person: the lead loses its
    // consent when it is anonymised, and an opt-out is kept in email_suppressions.
    table: marketingConsentRequests,
    erase: async (db, user) => {
      const ids = await leadIdsOf(db, user);
      return { statements: ids.length ? [db.delete(marketingConsentRequests).where(inArray(marketingConsentRequests.leadId, ids))] : [] };
    },
  },
  {
    table: auditLog,
    export: {
      key: "auditLog",
      read: async (db, user) =>
        (await db.select().from(auditLog).where(auditOf(user)).orderBy(auditLog.createdAt)).map((row) => ({ ...row, detail: parseJson(row.detail) })),
    },
    // The trail stays (ids only); it loses the address hash.
    erase: async (db, user) => ({ statements: [db.update(auditLog).set({ ipHash: null }).where(auditOf(user))] }),
  },
  {
    table: emailOutbox,
    export: {
      key: "emails",
      read: async (db, user) => {
        const where = outboxOf(user);
        return where ? (await db.select().from(emailOutbox).where(where)).map(({ dedupeKey: _dedupeKey, ...row }) => row) : [];
      },
    },
    erase: async (db, user) => {
      const where = outboxOf(user);
      return { statements: where ? [db.delete(emailOutbox).where(where)] : [] };
    },
  },
  {
    table: emailSuppressions,
    export: {
      key: "emailOptOuts",
      read: async (db, user) => (user.email ? db.select().from(emailSuppressions).where(eq(emailSuppressions.email, user.email.toLowerCase())) : []),
    },
    // Kept: an opt-out from marketing email has to keep being honoured after the account is gone
    // (Spam Act 2003 s 18). The row is the address and the date of the opt-out, nothing more.
    erase: async () => ({ statements: [] }),
  },
  {
    table: failedJobs,
    // Jobs about the user (their message carries the user id, e.g. the welcome email), and those
    // the user resolved as an admin.
    export: {
      key: "failedJobs",
      read: (db, user) =>
        db
          .select({ id: failedJobs.id, type: failedJobs.type, status: failedJobs.status, recordedAt: failedJobs.recordedAt, resolvedAt: failedJobs.resolvedAt })
          .from(failedJobs)
          .where(
            or(
              sql`CASE WHEN json_valid(${failedJobs.body}) THEN json_extract(${failedJobs.body}, '$.userId') END = ${user.id}`,
              eq(failedJobs.resolvedBy, user.id),
            ),
          ),
    },
    // A failed job about the user goes (its message may hold their name and address); resolved_by
    // is set to NULL by its foreign key.
    erase: async (db, user) => ({
      statements: [
        db.delete(failedJobs).where(sql`CASE WHEN json_valid(${failedJobs.body}) THEN json_extract(${failedJobs.body}, '$.userId') END = ${user.id}`),
      ],
    }),
  },
  // ClarityAI billing (app/billing/). Deleting the account first cancels a running Stripe
  // subscription (app/billing/account.server.ts cancelBillingOnAccountDeletion); Stripe keeps its own
  // records of past payments.
  {
    table: billingCustomers,
    export: {
      key: "billingCustomer",
      read: async (db, user) => (await db.select().from(billingCustomers).where(eq(billingCustomers.userId, user.id)).get()) ?? null,
    },
    erase: "cascade",
  },
  {
    table: aiSubscriptions,
    export: {
      key: "aiSubscription",
      read: async (db, user) => (await db.select().from(aiSubscriptions).where(eq(aiSubscriptions.userId, user.id)).get()) ?? null,
    },
    erase: "cascade",
  },
  {
    table: billingInvoices,
    export: { key: "invoices", read: (db, user) => db.select().from(billingInvoices).where(eq(billingInvoices.userId, user.id)) },
    erase: "cascade",
  },
  // Booking (app/booking/). A client's bookings are found by account or by the address they booked
  // with. Deleting the account cancels their upcoming bookings and removes their name and contact
  // details from every booking; the rows stay so the coach's calendar and the counts stay right.
  {
    table: bookings,
    export: { key: "bookings", read: (db, user) => db.select().from(bookings).where(bookingsOf(user)) },
    erase: async (db, user) => ({
      statements: [
        db
          .update(bookings)
          .set({ status: "cancelled", cancelledAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`, cancelledBy: "client", cancelReason: "Account deleted" })
          .where(sql`(${bookingsOf(user)}) AND ${bookings.status} IN ('held', 'confirmed') AND ${bookings.startsAt} > strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`),
        db
          .update(bookings)
          .set({ name: "Deleted account", email: "deleted@invalid", company: null, phone: null, businessType: null, notes: null, holdSource: null })
          .where(bookingsOf(user)),
      ],
    }),
  },
  // Which messages went out about a booking: ids and kinds only.
  { table: bookingNotices, erase: async () => ({ statements: [] }) },
  {
    table: packagePurchases,
    export: { key: "packagePurchases", read: (db, user) => db.select().from(packagePurchases).where(eq(packagePurchases.userId, user.id)) },
    erase: "cascade",
  },
  {
    table: creditLedger,
    export: { key: "packageCredits", read: (db, user) => db.select().from(creditLedger).where(eq(creditLedger.userId, user.id)) },
    erase: "cascade",
  },
  // Tax invoices and credit notes are business records the law says to keep for five years (ATO record
  // keeping): they stay, unlinked from the account (user_id is set to NULL), and are exported.
  {
    table: bookingPayments,
    export: { key: "payments", read: (db, user) => db.select().from(bookingPayments).where(eq(bookingPayments.userId, user.id)) },
    erase: async () => ({ statements: [] }),
  },
  {
    table: paymentRefunds,
    export: {
      key: "refunds",
      read: (db, user) =>
        db
          .select({ refund: paymentRefunds })
          .from(paymentRefunds)
          .innerJoin(bookingPayments, eq(bookingPayments.id, paymentRefunds.paymentId))
          .where(eq(bookingPayments.userId, user.id))
          .then((rows) => rows.map((row) => row.refund)),
    },
    erase: async () => ({ statements: [] }),
  },
  {
    table: refundRequests,
    export: { key: "refundRequests", read: (db, user) => db.select().from(refundRequests).where(eq(refundRequests.userId, user.id)) },
    erase: "cascade",
  },
  // A coach's schedule: gone with the account.
  {
    table: coachSchedules,
    export: {
      key: "coachSchedule",
      read: async (db, user) => (await db.select().from(coachSchedules).where(eq(coachSchedules.coachId, user.id)).get()) ?? null,
    },
    erase: "cascade",
  },
  {
    table: coachDateOverrides,
    export: { key: "coachDateOverrides", read: (db, user) => db.select().from(coachDateOverrides).where(eq(coachDateOverrides.coachId, user.id)) },
    erase: "cascade",
  },
  {
    table: coachTimeOff,
    export: { key: "coachTimeOff", read: (db, user) => db.select().from(coachTimeOff).where(eq(coachTimeOff.coachId, user.id)) },
    erase: "cascade",
  },
  {
    // The local payments sandbox's copies of the user's customer, sessions, subscriptions and invoices
    // (only where no Stripe key is set): gone with the account, and not exported (a stand-in for Stripe).
    table: paymentsSandboxObjects,
    erase: async (db, user) => {
      const customer = await db.select({ id: billingCustomers.stripeCustomerId }).from(billingCustomers).where(eq(billingCustomers.userId, user.id)).get();
      return {
        statements: customer
          ? [db.delete(paymentsSandboxObjects).where(or(eq(paymentsSandboxObjects.customer, customer.id), eq(paymentsSandboxObjects.id, customer.id))!)]
          : [],
      };
    },
  },
  // The AI coach (app/ai-coach/). Each conversation's messages live in its Durable Object: deleting
  // the account first enqueues a purge job per conversation (enqueueUserConversationPurges, in
  // app/ai-coach/retention.server.ts), and each conversation can be exported as Markdown on its own.
  {
    table: aiConversations,
    export: {
      key: "aiConversations",
      read: (db, user) => db.select().from(aiConversations).where(eq(aiConversations.userId, user.id)).orderBy(aiConversations.createdAt),
    },
    erase: "cascade",
  },
  {
    table: aiUsage,
    export: {
      key: "aiUsage",
      read: (db, user) => db.select({ day: aiUsage.day, messages: aiUsage.messages }).from(aiUsage).where(eq(aiUsage.userId, user.id)).orderBy(aiUsage.day),
    },
    erase: "cascade",
  },
  {
    // The client's escalations (without the assigned administrator's id). An administrator who is
    // deleted is unassigned by the foreign key (ON DELETE SET NULL); their replies stay.
    table: aiEscalations,
    export: { key: "aiEscalations", read: (db, user) => escalationsForExport(db, user.id) },
    erase: "cascade",
  },
  // Attribution (app/attribution/). A conversion keeps its type, value and date for the business's
  // figures; who made it and where they came from go (eraseUserConversions). The browser sessions'
  // KV records are deleted after the batch (forgetAttributionSessions). page_view_counts holds no
  // personal data: daily counts per page and campaign, with no user, session or address.
  {
    table: conversions,
    export: { key: "conversions", read: (db, user) => conversionsForExport(db, user.id) },
    erase: (db, user) => eraseUserConversions(db, user.id),
  },
  // Secrets and short-lived sign-in state: never exported, gone with the account.
  { table: refreshTokens, erase: "cascade" },
  { table: mfaChallenges, erase: "cascade" },
  { table: oneTimeTokens, erase: "cascade" },
  { table: flowStates, erase: "cascade" },
];

// Columns that point at a person without a foreign key to users (or that should have had one).
const PERSON_COLUMN = /(^|_)(email|phone|user_id|actor_id|target_id|to_address)$/;

/**
 * The names of the tables that hold user data: users, tables with a column that identifies a
 * person (see PERSON_COLUMN), and every table with a foreign key into one of those.
 */
export function tablesHoldingUserData(tables: SQLiteTable[]): string[] {
  const found = new Set(["users"]);
  for (const table of tables) {
    const config = getTableConfig(table);
    if (config.columns.some((column) => PERSON_COLUMN.test(column.name))) found.add(config.name);
  }
  let grew = true;
  while (grew) {
    grew = false;
    for (const table of tables) {
      const config = getTableConfig(table);
      if (found.has(config.name)) continue;
      if (config.foreignKeys.some((fk) => found.has(getTableConfig(fk.reference().foreignTable).name))) {
        found.add(config.name);
        grew = true;
      }
    }
  }
  return [...found].sort();
}

/** Whether deleting a users row removes this table's rows: a chain of ON DELETE CASCADE keys to users. */
export function cascadesFromUsers(table: SQLiteTable): boolean {
  return getTableConfig(table).foreignKeys.some((fk) => {
    if (fk.onDelete !== "cascade") return false;
    const parent = fk.reference().foreignTable;
    return getTableConfig(parent).name === "users" || cascadesFromUsers(parent);
  });
}

/** What the registry gets wrong about the given tables; empty when every table holding user data is covered correctly. */
export function userDataCoverageProblems(tables: SQLiteTable[] = SCHEMA_TABLES, registry: UserDataSource[] = USER_DATA): string[] {
  const problems: string[] = [];
  const registered = registry.map((source) => getTableConfig(source.table).name);
  for (const name of tablesHoldingUserData(tables)) {
    if (!registered.includes(name)) problems.push(`${name} holds user data but is not in USER_DATA`);
  }
  for (const [i, source] of registry.entries()) {
    const name = registered[i]!;
    if (registered.indexOf(name) !== i) problems.push(`${name} is in USER_DATA twice`);
    if (!tables.includes(source.table)) problems.push(`${name} is in USER_DATA but not in the schema`);
    if (source.erase === "account" && name !== "users") problems.push(`${name} is marked "account" but only the users row is the account`);
    if (source.erase === "cascade" && !cascadesFromUsers(source.table)) problems.push(`${name} is marked "cascade" but deleting a user does not cascade to it`);
  }
  return problems;
}
