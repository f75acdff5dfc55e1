import { env } from "cloudflare:workers";
import { expect, test, vi } from "vitest";
import { bookSlot, cancelBooking, rescheduleBooking, type BookSlotInput } from "~/booking/bookings.server";
import { bookingContext, NOW, sydney } from "./helpers";
import { bookingDetails } from "../../factories/bookings";
import { createCoach } from "../../factories/coaches";
import { deliverJobs, fireCron, holdJobs } from "../queue";

// Nothing a booking owes its people is lost when the process dies between the change and its
// notice job (or the job itself is lost): the state says what is owed, and the 15-minute sweep
// sends what was never recorded — once, and only after the change has had a few minutes to send it.

const MINUTE = 60_000;
const LINK = { kind: "link", userId: null } as const;

async function outboxKeys(bookingId: string) {
  const prefix = `booking:${bookingId}:`;
  const { results } = await env.DB.prepare("SELECT dedupe_key FROM email_outbox WHERE substr(dedupe_key, 1, ?) = ? ORDER BY dedupe_key")
    .bind(prefix.length, prefix)
    .all<{ dedupe_key: string }>();
  return results.map((row) => row.dedupe_key.slice(prefix.length));
}

test("the 15-minute sweep sends the confirmation, update and cancellation whose jobs were lost, once, and nothing a booking doesn't owe", async () => {
  // The sweep's other half (stuck outbox rows) is not what this test watches.
  vi.spyOn(env.JOBS, "sendBatch").mockResolvedValue(undefined as unknown as QueueSendBatchResponse);
  const { held, flush } = holdJobs();
  const coach = await createCoach({ observeHolidays: false });
  const context = bookingContext();
  const book = async (startsAt: string, payWith: BookSlotInput["payWith"] = "free") => {
    const result = await bookSlot(context, {
      typeId: payWith === "free" ? "discovery" : "session-60",
      coach: coach.slug,
      startsAt,
      details: bookingDetails(),
      clientTimeZone: "Australia/Sydney",
      userId: null,
      payWith,
    });
    if (result.status !== "booked") throw new Error("expected a booking");
    return result.booking;
  };

  // While the queue works, every confirmation goes out as usual.
  const notified = await book(sydney(2, "10:00"));
  const moved = await book(sydney(2, "12:00"));
  const cancelled = await book(sydney(2, "14:00"));
  const unpaid = await book(sydney(3, "14:00"), "card");
  await flush();
  expect(await outboxKeys(moved.id)).toEqual(["confirmation:0:client", "confirmation:0:coach"]);

  // Then the process dies right after each change: its notice job never reaches the queue.
  const lose = () => held.splice(0);
  const confirmed = await book(sydney(2, "16:00"));
  lose();
  await rescheduleBooking(context, moved.id, sydney(3, "10:00"), LINK);
  lose();
  await cancelBooking(context, cancelled.id, LINK);
  lose();
  // A hold cancelled before it was paid was never confirmed: it owes nobody anything.
  await cancelBooking(context, unpaid.id, LINK);
  lose();
  // A notice whose job used up its retries waits for an admin at /admin/jobs instead.
  const withAdmins = await book(sydney(3, "16:00"));
  lose();
  await env.DB.prepare("INSERT INTO failed_jobs (id, message_id, type, body, attempts, queued_at, failed_at) VALUES (?, ?, 'booking.notice', ?, 4, ?, ?)")
    .bind(
      crypto.randomUUID(),
      `msg-${crypto.randomUUID()}`,
      JSON.stringify({ type: "booking.notice", version: 1, bookingId: withAdmins.id, kind: "confirmation", sequence: 0 }),
      NOW.toISOString(),
      NOW.toISOString(),
    )
    .run();

  const ours = [notified.id, confirmed.id, moved.id, cancelled.id, unpaid.id, withAdmins.id];
  const enqueued = () => held.splice(0).filter((job) => job.type === "booking.notice" && ours.includes(String(job.bookingId)));

  // A change a minute old may still be sending its own notice: the sweep leaves it alone.
  await fireCron("*/15 * * * *", new Date(NOW.getTime() + 2 * MINUTE));
  expect(enqueued()).toEqual([]);

  await fireCron("*/15 * * * *", new Date(NOW.getTime() + 20 * MINUTE));
  const byBooking = (jobs: Record<string, unknown>[]) => [...jobs].sort((a, b) => ours.indexOf(String(a.bookingId)) - ours.indexOf(String(b.bookingId)));
  expect(byBooking(enqueued())).toEqual([
    { type: "booking.notice", version: 1, bookingId: confirmed.id, kind: "confirmation", sequence: 0 },
    { type: "booking.notice", version: 1, bookingId: moved.id, kind: "update", sequence: 1 },
    { type: "booking.notice", version: 1, bookingId: cancelled.id, kind: "cancellation", sequence: 1 },
  ]);
  // Twice over (a second sweep before the first one's jobs ran): still one email each.
  await fireCron("*/15 * * * *", new Date(NOW.getTime() + 21 * MINUTE));
  await flush();
  expect(await outboxKeys(confirmed.id)).toEqual(["confirmation:0:client", "confirmation:0:coach"]);
  expect(await outboxKeys(moved.id)).toEqual(["confirmation:0:client", "confirmation:0:coach", "update:1:client", "update:1:coach"]);
  expect(await outboxKeys(cancelled.id)).toEqual(["cancellation:1:client", "cancellation:1:coach", "confirmation:0:client", "confirmation:0:coach"]);
  expect(await outboxKeys(notified.id)).toEqual(["confirmation:0:client", "confirmation:0:coach"]);
  expect(await outboxKeys(unpaid.id)).toEqual([]);
  expect(await outboxKeys(withAdmins.id)).toEqual([]);

  // Everything owed is recorded now: the next sweep finds nothing.
  await fireCron("*/15 * * * *", new Date(NOW.getTime() + 35 * MINUTE));
  expect(enqueued()).toEqual([]);
});

