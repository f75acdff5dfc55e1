import { COACH_PAYOUT_STATUSES } from "~/db/schema";

// /admin/payouts: its sorts and table query, shared by the loader and the page.

export const ADMIN_PAYOUT_SORTS = ["status", "updated", "amount", "period"] as const;
export type AdminPayoutSort = (typeof ADMIN_PAYOUT_SORTS)[number];

export const ADMIN_PAYOUTS_TABLE = {
  sorts: ADMIN_PAYOUT_SORTS,
  // "status" puts failed payouts first (then held, on their way, paid), newest change first within each.
  defaultSort: "status",
  defaultDirection: "asc",
  filters: { status: COACH_PAYOUT_STATUSES },
  pageSize: 25,
} as const;
