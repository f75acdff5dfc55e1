import { count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";

// What the admin's outbox pages read: the emails (and text messages) the site has sent or kept, a
// page at a time, and one of them whole.

export const OUTBOX_PAGE_SIZE = 25;
/** Outbox ids are UUIDs; anything much longer is no row's. */
const MAX_ID_LENGTH = 100;

/** One page of the outbox, newest first, and how many there are in all. */
export async function listOutbox(db: Db, page: number) {
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
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(OUTBOX_PAGE_SIZE)
      .offset((page - 1) * OUTBOX_PAGE_SIZE),
    db.select({ n: count() }).from(emailOutbox),
  ]);
  return { rows: rows.map(({ hasHtml, ...row }) => ({ ...row, hasHtml: Boolean(hasHtml) })), total: total?.n ?? 0 };
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