test("a reminder whose job was lost is found due again by the next 5-minute reminders sweep, and sent once", async () => {
  const { held, flush } = holdJobs();
  const coach = await createCoach({ observeHolidays: false });
  const result = await bookSlot(bookingContext(), {
    typeId: "discovery",
    coach: coach.slug,
    startsAt: sydney(4, "10:00"),
    details: bookingDetails(),
    clientTimeZone: "Australia/Sydney",
    userId: null,
    payWith: "free",
  });
  if (result.status !== "booked") throw new Error("expected a booking");
  const { booking } = result;
  await flush();

  const dayBefore = new Date(Date.parse(booking.startsAt) - 24 * 60 * MINUTE + MINUTE);
  const sweepAt = async (minutes: number) =>
    expect(
      (await deliverJobs([{ type: "booking.reminders", version: 1, scheduledAt: new Date(dayBefore.getTime() + minutes * MINUTE).toISOString() }]))
        .retryMessages,
    ).toEqual([]);
  const reminderJobs = () => held.splice(0).filter((job) => job.type === "booking.notice" && job.bookingId === booking.id);
  const reminder = { type: "booking.notice", version: 1, bookingId: booking.id, kind: "reminder-24h", sequence: 0 };

  // The sweep enqueues the reminder, and the job is lost before it runs.
  await sweepAt(0);
  expect(reminderJobs()).toEqual([reminder]);
  // Five minutes later the next sweep finds it still due; this time it runs.
  await sweepAt(5);
  expect(held.filter((job) => job.bookingId === booking.id)).toEqual([reminder]);
  await flush();
  expect(await outboxKeys(booking.id)).toEqual(["confirmation:0:client", "confirmation:0:coach", "reminder-24h:0:client", "reminder-24h:0:coach"]);
  await sweepAt(10);
  expect(reminderJobs()).toEqual([]);
});
