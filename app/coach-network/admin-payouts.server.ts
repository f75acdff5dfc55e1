import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import Stripe from "stripe";
import { adminAuditStatement } from "~/admin/audit.server";
import { stripeDashboardBase } from "~/billing/admin-subscriptions.server";
import { stripeOf } from "~/billing/stripe.server";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { coachPayoutAccounts, coachPayouts, coachProfiles, coachSchedules, coachStatements, profiles, users, type CoachPayoutStatus } from "~/db/schema";
import type { AppEnv } from "~/platform/env.server";
import type { TableQuery } from "~/utils/table-query";
import type { AdminPayoutSort } from "./admin-payouts";
import { PAYOUT_STATUS_LABELS } from "./payout-state";
import { isReversedTransfer, sweepCoachPayouts, transferKeyOf } from "./payouts.server";

// The admins' view of coaches' payouts (/admin/payouts): every payout with its coach, statement and
// state, searchable and filtered by status; one payout's Stripe history; and the retry of a failed
// one. A retry is a new attempt (its own idempotency keys and metadata.attempt, see payouts.server.ts)
// that the payouts sweep then releases under its usual rules: held while the coach's ABN is
// unconfirmed or their payout account is not active.

/** The coach's name as the admin area shows it: their booking page's name, else their profile's, else their email. */
const COACH_NAME = sql<string>`coalesce(${coachSchedules.displayName}, nullif(trim(coalesce(${profiles.firstName}, '') || ' ' || coalesce(${profiles.lastName}, '')), ''), ${users.email}, 'Coach')`;

/** Failed first, then held, on their way and paid. */
const STATUS_RANK = sql`CASE ${coachPayouts.status} WHEN 'failed' THEN 0 WHEN 'held' THEN 1 WHEN 'pending' THEN 2 ELSE 3 END`;

const SORTS: Record<AdminPayoutSort, SQL> = {
  status: STATUS_RANK,
  updated: sql`${coachPayouts.updatedAt}`,
  amount: sql`${coachPayouts.amountCents}`,
  period: sql`${coachStatements.period}`,
};

const COLUMNS = {
  id: coachPayouts.id,
  coachId: coachPayouts.coachId,
  coachName: COACH_NAME,
  coachEmail: users.email,
  statementId: coachPayouts.statementId,
  number: coachStatements.number,
  period: coachStatements.period,
  amountCents: coachPayouts.amountCents,
  status: coachPayouts.status,
  heldReason: coachPayouts.heldReason,
  failureMessage: coachPayouts.failureMessage,
  updatedAt: coachPayouts.updatedAt,
};

