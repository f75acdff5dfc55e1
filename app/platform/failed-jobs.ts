import { z } from "zod";

// The admin failed-jobs page's form and labels: pure, shared by the route and its tests.

export const FailedJobActionSchema = z.object({
  intent: z.enum(["replay", "dismiss"], { error: "Choose whether to replay or dismiss the job." }),
  id: z.uuid({ error: "That failed job doesn't exist." }),
});

export const FAILED_JOB_FILTERS = ["failed", "replayed", "dismissed", "all"] as const;

export type FailedJobFilterName = (typeof FAILED_JOB_FILTERS)[number];

export const FAILED_JOB_FILTER_LABELS: Record<FailedJobFilterName, string> = {
  failed: "Waiting for review",
  replayed: "Replayed",
  dismissed: "Dismissed",
  all: "All",
};

export const FAILED_JOB_STATUS_LABELS = { failed: "Waiting for review", replayed: "Replayed", dismissed: "Dismissed" } as const;
