// "Needs attention" (/admin/attention): the kinds of failure it lists and its table query, shared
// by the loader (attention.server.ts) and the page.

export const ATTENTION_KINDS = ["email", "job", "stripe"] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number];
/** "" (the default) is what still waits; "resolved" what was replayed, dismissed or applied; "all" both. */
export const ATTENTION_STATES = ["resolved", "all"] as const;
export const ATTENTION_SORTS = ["failed", "attempts", "type"] as const;
export type AttentionSort = (typeof ATTENTION_SORTS)[number];

export const ATTENTION_TABLE = {
  sorts: ATTENTION_SORTS,
  defaultSort: "failed",
  defaultDirection: "desc",
  filters: { kind: ATTENTION_KINDS, state: ATTENTION_STATES },
  pageSize: 25,
} as const;

export const ATTENTION_KIND_LABELS: Record<AttentionKind, string> = { email: "Email", job: "Background job", stripe: "Stripe event" };
