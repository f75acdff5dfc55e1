import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { parseIcs } from "~/booking/ics";
import { checkoutReturnToken, manageLinkExpiry, manageToken } from "~/booking/links.server";
import { formatDateTime, formatSlotDate, formatSlotTime, localDate } from "~/booking/time-zones";
import { readEnv } from "~/platform/env.server";
import { grantBookingAccess } from "~/booking/access.server";
import { bookingFields, bookingRow, bookingsByEmail, confirmationParts, createBooking } from "../../factories/bookings";
import { ALWAYS_OPEN, createCoach, freeTimes } from "../../factories/coaches";
import { createUser, uniqueEmail, webSession } from "../../factories/users";
import { fetchApp, pageText } from "../app";

// The public booking journey without JavaScript: every step is a GET of /booking with the choices
// so far, the details form posts to the route's action, and the confirmation, calendar file and
// manage pages open only for the booking's owner or with its signed link.

const PERTH = "Australia/Perth";
const SYDNEY = "Australia/Sydney";

/** The details step's address: its form posts back to it, as a browser does (the form's action keeps the query). */
function detailsPath(coach: string, time: string, tz = PERTH, type = "discovery") {
  return `/booking?type=${type}&coach=${coach}&tz=${encodeURIComponent(tz)}&time=${encodeURIComponent(time)}`;
}

/** Books a discovery call through the page's action: its confirmation page, and the signed token of the link its emails carry. */
async function bookDiscovery(coach: { slug: string }, startsAt: string, email = uniqueEmail("booker"), tz = PERTH, cookie?: string) {
  const response = await fetchApp(detailsPath(coach.slug, startsAt, tz), { form: bookingFields({ coach: coach.slug, tz, time: startsAt, email }), cookie });
  expect(response.status, "a booked call redirects to its confirmation").toBe(302);
  const { path, bookingId } = confirmationParts(response.headers.get("Location"));
  const token = await manageToken(readEnv(env), bookingId, manageLinkExpiry((await bookingRow(bookingId))!));
  return { path, bookingId, token, email };
}

test("each step is server-rendered from the query string: type, coach, day, time and details, in the visitor's zone", async () => {
  const coach = await createCoach({ ...ALWAYS_OPEN, name: "Harper Quinn", headline: "Cash flow and pricing for trades businesses" });
  const [first] = await freeTimes(coach);
  expect(first).toBeDefined();

  const types = await pageText(await fetchApp("/booking"));
  expect(types).toContain("Book a free call or a coaching session");
  expect(types).toContain("What would you like to book?");
  // Choosing a session goes straight to the first available coach's times; the coach can be changed there.
  expect(types).toContain('href="/booking?type=discovery&coach=any&tz=Australia%2FSydney"');
  expect(types).toContain("Packages");
  expect(types).toContain('href="/booking?package=package-4&tz=Australia%2FSydney"');

  const coaches = await pageText(await fetchApp(`/booking?type=discovery&tz=${encodeURIComponent(PERTH)}`));
  expect(coaches).toContain("First available coach");
  expect(coaches).toContain("Harper Quinn");
  expect(coaches).toContain("Cash flow and pricing for trades businesses");
  expect(coaches).toContain(`href="/booking?type=discovery&coach=${coach.slug}&tz=Australia%2FPerth"`);

  const day = localDate(first!.startsAt, PERTH);
  const days = await pageText(await fetchApp(`/booking?type=discovery&coach=${coach.slug}&tz=${encodeURIComponent(PERTH)}`));
  expect(days).toContain("Choose a day");
  // A day's link lands on its times (#booking-times), with or without JavaScript.
  expect(days).toContain(`href="/booking?type=discovery&coach=${coach.slug}&tz=Australia%2FPerth&day=${day}#booking-times"`);
  // The time-zone select offers every Australian zone with its abbreviation, Perth chosen.
  expect(days).toMatch(/<select id="booking-tz" name="tz">/);
  expect(days).toMatch(/<option value="Australia\/Perth" selected="">Perth \(WA\) \(AWST\)<\/option>/);

  const times = await pageText(await fetchApp(`/booking?type=discovery&coach=${coach.slug}&tz=${encodeURIComponent(PERTH)}&day=${day}`));
  expect(times).toContain(`Times on ${formatSlotDate(first!.startsAt, PERTH)}`);
  expect(times).toContain(`${formatSlotTime(first!.startsAt, PERTH)} AWST`);
  expect(times).toContain(`&time=${encodeURIComponent(first!.startsAt)}"`);

  const details = await pageText(
    await fetchApp(`/booking?type=discovery&coach=${coach.slug}&tz=${encodeURIComponent(PERTH)}&day=${day}&time=${first!.startsAt}`),
  );
  expect(details).toContain("Your details");
  expect(details).toContain(`${formatSlotDate(first!.startsAt, PERTH)}, ${formatSlotTime(first!.startsAt, PERTH)} AWST`);
  // The coach is in Sydney: the same moment on their clock.
  expect(details).toMatch(new RegExp(`That's ${formatSlotTime(first!.startsAt, SYDNEY)} AE[DS]T`));
  expect(details).toContain(`name="time" value="${first!.startsAt}"`);
  expect(details).toContain("Book my free call");
});

