import { and, desc, eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import { stripeOf } from "~/billing/stripe.server";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { coachPayoutAccounts, coachPayouts, coachProfiles, coachStatements } from "~/db/schema";
import { heldReasonOf } from "./payout-state";

// A payout per issued statement whose total is above zero: a transfer from the business's Stripe
// balance to the coach's connected account (transfer_group = the statement id, an idempotency key
// derived from it), then a payout of the same amount from that account to the coach's bank. Held
// while the coach's ABN is unconfirmed — paying a supplier who has quoted no ABN would oblige the
// business to withhold 47% — or while their account cannot take transfers; released by the next
// sweep once both are true (the cron every 15 minutes, and at once when account.updated makes
// their account active or the coach confirms their ABN on /coach/profile).

/**
 * The idempotency key of a statement's transfer (stored on its payout row) and of its bank payout.
 * An admin's retry of a failed payout (attempt n > 0) gets keys of its own: Stripe keeps a key for
 * 24 hours and would answer the retry with the failed transfer or payout.
 */
const attemptSuffix = (attempt: number) => (attempt > 0 ? `:retry-${attempt}` : "");
export const transferKeyOf = (statementId: string, attempt = 0) => `coach-statement-transfer:${statementId}${attemptSuffix(attempt)}`;
export const payoutKeyOf = (statementId: string, attempt = 0) => `coach-statement-payout:${statementId}${attemptSuffix(attempt)}`;

/** The metadata of an attempt's transfer and payout: which statement, which coach, and a retry's number (events are matched to the attempt by it). */
function attemptMetadata(payout: { statementId: string; coachId: string; attempt: number }): Record<string, string> {
  return { statement_id: payout.statementId, coach_id: payout.coachId, ...(payout.attempt > 0 ? { attempt: String(payout.attempt) } : {}) };
}

/** A transfer reversed in full no longer pays the statement: a retry makes a new one. */
export function isReversedTransfer(transfer: { reversed?: boolean | null; amount_reversed?: number | null; amount?: number | null }): boolean {
  return transfer.reversed === true || (transfer.amount_reversed ?? 0) >= (transfer.amount ?? Number.POSITIVE_INFINITY);
}

export type SweepResult = { created: number; released: number; held: number; failed: number };

/** Rows for the statements that have none yet (held until the sweep below releases them). */
function insertMissingPayouts(db: Db, coachId: string | undefined) {
  return db.run(sql`
    INSERT OR IGNORE INTO coach_payouts (id, statement_id, coach_id, amount_cents, currency, status, held_reason, idempotency_key)
    SELECT lower(hex(randomblob(16))), s.id, s.coach_id, s.total_cents, 'aud', 'held', 'abn_unconfirmed', 'coach-statement-transfer:' || s.id
    FROM coach_statements s
    WHERE s.total_cents > 0
      AND NOT EXISTS (SELECT 1 FROM coach_payouts p WHERE p.statement_id = s.id)
      ${coachId ? sql`AND s.coach_id = ${coachId}` : sql``}`);
}

/** Creates the payouts owed, and releases the held ones that may go. Each step can run again (or at the same time) with one effect. */
export async function sweepCoachPayouts(context: AppContext, options: { coachId?: string } = {}): Promise<SweepResult> {
  const { db } = context;
  const inserted = await insertMissingPayouts(db, options.coachId);
  const open = await db
    .select({
      id: coachPayouts.id,
      statementId: coachPayouts.statementId,
      coachId: coachPayouts.coachId,
      amountCents: coachPayouts.amountCents,
      status: coachPayouts.status,
      heldReason: coachPayouts.heldReason,
      stripeTransferId: coachPayouts.stripeTransferId,
      stripePayoutId: coachPayouts.stripePayoutId,
      attempt: coachPayouts.attempt,
      number: coachStatements.number,
      abnConfirmedAt: coachProfiles.abnConfirmedAt,
      accountState: coachPayoutAccounts.state,
      stripeAccountId: coachPayoutAccounts.stripeAccountId,
    })
    .from(coachPayouts)
    .innerJoin(coachStatements, eq(coachStatements.id, coachPayouts.statementId))
    .leftJoin(coachProfiles, eq(coachProfiles.coachId, coachPayouts.coachId))
    .leftJoin(coachPayoutAccounts, eq(coachPayoutAccounts.coachId, coachPayouts.coachId))
    .where(
      and(
        sql`(${coachPayouts.status} = 'held' OR (${coachPayouts.status} = 'pending' AND ${coachPayouts.stripePayoutId} IS NULL))`,
        options.coachId ? eq(coachPayouts.coachId, options.coachId) : undefined,
      ),
    )
    .limit(200);
  const result: SweepResult = { created: Number(inserted.meta.changes ?? 0), released: 0, held: 0, failed: 0 };
  const now = context.services.clock.now().toISOString();
  for (const payout of open) {
    const reason = heldReasonOf(payout.abnConfirmedAt, payout.accountState);
    // Nothing goes to the coach's bank while a hold applies, also when the transfer is already made
    // (a payout an admin retried after the bank returned it): held with the reason until it lifts.
    if (reason) {
      result.held += 1;
      if (payout.status !== "held" || reason !== payout.heldReason) {
        await db
          .update(coachPayouts)
          .set({ status: "held", heldReason: reason, updatedAt: now })
          .where(
            and(
              eq(coachPayouts.id, payout.id),
              sql`(${coachPayouts.status} = 'held' OR (${coachPayouts.status} = 'pending' AND ${coachPayouts.stripePayoutId} IS NULL))`,
            ),
          );
      }
      continue;
    }
    if (!payout.stripeAccountId) continue;
    try {
      await releasePayout(context, { ...payout, stripeAccountId: payout.stripeAccountId }, now);
      result.released += 1;
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError)) throw error;
      // Left as it is for the next sweep: Stripe could not be reached, or refused (e.g. the account lost its transfers capability).
      console.warn(`coach payouts: payout ${payout.id} not released yet: ${error.type} ${error.statusCode ?? ""} ${error.code ?? ""}`);
      result.failed += 1;
    }
  }
  return result;
}

