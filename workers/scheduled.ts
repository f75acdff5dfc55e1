import type { JobMessage } from "~/jobs/messages";

// Cron only decides what is due and enqueues it; the queue consumer does the work with retries.
export function jobsForSchedule(controller: Pick<ScheduledController, "scheduledTime">): JobMessage[] {
  const scheduledAt = new Date(controller.scheduledTime).toISOString();
  return [{ type: "maintenance.purge", version: 1, task: "rate-limits", scheduledAt }];
}

export async function handleScheduled(controller: ScheduledController, env: Env): Promise<void> {
  const jobs = jobsForSchedule(controller);
  await env.JOBS.sendBatch(jobs.map((body) => ({ body })));
}