test("a discovery call is booked end to end by the form post and confirmed with both time zones, calendar links and the manage link", async () => {
  const coach = await createCoach({ ...ALWAYS_OPEN, name: "Daniel Test" });
  const [slot] = await freeTimes(coach);
  const booked = await bookDiscovery(coach, slot!.startsAt);
  expect(booked.path).toBe("/booking-confirmation");

  const [row] = await bookingsByEmail(booked.email);
  expect(row).toMatchObject({
    id: booked.bookingId,
    status: "confirmed",
    coach_id: coach.id,
    booking_type_id: "discovery",
    starts_at: slot!.startsAt,
    client_time_zone: PERTH,
    payment_method: "free",
    name: "Robin Ellis",
    company: "Ellis Electrical",
    business_type: "Trades and construction",
    notes: "Cash flow between jobs",
  });

  const response = await fetchApp(`/booking-confirmation?booking=${booked.bookingId}&token=${encodeURIComponent(booked.token)}`);
  expect(response.status).toBe(200);
  expect(response.headers.get("Cache-Control")).toContain("no-store");
  const html = await pageText(response);
  const typeName = (await env.DB.prepare("SELECT name FROM booking_types WHERE id = 'discovery'").first<string>("name"))!;
  expect(html).toContain(`Your ${typeName.toLowerCase()} is booked`);
  expect(html).toContain(formatDateTime(slot!.startsAt, PERTH));
  expect(html).toMatch(/AWST/);
  expect(html).toContain(formatDateTime(slot!.startsAt, SYDNEY));
  expect(html).toContain(String(row!.reference));
  expect(html).toContain("Daniel Test");
  expect(html).toContain(`href="/meeting/${booked.bookingId}"`);
  expect(html).toContain(`href="/booking/${booked.bookingId}.ics?token=`);
  expect(html).toContain('href="https://calendar.google.com/calendar/render?action=TEMPLATE');
  expect(html).toContain('href="https://outlook.live.com/calendar/0/deeplink/compose?');
  expect(html).toMatch(/href="\/booking\/manage\/m1\.[0-9a-f-]+\.\d+\.[\w-]+"/);
});

test('a time taken meanwhile answers 409 with "That time was just taken" and the nearest free times as links', async () => {
  const coach = await createCoach(ALWAYS_OPEN);
  const [slot] = await freeTimes(coach);
  await bookDiscovery(coach, slot!.startsAt);

  const email = uniqueEmail("second");
  const response = await fetchApp(detailsPath(coach.slug, slot!.startsAt), {
    form: bookingFields({ coach: coach.slug, tz: PERTH, time: slot!.startsAt, email }),
  });
  expect(response.status).toBe(409);
  const html = await pageText(response);
  expect(html).toContain("That time was just taken");
  // The notice's own links (the page also shows the first free day's times below it).
  const notice = html.slice(html.indexOf("booking-taken"), html.indexOf("</div>", html.indexOf("booking-taken")));
  const alternatives = [...notice.matchAll(/href="(\/booking\?type=discovery&coach=[^"]+&time=[^"]+)"/g)].map((m) => m[1]!);
  expect(alternatives.length).toBeGreaterThan(0);
  expect(alternatives.length).toBeLessThanOrEqual(3);
  for (const href of alternatives) expect(href).not.toContain(encodeURIComponent(slot!.startsAt));
  // One notice, with the booking's own alternatives; nothing was booked.
  expect(html.match(/<h2>That time was just taken<\/h2>/g)).toHaveLength(1);
  expect(await bookingsByEmail(email)).toEqual([]);

  // A stale link to the taken time shows the same notice on the day step.
  const stale = await pageText(await fetchApp(`/booking?type=discovery&coach=${coach.slug}&tz=${encodeURIComponent(PERTH)}&time=${slot!.startsAt}`));
  expect(stale).toContain("That time was just taken");
  expect(stale).toContain("Choose a day");
});

