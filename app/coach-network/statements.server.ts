import { and, asc, desc, eq, isNull, lt, sql } from "drizzle-orm";
import { formatAbn, normaliseAbn } from "~/accounts/abn";
import { notFoundUnless } from "~/auth/permissions.server";
import { runInTransaction, wroteRow } from "~/booking/sql.server";
import { BUSINESS } from "~/content/business";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { bookings, bookingTypes, coachEarnings, coachProfiles, coachSchedules, coachStatements, profiles, users } from "~/db/schema";
import type { EmailSendJob } from "~/email/jobs";
import { composeEmail } from "~/email/compose.server";
import { outboxInsert } from "~/email/outbox.server";
import { coachStatementEmail } from "~/email/templates/coach-statement";
import { sydneyDay, sydneyMidnight } from "~/utils/sydney-time";
import { shareGstOf } from "./share-tiers";

// Monthly statements (Australia/Sydney calendar month). The daily cron issues last month's on the
// 1st (and re-runs harmlessly later: one statement per coach and month, unique in the table). A
// statement takes every line not yet issued that occurred before the month ended, so a refund's
// reversal recorded after a statement is on the next one. A coach whose unissued lines add up to
// less than zero gets no statement that month: the lines carry to the next (a statement never
// asks the coach for money).
//
// Kind: a recipient-created tax invoice when the coach is registered for GST, has an ABN and a
// current RCTI agreement, and the statement is issued within 28 days of the month's end (the ATO's
// limit for an RCTI); otherwise a payment statement.

export type StatementRow = typeof coachStatements.$inferSelect;

export const RCTI_TITLE = "Recipient created tax invoice";
export const PAYMENT_STATEMENT_TITLE = "Payment statement";
export const GST_PAYABLE_BY_SUPPLIER = "The GST shown is payable by the supplier.";
export const PAYMENT_STATEMENT_NOTE =
  "This payment statement is not a tax invoice. If you are registered for GST, accept the recipient-created tax invoice agreement in your portal so your statements become tax invoices.";
export const RCTI_ISSUE_DAYS = 28;
const DAY_MS = 86_400_000;

/** "2026-11": the Australia/Sydney month an instant falls in. */
export function periodOf(at: Date): string {
  return sydneyDay(at).slice(0, 7);
}

const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The month's first instant and the next month's (Sydney midnights). */
export function periodBounds(period: string): { start: Date; end: Date } {
  const match = PERIOD.exec(period);
  if (!match) throw new RangeError(`Bad statement period: ${period}`);
  const year = Number(match[1]);
  const month = Number(match[2]);
  return { start: sydneyMidnight(year, month, 1), end: month === 12 ? sydneyMidnight(year + 1, 1, 1) : sydneyMidnight(year, month + 1, 1) };
}

