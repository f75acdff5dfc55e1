import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { startSessionCheckout } from "~/booking/checkout.server";
import { formatDateTime } from "~/booking/time-zones";
import { fetchApp, pageText } from "../app";
import { createConfirmedUser, signInOnWeb } from "../auth-helpers";
import { contextFor } from "../billing/helpers";
import { bookingRow, createBooking } from "../booking-payments/helpers";
import { formPost } from "../factories";
import { createCoach, freeTimes } from "./helpers";

// /booking/checkout-cancelled: where Checkout sends someone who backs out of paying. A GET only
// shows the page; the hold is released (or the payment resumed) by a POST from the checkout's own
// signed return link or the signed-in owner — never by whoever knows the booking's id.

function get(path: string, cookie?: string) {
  return fetchApp(new Request(`http://localhost${path}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} }));
}

function post(path: string, fields: Record<string, string>, cookie?: string) {
  return fetchApp(formPost(path, fields, cookie ? { Cookie: cookie } : {}));
}

/** A held paid session with its checkout open in the local payments sandbox. */
async function heldCheckout(clientId: string | null = null) {
  const coach = await createCoach();
  const [slot] = await freeTimes(coach, "session-60", 10);
  const booking = await createBooking({ coachId: coach.id, clientId, startsAt: slot!.startsAt });
  const { url } = await startSessionCheckout(contextFor(env), booking);
  return { booking, checkoutPath: new URL(url).pathname };
}

/** Whether the sandbox's checkout can still be paid. */
async function checkoutOpen(checkoutPath: string) {
  return (await pageText(await get(checkoutPath))).includes("Pay A$150.00");
}

/** Cancel on the checkout page: where it sends the customer (the cancel_url). */
async function cancelLink(checkoutPath: string) {
  const cancelled = await post(checkoutPath, { intent: "cancel" });
  expect(cancelled.status).toBe(302);
  const location = new URL(cancelled.headers.get("Location")!);
  return `${location.pathname}${location.search}`;
}

test("a GET of the cancel page with a booking's id and no valid token changes nothing and shows nothing of the booking", async () => {
  const { booking, checkoutPath } = await heldCheckout();
  const when = formatDateTime(booking.startsAt, booking.clientTimeZone);
  for (const query of [`booking=${booking.id}`, `booking=${booking.id}&token=c1.9999999999.forged`, `booking=${booking.id}&token=`]) {
    const response = await get(`/booking/checkout-cancelled?${query}`);
    expect((await bookingRow(booking.id))!.status, query).toBe("held");
    expect(await checkoutOpen(checkoutPath), query).toBe(true);
    expect(response.status, query).toBe(200);
    const html = await pageText(response);
    expect(html).toContain("Your checkout was cancelled");
    expect(html, query).not.toContain(when);
  }

  // Posting without the token, or signed in as someone else, is refused and changes nothing either.
  const stranger = await signInOnWeb(await createConfirmedUser());
  for (const [fields, cookie] of [
    [{ intent: "release", booking: booking.id }, undefined],
    [{ intent: "release", booking: booking.id, token: "c1.9999999999.forged" }, undefined],
    [{ intent: "release", booking: booking.id }, stranger],
    [{ intent: "resume", booking: booking.id }, stranger],
  ] as const) {
    const response = await post("/booking/checkout-cancelled", fields, cookie);
    expect(response.status, JSON.stringify(fields)).toBe(404);
  }
  expect((await bookingRow(booking.id))!.status).toBe("held");
  expect(await checkoutOpen(checkoutPath)).toBe(true);
  expect((await post("/booking/checkout-cancelled", { intent: "burn-it-down", booking: booking.id })).status).toBe(400);
});

test("the checkout's own cancel link shows the held time with a way back to paying, and releases it only when asked", async () => {
  const { booking, checkoutPath } = await heldCheckout();
  const link = await cancelLink(checkoutPath);
  expect(link).toMatch(new RegExp(`^/booking/checkout-cancelled\\?booking=${booking.id}&token=c1\\.`));
  const token = new URL(link, "http://localhost").searchParams.get("token")!;

  const page = await pageText(await get(link));
  expect(page).toContain("Your payment was cancelled");
  expect(page).toContain(formatDateTime(booking.startsAt, booking.clientTimeZone));
  expect(page).toMatch(/held for you until \d{1,2}:\d{2} [ap]m AE[DS]T/);
  expect(page).toContain("Return to payment");
  expect(page).toContain("Release this time");
  // Opening the page, however often, holds the time and the checkout as they were.
  await get(link);
  expect((await bookingRow(booking.id))!.status).toBe("held");
  expect(await checkoutOpen(checkoutPath)).toBe(true);

  const resumed = await post("/booking/checkout-cancelled", { intent: "resume", booking: booking.id, token });
  expect(resumed.status).toBe(302);
  expect(new URL(resumed.headers.get("Location")!).pathname).toBe(checkoutPath);

  const released = await post("/booking/checkout-cancelled", { intent: "release", booking: booking.id, token });
  expect(released.status).toBe(302);
  expect(released.headers.get("Location")).toBe(link);
  expect((await bookingRow(booking.id))!.status).toBe("expired");
  expect(await checkoutOpen(checkoutPath)).toBe(false);
  expect(await pageText(await get(link))).toContain("has been released");
});

test("the signed-in owner can release their own hold without the link's token", async () => {
  const owner = await createConfirmedUser();
  const cookie = await signInOnWeb(owner);
  const { booking, checkoutPath } = await heldCheckout(owner.id);
  const page = await pageText(await get(`/booking/checkout-cancelled?booking=${booking.id}`, cookie));
  expect(page).toContain("Release this time");
  expect((await bookingRow(booking.id))!.status).toBe("held");

  const released = await post("/booking/checkout-cancelled", { intent: "release", booking: booking.id }, cookie);
  expect(released.status).toBe(302);
  expect((await bookingRow(booking.id))!.status).toBe("expired");
  expect(await checkoutOpen(checkoutPath)).toBe(false);
});