test("bad input is a 400 with messages next to the fields, and nothing is booked", async () => {
  const coach = await createCoach(ALWAYS_OPEN);
  const [slot] = await freeTimes(coach);

  const invalid = await fetchApp(detailsPath(coach.slug, slot!.startsAt), {
    form: bookingFields({ coach: coach.slug, tz: PERTH, time: slot!.startsAt, name: "", email: "not-an-email", businessType: "Spaceships" }),
  });
  expect(invalid.status).toBe(400);
  const html = await pageText(invalid);
  expect(html.match(/aria-invalid="true"/g)?.length).toBeGreaterThanOrEqual(3);
  expect(html).toMatch(/class="field-error" id="field-email-error">[^<]+</);
  expect(html).toContain("Please choose a business type from the list");
  expect(await bookingsByEmail("not-an-email")).toEqual([]);

  const email = uniqueEmail("bad-time");
  for (const time of ["tomorrow", "2026-13-45T99:00:00.000Z", ""]) {
    const response = await fetchApp(detailsPath(coach.slug, time), { form: bookingFields({ coach: coach.slug, time, email }) });
    expect(response.status, time).toBe(400);
    expect(await pageText(response)).toContain("The time you picked didn't come through");
  }
  const unknownType = await fetchApp("/booking", { form: bookingFields({ type: "session-500", coach: coach.slug, time: slot!.startsAt, email }) });
  expect(unknownType.status).toBe(400);
  const unknownIntent = await fetchApp("/booking", { form: { intent: "delete-everything" } });
  expect(unknownIntent.status).toBe(400);
  expect(await bookingsByEmail(email)).toEqual([]);
});

