import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "~/db/client.server";
import { billingCustomers } from "~/db/schema";

/** The customer id of a Stripe object's `customer` field, expanded or not. */
export function customerIdOf(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && "id" in value && typeof value.id === "string") return value.id;
  return null;
}

export async function stripeCustomerIdOf(db: Db, userId: string): Promise<string | null> {
  const row = await db.select({ id: billingCustomers.stripeCustomerId }).from(billingCustomers).where(eq(billingCustomers.userId, userId)).get();
  return row?.id ?? null;
}

/**
 * The user's one Stripe customer, created on first need. The idempotency key makes concurrent first
 * checkouts create one customer at Stripe, and the primary key on user_id keeps one row: whichever
 * insert loses reads the winner's.
 */
export async function ensureStripeCustomer(db: Db, stripe: Stripe, user: { id: string; email: string | null }): Promise<string> {
  const existing = await stripeCustomerIdOf(db, user.id);
  if (existing) return existing;
  const customer = await stripe.customers.create(
    { ...(user.email ? { email: user.email } : {}), metadata: { user_id: user.id } },
    { idempotencyKey: `clarityai-customer-${user.id}` },
  );
  await db.insert(billingCustomers).values({ userId: user.id, stripeCustomerId: customer.id }).onConflictDoNothing();
  return (await stripeCustomerIdOf(db, user.id)) ?? customer.id;
}
