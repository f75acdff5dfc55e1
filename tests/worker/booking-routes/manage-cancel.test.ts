import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { manageLinkExpiry, manageToken } from "~/booking/links.server";
import { readEnv } from "~/platform/env.server";
import { bookingRow, createBooking, createPayment, createRefund, daysFromNow, HOUR_MS } from "../../factories/bookings";
import { ALWAYS_OPEN, createCoach } from "../../factories/coaches";
import { fetchApp, pageText } from "../app";
import { holdJobs } from "../queue";

// Cancelling from the manage link (/booking/manage/{token}) takes a confirmation that says what
// happens to the money or credit of this booking under the policy; only the confirmed post cancels,
// and the client's reason reaches the coach.

async function managePath(booking: { id: string; endsAt: string }) {
  return `/booking/manage/${await manageToken(readEnv(env), booking.id, manageLinkExpiry(booking))}`;
}

async function outboxEmail(dedupeKey: string) {
  return env.DB.prepare("SELECT subject, text_body, html_body FROM email_outbox WHERE dedupe_key = ?")
    .bind(dedupeKey)
    .first<{ subject: string; text_body: string; html_body: string }>();
}

test("the manage page's cancel button only opens a confirmation that says what happens to a card payment", async () => {
  const coach = await createCoach(ALWAYS_OPEN);
  const booking = await createBooking({ coachId: coach.id, typeId: "session-60", startsAt: daysFromNow(20) });
  await createPayment({ userId: null, bookingId: booking.id, email: booking.email, amountCents: 15_000 });
  const path = await managePath(booking);

  const page = await pageText(await fetchApp(path));
  expect(page).toContain(`href="${path}?cancel=1#manage-cancel-confirm"`);
  expect(page).not.toContain('name="confirm"');

  const confirm = await fetchApp(`${path}?cancel=1`);
  expect(confirm.status).toBe(200);
  const html = await pageText(confirm);
  expect(html).toContain("Cancel this booking?");
  expect(html).toContain("Your payment of A$150.00 will be refunded in full to the card you paid with as soon as you cancel.");
  expect(html).toContain("Refunds usually arrive within 5 to 10 business days.");
  expect(html).toContain('<input type="hidden" name="confirm" value="refund"/>');
  expect(html).toContain("Reason (optional)");
  expect(html).toContain("Keep my booking");
  expect((await bookingRow(booking.id))!.status).toBe("confirmed");
});

test("the confirmation names what is left to refund, and the late and credit cases", async () => {
  const coach = await createCoach(ALWAYS_OPEN);
  // Part of the payment already refunded by an admin: the rest is what comes back.
  const partly = await createBooking({ coachId: coach.id, startsAt: daysFromNow(20) });
  const payment = await createPayment({ userId: null, bookingId: partly.id, email: partly.email, amountCents: 15_000 });
  await createRefund(payment.id, 5_000);
  expect(await pageText(await fetchApp(`${await managePath(partly)}?cancel=1`))).toContain("Your payment of A$100.00 will be refunded in full");

  const late = await createBooking({ coachId: coach.id, startsAt: new Date(Date.now() + 10 * HOUR_MS).toISOString() });
  await createPayment({ userId: null, bookingId: late.id, email: late.email, amountCents: 15_000 });
  const lateHtml = await pageText(await fetchApp(`${await managePath(late)}?cancel=1`));
  expect(lateHtml).toContain("It's now less than 24 hours before the start, so your payment of A$150.00 won't be refunded.");
  expect(lateHtml).toContain('name="confirm" value="no-refund"');

  const credit = await createBooking({ coachId: coach.id, startsAt: daysFromNow(20), paymentMethod: "credit" });
  expect(await pageText(await fetchApp(`${await managePath(credit)}?cancel=1`))).toContain(
    "The package credit you used will be returned at once, so you can use it to book another session.",
  );
  const lateCredit = await createBooking({ coachId: coach.id, startsAt: new Date(Date.now() + 5 * HOUR_MS).toISOString(), paymentMethod: "credit" });
  expect(await pageText(await fetchApp(`${await managePath(lateCredit)}?cancel=1`))).toContain(
    "It's now less than 24 hours before the start, so the package credit you used won't be returned.",
  );

  const free = await createBooking({ coachId: coach.id, typeId: "discovery", startsAt: daysFromNow(20) });
  expect(await pageText(await fetchApp(`${await managePath(free)}?cancel=1`))).toContain("This session is free, so there's nothing to refund.");
});

test("a cancel post without the confirmation, or with terms that no longer hold, changes nothing", async () => {
  const { held, flush } = holdJobs();
  const coach = await createCoach(ALWAYS_OPEN);
  const booking = await createBooking({ coachId: coach.id, typeId: "discovery", startsAt: daysFromNow(20) });
  const path = await managePath(booking);

  const unconfirmed = await fetchApp(path, { form: { intent: "cancel", reason: "Something came up" } });
  expect(unconfirmed.status).toBe(400);
  const html = await pageText(unconfirmed);
  expect(html).toContain("Please confirm the cancellation");
  // The confirmation is shown again, so one more press finishes it.
  expect(html).toContain("Cancel this booking?");

  for (const confirm of ["yes", "", "refund-everything"]) {
    expect((await fetchApp(path, { form: { intent: "cancel", confirm } })).status, confirm).toBe(400);
  }
  const stale = await fetchApp(path, { form: { intent: "cancel", confirm: "no-refund" } });
  expect(stale.status).toBe(409);
  expect(await pageText(stale)).toContain("What cancelling means has changed since you opened this page: This session is free");

  const tooLong = await fetchApp(path, { form: { intent: "cancel", confirm: "nothing-paid", reason: "x".repeat(501) } });
  expect(tooLong.status).toBe(400);

  expect(await bookingRow(booking.id)).toMatchObject({ status: "confirmed", sequence: 0, cancelReason: null });
  expect(held.filter((job) => job.type === "booking.notice")).toEqual([]);
  await flush();
});

test("the confirmed post cancels, and the coach's cancellation email carries the client's reason", async () => {
  const { flush } = holdJobs();
  const coach = await createCoach({ ...ALWAYS_OPEN, name: "Dana Reyes" });
  const booking = await createBooking({ coachId: coach.id, typeId: "discovery", startsAt: daysFromNow(20), name: "Mia Cartwright" });
  const path = await managePath(booking);

  const cancelled = await fetchApp(`${path}?cancel=1`, {
    form: { intent: "cancel", confirm: "nothing-paid", reason: "A supplier meeting moved to that morning" },
  });
  expect(cancelled.status).toBe(302);
  expect(await bookingRow(booking.id)).toMatchObject({ status: "cancelled", cancelledBy: "link", cancelReason: "A supplier meeting moved to that morning" });
  await flush();

  const coachEmail = (await outboxEmail(`booking:${booking.id}:cancellation:1:coach`))!;
  expect(coachEmail.text_body).toContain("Reason given by Mia: A supplier meeting moved to that morning");
  expect(coachEmail.html_body).toContain("A supplier meeting moved to that morning");
  const clientEmail = (await outboxEmail(`booking:${booking.id}:cancellation:1:client`))!;
  expect(clientEmail.text_body).not.toContain("Reason given");

  expect(await pageText(await fetchApp(path))).toContain("This booking is cancelled");
  const again = await fetchApp(path, { form: { intent: "cancel", confirm: "nothing-paid" } });
  expect(again.status).toBe(409);
  expect(await pageText(again)).toContain("This booking has already been cancelled");
});