test("the confirmation page and the .ics file open with the signed token or for the signed-in owner, and are 404 otherwise", async () => {
  const coach = await createCoach(ALWAYS_OPEN);
  const [first, second] = await freeTimes(coach);
  const owner = await createUser();
  const cookie = await webSession(owner);
  const mine = await bookDiscovery(coach, first!.startsAt, owner.email, SYDNEY, cookie);
  const other = await bookDiscovery(coach, second!.startsAt);
  const row = (await bookingRow(mine.bookingId))!;
  expect(row.clientId).toBe(owner.id);

  const page = (query: string, who?: string) => fetchApp(`/booking-confirmation?${query}`, { cookie: who });
  expect((await page(`booking=${mine.bookingId}&token=${encodeURIComponent(mine.token)}`)).status).toBe(200);
  expect((await page(`booking=${mine.bookingId}`, cookie)).status, "the owner, signed in").toBe(200);
  expect((await page(`booking=${mine.bookingId}`)).status, "no token").toBe(404);
  expect((await page(`booking=${mine.bookingId}&token=${encodeURIComponent(other.token)}`)).status, "another booking's token").toBe(404);
  expect((await page(`booking=${mine.bookingId}&token=${encodeURIComponent(`${mine.token.slice(0, -2)}xx`)}`)).status, "a tampered token").toBe(404);
  expect((await page(`booking=${other.bookingId}`, cookie)).status, "signed in, not the owner").toBe(404);
  expect((await page("booking=not-a-uuid")).status).toBe(404);
  const missing = await pageText(await page(`booking=${crypto.randomUUID()}&token=${encodeURIComponent(mine.token)}`));
  expect(missing).toContain("We couldn't find that booking");

  const ics = await fetchApp(`/booking/${mine.bookingId}.ics?token=${encodeURIComponent(mine.token)}`);
  expect(ics.status).toBe(200);
  expect(ics.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
  expect(ics.headers.get("Content-Disposition")).toBe(`attachment; filename="clarityai-booking-${row.reference}.ics"`);
  const calendar = parseIcs(await ics.text());
  expect(calendar.method).toBe("REQUEST");
  expect(calendar.events[0]).toMatchObject({ UID: `${mine.bookingId}@clarityai.com.au`, SEQUENCE: "0" });
  expect((await fetchApp(`/booking/${mine.bookingId}.ics`, { cookie })).status, "the owner, signed in").toBe(200);
  expect((await fetchApp(`/booking/${mine.bookingId}.ics`)).status).toBe(404);
  expect((await fetchApp(`/booking/${mine.bookingId}.ics?token=${encodeURIComponent(other.token)}`)).status).toBe(404);
});

test("straight back from paying, the paying browser sees the held booking as confirming until the payment lands; the address alone is 404", async () => {
  const coach = await createCoach(ALWAYS_OPEN);
  const booking = await createBooking({ status: "held", coachId: coach.id, startsAt: (await freeTimes(coach, "session-60", 10))[0]!.startsAt });
  const sessionId = `cs_test_${crypto.randomUUID().replaceAll("-", "")}`;
  await env.DB.prepare("UPDATE bookings SET stripe_checkout_session_id = ? WHERE id = ?").bind(sessionId, booking.id).run();
  // The cookie the booking form sets in the browser that went on to pay.
  const browser = (await grantBookingAccess(new Request("http://localhost/"), readEnv(env).SESSION_SECRET, booking.id)).split(";")[0]!;

  const held = await fetchApp(`/booking-confirmation?booking=${booking.id}&session_id=${sessionId}`, { cookie: browser });
  expect(held.status).toBe(200);
  const html = await pageText(held);
  expect(html).toContain("Confirming your payment…");
  expect(html).toMatch(/<meta http-equiv="refresh" content="\d+"\/>/);
  expect((await fetchApp(`/booking-confirmation?booking=${booking.id}&session_id=${sessionId}`)).status).toBe(404);

  await env.DB.prepare("UPDATE bookings SET status = 'confirmed', hold_expires_at = NULL WHERE id = ?").bind(booking.id).run();
  expect(await pageText(await fetchApp(`/booking-confirmation?booking=${booking.id}&session_id=${sessionId}`, { cookie: browser }))).toContain(
    "Payment received",
  );
});

test("the manage link reschedules and cancels without signing in; a bad link is a 404 with a clear message", async () => {
  const coach = await createCoach(ALWAYS_OPEN);
  // More than 24 hours ahead: moving it is still free.
  const [first, , later] = (await freeTimes(coach)).filter((slot) => Date.parse(slot.startsAt) > Date.now() + 30 * 3_600_000);
  const booked = await bookDiscovery(coach, first!.startsAt);
  const confirmation = await pageText(await fetchApp(`/booking-confirmation?booking=${booked.bookingId}&token=${encodeURIComponent(booked.token)}`));
  const managePath = /href="(\/booking\/manage\/[^"]+)"/.exec(confirmation)![1]!;

  const manage = await pageText(await fetchApp(managePath));
  expect(manage).toContain("Manage your booking");
  expect(manage).toContain("You can move or cancel free of charge until 24 hours before the start");
  expect(manage).toContain(formatDateTime(first!.startsAt, PERTH));

  // Picking the new time is a GET like the booking flow; moving it is the post.
  const picker = await pageText(await fetchApp(`${managePath}?reschedule=1&tz=${encodeURIComponent(PERTH)}&day=${localDate(later!.startsAt, PERTH)}`));
  expect(picker).toContain("Pick a new time");
  expect(picker).toContain(`${formatSlotTime(later!.startsAt, PERTH)} AWST`);
  const confirm = await pageText(await fetchApp(`${managePath}?reschedule=1&tz=${encodeURIComponent(PERTH)}&time=${later!.startsAt}`));
  expect(confirm).toContain("Move to this time?");
  const moved = await fetchApp(managePath, { form: { intent: "reschedule", time: later!.startsAt, tz: PERTH } });
  expect(moved.status).toBe(302);
  expect(moved.headers.get("Location")).toMatch(/^\/booking\/manage\/m1\./);
  expect(await bookingRow(booked.bookingId)).toMatchObject({ startsAt: later!.startsAt, status: "confirmed", sequence: 1 });

  const badTime = await fetchApp(managePath, { form: { intent: "reschedule", time: "soon" } });
  expect(badTime.status).toBe(400);

  const cancelled = await fetchApp(managePath, { form: { intent: "cancel", confirm: "nothing-paid", reason: "Something came up" } });
  expect(cancelled.status).toBe(302);
  expect(await bookingRow(booked.bookingId)).toMatchObject({ status: "cancelled", cancelReason: "Something came up", cancelledBy: "link" });
  expect(await pageText(await fetchApp(managePath))).toContain("This booking is cancelled");
  const again = await fetchApp(managePath, { form: { intent: "cancel", confirm: "nothing-paid" } });
  expect(again.status).toBe(409);
  expect(await pageText(again)).toContain("This booking has already been cancelled");

  for (const bad of ["not-a-token", `${managePath.split("/").pop()!.slice(0, -3)}abc`, `m1.${crypto.randomUUID()}.9999999999.forged`]) {
    const response = await fetchApp(`/booking/manage/${bad}`);
    expect(response.status, bad).toBe(404);
    expect(await pageText(response)).toContain("This booking link isn't valid");
    expect((await fetchApp(`/booking/manage/${bad}`, { form: { intent: "cancel" } })).status, bad).toBe(404);
  }
});

