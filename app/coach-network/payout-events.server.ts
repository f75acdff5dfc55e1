import type { BatchItem } from "drizzle-orm/batch";
import { and, eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { AppContext } from "~/context.server";
import { coachPayoutAccounts, coachPayouts } from "~/db/schema";
import { applyAccountStatement } from "./payout-accounts.server";
import { stateOfAccount, type ConnectAccountFacts } from "./payout-state";
import type { PayoutsSweepJob } from "./payout-jobs";

// Stripe Connect's events about coaches' payouts, applied by the webhook code
// (app/billing/webhooks.server.ts), which stores each event id with these statements in one batch,
// so each takes effect once. Events may arrive in any order: every row remembers the Stripe time of
// the newest event applied to it (last_event_at), and an older one changes nothing. Ids (a transfer's,
// a payout's) are filled whenever they are missing, whatever the order.

export type ConnectEffect = { statements: BatchItem<"sqlite">[]; afterwards?: () => Promise<void> };

const CONNECT_EVENT = /^(account\.updated|transfer\.(created|updated|reversed)|payout\.(created|updated|paid|failed|canceled))$/;

export function isConnectPayoutEvent(type: string): boolean {
  return CONNECT_EVENT.test(type);
}

function statementIdOf(object: { transfer_group?: string | null; metadata?: Record<string, string> | null }): string | null {
  const id = object.metadata?.statement_id ?? object.transfer_group ?? null;
  return typeof id === "string" && id.length > 0 && id.length <= 100 ? id : null;
}

/** The attempt a transfer or payout was made for (metadata.attempt, set by an admin's retry; none is the first). */
function attemptOf(object: { metadata?: Record<string, string> | null }): number {
  const raw = object.metadata?.attempt;
  return typeof raw === "string" && /^\d{1,6}$/.test(raw) ? Number(raw) : 0;
}

const STATUS_RANK = sql`CASE ${coachPayouts.status} WHEN 'held' THEN 0 WHEN 'pending' THEN 1 ELSE 2 END`;
const RANK: Record<"pending" | "paid" | "failed", number> = { pending: 1, paid: 2, failed: 2 };

/**
 * An event applies when it is newer than the last one applied; one from the same second (Stripe's
 * times are whole seconds) only when it moves the payout on, never back (paid, then "created").
 */
function newerOrFurther(at: number, status: "pending" | "paid" | "failed") {
  return sql`(${coachPayouts.lastEventAt} < ${at} OR (${coachPayouts.lastEventAt} = ${at} AND ${STATUS_RANK} <= ${RANK[status]}))`;
}

export async function connectPayoutEffect(context: AppContext, event: Stripe.Event): Promise<ConnectEffect> {
  const at = Number(event.created) || 0;
  const nowIso = context.services.clock.now().toISOString();
  const { db } = context;
  if (event.type === "account.updated") {
    const account = event.data.object as unknown as ConnectAccountFacts & { id: string };
    if (typeof account.id !== "string") return { statements: [] };
    const row = await db
      .select({ coachId: coachPayoutAccounts.coachId, state: coachPayoutAccounts.state, lastEventAt: coachPayoutAccounts.lastEventAt })
      .from(coachPayoutAccounts)
      .where(eq(coachPayoutAccounts.stripeAccountId, account.id))
      .get();
    // Not one of our coaches' accounts.
    if (!row) return { statements: [] };
    const becomesActive = row.state !== "active" && row.lastEventAt <= at && stateOfAccount(account) === "active";
    return {
      statements: [applyAccountStatement(db, account, at, nowIso)],
      // Held payouts go as soon as the account can take them (if the ABN is confirmed too).
      afterwards: becomesActive
        ? async () => {
            await context.services.jobs.send({
              type: "coach-network.payouts-sweep",
              version: 1,
              scheduledAt: nowIso,
              coachId: row.coachId,
            } satisfies PayoutsSweepJob);
          }
        : undefined,
    };
  }

  if (event.type.startsWith("transfer.")) {
    const transfer = event.data.object as Stripe.Transfer;
    const statementId = statementIdOf(transfer);
    const destination = typeof transfer.destination === "string" ? transfer.destination : transfer.destination?.id;
    if (!statementId || typeof transfer.id !== "string" || !destination) return { statements: [] };
    // Only the transfer to the coach's own account counts for their statement.
    const mine = and(
      eq(coachPayouts.statementId, statementId),
      sql`${coachPayouts.coachId} = (SELECT coach_id FROM coach_payout_accounts WHERE stripe_account_id = ${destination})`,
    );
    const reversed = event.type === "transfer.reversed" || transfer.reversed === true || (transfer.amount_reversed ?? 0) >= transfer.amount;
    return {
      statements: [
        db
          .update(coachPayouts)
          .set({
            stripeTransferId: transfer.id,
            stripeAccountId: destination,
            transferredAt: sql`coalesce(${coachPayouts.transferredAt}, ${new Date((Number(transfer.created) || at) * 1000).toISOString()})`,
          })
          // Never the transfer of an attempt an admin retried (reversed, however late its events come).
          .where(and(mine, eq(coachPayouts.attempt, attemptOf(transfer)), sql`${coachPayouts.stripeTransferId} IS NULL`)),
        db
          .update(coachPayouts)
          .set(
            reversed
              ? { status: "failed", heldReason: null, failureMessage: "The transfer to your Stripe account was reversed.", lastEventAt: at, updatedAt: nowIso }
              : // A transfer made is money on its way: 'pending', unless a later event said more already.
                {
                  status: sql`CASE WHEN ${coachPayouts.status} = 'held' THEN 'pending' ELSE ${coachPayouts.status} END`,
                  heldReason: null,
                  lastEventAt: at,
                  updatedAt: nowIso,
                },
          )
          .where(and(mine, eq(coachPayouts.stripeTransferId, transfer.id), newerOrFurther(at, reversed ? "failed" : "pending"))),
      ],
    };
  }

  // payout.*: on the coach's connected account (the event names it), about the statement in its metadata.
  const payout = event.data.object as Stripe.Payout;
  const accountId = (event as { account?: string }).account;
  const statementId = statementIdOf(payout);
  if (!accountId || !statementId || typeof payout.id !== "string") return { statements: [] };
  const mine = and(
    eq(coachPayouts.statementId, statementId),
    sql`${coachPayouts.coachId} = (SELECT coach_id FROM coach_payout_accounts WHERE stripe_account_id = ${accountId})`,
  );
  const status = payout.status === "paid" ? "paid" : payout.status === "failed" || payout.status === "canceled" ? "failed" : "pending";
  return {
    statements: [
      db
        .update(coachPayouts)
        .set({ stripePayoutId: payout.id })
        // Never the payout of an attempt an admin retried (the one the bank returned).
        .where(and(mine, eq(coachPayouts.attempt, attemptOf(payout)), sql`${coachPayouts.stripePayoutId} IS NULL`)),
      db
        .update(coachPayouts)
        .set({
          status,
          heldReason: null,
          paidAt: status === "paid" ? new Date((Number(payout.arrival_date) || at) * 1000).toISOString() : null,
          failureMessage:
            status === "failed"
              ? payout.status === "canceled"
                ? "The payout to your bank account was cancelled."
                : `Your bank returned the payout${payout.failure_message ? `: ${payout.failure_message}` : "."}`
              : null,
          lastEventAt: at,
          updatedAt: nowIso,
        })
        .where(and(mine, eq(coachPayouts.stripePayoutId, payout.id), newerOrFurther(at, status))),
    ],
  };
}
