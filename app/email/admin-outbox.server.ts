import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { TableQuery } from "~/utils/table-query";
import type { Db } from "~/db/client.server";
import { emailOutbox, failedJobs } from "~/db/schema";

// What the admin's outbox pages read: the emails (and text messages) the site has sent or kept, a
// page at a time, and one of them whole.

export const OUTBOX_PAGE_SIZE = 25;
/** Outbox ids are UUIDs; anything much longer is no row's. */
const MAX_ID_LENGTH = 100;

export const OUTBOX_STATUSES = ["pending", "sent", "stored", "suppressed"] as const;
export const OUTBOX_CATEGORIES = ["transactional", "marketing"] as const;
export const OUTBOX_SORTS = ["created", "subject"] as const;
export type OutboxSort = (typeof OUTBOX_SORTS)[number];

/** The outbox list's query (readTableQuery): search by address or subject, status and kind filters. */
export const OUTBOX_TABLE = {
  sorts: OUTBOX_SORTS,
  defaultSort: "created",
  defaultDirection: "desc",
  filters: { status: OUTBOX_STATUSES, category: OUTBOX_CATEGORIES },
  pageSize: OUTBOX_PAGE_SIZE,
} as const;

/** One page of the outbox matching the query, and how many match in all. */
export async function listOutbox(db: Db, query: TableQuery<OutboxSort, "status" | "category">) {
  const conditions: SQL[] = [];
  if (query.filters.status) conditions.push(sql`${emailOutbox.status} = ${query.filters.status}`);
  if (query.filters.category) conditions.push(sql`${emailOutbox.category} = ${query.filters.category}`);
  if (query.q) {
    conditions.push(sql`(instr(lower(${emailOutbox.toAddress}), lower(${query.q})) > 0 OR instr(lower(${emailOutbox.subject}), lower(${query.q})) > 0)`);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const column = query.sort === "subject" ? emailOutbox.subject : emailOutbox.createdAt;
  const order = query.direction === "asc" ? [asc(column), asc(emailOutbox.id)] : [desc(column), desc(emailOutbox.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: emailOutbox.id,
        to: emailOutbox.toAddress,
        subject: emailOutbox.subject,
        status: emailOutbox.status,
        category: emailOutbox.category,
        hasHtml: sql<number>`${emailOutbox.htmlBody} IS NOT NULL`,
        createdAt: emailOutbox.createdAt,
      })
      .from(emailOutbox)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset(query.offset),
    db.select({ n: count() }).from(emailOutbox).where(where),
  ]);
  return { rows: rows.map(({ hasHtml, ...row }) => ({ ...row, hasHtml: Boolean(hasHtml) })), total: total?.n ?? 0 };
}

/** Whether an outbox row's delivery job failed for good and waits for an admin (a "failed" email). */
export async function hasFailedDelivery(db: Db, id: string): Promise<boolean> {
  const row = await db.query.failedJobs.findFirst({ columns: { id: true }, where: and(eq(failedJobs.outboxId, id), eq(failedJobs.status, "failed")) });
  return Boolean(row);
}

/** How many emails are kept in the outbox unsent (no email provider was configured to send them). */
export async function countKeptEmails(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.status, "stored"));
  return row?.n ?? 0;
}

/** One email, or null for an id that is no email's. */
export async function getOutboxEmail(db: Db, id: string) {
  if (id.length > MAX_ID_LENGTH) return null;
  return (await db.query.emailOutbox.findFirst({ where: eq(emailOutbox.id, id) })) ?? null;
}

/** One email's HTML part: the body (null when it has none), or null for an id that is no email's. */
export async function getOutboxHtml(db: Db, id: string): Promise<{ htmlBody: string | null } | null> {
  if (id.length > MAX_ID_LENGTH) return null;
  return (await db.query.emailOutbox.findFirst({ columns: { htmlBody: true }, where: eq(emailOutbox.id, id) })) ?? null;
}
