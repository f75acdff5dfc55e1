// The admin failed-jobs page's filters and labels: plain data for the page in the browser, apart from
// the form's zod schema (failed-jobs.ts), which would otherwise come with it into the page's first load.

export const FAILED_JOB_FILTERS = ["failed", "replayed", "dismissed", "all"] as const;

export type FailedJobFilterName = (typeof FAILED_JOB_FILTERS)[number];

export const FAILED_JOB_FILTER_LABELS: Record<FailedJobFilterName, string> = {
  failed: "Waiting for review",
  replayed: "Replayed",
  dismissed: "Dismissed",
  all: "All",
};

export const FAILED_JOB_STATUS_LABELS = { failed: "Waiting for review", replayed: "Replayed", dismissed: "Dismissed" } as const;

export const FAILED_JOB_SORTS = ["recorded", "failed", "attempts", "type"] as const;
export type FailedJobSort = (typeof FAILED_JOB_SORTS)[number];

/** The list's query (readTableQuery): no status is "waiting for review"; search by type or error. */
export const FAILED_JOBS_TABLE = {
  sorts: FAILED_JOB_SORTS,
  defaultSort: "recorded",
  defaultDirection: "desc",
  filters: { status: ["replayed", "dismissed", "all"] },
  pageSize: 25,
} as const;
