import { expect, test } from "vitest";
import { JobMessageSchema } from "~/jobs/messages";
import { retryDelaySeconds } from "../../workers/queue-consumer";
import { jobsForSchedule } from "../../workers/scheduled";

test("job messages are a versioned union: unknown versions and types do not parse", () => {
  expect(JobMessageSchema.safeParse({ type: "lead.notify", version: 1, leadId: "abc" }).success).toBe(true);
  expect(JobMessageSchema.safeParse({ type: "lead.notify", version: 2, leadId: "abc" }).success).toBe(false);
  expect(JobMessageSchema.safeParse({ type: "lead.notify", version: 1 }).success).toBe(false);
  expect(JobMessageSchema.safeParse({ type: "something.else", version: 1 }).success).toBe(false);
  expect(JobMessageSchema.safeParse({ type: "maintenance.purge", version: 1, task: "rate-limits", scheduledAt: "yesterday" }).success).toBe(false);
});

test("retries back off exponentially from 30 seconds up to 10 minutes", () => {
  expect([1, 2, 3, 4, 5, 6, 10].map(retryDelaySeconds)).toEqual([30, 60, 120, 240, 480, 600, 600]);
});

test("the daily schedule produces the purge jobs, each stamped with the scheduled time", () => {
  const jobs = jobsForSchedule({ scheduledTime: Date.parse("2026-11-21T16:00:00Z") });
  expect(jobs).toEqual([
    { type: "maintenance.purge", version: 1, task: "rate-limits", scheduledAt: "2026-11-21T16:00:00.000Z" },
    { type: "maintenance.purge", version: 1, task: "auth-tokens", scheduledAt: "2026-11-21T16:00:00.000Z" },
    { type: "maintenance.purge", version: 1, task: "audit-log", scheduledAt: "2026-11-21T16:00:00.000Z" },
    { type: "ai-coach.retention-sweep", version: 1, scheduledAt: "2026-11-21T16:00:00.000Z" },
    { type: "attribution.expire", version: 1, scheduledAt: "2026-11-21T16:00:00.000Z" },
    { type: "meetings.recordings-retention", version: 1, scheduledAt: "2026-11-21T16:00:00.000Z" },
    { type: "coach-network.issue-statements", version: 1, scheduledAt: "2026-11-21T16:00:00.000Z" },
    { type: "coach-network.cv-retention", version: 1, scheduledAt: "2026-11-21T16:00:00.000Z" },
  ]);
  for (const job of jobs) expect(JobMessageSchema.parse(job)).toEqual(job);
});
