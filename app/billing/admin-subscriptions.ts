import { AI_SUBSCRIPTION_TIERS } from "~/db/schema";

// /admin/subscriptions: its statuses, sorts and table query, shared by the loader and the page.

/** Stripe's subscription statuses (ours are copied from Stripe as they are). */
export const SUBSCRIPTION_STATUSES = ["active", "trialing", "past_due", "unpaid", "canceled", "incomplete", "incomplete_expired", "paused"] as const;
export const SUBSCRIPTION_SORTS = ["renewal", "updated", "email"] as const;
export type SubscriptionSort = (typeof SUBSCRIPTION_SORTS)[number];

export const SUBSCRIPTIONS_TABLE = {
  sorts: SUBSCRIPTION_SORTS,
  defaultSort: "updated",
  defaultDirection: "desc",
  filters: { status: SUBSCRIPTION_STATUSES, tier: AI_SUBSCRIPTION_TIERS },
  pageSize: 25,
} as const;
