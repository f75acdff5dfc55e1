import * as z from "zod";

// The admin failed-jobs page's form and labels: pure, shared by the route and its tests. The labels
// live in failed-job-labels.ts, without zod, so the page's first load does not carry it.

export { FAILED_JOB_FILTER_LABELS, FAILED_JOB_FILTERS, FAILED_JOB_STATUS_LABELS, type FailedJobFilterName } from "./failed-job-labels";

export const FailedJobActionSchema = z.object({
  intent: z.enum(["replay", "dismiss"], { error: "Choose whether to replay or dismiss the job." }),
  id: z.uuid({ error: "That failed job doesn't exist." }),
});
