import { eq, or } from "drizzle-orm";
import type { UserDataEntry } from "~/accounts/user-data-entry.server";
import { aiSubscriptions, billingCustomers, billingInvoices, paymentsSandboxObjects } from "~/db/schema";

// Deleting the account first cancels a running Stripe subscription (account.server.ts
// cancelBillingOnAccountDeletion); Stripe keeps its own records of past payments.

/** The user's Stripe customer, ClarityAI subscription and invoices: what export and deletion do with them. */
export const BILLING_USER_DATA: UserDataEntry[] = [
  {
    table: billingCustomers,
    export: {
      key: "billingCustomer",
      read: async ({ db }, user) => (await db.select().from(billingCustomers).where(eq(billingCustomers.userId, user.id)).get()) ?? null,
    },
    erase: "cascade",
  },
  {
    table: aiSubscriptions,
    export: {
      key: "aiSubscription",
      read: async ({ db }, user) => (await db.select().from(aiSubscriptions).where(eq(aiSubscriptions.userId, user.id)).get()) ?? null,
    },
    erase: "cascade",
  },
  {
    table: billingInvoices,
    export: { key: "invoices", read: ({ db }, user) => db.select().from(billingInvoices).where(eq(billingInvoices.userId, user.id)) },
    erase: "cascade",
  },
  {
    // The local payments sandbox's copies of the user's customer, sessions, subscriptions and invoices
    // (only where no Stripe key is set): gone with the account, and not exported (a stand-in for Stripe).
    table: paymentsSandboxObjects,
    erase: async ({ db }, user) => {
      const customer = await db.select({ id: billingCustomers.stripeCustomerId }).from(billingCustomers).where(eq(billingCustomers.userId, user.id)).get();
      return {
        statements: customer
          ? [db.delete(paymentsSandboxObjects).where(or(eq(paymentsSandboxObjects.customer, customer.id), eq(paymentsSandboxObjects.id, customer.id))!)]
          : [],
      };
    },
  },
];