test("releasing the time from the checkout's way back frees it at once and offers to pick again", async () => {
  const coach = await createCoach(ALWAYS_OPEN);
  const [slot] = await freeTimes(coach, "session-60", 10);
  const booking = await createBooking({ status: "held", coachId: coach.id, startsAt: slot!.startsAt });
  const token = await checkoutReturnToken(readEnv(env), booking.id, new Date(Date.now() + 3_600_000));
  const released = await fetchApp("/booking/checkout-cancelled", { form: { intent: "release", booking: booking.id, token } });
  expect(released.status).toBe(302);
  const response = await fetchApp(released.headers.get("Location")!);
  expect(response.status).toBe(200);
  const html = await pageText(response);
  expect(html).toContain("Your checkout was cancelled");
  expect(html).toContain("has been released");
  expect(html).toContain(`href="/booking?type=session-60&coach=${coach.slug}&tz=Australia%2FSydney"`);
  expect((await bookingRow(booking.id))!.status).toBe("expired");
  expect((await freeTimes(coach, "session-60", 10)).map((s) => s.startsAt)).toContain(slot!.startsAt);

  const unknown = await fetchApp("/booking/checkout-cancelled?booking=nonsense");
  expect(unknown.status).toBe(200);
  expect(await pageText(unknown)).toContain("Nothing was charged");
});

test("a package needs an account: a visitor is sent to sign in and back; the page explains what it holds", async () => {
  await createCoach(ALWAYS_OPEN);
  const page = await pageText(await fetchApp("/booking?package=package-4"));
  expect(page).toContain("4-session package");
  expect(page).toContain("Sign in to buy");
  expect(page).toContain('href="/auth?redirectTo=%2Fbooking%3Fpackage%3Dpackage-4"');
  const buy = await fetchApp("/booking", { form: { intent: "buy-package", packageId: "package-4" } });
  expect(buy.status).toBe(302);
  expect(buy.headers.get("Location")).toMatch(/^\/auth\?redirectTo=%2Fbooking%3Fpackage%3Dpackage-4/);
  const unknown = await fetchApp("/booking", { form: { intent: "buy-package", packageId: "package-400" } });
  expect(unknown.status).toBe(400);
});

test("the home page lists the next three discovery call times in Sydney time, each linking into the flow", async () => {
  await createCoach(ALWAYS_OPEN);
  const cookie = await webSession(await createUser()); // rendered, not served from the edge cache
  const html = await pageText(await fetchApp("/", { cookie }));
  expect(html).toContain("Next available discovery calls");
  const links = [
    ...html.matchAll(/<a class="chip"[^>]*href="(\/booking\?type=discovery&coach=any&tz=Australia%2FSydney&day=[\d-]+&time=[^"]+)"[^>]*>([^<]+)</g),
  ];
  expect(links).toHaveLength(3);
  for (const [, , label] of links) expect(label).toMatch(/^\w+day \d{1,2} \w+ \d{4}, \d{1,2}:\d{2} [ap]m AE[DS]T$/);
});

test("a location page's call to action opens the flow in that city's time zone", async () => {
  const perth = await pageText(await fetchApp("/locations/perth-business-coaching"));
  expect(perth).toContain('href="/booking?type=discovery&coach=any&tz=Australia%2FPerth"');
  const adelaide = await pageText(await fetchApp("/locations/adelaide-business-coaching"));
  expect(adelaide).toContain('href="/booking?type=discovery&coach=any&tz=Australia%2FAdelaide"');
});