/** The Sydney month before the one `now` falls in. */
export function previousPeriod(now: Date): string {
  const [year, month] = periodOf(now).split("-").map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, "0")}`;
}

/** "November 2026". */
export function periodLabel(period: string): string {
  const [year, month] = period.split("-").map(Number) as [number, number];
  return new Intl.DateTimeFormat("en-AU", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(year, month - 1, 15)));
}

export function statementTitle(statement: Pick<StatementRow, "kind">): string {
  return statement.kind === "rcti" ? RCTI_TITLE : PAYMENT_STATEMENT_TITLE;
}

type CoachTaxDetails = {
  coachId: string;
  email: string | null;
  firstName: string | null;
  displayName: string | null;
  legalName: string | null;
  abn: string | null;
  gstRegistered: boolean;
  rctiAgreementAcceptedAt: string | null;
  rctiAgreementExpiresAt: string | null;
};

async function coachTaxDetails(db: Db, coachId: string): Promise<CoachTaxDetails | null> {
  const row = await db
    .select({
      coachId: users.id,
      email: users.email,
      firstName: profiles.firstName,
      displayName: coachSchedules.displayName,
      legalName: coachProfiles.legalName,
      abn: coachProfiles.abn,
      gstRegistered: coachProfiles.gstRegistered,
      rctiAgreementAcceptedAt: coachProfiles.rctiAgreementAcceptedAt,
      rctiAgreementExpiresAt: coachProfiles.rctiAgreementExpiresAt,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(coachSchedules, eq(coachSchedules.coachId, users.id))
    .leftJoin(coachProfiles, eq(coachProfiles.coachId, users.id))
    .where(eq(users.id, coachId))
    .get();
  return row ? { ...row, gstRegistered: Boolean(row.gstRegistered) } : null;
}

/** Whether a statement issued now for this period is a recipient-created tax invoice. */
export function isRctiFor(
  coach: Pick<CoachTaxDetails, "abn" | "gstRegistered" | "rctiAgreementAcceptedAt" | "rctiAgreementExpiresAt">,
  period: string,
  now: Date,
): boolean {
  if (!coach.gstRegistered || !coach.abn || !normaliseAbn(coach.abn)) return false;
  if (!coach.rctiAgreementAcceptedAt || Date.parse(coach.rctiAgreementAcceptedAt) > now.getTime()) return false;
  if (!coach.rctiAgreementExpiresAt || Date.parse(coach.rctiAgreementExpiresAt) <= now.getTime()) return false;
  return now.getTime() <= periodBounds(period).end.getTime() + RCTI_ISSUE_DAYS * DAY_MS;
}

export type IssueOutcome = "issued" | "exists" | "deferred" | "empty";

/**
 * Issues one coach's statement for a period, once: the statement, its number, its lines and the
 * email to the coach in one transaction. Idempotent (a second run finds the statement).
 */
export async function issueStatementFor(context: AppContext, coachId: string, period: string): Promise<IssueOutcome> {
  const { db } = context;
  const now = context.services.clock.now();
  const { end } = periodBounds(period);
  if (now.getTime() < end.getTime()) throw new RangeError(`The ${period} statement can't be issued before the month ends`);
  const existing = await db
    .select({ id: coachStatements.id })
    .from(coachStatements)
    .where(and(eq(coachStatements.coachId, coachId), eq(coachStatements.period, period)))
    .get();
  if (existing) return "exists";
  const lines = await db
    .select({ kind: coachEarnings.kind, shareCents: coachEarnings.shareCents })
    .from(coachEarnings)
    .where(and(eq(coachEarnings.coachId, coachId), isNull(coachEarnings.statementId), lt(coachEarnings.occurredAt, end.toISOString())))
    .all();
  if (!lines.length) return "empty";
  const coach = await coachTaxDetails(db, coachId);
  if (!coach?.email) return "empty";
  const to = coach.email;
  const rcti = isRctiFor(coach, period, now);
  const shareCents = lines.reduce((sum, line) => sum + line.shareCents, 0);
  const shareGstCents = rcti ? lines.reduce((sum, line) => sum + shareGstOf(line.shareCents), 0) : 0;
  const totalCents = shareCents + shareGstCents;
  if (totalCents < 0) return "deferred";

  const id = crypto.randomUUID();
  const issuedAt = now.toISOString();
  const supplierAbn = coach.abn ? normaliseAbn(coach.abn) : null;
  const absent = sql`NOT EXISTS (SELECT 1 FROM coach_statements WHERE coach_id = ${coachId} AND period = ${period})`;
  const shareGstSql = rcti ? sql.raw("SUM(CASE WHEN share_cents >= 0 THEN (share_cents + 5) / 10 ELSE -((5 - share_cents) / 10) END)") : sql.raw("0");
  const label = periodLabel(period);
  const kindTitle = rcti ? RCTI_TITLE : PAYMENT_STATEMENT_TITLE;
  // The number is only known inside the transaction: the email names the statement by its month and links to it.
  const email = await composeEmail(
    context.env,
    coachStatementEmail,
    {
      firstName: coach.firstName,
      title: kindTitle,
      periodLabel: label,
      sessions: lines.filter((line) => line.kind === "session").length,
      totalCents,
      includesGst: rcti,
      statementUrl: `${context.siteOrigin}/coach/statements/${id}`,
    },
    { to, dedupeKey: `coach-statement:${coachId}:${period}` },
  );
  const outboxId = crypto.randomUUID();
  const results = await runInTransaction(db, [
    sql`INSERT INTO document_counters (series, value) SELECT 'coach_statement', 1 WHERE ${absent}
      ON CONFLICT (series) DO UPDATE SET value = value + 1`,
    sql`INSERT INTO coach_statements (id, number, coach_id, period, kind, supplier_name, supplier_abn, supplier_gst_registered, recipient_name, recipient_abn, issued_at)
      SELECT ${id}, 'CS-' || printf('%06d', value), ${coachId}, ${period}, ${rcti ? "rcti" : "payment_statement"},
        ${coach.legalName?.trim() || coach.displayName || to}, ${supplierAbn}, ${coach.gstRegistered ? 1 : 0},
        ${BUSINESS.name}, ${normaliseAbn(BUSINESS.abn) ?? BUSINESS.abn}, ${issuedAt}
      FROM document_counters WHERE series = 'coach_statement' AND ${absent}`,
    sql`UPDATE coach_earnings SET statement_id = ${id}
      WHERE coach_id = ${coachId} AND statement_id IS NULL AND occurred_at < ${end.toISOString()} AND EXISTS (SELECT 1 FROM coach_statements WHERE id = ${id})`,
    sql`UPDATE coach_statements SET (line_count, gross_cents, gst_cents, fee_cents, share_cents, share_gst_cents) = (
        SELECT COUNT(*), COALESCE(SUM(gross_cents), 0), COALESCE(SUM(gst_cents), 0), COALESCE(SUM(fee_cents), 0), COALESCE(SUM(share_cents), 0),
          COALESCE(${shareGstSql}, 0)
        FROM coach_earnings WHERE statement_id = ${id})
      WHERE id = ${id}`,
    sql`UPDATE coach_statements SET total_cents = share_cents + share_gst_cents WHERE id = ${id}`,
    outboxInsert(db, context.env, email, outboxId),
  ]);
  if (!wroteRow(results[1]!)) return "exists";
  await context.services.jobs.send({ type: "email.send", version: 1, outboxId } satisfies EmailSendJob);
  return "issued";
}

