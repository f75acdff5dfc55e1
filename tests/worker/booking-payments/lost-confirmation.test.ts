import { env } from "cloudflare:workers";
import { expect, test, vi } from "vitest";
import { startSessionCheckout } from "~/booking/checkout.server";
import { allowConsoleErrors } from "../../console-errors";
import { bookingRow, createBooking, paymentsForSession } from "../../factories/bookings";
import { createCoach } from "../../factories/coaches";
import { createUser } from "../../factories/users";
import { contextFor, countRows } from "../app";
import { holdJobs } from "../queue";
import { byType, completeCheckout, deliverWebhook, sessionIdOf, stripeEnv } from "../stripe";

// A paid booking confirmed by the webhook when the process dies before its confirmation job is
// queued: Stripe gets no 2xx and delivers the event again, and that delivery sends what is owed.

test("a paid booking confirmed just before a crash gets its confirmation from the redelivered event, once", async () => {
  const errors = allowConsoleErrors();
  const bindings = stripeEnv();
  const coach = await createCoach({ name: "Sam Lee" });
  const client = await createUser();
  const booking = await createBooking({ status: "held", coachId: coach.id, clientId: client.id, email: client.email });
  const { url } = await startSessionCheckout(contextFor(bindings), booking);
  const sessionId = sessionIdOf(url);
  const completed = byType((await completeCheckout(sessionId)).events, "checkout.session.completed");

  // The process dies right after the booking is confirmed: the notice's job never reaches the queue.
  const crash = vi.spyOn(env.JOBS, "send").mockRejectedValue(new Error("the Worker was stopped"));
  const first = await deliverWebhook(completed, bindings);
  expect(first.status).toBe(500);
  crash.mockRestore();
  expect((await bookingRow(booking.id))!.status).toBe("confirmed");
  expect(await paymentsForSession(sessionId)).toHaveLength(1);
  expect(errors.length).toBeGreaterThan(0);

  // Stripe delivers it again: the payment and the booking stay as they are, and the confirmation goes out.
  const { flush } = holdJobs();
  expect(await (await deliverWebhook(completed, bindings)).json()).toEqual({ received: true });
  await flush();
  const sent = () =>
    countRows("email_outbox", "dedupe_key IN (?, ?)", `booking:${booking.id}:confirmation:0:client`, `booking:${booking.id}:confirmation:0:coach`);
  expect(await sent()).toBe(2);

  // Any later delivery is a duplicate with no effect.
  expect(await (await deliverWebhook(completed, bindings)).json()).toEqual({ received: true, duplicate: true });
  await flush();
  expect(await sent()).toBe(2);
  expect(await paymentsForSession(sessionId)).toHaveLength(1);
  expect(await countRows("booking_notices", "booking_id = ?", booking.id)).toBe(1);
});