type OpenPayout = {
  id: string;
  statementId: string;
  coachId: string;
  amountCents: number;
  number: string;
  stripeAccountId: string;
  stripeTransferId: string | null;
  attempt: number;
};

async function releasePayout(context: AppContext, payout: OpenPayout, now: string) {
  const stripe = stripeOf(context);
  let transferId = payout.stripeTransferId;
  if (!transferId) {
    // Stripe keeps an idempotency key for 24 hours: a transfer made by an earlier sweep whose write
    // was lost is found by its group instead of being made again.
    // A reversed one (the attempt an admin retried) is not a transfer made.
    const earlier = await stripe.transfers.list({ transfer_group: payout.statementId, destination: payout.stripeAccountId, limit: 10 });
    const transfer =
      earlier.data.find((made) => !isReversedTransfer(made)) ??
      (await stripe.transfers.create(
        {
          amount: payout.amountCents,
          currency: "aud",
          destination: payout.stripeAccountId,
          transfer_group: payout.statementId,
          description: `Statement ${payout.number}`,
          metadata: attemptMetadata(payout),
        },
        { idempotencyKey: transferKeyOf(payout.statementId, payout.attempt) },
      ));
    transferId = transfer.id;
    await context.db
      .update(coachPayouts)
      .set({
        status: "pending",
        heldReason: null,
        stripeAccountId: payout.stripeAccountId,
        stripeTransferId: transferId,
        transferredAt: new Date(transfer.created * 1000).toISOString(),
        updatedAt: now,
      })
      .where(and(eq(coachPayouts.id, payout.id), eq(coachPayouts.status, "held")));
    // transfer.created may have filled the id first (the sandbox delivers it before answering).
    await context.db
      .update(coachPayouts)
      .set({ stripeTransferId: transferId, stripeAccountId: payout.stripeAccountId })
      .where(and(eq(coachPayouts.id, payout.id), sql`${coachPayouts.stripeTransferId} IS NULL`));
  }
  const bankPayout = await stripe.payouts.create(
    {
      amount: payout.amountCents,
      currency: "aud",
      description: `Statement ${payout.number}`,
      statement_descriptor: `CLARITY ${payout.number}`.slice(0, 22),
      metadata: attemptMetadata(payout),
    },
    { stripeAccount: payout.stripeAccountId, idempotencyKey: payoutKeyOf(payout.statementId, payout.attempt) },
  );
  // A payout held with its transfer made (see the sweep) is on its way from here.
  await context.db
    .update(coachPayouts)
    .set({
      stripePayoutId: bankPayout.id,
      status: sql`CASE WHEN ${coachPayouts.status} = 'held' THEN 'pending' ELSE ${coachPayouts.status} END`,
      heldReason: null,
      updatedAt: now,
    })
    .where(and(eq(coachPayouts.id, payout.id), eq(coachPayouts.attempt, payout.attempt), sql`${coachPayouts.stripePayoutId} IS NULL`));
}

export type PayoutListItem = Awaited<ReturnType<typeof listCoachPayouts>>[number];

/** The coach's payouts, newest statement first. */
export async function listCoachPayouts(db: Db, coachId: string) {
  return db
    .select({
      id: coachPayouts.id,
      statementId: coachPayouts.statementId,
      number: coachStatements.number,
      period: coachStatements.period,
      amountCents: coachPayouts.amountCents,
      status: coachPayouts.status,
      heldReason: coachPayouts.heldReason,
      failureMessage: coachPayouts.failureMessage,
      transferredAt: coachPayouts.transferredAt,
      paidAt: coachPayouts.paidAt,
      createdAt: coachPayouts.createdAt,
    })
    .from(coachPayouts)
    .innerJoin(coachStatements, eq(coachStatements.id, coachPayouts.statementId))
    .where(eq(coachPayouts.coachId, coachId))
    .orderBy(desc(coachStatements.period), desc(coachPayouts.createdAt))
    .limit(120);
}

/** One of the coach's payouts, or null (also when it is another coach's). */
export async function getCoachPayout(db: Db, coachId: string, payoutId: string) {
  const row = await db
    .select({
      id: coachPayouts.id,
      statementId: coachPayouts.statementId,
      number: coachStatements.number,
      period: coachStatements.period,
      issuedAt: coachStatements.issuedAt,
      amountCents: coachPayouts.amountCents,
      status: coachPayouts.status,
      heldReason: coachPayouts.heldReason,
      failureMessage: coachPayouts.failureMessage,
      stripeTransferId: coachPayouts.stripeTransferId,
      stripePayoutId: coachPayouts.stripePayoutId,
      transferredAt: coachPayouts.transferredAt,
      paidAt: coachPayouts.paidAt,
      createdAt: coachPayouts.createdAt,
    })
    .from(coachPayouts)
    .innerJoin(coachStatements, eq(coachStatements.id, coachPayouts.statementId))
    .where(and(eq(coachPayouts.id, payoutId), eq(coachPayouts.coachId, coachId)))
    .get();
  return row ?? null;
}