/** Issues every coach's statement for the period (the coaches with lines not yet issued). */
export async function issueStatements(context: AppContext, period: string): Promise<Record<IssueOutcome, number>> {
  const { end } = periodBounds(period);
  const coaches = await context.db
    .selectDistinct({ coachId: coachEarnings.coachId })
    .from(coachEarnings)
    .where(and(isNull(coachEarnings.statementId), lt(coachEarnings.occurredAt, end.toISOString())))
    .all();
  const tally: Record<IssueOutcome, number> = { issued: 0, exists: 0, deferred: 0, empty: 0 };
  for (const { coachId } of coaches) tally[await issueStatementFor(context, coachId, period)] += 1;
  return tally;
}

/** The coach's statements, newest first. */
export async function listStatements(db: Db, coachId: string): Promise<StatementRow[]> {
  return db.select().from(coachStatements).where(eq(coachStatements.coachId, coachId)).orderBy(desc(coachStatements.period)).all();
}

export type StatementLine = {
  id: string;
  kind: "session" | "reversal";
  occurredAt: string;
  reference: string;
  startsAt: string;
  typeName: string;
  grossCents: number;
  gstCents: number;
  exGstCents: number;
  feeCents: number;
  shareCents: number;
  shareRateBp: number;
  sessionOrdinal: number | null;
  shareGstCents: number;
};

export type StatementDocument = { statement: StatementRow; lines: StatementLine[]; coachZone: string };

/** A statement of this coach with its lines (null for another coach's or an unknown id: the caller answers 404). */
export async function loadStatement(db: Db, coachId: string, statementId: string): Promise<StatementDocument | null> {
  // All three in one batch (one round trip): the lines and the zone are asked for by this coach too, so nothing of another coach's is read.
  const [statements, rows, schedules] = await db.batch([
    db
      .select()
      .from(coachStatements)
      .where(and(eq(coachStatements.id, statementId), eq(coachStatements.coachId, coachId)))
      .limit(1),
    db
      .select({ line: coachEarnings, reference: bookings.reference, startsAt: bookings.startsAt, typeName: bookingTypes.name })
      .from(coachEarnings)
      .innerJoin(bookings, eq(bookings.id, coachEarnings.bookingId))
      .innerJoin(bookingTypes, eq(bookingTypes.id, bookings.bookingTypeId))
      .where(and(eq(coachEarnings.statementId, statementId), eq(coachEarnings.coachId, coachId)))
      .orderBy(asc(coachEarnings.occurredAt), asc(coachEarnings.createdAt)),
    db.select({ timeZone: coachSchedules.timeZone }).from(coachSchedules).where(eq(coachSchedules.coachId, coachId)).limit(1),
  ]);
  const [statement] = statements;
  const [schedule] = schedules;
  if (!statement) return null;
  const rcti = statement.kind === "rcti";
  return {
    statement,
    coachZone: schedule?.timeZone ?? "Australia/Sydney",
    lines: rows.map(({ line, reference, startsAt, typeName }) => ({
      id: line.id,
      kind: line.kind,
      occurredAt: line.occurredAt,
      reference,
      startsAt,
      typeName,
      grossCents: line.grossCents,
      gstCents: line.gstCents,
      exGstCents: line.grossCents - line.gstCents,
      feeCents: line.feeCents,
      shareCents: line.shareCents,
      shareRateBp: line.shareRateBp,
      sessionOrdinal: line.sessionOrdinal,
      shareGstCents: rcti ? shareGstOf(line.shareCents) : 0,
    })),
  };
}

/** "12 345 678 901" for display; an empty string for none. */
export function displayAbn(abn: string | null): string {
  const digits = abn ? normaliseAbn(abn) : null;
  return digits ? formatAbn(digits) : (abn ?? "");
}

const STATEMENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The coach's own statement with its lines, or the 404 (another coach's, a bad or unknown id look the same). */
export async function requireOwnStatement(db: Db, coachId: string, statementId: string | undefined): Promise<StatementDocument> {
  const document = statementId && STATEMENT_ID.test(statementId) ? await loadStatement(db, coachId, statementId) : null;
  notFoundUnless(document, { headers: { "Cache-Control": "private, no-store" } });
  return document;
}
