import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { manageLinkExpiry, manageToken } from "~/booking/links.server";
import { readEnv } from "~/platform/env.server";
import { grantBookingAccess } from "~/booking/access.server";
import { bookingFields, bookingRow, bookingsByEmail, confirmationParts } from "../../factories/bookings";
import { ALWAYS_OPEN, createCoach, freeTimes } from "../../factories/coaches";
import { createUser, uniqueEmail, webSession } from "../../factories/users";
import { fetchApp, pageText } from "../app";

// Who sees a booking's confirmation page: the browser that booked it (or paid for it), for an hour;
// the owner signed in, always; the holder of its emailed link. Anyone else who has the page's
// address — a shared screen, a forwarded link, browser history — sees a neutral page that says
// nothing about the booking and never its manage link or calendar token.

const SYDNEY = "Australia/Sydney";
const NEUTRAL = "This confirmation link has expired";
const EMAILED = "We've emailed your confirmation and manage link to you.";

function detailsPath(coach: string, time: string, type = "discovery") {
  return `/booking?type=${type}&coach=${coach}&tz=${encodeURIComponent(SYDNEY)}&time=${encodeURIComponent(time)}`;
}

/** The cookies a response sets, as a Cookie header would send them back. */
function cookiesOf(response: Response, ...more: (string | undefined)[]) {
  return [...response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!), ...more.filter(Boolean)].join("; ");
}

function pathOf(location: string | null) {
  const url = new URL(location ?? "", "http://localhost");
  return `${url.pathname}${url.search}`;
}

function expectNothingOfTheBooking(html: string, reference: string) {
  expect(html).toContain(NEUTRAL);
  expect(html).toContain(EMAILED);
  expect(html).not.toContain(reference);
  expect(html).not.toContain("/booking/manage/");
  expect(html).not.toContain(".ics?token=");
  expect(html).not.toContain("/meeting/");
}

test("a discovery call's confirmation opens in the browser that booked it; anyone else with its address sees a neutral page", async () => {
  const coach = await createCoach(ALWAYS_OPEN);
  const [slot] = await freeTimes(coach);
  const email = uniqueEmail("booker");
  const booked = await fetchApp(detailsPath(coach.slug, slot!.startsAt), {
    form: bookingFields({ coach: coach.slug, tz: SYDNEY, time: slot!.startsAt, email }),
  });
  expect(booked.status).toBe(302);
  const address = pathOf(booked.headers.get("Location"));
  // The address names the booking and nothing that opens it: no manage token to pass on.
  expect(address).toMatch(/^\/booking-confirmation\?booking=[0-9a-f-]{36}$/);
  const [row] = await bookingsByEmail(email);
  const reference = String(row!.reference);

  const mine = await fetchApp(address, { cookie: cookiesOf(booked) });
  expect(mine.status).toBe(200);
  const html = await pageText(mine);
  expect(html).toContain("is booked");
  expect(html).toContain(reference);
  expect(html).toMatch(/href="\/booking\/manage\/m1\./);

  const someoneElse = await fetchApp(address);
  expect(someoneElse.status).toBe(404);
  expectNothingOfTheBooking(await pageText(someoneElse), reference);
  const signedInStranger = await fetchApp(address, { cookie: await webSession(await createUser()) });
  expectNothingOfTheBooking(await pageText(signedInStranger), reference);
});

test("back from paying, the session id in the address opens nothing: the paying browser and the owner see the booking, no one else", async () => {
  const coach = await createCoach(ALWAYS_OPEN);
  const [slot] = await freeTimes(coach, "session-60", 10);
  const client = await createUser();
  const session = await webSession(client);
  const booked = await fetchApp(detailsPath(coach.slug, slot!.startsAt, "session-60"), {
    form: bookingFields({ type: "session-60", coach: coach.slug, tz: SYDNEY, time: slot!.startsAt, email: client.email, payWith: "card" }),
    cookie: session,
  });
  expect(booked.status).toBe(302);
  const payer = cookiesOf(booked);
  const checkout = new URL(booked.headers.get("Location")!).pathname;
  const paid = await fetchApp(checkout, { form: { intent: "pay" }, cookie: session });
  expect(paid.status).toBe(302);
  const successUrl = pathOf(paid.headers.get("Location"));
  expect(successUrl).toMatch(/^\/booking-confirmation\?booking=[0-9a-f-]{36}&session_id=cs_/);
  const [row] = await bookingsByEmail(client.email);
  expect(row!.status).toBe("confirmed");
  const reference = String(row!.reference);

  // The browser that paid, even signed out meanwhile.
  const back = await pageText(await fetchApp(successUrl, { cookie: payer }));
  expect(back).toContain("Payment received");
  expect(back).toContain(reference);
  expect(back).toMatch(/href="\/booking\/manage\/m1\./);

  // Anyone else holding the same address — forever, before — now sees nothing of it.
  const stranger = await fetchApp(successUrl);
  expect(stranger.status).toBe(404);
  expectNothingOfTheBooking(await pageText(stranger), reference);

  // The owner, signed in, on any device.
  const owner = await pageText(await fetchApp(successUrl, { cookie: session }));
  expect(owner).toContain(reference);
  expect(owner).toMatch(/href="\/booking\/manage\/m1\./);
});

test("the booking browser's access ends an hour after booking; the owner signed in and the emailed link still open the page", async () => {
  const coach = await createCoach(ALWAYS_OPEN);
  const [slot] = await freeTimes(coach);
  const client = await createUser();
  const session = await webSession(client);
  const booked = await fetchApp(detailsPath(coach.slug, slot!.startsAt), {
    form: bookingFields({ coach: coach.slug, tz: SYDNEY, time: slot!.startsAt, email: client.email }),
    cookie: session,
  });
  const address = pathOf(booked.headers.get("Location"));
  const { bookingId } = confirmationParts(address);
  const row = (await bookingRow(bookingId))!;

  // The same browser, 61 minutes after it booked.
  const secret = readEnv(env).SESSION_SECRET;
  const lapsed = (await grantBookingAccess(new Request("http://localhost/"), secret, bookingId, new Date(Date.now() - 61 * 60_000))).split(";")[0]!;
  const late = await fetchApp(address, { cookie: lapsed });
  expect(late.status).toBe(404);
  expectNothingOfTheBooking(await pageText(late), row.reference);
  // A cookie from another site's secret is no cookie at all.
  const forged = (await grantBookingAccess(new Request("http://localhost/"), "another-secret-that-is-at-least-32-characters", bookingId)).split(";")[0]!;
  expect((await fetchApp(address, { cookie: forged })).status).toBe(404);

  expect(await pageText(await fetchApp(address, { cookie: session }))).toContain(row.reference);
  const token = await manageToken(readEnv(env), bookingId, manageLinkExpiry(row));
  expect(await pageText(await fetchApp(`${address}&token=${encodeURIComponent(token)}`))).toContain(row.reference);
});