test("a paid session is held and sent to the card checkout; with a package credit it is confirmed at once", async () => {
  const coach = await createCoach(ALWAYS_OPEN);
  // Two hours apart, so the hour-long sessions don't overlap.
  const slots = await freeTimes(coach, "session-60", 10);
  const [cardSlot, creditSlot, visitorSlot] = [slots[0], slots[4], slots[8]];
  const user = await createUser();
  const cookie = await webSession(user);

  // No credits yet: the details step offers the card only.
  const details = await pageText(await fetchApp(detailsPath(coach.slug, cardSlot!.startsAt, SYDNEY, "session-60"), { cookie }));
  expect(details).toContain("Pay $150 incl. GST by card now");
  expect(details).not.toContain("Use a package credit");

  const card = await fetchApp(detailsPath(coach.slug, cardSlot!.startsAt, SYDNEY, "session-60"), {
    form: bookingFields({ type: "session-60", coach: coach.slug, tz: SYDNEY, time: cardSlot!.startsAt, email: user.email, payWith: "card" }),
    cookie,
  });
  expect(card.status).toBe(302);
  expect(card.headers.get("Location")).toMatch(/\/payments-sandbox\/checkout\/|checkout\.stripe\.com|\/checkout\//);
  const [held] = await bookingsByEmail(user.email);
  expect(held).toMatchObject({ status: "held", payment_method: "card", price_cents: 15000, client_id: user.id });
  expect(held!.stripe_checkout_session_id).toEqual(expect.any(String));

  // A paid 4-session package with its credits in the ledger.
  const purchaseId = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO package_purchases (id, user_id, package_id, sessions, duration_minutes, price_cents, status, paid_at, expires_at) VALUES (?, ?, 'package-4', 4, 60, 56000, 'paid', ?, ?)",
    ).bind(purchaseId, user.id, new Date().toISOString(), new Date(Date.now() + 300 * 86_400_000).toISOString()),
    env.DB.prepare("INSERT INTO credit_ledger (id, purchase_id, user_id, delta, reason) VALUES (?, ?, ?, 4, 'purchase')").bind(
      crypto.randomUUID(),
      purchaseId,
      user.id,
    ),
  ]);
  const withCredits = await pageText(await fetchApp(detailsPath(coach.slug, creditSlot!.startsAt, SYDNEY, "session-60"), { cookie }));
  expect(withCredits).toMatch(/Use a package credit \([^)]*4 sessions left, use by/);
  // A 90-minute session can't be paid with 60-minute credits.
  const [ninety] = await freeTimes(coach, "session-90", 10);
  expect(await pageText(await fetchApp(detailsPath(coach.slug, ninety!.startsAt, SYDNEY, "session-90"), { cookie }))).not.toContain("Use a package credit");

  const credit = await fetchApp(detailsPath(coach.slug, creditSlot!.startsAt, SYDNEY, "session-60"), {
    form: bookingFields({ type: "session-60", coach: coach.slug, tz: SYDNEY, time: creditSlot!.startsAt, email: user.email, payWith: "credit" }),
    cookie,
  });
  expect(credit.status).toBe(302);
  expect(confirmationParts(credit.headers.get("Location")).path).toBe("/booking-confirmation");
  const balance = await env.DB.prepare("SELECT SUM(delta) AS n FROM credit_ledger WHERE purchase_id = ?").bind(purchaseId).first<number>("n");
  expect(balance).toBe(3);
  expect((await bookingsByEmail(user.email)).map((row) => [row.status, row.payment_method])).toEqual([
    ["held", "card"],
    ["confirmed", "credit"],
  ]);

  // A visitor can't pay with credits.
  const visitor = await fetchApp(detailsPath(coach.slug, visitorSlot!.startsAt, SYDNEY, "session-60"), {
    form: bookingFields({ type: "session-60", coach: coach.slug, tz: SYDNEY, time: visitorSlot!.startsAt, email: uniqueEmail("visitor"), payWith: "credit" }),
  });
  expect(visitor.status).toBe(400);
  expect(await pageText(visitor)).toContain("Sign in to pay with a package credit");
});

test("a signed-in client buying a package is sent to the card checkout with a pending purchase", async () => {
  const user = await createUser();
  const cookie = await webSession(user);
  await createCoach(ALWAYS_OPEN);
  const page = await pageText(await fetchApp("/booking?package=package-10", { cookie }));
  expect(page).toContain("Pay $1,300 incl. GST by card");
  const buy = await fetchApp("/booking?package=package-10", { form: { intent: "buy-package", packageId: "package-10" }, cookie });
  expect(buy.status).toBe(302);
  expect(buy.headers.get("Location")).not.toMatch(/^\/auth/);
  const purchase = await env.DB.prepare("SELECT package_id, status FROM package_purchases WHERE user_id = ?").bind(user.id).first();
  expect(purchase).toEqual({ package_id: "package-10", status: "pending" });
});
