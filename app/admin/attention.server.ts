import { eq, sql, type SQL } from "drizzle-orm";
import { getStripeEventFailure } from "~/billing/event-failures.server";
import type { Db } from "~/db/client.server";
import { emailOutbox, failedJobs } from "~/db/schema";
import type { TableQuery } from "~/utils/table-query";
import type { AttentionKind, AttentionSort } from "./attention";

// "Needs attention" (/admin/attention): everything that failed and waits for an admin, in one list.
// - email: a delivery job (email.send) that used up its retries; the email is still waiting to send;
// - job: any other background job that used up its retries (the dead-letter queue, failed_jobs);
// - stripe: a Stripe event that failed to apply (stripe_event_failures).
// One UNION query pages, sorts and searches all three on the server.

export type AttentionRow = {
  kind: AttentionKind;
  id: string;
  type: string;
  error: string | null;
  attempts: number;
  failedAt: string;
  status: string;
  resolvedAt: string | null;
  outboxId: string | null;
};

const UNION = sql`(
  SELECT CASE WHEN fj.outbox_id IS NOT NULL THEN 'email' ELSE 'job' END AS kind, fj.id AS id, fj.type AS type, fj.error AS error,
    fj.attempts AS attempts, fj.failed_at AS failed_at, fj.status AS status, fj.resolved_at AS resolved_at, fj.outbox_id AS outbox_id
  FROM failed_jobs fj
  UNION ALL
  SELECT 'stripe', sf.event_id, sf.type, sf.error, sf.attempts, sf.last_failed_at, sf.status, sf.resolved_at, NULL
  FROM stripe_event_failures sf
) AS attention`;

const ORDER: Record<AttentionSort, SQL> = { failed: sql`failed_at`, attempts: sql`attempts`, type: sql`type` };

function whereOf(query: Pick<TableQuery<AttentionSort, "kind" | "state">, "q" | "filters">): SQL {
  const parts: SQL[] = [];
  const state = query.filters.state;
  if (state === "resolved") parts.push(sql`status <> 'failed'`);
  else if (state !== "all") parts.push(sql`status = 'failed'`);
  if (query.filters.kind) parts.push(sql`kind = ${query.filters.kind}`);
  // instr() takes the text literally (no LIKE wildcards) and has no pattern length limit.
  if (query.q) parts.push(sql`(instr(lower(type), lower(${query.q})) > 0 OR instr(lower(coalesce(error, '')), lower(${query.q})) > 0 OR id = ${query.q})`);
  return parts.length ? sql`WHERE ${sql.join(parts, sql` AND `)}` : sql``;
}

type RawRow = {
  kind: AttentionKind;
  id: string;
  type: string;
  error: string | null;
  attempts: number;
  failed_at: string;
  status: string;
  resolved_at: string | null;
  outbox_id: string | null;
};

/** A page of the list and how many rows match in all. */
export async function listAttention(db: Db, query: TableQuery<AttentionSort, "kind" | "state">): Promise<{ rows: AttentionRow[]; total: number }> {
  const where = whereOf(query);
  const direction = query.direction === "asc" ? sql`ASC` : sql`DESC`;
  const [rows, counted] = await Promise.all([
    db.all<RawRow>(
      sql`SELECT * FROM ${UNION} ${where} ORDER BY ${ORDER[query.sort]} ${direction}, id ${direction} LIMIT ${query.pageSize} OFFSET ${query.offset}`,
    ),
    db.get<{ n: number }>(sql`SELECT count(*) AS n FROM ${UNION} ${where}`),
  ]);
  return {
    rows: rows.map((row) => ({
      kind: row.kind,
      id: row.id,
      type: row.type,
      error: row.error,
      attempts: row.attempts,
      failedAt: row.failed_at,
      status: row.status,
      resolvedAt: row.resolved_at,
      outboxId: row.outbox_id,
    })),
    total: counted?.n ?? 0,
  };
}

/** How many of each kind wait for an admin (one query). */
export async function countAttention(db: Db): Promise<Record<AttentionKind, number>> {
  const rows = await db.all<{ kind: AttentionKind; n: number }>(sql`SELECT kind, count(*) AS n FROM ${UNION} WHERE status = 'failed' GROUP BY kind`);
  const counts: Record<AttentionKind, number> = { email: 0, job: 0, stripe: 0 };
  for (const row of rows) counts[row.kind] = row.n;
  return counts;
}

/** One item of the list, whole (its payload as stored: redact it before showing it), or null. */
export async function getAttentionItem(db: Db, kind: AttentionKind, id: string) {
  if (id.length > 255) return null;
  if (kind === "stripe") {
    const row = await getStripeEventFailure(db, id);
    return row
      ? {
          type: row.type,
          payload: row.payload,
          error: row.error,
          attempts: row.attempts,
          firstFailedAt: row.firstFailedAt,
          lastFailedAt: row.lastFailedAt,
          status: row.status,
          resolvedAt: row.resolvedAt,
          outboxId: null,
          outboxStatus: null,
        }
      : null;
  }
  const row = await db.query.failedJobs.findFirst({ where: eq(failedJobs.id, id) });
  if (!row || (kind === "email") !== Boolean(row.outboxId)) return null;
  const outbox = row.outboxId ? await db.query.emailOutbox.findFirst({ columns: { status: true }, where: eq(emailOutbox.id, row.outboxId) }) : undefined;
  return {
    type: row.type,
    payload: row.body,
    error: row.error,
    attempts: row.attempts,
    firstFailedAt: row.queuedAt,
    lastFailedAt: row.failedAt,
    status: row.status,
    resolvedAt: row.resolvedAt,
    outboxId: row.outboxId,
    outboxStatus: outbox?.status ?? null,
  };
}
