import { requeueOwedNotices } from "~/booking/notices.server";
import type { AppContext } from "~/context.server";
import type { JobMessage } from "~/jobs/messages";
import { sweepStuckOutbox } from "~/jobs/failed-jobs.server";
import { publishDueContent } from "~/content/admin/content-admin.server";

/**
 * The frequent cron (wrangler.toml [triggers]): re-enqueues what a crash or a lost job left undone —
 * outbox rows stuck in "pending", and booking notices owed by a booking's state but never recorded —
 * and sweeps coaches' payouts (statements to pay, held payouts to release).
 */
export const OUTBOX_SWEEP_CRON = "*/15 * * * *";
/** The booking cron: due reminders (24 hours and 1 hour before) and holds whose checkout time ran out. */
export const BOOKING_CRON = "*/5 * * * *";
/**
 * Every minute: scheduled posts, case studies and resources whose time has come are published (so a
 * post scheduled for 9:00 is live by 9:01 at the latest). Done here, not through the queue: three
 * indexed conditional UPDATEs that claim each due item once, however often or concurrently it runs.
 */
export const CONTENT_CRON = "* * * * *";

// Cron only decides what is due and enqueues it; the queue consumer does the work with retries.
export function jobsForSchedule(controller: Pick<ScheduledController, "scheduledTime">): JobMessage[] {
  const scheduledAt = new Date(controller.scheduledTime).toISOString();
  return [
    { type: "maintenance.purge", version: 1, task: "rate-limits", scheduledAt },
    { type: "maintenance.purge", version: 1, task: "auth-tokens", scheduledAt },
    // Audit entries older than 7 years (app/jobs/maintenance.server.ts).
    { type: "maintenance.purge", version: 1, task: "audit-log", scheduledAt },
    // AI coach conversations and escalation transcripts past the retention period (app/ai-coach/retention.server.ts).
    { type: "ai-coach.retention-sweep", version: 1, scheduledAt },
    // Conversions and page-view counters older than 13 months (app/attribution/retention.server.ts).
    { type: "attribution.expire", version: 1, scheduledAt },
    // Meeting recordings past RECORDING_RETENTION_DAYS, and uploads abandoned half-way (app/meetings/recordings.server.ts).
    { type: "meetings.recordings-retention", version: 1, scheduledAt },
    // Coaches' earnings statements for last month: issued by the first run of the month (16:00 UTC
    // is 2 or 3 am on the 1st in Sydney), a no-op on the other days (app/coach-network/statements.server.ts).
    { type: "coach-network.issue-statements", version: 1, scheduledAt },
    // CVs of coach applications rejected or withdrawn more than CV_RETENTION_DAYS ago (app/coach-network/cv-retention.server.ts).
    { type: "coach-network.cv-retention", version: 1, scheduledAt },
  ];
}

/** One cron run, in the context the Worker entry built for it: its clock reads the scheduled time. */
export async function handleScheduled(controller: Pick<ScheduledController, "cron" | "scheduledTime">, context: AppContext): Promise<void> {
  const jobs = context.services.jobs;
  if (controller.cron === OUTBOX_SWEEP_CRON) {
    const now = context.services.clock.now();
    await sweepStuckOutbox(context.db, context.env, jobs, now);
    await requeueOwedNotices(context.db, jobs, now);
    // Coaches' payouts owed for issued statements, and held ones that may now go (app/coach-network/payouts.server.ts).
    await jobs.send({ type: "coach-network.payouts-sweep", version: 1, scheduledAt: now.toISOString() });
    return;
  }
  if (controller.cron === CONTENT_CRON) {
    const published = await publishDueContent({ db: context.db, env: context.cloudflare.env }, context.services.clock.now());
    if (published > 0) console.log(`scheduled content: ${published} published`);
    return;
  }
  if (controller.cron === BOOKING_CRON) {
    const scheduledAt = new Date(controller.scheduledTime).toISOString();
    const booking: JobMessage[] = [
      { type: "booking.reminders", version: 1, scheduledAt },
      { type: "booking.expire-holds", version: 1, scheduledAt },
    ];
    await jobs.sendBatch(booking.map((body) => ({ body })));
    return;
  }
  await jobs.sendBatch(jobsForSchedule(controller).map((body) => ({ body })));
}