export async function listPayoutsForAdmin(db: Db, query: TableQuery<AdminPayoutSort, "status">) {
  const conditions: SQL[] = [];
  if (query.filters.status) conditions.push(sql`${coachPayouts.status} = ${query.filters.status}`);
  if (query.q) {
    // instr() takes the text literally (no LIKE wildcards).
    conditions.push(
      sql`(instr(lower(${COACH_NAME}), lower(${query.q})) > 0 OR instr(lower(coalesce(${users.email}, '')), lower(${query.q})) > 0 OR instr(lower(${coachStatements.number}), lower(${query.q})) > 0)`,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const order = query.direction === "asc" ? asc(SORTS[query.sort]) : desc(SORTS[query.sort]);
  const [rows, [total]] = await Promise.all([
    db
      .select(COLUMNS)
      .from(coachPayouts)
      .innerJoin(coachStatements, eq(coachStatements.id, coachPayouts.statementId))
      .innerJoin(users, eq(users.id, coachPayouts.coachId))
      .leftJoin(coachSchedules, eq(coachSchedules.coachId, coachPayouts.coachId))
      .leftJoin(profiles, eq(profiles.userId, coachPayouts.coachId))
      .where(where)
      .orderBy(order, desc(coachPayouts.updatedAt), coachPayouts.id)
      .limit(query.pageSize)
      .offset(query.offset),
    db
      .select({ n: count() })
      .from(coachPayouts)
      .innerJoin(coachStatements, eq(coachStatements.id, coachPayouts.statementId))
      .innerJoin(users, eq(users.id, coachPayouts.coachId))
      .leftJoin(coachSchedules, eq(coachSchedules.coachId, coachPayouts.coachId))
      .leftJoin(profiles, eq(profiles.userId, coachPayouts.coachId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One payout with its Stripe history, or null. */
export async function getPayoutForAdmin(db: Db, payoutId: string) {
  const row = await db
    .select({
      ...COLUMNS,
      statementIssuedAt: coachStatements.issuedAt,
      attempt: coachPayouts.attempt,
      stripeAccountId: coachPayouts.stripeAccountId,
      stripeTransferId: coachPayouts.stripeTransferId,
      stripePayoutId: coachPayouts.stripePayoutId,
      transferredAt: coachPayouts.transferredAt,
      paidAt: coachPayouts.paidAt,
      createdAt: coachPayouts.createdAt,
      abnConfirmedAt: coachProfiles.abnConfirmedAt,
      accountState: coachPayoutAccounts.state,
      connectAccountId: coachPayoutAccounts.stripeAccountId,
    })
    .from(coachPayouts)
    .innerJoin(coachStatements, eq(coachStatements.id, coachPayouts.statementId))
    .innerJoin(users, eq(users.id, coachPayouts.coachId))
    .leftJoin(coachSchedules, eq(coachSchedules.coachId, coachPayouts.coachId))
    .leftJoin(profiles, eq(profiles.userId, coachPayouts.coachId))
    .leftJoin(coachProfiles, eq(coachProfiles.coachId, coachPayouts.coachId))
    .leftJoin(coachPayoutAccounts, eq(coachPayoutAccounts.coachId, coachPayouts.coachId))
    .where(eq(coachPayouts.id, payoutId))
    .get();
  return row ?? null;
}

/** The coach's connected account in the Stripe dashboard (its transfers and payouts), or null in the local sandbox. */
export function connectAccountDashboardUrl(env: Pick<AppEnv, "STRIPE_SECRET_KEY" | "APP_ENV">, accountId: string | null): string | null {
  const base = stripeDashboardBase(env);
  if (!base || !accountId || !/^acct_[A-Za-z0-9]+$/.test(accountId)) return null;
  return `${base}connect/accounts/${accountId}`;
}

export type RetryOutcome =
  | { ok: true; status: CoachPayoutStatus; heldReason: "abn_unconfirmed" | "account_not_active" | null; stripePayoutId: string | null }
  | { ok: false; status: 404 | 409 | 503; message: string };

/**
 * Retries a failed payout, once however often (or by however many admins at once) it is asked:
 * - the bank returned the payout (the transfer is still in the coach's Stripe account): a new bank
 *   payout from that account;
 * - the transfer was reversed: a new transfer, then its bank payout.
 * The row moves to the new attempt by a conditional update (only from 'failed' at the attempt read),
 * audited in the same batch; the sweep then releases it, or holds it with its reason.
 */
export async function retryFailedPayout(context: AppContext, input: { payoutId: string; actorId: string; ipHash?: string | null }): Promise<RetryOutcome> {
  const { db } = context;
  const row = await db
    .select({
      id: coachPayouts.id,
      coachId: coachPayouts.coachId,
      statementId: coachPayouts.statementId,
      status: coachPayouts.status,
      attempt: coachPayouts.attempt,
      stripeTransferId: coachPayouts.stripeTransferId,
      stripePayoutId: coachPayouts.stripePayoutId,
      failureMessage: coachPayouts.failureMessage,
    })
    .from(coachPayouts)
    .where(eq(coachPayouts.id, input.payoutId))
    .get();
  if (!row) return { ok: false, status: 404, message: "That payout wasn't found." };
  if (row.status !== "failed") {
    return { ok: false, status: 409, message: `Only a failed payout can be retried. This one is ${PAYOUT_STATUS_LABELS[row.status].toLowerCase()}.` };
  }
  // Which step failed, as Stripe has it now: a reversed transfer must be made again.
  let transferReversed = row.stripeTransferId === null;
  if (row.stripeTransferId) {
    try {
      transferReversed = isReversedTransfer(await stripeOf(context).transfers.retrieve(row.stripeTransferId));
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError)) throw error;
      return { ok: false, status: 503, message: "Stripe couldn't be reached, so nothing was changed. Try again in a few minutes." };
    }
  }
  const attempt = row.attempt + 1;
  const now = context.services.clock.now().toISOString();
  const changes = transferReversed
    ? {
        status: "held" as const,
        heldReason: null,
        stripeTransferId: null,
        stripePayoutId: null,
        transferredAt: null,
        idempotencyKey: transferKeyOf(row.statementId, attempt),
      }
    : { status: "pending" as const, stripePayoutId: null };
  const [moved] = await db.batch([
    db
      .update(coachPayouts)
      .set({ ...changes, failureMessage: null, paidAt: null, attempt, updatedAt: now })
      .where(and(eq(coachPayouts.id, row.id), eq(coachPayouts.status, "failed"), eq(coachPayouts.attempt, row.attempt)))
      .returning({ id: coachPayouts.id }),
    adminAuditStatement(db, {
      // One entry per attempt: an admin who lost the race to another writes none.
      id: `coach-payout-retry:${row.id}:${attempt}`,
      action: "coach_payout_retried",
      actorId: input.actorId,
      targetType: "coach_payout",
      targetId: row.id,
      before: {
        status: row.status,
        attempt: row.attempt,
        stripeTransferId: row.stripeTransferId,
        stripePayoutId: row.stripePayoutId,
        failureMessage: row.failureMessage,
      },
      after: {
        status: changes.status,
        attempt,
        stripeTransferId: transferReversed ? null : row.stripeTransferId,
        stripePayoutId: null,
        failureMessage: null,
      },
      ipHash: input.ipHash ?? null,
    }),
  ]);
  if (!moved.length) return { ok: false, status: 409, message: "This payout was retried by someone else just now. Reload the page to see where it is." };
  await sweepCoachPayouts(context, { coachId: row.coachId });
  const after = await db
    .select({ status: coachPayouts.status, heldReason: coachPayouts.heldReason, stripePayoutId: coachPayouts.stripePayoutId })
    .from(coachPayouts)
    .where(eq(coachPayouts.id, row.id))
    .get();
  return { ok: true, status: after?.status ?? changes.status, heldReason: after?.heldReason ?? null, stripePayoutId: after?.stripePayoutId ?? null };
}
