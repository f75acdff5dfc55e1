import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { startSessionCheckout } from "~/booking/checkout.server";
import { formatDateTime } from "~/booking/time-zones";
import { bookingRow, createBooking } from "../../factories/bookings";
import { ALWAYS_OPEN, createCoach, freeTimes } from "../../factories/coaches";
import { createUser, webSession } from "../../factories/users";
import { contextFor, fetchApp, pageText } from "../app";

/** A held paid session with its checkout open in the local payments sandbox. */
async function heldCheckout(clientId: string | null = null) {
  const coach = await createCoach(ALWAYS_OPEN);
  const [slot] = await freeTimes(coach, "session-60", 10);
  const booking = await createBooking({ status: "held", coachId: coach.id, clientId, startsAt: slot!.startsAt });
  const { url } = await startSessionCheckout(contextFor(env), booking);
  return { booking, checkoutPath: new URL(url).pathname };
}

/** Whether the sandbox's checkout can still be paid. */
async function checkoutOpen(checkoutPath: string) {
  return (await pageText(await fetchApp(checkoutPath))).includes("Pay A$150.00");
}

/** Cancel on the checkout page: where it sends the customer (the cancel_url). */
async function cancelLink(checkoutPath: string) {
  const cancelled = await fetchApp(checkoutPath, { form: { intent: "cancel" } });
  expect(cancelled.status).toBe(302);
  const location = new URL(cancelled.headers.get("Location")!);
  return `${location.pathname}${location.search}`;
}

test("a GET of the cancel page with a booking's id and no valid token changes nothing and shows nothing of the booking", async () => {
  const { booking, checkoutPath } = await heldCheckout();
  const when = formatDateTime(booking.startsAt, booking.clientTimeZone);
  for (const query of [`booking=${booking.id}`, `booking=${booking.id}&token=c1.9999999999.forged`, `booking=${booking.id}&token=`]) {
    const response = await fetchApp(`/booking/checkout-cancelled?${query}`);
    expect((await bookingRow(booking.id))!.status, query).toBe("held");
    expect(await checkoutOpen(checkoutPath), query).toBe(true);
    expect(response.status, query).toBe(200);
    const html = await pageText(response);
    expect(html).toContain("Your checkout was cancelled");
    expect(html, query).not.toContain(when);
  }

  // Posting without the token, or signed in as someone else, is refused and changes nothing either.
  const stranger = await webSession(await createUser());
  for (const [fields, cookie] of [
    [{ intent: "release", booking: booking.id }, undefined],
    [{ intent: "release", booking: booking.id, token: "c1.9999999999.forged" }, undefined],
    [{ intent: "release", booking: booking.id }, stranger],
    [{ intent: "resume", booking: booking.id }, stranger],
  ] as const) {
    const response = await fetchApp("/booking/checkout-cancelled", { form: fields, cookie });
    expect(response.status, JSON.stringify(fields)).toBe(404);
  }
  expect((await bookingRow(booking.id))!.status).toBe("held");
  expect(await checkoutOpen(checkoutPath)).toBe(true);
  expect((await fetchApp("/booking/checkout-cancelled", { form: { intent: "burn-it-down", booking: booking.id } })).status).toBe(400);
});

test("the checkout's own cancel link shows the held time with a way back to paying, and releases it only when asked", async () => {
  const { booking, checkoutPath } = await heldCheckout();
  const link = await cancelLink(checkoutPath);
  expect(link).toMatch(new RegExp(`^/booking/checkout-cancelled\\?booking=${booking.id}&token=c1\\.`));
  const token = new URL(link, "http://localhost").searchParams.get("token")!;

  const page = await pageText(await fetchApp(link));
  expect(page).toContain("Your payment was cancelled");
  expect(page).toContain(formatDateTime(booking.startsAt, booking.clientTimeZone));
  expect(page).toMatch(/held for you until \d{1,2}:\d{2} [ap]m AE[DS]T/);
  expect(page).toContain("Return to payment");
  expect(page).toContain("Release this time");
  // Opening the page, however often, holds the time and the checkout as they were.
  await fetchApp(link);
  expect((await bookingRow(booking.id))!.status).toBe("held");
  expect(await checkoutOpen(checkoutPath)).toBe(true);

  const resumed = await fetchApp("/booking/checkout-cancelled", { form: { intent: "resume", booking: booking.id, token } });
  expect(resumed.status).toBe(302);
  expect(new URL(resumed.headers.get("Location")!).pathname).toBe(checkoutPath);

  const released = await fetchApp("/booking/checkout-cancelled", { form: { intent: "release", booking: booking.id, token } });
  expect(released.status).toBe(302);
  expect(released.headers.get("Location")).toBe(link);
  expect((await bookingRow(booking.id))!.status).toBe("expired");
  expect(await checkoutOpen(checkoutPath)).toBe(false);
  expect(await pageText(await fetchApp(link))).toContain("has been released");
});

test("the signed-in owner can release their own hold without the link's token", async () => {
  const owner = await createUser();
  const cookie = await webSession(owner);
  const { booking, checkoutPath } = await heldCheckout(owner.id);
  const page = await pageText(await fetchApp(`/booking/checkout-cancelled?booking=${booking.id}`, { cookie }));
  expect(page).toContain("Release this time");
  expect((await bookingRow(booking.id))!.status).toBe("held");

  const released = await fetchApp("/booking/checkout-cancelled", { form: { intent: "release", booking: booking.id }, cookie });
  expect(released.status).toBe(302);
  expect((await bookingRow(booking.id))!.status).toBe("expired");
  expect(await checkoutOpen(checkoutPath)).toBe(false);
});
