import { and, asc, count, desc, eq, gte, lt, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { csvRow } from "~/attribution/report";
import type { Db } from "~/db/client.server";
import { auditLog, users } from "~/db/schema";
import { readTableQuery, type TableQuery } from "~/utils/table-query";
import { zonedToUtc } from "~/utils/zoned-time";

// The audit log as the admins read it (/admin/audit) and download it (/admin/audit.csv): who did
// what to what, when, filtered by action, actor (email or id), target (id, email or kind) and a date
// range of days on the admin's clock. The same query drives both, so the file holds exactly the
// rows the page lists (all pages). Entries are kept for 7 years (app/jobs/maintenance.server.ts).

export const AUDIT_SORTS = ["when", "action"] as const;
export type AuditSort = (typeof AUDIT_SORTS)[number];
export const AUDIT_LIST_PAGE_SIZE = 50;
const CSV_BATCH_ROWS = 500;
const FILTER_MAX = 200;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export type AuditFilters = {
  action: string;
  actor: string;
  target: string;
  /** Days as typed (YYYY-MM-DD, the admin's zone), and the UTC half-open range they mean. */
  from: string;
  to: string;
  fromUtc: string | null;
  toUtc: string | null;
};

export type AuditQuery = TableQuery<AuditSort> & { audit: AuditFilters };

function text(params: URLSearchParams, name: string) {
  return (params.get(name) ?? "").trim().slice(0, FILTER_MAX);
}

/** The day after a YYYY-MM-DD day, as YYYY-MM-DD (calendar arithmetic, no zone). */
function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** Reads the list's URL; a date that isn't one, or a range that ends before it starts, is an error the page shows (400). */
export function parseAuditQuery(
  url: URL,
  timeZone: string,
): { ok: true; query: AuditQuery } | { ok: false; errors: Record<string, string>; query: AuditQuery } {
  const table = readTableQuery(url, { sorts: AUDIT_SORTS, defaultSort: "when", defaultDirection: "desc", pageSize: AUDIT_LIST_PAGE_SIZE });
  const params = url.searchParams;
  const rawAction = text(params, "action");
  const from = text(params, "from");
  const to = text(params, "to");
  const errors: Record<string, string> = {};
  const fromUtc = from ? (DAY.test(from) ? zonedToUtc(`${from}T00:00`, timeZone) : null) : null;
  const toUtc = to ? (DAY.test(to) ? zonedToUtc(`${nextDay(to)}T00:00`, timeZone) : null) : null;
  if (from && !fromUtc) errors.from = "Enter the first day as a date, for example 2026-07-01.";
  if (to && !toUtc) errors.to = "Enter the last day as a date, for example 2026-09-30.";
  if (fromUtc && toUtc && fromUtc >= toUtc) errors.to = "The last day can't be before the first day.";
  const query: AuditQuery = {
    ...table,
    audit: {
      action: /^[a-z_]{1,60}$/.test(rawAction) ? rawAction : "",
      actor: text(params, "actor"),
      target: text(params, "target"),
      from,
      to,
      fromUtc: errors.from ? null : fromUtc,
      toUtc: errors.to ? null : toUtc,
    },
  };
  return Object.keys(errors).length ? { ok: false, errors, query } : { ok: true, query };
}

const actor = alias(users, "actor");
const target = alias(users, "target");

function contains(value: string) {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function whereOf({ audit }: AuditQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (audit.action) conditions.push(eq(auditLog.action, audit.action));
  if (audit.actor) conditions.push(or(eq(auditLog.actorId, audit.actor), sql`${actor.email} LIKE ${contains(audit.actor)} ESCAPE '\\'`));
  if (audit.target) {
    conditions.push(
      or(
        eq(auditLog.targetId, audit.target),
        sql`${target.email} LIKE ${contains(audit.target)} ESCAPE '\\'`,
        sql`json_extract(${auditLog.detail}, '$.targetType') = ${audit.target}`,
      ),
    );
  }
  if (audit.fromUtc) conditions.push(gte(auditLog.createdAt, audit.fromUtc));
  if (audit.toUtc) conditions.push(lt(auditLog.createdAt, audit.toUtc));
  return and(...conditions);
}

function selectEntries(db: Db, query: AuditQuery) {
  const order = query.direction === "asc" ? asc : desc;
  const orderBy =
    query.sort === "action" ? [order(auditLog.action), desc(auditLog.createdAt), desc(auditLog.id)] : [order(auditLog.createdAt), order(auditLog.id)];
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      createdAt: auditLog.createdAt,
      actorId: auditLog.actorId,
      actorEmail: actor.email,
      targetId: auditLog.targetId,
      targetEmail: target.email,
      detail: auditLog.detail,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .leftJoin(target, eq(target.id, auditLog.targetId))
    .where(whereOf(query))
    .orderBy(...orderBy);
}

export type AuditEntry = Awaited<ReturnType<ReturnType<typeof selectEntries>["all"]>>[number];

/** One page of matching entries, how many match, and the actions the log holds (for the filter). */
export async function listAuditEntries(db: Db, query: AuditQuery) {
  const [rows, [total], actions] = await Promise.all([
    selectEntries(db, query).limit(query.pageSize).offset(query.offset).all(),
    db
      .select({ n: count() })
      .from(auditLog)
      .leftJoin(actor, eq(actor.id, auditLog.actorId))
      .leftJoin(target, eq(target.id, auditLog.targetId))
      .where(whereOf(query)),
    db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action),
  ]);
  return { rows, total: total?.n ?? 0, actions: actions.map((a) => a.action) };
}

/** The kind of thing an entry is about ("booking", "user"…), from its detail when the action recorded one. */
export function targetTypeOf(detail: string): string | null {
  try {
    const value = JSON.parse(detail) as { targetType?: unknown };
    return typeof value?.targetType === "string" ? value.targetType : null;
  } catch {
    return null;
  }
}

export const AUDIT_CSV_HEADER = ["when_utc", "action", "actor_id", "actor_email", "target_type", "target_id", "target_email", "detail_json"];

function csvLine(row: AuditEntry): string {
  return csvRow([row.createdAt, row.action, row.actorId, row.actorEmail, targetTypeOf(row.detail), row.targetId, row.targetEmail, row.detail]);
}

/** Every matching entry as CSV, read in batches as the download is consumed (never the whole log in memory). */
export function auditCsv(db: Db, query: AuditQuery, now = new Date()): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  // Entries written while the file downloads would shift the pages: the file ends at the moment it was asked for.
  const asked = new Date(now.getTime() + 1).toISOString();
  const snapshot: AuditQuery = { ...query, audit: { ...query.audit, toUtc: query.audit.toUtc && query.audit.toUtc < asked ? query.audit.toUtc : asked } };
  let offset = -1;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (offset < 0) {
        offset = 0;
        // A byte-order mark, so spreadsheet apps read the file as UTF-8.
        controller.enqueue(encoder.encode(`\uFEFF${csvRow(AUDIT_CSV_HEADER)}`));
        return;
      }
      const rows = await selectEntries(db, snapshot).limit(CSV_BATCH_ROWS).offset(offset).all();
      offset += rows.length;
      if (rows.length) controller.enqueue(encoder.encode(rows.map(csvLine).join("")));
      if (rows.length < CSV_BATCH_ROWS) controller.close();
    },
  });
}
